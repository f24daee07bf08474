/**
 * Image preparation for detectors: fast RGB resizing in plain TypeScript (bilinear or area) and
 * letterboxing (aspect-preserving resize centred on gray padding) straight into the float tensor
 * a model takes, with the geometry needed to map boxes back to original pixels.
 */
import type { Box, RgbImage } from './types.js';

/** Geometry of one letterbox: `input = original * scale + pad`. */
export interface LetterboxInfo {
  /** Model input size in pixels. */
  width: number;
  height: number;
  /** Original image size in pixels. */
  srcWidth: number;
  srcHeight: number;
  /** Uniform scale from original to input pixels. */
  scale: number;
  /** Size of the resized image inside the padding. */
  resizedWidth: number;
  resizedHeight: number;
  /** Left and top padding in input pixels. */
  padX: number;
  padY: number;
}

/** How pixels are laid out and normalised in the float tensor. */
export interface TensorFormat {
  /** `hwc` = [H, W, 3] (TF.js NHWC), `chw` = [3, H, W] (ONNX NCHW). */
  layout: 'hwc' | 'chw';
  /** Channel order in the tensor. Default `rgb`. */
  channels?: 'rgb' | 'bgr';
  /** Subtracted per tensor channel, in 0..255 units. Default 0. */
  mean?: readonly [number, number, number];
  /** Divides per tensor channel after the mean, in 0..255 units. Default 1 (use 255 for 0..1). */
  std?: readonly [number, number, number];
}

/** Resize methods: `auto` takes `area` when shrinking by 2x or more, else `bilinear`. */
export type ResizeMethod = 'bilinear' | 'area' | 'auto';

/** Computes the letterbox geometry of a `srcWidth x srcHeight` image into `width x height`. */
export function letterboxGeometry(srcWidth: number, srcHeight: number, width: number, height: number): LetterboxInfo {
  if (srcWidth <= 0 || srcHeight <= 0 || width <= 0 || height <= 0) {
    throw new Error(`letterbox: bad sizes ${srcWidth}x${srcHeight} -> ${width}x${height}`);
  }
  const scale = Math.min(width / srcWidth, height / srcHeight);
  const resizedWidth = Math.max(1, Math.min(width, Math.round(srcWidth * scale)));
  const resizedHeight = Math.max(1, Math.min(height, Math.round(srcHeight * scale)));
  const padX = Math.floor((width - resizedWidth) / 2);
  const padY = Math.floor((height - resizedHeight) / 2);
  return { width, height, srcWidth, srcHeight, scale, resizedWidth, resizedHeight, padX, padY };
}

/** Maps a box in model-input pixels back to original pixels (clipped to the image unless `clip` is false). */
export function unletterboxBox(box: Box, info: LetterboxInfo, clip = true): Box {
  const sx = info.resizedWidth / info.srcWidth;
  const sy = info.resizedHeight / info.srcHeight;
  const out = {
    x1: (box.x1 - info.padX) / sx,
    y1: (box.y1 - info.padY) / sy,
    x2: (box.x2 - info.padX) / sx,
    y2: (box.y2 - info.padY) / sy,
  };
  if (!clip) return out;
  return {
    x1: Math.min(Math.max(out.x1, 0), info.srcWidth),
    y1: Math.min(Math.max(out.y1, 0), info.srcHeight),
    x2: Math.min(Math.max(out.x2, 0), info.srcWidth),
    y2: Math.min(Math.max(out.y2, 0), info.srcHeight),
  };
}

/** Maps a box in original pixels into model-input pixels (the inverse of {@link unletterboxBox}). */
export function letterboxBox(box: Box, info: LetterboxInfo): Box {
  const sx = info.resizedWidth / info.srcWidth;
  const sy = info.resizedHeight / info.srcHeight;
  return { x1: box.x1 * sx + info.padX, y1: box.y1 * sy + info.padY, x2: box.x2 * sx + info.padX, y2: box.y2 * sy + info.padY };
}

function checkImage(img: RgbImage): void {
  if (img.width <= 0 || img.height <= 0 || img.data.length < img.width * img.height * 3) {
    throw new Error(`bad RgbImage ${img.width}x${img.height} with ${img.data.length} bytes`);
  }
}

/**
 * Reusable output buffers for a detector that letterboxes one frame at a time: the resized image
 * and the float tensor are written into the same memory on every frame instead of 2 MB of new
 * garbage per detection (which held tens of MB of RSS between garbage collections). The returned
 * tensor is overwritten by the next call, so only a caller that is done with it before then
 * (a serial queue) may pass one.
 */
