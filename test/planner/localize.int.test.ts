/**
 * segment_localization with an embedding model (a SCRIPTED OpenAI-compatible server whose
 * vectors are letter counts): the query is embedded and matched against the segments' text and
 * visual embeddings; an embedding failure is a failed result.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { MemoryStore } from '../../memory/store.js';
import { ALL_TOOLS, runTool } from '../../planner/tools/index.js';
import { tempDir } from '../helpers/daemon.js';
import { letterVector, scriptedEndpoint, startScriptedServer, type ScriptedServer } from '../helpers/openai-server.js';
import { T0, toolContext } from './fixture.js';

const CAPTIONS = ['a red truck unloading pallets', 'an empty yard at night', 'two people talking by the gate', 'a forklift moving boxes', 'rain on the empty yard', 'a cyclist passing', 'a dog crossing the yard'];
let store: MemoryStore;
const servers: ScriptedServer[] = [];

before(async () => {
  store = new MemoryStore({ dir: tempDir('localize') });
  store.open();
  let k = 0;
  for (const caption of CAPTIONS) {
    const start = T0 + k++ * 2000;
    await store.writeSegment({ camera: 'yard', start, end: start + 2000, frames: 4, firstFrameAt: start, lastFrameAt: start + 1500, caption, textEmbedding: letterVector(caption) });
  }
  await store.flush();
});
after(async () => {
  for (const s of servers) await s.close();
  await store.close();
});

test('segment_localization ranks by embeddings when an embedding model is configured', async () => {
  const srv = await startScriptedServer({});
  servers.push(srv);
  const ctx = toolContext(store, { embeddings: scriptedEndpoint(srv.baseUrl, 'emb') });
  ctx.now = T0 + 60_000;
  const r = await runTool(ALL_TOOLS, 'segment_localization', { text: 'a forklift moving boxes' }, ctx);
  assert.ok(r.ok, r.output);
  assert.match(r.output, /by embeddings; yard 2026-11-21 UTC\)/);
  const lines = r.output.split('\n').slice(1);
  assert.equal(lines.length, 5, 'top 5');
  assert.match(lines[0] ?? '', /^1\.000 09:00:06: a forklift moving boxes/);
  assert.equal(ctx.models.meter.calls, 1);
  const emb = srv.requests.find((q) => q.path === '/v1/embeddings');
  assert.deepEqual((emb?.body as { input?: unknown }).input, ['a forklift moving boxes']);
});

test('segment_localization: an embedding server error is a failed result', async () => {
  const srv = await startScriptedServer({ embed: () => [] });
  servers.push(srv);
  const ctx = toolContext(store, { embeddings: scriptedEndpoint(srv.baseUrl, 'emb') });
  const r = await runTool(ALL_TOOLS, 'segment_localization', { text: 'forklift' }, ctx);
  assert.deepEqual([r.ok, r.code], [false, 'PLANNER_BAD_REPLY']);
  assert.match(r.output, /returned 0 vectors for 1 texts/);
});
