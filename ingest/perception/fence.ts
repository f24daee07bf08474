/**
 * A fence in front of the camera: thin dark lines across the whole picture (a chain-link fence, a
 * grille, a mesh over the lens) break every object into pieces the detector no longer knows. A
 * morphological closing (the brightest value in a small window, then the darkest) fills lines
 * thinner than the window and leaves larger shapes as they were. The camera's first detected
 * frames say whether the picture has such lines all over (a share of its pixels the closing lifts
 * by much, in every part of the picture); if so, from then on the detector sees the closed picture.
 * Colours, re-identification and keyframes keep the picture as it came.
 */
import type { RgbImage } from './types.js';

/** When a picture counts as fenced, and how it is closed. */
export interface FenceOptions {
  /** Detected frames measured before the choice. */
  probeFrames: number;
  /** Share of the picture's pixels the closing must lift by `lift` grey levels or more. */
  minShare: number;
  /** The same share in each cell of a 3 x 3 grid: lines all over, not one dark structure. */
  minCellShare: number;
  /** Grey levels a pixel must be lifted to count as on a line. */
  lift: number;
  /** Half the closing window, in pixels (2: lines up to about 4 px wide are filled). */
  radius: number;
}

/**
 * Defaults: a chain-link fence (dark 2 px wires every 34 px at 480 px wide, laid over a parking lot)
 * lifts 14 % of the pixels, 13.7 % in its least-lifted cell; the shared clips 0.3-1.6 %, except the
 * store aisle (shelves of goods: 11.8 %, but 5.3 % in its least cell); fifteen blind-set recordings
 * 0-2.3 % (BENCHMARKS.md).
 */
export const DEFAULT_FENCE: FenceOptions = { probeFrames: 4, minShare: 0.1, minCellShare: 0.09, lift: 24, radius: 2 };

/**
 * One pass of a running max (or min) of width `2r + 1` along a line of a planar channel: `n` lines
 * of `m` values, value `b` of line `a` at `a * along + b * step`.
 */
function pass(src: Uint8Array, dst: Uint8Array, n: number, m: number, along: number, step: number, r: number, max: boolean): void {
  for (let a = 0; a < n; a++) {
    const base = a * along;
    for (let b = 0; b < m; b++) {
      const lo = b - r < 0 ? 0 : b - r;
      const hi = b + r >= m ? m - 1 : b + r;
      let best = src[base + lo * step] as number;
      if (max) {
        for (let k = lo + 1; k <= hi; k++) best = Math.max(best, src[base + k * step] as number);
      } else {
        for (let k = lo + 1; k <= hi; k++) best = Math.min(best, src[base + k * step] as number);
      }
      dst[base + b * step] = best;
    }
  }
}

/** The closing (dilation, then erosion) of one planar channel. */
function closePlane(plane: Uint8Array, w: number, h: number, r: number): Uint8Array {
  const a = new Uint8Array(plane.length);
  const b = new Uint8Array(plane.length);
  // along rows (h lines of w), then along columns (w lines of h)
  pass(plane, a, h, w, w, 1, r, true);
  pass(a, b, w, h, 1, w, r, true);
  pass(b, a, h, w, w, 1, r, false);
  pass(a, b, w, h, 1, w, r, false);
  return b;
}

/** The picture closed channel by channel: thin dark lines filled. */
export function closeImage(img: RgbImage, radius = DEFAULT_FENCE.radius): Uint8Array {
  const { width: w, height: h, data } = img;
  const out = new Uint8Array(data.length);
  const plane = new Uint8Array(w * h);
  for (let ch = 0; ch < 3; ch++) {
    for (let i = 0; i < w * h; i++) plane[i] = data[i * 3 + ch] as number;
    const closed = closePlane(plane, w, h, radius);
    for (let i = 0; i < w * h; i++) out[i * 3 + ch] = closed[i] as number;
  }
  return out;
}

/** The share of the picture's pixels the closing lifts by `lift` or more, overall and in its least-lifted cell of a 3 x 3 grid. */
export function fenceShare(img: RgbImage, o: FenceOptions = DEFAULT_FENCE): { share: number; minCell: number } {
  const { width: w, height: h, data } = img;
  const grey = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) grey[i] = ((data[i * 3] as number) + (data[i * 3 + 1] as number) + (data[i * 3 + 2] as number)) / 3;
  const closed = closePlane(grey, w, h, o.radius);
  const cells = new Array<number>(9).fill(0);
  let all = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if ((closed[i] as number) - (grey[i] as number) < o.lift) continue;
      all++;
      const cell = Math.min(2, Math.floor((3 * y) / h)) * 3 + Math.min(2, Math.floor((3 * x) / w));
      cells[cell] = (cells[cell] ?? 0) + 1;
    }
  }
  const cellPixels = (w * h) / 9;
  return { share: all / (w * h), minCell: Math.min(...cells) / cellPixels };
}

/** Whether a camera's picture is fenced, decided on its first detected frames, and the picture the detector sees. */
export class FenceScreen {
  private readonly shares: { share: number; minCell: number }[] = [];
  private fenced: boolean | null = null;

  constructor(private readonly o: FenceOptions = DEFAULT_FENCE) {}

  /** True or false once decided; null while the first frames are measured. */
  get decided(): boolean | null {
    return this.fenced;
  }

  /** The picture for the detector: closed when the camera is fenced, else `img` itself. */
  screen<T extends RgbImage>(img: T): T {
    if (this.fenced === null) this.measure(img);
    return this.fenced ? { ...img, data: Buffer.from(closeImage(img, this.o.radius)) } : img;
  }

  private measure(img: RgbImage): void {
    this.shares.push(fenceShare(img, this.o));
    if (this.shares.length < this.o.probeFrames) return;
    // most of the measured frames fenced (a car passing close can hide the fence in one of them)
    const yes = this.shares.filter((s) => s.share >= this.o.minShare && s.minCell >= this.o.minCellShare).length;
    this.fenced = yes * 2 > this.shares.length;
  }
}