export class LetterboxBuffers {
  private f = new Float32Array(0);
  private u = new Uint8Array(0);
  /** A float array of `n` elements (the same one while `n` does not change). */
  float(n: number): Float32Array {
    if (this.f.length !== n) this.f = new Float32Array(n);
    return this.f;
  }
  /** A byte array of `n` elements (the same one while `n` does not change). */
  bytes(n: number): Uint8Array {
    if (this.u.length !== n) this.u = new Uint8Array(n);
    return this.u;
  }
}

/** Bilinear resize with half-pixel centres and 8-bit fixed-point weights. */
function resizeBilinear(src: RgbImage, width: number, height: number, into?: LetterboxBuffers): RgbImage {
  const { width: sw, height: sh, data: s } = src;
  const out = into ? into.bytes(width * height * 3) : new Uint8Array(width * height * 3);
  const x0 = new Int32Array(width);
  const x1 = new Int32Array(width);
  const wx = new Int32Array(width);
  const fx = sw / width;
  for (let x = 0; x < width; x++) {
    const p = Math.min(Math.max((x + 0.5) * fx - 0.5, 0), sw - 1);
    const i = Math.floor(p);
    x0[x] = i * 3;
    x1[x] = Math.min(i + 1, sw - 1) * 3;
    wx[x] = Math.round((p - i) * 256);
  }
  const fy = sh / height;
  let o = 0;
  for (let y = 0; y < height; y++) {
    const p = Math.min(Math.max((y + 0.5) * fy - 0.5, 0), sh - 1);
    const j = Math.floor(p);
    const r0 = j * sw * 3;
    const r1 = Math.min(j + 1, sh - 1) * sw * 3;
    const wy = Math.round((p - j) * 256);
    const wy0 = 256 - wy;
    for (let x = 0; x < width; x++) {
      const a = x0[x]!;
      const b = x1[x]!;
      const w1 = wx[x]!;
      const w0 = 256 - w1;
      for (let c = 0; c < 3; c++) {
        const top = s[r0 + a + c]! * w0 + s[r0 + b + c]! * w1;
        const bot = s[r1 + a + c]! * w0 + s[r1 + b + c]! * w1;
        out[o++] = (top * wy0 + bot * wy + 32768) >> 16;
      }
    }
  }
  return { width, height, data: out };
}

/**
 * Per-axis area weights: for each output index, the covered source indices and their coverage
 * as 8-bit fixed-point weights summing to exactly 256.
 */
function areaTaps(srcLen: number, dstLen: number): { start: Int32Array; idx: Int32Array; w: Int32Array } {
  const f = srcLen / dstLen;
  const start = new Int32Array(dstLen + 1);
  const idx: number[] = [];
  const w: number[] = [];
  for (let d = 0; d < dstLen; d++) {
    start[d] = idx.length;
    const a = d * f;
    const b = Math.min((d + 1) * f, srcLen);
    let sum = 0;
    let big = idx.length;
    for (let i = Math.floor(a); i < b; i++) {
      const wi = Math.round(((Math.min(i + 1, b) - Math.max(i, a)) / (b - a)) * 256);
      if (wi <= 0) continue;
      if (wi > (w[big] ?? 0)) big = idx.length;
      idx.push(i);
      w.push(wi);
      sum += wi;
    }
    w[big] = (w[big] ?? 0) + 256 - sum;
  }
  start[dstLen] = idx.length;
  return { start, idx: Int32Array.from(idx), w: Int32Array.from(w) };
}

