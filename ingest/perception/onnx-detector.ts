/**
 * ONNX Runtime detector for user-supplied exports:
 * - YOLOv8/YOLO11 (`yolo`): input [1,3,H,W] RGB 0..1 letterboxed; output [1, 4+nc, N] with
 *   cx,cy,w,h in input pixels and per-class scores (no objectness);
 * - RT-DETR (`rtdetr`): one output [1, N, 4+nc] with cx,cy,w,h normalised 0..1 (ultralytics
 *   export), or the original RT-DETR deploy export with outputs `labels` [1,N], `boxes` [1,N,4]
 *   (x1,y1,x2,y2) and `scores` [1,N] and an extra input `orig_target_sizes` [1,2].
 * The layout is detected from the output shapes on load unless given.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type * as Ort from 'onnxruntime-node';
import { COCO_LABELS } from './coco.js';
import { letterbox, LetterboxBuffers } from './letterbox.js';
import { createOnnxSession, detectorSessionOptions } from './onnx-session.js';
import {
  classScoreThresholds,
  decodeDetr,
  decodeDetrSplit,
  decodeYolo,
  postprocess,
  SerialQueue,
  type Candidate,
  type RawOutput,
  unletterboxCandidates,
} from './postprocess.js';
import type { DetectOptions, Detection, Detector, RgbImage } from './types.js';

/** Output layouts understood by {@link OnnxDetector}. */
export type OnnxLayout = 'yolo' | 'rtdetr';

/** Options for {@link OnnxDetector}. */
export interface OnnxDetectorOptions {
  /** Path of the `.onnx` file. */
  path: string;
  /** Class names file: one per line, or a JSON array. Default: the model's `names` metadata, else COCO for 80 classes. */
  labels?: string;
  /**
   * Output layout. When omitted: the output dim that equals 4 + the number of class names, else
   * the smaller of the two (YOLO [1,4+nc,N] with N anchors, RT-DETR [1,N,4+nc] with N queries).
   */
  layout?: OnnxLayout;
  /** Execution providers in order, e.g. `['cpu']` (default), `['cuda','cpu']`, `['tensorrt','cuda','cpu']`. */
  providers?: readonly string[];
  /** Square input size for models with dynamic input shapes (default 640); static shapes win. */
  inputSize?: number;
  /** Model name reported by `model`. Default: the file name without `.onnx`. */
  name?: string;
}

/** Reads `metadata_props` (field 14) of an ONNX ModelProto without a protobuf library. */
export function onnxMetadata(buf: Uint8Array): Record<string, string> {
  let pos = 0;
  const varint = (): number => {
    let v = 0;
    for (let mul = 1; pos < buf.length; mul *= 128) {
      const byte = buf[pos++]!;
      v += (byte & 0x7f) * mul;
      if (byte < 0x80) break;
    }
    return v;
  };
  const text = (a: number, b: number): string => Buffer.from(buf.buffer, buf.byteOffset + a, b - a).toString('utf8');
  const out: Record<string, string> = {};
  while (pos < buf.length) {
    const key = varint();
    const wire = key & 7;
    if (wire === 0) varint();
    else if (wire === 1) pos += 8;
    else if (wire === 5) pos += 4;
    else if (wire !== 2) break;
    if (wire !== 2) continue;
    const len = varint();
    const end = pos + len;
    if (key >>> 3 === 14) {
      let k = '';
      let v = '';
      while (pos < end) {
        const f = varint();
        const l = varint();
        if (f >>> 3 === 1) k = text(pos, pos + l);
        else if (f >>> 3 === 2) v = text(pos, pos + l);
        pos += l;
      }
      out[k] = v;
    }
    pos = end;
  }
  return out;
}

