/**
 * A conformance suite for memory stores: every store the daemon can use must pass it.
 * `storeConformance(name, make)` registers node:test tests; `make(dir)` returns a new, unopened
 * store over directory `dir` (a second call with the same `dir` must see the same data).
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import type { Observation, ZoneVisitFact } from '../../ingest/observations.js';
import { summariseCoverage } from '../../memory/coverage.js';
import { MemoryQueries } from '../../memory/queries.js';
import { MemoryError, type MemoryStore } from '../../memory/store.js';
import { event, frame, object, segment } from './fixtures.js';

/** Makes a store over a directory. The queries run on what it returns. */
export type StoreFactory = (dir: string) => MemoryStore;

const T0 = Date.parse('2026-11-22T10:00:00Z');
const H = 3600_000;

/** A small scene: camera `a` sees p1 (0-20 s, bench 5-15 s, crosses gate forward), camera `b` sees p2 (10-30 s). */
function scene(): Observation[] {
  const out: Observation[] = [];
  for (let t = T0; t < T0 + 30_000; t += 500) {
    const a = t < T0 + 20_000 ? ['a:person:1'] : [];
    const b = t >= T0 + 10_000 ? ['b:person:2'] : [];
    out.push(frame('a', t, a, { bench: t >= T0 + 5000 && t < T0 + 15_000 ? 1 : 0 }));
    out.push(frame('b', t, b));
    if ((t - T0) % 2000 === 0) {
      out.push({ ...segment('a', t, a.length ? '1 person' : 'quiet'), counts: a.length ? { person: 1 } : {}, objectIds: a });
      out.push({ ...segment('b', t, b.length ? '1 person' : 'quiet'), counts: b.length ? { person: 1 } : {}, objectIds: b });
    }
  }
  out.push(event('a', T0, 'appear', { objectId: 'a:person:1', label: 'person' }));
  out.push(event('a', T0 + 3000, 'line_cross', { objectId: 'a:person:1', label: 'person', line: 'gate', direction: 'forward' }));
  out.push(event('a', T0 + 5000, 'zone_enter', { objectId: 'a:person:1', label: 'person', zone: 'bench' }));
  out.push(event('a', T0 + 15_000, 'zone_exit', { objectId: 'a:person:1', label: 'person', zone: 'bench', dwellSeconds: 10 }));
  out.push(event('b', T0 + 10_000, 'appear', { objectId: 'b:person:2', label: 'person' }));
  out.push(
    object('a', 'a:person:1', 'person', T0, T0 + 19_500, {
      zones: [{ zone: 'bench', enteredAt: T0 + 5000, exitedAt: T0 + 15_000, dwellSeconds: 10 }],
      crossings: [{ line: 'gate', ts: T0 + 3000, direction: 'forward' }],
    }),
  );
  out.push({ ...object('b', 'b:person:2', 'person', T0 + 10_000, T0 + 29_500), event: 'end' });
  return out;
}

/** Checks that the scene reads back exactly. */
function checkScene(s: MemoryStore): void {
  const q = new MemoryQueries(s);
  const w = { from: T0, to: T0 + H };
  assert.deepEqual(s.cameras(), ['a', 'b']);
  assert.equal(q.countAt(T0 + 12_000, { label: 'person' }).count, 2);
  assert.equal(q.countAt(T0 + 12_000, { zone: 'bench' }).count, 1);
  assert.deepEqual(q.maxSimultaneous(w, { label: 'person' }), { count: 1, at: T0, camera: 'a' });
  const occ = q.occupancyTimeline({ from: T0, to: T0 + 30_000 }, 'bench', 'a');
  assert.equal(occ.length, 60);
  assert.equal(occ.filter((p) => p.count === 1).length, 20);
  assert.deepEqual(occ[10], { camera: 'a', ts: T0 + 5000, count: 1 });
  assert.equal(q.segments(w).length, 30);
  assert.deepEqual(q.segments(w, 'a')[0]?.objectIds, ['a:person:1']);
  assert.deepEqual(q.events(w).map((e) => [e.camera, e.type]), [['a', 'appear'], ['a', 'line_cross'], ['a', 'zone_enter'], ['b', 'appear'], ['a', 'zone_exit']]);
  assert.deepEqual(q.events(w, { type: 'appear' }).map((e) => e.camera), ['a', 'b']);
  assert.deepEqual(q.events(w, { zone: 'bench', type: 'zone_exit' }).map((e) => e.dwellSeconds), [10]);
  const x = q.crossings(w, 'gate');
  assert.deepEqual([x.forward, x.backward, x.events.length], [1, 0, 1]);
  assert.deepEqual(q.crossings(w, 'other').events, []);
  assert.equal(q.countDistinct(w, { label: 'person' }), 2);
  assert.equal(q.countDistinct(w, { label: 'person', zone: 'bench' }), 1);
  const fl = q.firstLastSeen(w, { label: 'person' });
  assert.deepEqual([fl.first?.objectId, fl.last?.objectId], ['a:person:1', 'b:person:2']);
  assert.deepEqual(q.dwell(w, 'bench').map((d) => [d.object.objectId, d.seconds]), [['a:person:1', 10]]);
  const o = q.object('a:person:1');
  assert.equal(o?.label, 'person');
  assert.equal(o?.segmentsSeen, 10, 'segments naming the object are counted');
  assert.deepEqual([o?.firstSegmentAt, o?.lastSegmentAt], [T0, T0 + 18_000]);
  assert.equal(o?.description, 'person, 20 s, visited bench (10 s), crossed gate forward');
  assert.equal(q.object('b:person:2')?.segmentsSeen, 10);
  const cov = q.coverage(w);
  assert.deepEqual([cov.from, cov.to, cov.gaps], [new Date(T0).toISOString(), new Date(T0 + 29_500).toISOString(), []]);
}

