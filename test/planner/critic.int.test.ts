/**
 * MMCTAgent's critic loop against a SCRIPTED OpenAI-compatible server: criteria derived from the
 * task, a grid of at most 10 keyframes from the top 3 clips sent to the vision model, feedback
 * that makes the planner try again, acceptance that ends the rounds.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import jpeg from 'jpeg-js';
import type { MemoryStore } from '../../memory/store.js';
import type { AskProgress } from '../../planner/answer.js';
import { ask } from '../../planner/ask.js';
import { frameGrid } from '../../planner/grid.js';
import { scriptedEndpoint, type ChatBody, type ChatReply, type ScriptedServer } from '../helpers/openai-server.js';
import { solidJpeg } from './fixture.js';
import { withFixtureMemory } from './suite.js';

let store: MemoryStore;
const scripted = withFixtureMemory((s) => (store = s));

const server = (replies: ChatReply[]): Promise<ScriptedServer> => scripted.replies(replies);

function gridOf(body: ChatBody | undefined): { width: number; height: number } {
  const parts = body?.messages[0]?.content as { type: string; image_url?: { url: string } }[];
  const url = parts.find((p) => p.type === 'image_url')?.image_url?.url ?? '';
  const img = jpeg.decode(Buffer.from(url.replace('data:image/jpeg;base64,', ''), 'base64'));
  return { width: img.width, height: img.height };
}

/** Queries of the question language, as a model writes them. */
const PEOPLE = '{"measure":{"measure":"count","of":"visits"},"subject":{"classes":["person"]}}';
const CARS = '{"measure":{"measure":"count","of":"visits"},"subject":{"classes":["car"]}}';
const criteria = JSON.stringify({ criteria: [{ name: 'count_correct', description: 'the number matches the tools', values: '1-5' }, { name: 'grounded', description: 'claims come from tools', values: '1-5' }] });

test('critic: a low score sends feedback, the planner re-answers with tools, a high score ends the rounds', async () => {
  const srv = await server([
    { content: 'final {"answer":"One person came.","value":1}' },
    { content: criteria },
    { content: JSON.stringify({ scores: [{ criterion: 'count_correct', score: 2 }, { criterion: 'grounded', score: 1 }], feedback: 'No tool was used; count the people with the count tool.', accept: false }) },
    { content: `query ${PEOPLE}` },
    { content: 'final {"answer":"Two people came.","value":2}' },
    { content: JSON.stringify({ scores: [{ criterion: 'count_correct', score: 5 }, { criterion: 'grounded', score: 5 }], feedback: 'Supported by the count.', accept: true }) },
    { content: 'must not be asked' },
  ]);
  const progress: AskProgress[] = [];
  const models = { llm: scriptedEndpoint(srv.baseUrl, 'lm'), vision: scriptedEndpoint(srv.baseUrl, 'vis') };
  const a = await ask('how many people came to the lobby?', store, { planner: 'react', critic: 3, models, onProgress: (p) => progress.push(p) });
  assert.equal(a.value, 2);
  assert.equal(a.answer, 'Two people came.');
  assert.equal(a.cost.calls, 6, 'accepted in round 2: no third round');

  const chats = srv.chats();
  assert.deepEqual(chats.map((c) => c.model), ['lm', 'lm', 'vis', 'lm', 'lm', 'vis']);
  assert.match(JSON.stringify(chats[1]?.messages), /how many people came to the lobby/);
  // the critic sees the criteria, the reasoning chain, the answer and one grid image
  const c1 = JSON.stringify(chats[2]?.messages);
  assert.match(c1, /count_correct: the number matches the tools/);
  assert.match(c1, /Answer: One person came\./);
  assert.match(c1, /\(no tool calls\)/);
  const g1 = gridOf(chats[2]);
  assert.equal(g1.width, 5 * 256, 'a full row of 5 tiles');
  assert.equal(g1.height, 2 * 144, '10 frames: two rows, never more');
  // the re-plan carries the feedback
  assert.match(JSON.stringify(chats[3]?.messages), /A critic reviewed your earlier answer: No tool was used/);
  const c2 = JSON.stringify(chats[5]?.messages);
  assert.ok(c2.includes(`1. query(${JSON.stringify(PEOPLE).slice(1, -1)}) -> Read as: the number of visits`), c2);
  assert.ok(gridOf(chats[5]).height <= 2 * 144);

  const rounds = progress.filter((p) => p.type === 'critic');
  assert.deepEqual(rounds.map((r) => [r.round, r.scores.map((s) => s.score)]), [[1, [2, 1]], [2, [5, 5]]]);
  assert.equal(rounds[0]?.feedback, 'No tool was used; count the people with the count tool.');
});

test('critic: rounds stop at N; without a vision model the critic reads the chain as text', async () => {
  const low = JSON.stringify({ scores: [{ criterion: 'grounded', score: 2 }], feedback: 'Check again.' });
  const srv = await server([
    { content: 'final {"answer":"One.","value":1}' },
    { content: 'not json' },
    { content: low },
    { content: `= query ${CARS}` },
    { content: 'must not be asked' },
  ]);
  const progress: AskProgress[] = [];
  const a = await ask('how many cars?', store, { planner: 'react', critic: 1, models: { llm: scriptedEndpoint(srv.baseUrl) }, onProgress: (p) => progress.push(p) });
  assert.match(a.answer, /^Read as: the number of visits \(arrivals\) by cars/);
  assert.equal(a.value, 1);
  assert.equal(a.cost.calls, 4);
  const chats = srv.chats();
  assert.equal(typeof chats[2]?.messages[0]?.content, 'string', 'no image without a vision model');
  assert.match(String(chats[2]?.messages[0]?.content), /- grounded: every claim comes from a successful tool result/, 'default criteria when the reply is unusable');
  assert.equal(progress.filter((p) => p.type === 'critic').length, 1);
});

test('critic: an answer that is an exact tool result ("= tool") is shown once, as that step', async () => {
  const srv = await server([
    { content: `= query ${PEOPLE}` },
    { content: criteria },
    { content: JSON.stringify({ scores: [{ criterion: 'count_correct', score: 5 }, { criterion: 'grounded', score: 5 }], feedback: 'ok', accept: true }) },
    { content: 'must not be asked' },
  ]);
  const a = await ask('how many people came?', store, { planner: 'react', critic: 2, models: { llm: scriptedEndpoint(srv.baseUrl) } });
  assert.equal(a.value, 2);
  assert.equal(a.cost.calls, 3);
  const c = String(srv.chats()[2]?.messages[0]?.content);
  assert.ok(c.includes(`1. query(${PEOPLE}) -> Read as: the number of visits`), c);
  assert.match(c, /\nAnswer: the result of step 1\n/);
  assert.equal(c.split('Read as: the number of visits').length, 2, 'the result appears once');
});

test('frameGrid: at most 10 tiles, 5 per row, undecodable frames skipped', async () => {
  const red = solidJpeg(250, 0, 0);
  const g = await frameGrid([...Array.from({ length: 12 }, () => red)], 100, 50);
  assert.ok(g);
  const img = jpeg.decode(g);
  assert.deepEqual([img.width, img.height], [500, 100]);
  assert.ok((img.data[0] ?? 0) > 200 && (img.data[1] ?? 255) < 40, 'tiles keep the frame colour');
  const three = jpeg.decode((await frameGrid([red, Buffer.from('nope'), red, red], 100, 50)) ?? Buffer.alloc(0));
  assert.deepEqual([three.width, three.height], [300, 50]);
  assert.equal(await frameGrid([Buffer.from('x')]), null);
});