/** Parses class names: a JSON array, a JSON/Python dict `{0: 'person', ...}`, or one name per line. */
export function parseLabels(text: string): string[] {
  const t = text.trim();
  if (t.startsWith('[')) return (JSON.parse(t) as unknown[]).map(String);
  if (t.startsWith('{')) {
    const names: string[] = [];
    for (const m of t.matchAll(/['"]?(\d+)['"]?\s*:\s*(?:'([^']*)'|"([^"]*)")/g)) names[Number(m[1])] = m[2] ?? m[3] ?? '';
    return Array.from(names, (n, i) => n ?? `class_${i}`);
  }
  return t.split(/\r?\n/).map((l) => l.trim()).filter((l) => l.length > 0);
}

type Decoder = (outs: Map<string, RawOutput>, t: Float64Array) => Candidate[];

/** A {@link Detector} running a YOLO or RT-DETR ONNX export with ONNX Runtime. */
export class OnnxDetector implements Detector {
  /** Model name. */
  readonly model: string;
  /** "onnx-<first provider>", e.g. "onnx-cpu". */
  readonly backend: string;
  private names: string[] = [];
  private session: Ort.InferenceSession | undefined;
  private ort: typeof Ort | undefined;
  private loading: Promise<void> | undefined;
  private decoder: Decoder | undefined;
  private size: [number, number] = [640, 640];
  private layoutFound: OnnxLayout | undefined;
  private readonly queue = new SerialQueue();
  /** The letterbox's buffers, reused frame after frame (the queue runs one frame at a time). */
  private readonly buffers = new LetterboxBuffers();
  private readonly providers: readonly string[];

  /** Creates an unloaded detector; call {@link OnnxDetector.load} next. */
  constructor(private readonly opts: OnnxDetectorOptions) {
    this.model = opts.name ?? basename(opts.path).replace(/\.onnx$/i, '');
    this.providers = opts.providers?.length ? opts.providers : ['cpu'];
    this.backend = `onnx-${this.providers[0]!}`;
  }

  /** Class names, index = classId (empty before load). */
  get labels(): readonly string[] {
    return this.names;
  }

  /** Output layout found on load. */
  get layout(): OnnxLayout | undefined {
    return this.layoutFound;
  }

  /** Creates the session (once) and detects the layout with one warm-up run. */
  load(): Promise<void> {
    if (this.session) return Promise.resolve();
    this.loading ??= this.doLoad().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  private async doLoad(): Promise<void> {
    // Imported on first load so the native binding is only loaded when an ONNX model is used.
    const ort = (this.ort ??= await import('onnxruntime-node'));
    const bytes = await readFile(this.opts.path);
    const session = await createOnnxSession(ort, bytes, this.providers, undefined, detectorSessionOptions());
    try {
      const input = session.inputMetadata.find((m) => m.isTensor && m.shape.length === 4);
      const dims = input?.isTensor ? input.shape : [];
      const def = this.opts.inputSize ?? 640;
      this.size = [typeof dims[3] === 'number' ? dims[3] : def, typeof dims[2] === 'number' ? dims[2] : def];
      this.session = session;
      const outs = await this.run(new Float32Array(3 * this.size[0] * this.size[1]));
      const fileLabels = this.opts.labels ? parseLabels(await readFile(this.opts.labels, 'utf8')) : undefined;
      const metaNames = onnxMetadata(bytes).names;
      const names = fileLabels ?? (metaNames ? parseLabels(metaNames) : undefined);
      this.configure(outs, names);
    } catch (err) {
      this.session = undefined;
      await session.release();
      throw err;
    }
  }

  private configure(outs: Map<string, RawOutput>, names: string[] | undefined): void {
    const list = [...outs.values()];
    const byName = (re: RegExp, rank: number) => list.find((o) => re.test(o.name) && o.dims.length === rank);
    const [sl, sb, ss] = [byName(/label/i, 2), byName(/box/i, 3), byName(/score/i, 2)];
    let nc: number | undefined;
    if (sl && sb && ss) {
      if (this.opts.layout === 'yolo') throw new Error(`${this.opts.path}: outputs labels/boxes/scores are an RT-DETR layout, not yolo`);
      this.layoutFound = 'rtdetr';
      const [w, h] = this.size;
      this.decoder = (o, t) => decodeDetrSplit(o.get(sl.name)!, o.get(sb.name)!, o.get(ss.name)!, t, w, h);
    } else {
      const main = list.find((o) => o.dims.length === 3);
      if (!main) throw new Error(`${this.opts.path}: no [1, C, N] detection output (outputs: ${list.map((o) => `${o.name}[${o.dims.join(',')}]`).join(' ')})`);
      const [, a = 0, b = 0] = main.dims;
      const fit = names?.length;
      const layout = this.opts.layout ?? (fit === a - 4 ? 'yolo' : fit === b - 4 ? 'rtdetr' : a < b ? 'yolo' : 'rtdetr');
      this.layoutFound = layout;
      nc = (layout === 'yolo' ? a : b) - 4;
      if (nc < 1) throw new Error(`${this.opts.path}: output ${main.name}[${main.dims.join(',')}] has no class scores for layout ${layout}`);
      const [w, h] = this.size;
      this.decoder = layout === 'yolo' ? (o, t) => decodeYolo(o.get(main.name)!, t) : (o, t) => decodeDetr(o.get(main.name)!, t, w, h);
    }
    if (names && nc !== undefined && names.length !== nc) {
      throw new Error(`${this.opts.labels ?? 'model metadata'}: ${names.length} class names but the model has ${nc} classes`);
    }
    this.names = names ?? (nc === undefined || nc === COCO_LABELS.length ? [...COCO_LABELS] : Array.from({ length: nc }, (_, i) => `class_${i}`));
  }

  private async run(image: Float32Array): Promise<Map<string, RawOutput>> {
    const { session, ort } = this;
    if (!session || !ort) throw new Error(`OnnxDetector(${this.model}) was disposed`);
    const [w, h] = this.size;
    const feeds: Record<string, Ort.Tensor> = {};
    for (const m of session.inputMetadata) {
      if (m.isTensor && m.shape.length === 4) feeds[m.name] = new ort.Tensor('float32', image, [1, 3, h, w]);
      else if (m.isTensor && m.type === 'int64') feeds[m.name] = new ort.Tensor('int64', BigInt64Array.from([BigInt(w), BigInt(h)]), [1, 2]);
      else if (m.isTensor) feeds[m.name] = new ort.Tensor('float32', Float32Array.from([w, h]), [1, 2]);
      else throw new Error(`${this.opts.path}: unsupported input ${m.name}`);
    }
    const res = await session.run(feeds);
    const out = new Map<string, RawOutput>();
    for (const [name, t] of Object.entries(res)) out.set(name, { name, dims: t.dims, data: t.data as ArrayLike<number | bigint> });
    return out;
  }

  /** Detects objects; boxes are in `image` pixels. Concurrent calls run one at a time. */
  detect(image: RgbImage, opts: DetectOptions): Promise<Detection[]> {
    if (!this.session || !this.decoder) {
      return Promise.reject(new Error(`OnnxDetector(${this.model}): detect() called before load() (or after dispose())`));
    }
    const decoder = this.decoder;
    return this.queue.run(async () => {
      const [w, h] = this.size;
      const { data, info } = letterbox(image, w, h, { layout: 'chw', std: [255, 255, 255] }, { buffers: this.buffers });
      const outs = await this.run(data);
      const cands = decoder(outs, classScoreThresholds(this.names, opts));
      return postprocess(unletterboxCandidates(cands, info, this.names), opts, this.names, image.width, image.height);
    });
  }

  /** Releases the session. Safe to call more than once; `load()` works again afterwards. */
  async dispose(): Promise<void> {
    await this.loading?.catch(() => undefined);
    await this.queue.run(() => Promise.resolve());
    const s = this.session;
    this.session = undefined;
    this.decoder = undefined;
    await s?.release();
  }
}

