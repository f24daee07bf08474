/**
 * The ReAct planner through `ask` with the real `openai` client against a SCRIPTED
 * OpenAI-compatible server (tool calls and replies are fixed by the test; no model runs).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { MemoryStore } from '../../memory/store.js';
import type { AskProgress } from '../../planner/answer.js';
import { Answerer } from '../../planner/answerer.js';
import { ask } from '../../planner/ask.js';
import { PlannerError } from '../../planner/errors.js';
import { scriptedEndpoint, type ChatReply, type ScriptedServer } from '../helpers/openai-server.js';
import { withFixtureMemory } from './suite.js';

let store: MemoryStore;
const scripted = withFixtureMemory((s) => (store = s));

const server = (chat: (n: number) => ChatReply): Promise<ScriptedServer> => scripted.chat((_b, n) => chat(n));

test('ReAct: tool calls, a failed tool shown to the model as failed, a typed final answer, cost counted', async () => {
  const srv = await server((n) =>
    [
      { content: 'I will count people.', toolCalls: [{ name: 'count', args: { label: 'person' } }] },
      { toolCalls: [{ name: 'count_at', args: { at: 'noon' } }] },
      { toolCalls: [{ name: 'final_answer', args: { answer: 'Two people came.', value: 2 } }] },
    ][n] ?? { content: 'unexpected' },
  );
  const progress: AskProgress[] = [];
  const a = await ask('how many people came?', store, { planner: 'react', models: { llm: scriptedEndpoint(srv.baseUrl) }, timeZone: 'UTC', onProgress: (p) => progress.push(p) });
  assert.equal(a.planner, 'react');
  assert.equal(a.value, 2);
  assert.equal(a.answer, 'Two people came.');
  assert.deepEqual(a.evidence.map((e) => e.trackIds?.[0]).sort(), ['lobby:person:1', 'lobby:person:2']);
  assert.equal(a.coverage.from, '2026-11-21T09:00:00.000Z');
  assert.equal(a.cost.calls, 3);
  assert.equal(a.cost.tokens, srv.tokens.prompt + srv.tokens.completion);
  assert.ok(a.cost.tokens > 0 && a.cost.ms > 0);

  const chats = srv.chats();
  assert.equal(chats.length, 3);
  assert.equal(srv.requests[0]?.headers.authorization, 'Bearer sk-scripted');
  const offered = chats[0]?.tools?.map((t) => t.function.name) ?? [];
  for (const n of ['count', 'segment_localization', 'subtask_when', 'final_answer']) assert.ok(offered.includes(n), n);
  const toolMsg = (k: number): string => JSON.stringify(chats[k]?.messages.filter((m) => m.role === 'tool').map((m) => m.content));
  assert.match(toolMsg(1), /2 distinct persons/);
  assert.match(toolMsg(2), /FAILED TOOL_BAD_INPUT: at \\"noon\\" is not an ISO-8601 time/);

  const tools = progress.filter((p) => p.type === 'tool');
  assert.deepEqual(tools.map((p) => [p.tool, p.ok]), [['count', true], ['count_at', false]]);
  assert.deepEqual(progress.filter((p) => p.type === 'thought').map((p) => p.text), ['I will count people.']);
  assert.equal(progress[0]?.type, 'plan');
  assert.equal(progress.at(-1)?.type, 'final');
});

test('ReAct: the budget stops the answer, which says so and claims nothing', async () => {
  const srv = await server(() => ({ toolCalls: [{ name: 'count', args: { label: 'person' } }] }));
  const a = await ask('how many people came?', store, { planner: 'react', models: { llm: scriptedEndpoint(srv.baseUrl) }, budget: { calls: 2 } });
  assert.equal(a.value, null);
  assert.match(a.answer, /PLANNER_BUDGET_EXHAUSTED: budget exhausted: 2 of 2 model calls used/);
  assert.deepEqual(a.evidence, []);
  assert.equal(a.cost.calls, 2);
  assert.equal(srv.chats().length, 2);

  const tok = await server(() => ({ toolCalls: [{ name: 'count', args: {} }], usage: { prompt_tokens: 300, completion_tokens: 20 } }));
  const b = await ask('how many people came?', store, { planner: 'react', models: { llm: scriptedEndpoint(tok.baseUrl) }, budget: { tokens: 500 } });
  assert.match(b.answer, /budget exhausted: 640 of 500 tokens used/);
  assert.equal(b.cost.tokens, 640);
  assert.equal(b.cost.calls, 2);
});

test('ReAct: step limit, model errors and cancellation', async () => {
  const loop = await server(() => ({ toolCalls: [{ name: 'count', args: {} }] }));
  const a = await ask('how many?', store, { planner: 'react', models: { llm: scriptedEndpoint(loop.baseUrl) }, maxSteps: 3 });
  assert.match(a.answer, /no final answer within 3 steps/);
  assert.equal(a.cost.calls, 3);

  const down = await server(() => ({ status: 500 }));
  const b = await ask('how many?', store, { planner: 'react', models: { llm: scriptedEndpoint(down.baseUrl) } });
  assert.equal(b.value, null);
  assert.match(b.answer, /PLANNER_MODEL_FAILED: llm model call failed/);

  const ac = new AbortController();
  ac.abort();
  await assert.rejects(
    ask('how many?', store, { planner: 'react', models: { llm: scriptedEndpoint(loop.baseUrl) }, signal: ac.signal }),
    (e: unknown) => e instanceof PlannerError && e.code === 'PLANNER_ABORTED',
  );
});

test('planner choice: offline without a language model, MCTS by default with one; Answerer passes the daemon config', async () => {
  const off = await ask('how many people came?', store, { planner: 'react' });
  assert.equal(off.planner, 'offline');
  assert.equal(off.value, 2);
  assert.equal(off.cost.calls, 0);

  const srv = await server(() => ({ toolCalls: [{ name: 'final_answer', args: { answer: 'Two.', value: 2 } }] }));
  const progress: AskProgress[] = [];
  const answerer = new Answerer(store, { models: { llm: scriptedEndpoint(srv.baseUrl) }, timeZone: 'UTC' });
  const a = await answerer.ask('how many people came?', { planner: undefined, onProgress: (p) => progress.push(p) });
  assert.equal(a.planner, 'mcts');
  assert.equal(a.value, 2);
  assert.ok(progress.some((p) => p.type === 'tree'));
  assert.equal((await answerer.ask('how many people came?', { planner: 'offline' })).cost.calls, 0);
});
