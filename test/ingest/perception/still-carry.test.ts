/**
 * A person who stands still is carried by the motion gate without the detector; when motion wakes
 * the detector and she is gone, her visit ends at the last still frame that carried her, not at
 * the detection before the still stretch (a worker standing 4 s and then gone ended 4 s early).
 * A refresh that finds her gone with no motion seen keeps the last detection: she may have left
 * at any time in between.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Frame } from '../../../ingest/types.js';
import type { ObjectObservation, Observation } from '../../../ingest/observations.js';
import { CameraPerception, DETECTOR_TRACKING } from '../../../ingest/perception/pipeline.js';
import type { Detection } from '../../../ingest/perception/types.js';
import { H, scriptedDetector, T0, W } from './bench-scene.js';

const PERSON: Detection = { box: { x1: 280, y1: 60, x2: 360, y2: 300 }, score: 0.9, classId: 0, label: 'person' };

/** A frame of one grey level: a new level is motion, the same level again is a still scene. */
const frame = (ts: number, level: number): Frame => ({ camera: 'hall', seq: ts, ts, width: W, height: H, data: Buffer.alloc(W * H * 3, level) });

/** Runs frames of [ms after T0, grey level]; the person is detected while `there(ms)`. */
async function run(frames: [number, number][], there: (ms: number) => boolean): Promise<{ out: Observation[]; detected: number[] }> {
  const detected: number[] = [];
  const detector = scriptedDetector((ts) => {
    detected.push(ts - T0);
    return there(ts - T0) ? [{ ...PERSON, box: { ...PERSON.box } }] : [];
  });
  const p = new CameraPerception({ camera: 'hall', detector, detect: { scoreThreshold: 0.3, nmsIou: 0.5, maxDetections: 10 }, gate: true, keyframes: false, tracker: DETECTOR_TRACKING, reid: { low: 2, high: 2, retireAfterMs: 3600_000 } });
  const out: Observation[] = [];
  for (const [ms, level] of frames) out.push(...(await p.process(frame(T0 + ms, level))));
  // far later, so every lost track has ended
  out.push(...(await p.process(frame(T0 + 60_000, 10))));
  return { out, detected };
}

const ends = (out: Observation[]): ObjectObservation[] => out.filter((o): o is ObjectObservation => o.kind === 'object' && o.event === 'end');

/** Walks in (a new picture every frame) to 2 s, then the same picture to 8 s. */
const walkThenStill = (): [number, number][] => [
  ...Array.from({ length: 5 }, (_, i): [number, number] => [i * 500, 40 + i * 40]),
  ...Array.from({ length: 12 }, (_, i): [number, number] => [2500 + i * 500, 200]),
];

test('gone on a frame with motion: the visit ends at the last still frame that carried her', async () => {
  const frames: [number, number][] = [...walkThenStill(), [8500, 90]];
  const { out, detected } = await run(frames, (ms) => ms < 8000);
  assert.ok(!detected.includes(7500) && !detected.includes(8000), `still frames skip the detector (detected at ${detected.join(', ')})`);
  assert.ok(detected.includes(8500), 'the frame with motion runs it');
  const end = ends(out);
  assert.equal(end.length, 1);
  const visits = end[0]?.object.visits ?? [];
  assert.equal(visits.length, 1);
  assert.equal(visits[0]?.end, T0 + 8000, 'the visit reaches the last still frame (8 s)');
  assert.equal(end[0]?.object.lastSeen, T0 + 8000);
});

test('gone on a refresh with no motion: the visit keeps its last detection', async () => {
  const frames: [number, number][] = walkThenStill();
  // the person is gone from 6 s, but nothing moved; the 5 s refresh finds that
  const { out, detected } = await run(frames, (ms) => ms < 6000);
  const refresh = detected.filter((ms) => ms > 3000 && ms < 9000);
  assert.ok(refresh.length >= 1, `a refresh runs the detector (detected at ${detected.join(', ')})`);
  const lastSeenBy = Math.max(...detected.filter((ms) => ms < 6000));
  const end = ends(out);
  assert.equal(end.length, 1);
  assert.equal(end[0]?.object.visits?.[0]?.end, T0 + lastSeenBy, 'no motion was seen: the last detection stands');
});
