/**
 * A class the detector only ever saw faintly at a camera (best scores under `CLEAR_SCORE`, as bottles
 * in a convex security mirror were) is not counted there: questions about it are refused saying so,
 * while a class seen clearly at the same camera is answered.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'node:test';
import type { FrameObservation } from '../../ingest/observations.js';
import { MemoryStore } from '../../memory/store.js';
import { askOffline } from '../../planner/ask.js';
import { CLEAR_SCORE } from '../../planner/query/execute-faint.js';
import { object } from '../memory/fixtures.js';

const T0 = Date.parse('2026-11-21T07:00:00Z');
const s = (sec: number): number => T0 + sec * 1000;

/** A bar camera, 60 s: two bottles scored at most `bottleScore` the whole time, one person clearly (0.8) from 10 s to 30 s. */
async function bar(bottleScore: number): Promise<MemoryStore> {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-faint-'));
  const w = new MemoryStore({ dir });
  w.open();
  for (let t = 0; t < 60; t += 0.5) {
    const person = t >= 10 && t < 30 ? 1 : 0;
    const f: FrameObservation = { kind: 'frame', camera: 'bar', ts: s(t), motion: 0.1, detected: true, counts: { bottle: 2, person }, objects: [], occupancy: {} };
    await w.write(f);
  }
  await w.write(object('bar', 'bar:bottle:1', 'bottle', s(0), s(59.5), { score: bottleScore }));
  await w.write(object('bar', 'bar:bottle:2', 'bottle', s(0), s(59.5), { score: bottleScore - 0.02 }));
  await w.write(object('bar', 'bar:person:3', 'person', s(10), s(29.5), { score: 0.8, visits: [{ start: s(10), end: s(29.5) }] }));
  await w.close();
  const store = new MemoryStore({ dir, readOnly: true });
  store.open();
  return store;
}

test('bottles seen only faintly are not counted; the person seen clearly is', async () => {
  const store = await bar(0.43);
  try {
    const a = askOffline('how many bottles were there at 07:00:20?', store, { timeZone: 'UTC' });
    assert.equal(a.value, null, a.answer);
    assert.match(a.answer, /only faintly .*best score 0\.43/);
    const p = askOffline('how many people came?', store, { timeZone: 'UTC' });
    assert.equal(p.value, 1, p.answer);
  } finally {
    await store.close();
  }
});

test('bottles seen clearly at the same camera are counted', async () => {
  const store = await bar(CLEAR_SCORE + 0.1);
  try {
    const a = askOffline('how many bottles were there at 07:00:20?', store, { timeZone: 'UTC' });
    assert.equal(a.value, 2, a.answer);
  } finally {
    await store.close();
  }
});

test('a class watched only a few seconds (a camera just started) is not judged faint yet', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-faint-'));
  const w = new MemoryStore({ dir });
  w.open();
  for (let t = 0; t < 6; t += 0.5) await w.write({ kind: 'frame', camera: 'bar', ts: s(t), motion: 0.1, detected: true, counts: { bottle: 2 }, objects: [], occupancy: {} });
  await w.write(object('bar', 'bar:bottle:1', 'bottle', s(0), s(5.5), { score: 0.5 }));
  await w.write(object('bar', 'bar:bottle:2', 'bottle', s(0), s(5.5), { score: 0.48 }));
  await w.close();
  const store = new MemoryStore({ dir, readOnly: true });
  store.open();
  try {
    const a = askOffline('how many bottles were there at 07:00:04?', store, { timeZone: 'UTC' });
    assert.equal(a.value, 2, a.answer);
  } finally {
    await store.close();
  }
});
