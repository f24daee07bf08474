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
