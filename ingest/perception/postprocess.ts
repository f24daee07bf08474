/**
 * Post-processing shared by every detector backend: decoders for the common YOLO and RT-DETR
 * output layouts, per-class score thresholds, class filters, clipping to the image, class-aware
 * greedy NMS and the detection cap. Also the small serial queue backends use so concurrent
 * `detect()` calls run one at a time.
 */
import { unletterboxBox, type LetterboxInfo } from './letterbox.js';
import type { Box, DetectOptions, Detection } from './types.js';

/** Intersection over union of two boxes (0 when either is empty). */
export function iou(a: Box, b: Box): number {
  const iw = Math.min(a.x2, b.x2) - Math.max(a.x1, b.x1);
  const ih = Math.min(a.y2, b.y2) - Math.max(a.y1, b.y1);
  if (iw <= 0 || ih <= 0) return 0;
  const inter = iw * ih;
  const union = (a.x2 - a.x1) * (a.y2 - a.y1) + (b.x2 - b.x1) * (b.y2 - b.y1) - inter;
  return union > 0 ? inter / union : 0;
}

/**
 * The share of the smaller box's area inside the larger (0 when either is empty): 1 for a head
 * and shoulders box inside the whole-body box of the same person, where IoU is small.
 */
export function overlapOfSmaller(a: Box, b: Box): number {
  const iw = Math.min(a.x2, b.x2) - Math.max(a.x1, b.x1);
  const ih = Math.min(a.y2, b.y2) - Math.max(a.y1, b.y1);
  if (iw <= 0 || ih <= 0) return 0;
  const smaller = Math.min((a.x2 - a.x1) * (a.y2 - a.y1), (b.x2 - b.x1) * (b.y2 - b.y1));
  return smaller > 0 ? (iw * ih) / smaller : 0;
}

/** Clips a box to `[0, width] x [0, height]`. */
export function clipBox(b: Box, width: number, height: number): Box {
  return {
    x1: Math.min(Math.max(b.x1, 0), width),
    y1: Math.min(Math.max(b.y1, 0), height),
    x2: Math.min(Math.max(b.x2, 0), width),
    y2: Math.min(Math.max(b.y2, 0), height),
  };
}

/**
 * Compiles the options into one minimum score per class id: the class's own threshold, else the
 * default; `Infinity` for classes excluded by `opts.classes`. Decoders use it to skip candidates
 * early. Labels named in the options but unknown to the model are ignored.
 */
export function classScoreThresholds(labels: readonly string[], opts: DetectOptions): Float64Array {
  const out = new Float64Array(labels.length);
  const allowed = opts.classes ? new Set(opts.classes) : null;
  for (let i = 0; i < labels.length; i++) {
    const name = labels[i]!;
    if (allowed && !allowed.has(name)) out[i] = Infinity;
    else out[i] = opts.classThresholds?.[name] ?? opts.scoreThreshold;
  }
  return out;
}

/** Smallest finite threshold in a table from {@link classScoreThresholds} (Infinity if none). */
export function minThreshold(thresholds: Float64Array): number {
  let m = Infinity;
  for (const t of thresholds) if (t < m) m = t;
  return m;
}


/**
 * Greedy non-maximum suppression: walks the detections by descending score and drops any whose
 * IoU with an already kept detection of the same class exceeds `iouThreshold`, or with one of
 * another class exceeds `sameObjectIou` (the same object under a second label).
 * Stops after `limit` kept detections.
 */
export function nms(dets: readonly Detection[], iouThreshold: number, limit = Infinity, sameObjectIou = 1): Detection[] {
  const sorted = [...dets].sort((a, b) => b.score - a.score);
  const kept: Detection[] = [];
  const byClass = new Map<number, Detection[]>();
  for (const d of sorted) {
    if (kept.length >= limit) break;
    const same = byClass.get(d.classId);
    if (same?.some((k) => iou(k.box, d.box) > iouThreshold)) continue;
    if (sameObjectIou < 1 && kept.some((k) => k.classId !== d.classId && iou(k.box, d.box) > sameObjectIou)) continue;
    kept.push(d);
    if (same) same.push(d);
    else byClass.set(d.classId, [d]);
  }
  return kept;
}

