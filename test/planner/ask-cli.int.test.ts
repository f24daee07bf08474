/**
 * `vigil ask --planner ... [--critic]` as a child process, with models from a config file
 * pointing at a SCRIPTED OpenAI-compatible server (fixed replies; no model runs).
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { runCli, tempDir } from '../helpers/daemon.js';
import { scriptedEndpoint, startScriptedServer, type ScriptedServer } from '../helpers/openai-server.js';
import { fixtureMemory } from './fixture.js';

let data = '';
let srv: ScriptedServer;
/** The question language's query of "how many people came?", as a model writes it. */
const PEOPLE = '{"measure":{"measure":"count","of":"visits"},"subject":{"classes":["person"]}}';

before(async () => {
  const store = await fixtureMemory();
  data = dirname(store.path);
  await store.close();
  srv = await startScriptedServer({
    chat: (b) => {
      const user = JSON.stringify(b.messages);
      if (b.response_format) return { content: user.includes('Derive') ? '{"criteria":[{"name":"grounded","description":"from tools","values":"1-5"}]}' : '{"scores":[{"criterion":"grounded","score":5}],"feedback":"ok","accept":true}' };
      if (b.tools) {
        // models.answering.toolFormat: native
        if (!b.messages.some((m) => m.role === 'tool')) return { toolCalls: [{ name: 'query', args: JSON.parse(PEOPLE) as Record<string, unknown> }] };
        return { toolCalls: [{ name: 'final_answer', args: { answer: 'Two people came.', value: 2 } }] };
      }
      if (!/Result of |Steps so far:/.test(user)) return { content: `query ${PEOPLE}` };
      return { content: 'final {"answer":"Two people came.","value":2}' };
    },
  });
});
after(async () => srv.close());

function config(answering: Record<string, unknown> = {}): string {
  const file = join(tempDir('askcfg'), 'vigil.json');
  writeFileSync(file, JSON.stringify({ models: { llm: { ...scriptedEndpoint(srv.baseUrl), apiKey: 'sk-cli-secret' }, answering: { mctsN: 2, ...answering } } }));
  return file;
}

interface AskJson {
  answer: string;
  value: unknown;
  planner: string;
  cost: { tokens: number; calls: number; ms: number };
  evidence: { trackIds?: string[] }[];
  coverage: { from: string | null };
}

test('vigil ask --planner react|mcts [--critic] answers through the configured language model', async () => {
  const cfg = config();
  const react = await runCli(['ask', 'how many people came?', '--data', data, '--json', '--planner', 'react', '--config', cfg, '--trace']);
  assert.equal(react.code, 0, react.stderr);
  const a = JSON.parse(react.stdout) as AskJson;
  assert.deepEqual([a.planner, a.value, a.cost.calls], ['react', 2, 2]);
  assert.equal(a.evidence.length, 2);
  assert.equal(a.coverage.from, '2026-11-21T09:00:00.000Z');
  assert.match(react.stderr, /"type":"tool","step":0,"tool":"query"/);
  assert.ok(!react.stderr.includes('sk-cli-secret'));

  const mcts = await runCli(['ask', 'how many people came?', '--data', data, '--json', '--config', cfg]);
  assert.equal(mcts.code, 0, mcts.stderr);
  const m = JSON.parse(mcts.stdout) as AskJson;
  assert.deepEqual([m.planner, m.value], ['mcts', 2], 'MCTS is the default with a language model');
  // the second expansion starts at the root (2 calls) or at the count node (1 call), by softmax sampling
  assert.ok(m.cost.calls === 3 || m.cost.calls === 4, `calls ${m.cost.calls}`);

  const critic = await runCli(['ask', 'how many people came?', '--data', data, '--json', '--planner', 'react', '--critic', '--config', cfg]);
  assert.equal(critic.code, 0, critic.stderr);
  const c = JSON.parse(critic.stdout) as AskJson;
  assert.deepEqual([c.value, c.cost.calls], [2, 4], 'two planner calls, criteria, one accepted critique');

  // models.answering.toolFormat: native sends OpenAI tool schemas instead of the compact text list
  const seen = srv.chats().length;
  const native = await runCli(['ask', 'how many people came?', '--data', data, '--json', '--planner', 'react', '--config', config({ toolFormat: 'native', maxTools: 4 })]);
  assert.equal(native.code, 0, native.stderr);
  assert.deepEqual([(JSON.parse(native.stdout) as AskJson).value, (JSON.parse(native.stdout) as AskJson).cost.calls], [2, 2]);
  const sent = srv.chats().slice(seen);
  assert.equal(sent[0]?.tools?.length, 2, 'a question the parser reads with one exact value: the query tool alone, plus final_answer');
  assert.ok(srv.chats().slice(0, seen).every((b) => b.tools === undefined), 'compact by default');

  const offline = await runCli(['ask', 'how many people came?', '--data', data, '--json', '--planner', 'offline', '--config', cfg]);
  assert.deepEqual([(JSON.parse(offline.stdout) as AskJson).planner, (JSON.parse(offline.stdout) as AskJson).cost.calls], ['offline', 0]);
});

test('vigil ask: model planners without models.llm and unknown planners are usage errors', async () => {
  const r = await runCli(['ask', 'how many people came?', '--data', data, '--planner', 'mcts']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /--planner mcts needs a language model: set models.llm/);
  const u = await runCli(['ask', 'how many people came?', '--data', data, '--planner', 'guess']);
  assert.equal(u.code, 2);
  assert.match(u.stderr, /--planner must be one of offline, react, mcts/);
});
