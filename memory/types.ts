/**
 * Record types of the memory. Observations from ingest are stored as these records.
 */
import type { SpeechObservation, EventObservation, ObjectFact, SegmentObservation } from '../ingest/observations.js';

/**
 * A time-dominant record: one fixed window of one camera. The segment observation's fields
 * (perception facts optional, as older or minimal writers omit them), with the keyframe stored
 * apart (`keyframe` says whether there is one) and optional embeddings.
 */
export type SegmentRecord = Pick<SegmentObservation, 'camera' | 'start' | 'end' | 'frames' | 'firstFrameAt' | 'lastFrameAt'> &
  Partial<Pick<SegmentObservation, 'counts' | 'objectIds' | 'motion' | 'occupancy' | 'ocr' | 'caption' | 'visionCaption'>> & {
    /** True when a keyframe JPEG is stored under the same key. */
    keyframe?: boolean;
    /** Sound level of the window, when the camera has audio (joined on read). */
    audio?: { rmsDbfs: number; peakDbfs: number };
    /** Words spoken during the window, when transcribed (joined on read). */
    transcript?: string;
    /** Embedding of the segment's text (caption, OCR), stored as given. */
    textEmbedding?: number[];
    /** Visual embedding of the segment (e.g. of its keyframe), stored as given; vector search uses it. */
    visualEmbedding?: number[];
    /** Older name of `visualEmbedding` (still searched when `visualEmbedding` is absent). */
    embedding?: number[];
  };

/** Per-frame facts, for exact counts at an instant and maximum simultaneous. */
export interface FrameRecord {
  counts: Record<string, number>;
  objectIds: string[];
  occupancy: Record<string, number>;
}

/** A space-dominant record: one re-identified object, with what the store derives for it. */
export interface ObjectRecord extends ObjectFact {
  /** Number of stored segments (2 s windows) whose `objectIds` name the object. */
  segmentsSeen?: number;
  /** Start of the first such segment. */
  firstSegmentAt?: number;
  /** Start of the last such segment. */
  lastSegmentAt?: number;
  /** A description built from the facts only, e.g. "person, 42 s, visited bench2 (30 s), crossed B forward". */
  description?: string;
}

/** An event record. */
export type EventRecord = Omit<EventObservation, 'kind'>;

/** A continuous stretch during which a camera delivered frames. */
export interface CoverageRange {
  camera: string;
  start: number;
  end: number;
}

/** Coverage of a query window, as answers report it. ISO-8601 times. */
export interface Coverage {
  from: string | null;
  to: string | null;
  gaps: { camera: string; start: string; end: string }[];
}

/** A per-camera summary of one minute or one hour (roll-ups; also the index for long-window queries). */
export interface RollupRecord {
  camera: string;
  /** Window start, epoch ms (minute or hour aligned). */
  start: number;
  /** Window end (exclusive). */
  end: number;
  frames: number;
  segments: number;
  /** Most objects of each class in one frame, and the first frame it happened at. */
  maxCounts: Record<string, number>;
  maxCountsAt: Record<string, number>;
  /** Most objects of any class in one frame, and when. */
  maxTotal: number;
  maxTotalAt: number | null;
  /** Most objects in each zone in one frame, and when. */
  maxOccupancy: Record<string, number>;
  maxOccupancyAt: Record<string, number>;
  /** Distinct objects seen in frames of the window. */
  objectIds: string[];
  /** Events by type. */
  events: Record<string, number>;
  /** Distinct segment captions (at most a few). */
  captions: string[];
  /** True while the window is still being written (a flush wrote it before it closed). */
  partial: boolean;
}

/** Whether the store accepts writes, and why not. */
export interface MemoryHealth {
  writable: boolean;
  reason: string | null;
  /** The data file's state (absent until the store was opened through `openChecked`). */
  storage?: StorageHealth;
}

/**
 * The data file's state: `ok` (checked at start, no read failure since), `recovered` (found
 * damaged at start, moved aside to `aside`, a fresh memory started), `damaged` (reads fail while
 * running: a restart checks the file and moves it aside), `unchecked` (the start-time check could
 * not run; `reason` says why).
 */
export interface StorageHealth {
  state: 'ok' | 'recovered' | 'damaged' | 'unchecked';
  /** Why the file was moved aside, is damaged, or was not checked. */
  reason?: string;
  /** Where the damaged file was kept. */
  aside?: string;
  /** How long the start-time check took, ms. */
  checkMs: number;
  /** Reads that failed since start. */
  readErrors: number;
}

/** Retention per level, in ms. */
export interface RetentionOptions {
  /** Segments, keyframes and frames. Default 24 h. */
  rawMs: number;
  /** Events and objects. Default 7 days. */
  eventsMs: number;
  /** Minute roll-ups. Default 7 days. */
  minutesMs: number;
  /** Hour roll-ups and coverage. Default 90 days. */
  hoursMs: number;
}

/** Stored sound level of one 2 s window (`audio` database, key `[camera, start]`). */
export interface AudioRecord {
  end: number;
  rmsDbfs: number;
  peakDbfs: number;
}

/** A stored utterance (`speech` database, key `[camera, start]`). */
export type SpeechRecord = Omit<SpeechObservation, 'kind'>;

/** Evidence of an alert. */
export interface AlertEvidence {
  /** ISO time the condition started to hold. */
  start: string;
  /** ISO time of the frame that made the rule fire. */
  end: string;
  /** Objects involved (may be empty for absence rules). */
  objectIds: string[];
  /** Count at firing time (count and absence rules). */
  count?: number;
  /** Seconds the object stayed (dwell rules). */
  dwellSeconds?: number;
  /** Sound triggers: the level that fired it, dBFS. */
  dbfs?: number;
  /** Crossing direction (line rules). */
  direction?: 'forward' | 'backward';
  /**
   * The picture of the alert: the frame that fired it (`/api/alerts/<id>/snapshot.jpg`), or the
   * stored keyframe nearest its time when that frame could not be kept. Stored as a path on the
   * daemon's HTTP port; sent as an absolute URL under `fleet.publicUrl` when that is set.
   */
  snapshot: string;
}

/**
 * An alert as the rule engine fires it and the memory keeps it (`alerts` database, by id, with
 * the time, rule and camera indexes `atime`, `arules`, `acams`; see `alerts.ts`).
 */
export interface AlertRecord {
  /** Unique id of this alert. */
  id: string;
  rule: string;
  node: string;
  camera: string;
  class: string | null;
  zone: string | null;
  /** One sentence, e.g. "2 bottles in bench (at least 2)". */
  message: string;
  /** Capture time of the frame that made the rule fire, epoch ms (latency is measured from it). */
  frameTs: number;
  /** When the daemon fired it, epoch ms. */
  firedAt: number;
  evidence: AlertEvidence;
}
