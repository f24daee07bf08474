/**
 * Perception as a daemon component: one CameraPerception per camera, detectors loaded once and
 * shared between cameras that use the same model.
 */
import type { Observation } from '../../ingest/observations.js';
import type { AutoStatus } from '../../ingest/perception/auto-choice.js';
import type { OrientationStatus } from '../../ingest/perception/orientation-choice.js';
import { AutoDetector, vehicleClasses } from '../../ingest/perception/auto-detector.js';
import { ProbeSlots } from '../../ingest/perception/probe-slots.js';
import { createDetector, type DetectorConfig } from '../../ingest/perception/detectors.js';
import { defaultDetectorWorkers, WorkerDetector } from '../../ingest/perception/worker-detector.js';
import { CameraPerception } from '../../ingest/perception/pipeline.js';
import type { IdentitySeed } from '../../ingest/perception/objects.js';
import type { LineSpec, ZoneSpec } from '../../ingest/perception/zones.js';
import { OnnxEmbedder } from '../../ingest/perception/onnx-embedder.js';
import { PaddleOcrReader } from '../../ingest/perception/ocr.js';
import { DEFAULT_REID, runStamp } from '../../ingest/perception/reid.js';
import type { TextReader } from '../../ingest/perception/pipeline.js';
import type { Detector } from '../../ingest/perception/types.js';
import type { Frame, Logger } from '../../ingest/types.js';
import type { CameraConfig, Config } from '../config/schema.js';
import { VisionCaptioner } from '../../planner/vision-caption.js';
import type { SegmentCaptioner } from '../../ingest/perception/pipeline.js';

/** The vision model part of the config. */
export type VisionModelConfig = NonNullable<Config['models']['vision']>;
import type { Component } from '../lifecycle.js';
import { Turns } from '../../ingest/turns.js';

/** The perception part of a camera's config. */
export type PerceptionConfig = Pick<CameraConfig, 'id' | 'detector' | 'motionGate' | 'zones' | 'lines'> & Partial<Pick<CameraConfig, 'ocr' | 'reid' | 'captions' | 'holdSeconds' | 'orientation'>>;

/** Late-caption wiring of a camera's pipeline. */
export interface CaptionWiring {
  captioner: SegmentCaptioner;
  onLate: (o: Observation) => void;
  onLateError: (e: unknown, segmentStart: number) => void;
}

/** The vision captioner for a camera, or null (no models.vision, or captions.vision off). */
export function visionCaptionerFor(c: PerceptionConfig, vision: VisionModelConfig | null): VisionCaptioner | null {
  if (!vision || c.captions?.vision === false) return null;
  return new VisionCaptioner({ baseUrl: vision.baseUrl, model: vision.model, ...(vision.apiKey ? { apiKey: vision.apiKey } : {}), timeoutMs: vision.timeoutMs, retries: vision.retries });
}

/** Error text of a failed caption call, without request details. */
export function captionError(e: unknown): string {
  const err = e as { status?: unknown; message?: unknown; name?: unknown };
  return typeof err.status === 'number' ? `HTTP ${err.status}` : String(err.message ?? err.name ?? e);
}

/** Detector state reported in /healthz. */
export interface DetectorStatus {
  model: string;
  backend: string;
  cameras: string[];
  error: string | null;
  /** Turns at this detector: how many were granted, how many cameras wait now, mean wait in ms. */
  turns?: { granted: number; waiting: number; meanWaitMs: number };
}

function detectorKey(c: PerceptionConfig): string {
  const d = c.detector;
  return JSON.stringify({ model: d.model, onnx: d.onnx ?? null, workers: d.workers ?? null, inputSize: d.inputSize ?? null, providers: d.providers ?? null });
}

/** Logs the `auto` orientation's choice of a camera once (a warning when the picture looks turned but was kept). */
export function logOrientation(log: Logger, camera: string, s: OrientationStatus): void {
  const fields = { camera, orientation: s.orientation, scores: s.scores, frames: s.seen, reason: s.reason };
  if (s.warning) log.warn({ ...fields, warning: s.warning }, 'orientation auto: the picture looks turned; kept as it comes');
  else log.info(fields, 'orientation auto: chosen');
}

/**
 * Builds the pipeline of one camera around an already created detector.
 * @param run the run stamp its object ids carry (`runStamp` of the memory's `beginRun()`)
 * @param seeds the camera's objects known before this run (`identitySeeds`): returning ones keep their ids
 * @param onOrientation told once when the camera's `auto` orientation chose
 */
