/**
 * Appearance embeddings from a user-supplied ONNX image encoder (a CLIP image tower, DINOv2, or
 * any model taking [N,3,H,W] float pixels and returning one vector per image), for
 * re-identification in place of the handcrafted colour + HOG embedding of `appearance.ts`.
 *
 * Each crop is cut from the frame (box clipped to the image), *squashed* to the input size,
 * normalised `(v/255 - mean) / std` per channel, fed as NCHW float32, and the output vector
 * ([N,D]; [N,T,D] takes the CLS token at index 0; [N,D,1,1] is flattened) is L2-normalised so the
 * cosine of two embeddings is their dot product.
 *
 * Why squash rather than letterbox or the encoders' "resize shortest side + centre crop": a
 * detection box is already a tight crop of one object. A centre crop would cut the head and feet
 * off a tall person box, and letterbox padding would put a large constant-grey area into every
 * embedding whose size depends on the box's aspect ratio, so two views of one object would differ
 * mostly by their padding. Squashing keeps every object pixel; the distortion is the same for
 * boxes of similar shape, which is what re-ID compares (dedicated re-ID models are trained on
 * squashed crops for this reason).
 */
import { readFile } from 'node:fs/promises';
import type * as Ort from 'onnxruntime-node';
import { resizeRgb } from './letterbox.js';
import { createOnnxSession } from './onnx-session.js';
import { SerialQueue } from './postprocess.js';
import type { Box, RgbImage } from './types.js';

/** Options for {@link OnnxEmbedder}. */
export interface OnnxEmbedderOptions {
  /** Path of the `.onnx` image encoder. */
  path: string;
  /** Square input size for dynamic spatial dims (default 224); static dims of the model win. */
  inputSize?: number;
  /** Per-channel mean in 0..1 units (default ImageNet 0.485, 0.456, 0.406; CLIP uses 0.4815, 0.4578, 0.4082). */
  mean?: [number, number, number];
  /** Per-channel std in 0..1 units (default ImageNet 0.229, 0.224, 0.225; CLIP uses 0.2686, 0.2613, 0.2758). */
  std?: [number, number, number];
  /** Execution providers in order (default `['cpu']`), e.g. `['cuda','cpu']`. */
  providers?: string[];
  /** Output to read. Default: `image_embeds`, else `pooler_output`, else the first output. */
  output?: string;
  /** Most crops per run when the model's batch dim is dynamic (default 16). */
  maxBatch?: number;
}

const IMAGENET_MEAN: [number, number, number] = [0.485, 0.456, 0.406];
const IMAGENET_STD: [number, number, number] = [0.229, 0.224, 0.225];

/** Runs an ONNX image encoder on box crops and returns L2-normalised embeddings. */
export class OnnxEmbedder {
  private session: Ort.InferenceSession | undefined;
  private ort: typeof Ort | undefined;
  private loading: Promise<void> | undefined;
  private readonly queue = new SerialQueue();
  private readonly providers: readonly string[];
  private readonly mul: [number, number, number];
  private readonly add: [number, number, number];
  private inputName = '';
  private outputName = '';
  private width = 224;
  private height = 224;
  /** Static batch size, or undefined when the batch dim is dynamic. */
  private staticBatch: number | undefined;
  private dimFound = 0;
  private runCount = 0;

  /** Creates an unloaded embedder; call {@link OnnxEmbedder.load} next. */
  constructor(private readonly opts: OnnxEmbedderOptions) {
    this.providers = opts.providers?.length ? opts.providers : ['cpu'];
    const mean = opts.mean ?? IMAGENET_MEAN;
    const std = opts.std ?? IMAGENET_STD;
    if (std.some((s) => !(s > 0))) throw new Error(`OnnxEmbedder(${opts.path}): std must be positive, got [${std.join(', ')}]`);
    // (v / 255 - mean) / std = v * mul + add
    this.mul = [0, 1, 2].map((c) => 1 / (255 * std[c]!)) as [number, number, number];
    this.add = [0, 1, 2].map((c) => -mean[c]! / std[c]!) as [number, number, number];
    const s = opts.inputSize ?? 224;
    if (!Number.isInteger(s) || s < 1) throw new Error(`OnnxEmbedder(${opts.path}): inputSize must be a positive integer, got ${s}`);
  }

  /** Embedding length (0 before load). */
  get dim(): number {
    return this.dimFound;
  }

  /** Model input size [width, height] in pixels (valid after load). */
  get size(): [number, number] {
    return [this.width, this.height];
  }

  /** Names of the input fed and the output read (valid after load). */
  get io(): { input: string; output: string } {
    return { input: this.inputName, output: this.outputName };
  }

