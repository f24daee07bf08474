/**
 * The zone-visit index and the compact event values: dwell from the index must equal dwell worked
 * out from the object records, through later updates, uncommitted rewrites, retention and the
 * index being built for an older store; events read back whole whether stored compact or not.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { ZoneVisitFact } from '../../ingest/observations.js';
import { MemoryQueries, type Window } from '../../memory/queries.js';
import { MemoryStore } from '../../memory/store.js';
import type { ObjectRecord } from '../../memory/types.js';
import { event, object, segment } from './fixtures.js';

const T0 = Date.parse('2026-11-23T08:00:00Z');
const tmp = (): string => mkdtempSync(join(tmpdir(), 'vigil-idx-'));

/** Objects in a zone during a window and their dwell, from every stored object record (by first sighting, camera, id). */
function brute(s: MemoryStore, w: Window, zone: string, label?: string): [string, number][] {
  const rows: { o: ObjectRecord; ms: number }[] = [];
  for (const { value: o } of s.dbs().objects.getRange({})) {
    if (typeof o !== 'object' || !Array.isArray(o.zones)) continue;
    if ((label && o.label !== label) || o.firstSeen >= w.to || o.lastSeen < w.from) continue;
    const mine = o.zones.filter((z) => z.zone === zone);
    if (!mine.some((z) => z.enteredAt < w.to && (z.exitedAt ?? o.lastSeen) >= w.from)) continue;
    rows.push({ o, ms: mine.reduce((ms, z) => ms + Math.max(0, Math.min(z.exitedAt ?? o.lastSeen, w.to) - Math.max(z.enteredAt, w.from)), 0) });
  }
  rows.sort((a, b) => a.o.firstSeen - b.o.firstSeen || (a.o.camera < b.o.camera ? -1 : a.o.camera > b.o.camera ? 1 : 0) || (a.o.objectId < b.o.objectId ? -1 : 1));
  return rows.map((r): [string, number] => [r.o.objectId, r.ms / 1000]);
}

/** Dwell worked out from every stored object record, as the query defines it. */
const bruteDwell = (s: MemoryStore, w: Window, zone: string, label?: string): [string, number][] => brute(s, w, zone, label).sort((a, b) => b[1] - a[1]);

const dwellOf = (q: MemoryQueries, w: Window, zone: string, label?: string): [string, number][] =>
  q.dwell(w, zone, label ? { label } : {}).map((r): [string, number] => [r.object.objectId, r.seconds]);

const visit = (zone: string, enteredAt: number, exitedAt: number | null): ZoneVisitFact => ({ zone, enteredAt, exitedAt, dwellSeconds: exitedAt === null ? 0 : (exitedAt - enteredAt) / 1000 });

test('dwell follows a visit updated later: open, then closed, then corrected away', async () => {
  const s = new MemoryStore({ dir: tmp() });
  s.open();
  const q = new MemoryQueries(s);
  const w = { from: T0, to: T0 + 600_000 };
  // still in the zone: dwell runs to the last sighting
  await s.write(object('a', 'a:person:1', 'person', T0, T0 + 20_000, { zones: [visit('bench', T0 + 5000, null)] }));
  assert.deepEqual(dwellOf(q, w, 'bench'), [['a:person:1', 15]]);
  // left the zone, seen later elsewhere
  await s.write(object('a', 'a:person:1', 'person', T0, T0 + 60_000, { zones: [visit('bench', T0 + 5000, T0 + 30_000)] }));
  assert.deepEqual(dwellOf(q, w, 'bench'), [['a:person:1', 25]]);
  // re-entered, and a second zone
  await s.write(object('a', 'a:person:1', 'person', T0, T0 + 90_000, { zones: [visit('bench', T0 + 5000, T0 + 30_000), visit('door', T0 + 40_000, T0 + 45_000), visit('bench', T0 + 50_000, T0 + 80_000)] }));
  assert.deepEqual(dwellOf(q, w, 'bench'), [['a:person:1', 55]]);
  assert.deepEqual(dwellOf(q, w, 'door'), [['a:person:1', 5]]);
  // the tracker corrects itself: the first bench visit was a mistake, the second began later
  await s.write(object('a', 'a:person:1', 'person', T0, T0 + 90_000, { zones: [visit('bench', T0 + 60_000, T0 + 80_000)] }));
  assert.deepEqual(dwellOf(q, w, 'bench'), [['a:person:1', 20]]);
  assert.deepEqual(dwellOf(q, w, 'door'), []);
  assert.equal(s.dbs().visits.getKeysCount(), 1, 'stale visit entries are removed');
  // the class changes after re-ID: the label filter follows
  await s.write(object('a', 'a:person:1', 'dog', T0, T0 + 90_000, { zones: [visit('bench', T0 + 60_000, T0 + 80_000)] }));
  assert.deepEqual(dwellOf(q, w, 'bench', 'person'), []);
  assert.deepEqual(dwellOf(q, w, 'bench', 'dog'), [['a:person:1', 20]]);
  await s.close();
});

