/**
 * Shared probe slots stagger the `auto` orientation's probe across cameras: a camera without a
 * slot detects the picture as it comes (one view, not five) and its frames count for nothing in
 * its probe; it probes once the camera ahead of it has chosen and freed the slot.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CameraPerception } from '../../../ingest/perception/pipeline.js';
import { ProbeSlots } from '../../../ingest/perception/probe-slots.js';
import type { Detection, Detector } from '../../../ingest/perception/types.js';
import type { Frame } from '../../../ingest/types.js';

const W = 64;
const H = 36;
/** A frame whose content changes every time (so the motion gate detects each). */
const frame = (camera: string, ts: number): Frame => ({ camera, seq: ts, ts, width: W, height: H, data: Buffer.alloc(W * H * 3, (ts / 500) % 2 ? 40 : 200) });

/** A detector that sees one person on every view and counts its calls. */
function counting(): Detector & { calls: number } {
  const d = {
    model: 'fake',
    backend: 'test',
    labels: ['person'],
    calls: 0,
    load: () => Promise.resolve(),
    dispose: () => Promise.resolve(),
    detect: (): Promise<Detection[]> => {
      d.calls++;
      return Promise.resolve([{ box: { x1: 10, y1: 5, x2: 30, y2: 34 }, score: 0.9, classId: 0, label: 'person' }]);
    },
  };
  return d;
}

const PROBE = { frames: 2, maxFrames: 10, ratio: 1.5, minScore: 0.3, waitFrames: 5 };

test('with one shared slot, the second camera detects one view a frame and waits; it probes once the first has chosen', async () => {
  const slots = new ProbeSlots(1);
  const da = counting();
  const db = counting();
  const opts = { detect: { scoreThreshold: 0.3, nmsIou: 0.5, maxDetections: 10 }, gate: false, keyframes: false, orientation: 'auto' as const, orientationProbe: PROBE, probeSlots: slots };
  const a = new CameraPerception({ camera: 'a', detector: da, ...opts });
  const b = new CameraPerception({ camera: 'b', detector: db, ...opts });
  await a.process(frame('a', 0));
  await b.process(frame('b', 0));
  assert.equal(da.calls, 5, 'the first camera probes five views');
  assert.equal(db.calls, 1, 'the second detects the picture as it comes');
  assert.match(b.orientationStatus().reason, /waiting to probe/);
  assert.equal(b.orientationStatus().mode, 'probing');
  // the first camera decides on its second frame that saw anything (upright: all views alike) and frees the slot
  await a.process(frame('a', 500));
  assert.equal(a.orientationStatus().mode, 'chosen');
  assert.equal(slots.held, 0);
  await b.process(frame('b', 500));
  assert.equal(db.calls, 6, 'now the second probes');
  await b.process(frame('b', 1000));
  assert.equal(b.orientationStatus().mode, 'chosen', 'after its own two probed frames');
  assert.equal(slots.held, 0);
});