export function cameraPerception(
  c: PerceptionConfig,
  detector: Detector | null,
  reader: TextReader | null = null,
  encoder: OnnxEmbedder | null = null,
  captions: CaptionWiring | null = null,
  run?: string,
  seeds: readonly IdentitySeed[] = [],
  onOrientation?: (s: OrientationStatus) => void,
  probeSlots: ProbeSlots | null = null,
): CameraPerception {
  const d = c.detector;
  const r = c.reid;
  const reid = { ...DEFAULT_REID, ...(encoder ? { low: 0.6, high: 0.75 } : {}) };
  if (r?.low != null) reid.low = r.low;
  if (r?.high != null) reid.high = r.high;
  if (r) reid.waitDetections = r.waitDetections;
  return new CameraPerception({
    camera: c.id,
    detector,
    detect: { scoreThreshold: d.scoreThreshold, classThresholds: d.classThresholds, ...(d.classes.length ? { classes: d.classes } : {}), nmsIou: d.nmsIou, sameObjectIou: d.sameObjectIou, maxDetections: d.maxDetections },
    gate: c.motionGate,
    ...(c.holdSeconds !== undefined ? { holdMs: c.holdSeconds * 1000 } : {}),
    zones: c.zones,
    lines: c.lines,
    ocr: reader && c.ocr?.enabled ? { reader, everyMs: c.ocr.everySeconds * 1000 } : null,
    reid,
    ...(run !== undefined ? { run } : {}),
    ...(seeds.length > 0 ? { seeds } : {}),
    encoder,
    ...(captions ? { captioner: captions.captioner, onLate: captions.onLate, onLateError: captions.onLateError } : {}),
    orientation: c.orientation ?? 'auto',
    ...(onOrientation ? { onOrientation } : {}),
    ...(probeSlots ? { probeSlots } : {}),
  });
}

/** Creates (unloaded) the camera's re-ID image encoder, if configured. */
export function encoderFor(c: PerceptionConfig): OnnxEmbedder | null {
  const e = c.reid?.encoder;
  return e ? new OnnxEmbedder({ path: e.path, inputSize: e.inputSize, providers: e.providers }) : null;
}

/** Creates an OCR reader for a camera with OCR enabled, else null. */
export function ocrFor(c: PerceptionConfig): PaddleOcrReader | null {
  if (!c.ocr?.enabled) return null;
  return new PaddleOcrReader(c.ocr.regions.length ? { regions: c.ocr.regions.map(([x1, y1, x2, y2]) => ({ x1, y1, x2, y2 })) } : {});
}

function detectorConfig(c: PerceptionConfig, cacheDir?: string): DetectorConfig | null {
  const d = c.detector;
  if (d.model === 'none') return null;
  // auto is composed from two shared detectors by the component; alone it is its primary
  if (d.model === 'auto') return { model: 'centernet', inputSize: d.inputSize, providers: d.providers, cacheDir };
  if (d.model === 'onnx') {
    if (!d.onnx) throw new Error(`camera ${c.id}: detector.onnx.path is required for model "onnx"`);
    return { model: 'onnx', onnx: { ...d.onnx } };
  }
  if (d.model === 'centernet') return { model: 'centernet', inputSize: d.inputSize, providers: d.providers, cacheDir };
  if (d.model === 'ssd-oidv4') return { model: 'ssd-oidv4', providers: d.providers, cacheDir };
  return { model: d.model };
}

/**
 * Creates (unloaded) an in-process detector for a camera config, or null for `model: none`.
 * @param cacheDir where converted models are cached (the daemon passes `<data>/models`)
 */
export function detectorFor(c: PerceptionConfig, cacheDir?: string): Detector | null {
  if (c.detector.model === 'auto' && vehicleClasses(c.detector.classes).length > 0) {
    const primary = createDetector({ model: 'centernet', inputSize: c.detector.inputSize, providers: c.detector.providers, cacheDir });
    const secondary = createDetector({ model: 'ssd-oidv4', providers: c.detector.providers, ...(cacheDir ? { cacheDir } : {}) });
    return new AutoDetector(primary, secondary, undefined, undefined, true);
  }
  const cfg = detectorConfig(c, cacheDir);
  return cfg ? createDetector(cfg) : null;
}

/**
 * Creates (unloaded) a worker-thread detector pool for a camera config, or null for `model: none`.
 * The pool has `detector.workers` threads, by default one per core.
 */
