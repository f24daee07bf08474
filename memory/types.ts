/**
 * Record types of the memory. Structural copies of what ingest emits, so memory depends on no
 * other room.
 */

/** A time-dominant record: one fixed window of one camera. */
export interface SegmentRecord {
  camera: string;
  start: number;
  end: number;
  frames: number;
  firstFrameAt: number;
  lastFrameAt: number;
}

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
