/**
 * The count-run index against the settling of stored frames: on generated frames with flicker,
 * coverage gaps, classes and zones first seen mid-stream, the settled timelines read from the
 * index are the ones settled from frames, for instants, windows and whole coverage, while the
 * frames are still arriving (the run in progress), after a restart, after retention and after
 * the index is built from the frames of a store that had none.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { FrameObservation } from '../../ingest/observations.js';
import { MemoryQueries } from '../../memory/queries.js';
import { MemoryStore } from '../../memory/store.js';
import { frameTimeline, sumTimelines, timeline, usualCount, valueAt } from '../../planner/query/facts.js';
import type { Place, Subject } from '../../planner/query/schema.js';

const T0 = Date.parse('2026-11-21T09:00:00Z');
const tmp = (): string => mkdtempSync(join(tmpdir(), 'vigil-cidx-'));

/** A small seeded generator (mulberry32). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Frames of one camera: bottles that settle and flicker, cups from a third of the way, a bench zone, gaps. */
function frames(camera: string, seed: number, n: number): FrameObservation[] {
  const r = rng(seed);
  const out: FrameObservation[] = [];
  let t = T0;
  let bottles = 3;
  let cups = 0;
  for (let i = 0; i < n; i++) {
    t += r() < 0.01 ? 5000 + Math.round(r() * 15000) : r() < 0.02 ? 5000 : 400 + Math.round(r() * 200);
    if (r() < 0.04) bottles = Math.floor(r() * 4);
    if (i > n / 3 && r() < 0.03) cups = Math.floor(r() * 3);
    // a one- or two-frame miss (a hand passing)
    const seen = r() < 0.08 ? Math.max(0, bottles - 1) : bottles;
    const counts: Record<string, number> = {};
    if (seen > 0) counts.bottle = seen;
    if (cups > 0) counts.cup = cups;
    if (r() < 0.05) counts.person = 1;
    const occupancy: Record<string, number> = i > n / 4 ? { bench: Math.min(seen, 2) } : {};
    out.push({ kind: 'frame', camera, ts: t, motion: 0.1, detected: true, counts, objects: [], occupancy });
  }
  return out;
}

const SUBJECTS: [Subject, Place][] = [
  [{ classes: [] }, { cameras: [] }],
  [{ classes: ['bottle'] }, { cameras: [] }],
  [{ classes: ['cup'] }, { cameras: [] }],
  [{ classes: ['vase'] }, { cameras: [] }],
  [{ classes: ['bottle'] }, { cameras: [], zone: 'bench' }],
  [{ classes: [] }, { cameras: [], zone: 'door' }],
];

/** Compares index and frames at `k` windows ending by `present`; returns how many were compared. */
function compare(s: MemoryStore, camera: string, present: number, seed: number, k: number): number {
  const r = rng(seed);
  const q = new MemoryQueries(s);
  let n = 0;
  for (let i = 0; i < k; i++) {
    const t = T0 + Math.round(r() * (present - T0 + 30_000)) - 10_000;
    const wide = r() < 0.5;
    const from = wide ? t - Math.round(r() * 600_000) : t;
    const to = wide ? t : t + 1;
    for (const [subject, place] of SUBJECTS) {
      const a = timeline(s, camera, subject, place, from, to);
      const b = frameTimeline(s, camera, subject, place, from, to);
      assert.deepEqual(a, b, `${camera} ${JSON.stringify(subject)} ${JSON.stringify(place)} [${from - T0}, ${to - T0})`);
      assert.equal(usualCount(a), usualCount(b));
      n++;
    }
  }
  // the index answered (not the frames)
  assert.ok(q.countRuns({ from: T0, to: present + 1 }, camera, { label: 'bottle' }) !== null, 'read from the index');
  return n;
}

test('settled timelines from the index equal those settled from frames, while frames arrive and after', async () => {
  const s = new MemoryStore({ dir: tmp() });
  s.open();
  const cams = { a: frames('a', 1, 4000), b: frames('b', 2, 3000) };
  let compared = 0;
  for (let i = 0; i < 4000; i++) {
    for (const fs of Object.values(cams)) {
      const f = fs[i];
      if (f) void s.write(f);
    }
    // mid-stream: the run in progress is at the present frame
    if (i % 400 === 399) {
      await s.flush();
      compared += compare(s, 'a', (cams.a[i] as FrameObservation).ts, i, 20);
    }
  }
  await s.flush();
  compared += compare(s, 'a', (cams.a.at(-1) as FrameObservation).ts, 7, 100);
  compared += compare(s, 'b', (cams.b.at(-1) as FrameObservation).ts, 8, 100);
  assert.ok(compared > 1500, `${compared} timelines compared`);
  // the whole coverage (the usual count of "missing")
  const end = (cams.a.at(-1) as FrameObservation).ts;
  assert.deepEqual(timeline(s, 'a', { classes: ['bottle'] }, { cameras: [] }, T0, end + 1), frameTimeline(s, 'a', { classes: ['bottle'] }, { cameras: [] }, T0, end + 1));
  await s.close();
});

