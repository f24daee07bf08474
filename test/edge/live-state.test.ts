/**
 * Live state payloads as the README documents them: counts per zone and class, unknown while a
 * camera is down, `before` on updates of objects that ended, boxes normalised and rounded.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FrameObservation, ObjectFact } from '../../ingest/observations.js';
import { LiveState } from '../../edge/api/live.js';

const frame = (ts: number, objects: FrameObservation['objects']): FrameObservation => {
  const counts: Record<string, number> = {};
  const occupancy: Record<string, number> = { bench: 0 };
  for (const o of objects) {
    counts[o.label] = (counts[o.label] ?? 0) + 1;
    for (const z of o.zones ?? []) occupancy[z] = (occupancy[z] ?? 0) + 1;
  }
  return { kind: 'frame', camera: 'cam', ts, motion: 0, detected: true, counts, objects, occupancy };
};
const bottle = (n: number, zones: string[] = ['bench']) => ({ objectId: `cam:bottle:${n}`, trackId: n, label: 'bottle', box: { x1: 0, y1: 0, x2: 1, y2: 1 }, score: 0.5, zones });
const show = (cs: { zone: string; class: string; count: number | null }[]) => cs.map((c) => `${c.zone}/${c.class}=${c.count}`).sort();

test('counts per zone and class; a camera that is down has unknown counts until its next frame', () => {
  const l = new LiveState();
  assert.deepEqual(show(l.observe(frame(1, [bottle(1), bottle(2), bottle(3, [])])).counts), ['all/bottle=3', 'bench/all=2', 'bench/bottle=2']);
  assert.deepEqual(show(l.observe(frame(2, [bottle(1), bottle(3, [])])).counts), ['all/bottle=2', 'bench/all=1', 'bench/bottle=1']);
  const unknown = l.unknown('cam', 5);
  assert.deepEqual(show(unknown), ['all/bottle=null', 'bench/all=null', 'bench/bottle=null']);
  assert.ok(unknown.every((c) => c.ts === 5));
  assert.deepEqual(l.unknown('cam', 6), [], 'once');
  assert.deepEqual(l.unknown('other', 6), []);
  assert.ok(l.snapshot(['cam']).every((c) => c.count === null));
  // the next frame gives every count again, zeroes included
  assert.deepEqual(show(l.observe(frame(10, [bottle(1)])).counts), ['all/bottle=1', 'bench/all=1', 'bench/bottle=1']);
});

test('an update after the object ended carries its last state as before; boxes are normalised and rounded to 4 decimals', () => {
  const l = new LiveState();
  const o: ObjectFact = {
    objectId: 'cam:bottle:1',
    camera: 'cam',
    label: 'bottle',
    trackIds: [1],
    firstSeen: 1000,
    lastSeen: 2000,
    box: { x1: 100.123456789, y1: 200, x2: 140.98765, y2: 300 },
    frameSize: { width: 640, height: 360 },
    trajectory: [],
    zones: [{ zone: 'bench', enteredAt: 1000, exitedAt: null, dwellSeconds: 1 }],
    crossings: [],
    score: 0.8,
  };
  const n = l.observe({ kind: 'object', camera: 'cam', ts: 1000, event: 'new', object: o }).event;
  assert.equal(n?.before, null);
  assert.deepEqual(n?.after.box, { x1: 0.1564, y1: 0.5556, x2: 0.2203, y2: 0.8333 });
  assert.deepEqual(n?.after.currentZones, ['bench']);
  const ended = { ...o, lastSeen: 5000, zones: [{ zone: 'bench', enteredAt: 1000, exitedAt: 5000, dwellSeconds: 4 }] };
  const e = l.observe({ kind: 'object', camera: 'cam', ts: 5000, event: 'end', object: ended }).event;
  assert.deepEqual(e?.before?.currentZones, ['bench']);
  assert.deepEqual(e?.after.currentZones, []);
  const back = { ...ended, lastSeen: 30_000, zones: [...ended.zones, { zone: 'bench', enteredAt: 30_000, exitedAt: null, dwellSeconds: 0 }] };
  const u = l.observe({ kind: 'object', camera: 'cam', ts: 30_000, event: 'update', object: back }).event;
  assert.ok(u?.before, 'before is not null for an update');
  assert.equal(u.before.lastSeen, 5000);
  assert.deepEqual(u.after.currentZones, ['bench']);
});
