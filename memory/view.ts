/**
 * What the query layer reads of a store: its databases, which indexes are complete, how far back
 * index scans must start, and the plain reads. `MemoryStore` provides it; the query modules depend
 * on this interface only, never on the store.
 */
import type { Dbs, IndexName } from './dbs.js';
import type { CoverageRange, SegmentRecord, SpeechRecord } from './types.js';

/** A store as the memory's query modules read it. */
export interface MemoryView {
  /** The open databases. */
  dbs(): Dbs;
  /** Whether a secondary index is complete (queries scan the primary database until it is). */
  indexed(name: IndexName): boolean;
  /** Longest object life stored for a camera, in ms. */
  spanOf(camera: string): number;
  /** Camera ids with stored data, sorted. */
  cameras(): string[];
  /** Segments overlapping `[from, to)`, by start. */
  segments(from: number, to: number, camera?: string): SegmentRecord[];
  /** Utterances overlapping `[from, to)`, by start. */
  speech(from: number, to: number, camera?: string): SpeechRecord[];
  /** Coverage ranges, by start. */
  coverage(camera?: string): CoverageRange[];
}