export function workerDetectorFor(c: PerceptionConfig, cacheDir?: string): Detector | null {
  const cfg = detectorConfig(c, cacheDir);
  return cfg ? new WorkerDetector(cfg, c.detector.workers ?? defaultDetectorWorkers()) : null;
}

/** A detector shared by the cameras with the same detector config, with its turns. */
interface DetectorEntry {
  det: Detector | null;
  status: DetectorStatus;
  turns: Turns;
}

/** Per-camera perception for the daemon. */
export class PerceptionComponent implements Component {
  readonly name = 'perception';
  private readonly pipes = new Map<string, CameraPerception>();
  private readonly detectors = new Map<string, DetectorEntry>();
  /** The cameras whose detector is `auto`, with their choice. */
  private readonly autos = new Map<string, AutoDetector>();
  /** Cameras of `auto` probe a few at a time (cameras starting together would all double their cost at once). */
  private readonly probeSlots = new ProbeSlots();
  /** The detector entry each camera uses. */
  private readonly cameraDetector = new Map<string, { det: Detector | null; turns: Turns }>();
  private readonly readers: PaddleOcrReader[] = [];
  private readonly encoders: OnnxEmbedder[] = [];

  constructor(
    private readonly cameras: readonly PerceptionConfig[],
    private readonly deps: {
      log: Logger;
      write: (o: Observation) => void;
      vision?: VisionModelConfig | null;
      modelCacheDir?: string;
      /**
       * Begins a run of the data directory and returns its number (`memory.store.beginRun()`),
       * called once on start, after the memory opened and before any camera starts; object ids
       * carry its stamp. Omitted: a time-and-random stamp.
       */
      run?: () => number;
      /**
       * The objects each camera saw before this run (`identitySeeds` of the memory), called once on
       * start after `run`: returning objects keep their ids across a restart. Omitted or failing:
       * every camera starts with no known object.
       */
      seeds?: (cameras: readonly string[]) => Promise<ReadonlyMap<string, readonly IdentitySeed[]>>;
      /** Keeps how a camera's picture is turned (`memory.store.noteOrientation`): told when pinned at start, and when `auto` chose. */
      noteOrientation?: (camera: string, orientation: string) => void;
    },
  ) {}

  /** Zones and lines replaced while running, by camera (a camera started later starts with them). */
  private readonly drawn = new Map<string, { zones: readonly ZoneSpec[]; lines: readonly LineSpec[] }>();

  /**
   * Replaces a camera's zones and lines while it runs (no restart): its next frame is placed in
   * them. Objects inside a zone that is gone leave it now; those exits are written.
   */
  setGeometry(camera: string, zones: readonly ZoneSpec[], lines: readonly LineSpec[]): void {
    this.drawn.set(camera, { zones, lines });
    const p = this.pipes.get(camera);
    if (!p) return;
    for (const o of p.setGeometry(zones, lines)) this.deps.write(o);
    this.deps.log.info({ camera, zones: zones.map((z) => z.id), lines: lines.map((l) => l.id) }, 'zones and lines replaced');
  }

  /** Vision captioners by camera. */
  private readonly captioners = new Map<string, VisionCaptioner>();

  /** Caption wiring of a camera: late segments go to the same write function; failures are logged (once per burst). */
  private captionsFor(c: PerceptionConfig): CaptionWiring | null {
    const captioner = visionCaptionerFor(c, this.deps.vision ?? null);
    if (!captioner) return null;
    this.captioners.set(c.id, captioner);
    let failed = 0;
    return {
      captioner: { caption: (jpeg, facts) => captioner.caption(jpeg, facts) },
      onLate: (o) => this.deps.write(o),
      onLateError: (e, start) => {
        if (failed++ % 20 === 0) this.deps.log.warn({ camera: c.id, segment: start, err: captionError(e), failed }, 'vision caption failed; segment keeps its fact caption');
      },
    };
  }