  /** True when the batch dim is dynamic, so {@link OnnxEmbedder.embedMany} runs all crops at once. */
  get batched(): boolean {
    return this.session !== undefined && this.staticBatch === undefined;
  }

  /** Number of model runs so far (including the warm-up run of load); for diagnostics. */
  get runs(): number {
    return this.runCount;
  }

  /** Creates the session (once), checks its input and finds the embedding size with one warm-up run. */
  load(): Promise<void> {
    if (this.session) return Promise.resolve();
    this.loading ??= this.doLoad().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  private async doLoad(): Promise<void> {
    const path = this.opts.path;
    let bytes: Uint8Array;
    try {
      bytes = await readFile(path);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') throw new Error(`ONNX embedding model not found: ${path}`, { cause: err });
      throw new Error(`cannot read ONNX embedding model ${path}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
    // Imported on first load so the native binding is only loaded when an ONNX model is used.
    const ort = (this.ort ??= await import('onnxruntime-node'));
    const session = await createOnnxSession(ort, bytes, this.providers, path);
    try {
      this.configureInput(session);
      this.outputName = pickOutput(session.outputNames, this.opts.output, path);
      this.session = session;
      const [v] = await this.run([new Float32Array(3 * this.width * this.height)]);
      if (!v || v.length === 0) throw new Error(`${path}: output ${this.outputName} is empty`);
      this.dimFound = v.length;
    } catch (err) {
      this.session = undefined;
      this.dimFound = 0;
      await session.release();
      throw err;
    }
  }

  private configureInput(session: Ort.InferenceSession): void {
    const path = this.opts.path;
    const meta = session.inputMetadata;
    const first = meta[0];
    if (!first) throw new Error(`${path}: the model has no inputs`);
    if (meta.length > 1) {
      throw new Error(`${path}: image encoders must take one input; this model takes ${meta.map((m) => m.name).join(', ')}`);
    }
    const shape = first.isTensor ? first.shape : [];
    const desc = `input ${first.name}${first.isTensor ? `[${shape.join(',')}] ${first.type}` : ' (not a tensor)'}`;
    if (!first.isTensor || shape.length !== 4 || (typeof shape[1] === 'number' && shape[1] !== 3)) {
      throw new Error(`${path}: ${desc} is not an image input; expected [N, 3, H, W] (NCHW RGB with 3 channels)`);
    }
    if (first.type !== 'float32') throw new Error(`${path}: ${desc} must be float32 (export the encoder in fp32)`);
    const def = this.opts.inputSize ?? 224;
    const [n, , h, w] = shape;
    this.inputName = first.name;
    this.height = typeof h === 'number' && h > 0 ? h : def;
    this.width = typeof w === 'number' && w > 0 ? w : def;
    this.staticBatch = typeof n === 'number' && n > 0 ? n : undefined;
  }

  /** Runs the model on CHW crops (any count), chunked to the batch it takes; returns normalised rows. */
  private async run(crops: Float32Array[]): Promise<Float32Array[]> {
    const { session, ort } = this;
    if (!session || !ort) throw new Error(`OnnxEmbedder(${this.opts.path}) was disposed`);
    const plane = 3 * this.width * this.height;
    const chunk = this.staticBatch ?? Math.max(1, this.opts.maxBatch ?? 16);
    const out: Float32Array[] = [];
    for (let i = 0; i < crops.length; i += chunk) {
      const part = crops.slice(i, i + chunk);
      // A static batch > 1 is padded with zeros; the padding rows are dropped.
      const n = this.staticBatch ?? part.length;
      const data = new Float32Array(n * plane);
      part.forEach((c, k) => data.set(c, k * plane));
      this.runCount++;
      const res = await session.run({ [this.inputName]: new ort.Tensor('float32', data, [n, 3, this.height, this.width]) });
      const t = res[this.outputName];
      if (!t) throw new Error(`${this.opts.path}: output ${this.outputName} missing from the results`);
      for (let k = 0; k < part.length; k++) out.push(l2(this.row(t, k)));
    }
    return out;
  }

  /** The embedding of batch item `k`: [N,D], [N,T,D] (CLS token 0) or [N,D,1,...]. */
  private row(t: Ort.Tensor, k: number): Float32Array {
    const dims = t.dims;
    const bad = () => new Error(`${this.opts.path}: output ${this.outputName}[${dims.join(',')}] ${t.type} is not an embedding ([N,D], [N,T,D] or [N,D,1,1] float)`);
    if (t.type !== 'float32' && t.type !== 'float64') throw bad();
    const data = t.data as Float32Array | Float64Array;
    const [n = 0, a = 0, b = 0] = dims;
    if (k >= n) throw bad();
    if (dims.length === 2) return Float32Array.from(data.subarray(k * a, (k + 1) * a));
    if (dims.length === 3) {
      // [N, T, D]: token 0 is CLS in ViT encoders (CLIP, DINOv2).
      const start = k * a * b;
      return Float32Array.from(data.subarray(start, start + b));
    }
    if (dims.length > 3 && dims.slice(2).every((d) => d === 1)) return Float32Array.from(data.subarray(k * a, (k + 1) * a));
    throw bad();
  }

  /** Crops `box` (clipped to the image), squashes it to the input size and returns the CHW tensor. */
  private prepare(img: RgbImage, box: Box): Float32Array {
    if (img.width <= 0 || img.height <= 0 || img.data.length < img.width * img.height * 3) {
      throw new Error(`OnnxEmbedder: bad RgbImage ${img.width}x${img.height} with ${img.data.length} bytes`);
    }
    if (![box.x1, box.y1, box.x2, box.y2].every(Number.isFinite)) throw new Error(`OnnxEmbedder: bad box ${JSON.stringify(box)}`);
    // Outward rounding, clipped; at least one pixel so edge-hugging or degenerate boxes still embed.
    const x1 = Math.min(Math.max(Math.floor(Math.min(box.x1, box.x2)), 0), img.width - 1);
    const y1 = Math.min(Math.max(Math.floor(Math.min(box.y1, box.y2)), 0), img.height - 1);
    const x2 = Math.min(Math.max(Math.ceil(Math.max(box.x1, box.x2)), x1 + 1), img.width);
    const y2 = Math.min(Math.max(Math.ceil(Math.max(box.y1, box.y2)), y1 + 1), img.height);
    const cw = x2 - x1;
    const ch = y2 - y1;
    const crop = new Uint8Array(cw * ch * 3);
    for (let y = 0; y < ch; y++) {
      const s = ((y1 + y) * img.width + x1) * 3;
      crop.set(img.data.subarray(s, s + cw * 3), y * cw * 3);
    }
    const { width, height } = this;
    const px = resizeRgb({ width: cw, height: ch, data: crop }, width, height).data;
    const plane = width * height;
    const out = new Float32Array(3 * plane);
    const [m0, m1, m2] = this.mul;
    const [a0, a1, a2] = this.add;
    for (let p = 0, s = 0; p < plane; p++, s += 3) {
      out[p] = px[s]! * m0 + a0;
      out[plane + p] = px[s + 1]! * m1 + a1;
      out[2 * plane + p] = px[s + 2]! * m2 + a2;
    }
    return out;
  }

  private notLoaded(what: string): Error {
    return new Error(`OnnxEmbedder(${this.opts.path}): ${what}() called before load() (or after dispose())`);
  }

  /** L2-normalised embedding of the `box` crop of `img`. Concurrent calls run one at a time. */
  embed(img: RgbImage, box: Box): Promise<Float32Array> {
    if (!this.session) return Promise.reject(this.notLoaded('embed'));
    return this.queue.run(async () => {
      const [v] = await this.run([this.prepare(img, box)]);
      return v!;
    });
  }

  /**
   * Embeddings of several crops of one image, in order: one run per `maxBatch` crops when the
   * model's batch dim is dynamic, else one run per crop (per static batch).
   */
  embedMany(img: RgbImage, boxes: readonly Box[]): Promise<Float32Array[]> {
    if (!this.session) return Promise.reject(this.notLoaded('embedMany'));
    if (boxes.length === 0) return Promise.resolve([]);
    return this.queue.run(() => this.run(boxes.map((b) => this.prepare(img, b))));
  }

  /** Releases the session. Safe to call more than once; `load()` works again afterwards. */
  async dispose(): Promise<void> {
    await this.loading?.catch(() => undefined);
    await this.queue.run(() => Promise.resolve());
    const s = this.session;
    this.session = undefined;
    this.dimFound = 0;
    await s?.release();
  }
}

/** The output to read: the requested one, else `image_embeds`, else `pooler_output`, else the first. */
function pickOutput(names: readonly string[], wanted: string | undefined, path: string): string {
  if (wanted !== undefined) {
    if (!names.includes(wanted)) throw new Error(`${path}: no output named ${wanted} (outputs: ${names.join(', ')})`);
    return wanted;
  }
  const name = ['image_embeds', 'pooler_output'].find((n) => names.includes(n)) ?? names[0];
  if (name === undefined) throw new Error(`${path}: the model has no outputs`);
  return name;
}

function l2(v: Float32Array): Float32Array {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i]! * v[i]!;
  const n = Math.sqrt(s);
  if (n > 0) for (let i = 0; i < v.length; i++) v[i] = v[i]! / n;
  return v;
}
