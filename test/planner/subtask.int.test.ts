/**
 * DoraemonGPT's sub-task tools against a SCRIPTED OpenAI-compatible server: the sub-agent's SQL
 * runs on the read-only view, a rejected query is retried once with the error, two failures are a
 * failed result.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { MemoryStore } from '../../memory/store.js';
import { extractSql } from '../../planner/tools/subtask.js';
import { ALL_TOOLS, runTool } from '../../planner/tools/index.js';
import { scriptedEndpoint, type ChatReply, type ScriptedServer } from '../helpers/openai-server.js';
import { toolContext } from './fixture.js';
import { withFixtureMemory } from './suite.js';

let store: MemoryStore;
const scripted = withFixtureMemory((s) => (store = s));

const server = (replies: ChatReply[]): Promise<ScriptedServer> => scripted.replies(replies, { content: '{}' });

test('subtask_count: bad SQL is retried with the error; the count is SQLite\'s', async () => {
  const srv = await server([
    { content: JSON.stringify({ sql: 'SELECT COUNT(DISTINCT object_id) AS n FROM peoples' }) },
    { content: JSON.stringify({ sql: "SELECT COUNT(DISTINCT object_id) AS n FROM objects WHERE label = 'person'" }) },
  ]);
  const ctx = toolContext(store, { llm: scriptedEndpoint(srv.baseUrl) });
  const r = await runTool(ALL_TOOLS, 'subtask_count', { question: 'how many people came?' }, ctx);
  assert.ok(r.ok, r.output);
  assert.equal(r.value, 2);
  assert.match(r.output, /^SQL over .*FROM objects WHERE label = 'person'\n1 rows:\nn\n2$/s);
  const chats = srv.chats();
  assert.match(String(chats[0]?.messages[0]?.content), /COUNT: count distinct objects/);
  assert.match(String(chats[0]?.messages[0]?.content), /zone_visits\(object_id/);
  assert.match(String(chats[1]?.messages[1]?.content), /FROM peoples\nfailed: .*peoples/);
  assert.equal(ctx.models.meter.calls, 2);
});

test('subtask_when returns rows; two failures and no model are failed results', async () => {
  const ok = await server([{ content: '```sql\nSELECT ts_iso, object_id FROM events WHERE type = \'line_cross\' ORDER BY ts_ms\n```' }]);
  const w = await runTool(ALL_TOOLS, 'subtask_when', { question: 'when did someone cross the gate?' }, toolContext(store, { llm: scriptedEndpoint(ok.baseUrl) }));
  assert.ok(w.ok, w.output);
  assert.match(w.output, /2026-11-21T09:01:05.000Z \| lobby:person:1/);

  const bad = await server([{ content: '{"sql": "DELETE FROM objects"}' }, { content: '{"sql": "DROP TABLE objects"}' }]);
  const f = await runTool(ALL_TOOLS, 'subtask_other', { question: 'clean up' }, toolContext(store, { llm: scriptedEndpoint(bad.baseUrl) }));
  assert.deepEqual([f.ok, f.code], [false, 'TOOL_FAILED']);
  assert.match(f.output, /the SQL failed twice/);
  assert.equal(store.dbs().objects.getKeysCount() > 0, true, 'nothing was deleted');

  const none = await runTool(ALL_TOOLS, 'subtask_why', { question: 'why?' }, toolContext(store));
  assert.deepEqual([none.ok, none.code], [false, 'PLANNER_NO_MODEL']);
  const badWhen = await runTool(ALL_TOOLS, 'subtask_how', { question: 'how?', when: 'sometime' }, toolContext(store));
  assert.equal(badWhen.code, 'TOOL_BAD_INPUT');
});

test('extractSql reads JSON, fenced blocks and bare statements', () => {
  assert.equal(extractSql('{"sql": " SELECT 1 "}'), 'SELECT 1');
  assert.equal(extractSql('Here:\n```sql\nSELECT 2\n```'), 'SELECT 2');
  assert.equal(extractSql('SELECT 3'), 'SELECT 3');
});
