/**
 * Object ids are unique for the life of a data directory: a restarted process (a new grouper for
 * the same camera) never hands out an id an earlier one did.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { ReidGrouper } from '../../../ingest/perception/reid.js';

test('a new grouper for the same camera never repeats an id', () => {
  const emb = new Float32Array([1, 0, 0]);
  const ids = new Set<string>();
  for (let run = 0; run < 3; run++) {
    const g = new ReidGrouper('bench');
    for (let i = 0; i < 3; i++) {
      const id = g.assign({ trackId: i, label: 'bottle', start: i * 10, end: i * 10 + 5, embedding: emb.map((x, k) => (k === i % 3 ? 1 : x * 0)) });
      assert.match(id, /^bench:bottle:/);
      assert.ok(!ids.has(id), `${id} repeated`);
      ids.add(id);
    }
  }
  assert.equal(ids.size, 9);
});

test('an object in view elsewhere is not the object a new track is, however alike they look', () => {
  const emb = new Float32Array([1, 0, 0]);
  const g = new ReidGrouper('lot');
  // car A from 0 s; its member's span was recorded at its start (a live track grows later)
  const a = g.assign({ trackId: 1, label: 'car', start: 0, end: 500, embedding: emb });
  // an identical car enters at 5 s while A is still in view: without the busy set it joins A
  const alike = { trackId: 2, label: 'car', start: 5000, end: 5500, embedding: emb };
  const b = g.assign(alike, false, new Set([a]));
  assert.notEqual(b, a, 'two cars at once are two objects');
  // once A is gone, the same look is A coming back
  assert.equal(g.assign({ trackId: 3, label: 'car', start: 60_000, end: 60_500, embedding: emb }, false, new Set([b])), a);
});
