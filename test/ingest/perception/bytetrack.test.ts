import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ByteTracker, bufferedIou } from '../../../ingest/perception/bytetrack.js';
import { votedLabel } from '../../../ingest/perception/label-groups.js';
import type { Track, TrackerOutput } from '../../../ingest/perception/bytetrack.js';
import type { Box, Detection } from '../../../ingest/perception/types.js';

const T0 = 1_700_000_000_000;
const FRAME_MS = 500; // 2 fps
const at = (k: number): number => T0 + k * FRAME_MS;

const box = (cx: number, cy: number, w = 60, h = 150): Box => ({
  x1: cx - w / 2,
  y1: cy - h / 2,
  x2: cx + w / 2,
  y2: cy + h / 2,
});
const det = (b: Box, score = 0.9, label = 'person'): Detection => ({
  box: b,
  score,
  label,
  classId: label === 'person' ? 0 : 16,
});
/** A person walking right at 40 px per frame (80 px/s) in a 640x360 frame. */
const walker = (k: number): Box => box(100 + 40 * k, 200);

const ids = (ts: Track[]): number[] => ts.map((t) => t.id);
const withBox = (ts: Track[], b: Box): Track | undefined => ts.find((t) => JSON.stringify(t.box) === JSON.stringify(b));

test('buffered IoU: equal margins keep aligned boxes at 1 and widen the gate', () => {
  const a = box(100, 100);
  const b = box(140, 100);
  assert.equal(bufferedIou(a, a, 30, 30), 1);
  assert.ok(Math.abs(bufferedIou(a, b) - 0.2) < 1e-12);
  const buffered = bufferedIou(a, b, 18, 45);
  assert.ok(Math.abs(buffered - 56 / 136) < 1e-12, `${buffered}`);
});

test('two people walking past each other at 2 fps keep their ids', () => {
  const tr = new ByteTracker();
  const A = (k: number): Box => box(100 + 40 * k, 200);
  const B = (k: number): Box => box(540 - 40 * k, 190);
  let idA: number | undefined;
  let idB: number | undefined;
  for (let k = 0; k < 12; k++) {
    const out = tr.update([det(A(k)), det(B(k), 0.85)], at(k));
    if (k === 0) {
      assert.deepEqual(out.active, []);
      continue;
    }
    assert.equal(out.active.length, 2, `frame ${k}: ${JSON.stringify(ids(out.active))}`);
    const a = withBox(out.active, A(k));
    const b = withBox(out.active, B(k));
    assert.ok(a && b, `frame ${k}: both people tracked`);
    idA ??= a.id;
    idB ??= b.id;
    assert.equal(a.id, idA, `frame ${k}: A keeps its id`);
    assert.equal(b.id, idB, `frame ${k}: B keeps its id`);
  }
  assert.notEqual(idA, idB);
  assert.equal(tr.snapshot().length, 2);
});

test('the association gate widens with elapsed time: a brisk walker (160 px/s) keeps one track', () => {
  const tr = new ByteTracker();
  const started: number[] = [];
  for (let k = 0; k < 7; k++) {
    const out = tr.update([det(box(60 + 80 * k, 200))], at(k));
    started.push(...ids(out.started));
    if (k >= 1) assert.deepEqual(ids(out.active), started, `frame ${k}`);
  }
  assert.equal(started.length, 1);
  assert.equal(tr.snapshot().length, 1);
});

test('a detection dropping to a low score for a frame keeps the track (second association)', () => {
  const tr = new ByteTracker();
  let id: number | undefined;
  for (let k = 0; k < 8; k++) {
    const out = tr.update([det(walker(k), k === 4 ? 0.3 : 0.9)], at(k));
    if (k === 1) id = out.started[0]?.id;
    if (k >= 1) {
      assert.deepEqual(ids(out.active), [id], `frame ${k}`);
      assert.deepEqual(out.lost, [], `frame ${k}`);
    }
    if (k === 4) assert.equal(out.active[0]?.score, 0.3);
  }
  assert.equal(tr.snapshot().length, 1);
  // Low detections alone never start a track.
  const fresh = new ByteTracker();
  for (let k = 0; k < 4; k++) fresh.update([det(walker(k), 0.3)], at(k));
  assert.deepEqual(fresh.snapshot(), []);
});

