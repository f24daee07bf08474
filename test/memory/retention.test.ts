import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { MemoryQueries } from '../../memory/queries.js';
import { MemoryError, MemoryStore, type MemoryOptions } from '../../memory/store.js';
import { event, frame, object, segment } from './fixtures.js';

const T0 = Date.parse('2026-11-21T09:00:00Z');
const tmp = () => mkdtempSync(join(tmpdir(), 'vigil-ret-'));

test('minute and hour roll-ups summarise counts, distinct objects, events and captions', async () => {
  const s = new MemoryStore({ dir: tmp() });
  s.open();
  void s.write(event('a', T0 + 1000, 'appear', { objectId: 'p1' }));
  void s.write(event('a', T0 + 61_000, 'zone_enter', { objectId: 'p2', zone: 'door' }));
  void s.write(event('a', T0 + 62_000, 'zone_exit', { objectId: 'p2', zone: 'door' }));
  // 4 minutes of camera a at 2 fps; minute 1 has 3 people at once at T0+60_000+10_000
  for (let t = T0; t < T0 + 240_000; t += 500) {
    const ids = t === T0 + 70_000 ? ['p1', 'p2', 'p3'] : t < T0 + 60_000 ? ['p1'] : ['p2'];
    void s.write(frame('a', t, ids, { door: ids.length }));
    if (t % 2000 === 0) void s.write(segment('a', t, t < T0 + 60_000 ? 'one person' : 'another person'));
  }
  await s.flush();
  const mins = s.rollups('minute', T0, T0 + 3600_000, 'a');
  assert.equal(mins.length, 4);
  const [m0, m1, , m3] = mins;
  assert.deepEqual([m0?.frames, m0?.segments, m0?.maxCounts.person, m0?.objectIds], [120, 30, 1, ['p1']]);
  assert.deepEqual([m1?.maxCounts.person, m1?.maxCountsAt.person, m1?.maxOccupancy.door], [3, T0 + 70_000, 3]);
  assert.deepEqual(new Set(m1?.objectIds), new Set(['p1', 'p2', 'p3']));
  assert.deepEqual(m1?.events, { zone_enter: 1, zone_exit: 1 });
  assert.deepEqual(m0?.captions, ['one person']);
  assert.equal(m0?.partial, false);
  assert.equal(m3?.partial, true, 'the open minute is stored as partial on flush');
  const [h] = s.rollups('hour', T0, T0 + 3600_000, 'a');
  assert.deepEqual([h?.frames, h?.maxCounts.person, h?.events.appear, h?.objectIds.length], [480, 3, 1, 3]);
  const q = new MemoryQueries(s);
  assert.deepEqual(q.maxSimultaneous({ from: T0, to: T0 + 180_000 }, { label: 'person' }), { count: 3, at: T0 + 70_000, camera: 'a' });
  // the closed minute answers from its roll-up: remove its raw frames and the answer stands
  for (let t = T0 + 60_000; t < T0 + 120_000; t += 500) await s.dbs().frames.remove(['a', t]);
  assert.equal(q.maxSimultaneous({ from: T0, to: T0 + 180_000 }, { zone: 'door' }).count, 3);
  // a window edge inside a minute reads frames
  assert.equal(q.maxSimultaneous({ from: T0 + 125_000, to: T0 + 130_000 }, { label: 'person' }).count, 1);
  await s.close();
});

