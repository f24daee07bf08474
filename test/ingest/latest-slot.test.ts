import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LatestSlot } from '../../ingest/latest-slot.js';

test('a busy consumer gets the newest value and the replaced ones are counted as dropped', async () => {
  const s = new LatestSlot<number>();
  s.put(1);
  s.put(2);
  s.put(3);
  assert.equal(await s.take(), 3);
  assert.equal(s.dropped, 2);
});

test('a waiting consumer receives the next value directly, without a drop', async () => {
  const s = new LatestSlot<number>();
  const p = s.take();
  s.put(5);
  assert.equal(await p, 5);
  assert.equal(s.dropped, 0);
});

test('close ends pending and later takes', async () => {
  const s = new LatestSlot<number>();
  const p = s.take();
  s.close();
  assert.equal(await p, undefined);
  assert.equal(await s.take(), undefined);
  assert.equal(s.put(1), false);
});