test('a restart continues the runs in progress; frames out of order fall back to frames', async () => {
  const dir = tmp();
  const fs = frames('a', 3, 3000);
  let s = new MemoryStore({ dir });
  s.open();
  for (const f of fs.slice(0, 1500)) void s.write(f);
  await s.close();
  s = new MemoryStore({ dir });
  s.open();
  for (const f of fs.slice(1500)) void s.write(f);
  await s.flush();
  compare(s, 'a', (fs.at(-1) as FrameObservation).ts, 9, 150);
  // a frame from the past: this camera's settled counts are read from frames again, and still right
  const back = { ...(fs[100] as FrameObservation), ts: (fs[100] as FrameObservation).ts + 1, counts: { bottle: 9 } };
  await s.write(back);
  const q = new MemoryQueries(s);
  assert.equal(q.countRuns({ from: T0, to: T0 + 60_000 }, 'a', { label: 'bottle' }), null);
  const w: [number, number] = [back.ts - 30_000, back.ts + 30_000];
  assert.deepEqual(timeline(s, 'a', { classes: ['bottle'] }, { cameras: [] }, ...w), frameTimeline(s, 'a', { classes: ['bottle'] }, { cameras: [] }, ...w));
  await s.close();
});

test('a store without the index is indexed from its frames when opened, as the live writer would have', async () => {
  const dir = tmp();
  const fs = [...frames('a', 4, 2500), ...frames('b', 5, 2000)];
  let s = new MemoryStore({ dir });
  s.open();
  for (const f of fs) void s.write(f);
  await s.flush();
  const d = s.dbs();
  const runs = [...d.counts.getRange({})].map(({ key, value }) => [key, value]);
  const tails = [...d.ctail.getRange({})].map(({ key, value }) => [key, value]);
  assert.ok(runs.length > 100, `${runs.length} runs`);
  // as an older store: no index
  await d.counts.clearAsync();
  await d.ctail.clearAsync();
  await d.meta.remove(['index', 'counts']);
  await s.close();
  s = new MemoryStore({ dir, readOnly: true });
  s.open();
  assert.equal(new MemoryQueries(s).countRuns({ from: T0, to: T0 + 60_000 }, 'a'), null, 'read-only: not built, frames answer');
  await s.close();
  s = new MemoryStore({ dir });
  s.open();
  await s.flush();
  assert.deepEqual([...s.dbs().counts.getRange({})].map(({ key, value }) => [key, value]), runs);
  assert.deepEqual([...s.dbs().ctail.getRange({})].map(({ key, value }) => [key, value]), tails);
  compare(s, 'a', (fs[2499] as FrameObservation).ts, 10, 60);
  await s.close();
});

test('retention drops the runs that ended before the raw horizon; later windows read the same as frames', async () => {
  const s = new MemoryStore({ dir: tmp(), retention: { rawMs: 3600_000 } });
  s.open();
  const fs = frames('a', 6, 3000);
  for (const f of fs) void s.write(f);
  await s.flush();
  const before = s.dbs().counts.getKeysCount();
  const cut = T0 + 600_000;
  let r = await s.sweep({ now: cut + 3600_000 });
  while (!r.done) r = await s.sweep({ now: cut + 3600_000 });
  const d = s.dbs();
  let old = 0;
  for (const { value } of d.counts.getRange({})) if (value[1] < cut) old++;
  assert.equal(old, 0, 'no run that ended before the horizon');
  assert.ok(d.counts.getKeysCount() < before);
  compare(s, 'a', (fs.at(-1) as FrameObservation).ts, 11, 100);
  await s.close();
});

test('a sum of several classes is each class settled from the index, then summed, with no frame read', async (t) => {
  const s = new MemoryStore({ dir: tmp() });
  s.open();
  const fs = frames('a', 11, 3000);
  for (const f of fs) void s.write(f);
  await s.flush();
  const end = (fs.at(-1) as FrameObservation).ts;
  const place = { cameras: [] };
  const r = rng(12);
  const reads = t.mock.method(MemoryQueries.prototype, 'frames');
  {
    for (let i = 0; i < 60; i++) {
      const to = T0 + Math.round(r() * (end - T0));
      const from = to - Math.round(r() * 600_000);
      const before = reads.mock.callCount();
      const both = timeline(s, 'a', { classes: ['bottle', 'cup'] }, place, from, to);
      assert.equal(reads.mock.callCount(), before, 'the index answered');
      const each = ['bottle', 'cup'].map((c) => frameTimeline(s, 'a', { classes: [c] }, place, from, to));
      assert.deepEqual(both, sumTimelines('a', each));
      // a value read off the sum is the sum of the values
      const mid = Math.round((from + to) / 2);
      const vs = each.map((t) => valueAt(t, mid));
      assert.equal(valueAt(both, mid), vs.every((v) => v === null) ? null : vs.reduce<number>((n, v) => n + (v ?? 0), 0));
    }
  }
  assert.ok(reads.mock.callCount() > 0, 'the reference read frames');
  await s.close();
});

test('a sum of settled timelines is known only from when every one of them is: no 0 before a later first point', () => {
  const bottles = { camera: 'a', points: [[T0 + 5000, 3] as [number, number], [T0 + 20_000, 2] as [number, number]], end: T0 + 30_000 };
  const benches = { camera: 'a', points: [[T0, 0] as [number, number]], end: T0 + 30_000 };
  const sum = sumTimelines('a', [benches, bottles]);
  assert.deepEqual(sum.points, [
    [T0 + 5000, 3],
    [T0 + 20_000, 2],
  ]);
  assert.equal(valueAt(sum, T0 + 1000), 3, 'before the first known sum: the first value, never 0');
});