test('retention sweeps are bounded, resumable and keep each level for its own time', async () => {
  const s = new MemoryStore({ dir: tmp() });
  s.open();
  const now = T0 + 30 * 3600_000;
  for (let t = T0; t < T0 + 120_000; t += 500) void s.write(frame('a', t, ['old']));
  void s.write(object('a', 'old', 'person', T0, T0 + 119_000));
  void s.write(event('a', T0 + 5000, 'appear', { objectId: 'old' }));
  for (let t = T0; t < T0 + 120_000; t += 2000) void s.write(segment('a', t));
  for (let t = now - 60_000; t < now; t += 500) void s.write(frame('a', t, ['new']));
  void s.write(segment('a', now - 10_000));
  await s.flush();
  const first = await s.sweep({ now, maxKeys: 50 });
  assert.equal(first.deleted, 50);
  assert.equal(first.done, false);
  let calls = 1;
  for (let r = first; !r.done; calls++) r = await s.sweep({ now, maxKeys: 50 });
  assert.ok(calls >= 6, `resumed over ${calls} calls`);
  const q = new MemoryQueries(s);
  assert.equal(s.dbs().frames.getKeysCount({ start: ['a', 0], end: ['a', now - 24 * 3600_000] }), 0, 'old frames deleted');
  assert.equal(s.dbs().frames.getKeysCount({ start: ['a', now - 60_000], end: ['a', now] }), 120, 'recent frames kept');
  assert.equal(s.segments(T0, T0 + 120_000, 'a').length, 0);
  assert.equal(q.events({ from: T0, to: now }).length, 1, 'events are kept 7 days');
  assert.equal(q.countDistinct({ from: T0, to: now }, { label: 'person' }), 1);
  assert.equal(s.rollups('minute', T0, T0 + 120_000, 'a').length, 2, 'minutes kept 7 days');
  // 8 days later: events, objects and minutes go, hours stay
  let r = await s.sweep({ now: T0 + 8 * 86_400_000 });
  while (!r.done) r = await s.sweep({ now: T0 + 8 * 86_400_000 });
  assert.equal(q.events({ from: T0, to: now }).length, 0);
  assert.equal(q.object('old'), undefined);
  assert.equal(s.rollups('minute', T0, T0 + 120_000, 'a').length, 0);
  assert.equal(s.rollups('hour', T0, T0 + 120_000, 'a').length, 1);
  await s.close();
});

test('a size budget evicts the oldest data first until under budget', async () => {
  const s = new MemoryStore({ dir: tmp(), budgetGB: 1 / 1024 }); // 1 MB
  s.open();
  const big = Array.from({ length: 40 }, (_, i) => `obj-${i}-xxxxxxxxxxxxxxxx`);
  for (let t = T0; t < T0 + 3 * 3600_000; t += 2000) void s.write(frame('a', t, big));
  await s.flush();
  const before = s.usedBytes();
  assert.ok(before > 1024 * 1024, `test data ${before} B exceeds the budget`);
  let r = await s.sweep({ now: T0 + 3 * 3600_000, maxMs: 1000 });
  for (let i = 0; i < 100 && !r.done; i++) r = await s.sweep({ now: T0 + 3 * 3600_000, maxMs: 1000 });
  assert.ok(r.done && r.usedBytes <= 1024 * 1024, `used ${r.usedBytes}`);
  const keys = [...s.dbs().frames.getKeys({ start: ['a', 0], end: ['a', Infinity] })];
  assert.ok(keys.length > 0, 'newest data kept');
  assert.equal(Number(keys[keys.length - 1]?.[1]), T0 + 3 * 3600_000 - 2000, 'the newest frame survives');
  assert.ok(Number(keys[0]?.[1]) > T0 + 600_000, 'the oldest frames went first');
  await s.close();
});

test('below the free-space reserve writing stops cleanly, health says why, and it resumes; stored data stays', async () => {
  const opts: MemoryOptions = { dir: tmp(), checkMs: 0 };
  const s = new MemoryStore(opts);
  s.open();
  await s.write(frame('a', T0, ['p']));
  assert.deepEqual(s.health(), { writable: true, reason: null });
  opts.minFreeMB = s.freeBytes() / 1048576 + 1e6; // the disk now looks full
  const h = s.health();
  assert.equal(h.writable, false);
  assert.match(h.reason ?? '', /disk full/);
  await assert.rejects(s.write(frame('a', T0 + 500, ['p'])), (e: unknown) => e instanceof MemoryError && e.code === 'MEMORY_NOT_WRITABLE');
  assert.equal(new MemoryQueries(s).countAt(T0, { label: 'person' }).count, 1, 'stored data still readable');
  opts.minFreeMB = 1; // space returns
  assert.deepEqual(s.health(), { writable: true, reason: null });
  assert.equal(await s.write(frame('a', T0 + 1000, ['p', 'q'])), true);
  assert.equal(new MemoryQueries(s).countAt(T0 + 1000, { label: 'person' }).count, 2);
  await s.close();
});

