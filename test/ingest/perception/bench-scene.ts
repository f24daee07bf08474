/**
 * The scripted bench scene of the live-count tests: bottles standing at fixed places on a
 * 640x360 frame, a detector that returns what a script puts in each frame, and one camera's
 * perception with a zone `bench` over the lower half (appearance never joins two tracks there:
 * only the place can).
 */
import type { Observation } from '../../../ingest/observations.js';
import { CameraPerception } from '../../../ingest/perception/pipeline.js';
import type { Box, Detection, Detector } from '../../../ingest/perception/types.js';
import type { Frame } from '../../../ingest/types.js';

export const W = 640;
export const H = 360;
export const T0 = Date.parse('2026-01-05T10:00:00Z');
/** Where bottles a, b and c stand; d is a place no bottle stands on. */
export const PLACES: Record<'a' | 'b' | 'c' | 'd', Box> = {
  a: { x1: 100, y1: 200, x2: 140, y2: 300 },
  b: { x1: 300, y1: 200, x2: 340, y2: 300 },
  c: { x1: 500, y1: 200, x2: 540, y2: 300 },
  d: { x1: 200, y1: 220, x2: 240, y2: 320 },
};

/** A bottle detection at a place. */
export const bottle = (place: keyof typeof PLACES, score = 0.8): Detection => ({ box: { ...PLACES[place] }, score, classId: 0, label: 'bottle' });

/** A detector returning, for each frame, the detections the script gives for its time. */
export function scriptedDetector(at: (ts: number) => Detection[]): Detector {
  return {
    model: 'script',
    backend: 'test',
    labels: ['bottle'],
    load: () => Promise.resolve(),
    dispose: () => Promise.resolve(),
    detect: (img): Promise<Detection[]> => Promise.resolve(at((img as Frame).ts)),
  };
}

/** Confident bottles at the places the script names for each frame. */
export const bottlesAt = (at: (ts: number) => string[]): ((ts: number) => Detection[]) => (ts) => at(ts).map((k) => bottle(k as keyof typeof PLACES));

/** The bench camera's perception over a scripted detector. */
export function benchPerception(at: (ts: number) => Detection[], o: { holdMs?: number; scoreThreshold?: number } = {}): CameraPerception {
  return new CameraPerception({
    camera: 'bench',
    detector: scriptedDetector(at),
    detect: { scoreThreshold: o.scoreThreshold ?? 0.3, nmsIou: 0.5, maxDetections: 10 },
    gate: false,
    keyframes: false,
    zones: [{ id: 'bench', polygon: [[0, 0.5], [1, 0.5], [1, 1], [0, 1]] }],
    reid: { low: 2, high: 2, retireAfterMs: 3600_000 },
    ...(o.holdMs !== undefined ? { holdMs: o.holdMs } : {}),
  });
}

/** A flat grey frame of the bench camera at `ts`. */
export const benchFrame = (ts: number): Frame => ({ camera: 'bench', seq: ts, ts, width: W, height: H, data: Buffer.alloc(W * H * 3, 90) });

/** Every observation of the frames at `times`. */
export async function runFrames(p: CameraPerception, times: number[]): Promise<Observation[]> {
  const out: Observation[] = [];
  for (const t of times) out.push(...(await p.process(benchFrame(t))));
  return out;
}
