/**
 * Types shared by the perception stages (detector backends, tracker, re-ID, zones, OCR) and
 * the observations they emit. Imports nothing outside ingest/types.
 */

/** An axis-aligned box in frame pixels (x right, y down). */
export interface Box {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** A packed RGB24 image. */
export interface RgbImage {
  width: number;
  height: number;
  /** `width * height * 3` bytes, row-major RGB. */
  data: Uint8Array;
}

/** One detection in the coordinates of the image passed to the detector. */
export interface Detection {
  box: Box;
  /** Confidence 0..1. */
  score: number;
  /** Class index in the backend's class list. */
  classId: number;
  /** Class name, e.g. "person" (COCO names for the bundled models). */
  label: string;
}

/** Post-processing options every backend honours. */
export interface DetectOptions {
  /** Default minimum score. */
  scoreThreshold: number;
  /** Per-class minimum scores overriding the default, keyed by label. */
  classThresholds?: Readonly<Record<string, number>>;
  /** When set, only these labels are returned. */
  classes?: readonly string[];
  /** IoU above which a lower-scored box of the same class is suppressed. */
  nmsIou: number;
  /**
   * IoU above which a lower-scored box of another class is suppressed: one object reported with two
   * labels at (nearly) the same box, as centernet does for a car it also scores as truck and bus.
   * Default 1: every class kept (the daemon's config sets 0.9).
   */
  sameObjectIou?: number;
  /** At most this many detections per image. */
  maxDetections: number;
  /**
   * An extra run of a probe (the `auto` orientation trying a turned picture): a detector that
   * learns from the frames it sees (the `auto` detector's own probe) does not count it.
   */
  probe?: boolean;
}

/** A detector backend. `load()` before `detect()`; `dispose()` releases native memory. */
export interface Detector {
  /** Model name, e.g. "centernet". */
  readonly model: string;
  /** Runtime actually used, e.g. "tfjs-wasm", "tfjs-node", "onnx-cpu". */
  readonly backend: string;
  /** Class names, index = classId. */
  readonly labels: readonly string[];
  load(): Promise<void>;
  detect(image: RgbImage, opts: DetectOptions): Promise<Detection[]>;
  dispose(): Promise<void>;
  /**
   * Told that the camera's picture changed for good (the `auto` orientation turned it): a detector
   * that chose from what it saw so far (the `auto` detector) chooses again. Optional.
   */
  pictureChanged?(): void;
}
