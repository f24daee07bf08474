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

test('identities from the return index: every window agrees with the distinct objects of the visits overlapping it, kept in step and built for older stores', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-creturns-'));
  const store = new MemoryStore({ dir });
  store.open();
  await store.indexesBuilt();
  const q = new MemoryQueries(store);
  // a1 comes three times, b2 twice, c3 once (re-ID joined the visits of each)
  await store.write(object('cam', 'cam:person:a1', 'person', s(0), s(300), { visits: [{ start: s(0), end: s(20) }, { start: s(80), end: s(100) }, { start: s(250), end: s(300) }] }));
  await store.write(object('cam', 'cam:person:b2', 'person', s(30), s(200), { visits: [{ start: s(30), end: s(60) }, { start: s(150), end: s(200) }] }));
  await store.write(object('cam', 'cam:person:c3', 'person', s(110), s(130)));
  const brute = (from: number, to: number): { ids: number; visits: number } => {
    const vs = q.cameraVisits({ from, to }, { label: 'person' }) ?? [];
    return { ids: new Set(vs.map((v) => v.objectId)).size, visits: vs.length };
  };
  const check = (): void => {
    for (let a = -10; a <= 310; a += 10) {
      for (let b = a + 5; b <= 320; b += 25) assert.deepEqual(q.countIdentities({ from: s(a), to: s(b) }, { label: 'person' }), brute(s(a), s(b)), `window ${a}..${b}`);
    }
  };
  check();
  assert.deepEqual(q.countIdentities({ from: s(0), to: s(400) }, { label: 'person' }), { ids: 3, visits: 6 });
  // a1's middle visit is dropped from its record: its return entries follow
  await store.write(object('cam', 'cam:person:a1', 'person', s(0), s(300), { visits: [{ start: s(0), end: s(20) }, { start: s(250), end: s(300) }] }));
  check();
  assert.deepEqual(q.countIdentities({ from: s(240), to: s(400) }, { label: 'person' }), { ids: 1, visits: 1 });
  // a store from before the index: its entries are built on open
  await store.dbs().meta.remove(['index', 'creturns']);
  await store.dbs().creturns?.clearAsync();
  await store.close();
  const again = new MemoryStore({ dir });
  again.open();
  await again.indexesBuilt();
  const q2 = new MemoryQueries(again);
  assert.deepEqual(q2.countIdentities({ from: s(0), to: s(400) }, { label: 'person' }), { ids: 3, visits: 5 });
  assert.deepEqual(q2.countIdentities({ from: s(100), to: s(400) }, { label: 'person' }), { ids: 3, visits: 3 });
  await again.close();
});
