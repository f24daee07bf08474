/**
 * The class of a place that a question leaves unnamed is the one present there longest, not the
 * one with the most objects: at a car park where one car stands all along and a walker, a
 * cyclist and another walker cross, "was the lot ever empty" asks about the car (said so); a
 * television that stands on a desk all along is part of the scene, not what comes to it.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { MemoryStore } from '../../memory/store.js';
import { askOffline } from '../../planner/ask.js';
import { dominantClass, vocabulary } from '../../planner/query/vocabulary.js';
import { object } from '../memory/fixtures.js';

const T0 = Date.parse('2026-11-21T09:00:00Z');
const s = (sec: number): number => T0 + sec * 1000;
let store: MemoryStore;

/** Camera lot, 0-120 s at 2 fps: a car 0-120 s; people 20-26 s and 70-75 s, a bicycle 40-45 s. */
const OBJECTS: [string, string, number, number][] = [
  ['car', 'c', 0, 120],
  ['person', 'p1', 20, 26],
  ['person', 'p2', 70, 75],
  ['bicycle', 'b', 40, 45],
];

before(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-place-class-'));
  const w = new MemoryStore({ dir });
  w.open();
  for (let t = 0; t <= 120_000; t += 500) {
    const counts: Record<string, number> = {};
    for (const [label, , a, b] of OBJECTS) if (t >= a * 1000 && t < b * 1000) counts[label] = (counts[label] ?? 0) + 1;
    void w.write({ kind: 'frame', camera: 'lot', ts: T0 + t, motion: 0, detected: true, counts, objects: [], occupancy: {} }).catch(() => undefined);
  }
  for (const [label, id, a, b] of OBJECTS) void w.write(object('lot', `lot:${label}:${id}`, label, s(a), s(b), { visits: [{ start: s(a), end: s(b) }] })).catch(() => undefined);
  await w.close();
  store = new MemoryStore({ dir, readOnly: true });
  store.open();
});

after(async () => {
  await store.close();
});

test('the class of a place is the one present longest: one car all along outweighs three passers-by', () => {
  const v = vocabulary(store);
  assert.equal(v.perCamera.get('lot')?.get('person'), 2, 'people are the most objects');
  assert.equal(dominantClass(v, 'lot'), 'car');
  assert.equal(dominantClass({ ...v, timePerCamera: undefined }, 'lot'), 'person', 'without times, the object counts decide');
  // a television seen all along on a desk three people visited: the desk's class is people
  const desk = new Map([['desk', new Map([['tv', 120_000], ['person', 30_000]])]]);
  assert.equal(dominantClass({ ...v, timePerCamera: desk, perCamera: new Map([['desk', new Map([['tv', 1], ['person', 3]])]]) }, 'desk'), 'person', 'a fixture of the scene is never its class');
  assert.equal(dominantClass({ ...v, timePerCamera: new Map([['desk', new Map([['tv', 120_000]])]]) }, 'desk'), 'tv', 'unless nothing else was seen');
  const a = askOffline('was the lot ever empty?', store, { timeZone: 'UTC', now: s(120) });
  assert.equal(a.value, false, a.answer);
  assert.match(a.answer, /car/);
});
