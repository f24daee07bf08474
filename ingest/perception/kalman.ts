/**
 * Constant-velocity Kalman filter over a box, as in SORT/ByteTrack, made time-step aware for
 * low and irregular analysis rates (frames 0.25-1 s apart).
 *
 * State `[cx, cy, a, h, vcx, vcy, va, vh]`: centre, aspect ratio `w/h`, height, and their rates
 * of change **per second** (ByteTrack uses per frame). Measurement `[cx, cy, a, h]`.
 *
 * Noise follows ByteTrack (`std_weight_position = 1/20`, `std_weight_velocity = 1/160`, scaled by
 * the box height). Those weights are per frame of a ~30 fps video, so a step of `dt` seconds adds
 * the process noise ByteTrack would accumulate over the `dt * refFps` frames it would have run
 * (random walk: variance linear in `dt`), with velocity noise converted to per-second units.
 * The cross terms that continuous integration would add are left out (diagonal `Q`), as in SORT.
 */
import type { Box } from './types.js';

/** Dense row-major matrix of `rows x cols` numbers. */
export type Matrix = Float64Array;

/** `a (n x k) * b (k x m)` for dense row-major matrices. */
export function matMul(a: Matrix, b: Matrix, n: number, k: number, m: number): Matrix {
  const out = new Float64Array(n * m);
  for (let i = 0; i < n; i++) {
    for (let p = 0; p < k; p++) {
      const aip = a[i * k + p]!;
      if (aip === 0) continue;
      for (let j = 0; j < m; j++) out[i * m + j] = out[i * m + j]! + aip * b[p * m + j]!;
    }
  }
  return out;
}

/** Transpose of a dense row-major `rows x cols` matrix. */
export function transpose(a: Matrix, rows: number, cols: number): Matrix {
  const out = new Float64Array(rows * cols);
  for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) out[j * rows + i] = a[i * cols + j]!;
  return out;
}

/** Inverse of a square `n x n` matrix by Gauss-Jordan elimination with partial pivoting. */
export function invert(a: Matrix, n: number): Matrix {
  const w = Float64Array.from(a);
  const inv = identity(n);
  for (let col = 0; col < n; col++) {
    let piv = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(w[r * n + col]!) > Math.abs(w[piv * n + col]!)) piv = r;
    const pv = w[piv * n + col]!;
    if (Math.abs(pv) < 1e-300) throw new RangeError('singular matrix');
    if (piv !== col) {
      for (let j = 0; j < n; j++) {
        swap(w, col * n + j, piv * n + j);
        swap(inv, col * n + j, piv * n + j);
      }
    }
    for (let j = 0; j < n; j++) {
      w[col * n + j] = w[col * n + j]! / pv;
      inv[col * n + j] = inv[col * n + j]! / pv;
    }
    for (let r = 0; r < n; r++) {
      const f = w[r * n + col]!;
      if (r === col || f === 0) continue;
      for (let j = 0; j < n; j++) {
        w[r * n + j] = w[r * n + j]! - f * w[col * n + j]!;
        inv[r * n + j] = inv[r * n + j]! - f * inv[col * n + j]!;
      }
    }
  }
  return inv;
}

/** The `n x n` identity matrix. */
export function identity(n: number): Matrix {
  const out = new Float64Array(n * n);
  for (let i = 0; i < n; i++) out[i * n + i] = 1;
  return out;
}

function swap(a: Matrix, i: number, j: number): void {
  const t = a[i]!;
  a[i] = a[j]!;
  a[j] = t;
}

/** Box as the measurement `[cx, cy, a, h]` (aspect `w/h`). */
export function boxToMeasurement(b: Box): [number, number, number, number] {
  const w = b.x2 - b.x1;
  const h = b.y2 - b.y1;
  return [(b.x1 + b.x2) / 2, (b.y1 + b.y2) / 2, w / h, h];
}

/** Box from `[cx, cy, a, h]`; aspect and height are clamped to stay positive. */
export function measurementToBox(cx: number, cy: number, a: number, h: number): Box {
  const hh = Math.max(h, 1e-3);
  const w = Math.max(a, 1e-3) * hh;
  return { x1: cx - w / 2, y1: cy - hh / 2, x2: cx + w / 2, y2: cy + hh / 2 };
}

/** Noise settings of {@link KalmanBoxFilter}. */
export interface KalmanOptions {
  /** Position noise per reference frame as a fraction of box height (ByteTrack 1/20). */
  stdWeightPosition?: number;
  /** Velocity noise per reference frame as a fraction of box height (ByteTrack 1/160). */
  stdWeightVelocity?: number;
  /** Frame rate the weights were tuned at (ByteTrack: MOT17, ~30 fps). */
  refFps?: number;
}