test('a track missing for 3 frames (1.5 s) comes back with the same id', () => {
  const tr = new ByteTracker();
  const gap = new Set([5, 6, 7]);
  let id: number | undefined;
  const startedIds: number[] = [];
  for (let k = 0; k < 12; k++) {
    const out = tr.update(gap.has(k) ? [] : [det(walker(k))], at(k));
    startedIds.push(...ids(out.started));
    if (k === 1) id = out.active[0]?.id;
    if (gap.has(k)) {
      assert.deepEqual(out.active, [], `frame ${k}`);
      assert.deepEqual(ids(out.lost), [id], `frame ${k}`);
      assert.equal(out.lost[0]?.state, 'lost');
    } else if (k >= 1) {
      assert.deepEqual(ids(out.active), [id], `frame ${k}`);
      assert.deepEqual(out.lost, []);
    }
    assert.deepEqual(out.ended, []);
  }
  assert.deepEqual(startedIds, [id]);
  const [t] = tr.snapshot();
  assert.equal(t?.hits, 9);
  assert.deepEqual(t?.trajectory.map((p) => p.ts), [0, 1, 2, 3, 4, 8, 9, 10, 11].map(at));
});

test('gone for longer than lostTtlSeconds ends the track and a new id is used', () => {
  const tr = new ByteTracker(); // lostTtlSeconds 4
  let first: number | undefined;
  const endedAt: number[] = [];
  let second: number | undefined;
  for (let k = 0; k < 18; k++) {
    const present = k <= 4 || k >= 15;
    const out = tr.update(present ? [det(box(300, 200))] : [], at(k));
    if (k === 1) first = out.started[0]?.id;
    if (out.ended.length > 0) {
      endedAt.push(k);
      assert.deepEqual(ids(out.ended), [first]);
      assert.equal(out.ended[0]?.lastSeen, at(4));
    }
    if (k > 4 && k < 13) assert.deepEqual(ids(out.lost), [first], `frame ${k} still lost`);
    if (k === 16) second = out.started[0]?.id;
  }
  // Last seen at 2.0 s; 6.5 s is the first frame more than 4 s later.
  assert.deepEqual(endedAt, [13]);
  assert.ok(first !== undefined && first > 0);
  assert.ok(second !== undefined && second > first, `new id ${second} after ${first}`);
  assert.deepEqual(ids(tr.snapshot()), [second]);
});

test('a lost track past its time ends before the next frame is associated (frames the gate skipped in between)', () => {
  const tr = new ByteTracker(); // lostTtlSeconds 4
  tr.update([det(box(300, 200))], at(0));
  const first = tr.update([det(box(300, 200))], at(1)).started[0]?.id;
  tr.update([], at(2)); // lost at 0.5 s
  // no frame detected for 4.5 s (the motion gate saw a still, empty scene), then someone walks in at the same spot
  const out = tr.update([det(box(310, 200))], at(11));
  assert.deepEqual(ids(out.ended), [first]);
  assert.ok(!ids(out.active).includes(first as number), 'the newcomer does not take the old track');
  const next = tr.update([det(box(312, 200))], at(12)).started[0]?.id;
  assert.ok(next !== undefined && next > (first as number));
});

test('a track lost at the side of the picture (it left the view) ends after exitTtlSeconds, one lost mid-picture rides out 4 s', () => {
  const frame = { width: 640, height: 360 };
  const edgeBox = box(620, 200, 40); // x2 = 640: touching the right side, narrow
  const tr = new ByteTracker();
  tr.update([det(edgeBox)], at(0), frame);
  const edge = tr.update([det(edgeBox)], at(1), frame).started[0]?.id;
  let endedAt = -1;
  for (let k = 2; k < 10 && endedAt < 0; k++) if (tr.update([], at(k), frame).ended.length > 0) endedAt = k;
  // last seen at 0.5 s; 1.5 s later is frame 4, the first frame past it is 5
  assert.equal(endedAt, 5, `ended at frame ${endedAt}`);
  assert.ok(edge !== undefined);
  // a tall box cut off by the bottom of the picture has not left
  const standing = new ByteTracker();
  const tall = { x1: 200, y1: 100, x2: 280, y2: 360 };
  standing.update([det(tall)], at(0), frame);
  standing.update([det(tall)], at(1), frame);
  for (let k = 2; k <= 6; k++) assert.equal(standing.update([], at(k), frame).ended.length, 0, `frame ${k}`);
});

