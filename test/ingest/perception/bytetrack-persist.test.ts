/**
 * A still thing the detector scores under the new-track score starts a track once it stayed put
 * for `persistFrames` detected frames (or at once on a known resting place); a person standing
 * still, after the frames the daemon's rule gives movers; a moving detection, or a tracker without
 * `persistStart`, never starts one from such scores.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ByteTracker, type ByteTrackerOptions } from '../../../ingest/perception/bytetrack.js';
import { DETECTOR_TRACKING, MOVER_PERSIST_FRAMES, STILL_LOW_PERSIST_FRAMES } from '../../../ingest/perception/pipeline.js';
import type { Box, Detection } from '../../../ingest/perception/types.js';

const T0 = 1_700_000_000_000;
const at = (k: number): number => T0 + k * 500;
const box = (cx: number, cy = 200): Box => ({ x1: cx - 30, y1: cy - 80, x2: cx + 30, y2: cy + 80 });
const det = (b: Box, label = 'bottle', score = 0.33): Detection => ({ box: b, score, label, classId: label === 'person' ? 0 : 39 });
/** The thresholds the daemon runs the bundled detectors with (pipeline.ts), still things apart from people. */
const OPTS: ByteTrackerOptions = { highThreshold: 0.3, lowThreshold: 0.15, newTrackThreshold: 0.35, persistStart: (l) => l !== 'person' };

/** Frame index at which the tracker first reports a confirmed track, over `n` frames of `dets(k)`. */
function confirmedAt(tr: ByteTracker, n: number, dets: (k: number) => Detection[]): number | null {
  for (let k = 0; k < n; k++) {
    const out = tr.update(dets(k), at(k));
    if (out.active.length > 0) return k;
  }
  return null;
}

test('a bottle at 0.33 that stays put starts a track after four detected frames, and is confirmed on the next', () => {
  const tr = new ByteTracker(OPTS);
  assert.equal(confirmedAt(tr, 10, () => [det(box(200))]), 4);
});

test('the tracker watches such a detection (the next frame should be detected) until it starts', () => {
  const tr = new ByteTracker(OPTS);
  tr.update([det(box(200))], at(0));
  assert.equal(tr.watching, true);
  tr.update([], at(1));
  assert.equal(tr.watching, false, 'gone for a frame: followed no more');
});

test('a person standing at a shelf scored 0.31 on every frame starts a track after the movers\' frames, not before', () => {
  const person = (): Detection[] => [det(box(200), 'person', 0.31)];
  assert.equal(confirmedAt(new ByteTracker(DETECTOR_TRACKING), 30, person), MOVER_PERSIST_FRAMES);
  assert.ok(MOVER_PERSIST_FRAMES > 4, 'a mover needs longer than a still thing');
  // walking (a new place each frame): never
  assert.equal(confirmedAt(new ByteTracker(DETECTOR_TRACKING), 30, (k) => [det(box(100 + 25 * k), 'person', 0.31)]), null);
});

test('never from such scores: without persistStart, for a label it excludes, or for a detection that moves', () => {
  assert.equal(confirmedAt(new ByteTracker({ ...OPTS, persistStart: undefined }), 10, () => [det(box(200))]), null);
  assert.equal(confirmedAt(new ByteTracker(OPTS), 10, () => [det(box(200), 'person')]), null);
  assert.equal(confirmedAt(new ByteTracker(OPTS), 10, (k) => [det(box(200 + 25 * k))]), null);
  // under the high threshold: never, however long it stays
  assert.equal(confirmedAt(new ByteTracker(OPTS), 10, () => [det(box(200), 'bottle', 0.25)]), null);
});

test('on a known resting place (a thing put back) it starts at once', () => {
  const tr = new ByteTracker({ ...OPTS, knownPlace: (d) => d.box.x1 === box(200).x1 });
  assert.equal(confirmedAt(tr, 10, () => [det(box(200))]), 1);
});

test('a still thing under the high score on every frame (a bottle at 0.25 under heavy grain) starts a confirmed track after persistLowFrames', () => {
  const low = (): Detection[] => [det(box(200), 'bottle', 0.25)];
  assert.equal(confirmedAt(new ByteTracker(DETECTOR_TRACKING), 20, low), STILL_LOW_PERSIST_FRAMES - 1, 'confirmed on the frame it started');
  // not a mover, not one that moves, not without the setting
  assert.equal(confirmedAt(new ByteTracker(DETECTOR_TRACKING), 30, () => [det(box(200), 'person', 0.25)]), null);
  assert.equal(confirmedAt(new ByteTracker(DETECTOR_TRACKING), 20, (k) => [det(box(200 + 25 * k), 'bottle', 0.25)]), null);
  assert.equal(confirmedAt(new ByteTracker({ ...DETECTOR_TRACKING, persistLowFrames: 0 }), 20, low), null);
  // a single frame under it breaks the run
  assert.equal(confirmedAt(new ByteTracker(DETECTOR_TRACKING), 20, (k) => (k === 3 ? [] : low())), 3 + STILL_LOW_PERSIST_FRAMES);
});

test('a lost still thing is found again by a low detection where it stands (one track, not a new one)', () => {
  const tr = new ByteTracker(DETECTOR_TRACKING);
  for (let k = 0; k < 3; k++) tr.update([det(box(200), 'bottle', 0.4)], at(k));
  tr.update([], at(3)); // missed: lost
  const out = tr.update([det(box(200), 'bottle', 0.22)], at(4));
  assert.equal(out.active.length, 1);
  assert.equal(out.active[0]!.id, 1, 'the same track');
  // a lost person is not taken back by a low detection
  const tp = new ByteTracker(DETECTOR_TRACKING);
  for (let k = 0; k < 3; k++) tp.update([det(box(200), 'person', 0.5)], at(k));
  tp.update([], at(3));
  assert.equal(tp.update([det(box(200), 'person', 0.22)], at(4)).active.length, 0);
});
