/**
 * Pieces of `bench/detector-fusion.ts`: fusing two detectors' boxes by plain label, the crop around
 * motion and tracked boxes that a Frigate-style region detector would run on, and the per-frame
 * truth of the shared clips that both experiments are scored against.
 */
import { labelGroup } from '../ingest/perception/label-groups.js';
import { nms } from '../ingest/perception/postprocess.js';
import type { Box, Detection, RgbImage } from '../ingest/perception/types.js';
import { BOTTLE_IN_HAND, BOTTLES_PER_SECOND, ONE_BY_ONE_PEOPLE } from '../test/fixtures/truth.js';

/**
 * Class-aware NMS over the detections of several detectors: labels are mapped to their group
 * (an OIDv4 "vehicle" and a COCO "car" are one class), the highest score wins and any box of the
 * same group overlapping it by more than `iouThreshold` is dropped. Output labels are the winners'.
 */
export function fuseDetections(sets: readonly (readonly Detection[])[], iouThreshold = 0.5, group = labelGroup()): Detection[] {
  // the detector's own class-aware NMS, with each label group as one class
  const keys = new Map<string, number>();
  const source = new Map<Detection, Detection>();
  const grouped = sets.flat().map((d) => {
    const g = group(d.label);
    if (!keys.has(g)) keys.set(g, keys.size);
    const x = { ...d, classId: keys.get(g) as number };
    source.set(x, d);
    return x;
  });
  return nms(grouped, iouThreshold).map((x) => source.get(x) as Detection);
}

/** Options of {@link regionAround}. */
export interface RegionOptions {
  /** Padding on each side, as a fraction of the union's width and height. */
  pad: number;
  /** Smallest crop (frame pixels), so small motion is not magnified past what the model can use. */
  minWidth: number;
  minHeight: number;
  /** Aspect ratio (width / height) the crop is widened to: the model input's, so nothing is letterboxed. */
  aspect: number;
}

/**
 * The crop a region detector runs on: the union of `boxes` (motion and tracked objects), padded,
 * at least the minimum size, widened to `aspect`, shifted inside the frame (clamped to it when
 * larger). Null when there are no boxes (the caller runs the whole frame).
 */
export function regionAround(boxes: readonly Box[], width: number, height: number, o: RegionOptions): Box | null {
  if (boxes.length === 0) return null;
  const ux1 = Math.min(...boxes.map((b) => b.x1));
  const uy1 = Math.min(...boxes.map((b) => b.y1));
  const ux2 = Math.max(...boxes.map((b) => b.x2));
  const uy2 = Math.max(...boxes.map((b) => b.y2));
  let w = Math.max((ux2 - ux1) * (1 + 2 * o.pad), o.minWidth);
  let h = Math.max((uy2 - uy1) * (1 + 2 * o.pad), o.minHeight);
  if (w / h < o.aspect) w = h * o.aspect;
  else h = w / o.aspect;
  w = Math.min(w, width);
  h = Math.min(h, height);
  const x1 = Math.min(Math.max((ux1 + ux2) / 2 - w / 2, 0), width - w);
  const y1 = Math.min(Math.max((uy1 + uy2) / 2 - h / 2, 0), height - h);
  return { x1: Math.round(x1), y1: Math.round(y1), x2: Math.round(x1 + w), y2: Math.round(y1 + h) };
}

/** Copies the pixels of `r` (integer frame pixels) out of `img`. */
export function cropRgb(img: RgbImage, r: Box): RgbImage {
  const w = r.x2 - r.x1;
  const h = r.y2 - r.y1;
  const out = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    const src = ((r.y1 + y) * img.width + r.x1) * 3;
    out.set(img.data.subarray(src, src + w * 3), y * w * 3);
  }
  return { width: w, height: h, data: out };
}

/** Moves detections made on a crop at `r` back to frame pixels. */
export function fromCrop(dets: readonly Detection[], r: Box): Detection[] {
  return dets.map((d) => ({ ...d, box: { x1: d.box.x1 + r.x1, y1: d.box.y1 + r.y1, x2: d.box.x2 + r.x1, y2: d.box.y2 + r.y1 } }));
}

/** Fraction of a `width x height` frame that `r` covers. */
export function coverage(r: Box | null, width: number, height: number): number {
  return r ? ((r.x2 - r.x1) * (r.y2 - r.y1)) / (width * height) : 0;
}

/** What one frame should show: counts per label group; undefined where the truth is unsure (arrivals, a bottle in the hand). */
export type FrameTruth = (t: number) => Readonly<Record<string, number>> | undefined;

/** A clip of the benchmark with its per-frame truth. */
export interface TruthClip {
  file: string;
  /** Analysis rate (as the tests replay it). */
  fps: number;
  truth: FrameTruth;
}

const within = (t: number, [a, b]: [number, number], margin: number): 'in' | 'out' | 'edge' =>
  t >= a + margin && t <= b - margin ? 'in' : t < a - margin || t > b + margin ? 'out' : 'edge';

/**
 * The clips: the two long ones at 2 fps (as the accuracy test) and the three short ones at 6 fps (as
 * the short-clip tests), with the truth of `test/fixtures/truth.ts` and the short-clip tests'
 * expectations turned into per-frame counts (the second around an arrival or departure is left out).
 */
export const TRUTH_CLIPS: readonly TruthClip[] = [
  {
    file: 'one-by-one-person-detection.mp4',
    fps: 2,
    truth: (t) => {
      const states = ONE_BY_ONE_PEOPLE.map((p) => within(t, p, 1));
      if (states.includes('edge')) return undefined;
      return { person: states.includes('in') ? 1 : 0 };
    },
  },
  {
    file: 'bottle-detection.mp4',
    fps: 2,
    truth: (t) => {
      const s = Math.floor(t);
      return s < 1 || BOTTLE_IN_HAND.has(s) || s >= BOTTLES_PER_SECOND.length ? undefined : { bottle: BOTTLES_PER_SECOND[s]! };
    },
  },
  { file: 'person-bicycle-car-detection.mp4', fps: 6, truth: (t) => (t < 1 ? { car: 1, person: 2 } : t >= 1.5 ? { car: 1, person: 1 } : undefined) },
  { file: 'worker-zone-detection.mp4', fps: 6, truth: () => ({ person: 1 }) },
  { file: 'store-aisle-detection.mp4', fps: 6, truth: (t) => (t < 1 ? { person: 2 } : t >= 2.5 ? { person: 3 } : undefined) },
];

/** Per-frame score against a {@link FrameTruth}: frames with every count right, and the summed count error. */
export class CountScore {
  frames = 0;
  exact = 0;
  absError = 0;
  private readonly group = labelGroup();

  /** Scores the detections of one frame (labels counted by group) against `want`. */
  add(dets: readonly Detection[], want: Readonly<Record<string, number>>): void {
    let err = 0;
    for (const [label, n] of Object.entries(want)) err += Math.abs(dets.filter((d) => this.group(d.label) === label).length - n);
    this.frames++;
    if (err === 0) this.exact++;
    this.absError += err;
  }

  /** `{frames, exact_pct, mean_abs_error}` for the JSON. */
  summary(): { frames: number; exact_pct: number; mean_abs_error: number } {
    return { frames: this.frames, exact_pct: +((100 * this.exact) / Math.max(1, this.frames)).toFixed(1), mean_abs_error: +(this.absError / Math.max(1, this.frames)).toFixed(3) };
  }
}