test('a single-frame false positive never becomes confirmed', () => {
  const tr = new ByteTracker();
  const fp = det(box(560, 90, 50, 80), 0.95);
  const seen = new Set<number>();
  let fpId: number | undefined;
  for (let k = 0; k < 8; k++) {
    const out: TrackerOutput = tr.update(k === 3 ? [det(walker(k)), fp] : [det(walker(k))], at(k));
    for (const t of [...out.active, ...out.started, ...out.ended, ...out.lost]) seen.add(t.id);
    if (k === 3) {
      const snap = tr.snapshot();
      const t = withBox(snap, fp.box);
      assert.equal(t?.state, 'tentative');
      fpId = t?.id;
    }
    if (k === 4) assert.equal(withBox(tr.snapshot(), fp.box), undefined, 'dropped when unmatched');
  }
  assert.ok(fpId !== undefined);
  assert.ok(!seen.has(fpId), 'false positive never reported');
  assert.equal(seen.size, 1);
});

test('a confident but sub-threshold detection does not start a track', () => {
  const tr = new ByteTracker();
  for (let k = 0; k < 4; k++) tr.update([det(walker(k), 0.55)], at(k));
  assert.deepEqual(tr.snapshot(), []);
});

test('class-aware: a track only matches detections of its own label', () => {
  const run = (classAware: boolean): { out: TrackerOutput; id: number | undefined; tr: ByteTracker } => {
    const tr = new ByteTracker({ classAware });
    let id: number | undefined;
    for (let k = 0; k < 4; k++) id = tr.update([det(walker(k))], at(k)).active[0]?.id ?? id;
    const out = tr.update([det(walker(4), 0.9, 'bicycle')], at(4));
    return { out, id, tr };
  };
  const aware = run(true);
  assert.deepEqual(aware.out.active, []);
  assert.deepEqual(ids(aware.out.lost), [aware.id]);
  const bike = aware.tr.snapshot().find((t) => t.label === 'bicycle');
  assert.equal(bike?.state, 'tentative');
  assert.notEqual(bike?.id, aware.id);

  const blind = run(false);
  assert.deepEqual(ids(blind.out.active), [blind.id]);
  assert.equal(blind.out.active[0]?.label, 'person', 'a confirmed track keeps its label');
});

test('a person scored as a cat or a dog at her box (an odd picture) stays one person track; a cat on its own is a cat', () => {
  const tr = new ByteTracker();
  let id: number | undefined;
  for (let k = 0; k < 4; k++) id = tr.update([det(walker(k))], at(k)).active[0]?.id ?? id;
  for (let k = 4; k < 10; k++) {
    const out = tr.update([det(walker(k), 0.6, k % 3 === 0 ? 'dog' : 'cat')], at(k));
    assert.deepEqual(ids(out.active), [id], `frame ${k}: the same track`);
    assert.equal(out.active[0]?.label, 'person', 'the label stays person while person keeps a quarter of the votes');
  }
  const cat = new ByteTracker();
  for (let k = 0; k < 3; k++) cat.update([det(walker(k), 0.8, 'cat')], at(k));
  assert.equal(cat.snapshot()[0]?.label, 'cat');
});

test('label groups: one car scored as car, truck and bus on alternate frames is one track labelled by its votes', () => {
  const labels = ['truck', 'car', 'car', 'bus', 'truck', 'car'];
  const grouped = new ByteTracker();
  let out: TrackerOutput | undefined;
  const seen = new Set<number>();
  labels.forEach((l, k) => {
    out = grouped.update([det(walker(k), l === 'car' ? 0.8 : 0.7, l)], at(k));
    for (const t of out.active) seen.add(t.id);
  });
  assert.equal(seen.size, 1, 'one track');
  assert.equal(out?.active[0]?.label, 'car', 'at confirmation (2 hits) car led truck 0.8 to 0.7, and kept its label after');
  const first = new ByteTracker({ minHitsToConfirm: 1 });
  labels.forEach((l, k) => (out = first.update([det(walker(k), l === 'car' ? 0.8 : 0.7, l)], at(k))));
  assert.equal(out?.active[0]?.label, 'truck', 'confirmed on its first frame: the vote ends there');
  const apart = new ByteTracker({ labelGroups: [] });
  const followed = labels.map((l, k) => apart.update([det(walker(k), 0.8, l)], at(k)).active.length);
  assert.deepEqual(followed, [0, 0, 1, 0, 0, 1], 'without groups the track is lost whenever the label changes');
});

