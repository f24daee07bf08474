/**
 * Shape descriptor for re-identification: a histogram of oriented gradients over the grey crop
 * resampled to 32x64 (8x8-pixel cells, 8 unsigned orientations), L2-normalised. Colour alone
 * cannot tell two people in dark clothes apart; silhouette, hair and sleeves can.
 */
import type { Box, RgbImage } from './types.js';

const W = 32;
const H = 64;
const CELL = 8;
const BINS = 8;

/** Length of the shape vector. */
export const SHAPE_DIM = (W / CELL) * (H / CELL) * BINS;

/**
 * Index map that mirrors a shape vector left to right: `mirrored[i] = v[SHAPE_MIRROR[i]]`. Cell
 * columns swap, and each orientation bin `b` becomes `(BINS - b) % BINS` (a gradient at angle θ
 * is at π - θ in the mirrored crop). Used to compare a person walking one way with the same
 * person walking the other way.
 */
export const SHAPE_MIRROR: Uint16Array = (() => {
  const cols = W / CELL;
  const m = new Uint16Array(SHAPE_DIM);
  for (let cy = 0; cy < H / CELL; cy++) {
    for (let cx = 0; cx < cols; cx++) {
      for (let b = 0; b < BINS; b++) m[(cy * cols + cx) * BINS + b] = (cy * cols + (cols - 1 - cx)) * BINS + ((BINS - b) % BINS);
    }
  }
  return m;
})();

/** Samples the crop to a W x H grey patch (nearest neighbour over the box). */
function greyPatch(img: RgbImage, box: Box): Float32Array {
  const p = new Float32Array(W * H);
  const bw = Math.max(1, box.x2 - box.x1);
  const bh = Math.max(1, box.y2 - box.y1);
  for (let y = 0; y < H; y++) {
    const sy = Math.min(img.height - 1, Math.max(0, Math.floor(box.y1 + ((y + 0.5) * bh) / H)));
    for (let x = 0; x < W; x++) {
      const sx = Math.min(img.width - 1, Math.max(0, Math.floor(box.x1 + ((x + 0.5) * bw) / W)));
      const i = (sy * img.width + sx) * 3;
      p[y * W + x] = 0.299 * (img.data[i] ?? 0) + 0.587 * (img.data[i + 1] ?? 0) + 0.114 * (img.data[i + 2] ?? 0);
    }
  }
  return p;
}

/** HOG-style descriptor of the crop `box` of `img`. */
export function shapeEmbedding(img: RgbImage, box: Box): Float32Array {
  const p = greyPatch(img, box);
  const v = new Float32Array(SHAPE_DIM);
  const cw = W / CELL;
  for (let y = 1; y < H - 1; y++) {
    for (let x = 1; x < W - 1; x++) {
      const gx = (p[y * W + x + 1] ?? 0) - (p[y * W + x - 1] ?? 0);
      const gy = (p[(y + 1) * W + x] ?? 0) - (p[(y - 1) * W + x] ?? 0);
      const mag = Math.hypot(gx, gy);
      if (mag === 0) continue;
      let ang = Math.atan2(gy, gx);
      if (ang < 0) ang += Math.PI;
      // bins centred on multiples of π/BINS: the mirror (θ -> π - θ) maps bins exactly, also the
      // common θ = π/2 of a horizontal edge, which would sit on a bin boundary otherwise
      const bin = Math.floor((ang / Math.PI) * BINS + 0.5) % BINS;
      const cell = Math.floor(y / CELL) * cw + Math.floor(x / CELL);
      v[cell * BINS + bin] = (v[cell * BINS + bin] ?? 0) + mag;
    }
  }
  return hellinger(v);
}

/**
 * Square-root (Hellinger) then L2 normalisation of a histogram, in place: robust to a few
 * dominant bins, and makes cosine similarity a dot product.
 */
export function hellinger(v: Float32Array): Float32Array {
  let n = 0;
  for (let i = 0; i < v.length; i++) {
    const s = Math.sqrt(v[i] ?? 0);
    v[i] = s;
    n += s * s;
  }
  n = Math.sqrt(n) || 1;
  for (let i = 0; i < v.length; i++) v[i] = (v[i] ?? 0) / n;
  return v;
}