/** Candidates kept before NMS (highest scores first), bounding its quadratic cost. */
export const PRE_NMS_TOP_K = 3000;

/**
 * Applies the full `DetectOptions` pipeline to raw candidates in image pixels: class filter and
 * per-class thresholds, clipping to `width x height`, dropping empty boxes, NMS and the cap.
 * `label` is re-derived from `labels[classId]` when that exists.
 */
export function postprocess(
  candidates: readonly Detection[],
  opts: DetectOptions,
  labels: readonly string[],
  width: number,
  height: number,
): Detection[] {
  if (opts.maxDetections <= 0) return [];
  const thresholds = classScoreThresholds(labels, opts);
  const allowed = opts.classes ? new Set(opts.classes) : null;
  const pass: Detection[] = [];
  for (const d of candidates) {
    const label = labels[d.classId] ?? d.label;
    const t = d.classId >= 0 && d.classId < labels.length ? thresholds[d.classId]! : allowed && !allowed.has(label) ? Infinity : opts.scoreThreshold;
    if (!(d.score >= t) || !Number.isFinite(d.score)) continue;
    const box = clipBox(d.box, width, height);
    if (!(box.x2 > box.x1 && box.y2 > box.y1)) continue;
    pass.push({ box, score: Math.min(Math.max(d.score, 0), 1), classId: d.classId, label });
  }
  pass.sort((a, b) => b.score - a.score);
  if (pass.length > PRE_NMS_TOP_K) pass.length = PRE_NMS_TOP_K;
  return nms(pass, opts.nmsIou, opts.maxDetections, opts.sameObjectIou ?? 1);
}

/** A raw output tensor as read back from a runtime. */
export interface RawOutput {
  name: string;
  dims: readonly number[];
  data: ArrayLike<number | bigint>;
}

/** A candidate in model-input pixels. */
export interface Candidate {
  box: Box;
  score: number;
  classId: number;
}

/**
 * Best passing class per row of a score matrix: row `j`'s score for class `c` is at
 * `data[off + c * cStride + j * rStride]`. Keeps rows whose best score passes its class threshold.
 */
function bestClasses(data: ArrayLike<number>, off: number, rows: number, nc: number, cStride: number, rStride: number, t: Float64Array) {
  const best = new Float32Array(rows).fill(-1);
  const cls = new Int32Array(rows).fill(-1);
  for (let c = 0; c < nc; c++) {
    const th = t[c] ?? Infinity;
    if (th === Infinity) continue;
    const base = off + c * cStride;
    for (let j = 0; j < rows; j++) {
      const v = data[base + j * rStride]!;
      if (v >= th && v > best[j]!) {
        best[j] = v;
        cls[j] = c;
      }
    }
  }
  return { best, cls };
}

/**
 * Decodes already-decoded detection rows `[x1, y1, x2, y2, score, class]` (CenterNet's top-K
 * output), keeping those at or above their class threshold. Boxes stay in model-input pixels.
 */
export function decodeRows6(data: ArrayLike<number>, thresholds: Float64Array): Candidate[] {
  const out: Candidate[] = [];
  for (let i = 0; i + 5 < data.length; i += 6) {
    const classId = Math.round(data[i + 5]!);
    const score = data[i + 4]!;
    if (!(score >= (thresholds[classId] ?? Infinity))) continue;
    out.push({ box: { x1: data[i]!, y1: data[i + 1]!, x2: data[i + 2]!, y2: data[i + 3]! }, score, classId });
  }
  return out;
}

