import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { MemoryQueries } from '../../memory/queries.js';
import { MemoryStore } from '../../memory/store.js';
import { searchTranscripts } from '../../memory/transcripts.js';
import { askOffline } from '../../planner/ask.js';
import { parseSpeechQuestion } from '../../planner/speech.js';

const T0 = Date.parse('2026-11-21T10:00:00Z');
const seg = (start: number) => ({ kind: 'segment' as const, camera: 'bench', start, end: start + 2000, frames: 4, firstFrameAt: start, lastFrameAt: start + 1500, counts: {}, objectIds: [], motion: 0, occupancy: {}, ocr: [], caption: 'quiet' });
const words = (start: number, ws: string[]) => ws.map((word, i) => ({ word, start: start + i * 400, end: start + i * 400 + 350 }));

async function memory(): Promise<MemoryStore> {
  const s = new MemoryStore({ dir: mkdtempSync(join(tmpdir(), 'vigil-speech-')) });
  s.open();
  for (let t = 0; t < 40_000; t += 2000) {
    await s.write(seg(T0 + t));
    await s.write({ kind: 'audio', camera: 'bench', start: T0 + t, end: T0 + t + 2000, rmsDbfs: t === 4000 ? -18 : -62, peakDbfs: -10 });
  }
  // spoken after the segments were written, as transcripts arrive
  await s.write({ kind: 'speech', camera: 'bench', start: T0 + 5000, end: T0 + 7400, text: 'the forklift is at bench two', words: words(T0 + 5000, ['the', 'forklift', 'is', 'at', 'bench', 'two']), engine: 'test' });
  await s.write({ kind: 'speech', camera: 'bench', start: T0 + 20_000, end: T0 + 21_600, text: 'check the red valve', words: words(T0 + 20_000, ['check', 'the', 'red', 'valve']), engine: 'test' });
  await s.write({ kind: 'speech', camera: 'bench', start: T0 + 30_000, end: T0 + 31_000, text: 'forklift leaving', words: [], engine: 'test' });
  await s.flush();
  return s;
}

test('segments carry the sound level and the words spoken in their window', async () => {
  const s = await memory();
  const segs = s.segments(T0, T0 + 10_000, 'bench');
  const at = (ms: number) => segs.find((x) => x.start === T0 + ms);
  assert.deepEqual(at(4000)?.audio, { rmsDbfs: -18, peakDbfs: -10 });
  assert.equal(at(4000)?.transcript, 'the forklift is', 'words whose midpoint falls in 4-6 s');
  assert.equal(at(6000)?.transcript, 'at bench two');
  assert.equal(at(0)?.transcript, undefined);
  assert.equal(s.segments(T0 + 30_000, T0 + 32_000, 'bench')[0]?.transcript, 'forklift leaving', 'no word times: the text goes to the segment where it starts');
  await s.close();
});

test('transcript search ranks by words heard and gives the time the first matching word was said', async () => {
  const s = await memory();
  const q = new MemoryQueries(s);
  const hits = q.searchTranscript('when was the forklift mentioned?', { from: T0, to: T0 + 60_000 });
  assert.deepEqual(hits.map((h) => h.at - T0).sort((a, b) => a - b), [400 + 5000, 30_000].sort((a, b) => a - b));
  const valve = q.searchTranscript('red valve', { from: T0, to: T0 + 60_000 });
  assert.equal(valve[0]?.at, T0 + 20_800);
  assert.equal(valve[0]?.score, 1);
  assert.deepEqual(searchTranscripts([], 'anything'), []);
  assert.deepEqual(q.searchTranscript('the and of', { from: T0, to: T0 + 60_000 }), [], 'stop words alone match nothing');
  assert.deepEqual(q.searchTranscript('forklift', { from: T0 + 10_000, to: T0 + 25_000 }), [], 'outside the window');
  await s.close();
});

test('offline planner answers speech questions with the time the words were said', async () => {
  const s = await memory();
  assert.deepEqual(parseSpeechQuestion('when was the forklift mentioned?'), { kind: 'when', topic: 'forklift', which: 'last' });
  assert.deepEqual(parseSpeechQuestion('what was said about the red valve'), { kind: 'what', topic: 'red valve', which: 'last' });
  assert.equal(parseSpeechQuestion('how many people came?'), null);
  const opts = { now: T0 + 40_000, timeZone: 'UTC' };
  const last = askOffline('When was the forklift mentioned?', s, opts);
  assert.equal(last.value, new Date(T0 + 30_000).toISOString());
  const first = askOffline('When was the forklift first mentioned?', s, opts);
  assert.equal(first.value, new Date(T0 + 5400).toISOString());
  assert.match(first.answer, /10:00:05/);
  assert.deepEqual(first.evidence[0], { camera: 'bench', start: new Date(T0 + 5000).toISOString(), end: new Date(T0 + 7400).toISOString() });
  assert.equal(askOffline('did anyone say valve?', s, opts).value, true);
  assert.equal(askOffline('did anyone say evacuate?', s, opts).value, false);
  assert.match(askOffline('what was said about the valve?', s, opts).answer, /check the red valve/);
  await s.close();
});