test('rewrites of one object inside one uncommitted batch leave no stale visit', async () => {
  const s = new MemoryStore({ dir: tmp() });
  s.open();
  // no await between the writes: the second cannot read the first from the store
  void s.write(object('a', 'a:person:1', 'person', T0, T0 + 20_000, { zones: [visit('bench', T0 + 5000, null)] }));
  void s.write(object('a', 'a:person:1', 'person', T0, T0 + 30_000, { zones: [visit('bench', T0 + 8000, T0 + 12_000)] }));
  await s.flush();
  const q = new MemoryQueries(s);
  assert.deepEqual(dwellOf(q, { from: T0, to: T0 + 60_000 }, 'bench'), [['a:person:1', 4]]);
  assert.equal(s.dbs().visits.getKeysCount(), 1);
  await s.close();
});

test('dwell, objects in a zone and their count from the index equal those from the object records over random scenes', async () => {
  const s = new MemoryStore({ dir: tmp() });
  s.open();
  let seed = 7;
  const rnd = (): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  for (const cam of ['a', 'b', 'c']) {
    for (let i = 0; i < 60; i++) {
      const first = T0 + Math.floor(rnd() * 1800) * 1000;
      const last = first + Math.floor(rnd() * 120) * 1000;
      const zones: ZoneVisitFact[] = [];
      for (let k = Math.floor(rnd() * 4); k > 0; k--) {
        const enter = first + Math.floor(rnd() * (last - first + 1));
        const exit = rnd() < 0.2 ? null : Math.min(last, enter + Math.floor(rnd() * 60) * 1000);
        zones.push(visit(rnd() < 0.7 ? 'door' : 'bench', enter, exit));
      }
      void s.write(object(cam, `${cam}:${i}`, rnd() < 0.8 ? 'person' : 'car', first, last, { zones }));
    }
  }
  await s.flush();
  const q = new MemoryQueries(s);
  for (let i = 0; i < 200; i++) {
    const from = T0 - 60_000 + Math.floor(rnd() * 2000) * 1000;
    const w = { from, to: from + [10_000, 60_000, 600_000][i % 3]! };
    const label = i % 2 === 0 ? 'person' : undefined;
    assert.deepEqual(dwellOf(q, w, 'door', label), bruteDwell(s, w, 'door', label), `window ${i}`);
    const inZone = brute(s, w, 'bench', label).map(([id]) => id);
    assert.deepEqual(q.objectsIn(w, { zone: 'bench', ...(label ? { label } : {}) }).map((o) => o.objectId), inZone, `objects in window ${i}`);
    assert.equal(q.countDistinct(w, { zone: 'bench', ...(label ? { label } : {}) }), inZone.length, `distinct in window ${i}`);
  }
  await s.close();
});

test('retention removes an object with its zone visits', async () => {
  const s = new MemoryStore({ dir: tmp(), retention: { eventsMs: 3600_000 } });
  s.open();
  void s.write(object('a', 'a:old', 'person', T0, T0 + 20_000, { zones: [visit('door', T0 + 1000, T0 + 9000)] }));
  void s.write(object('a', 'a:new', 'person', T0 + 7200_000, T0 + 7220_000, { zones: [visit('door', T0 + 7201_000, T0 + 7203_000)] }));
  await s.flush();
  const q = new MemoryQueries(s);
  assert.equal(s.dbs().visits.getKeysCount(), 2);
  for (let r = await s.sweep({ now: T0 + 7300_000 }); !r.done; r = await s.sweep({ now: T0 + 7300_000 }));
  assert.deepEqual(dwellOf(q, { from: T0, to: T0 + 3600_000 }, 'door'), []);
  assert.deepEqual(dwellOf(q, { from: T0, to: T0 + 8000_000 }, 'door'), [['a:new', 2]]);
  assert.deepEqual([...s.dbs().visits.getKeys({})].map((k) => k[3]), ['a:new']);
  await s.close();
});

