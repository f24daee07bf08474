/**
 * A scripted doorway for the identity tests: one person box in a 320x240 frame, a figure in
 * horizontal stripes or in checks (unlike each other to the built-in embedding), a detector that
 * sees a person whenever the script puts one there, and the default re-ID.
 */
import type { FrameObservation, ObjectObservation, Observation } from '../../../ingest/observations.js';
import { CameraPerception } from '../../../ingest/perception/pipeline.js';
import type { Box, Detection } from '../../../ingest/perception/types.js';
import type { Frame } from '../../../ingest/types.js';
import { scriptedDetector } from './bench-scene.js';

export const W = 320;
export const H = 240;
export const T0 = Date.parse('2026-01-05T10:00:00Z');
/** Where the person stands. */
export const BOX: Box = { x1: 120, y1: 30, x2: 200, y2: 230 };
/** Who stands in the door: stripes, checks, or nobody. */
export type Who = 'stripes' | 'checks' | null;

/** A frame with one figure in BOX: horizontal stripes or a checkerboard, on a light wall. */
export function frameOf(who: Who, ts: number): Frame {
  const data = Buffer.alloc(W * H * 3, 225);
  if (who) {
    for (let y = BOX.y1 + 4; y < BOX.y2 - 4; y++) {
      for (let x = BOX.x1 + 6; x < BOX.x2 - 6; x++) {
        const dark = who === 'stripes' ? (y >> 3) % 2 === 0 : ((x >> 4) + (y >> 4)) % 2 === 0;
        data.set(dark ? [30, 40, 60] : who === 'stripes' ? [150, 60, 50] : [70, 140, 70], (y * W + x) * 3);
      }
    }
  }
  return { camera: 'door', seq: ts, ts, width: W, height: H, data };
}

const person = (): Detection => ({ box: { ...BOX }, score: 0.9, classId: 0, label: 'person' });

/** Runs a pipeline with the default re-ID over the script of who stands in the door (seconds), every 500 ms. */
export async function runDoor(script: (s: number) => Who, untilMs: number): Promise<Observation[]> {
  let who: Who = null;
  const cam = new CameraPerception({ camera: 'door', detector: scriptedDetector(() => (who ? [person()] : [])), detect: { scoreThreshold: 0.3, nmsIou: 0.5, maxDetections: 5 }, gate: false, keyframes: false });
  const out: Observation[] = [];
  for (let ms = 0; ms <= untilMs; ms += 500) {
    who = script(ms / 1000);
    out.push(...(await cam.process(frameOf(who, T0 + ms))));
  }
  return out;
}

/** The object observations. */
export const objects = (obs: Observation[]): ObjectObservation[] => obs.filter((o): o is ObjectObservation => o.kind === 'object');

/** The frame observation at `s` seconds. */
export const frameAt = (obs: Observation[], s: number): FrameObservation | undefined => obs.find((o): o is FrameObservation => o.kind === 'frame' && o.ts === T0 + s * 1000);
