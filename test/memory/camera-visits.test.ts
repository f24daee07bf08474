/**
 * The camera-visit index: one entry per visit, kept in step with the object record (a visit that
 * is gone from the record is gone from the index), removed with the object, and answering arrival
 * counts and visit statistics without decoding objects.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'node:test';
import { MemoryQueries } from '../../memory/queries.js';
import { MemoryStore } from '../../memory/store.js';
import { object } from './fixtures.js';

const T0 = Date.parse('2026-01-05T09:00:00Z');
const s = (sec: number): number => T0 + sec * 1000;

test('camera visits: written with the object, rewritten in step, counted and summed from the index', async () => {
  const store = new MemoryStore({ dir: mkdtempSync(join(tmpdir(), 'vigil-cvisits-')) });
  store.open();
  await store.indexesBuilt();
  const q = new MemoryQueries(store);
  // one person seen twice (re-ID joined the two visits), one seen once
  await store.write(object('cam', 'cam:person:a1', 'person', s(0), s(100), { visits: [{ start: s(0), end: s(20) }, { start: s(80), end: s(100) }] }));
  await store.write(object('cam', 'cam:person:b2', 'person', s(30), s(40)));
  const all = q.cameraVisits({ from: s(0), to: s(200) }, { label: 'person' });
  assert.deepEqual(all?.map((v) => [v.objectId, (v.start - T0) / 1000, (v.end - T0) / 1000]), [
    ['cam:person:a1', 0, 20],
    ['cam:person:b2', 30, 40],
    ['cam:person:a1', 80, 100],
  ]);
  assert.equal(q.countArrivals({ from: s(10), to: s(200) }, { label: 'person' }), 2);
  assert.deepEqual(q.visitStats({ from: s(0), to: s(200) }, { label: 'person' }), { n: 3, total: 50_000, min: 10_000, max: 20_000, open: 0 });
  // the record now has one visit only: the other entry goes
  await store.write(object('cam', 'cam:person:a1', 'person', s(0), s(20), { visits: [{ start: s(0), end: s(20) }] }));
  assert.equal(q.cameraVisits({ from: s(0), to: s(200) }, { label: 'person' })?.length, 2);
  await store.close();
});