test('a store written before the zone-visit index gets it built on open', async () => {
  const dir = tmp();
  const s = new MemoryStore({ dir });
  s.open();
  void s.write(object('a', 'a:1', 'person', T0, T0 + 30_000, { zones: [visit('door', T0 + 1000, T0 + 21_000)] }));
  void s.write(object('b', 'b:1', 'person', T0, T0 + 30_000, { zones: [visit('door', T0 + 2000, T0 + 7000)] }));
  await s.flush();
  // as an older store: no visit entries, index not marked complete
  const d = s.dbs();
  for (const k of [...d.visits.getKeys({})]) await d.visits.remove(k);
  await d.meta.remove(['index', 'visits']);
  await s.close();
  const r = new MemoryStore({ dir });
  r.open();
  const q = new MemoryQueries(r);
  const w = { from: T0, to: T0 + 60_000 };
  // answered from the objects while the index builds, from the index after: the same rows
  const before = dwellOf(q, w, 'door');
  await r.indexesBuilt();
  assert.equal(r.indexed('visits'), true);
  assert.deepEqual(dwellOf(q, w, 'door'), before);
  assert.deepEqual(before, [['a:1', 20], ['b:1', 5]]);
  await r.close();
});

test('a dwell row reads its object on first use, and stands in for an object gone since', async () => {
  const s = new MemoryStore({ dir: tmp() });
  s.open();
  await s.write(object('a', 'a:1', 'person', T0, T0 + 30_000, { zones: [visit('door', T0 + 1000, T0 + 21_000)] }));
  const q = new MemoryQueries(s);
  const [row] = q.dwell({ from: T0, to: T0 + 60_000 }, 'door');
  assert.equal(row?.object.trajectory.length, 2, 'the stored record');
  const [gone] = q.dwell({ from: T0, to: T0 + 60_000 }, 'door');
  await s.dbs().objects.remove('a:1');
  assert.deepEqual([gone?.object.objectId, gone?.object.label, gone?.object.firstSeen, gone?.object.lastSeen], ['a:1', 'person', T0, T0 + 30_000]);
  await s.close();
});

test('events are stored with camera and time left out (the key has them) and read back whole; older values read the same', async () => {
  const s = new MemoryStore({ dir: tmp() });
  s.open();
  await s.write(event('a', T0 + 1000, 'line_cross', { objectId: 'a:1', label: 'person', line: 'gate', direction: 'forward' }));
  const d = s.dbs();
  const [stored] = [...d.events.getRange({})].filter((e) => Array.isArray(e.key));
  assert.ok(stored);
  assert.deepEqual([stored.value.camera, stored.value.ts], [null, null], 'compact value');
  // a value as older stores wrote it, with camera and time
  const legacy = { camera: 'b', ts: T0 + 500, type: 'appear' as const, objectId: 'b:1', label: 'person' };
  await d.events.put(['b', T0 + 500, 1], legacy);
  await d.etypes.put(['b', 'appear', T0 + 500, 1], legacy);
  const q = new MemoryQueries(s);
  const w = { from: T0, to: T0 + 60_000 };
  assert.deepEqual(q.events(w), [legacy, { camera: 'a', ts: T0 + 1000, type: 'line_cross', objectId: 'a:1', label: 'person', line: 'gate', direction: 'forward' }]);
  assert.deepEqual(q.events(w, { type: 'appear' }), [legacy]);
  assert.deepEqual(q.crossings(w, 'gate').events.map((e) => [e.camera, e.ts, e.direction]), [['a', T0 + 1000, 'forward']]);
  await s.close();
});