test('sweeps delete the event and zone indexes with their records', async () => {
  const s = new MemoryStore({ dir: tmp() });
  s.open();
  const now = T0 + 30 * 3600_000;
  for (let t = T0; t < T0 + 60_000; t += 500) void s.write(frame('a', t, ['old'], { door: 1, bench: 0 }));
  for (let t = now - 30_000; t < now; t += 500) void s.write(frame('a', t, ['new'], { door: 1 }));
  void s.write(event('a', T0 + 1000, 'line_cross', { line: 'gate', direction: 'forward' }));
  void s.write(event('a', T0 + 2000, 'zone_enter', { zone: 'door' }));
  void s.write(event('a', now - 1000, 'line_cross', { line: 'gate', direction: 'backward' }));
  await s.flush();
  const { zocc, etypes, elines } = s.dbs();
  assert.equal(zocc.getKeysCount(), 120 * 2 + 60);
  assert.deepEqual([etypes.getKeysCount(), elines.getKeysCount()], [3, 2]);
  const q = new MemoryQueries(s);
  let r = await s.sweep({ now, maxKeys: 40 });
  while (!r.done) r = await s.sweep({ now, maxKeys: 40 });
  assert.equal(zocc.getKeysCount(), 60, 'zone entries of expired frames deleted, recent kept');
  assert.equal(q.occupancyTimeline({ from: T0, to: now }, 'door').length, 60);
  assert.deepEqual(q.occupancyTimeline({ from: T0, to: now }, 'bench'), []);
  assert.deepEqual([etypes.getKeysCount(), elines.getKeysCount()], [3, 2], 'events are kept 7 days');
  r = await s.sweep({ now: T0 + 9 * 86_400_000 });
  while (!r.done) r = await s.sweep({ now: T0 + 9 * 86_400_000 });
  assert.deepEqual([etypes.getKeysCount(), elines.getKeysCount(), zocc.getKeysCount()], [0, 0, 0]);
  assert.deepEqual(q.crossings({ from: T0, to: now }, 'gate').events, []);
  await s.close();
});

test('a store from before the indexes builds them on open; queries scan until then', async () => {
  const dir = tmp();
  const s = new MemoryStore({ dir });
  s.open();
  for (let t = T0; t < T0 + 20_000; t += 500) void s.write(frame('a', t, ['p'], { door: t < T0 + 10_000 ? 1 : 0 }));
  void s.write(event('a', T0 + 1000, 'line_cross', { line: 'gate', direction: 'forward' }));
  void s.write(event('b', T0 + 2000, 'line_cross', { line: 'gate', direction: 'backward' }));
  void s.write(event('a', T0 + 3000, 'appear'));
  await s.flush();
  const q = new MemoryQueries(s);
  const w = { from: T0, to: T0 + 60_000 };
  const before = { x: q.crossings(w, 'gate'), e: q.events(w, { type: 'appear' }), o: q.occupancyTimeline(w, 'door') };
  // as an older version left it: no index entries, no flags
  const d = s.dbs();
  await d.zocc.clearAsync();
  await d.etypes.clearAsync();
  await d.elines.clearAsync();
  await d.meta.remove(['index', 'events']);
  await d.meta.remove(['index', 'zones']);
  await s.close();
  const r = new MemoryStore({ dir });
  r.open();
  assert.equal(r.indexed('events'), false);
  const rq = new MemoryQueries(r);
  assert.deepEqual(rq.crossings(w, 'gate'), before.x, 'scans while the index is built');
  await r.indexesBuilt();
  assert.deepEqual([r.indexed('events'), r.indexed('zones')], [true, true]);
  assert.deepEqual(rq.crossings(w, 'gate'), before.x);
  assert.deepEqual(rq.events(w, { type: 'appear' }), before.e);
  assert.deepEqual(rq.occupancyTimeline(w, 'door'), before.o);
  assert.equal(rq.occupancyTimeline(w, 'door').length, 40);
  await r.close();
});
