/**
 * Record types of the memory. Observations from ingest are stored as these records.
 */
import type { EventObservation, ObjectFact, OcrText } from '../ingest/observations.js';

/** A time-dominant record: one fixed window of one camera. */
export interface SegmentRecord {
  camera: string;
  start: number;
  end: number;
  frames: number;
  firstFrameAt: number;
  lastFrameAt: number;
  counts?: Record<string, number>;
  objectIds?: string[];
  motion?: number;
  occupancy?: Record<string, number>;
  ocr?: OcrText[];
  caption?: string;
  /** True when a keyframe JPEG is stored under the same key. */
  keyframe?: boolean;
}

/** Per-frame facts, for exact counts at an instant and maximum simultaneous. */
export interface FrameRecord {
  counts: Record<string, number>;
  objectIds: string[];
  occupancy: Record<string, number>;
}

/** A space-dominant record: one re-identified object. */
export type ObjectRecord = ObjectFact;

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
