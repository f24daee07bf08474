/**
 * The LMDB memory: segments keyed `[camera, start]`, coverage ranges keyed `[camera, start]`.
 * Writes are batched by lmdb-js; `flush()` waits until they are durable.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { open, type Database, type RootDatabase } from 'lmdb';
import type { CoverageRange, SegmentRecord } from './types.js';

/** Gap between frames, in ms, above which a new coverage range starts. */
export const COVERAGE_GAP_MS = 5000;

/** Store options. */
export interface MemoryOptions {
  /** Data directory; the LMDB environment lives in `<dir>/memory`. */
  dir: string;
  /** Open without write access (queries only). */
  readOnly?: boolean;
}

/** Durable memory of segments and coverage. */
export class MemoryStore {
  private root: RootDatabase | null = null;
  private segs: Database<SegmentRecord, [string, number]> | null = null;
  private cov: Database<CoverageRange, [string, number]> | null = null;
  private readonly openRange = new Map<string, CoverageRange>();

  constructor(private readonly opts: MemoryOptions) {}

  /** Opens (creating when writable) the environment. */
  open(): void {
    const path = join(this.opts.dir, 'memory');
    if (!this.opts.readOnly) mkdirSync(path, { recursive: true });
    this.root = open({ path, readOnly: this.opts.readOnly ?? false, maxDbs: 16, compression: false });
    this.segs = this.root.openDB<SegmentRecord, [string, number]>({ name: 'segments' });
    this.cov = this.root.openDB<CoverageRange, [string, number]>({ name: 'coverage' });
  }

  private dbs(): { segs: Database<SegmentRecord, [string, number]>; cov: Database<CoverageRange, [string, number]> } {
    if (!this.segs || !this.cov) throw new Error('memory store is not open');
    return { segs: this.segs, cov: this.cov };
  }

  /** Stores a closed segment and extends the camera's coverage. */
  writeSegment(seg: SegmentRecord): Promise<boolean> {
    const { segs, cov } = this.dbs();
    const w = segs.put([seg.camera, seg.start], seg);
    let range = this.openRange.get(seg.camera);
    if (range === undefined) {
      const last = this.lastCoverage(seg.camera);
      if (last && seg.firstFrameAt - last.end <= COVERAGE_GAP_MS && seg.firstFrameAt >= last.start) range = last;
    }
    if (range && seg.firstFrameAt - range.end <= COVERAGE_GAP_MS && seg.firstFrameAt >= range.start) {
      range.end = Math.max(range.end, seg.lastFrameAt);
    } else {
      range = { camera: seg.camera, start: seg.firstFrameAt, end: seg.lastFrameAt };
    }
    this.openRange.set(seg.camera, range);
    void cov.put([range.camera, range.start], { ...range });
    return w;
  }

  private lastCoverage(camera: string): CoverageRange | undefined {
    const { cov } = this.dbs();
    for (const { value } of cov.getRange({ start: [camera, Infinity], end: [camera, -Infinity], reverse: true, limit: 1 })) {
      return value;
    }
    return undefined;
  }

  /** Segments of a camera (or all cameras) overlapping `[from, to)`. */
  segments(from: number, to: number, camera?: string): SegmentRecord[] {
    const { segs } = this.dbs();
    const out: SegmentRecord[] = [];
    for (const cam of camera ? [camera] : this.cameras()) {
      for (const { value } of segs.getRange({ start: [cam, from - 60_000], end: [cam, to] })) {
        if (value.end > from && value.start < to) out.push(value);
      }
    }
    return out.sort((a, b) => a.start - b.start);
  }

  /** Coverage ranges of every camera, ordered by start. */
  coverage(camera?: string): CoverageRange[] {
    const { cov } = this.dbs();
    const out: CoverageRange[] = [];
    for (const { value } of cov.getRange(camera ? { start: [camera], end: [camera, Infinity] } : {})) out.push(value);
    return out.sort((a, b) => a.start - b.start);
  }

  /** Camera ids that have any coverage. */
  cameras(): string[] {
    const ids = new Set<string>();
    for (const r of this.coverage()) ids.add(r.camera);
    return [...ids].sort();
  }

  /** Resolves when every write so far is durable on disk. */
  async flush(): Promise<void> {
    if (this.root) await this.root.flushed;
  }

  /** Flushes and closes. */
  async close(): Promise<void> {
    this.openRange.clear();
    if (!this.root) return;
    await this.root.close();
    this.root = null;
    this.segs = null;
    this.cov = null;
  }
}
