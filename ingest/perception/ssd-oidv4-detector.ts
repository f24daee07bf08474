/**
 * The SSD-MobileNetV2 Open Images v4 detector from `@mediapipe/objectron`, converted to ONNX on
 * first use (cached under the data directory) and run by ONNX Runtime. It sees overhead cars and
 * small people that the COCO centernet misses. Pre-processing and decoding follow MediaPipe's
 * graph for this model (see {@link OIDV4_SSD}): the frame is stretched to 300x300 and scaled to
 * -1..1; boxes are decoded from 1917 anchors; scores are sigmoids; one class per box.
 */
import { join, resolve } from 'node:path';
import type * as Ort from 'onnxruntime-node';
import { loadSsdOidv4Onnx } from './convert/ssd-oidv4-onnx.js';
import { resizeRgb } from './letterbox.js';
import { oidv4Labels } from './oidv4-labels.js';
import { createOnnxSession, detectorSessionOptions } from './onnx-session.js';
import { classScoreThresholds, postprocess, SerialQueue } from './postprocess.js';
import { decodeSsd, OIDV4_SSD, ssdAnchors, type SsdAnchors } from './ssd-decode.js';
import type { DetectOptions, Detection, Detector, RgbImage } from './types.js';

/** Default cache directory: `data/models` under the working directory (the config's default data dir). */
export const DEFAULT_SSD_CACHE_DIR = join('data', 'models');

/** Options of {@link SsdOidv4Detector}. */
export interface SsdOidv4DetectorOptions {
  /** Directory of the converted-model cache. Default {@link DEFAULT_SSD_CACHE_DIR}; the daemon passes `<data>/models`. */
  cacheDir?: string;
  /** Execution providers in order. Default `['cpu']`. */
  providers?: readonly string[];
  /** Intra-op threads. Default 1 (the box runs other cameras and stages too). */
  threads?: number;
}

/** Fills a [3, H, W] tensor from an RGB image already at H x W, scaled to `lo..hi`. */
export function toChwRange(img: RgbImage, lo: number, hi: number): Float32Array {
  const plane = img.width * img.height;
  const out = new Float32Array(3 * plane);
  const k = (hi - lo) / 255;
  const d = img.data;
  for (let p = 0, s = 0; p < plane; p++, s += 3) {
    out[p] = d[s]! * k + lo;
    out[plane + p] = d[s + 1]! * k + lo;
    out[2 * plane + p] = d[s + 2]! * k + lo;
  }
  return out;
}

/** A {@link Detector} for the OIDv4 SSD (`model: 'ssd-oidv4'`). */
export class SsdOidv4Detector implements Detector {
  /** Model name. */
  readonly model = 'ssd-oidv4';
  /** "onnx-<first provider>". */
  readonly backend: string;
  private names: string[] = [];
  private session: Ort.InferenceSession | undefined;
  private ort: typeof Ort | undefined;
  private loading: Promise<void> | undefined;
  private anchors: SsdAnchors | undefined;
  private readonly queue = new SerialQueue();
  private readonly providers: readonly string[];
  private cacheHit: boolean | undefined;

  /** Creates an unloaded detector; call {@link SsdOidv4Detector.load} next. */
  constructor(private readonly opts: SsdOidv4DetectorOptions) {
    this.providers = opts.providers?.length ? opts.providers : ['cpu'];
    this.backend = `onnx-${this.providers[0]!}`;
  }

  /** Labels, index = classId (plain lower-case, COCO names where they agree; empty before load). */
  get labels(): readonly string[] {
    return this.names;
  }

  /** Whether the last load reused a cached conversion (undefined before load). */
  get cached(): boolean | undefined {
    return this.cacheHit;
  }

  /** Converts (or reuses the cached conversion) and creates the session, once. */
  load(): Promise<void> {
    if (this.session) return Promise.resolve();
    this.loading ??= this.doLoad().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  private async doLoad(): Promise<void> {
    const ort = (this.ort ??= await import('onnxruntime-node'));
    const model = await loadSsdOidv4Onnx(resolve(this.opts.cacheDir ?? DEFAULT_SSD_CACHE_DIR));
    if (model.names.length !== OIDV4_SSD.decode.numClasses) {
      throw new Error(`ssd-oidv4: label map has ${model.names.length} names, the model ${OIDV4_SSD.decode.numClasses} classes`);
    }
    this.session = await createOnnxSession(ort, model.bytes, this.providers, model.path, detectorSessionOptions(this.opts.threads));
    this.anchors = ssdAnchors(OIDV4_SSD.anchors);
    this.names = oidv4Labels(model.names);
    this.cacheHit = model.hit;
  }

  /** Runs the network on a stretched 300x300 copy; returns raw outputs (boxes, logits). */
  async raw(image: RgbImage): Promise<{ boxes: Float32Array; scores: Float32Array }> {
    const { session, ort } = this;
    if (!session || !ort) throw new Error('SsdOidv4Detector: used before load() (or after dispose())');
    const { width, height, range } = OIDV4_SSD.input;
    const input = toChwRange(resizeRgb(image, width, height), range[0], range[1]);
    const res = await session.run({ image: new ort.Tensor('float32', input, [1, 3, height, width]) });
    return { boxes: res.boxes!.data as Float32Array, scores: res.scores!.data as Float32Array };
  }

  /** Detects objects; boxes are in `image` pixels. Concurrent calls run one at a time. */
  detect(image: RgbImage, opts: DetectOptions): Promise<Detection[]> {
    if (!this.session || !this.anchors) return Promise.reject(new Error('SsdOidv4Detector: detect() called before load() (or after dispose())'));
    const anchors = this.anchors;
    return this.queue.run(async () => {
      const { boxes, scores } = await this.raw(image);
      const cands = decodeSsd(boxes, scores, anchors, OIDV4_SSD.decode, classScoreThresholds(this.names, opts));
      const { width: w, height: h } = image;
      const dets = cands.map((c) => ({
        box: { x1: c.box.x1 * w, y1: c.box.y1 * h, x2: c.box.x2 * w, y2: c.box.y2 * h },
        score: c.score,
        classId: c.classId,
        label: this.names[c.classId]!,
      }));
      return postprocess(dets, opts, this.names, w, h);
    });
  }

  /** Releases the session. Safe to call more than once; `load()` works again afterwards. */
  async dispose(): Promise<void> {
    await this.loading?.catch(() => undefined);
    await this.queue.run(() => Promise.resolve());
    const s = this.session;
    this.session = undefined;
    this.anchors = undefined;
    await s?.release();
  }
}

/** Creates an unloaded OIDv4 SSD detector (the `model: 'ssd-oidv4'` entry of the detector factory). */
export function createSsdOidv4Detector(opts: SsdOidv4DetectorOptions = {}): Detector {
  return new SsdOidv4Detector(opts);
}