/** Area (box-filter) resize: each output pixel averages the source pixels it covers (integer maths). */
function resizeArea(src: RgbImage, width: number, height: number, into?: LetterboxBuffers): RgbImage {
  const { width: sw, height: sh, data: s } = src;
  const { start: xs, idx: xi, w: xw } = areaTaps(sw, width);
  const { start: ys, idx: yi, w: yw } = areaTaps(sh, height);
  const stride = width * 3;
  const rows = new Int32Array(sh * stride);
  for (let y = 0; y < sh; y++) {
    const ri = y * sw * 3;
    let o = y * stride;
    for (let x = 0; x < width; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      const end = xs[x + 1]!;
      for (let k = xs[x]!; k < end; k++) {
        const i = ri + xi[k]! * 3;
        const wk = xw[k]!;
        r += s[i]! * wk;
        g += s[i + 1]! * wk;
        b += s[i + 2]! * wk;
      }
      rows[o++] = r;
      rows[o++] = g;
      rows[o++] = b;
    }
  }
  const out = into ? into.bytes(width * height * 3) : new Uint8Array(width * height * 3);
  const acc = new Int32Array(stride);
  for (let y = 0; y < height; y++) {
    acc.fill(0);
    const end = ys[y + 1]!;
    for (let k = ys[y]!; k < end; k++) {
      const ri = yi[k]! * stride;
      const wk = yw[k]!;
      for (let i = 0; i < stride; i++) acc[i] = acc[i]! + rows[ri + i]! * wk;
    }
    const o = y * stride;
    for (let i = 0; i < stride; i++) out[o + i] = (acc[i]! + 32768) >> 16;
  }
  return { width, height, data: out };
}

/**
 * Resizes a packed RGB image. `bilinear` is cheapest; `area` averages every covered source pixel
 * (no aliasing when shrinking a lot); `auto` (default) picks `area` when shrinking by 2x or more.
 */
export function resizeRgb(src: RgbImage, width: number, height: number, method: ResizeMethod = 'auto', into?: LetterboxBuffers): RgbImage {
  checkImage(src);
  if (width === src.width && height === src.height) return src;
  const shrink = Math.min(src.width / width, src.height / height);
  return method === 'area' || (method === 'auto' && shrink >= 2)
    ? resizeArea(src, width, height, into)
    : resizeBilinear(src, width, height, into);
}

/**
 * Letterboxes `src` into a `width x height` float tensor (batch of one, no batch axis in the data):
 * aspect-preserving resize, centred, padding `padValue` (default 114 gray) on every channel, then
 * per-channel `(v - mean) / std` in the requested layout and channel order. With `buffers`, the
 * resized image and the tensor are written into them (see {@link LetterboxBuffers}).
 */
export function letterbox(
  src: RgbImage,
  width: number,
  height: number,
  format: TensorFormat,
  opts: { padValue?: number; method?: ResizeMethod; buffers?: LetterboxBuffers } = {},
): { data: Float32Array; info: LetterboxInfo } {
  checkImage(src);
  const info = letterboxGeometry(src.width, src.height, width, height);
  const img = resizeRgb(src, info.resizedWidth, info.resizedHeight, opts.method ?? 'auto', opts.buffers);
  const bgr = format.channels === 'bgr';
  const mean = format.mean ?? [0, 0, 0];
  const std = format.std ?? [1, 1, 1];
  // mul/add per *source* channel (r, g, b) so the inner loop is one multiply-add.
  const mul = [0, 1, 2].map((c) => 1 / std[bgr ? 2 - c : c]!);
  const add = [0, 1, 2].map((c) => -mean[bgr ? 2 - c : c]! * mul[c]!);
  const pad = opts.padValue ?? 114;
  const plane = width * height;
  const data = opts.buffers ? opts.buffers.float(plane * 3) : new Float32Array(plane * 3);
  const chw = format.layout === 'chw';
  // Destination offset and stride of source channel c.
  const dst = [0, 1, 2].map((c) => (bgr ? 2 - c : c));
  for (let c = 0; c < 3; c++) {
    const v = pad * mul[c]! + add[c]!;
    const d = dst[c]!;
    if (chw) data.fill(v, d * plane, (d + 1) * plane);
    else for (let i = d; i < data.length; i += 3) data[i] = v;
  }
  const s = img.data;
  const [m0, m1, m2] = mul as [number, number, number];
  const [a0, a1, a2] = add as [number, number, number];
  const [d0, d1, d2] = dst as [number, number, number];
  for (let y = 0; y < info.resizedHeight; y++) {
    let si = y * info.resizedWidth * 3;
    const row = (y + info.padY) * width + info.padX;
    for (let x = 0; x < info.resizedWidth; x++, si += 3) {
      const p = row + x;
      if (chw) {
        data[d0 * plane + p] = s[si]! * m0 + a0;
        data[d1 * plane + p] = s[si + 1]! * m1 + a1;
        data[d2 * plane + p] = s[si + 2]! * m2 + a2;
      } else {
        data[p * 3 + d0] = s[si]! * m0 + a0;
        data[p * 3 + d1] = s[si + 1]! * m1 + a1;
        data[p * 3 + d2] = s[si + 2]! * m2 + a2;
      }
    }
  }
  return { data, info };
}