test('events of several cameras at one time come by camera, then in write order', async () => {
  const s = new MemoryStore({ dir: tmp() });
  s.open();
  for (const [cam, ts, id] of [['b', T0, 'b1'], ['a', T0 + 1, 'a0'], ['a', T0, 'a1'], ['c', T0, 'c1'], ['b', T0, 'b2'], ['a', T0, 'a2'], ['c', T0 - 1, 'c0']] as const) {
    void s.write(event(cam, ts, 'appear', { objectId: id, label: 'person' }));
  }
  await s.flush();
  const q = new MemoryQueries(s);
  const w = { from: T0 - 10, to: T0 + 10 };
  assert.deepEqual(q.events(w).map((e) => e.objectId), ['c0', 'a1', 'a2', 'b1', 'b2', 'c1', 'a0']);
  assert.deepEqual(q.events(w, { type: 'appear' }).map((e) => e.objectId), ['c0', 'a1', 'a2', 'b1', 'b2', 'c1', 'a0']);
  assert.deepEqual(q.events(w, { camera: 'a' }).map((e) => e.objectId), ['a1', 'a2', 'a0']);
  await s.close();
});

test('a segment written again replaces its record only, also after reopening and out of order', async () => {
  const dir = tmp();
  const s = new MemoryStore({ dir });
  s.open();
  for (let t = T0; t < T0 + 20_000; t += 2000) void s.write(segment('a', t, 'quiet'));
  await s.flush();
  await s.close();
  const r = new MemoryStore({ dir });
  r.open();
  // a late caption for a segment stored in the earlier session, then an older one, then a new segment
  await r.write({ ...segment('a', T0 + 18_000, 'quiet'), visionCaption: 'a cat on the mat' });
  await r.write({ ...segment('a', T0 + 2000, 'quiet'), visionCaption: 'empty room' });
  await r.write(segment('a', T0 + 20_000, 'quiet'));
  await r.write({ ...segment('a', T0 + 20_000, 'quiet'), visionCaption: 'still empty' });
  await r.flush();
  const segs = r.segments(T0, T0 + 60_000, 'a');
  assert.equal(segs.length, 11);
  assert.deepEqual(
    segs.filter((x) => x.visionCaption).map((x) => [x.start - T0, x.visionCaption]),
    [[2000, 'empty room'], [18_000, 'a cat on the mat'], [20_000, 'still empty']],
  );
  const [m] = r.rollups('minute', T0, T0 + 60_000, 'a');
  assert.equal(m?.segments, 11, 'each segment counted once in its minute');
  await r.close();
});

test('a segment naming an object whose final record is still uncommitted rewrites that final record, not an older one', async () => {
  const s = new MemoryStore({ dir: tmp() });
  s.open();
  const id = 'a:person:7';
  await s.write(object('a', id, 'person', T0, T0 + 5000));
  // the end record and a segment naming the object share one uncommitted batch
  void s.write({ ...object('a', id, 'person', T0, T0 + 9000, { zones: [visit('bench', T0 + 1000, T0 + 8000)] }), event: 'end' });
  void s.write({ ...segment('a', T0 + 8000), objectIds: [id] });
  await s.flush();
  const rec = new MemoryQueries(s).object(id);
  assert.equal(rec?.lastSeen, T0 + 9000, 'the final facts survive the rewrite');
  assert.equal(rec?.zones.length, 1);
  assert.equal(rec?.segmentsSeen, 1, 'the segment is counted');
  await s.close();
  // and for an object first seen in that same batch
  const s2 = new MemoryStore({ dir: tmp() });
  s2.open();
  void s2.write({ ...object('a', id, 'person', T0, T0 + 3000), event: 'end' });
  void s2.write({ ...segment('a', T0 + 2000), objectIds: [id] });
  await s2.flush();
  assert.equal(new MemoryQueries(s2).object(id)?.segmentsSeen, 1);
  await s2.close();
});