const DIM = 8;
const MDIM = 4;

/** Constant-velocity Kalman filter over one box; see the module comment for the model. */
export class KalmanBoxFilter {
  /** State mean `[cx, cy, a, h, vcx, vcy, va, vh]`, rates per second. */
  readonly mean: Float64Array;
  /** State covariance, 8x8 row-major. */
  covariance: Matrix;
  private readonly wp: number;
  private readonly wv: number;
  private readonly fps: number;

  /** Starts at `box` with zero velocity and ByteTrack's initial uncertainty. */
  constructor(box: Box, opts: KalmanOptions = {}) {
    this.wp = opts.stdWeightPosition ?? 1 / 20;
    this.wv = opts.stdWeightVelocity ?? 1 / 160;
    this.fps = opts.refFps ?? 30;
    const z = boxToMeasurement(box);
    this.mean = Float64Array.from([...z, 0, 0, 0, 0]);
    const h = z[3];
    const p = 2 * this.wp * h;
    const v = 10 * this.wv * h * this.fps;
    const std = [p, p, 1e-2, p, v, v, 1e-5 * this.fps, v];
    this.covariance = new Float64Array(DIM * DIM);
    for (let i = 0; i < DIM; i++) this.covariance[i * DIM + i] = std[i]! ** 2;
  }

  /** Advances the state by `dt` seconds (no-op for `dt <= 0` or non-finite `dt`). */
  predict(dt: number): void {
    if (!(dt > 0) || !Number.isFinite(dt)) return;
    const x = this.mean;
    for (let i = 0; i < MDIM; i++) x[i] = x[i]! + dt * x[i + MDIM]!;
    const f = identity(DIM);
    for (let i = 0; i < MDIM; i++) f[i * DIM + i + MDIM] = dt;
    const p = matMul(matMul(f, this.covariance, DIM, DIM, DIM), transpose(f, DIM, DIM), DIM, DIM, DIM);
    const h = Math.max(x[3]!, 1e-3);
    const frames = dt * this.fps;
    const sp = this.wp * h;
    const sv = this.wv * h * this.fps;
    const std = [sp, sp, 1e-2, sp, sv, sv, 1e-5 * this.fps, sv];
    for (let i = 0; i < DIM; i++) p[i * DIM + i] = p[i * DIM + i]! + frames * std[i]! ** 2;
    this.covariance = p;
  }

  /** Corrects the state with a measured box. */
  update(box: Box): void {
    const z = boxToMeasurement(box);
    const x = this.mean;
    const P = this.covariance;
    const h = Math.max(x[3]!, 1e-3);
    const r = [this.wp * h, this.wp * h, 1e-1, this.wp * h];
    // S = H P H^T + R (top-left 4x4 of P); PHt = P H^T (left 8x4 block of P).
    const s = new Float64Array(MDIM * MDIM);
    const pht = new Float64Array(DIM * MDIM);
    for (let i = 0; i < MDIM; i++) for (let j = 0; j < MDIM; j++) s[i * MDIM + j] = P[i * DIM + j]!;
    for (let i = 0; i < MDIM; i++) s[i * MDIM + i] = s[i * MDIM + i]! + r[i]! ** 2;
    for (let i = 0; i < DIM; i++) for (let j = 0; j < MDIM; j++) pht[i * MDIM + j] = P[i * DIM + j]!;
    const k = matMul(pht, invert(s, MDIM), DIM, MDIM, MDIM); // 8x4 gain
    const innov = new Float64Array(MDIM);
    for (let i = 0; i < MDIM; i++) innov[i] = z[i]! - x[i]!;
    const dx = matMul(k, innov, DIM, MDIM, 1);
    for (let i = 0; i < DIM; i++) x[i] = x[i]! + dx[i]!;
    // P -= K S K^T, then symmetrise against rounding.
    const kskt = matMul(matMul(k, s, DIM, MDIM, MDIM), transpose(k, DIM, MDIM), DIM, MDIM, DIM);
    const out = new Float64Array(DIM * DIM);
    for (let i = 0; i < DIM; i++) {
      for (let j = 0; j < DIM; j++) {
        const a = P[i * DIM + j]! - kskt[i * DIM + j]!;
        const b = P[j * DIM + i]! - kskt[j * DIM + i]!;
        out[i * DIM + j] = (a + b) / 2;
      }
    }
    this.covariance = out;
  }

  /** The current state as a box. */
  box(): Box {
    const x = this.mean;
    return measurementToBox(x[0]!, x[1]!, x[2]!, x[3]!);
  }
}