/** Registers the conformance tests of one store implementation. */
export function storeConformance(name: string, make: StoreFactory): void {
  const tmp = (): string => mkdtempSync(join(tmpdir(), 'vigil-conf-'));

  describe(`memory store conformance: ${name}`, () => {
    test('an empty store answers every query with nothing', async () => {
      const s = make(tmp());
      s.open();
      const q = new MemoryQueries(s);
      const w = { from: T0, to: T0 + H };
      assert.deepEqual(s.cameras(), []);
      assert.deepEqual(s.segments(w.from, w.to), []);
      assert.deepEqual(s.coverage(), []);
      assert.deepEqual(q.coverage(), { from: null, to: null, gaps: [] });
      assert.deepEqual(q.events(w), []);
      assert.deepEqual(q.events(w, { type: 'line_cross', line: 'gate' }), []);
      assert.deepEqual(q.crossings(w, 'gate'), { forward: 0, backward: 0, events: [] });
      assert.equal(q.countDistinct(w), 0);
      assert.deepEqual(q.countAt(T0), { count: 0, frames: [] });
      assert.deepEqual(q.maxSimultaneous(w), { count: 0, at: null, camera: null });
      assert.deepEqual(q.firstLastSeen(w, { label: 'person' }), { first: null, last: null });
      assert.deepEqual(q.dwell(w, 'bench'), []);
      assert.deepEqual(q.occupancyTimeline(w, 'bench'), []);
      assert.equal(q.object('nobody'), undefined);
      assert.equal(s.keyframe('a', T0), undefined);
      await s.flush();
      await s.close();
    });

    test('every observation kind is written and read back through the queries', async () => {
      const s = make(tmp());
      s.open();
      for (const o of scene()) void s.write(o);
      await s.flush();
      checkScene(s);
      await s.close();
    });

    test('a reopened store holds everything written before close', async () => {
      const dir = tmp();
      const s = make(dir);
      s.open();
      for (const o of scene()) void s.write(o);
      // a keyframe segment outside the scene's hour
      void s.writeSegment({ ...segment('a', T0 + 2 * H), keyframe: Buffer.from([0xff, 0xd8, 1]) });
      await s.close();
      const r = make(dir);
      r.open();
      checkScene(r);
      assert.deepEqual([...(r.keyframe('a', T0 + 2 * H) ?? [])], [0xff, 0xd8, 1]);
      assert.equal(r.segments(T0 + 2 * H, T0 + 3 * H, 'a')[0]?.keyframe, true);
      await r.close();
    });

    test('flush resolves only after every earlier write is committed', async () => {
      const dir = tmp();
      const s = make(dir);
      s.open();
      let committed = 0;
      const n = 2000;
      for (let i = 0; i < n; i++) void s.write(frame('a', T0 + i * 500, ['p'])).then(() => committed++);
      await s.flush();
      // the write promises settle in order, before flush resolves
      await Promise.resolve();
      assert.equal(committed, n);
      await s.close();
      const r = make(dir);
      r.open();
      assert.equal(r.dbs().frames.getKeysCount({ start: ['a', T0], end: ['a', T0 + n * 500] }), n);
      await r.close();
    });

    test('queries return records in time order whatever the write order', async () => {
      const s = make(tmp());
      s.open();
      const ts = [9, 3, 7, 1, 5, 2, 8, 4, 6, 0].map((i) => T0 + i * 2000);
      for (const [i, t] of ts.entries()) {
        const cam = i % 2 ? 'a' : 'b';
        void s.write(event(cam, t, 'line_cross', { line: 'gate', direction: i % 3 ? 'forward' : 'backward' }));
        void s.write(segment(cam, t));
      }
      await s.flush();
      const q = new MemoryQueries(s);
      const w = { from: T0, to: T0 + H };
      const sorted = [...ts].sort((x, y) => x - y);
      assert.deepEqual(q.events(w).map((e) => e.ts), sorted);
      assert.deepEqual(q.crossings(w, 'gate').events.map((e) => e.ts), sorted);
      assert.deepEqual(q.events(w, { type: 'line_cross' }).map((e) => e.ts), sorted);
      assert.deepEqual(q.segments(w).map((x) => x.start), sorted);
      const starts = s.coverage().map((r) => r.start);
      assert.deepEqual(starts, [...starts].sort((x, y) => x - y));
      await s.close();
    });

    test('bad input is rejected with MEMORY_BAD_INPUT and nothing is stored', async () => {
      const s = make(tmp());
      s.open();
      const bad: unknown[] = [
        { ...frame('a', T0, ['p'], { bench: 1 }), ts: NaN },
        { ...event('a', T0, 'line_cross', { line: 'gate', direction: 'forward' }), camera: undefined },
        { ...event('a', T0, 'appear'), camera: '' },
        object('a', 'a:person:1', 'person', NaN, T0),
        { ...object('a', 'a:person:1', 'person', T0, T0 + 1000), object: undefined },
        // zone visits are index keys: each part is checked
        object('a', 'a:person:1', 'person', T0, T0 + 1000, { zones: [{ zone: '', enteredAt: T0, exitedAt: null, dwellSeconds: 0 }] }),
        object('a', 'a:person:1', 'person', T0, T0 + 1000, { zones: [{ zone: 7, enteredAt: T0, exitedAt: null, dwellSeconds: 0 } as unknown as ZoneVisitFact] }),
        object('a', 'a:person:1', 'person', T0, T0 + 1000, { zones: [{ zone: 'bench', enteredAt: NaN, exitedAt: null, dwellSeconds: 0 }] }),
        object('a', 'a:person:1', 'person', T0, T0 + 1000, { zones: [{ zone: 'bench', enteredAt: T0, exitedAt: Infinity, dwellSeconds: 0 }] }),
        object('a', 'a:person:1', 'person', T0, T0 + 1000, { zones: [{ zone: 'bench', enteredAt: T0 } as unknown as ZoneVisitFact] }),
        object('a', 'a:person:1', 'person', T0, T0 + 1000, { zones: [{ zone: 'bench', enteredAt: T0, exitedAt: T0 + 500, dwellSeconds: 0.5 }, null as unknown as ZoneVisitFact] }),
        { ...segment('a', T0), start: Infinity },
        { ...segment('a', T0), kind: 'weird' },
        null,
      ];
      for (const o of bad) {
        await assert.rejects(s.write(o as Observation), (e: unknown) => e instanceof MemoryError && e.code === 'MEMORY_BAD_INPUT' && /memory rejected/.test(e.message), JSON.stringify(o));
      }
      await assert.rejects(s.writeSegment({ ...segment('a', T0), end: NaN }), (e: unknown) => e instanceof MemoryError && e.code === 'MEMORY_BAD_INPUT');
      await s.flush();
      const q = new MemoryQueries(s);
      const w = { from: T0 - H, to: T0 + H };
      assert.deepEqual(s.cameras(), []);
      assert.deepEqual(q.events(w), []);
      assert.deepEqual(s.segments(w.from, w.to), []);
      assert.deepEqual(s.rollups('minute', w.from, w.to), []);
      assert.equal(q.object('a:person:1'), undefined);
      assert.deepEqual(summariseCoverage(s.coverage()), { from: null, to: null, gaps: [] });
      for (const [k, db] of Object.entries(s.dbs())) if (k !== 'meta') assert.equal((db as { getKeysCount(): number }).getKeysCount(), 0, `no key in ${k}`);
      // a good write still goes through
      assert.equal(await s.write(frame('a', T0, ['p'])), true);
      await s.close();
    });
  });
}