  /** Loads each distinct detector once; a detector that fails to load leaves its cameras motion-only. */
  async start(signal: AbortSignal): Promise<void> {
    let run: string | undefined;
    try {
      run = this.deps.run ? runStamp(this.deps.run()) : undefined;
      if (run !== undefined) this.deps.log.info({ run }, 'run begun: object ids carry its stamp');
    } catch (e) {
      // a memory that cannot write now (a full disk) must not keep the cameras from starting
      this.deps.log.warn({ err: (e as Error).message }, 'run counter not advanced; object ids carry a time-and-random stamp');
    }
    const seeds = await this.knownObjects();
    for (const c of this.cameras) {
      if (signal.aborted) return;
      const entry = await this.detectorEntry(c);
      const det = c.detector.model === 'auto' ? await this.autoDetector(c, entry) : entry.det;
      this.cameraDetector.set(c.id, entry);
      const g = this.drawn.get(c.id);
      const onOrientation = (s: OrientationStatus): void => {
        logOrientation(this.deps.log, c.id, s);
        this.deps.noteOrientation?.(c.id, s.orientation);
      };
      if (c.orientation && c.orientation !== 'auto') this.deps.noteOrientation?.(c.id, c.orientation);
      this.pipes.set(c.id, cameraPerception(g ? { ...c, zones: [...g.zones], lines: [...g.lines] } : c, det, await this.loadOcr(c), await this.loadEncoder(c), this.captionsFor(c), run, seeds.get(c.id), onOrientation, this.probeSlots));
    }
  }

  /** The shared detector a camera runs (for `auto`, its primary), loaded once per distinct config. */
  private async detectorEntry(c: PerceptionConfig): Promise<DetectorEntry> {
    const cfg = c.detector.model === 'auto' ? { ...c, detector: { ...c.detector, model: 'centernet' as const } } : c;
    const key = detectorKey(cfg);
    let entry = this.detectors.get(key);
    if (!entry) {
      entry = { det: null, status: { model: cfg.detector.model, backend: 'none', cameras: [], error: null }, turns: new Turns(Math.max(1, c.detector.workers ?? defaultDetectorWorkers())) };
      this.detectors.set(key, entry);
      try {
        const det = workerDetectorFor(cfg, this.deps.modelCacheDir);
        if (det) {
          const t0 = Date.now();
          await det.load();
          entry.det = det;
          entry.status.backend = det.backend;
          this.deps.log.info({ model: det.model, backend: det.backend, ms: Date.now() - t0 }, 'detector loaded');
        }
      } catch (e) {
        entry.status.error = (e as Error).message;
        this.deps.log.error({ model: cfg.detector.model, err: (e as Error).message }, 'detector failed to load; cameras run motion-only');
      }
    }
    entry.status.cameras.push(c.id);
    return entry;
  }

  /**
   * The `auto` detector of a camera: its primary entry beside the shared SSD. When the SSD cannot
   * load, or the camera's classes hold no vehicle, the camera runs the primary alone.
   */
  private async autoDetector(c: PerceptionConfig, primary: DetectorEntry): Promise<Detector | null> {
    if (!primary.det) return null;
    if (vehicleClasses(c.detector.classes).length === 0) {
      this.deps.log.info({ camera: c.id, model: primary.det.model }, 'detector auto: no vehicle class configured; the primary runs alone');
      return primary.det;
    }
    const secondary = await this.detectorEntry({ ...c, detector: { ...c.detector, model: 'ssd-oidv4' } });
    if (!secondary.det) {
      this.deps.log.warn({ camera: c.id }, 'detector auto: ssd-oidv4 did not load; centernet runs alone');
      return primary.det;
    }
    const det = new AutoDetector(primary.det, secondary.det, (s) => this.deps.log.info({ camera: c.id, mode: s.mode, running: s.running, reason: s.reason }, 'detector auto: choice changed'), undefined, false, this.probeSlots);
    this.autos.set(c.id, det);
    this.deps.log.info({ camera: c.id, running: det.status().running }, 'detector auto: probing both detectors (a few cameras at a time)');
    return det;
  }

  /** The cameras' objects known before this run; none when the memory cannot tell (logged). */
  private async knownObjects(): Promise<ReadonlyMap<string, readonly IdentitySeed[]>> {
    if (!this.deps.seeds) return new Map();
    try {
      const seeds = await this.deps.seeds(this.cameras.map((c) => c.id));
      this.deps.log.info({ objects: [...seeds.values()].reduce((n, s) => n + s.length, 0) }, 're-ID seeded with the objects of earlier runs');
      return seeds;
    } catch (e) {
      this.deps.log.warn({ err: (e as Error).message }, 'objects of earlier runs not read; returning objects get new ids');
      return new Map();
    }
  }