test('objects updated while the zone-visit index is built keep exactly their current visits', async () => {
  const dir = tmp();
  const s = new MemoryStore({ dir });
  s.open();
  const n = 20_000;
  const id = (i: number): string => `a:${String(i).padStart(6, '0')}`;
  const at = (i: number): number => T0 + i * 1000;
  for (let i = 0; i < n; i++) void s.write(object('a', id(i), 'person', at(i), at(i) + 30_000, { zones: [visit('door', at(i) + 1000, at(i) + 9000)] }));
  await s.flush();
  // as an older store: no visit entries, index not marked complete
  const d = s.dbs();
  await d.visits.clearAsync();
  await d.meta.remove(['index', 'visits']);
  await s.close();
  const r = new MemoryStore({ dir });
  r.open();
  assert.equal(r.indexed('visits'), false);
  // while the index is built the live writer moves visits, a few objects each turn, newest
  // first (ahead of the build), so some are still uncommitted when the build reads them
  const built = r.indexesBuilt();
  let done = false;
  void built.then(() => (done = true));
  let updated = 0;
  for (let i = n - 1; !done && i >= 0; i -= 100) {
    for (let k = i; k > Math.max(-1, i - 100); k--) void r.write(object('a', id(k), 'person', at(k), at(k) + 30_000, { zones: [visit('door', at(k) + 2000, at(k) + 9000)] }));
    updated += Math.min(100, i + 1);
    await new Promise<void>((res) => setImmediate(res));
  }
  await built;
  await r.flush();
  assert.ok(updated > 0);
  // one entry per object, entered when its stored record says
  const entries = new Map<string, number[]>();
  for (const k of r.dbs().visits.getKeys({})) entries.set(String(k[3]), [...(entries.get(String(k[3])) ?? []), Number(k[2])]);
  let wrong = 0;
  for (const { key, value } of r.dbs().objects.getRange({})) {
    if (typeof key !== 'string') continue;
    const got = entries.get(key) ?? [];
    if (got.length !== 1 || got[0] !== value.zones[0]?.enteredAt) wrong++;
  }
  assert.equal(wrong, 0, 'objects whose visit entries disagree with their record');
  assert.equal(r.dbs().visits.getKeysCount(), n);
  await r.close();
});

test('building the zone-visit index widens the scan bound to visits entered before the first sighting', async () => {
  const dir = tmp();
  const s = new MemoryStore({ dir });
  s.open();
  // entered the zone an hour before it was first sighted (re-ID merged an earlier track)
  const first = T0 + 3600_000;
  await s.write(object('a', 'a:1', 'person', first, first + 60_000, { zones: [visit('bench', T0, null)] }));
  await s.write(object('a', 'a:2', 'person', first, first + 60_000));
  await s.flush();
  // as an older store: no visit entries, index not marked complete, span from first sightings only
  const d = s.dbs();
  await d.visits.clearAsync();
  await d.meta.remove(['index', 'visits']);
  await d.meta.put(['maxSpan', 'a'], 60_000);
  await s.close();
  const r = new MemoryStore({ dir });
  r.open();
  await r.indexesBuilt();
  assert.equal(r.indexed('visits'), true);
  assert.equal(r.spanOf('a'), 3660_000);
  assert.deepEqual(dwellOf(new MemoryQueries(r), { from: first, to: first + 600_000 }, 'bench'), [['a:1', 60]]);
  await r.close();
  // and the widened bound is stored
  const again = new MemoryStore({ dir, readOnly: true });
  again.open();
  assert.equal(again.spanOf('a'), 3660_000);
  await again.close();
});

test('retention keeps the old zone visits of an object still stored, and drops entries whose object is gone', async () => {
  const s = new MemoryStore({ dir: tmp(), retention: { eventsMs: 3600_000 } });
  s.open();
  // in the zone two days ago, still seen now: the object stays, and so does its visit
  const now = T0 + 50 * 3600_000;
  await s.write(object('a', 'a:parked', 'car', T0, now - 60_000, { zones: [visit('lot', T0 + 1000, T0 + 9000)] }));
  // an entry left behind by an object no longer stored
  await s.dbs().visits.put(['a', 'lot', T0 + 2000, 'a:gone', 0], [T0 + 3000, T0, T0 + 5000, 'car']);
  for (let r = await s.sweep({ now }); !r.done; r = await s.sweep({ now }));
  assert.deepEqual([...s.dbs().visits.getKeys({})], [['a', 'lot', T0 + 1000, 'a:parked', 0]]);
  assert.equal(new MemoryQueries(s).object('a:parked')?.zones.length, 1);
  await s.close();
});
