/**
 * The LMDB memory. One environment under `<data>/memory` with these databases:
 * - `segments` `[camera, start]` -> SegmentRecord (time-dominant), `keyframes` -> JPEG bytes;
 * - `frames` `[camera, ts]` -> FrameRecord (exact per-frame counts);
 * - `objects` `objectId` -> ObjectRecord (space-dominant), `spans` `[camera, firstSeen, objectId]` -> lastSeen;
 * - `events` `[camera, ts, seq]` -> EventRecord;
 * - `coverage` `[camera, start]` -> CoverageRange.
 * Writes are batched by lmdb-js (committed within milliseconds); `flush()` waits for durability.
 * Reads are synchronous and never span an `await`.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { open, type Database, type RootDatabase } from 'lmdb';
import type { Observation } from '../ingest/observations.js';
import type { CoverageRange, EventRecord, FrameRecord, ObjectRecord, SegmentRecord } from './types.js';

/** Gap between frames, in ms, above which a new coverage range starts. */
export const COVERAGE_GAP_MS = 5000;

/** Store options. */
export interface MemoryOptions {
  /** Data directory; the LMDB environment lives in `<dir>/memory`. */
  dir: string;
  /** Open without write access (queries only). */
  readOnly?: boolean;
}

type Key = (string | number)[];

interface Dbs {
  segs: Database<SegmentRecord, Key>;
  keyframes: Database<Buffer, Key>;
  frames: Database<FrameRecord, Key>;
  objects: Database<ObjectRecord, string>;
  spans: Database<number, Key>;
  events: Database<EventRecord, Key>;
  cov: Database<CoverageRange, Key>;
}

/** Durable memory of segments, frames, objects, events and coverage. */
export class MemoryStore {
  private root: RootDatabase | null = null;
  private d: Dbs | null = null;
  private readonly openRange = new Map<string, CoverageRange>();
  private seq = 0;
  private lastWrite: Promise<boolean> = Promise.resolve(true);

  constructor(private readonly opts: MemoryOptions) {}

  /** Opens (creating when writable) the environment. */
  open(): void {
    const path = join(this.opts.dir, 'memory');
    if (!this.opts.readOnly) mkdirSync(path, { recursive: true });
    const root = open({ path, readOnly: this.opts.readOnly ?? false, maxDbs: 16, compression: false });
    this.root = root;
    this.d = {
      segs: root.openDB({ name: 'segments' }),
      keyframes: root.openDB({ name: 'keyframes', encoding: 'binary' }),
      frames: root.openDB({ name: 'frames' }),
      objects: root.openDB({ name: 'objects' }),
      spans: root.openDB({ name: 'spans' }),
      events: root.openDB({ name: 'events' }),
      cov: root.openDB({ name: 'coverage' }),
    };
  }

  /** The open databases (for the query layer). */
  dbs(): Dbs {
    if (!this.d) throw new Error('memory store is not open');
    return this.d;
  }

  /** Stores one observation. Resolves when its batch is committed. */
  write(o: Observation): Promise<boolean> {
    const d = this.dbs();
    let w: Promise<boolean>;
    switch (o.kind) {
      case 'frame':
        w = d.frames.put([o.camera, o.ts], { counts: o.counts, objectIds: o.objects.map((x) => x.objectId), occupancy: o.occupancy });
        break;
      case 'segment':
        w = this.writeSegment(o);
        break;
      case 'object': {
        const ob = o.object;
        void d.objects.put(ob.objectId, ob);
        w = d.spans.put([ob.camera, ob.firstSeen, ob.objectId], ob.lastSeen);
        break;
      }
      case 'event': {
        const { kind: _k, ...rec } = o;
        w = d.events.put([o.camera, o.ts, this.seq++], rec);
        break;
      }
    }
    this.lastWrite = w;
    return w;
  }

  /** Stores a closed segment (keyframe separately) and extends the camera's coverage. */
  writeSegment(seg: Omit<SegmentRecord, 'keyframe'> & { keyframe?: Buffer | boolean; kind?: string }): Promise<boolean> {
    const d = this.dbs();
    const { keyframe, kind: _k, ...rest } = seg;
    if (Buffer.isBuffer(keyframe)) void d.keyframes.put([seg.camera, seg.start], keyframe);
    const w = d.segs.put([seg.camera, seg.start], { ...rest, keyframe: Boolean(keyframe) });
    this.extendCoverage(seg.camera, seg.firstFrameAt, seg.lastFrameAt);
    this.lastWrite = w;
    return w;
  }

  private extendCoverage(camera: string, first: number, last: number): void {
    const d = this.dbs();
    let range = this.openRange.get(camera) ?? this.lastCoverage(camera);
    if (range && first - range.end <= COVERAGE_GAP_MS && first >= range.start) {
      range.end = Math.max(range.end, last);
    } else {
      range = { camera, start: first, end: last };
    }
    this.openRange.set(camera, range);
    void d.cov.put([range.camera, range.start], { ...range });
  }

  private lastCoverage(camera: string): CoverageRange | undefined {
    for (const { value } of this.dbs().cov.getRange({ start: [camera, Infinity], end: [camera, -Infinity], reverse: true, limit: 1 })) return { ...value };
    return undefined;
  }

  /** Segments of a camera (or all cameras) overlapping `[from, to)`, by start. */
  segments(from: number, to: number, camera?: string): SegmentRecord[] {
    const out: SegmentRecord[] = [];
    for (const cam of camera ? [camera] : this.cameras()) {
      for (const { value } of this.dbs().segs.getRange({ start: [cam, from - 60_000], end: [cam, to] })) {
        if (value.end > from && value.start < to) out.push(value);
      }
    }
    return out.sort((a, b) => a.start - b.start);
  }

  /** The keyframe JPEG of a segment, if stored. */
  keyframe(camera: string, start: number): Buffer | undefined {
    return this.dbs().keyframes.get([camera, start]);
  }

  /** Coverage ranges, ordered by start. */
  coverage(camera?: string): CoverageRange[] {
    const out: CoverageRange[] = [];
    for (const { value } of this.dbs().cov.getRange(camera ? { start: [camera], end: [camera, Infinity] } : {})) out.push(value);
    return out.sort((a, b) => a.start - b.start);
  }

  /** Camera ids that have any coverage. */
  cameras(): string[] {
    const ids = new Set<string>();
    for (const key of this.dbs().cov.getKeys({})) ids.add(String(key[0]));
    return [...ids].sort();
  }

  /** Resolves when every write so far is durable on disk. */
  async flush(): Promise<void> {
    await this.lastWrite;
    if (this.root) await this.root.flushed;
  }

  /** Flushes and closes. */
  async close(): Promise<void> {
    this.openRange.clear();
    if (!this.root) return;
    await this.flush();
    await this.root.close();
    this.root = null;
    this.d = null;
  }
}