  /** Loads a camera's re-ID encoder if configured; on failure the built-in features are used. */
  private async loadEncoder(c: PerceptionConfig): Promise<OnnxEmbedder | null> {
    try {
      const enc = encoderFor(c);
      if (!enc) return null;
      await enc.load();
      this.encoders.push(enc);
      this.deps.log.info({ camera: c.id, dim: enc.dim }, 're-ID encoder loaded');
      return enc;
    } catch (e) {
      this.deps.log.error({ camera: c.id, err: (e as Error).message }, 're-ID encoder failed to load; using the built-in features');
      return null;
    }
  }

  /** Loads a camera's OCR reader if enabled; on failure the camera runs without OCR. */
  private async loadOcr(c: PerceptionConfig): Promise<PaddleOcrReader | null> {
    try {
      const reader = ocrFor(c);
      if (!reader) return null;
      await reader.load();
      this.readers.push(reader);
      return reader;
    } catch (e) {
      this.deps.log.error({ camera: c.id, err: (e as Error).message }, 'OCR failed to load; camera runs without it');
      return null;
    }
  }

  /**
   * Frame sink: perceive and store. `detected` is called once the detector is no longer needed;
   * `seen` gets the frame as perception saw it (turned to the camera's orientation) before its
   * observations are stored.
   */
  readonly sink = async (frame: Frame, detected?: () => void, seen?: (f: Frame) => void): Promise<void> => {
    const p = this.pipes.get(frame.camera);
    if (!p) {
      seen?.(frame);
      return;
    }
    let obs: Observation[];
    try {
      obs = await p.process(frame, detected);
    } finally {
      const pic = p.lastPicture;
      seen?.(pic && pic.seq === frame.seq && pic.ts === frame.ts ? pic : frame);
    }
    for (const o of obs) this.deps.write(o);
  };

  /**
   * A camera went down (watchdog, stream failure, stopped): its tracks end at their last sighting
   * now, so no dwell or visit spans the outage and rules see the objects leave.
   */
  cameraDown(camera: string): void {
    const p = this.pipes.get(camera);
    const ts = p?.lastFrameTs;
    if (!p || ts === null || ts === undefined) return;
    for (const o of p.down(ts)) this.deps.write(o);
  }

  /**
   * The turns at the detector a camera shares with others, or null when the camera runs without
   * one (model none, or it failed to load): such a camera has nothing to wait for.
   */
  turnsFor(camera: string): Turns | null {
    const e = this.cameraDetector.get(camera);
    return e?.det ? e.turns : null;
  }

  /** Detector states for /healthz. */
  detectorStatus(): DetectorStatus[] {
    return [...this.detectors.values()].map((e) => ({
      ...e.status,
      cameras: [...e.status.cameras],
      ...(e.det ? { turns: { granted: e.turns.granted, waiting: e.turns.queued, meanWaitMs: e.turns.granted ? Math.round(e.turns.waitedMs / e.turns.granted) : 0 } } : {}),
    }));
  }

  /** The orientation of each camera (for `/healthz`). */
  orientations(): Record<string, OrientationStatus> {
    return Object.fromEntries([...this.pipes].map(([id, p]) => [id, p.orientationStatus()]));
  }

  /** The choice of each camera whose detector is `auto` (for `/healthz`). */
  detectorChoices(): Record<string, AutoStatus> {
    return Object.fromEntries([...this.autos].map(([id, d]) => [id, d.status()]));
  }

  /** Per-camera perception counters. */
  stats(): Record<string, CameraPerception['stats']> {
    return Object.fromEntries([...this.pipes].map(([id, p]) => [id, p.stats]));
  }

  /** Per-camera vision model counters (calls, failures, tokens, ms). */
  visionStats(): Record<string, VisionCaptioner['stats']> {
    return Object.fromEntries([...this.captioners].map(([id, v]) => [id, v.stats]));
  }

  async stop(): Promise<void> {
    const now = Date.now();
    for (const p of this.pipes.values()) for (const o of p.flush(now)) this.deps.write(o);
    // the memory stops after perception: late captions still land
    // wait briefly for captions in flight; a slow vision model must not hold up shutdown
    await Promise.race([Promise.all([...this.pipes.values()].map((p) => p.flushLate())), new Promise<void>((r) => setTimeout(r, 3000).unref())]);
    for (const { det } of this.detectors.values()) await det?.dispose();
    for (const r of this.readers.splice(0)) await r.dispose();
    for (const e of this.encoders.splice(0)) await e.dispose();
    this.detectors.clear();
    this.cameraDetector.clear();
    for (const a of this.autos.values()) await a.dispose();
    this.autos.clear();
    this.pipes.clear();
  }
}
