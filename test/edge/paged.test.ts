/**
 * Paged browsing reads: the same rows, order and `truncated` flag as one whole read of the window,
 * for segments, events and objects (long-lived objects spanning many slices, zones, classes), while
 * the event loop gets turns in between.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { pagedEvents, pagedObjects, pagedSegments } from '../../edge/api/paged.js';
import { MemoryQueries } from '../../memory/queries.js';
import { MemoryStore } from '../../memory/store.js';
import { event, object, segment } from '../memory/fixtures.js';

const T0 = Date.UTC(2025, 0, 6, 8);
const HOURS = 3;
let store: MemoryStore;
let q: MemoryQueries;

before(async () => {
  store = new MemoryStore({ dir: mkdtempSync(join(tmpdir(), 'vigil-paged-')) });
  store.open();
  const writes: Promise<boolean>[] = [];
  for (const cam of ['a', 'b']) {
    for (let t = T0; t < T0 + HOURS * 3_600_000; t += 2000) writes.push(store.writeSegment(segment(cam, t)));
    for (let i = 0; i < 400; i++) {
      const first = T0 + i * 25_000 + (cam === 'b' ? 7000 : 0);
      // every 10th object stays for 40 minutes: it spans many slices
      const last = first + (i % 10 === 0 ? 2_400_000 : 30_000);
      const zones = i % 3 === 0 ? [{ zone: 'door', enteredAt: first + 5000, exitedAt: first + 9000, dwellSeconds: 4 }] : [];
      writes.push(store.write(object(cam, `${cam}:${i % 4 === 0 ? 'car' : 'person'}:${i}`, i % 4 === 0 ? 'car' : 'person', first, last, { zones })));
      writes.push(store.write(event(cam, first, 'zone_enter', { objectId: `${cam}:x:${i}`, label: 'person', zone: 'door' })));
      writes.push(store.write(event(cam, first + 1000, 'zone_exit', { objectId: `${cam}:x:${i}`, label: 'person', zone: 'door' })));
    }
  }
  await Promise.all(writes);
  q = new MemoryQueries(store);
});

after(async () => {
  await store.close();
});

const windows = [
  { from: T0 - 86_400_000, to: T0 + 86_400_000 },
  { from: T0 + 1_234_567, to: T0 + 5_432_100 },
  { from: T0 + 3001, to: T0 + 3999 },
  { from: 0, to: T0 + 600_000 },
];
const limits = [1, 7, 200, 2000];

test('paged segments equal one whole read, without embeddings', async () => {
  for (const w of windows) {
    for (const camera of [undefined, 'b']) {
      const all = q.segments(w, camera).map(({ textEmbedding: _t, visualEmbedding: _v, embedding: _e, ...s }) => s);
      for (const limit of limits) {
        const p = await pagedSegments(q, w, camera, limit);
        assert.deepEqual(p.rows, all.slice(0, limit), `${JSON.stringify(w)} ${camera} ${limit}`);
        assert.equal(p.truncated, all.length > limit);
      }
    }
  }
});

test('paged events equal one whole read (types filtered after)', async () => {
  for (const w of windows) {
    for (const types of [undefined, ['zone_exit' as const]]) {
      const all = q.events(w).filter((e) => !types || types.includes(e.type as 'zone_exit'));
      for (const limit of limits) {
        const p = await pagedEvents(q, w, undefined, types, limit);
        assert.deepEqual(p.rows, all.slice(0, limit), `${JSON.stringify(w)} ${limit}`);
        assert.equal(p.truncated, all.length > limit);
      }
    }
  }
});

test('paged objects equal one whole read, long-lived objects once, in first-sighting order', async () => {
  for (const w of windows) {
    for (const opts of [{}, { label: 'car' }, { camera: 'a' }, { zone: 'door' }]) {
      const all = q
        .objectsIn(w, opts)
        .map(({ embedding: _e, trajectory: _t, ...o }) => o)
        .sort((x, y) => x.firstSeen - y.firstSeen);
      for (const limit of limits) {
        const p = await pagedObjects(q, w, opts, limit);
        assert.deepEqual(
          p.rows.map((o) => o.objectId),
          all.slice(0, limit).map((o) => o.objectId),
          `${JSON.stringify(w)} ${JSON.stringify(opts)} ${limit}`,
        );
        assert.deepEqual(p.rows, all.slice(0, limit));
        assert.equal(p.truncated, all.length > limit);
      }
    }
  }
});

test('a large read yields to the event loop between slices', async () => {
  // a chain of immediates advances one step per turn of the loop the read gives up
  let turns = 0;
  let reading = true;
  const spin = (): void => {
    turns++;
    if (reading) setImmediate(spin);
  };
  setImmediate(spin);
  const p = await pagedSegments(q, windows[0] as { from: number; to: number }, undefined, 2000);
  reading = false;
  assert.equal(p.rows.length, 2000);
  assert.ok(turns >= 5, `the loop turned only ${turns} times during the read`);
});
