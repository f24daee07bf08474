import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { MemoryStore } from '../../memory/store.js';
import { ALL_TOOLS, runTool } from '../../planner/tools/index.js';
import { toolContext } from './fixture.js';

const T0 = Date.parse('2026-11-21T10:00:00Z');

async function memoryWithSpeech(speech: boolean): Promise<MemoryStore> {
  const s = new MemoryStore({ dir: mkdtempSync(join(tmpdir(), 'vigil-tt-')) });
  s.open();
  for (let t = 0; t < 30_000; t += 2000) await s.write({ kind: 'segment', camera: 'bench', start: T0 + t, end: T0 + t + 2000, frames: 4, firstFrameAt: T0 + t, lastFrameAt: T0 + t + 1500, counts: {}, objectIds: [], motion: 0, occupancy: {}, ocr: [], caption: 'a quiet bench' });
  if (speech) {
    await s.write({ kind: 'speech', camera: 'bench', start: T0 + 4000, end: T0 + 6000, text: 'check the red valve', words: [{ word: 'check', start: T0 + 4100, end: T0 + 4400 }, { word: 'the', start: T0 + 4400, end: T0 + 4500 }, { word: 'red', start: T0 + 4500, end: T0 + 4800 }, { word: 'valve', start: T0 + 4800, end: T0 + 5300 }], engine: 'test' });
  }
  await s.flush();
  return s;
}

test('query_transcript finds what was said with its time; caption_retrieval shows the words with the captions', async () => {
  const s = await memoryWithSpeech(true);
  const ctx = toolContext(s);
  const r = await runTool(ALL_TOOLS, 'query_transcript', { text: 'red valve' }, { ...ctx, now: T0 + 30_000, timeZone: 'UTC' });
  assert.equal(r.ok, true, r.output);
  assert.match(r.output, /bench 2026-11-21 10:00:04\.500 UTC \(matched red, valve\): "check the red valve"/);
  assert.deepEqual(r.evidence?.[0], { camera: 'bench', start: new Date(T0 + 4000).toISOString(), end: new Date(T0 + 6000).toISOString() });
  const none = await runTool(ALL_TOOLS, 'query_transcript', { text: 'forklift' }, { ...ctx, now: T0 + 30_000, timeZone: 'UTC' });
  assert.equal(none.ok, true);
  assert.match(none.output, /None of 1 transcribed utterances .* mention "forklift"/);
  const caps = await runTool(ALL_TOOLS, 'caption_retrieval', {}, { ...ctx, now: T0 + 30_000, timeZone: 'UTC' });
  assert.match(caps.output, /^Captions bench 2026-11-21 UTC:/);
  assert.match(caps.output, /\n10:00:04-10:00:06: a quiet bench \| said: "check the red valve"/);
  await s.close();
});

test('query_transcript without any speech says so; bad input is a failed result', async () => {
  const s = await memoryWithSpeech(false);
  const ctx = { ...toolContext(s), now: T0 + 30_000, timeZone: 'UTC' };
  const r = await runTool(ALL_TOOLS, 'query_transcript', { text: 'valve' }, ctx);
  assert.equal(r.ok, true);
  assert.match(r.output, /No speech was transcribed/);
  const bad = await runTool(ALL_TOOLS, 'query_transcript', { text: '' }, ctx);
  assert.equal(bad.ok, false);
  await s.close();
});