/** Decodes a YOLOv8/YOLO11 output [1, 4+nc, N] (cx,cy,w,h in input pixels). */
export function decodeYolo(out: RawOutput, thresholds: Float64Array): Candidate[] {
  const [, ch = 0, n = 0] = out.dims;
  const nc = ch - 4;
  const d = out.data as ArrayLike<number>;
  const { best, cls } = bestClasses(d, 4 * n, n, Math.min(nc, thresholds.length), n, 1, thresholds);
  const res: Candidate[] = [];
  for (let j = 0; j < n; j++) {
    if (cls[j]! < 0) continue;
    const cx = d[j]!, cy = d[n + j]!, hw = d[2 * n + j]! / 2, hh = d[3 * n + j]! / 2;
    res.push({ box: { x1: cx - hw, y1: cy - hh, x2: cx + hw, y2: cy + hh }, score: best[j]!, classId: cls[j]! });
  }
  return res;
}

/** Decodes an RT-DETR output [1, N, 4+nc] (cx,cy,w,h normalised 0..1, or input pixels if any value exceeds 2). */
export function decodeDetr(out: RawOutput, thresholds: Float64Array, inputW: number, inputH: number): Candidate[] {
  const [, n = 0, ch = 0] = out.dims;
  const d = out.data as ArrayLike<number>;
  let max = 0;
  for (let j = 0; j < n; j++) for (let k = 0; k < 4; k++) max = Math.max(max, d[j * ch + k]!);
  const [sx, sy] = max > 2 ? [1, 1] : [inputW, inputH];
  const { best, cls } = bestClasses(d, 4, n, Math.min(ch - 4, thresholds.length), 1, ch, thresholds);
  const res: Candidate[] = [];
  for (let j = 0; j < n; j++) {
    if (cls[j]! < 0) continue;
    const o = j * ch;
    const cx = d[o]! * sx, cy = d[o + 1]! * sy, hw = (d[o + 2]! * sx) / 2, hh = (d[o + 3]! * sy) / 2;
    res.push({ box: { x1: cx - hw, y1: cy - hh, x2: cx + hw, y2: cy + hh }, score: best[j]!, classId: cls[j]! });
  }
  return res;
}

/**
 * Decodes the original RT-DETR deploy outputs: `labels` [1,N], `boxes` [1,N,4] x1,y1,x2,y2 in
 * input pixels (normalised 0..1 when no value exceeds 2) and `scores` [1,N].
 */
export function decodeDetrSplit(
  labels: RawOutput,
  boxes: RawOutput,
  scores: RawOutput,
  thresholds: Float64Array,
  inputW: number,
  inputH: number,
): Candidate[] {
  const b = boxes.data as ArrayLike<number>;
  let max = 0;
  for (let i = 0; i < b.length; i++) max = Math.max(max, b[i]!);
  const [sx, sy] = max > 2 ? [1, 1] : [inputW, inputH];
  const res: Candidate[] = [];
  for (let j = 0; j < scores.data.length; j++) {
    const score = Number(scores.data[j]);
    const classId = Number(labels.data[j]);
    if (!(score >= (thresholds[classId] ?? Infinity))) continue;
    const o = j * 4;
    res.push({ box: { x1: b[o]! * sx, y1: b[o + 1]! * sy, x2: b[o + 2]! * sx, y2: b[o + 3]! * sy }, score, classId });
  }
  return res;
}

/** Maps candidates from model-input pixels to original pixels and names their classes. */
export function unletterboxCandidates(cands: readonly Candidate[], info: LetterboxInfo, labels: readonly string[]): Detection[] {
  return cands.map((c) => ({ box: unletterboxBox(c.box, info), score: c.score, classId: c.classId, label: labels[c.classId] ?? `class_${c.classId}` }));
}

/** Runs async jobs one at a time in call order (a failed job does not block later ones). */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  /** Queues `job`; resolves or rejects with its result once every earlier job has settled. */
  run<T>(job: () => Promise<T>): Promise<T> {
    const result = this.tail.then(job);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
