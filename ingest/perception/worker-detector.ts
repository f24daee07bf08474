/**
 * A detector that runs in worker threads: the model loads in each worker, frames are copied in
 * (about 0.7 MB at 640x360) through buffers that go to the worker and come back with the result,
 * so no frame copy is left behind as garbage in either thread, and requests go to the least busy
 * worker. Keeps inference off the
 * event loop so HTTP, WebSocket and MQTT stay responsive, and lets a second core run detection.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { prepareDetector, type DetectorConfig } from './detectors.js';
import type { DetectOptions, Detection, Detector, RgbImage } from './types.js';

interface Slot {
  worker: Worker;
  busy: number;
  pending: Map<number, { resolve: (d: Detection[]) => void; reject: (e: Error) => void }>;
}

type FromWorker =
  | { type: 'ready'; backend: string; labels: string[] }
  | { type: 'fatal'; message: string }
  | { type: 'result'; id: number; dets: Detection[]; data: ArrayBuffer }
  | { type: 'error'; id: number; message: string; data: ArrayBuffer }
  | { type: 'disposed' };

/** Most detector workers by default (the config allows at most 8 too). */
export const MAX_DEFAULT_DETECTOR_WORKERS = 8;

/**
 * Default size of a detector pool: one worker per core (each runs one single-threaded ONNX
 * session), at least 1 and at most {@link MAX_DEFAULT_DETECTOR_WORKERS}.
 * @param cores the cores to use (default: `os.availableParallelism()`)
 */
export function defaultDetectorWorkers(cores = availableParallelism()): number {
  return Math.max(1, Math.min(MAX_DEFAULT_DETECTOR_WORKERS, Math.floor(cores)));
}

/** {@link Detector} backed by a pool of worker threads. */
export class WorkerDetector implements Detector {
  readonly model: string;
  backend = 'worker';
  labels: readonly string[] = [];
  private slots: Slot[] = [];
  private nextId = 1;
  /** Frame buffers allocated so far: a steady stream of frames of one size reuses a few. */
  framesAllocated = 0;
  /** Frame buffers back from the workers, for the next frames (the last 2 per worker + 2). */
  private spare: ArrayBuffer[] = [];
  private loading: Promise<void> | null = null;

  constructor(
    private readonly cfg: DetectorConfig,
    /** Size of the pool. */
    readonly workers = 1,
  ) {
    this.model = cfg.model === 'onnx' ? (cfg.onnx?.path.split('/').pop() ?? 'onnx') : cfg.model;
  }

  /** Prepares the model once (e.g. converts it), starts the workers and waits until each has loaded it. */
  load(): Promise<void> {
    this.loading ??= prepareDetector(this.cfg)
      .then(() => Promise.all(Array.from({ length: Math.max(1, this.workers) }, () => this.spawn())))
      .then((slots) => {
        this.slots = slots;
      });
    return this.loading;
  }

  private spawn(): Promise<Slot> {
    const worker = new Worker(new URL('./detector-worker.js', import.meta.url), { workerData: this.cfg });
    const slot: Slot = { worker, busy: 0, pending: new Map() };
    return new Promise((resolve, reject) => {
      const fail = (e: Error): void => {
        for (const p of slot.pending.values()) p.reject(e);
        slot.pending.clear();
        this.slots = this.slots.filter((s) => s !== slot);
        reject(e);
      };
      worker.on('message', (m: FromWorker) => {
        if (m.type === 'ready') {
          this.backend = `${m.backend} (worker)`;
          this.labels = m.labels;
          resolve(slot);
        } else if (m.type === 'fatal') {
          void worker.terminate();
          fail(new Error(m.message));
        } else if (m.type === 'result' || m.type === 'error') {
          const p = slot.pending.get(m.id);
          slot.pending.delete(m.id);
          slot.busy--;
          if (m.data.byteLength > 0) this.spare = [...this.spare, m.data].slice(-(2 * this.workers + 2));
          if (m.type === 'result') p?.resolve(m.dets);
          else p?.reject(new Error(m.message));
        }
      });
      worker.once('error', (e) => fail(e));
      worker.once('exit', (code) => fail(new Error(`detector worker exited (${code})`)));
    });
  }

  /** Detects in the least busy worker; a crashed worker is replaced on the next call. */
  async detect(image: RgbImage, opts: DetectOptions): Promise<Detection[]> {
    if (!this.loading) throw new Error('detect before load: call load() first');
    await this.loading;
    if (this.slots.length === 0) this.slots.push(await this.spawn());
    const slot = this.slots.reduce((a, b) => (b.busy < a.busy ? b : a));
    const id = this.nextId++;
    const data = this.buffer(image.data.length);
    new Uint8Array(data).set(image.data.subarray(0, data.byteLength));
    slot.busy++;
    return new Promise((resolve, reject) => {
      slot.pending.set(id, { resolve, reject });
      slot.worker.postMessage({ type: 'detect', id, width: image.width, height: image.height, data, opts }, [data]);
    });
  }

  /** A spare frame buffer of `n` bytes, or a new one (the spares are the last few returned, of any size). */
  private buffer(n: number): ArrayBuffer {
    const i = this.spare.findIndex((b) => b.byteLength === n);
    if (i >= 0) return this.spare.splice(i, 1)[0] as ArrayBuffer;
    this.framesAllocated++;
    return new ArrayBuffer(n);
  }

  /** Stops the workers. */
  async dispose(): Promise<void> {
    const slots = this.slots;
    this.slots = [];
    this.loading = null;
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }
}