test('item groups: a bottle read as a vase for a while stays one bottle track, voted over its life; a vase alone stays a vase', () => {
  // still at one place: vase on its first frames (a tint), then mostly bottle, then vase again
  const labels = ['vase', 'vase', 'vase', 'bottle', 'bottle', 'bottle', 'vase', 'vase', 'vase', 'vase'];
  const tr = new ByteTracker();
  const seen = new Set<number>();
  const said: string[] = [];
  labels.forEach((l, k) => {
    const out = tr.update([det(box(300, 200), 0.7, l)], at(k));
    for (const t of out.active) seen.add(t.id);
    said.push(out.active[0]?.label ?? '-');
  });
  assert.equal(seen.size, 1, 'one track');
  assert.equal(said[2], 'vase', 'vase while only vase was seen');
  assert.equal(said[4], 'bottle', 'a bottle once the bottle has a quarter of the votes, after it was confirmed');
  assert.equal(said.at(-1), 'bottle', '3 of 10 frames: still the bottle');
  assert.equal(votedLabel(new Map([['vase', 0.7 * 8], ['bottle', 0.7 * 2]])), 'vase', 'under a quarter: the vase');
  assert.equal(votedLabel(new Map([['vase', 3], ['bottle', 1]])), 'bottle', 'a quarter: the item');
  assert.equal(votedLabel(new Map([['truck', 3], ['car', 1]])), 'truck', 'vehicles are no item group: the most votes');
  const vase = new ByteTracker();
  let last = '';
  for (let k = 0; k < 6; k++) last = vase.update([det(box(300, 200), 0.7, 'vase')], at(k)).active[0]?.label ?? last;
  assert.equal(last, 'vase');
});

test('trajectory downsampling keeps the first and last points in time order', () => {
  const tr = new ByteTracker({ maxTrajectoryPoints: 10 });
  const n = 41; // halvings at hits 11, 16, ..., 41: the last update halves
  for (let k = 0; k < n; k++) {
    tr.update([det(box(100 + 10 * k, 200))], at(k));
    const traj = tr.snapshot()[0]?.trajectory ?? [];
    assert.ok(traj.length <= 10, `frame ${k}: length ${traj.length}`);
    assert.equal(traj[0]?.ts, at(0), `frame ${k}: first kept`);
    assert.equal(traj.at(-1)?.ts, at(k), `frame ${k}: last kept`);
  }
  const [t] = tr.snapshot();
  assert.ok(t);
  const pts = t.trajectory;
  assert.ok(pts.length <= 10 && pts.length >= 5, `length ${pts.length}`);
  assert.equal(pts[0]?.ts, at(0));
  assert.deepEqual(pts[0]?.box, box(100, 200));
  assert.equal(pts.at(-1)?.ts, at(n - 1));
  assert.deepEqual(pts.at(-1)?.box, box(100 + 10 * (n - 1), 200));
  for (let i = 1; i < pts.length; i++) assert.ok(pts[i]!.ts > pts[i - 1]!.ts);
  assert.equal(t.hits, n);
});

test('returned tracks are copies; flush ends everything; ids keep increasing', () => {
  const tr = new ByteTracker();
  tr.update([det(walker(0))], at(0));
  const out = tr.update([det(walker(1))], at(1));
  const t = out.active[0];
  assert.ok(t);
  t.box.x1 = -999;
  t.trajectory.length = 0;
  t.state = 'lost';
  const [s] = tr.snapshot();
  assert.deepEqual(s?.box, walker(1));
  assert.equal(s?.trajectory.length, 2);
  assert.equal(s?.state, 'confirmed');

  tr.update([det(walker(2)), det(box(500, 100), 0.9)], at(2)); // plus a tentative
  const flushed = tr.flush(at(3));
  assert.deepEqual(ids(flushed), [t.id]);
  assert.deepEqual(tr.snapshot(), []);
  tr.update([det(walker(5))], at(5));
  const [next] = tr.snapshot();
  assert.ok(next && next.id > t.id + 1);
});
