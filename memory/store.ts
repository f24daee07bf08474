/**
 * The LMDB memory: one environment under `<data>/memory` (its databases are listed in `dbs.ts`).
 * Objects also carry derived facts: `segmentsSeen` (with first/last segment start, from segments'
 * `objectIds`) and a fact `description`.
 * Writes are batched by lmdb-js: every put of one event turn goes into one transaction, committed
 * within milliseconds; `flush()` waits for durability. Reads are synchronous and never span an
 * `await`. A full disk stops writing (see `health()`).
 */
import { mkdirSync, statfsSync } from 'node:fs';
import { join } from 'node:path';
import { open, type Database, type RootDatabase } from 'lmdb';
import type { ObjectFact, Observation } from '../ingest/observations.js';
import { describeObject } from './describe.js';
import { INDEX_NAMES, openDbs, type Dbs, type IndexName, type Key } from './dbs.js';
import { storedEvent } from './event-codec.js';
import { indexChunk, sourceOf } from './indexes.js';
import { addObservation, emptyRollup, floorTo, HOUR_MS, mergeRollup, MINUTE_MS, snapshot, type OpenRollup } from './rollup.js';
import { joinAudio, speechIn } from './audio.js';
import { DEFAULT_RETENTION, sweep, type SweepOptions, type SweepResult } from './retention.js';
import type { AudioRecord, CoverageRange, MemoryHealth, ObjectRecord, RetentionOptions, RollupRecord, SegmentRecord, SpeechRecord } from './types.js';
import { invalidObservation, MemoryError } from './validate.js';
import { writeCameraVisits } from './camera-visits.js';
import { writeVisits, type VisitSource } from './visits.js';

export type { Dbs, IndexName } from './dbs.js';
export { invalidObservation, MemoryError, type MemoryErrorCode } from './validate.js';

/** Gap between frames, in ms, above which a new coverage range starts. */
export const COVERAGE_GAP_MS = 5000;
/** Longest a growing coverage range waits before it is stored, ms. */
export const COVERAGE_WRITE_MS = 1000;
/** How long after a minute ends observations for it may still arrive before it is closed. */
export const ROLLUP_LAG_MS = 60_000;

/** Store options. */
export interface MemoryOptions {
  /** Data directory; the LMDB environment lives in `<dir>/memory`. */
  dir: string;
  /** Open without write access (queries only). */
  readOnly?: boolean;
  /** Retention per level (defaults: raw 24 h, events/objects 7 d, minutes 7 d, hours 90 d). */
  retention?: Partial<RetentionOptions>;
  /** Size budget in GB of stored data; `sweep()` evicts oldest-first above it. Default: none. */
  budgetGB?: number;
  /** Free disk space, in MB, below which writing stops (and above twice which it resumes). Default 64. */
  minFreeMB?: number;
  /** How often, in ms, free space is checked and a failed store retries a write. Default 1000. */
  checkMs?: number;
}

/** Per-object segment statistics kept while segments arrive. */
interface SegStats {
  n: number;
  first: number;
  last: number;
  /** The object record is stored (so segment updates rewrite it). */
  stored: boolean;
  /** Its final (`end`) record is stored: later segments rewrite it at once. */
  ended: boolean;
  /** Stats changed since the record was last written. */
  dirty: boolean;
  /** The identity facts and zone visits of the record last written (or stored), which its index entries reflect. */
  written?: VisitSource;
}

/** A copy of the facts of an object its index entries are built from. */
function factsOf(o: VisitSource): VisitSource {
  return { objectId: o.objectId, camera: o.camera, label: o.label, firstSeen: o.firstSeen, lastSeen: o.lastSeen, zones: o.zones.map((z) => ({ ...z })), ...(o.visits ? { visits: o.visits.map((v) => ({ ...v })) } : {}) };
}

/** Objects whose segment statistics are kept in memory. */
const MAX_SEG_STATS = 20_000;

const noop = (): void => undefined;
/** Durable memory of segments, frames, objects, events, roll-ups and coverage. */
export class MemoryStore {
  private root: RootDatabase | null = null;
  private d: Dbs | null = null;
  private readonly openRange = new Map<string, CoverageRange>();
  private readonly minute = new Map<string, Map<number, OpenRollup>>();
  private readonly hour = new Map<string, OpenRollup>();
  private readonly maxSpan = new Map<string, number>();
  /** Recently closed minutes by `camera\nstart` (their writes may still be in flight). */
  private readonly closed = new Map<string, RollupRecord>();
  private seq = Math.floor(Math.random() * 2 ** 30);
  /** The guarded promise of the latest write, and the lmdb-js promise it guards. */
  private lastWrite: Promise<boolean> = Promise.resolve(true);
  private rawWrite: Promise<boolean> | null = null;
  private writable = true;
  private reason: string | null = null;
  private diskFull = false;
  private lastCheck = 0;
  private cams: Set<string> | null = null;
  private covCache: Map<string, CoverageRange[]> | null = null;
  /** Coverage ranges grown since they were last stored, by camera. */
  private readonly covDirty = new Map<string, CoverageRange>();
  private covTimer: NodeJS.Timeout | null = null;
  /** Newest stored segment start per camera (see `segmentStored`). */
  private readonly segHigh = new Map<string, number>();
  private readonly segStats = new Map<string, SegStats>();
  private readonly ready: Record<IndexName, boolean> = { events: false, zones: false, visits: false, cvisits: false };
  /** Objects whose visit entries were written by `writeObject` while the visits index is being built (the build skips them). */
  private readonly liveVisits = new Set<string>();
  private migrating: Promise<void> = Promise.resolve();
  private closing = false;
  /** Retention in effect. */
  readonly retention: RetentionOptions;

  constructor(private readonly opts: MemoryOptions) {
    this.retention = { ...DEFAULT_RETENTION, ...opts.retention };
  }

  /** Directory of the LMDB environment. */
  get path(): string {
    return join(this.opts.dir, 'memory');
  }

  /** Opens (creating when writable) the environment. */
  open(): void {
    const path = this.path;
    if (!this.opts.readOnly) mkdirSync(path, { recursive: true });
    const root = open({ path, readOnly: this.opts.readOnly ?? false, maxDbs: 24, compression: false });
    this.root = root;
    this.closing = false;
    this.d = openDbs(root);
    const d = this.d;
    const jobs: Promise<void>[] = [];
    for (const name of INDEX_NAMES) {
      this.ready[name] = d.meta.get(['index', name]) === 1;
      if (this.ready[name] || this.opts.readOnly) continue;
      let empty = true;
      for (const _ of sourceOf(d, name).getKeys({ limit: 1 })) empty = false;
      if (empty) {
        d.meta.putSync(['index', name], 1);
        this.ready[name] = true;
      } else {
        jobs.push(this.rebuild(root, name));
      }
    }
    this.migrating = Promise.all(jobs).then(noop);
  }

  /** Whether a secondary index is complete (queries scan the primary database until it is). */
  indexed(name: IndexName): boolean {
    return this.ready[name];
  }

  /** Resolves when indexes being built for data stored before they existed are complete. */
  indexesBuilt(): Promise<void> {
    return this.migrating;
  }

  /** Builds an index from its primary database in chunks (data written before the index existed). */
  private async rebuild(root: RootDatabase, name: IndexName): Promise<void> {
    const chunk = 5000;
    let start: Key | string | undefined;
    for (;;) {
      const d = this.d;
      if (this.closing || this.root !== root || !d) return;
      const r = indexChunk(d, name, start, chunk, { skip: (id) => this.liveVisits.has(id) });
      start = r.start;
      let last = r.last;
      for (const [cam, span] of r.spans ?? []) last = this.widenSpan(cam, span) ?? last;
      await last.catch(noop);
      if (r.n < chunk) break;
    }
    const d = this.d;
    if (this.closing || this.root !== root || !d) return;
    await d.meta.put(['index', name], 1).catch(noop);
    this.ready[name] = true;
    if ((name === 'visits' || name === 'cvisits') && this.ready.visits && this.ready.cvisits) this.liveVisits.clear();
  }

  /** The open databases (for the query layer). */
  dbs(): Dbs {
    if (!this.d) throw new MemoryError('MEMORY_NOT_OPEN', 'memory store is not open');
    return this.d;
  }

  /** Whether writes are accepted; `reason` says why not (disk full, write failure). For `/healthz`. */
  health(): MemoryHealth {
    if (!this.d) return { writable: false, reason: 'memory store is not open' };
    if (this.opts.readOnly) return { writable: false, reason: 'opened read-only' };
    this.checkDisk(Date.now(), true);
    return { writable: this.writable, reason: this.reason };
  }

  /** Free bytes on the store's file system. */
  freeBytes(): number {
    const s = statfsSync(this.path);
    return s.bavail * s.bsize;
  }

  /** Bytes used by stored data (LMDB pages in use, not the file size: freed pages are reused). */
  usedBytes(): number {
    let pages = 0;
    let pageSize = 4096;
    for (const db of Object.values(this.dbs()) as Database[]) {
      const s = db.getStats() as { pageSize: number; treeBranchPageCount: number; treeLeafPageCount: number; overflowPages: number };
      pageSize = s.pageSize;
      pages += s.treeBranchPageCount + s.treeLeafPageCount + s.overflowPages;
    }
    return pages * pageSize;
  }

  /** Size budget in bytes, or null. */
  get budgetBytes(): number | null {
    return this.opts.budgetGB ? this.opts.budgetGB * 1024 ** 3 : null;
  }

  private checkDisk(now: number, force = false): void {
    if (!force && now - this.lastCheck < (this.opts.checkMs ?? 1000)) return;
    this.lastCheck = now;
    const reserve = (this.opts.minFreeMB ?? 64) * 1024 * 1024;
    let free: number;
    try {
      free = this.freeBytes();
    } catch {
      return;
    }
    if (!this.diskFull && free < reserve) {
      this.diskFull = true;
      this.stop(`disk full: ${Math.round(free / 1048576)} MB free, below the ${Math.round(reserve / 1048576)} MB reserve`);
    } else if (this.diskFull && free >= 2 * reserve) {
      this.diskFull = false;
      this.resume();
    } else if (!this.diskFull && !this.writable) {
      // a failed write: let the next write through as a probe
      this.resume();
    }
  }

  private stop(reason: string): void {
    this.writable = false;
    this.reason = reason;
  }

  private resume(): void {
    this.writable = true;
    this.reason = null;
  }

  /** Watches a write: a failure (ENOSPC, MDB_MAP_FULL, I/O error) stops writing until a probe succeeds. */
  private guard(p: Promise<boolean>): Promise<boolean> {
    return p.catch(async (e: unknown) => {
      let cause = e;
      const ce = (e as { commitError?: Promise<unknown> } | null)?.commitError;
      if (ce) cause = await ce.then(() => e, (x: unknown) => x);
      const msg = cause instanceof Error ? cause.message : String(cause);
      this.stop(`write failed: ${msg}`);
      throw new MemoryError('MEMORY_WRITE_FAILED', `memory write failed: ${msg}`);
    });
  }

  /**
   * Watches a write. lmdb-js returns one promise per transaction for all its puts, so each is
   * guarded once (not once per put): the guarded promise is shared by the writes of a batch.
   */
  private track(p: Promise<boolean>): void {
    if (p !== this.rawWrite) {
      this.rawWrite = p;
      this.lastWrite = this.guard(p);
      this.lastWrite.catch(noop);
    }
  }

  /**
   * Object records put in batches that are not committed yet: reads of `objects` still return the
   * committed copy until then, so a rewrite must start from the record written last.
   */
  private readonly unsettled = new Map<string, { rec: ObjectRecord; batch: Promise<boolean> }>();
  private hookedBatch: Promise<boolean> | null = null;

  /** Puts an object record, remembered as the newest until its batch commits. */
  private putObject(rec: ObjectRecord): void {
    const p = this.dbs().objects.put(rec.objectId, rec);
    this.track(p);
    this.unsettled.set(rec.objectId, { rec, batch: p });
    if (p !== this.hookedBatch) {
      this.hookedBatch = p;
      const settle = (): void => {
        for (const [id, e] of this.unsettled) if (e.batch === p) this.unsettled.delete(id);
      };
      p.then(settle, settle);
    }
  }

  /** The newest record of an object: one still being committed, else the stored one. */
  private objectRecord(id: string): ObjectRecord | undefined {
    return this.unsettled.get(id)?.rec ?? this.dbs().objects.get(id);
  }

  /** `track`, returning the guarded promise of the write's batch. */
  private tracked(p: Promise<boolean>): Promise<boolean> {
    this.track(p);
    return this.lastWrite;
  }

  /** Stores one observation. Resolves when its batch is committed; rejects (MEMORY_NOT_WRITABLE) while writing is stopped. */
  write(o: Observation): Promise<boolean> {
    const d = this.dbs();
    const bad = invalidObservation(o);
    if (bad !== null) return Promise.reject(new MemoryError('MEMORY_BAD_INPUT', `memory rejected an observation: ${bad}`));
    this.checkDisk(Date.now());
    if (!this.writable) return Promise.reject(new MemoryError('MEMORY_NOT_WRITABLE', `memory is not writable: ${this.reason ?? 'unknown'}`));
    this.cams?.add(o.camera);
    // a segment written again (e.g. with a late vision caption) replaces the record only
    if (o.kind === 'segment' && this.segmentStored(o.camera, o.start)) return this.reviseSegment(o);
    this.rollup(o);
    switch (o.kind) {
      case 'frame': {
        const occ = o.occupancy;
        for (const zone in occ) this.track(d.zocc.put([o.camera, zone, o.ts], occ[zone] ?? 0));
        const ids: string[] = new Array<string>(o.objects.length);
        for (let i = 0; i < ids.length; i++) ids[i] = (o.objects[i] as { objectId: string }).objectId;
        return this.tracked(d.frames.put([o.camera, o.ts], { counts: o.counts, objectIds: ids, occupancy: occ }));
      }
      case 'segment':
        return this.writeSegment(o, true);
      case 'object':
        return this.writeObject(o.object, o.event === 'end');
      case 'event': {
        const rec = storedEvent(o);
        const seq = this.seq++;
        this.track(d.etypes.put([o.camera, o.type, o.ts, seq], rec));
        if (typeof o.line === 'string') this.track(d.elines.put([o.camera, o.line, o.ts, seq], rec));
        return this.tracked(d.events.put([o.camera, o.ts, seq], rec));
      }
      case 'audio':
        return this.tracked(d.audio.put([o.camera, o.start], { end: o.end, rmsDbfs: o.rmsDbfs, peakDbfs: o.peakDbfs }));
      case 'speech': {
        const { kind: _k, ...rec } = o;
        return this.tracked(d.speech.put([o.camera, o.start], rec));
      }
    }
  }

  /**
   * Stores an object record and its index entries (spans, zone visits). The facts written last
   * (kept with its segment statistics) tell which old entries to drop, even while that write is
   * still uncommitted; the stored record is read only for objects not seen since `open()`.
   */
  private writeObject(fact: ObjectFact, ended: boolean): Promise<boolean> {
    const d = this.dbs();
    const prev = this.statsOf(fact.objectId).written;
    const ob = this.derive(fact, ended);
    // one span entry per object: drop the old one when its first sighting or class changed
    if (prev && (prev.firstSeen !== ob.firstSeen || prev.label !== ob.label || prev.camera !== ob.camera)) {
      this.track(d.spans.remove([prev.camera, prev.firstSeen, ob.objectId]));
      this.track(d.lspans.remove([prev.camera, prev.label, prev.firstSeen, ob.objectId]));
    }
    this.putObject(ob);
    this.track(d.lspans.put([ob.camera, ob.label, ob.firstSeen, ob.objectId], ob.lastSeen));
    const v = writeVisits(d.visits, prev, ob);
    if (v) this.track(v);
    const cv = writeCameraVisits(d.cvisits, prev, ob);
    if (cv) this.track(cv);
    if (!this.ready.visits || !this.ready.cvisits) this.liveVisits.add(ob.objectId);
    // the span bounds index scans: it covers zone visits entered before the first sighting too
    let span = ob.lastSeen - ob.firstSeen;
    for (const z of ob.zones) span = Math.max(span, ob.lastSeen - z.enteredAt);
    const w = this.widenSpan(ob.camera, span);
    if (w) this.track(w);
    return this.tracked(d.spans.put([ob.camera, ob.firstSeen, ob.objectId], ob.lastSeen));
  }

  /** Segment statistics of an object: from memory, else from its stored record, else empty. */
  private statsOf(id: string): SegStats {
    let st = this.segStats.get(id);
    if (st) {
      // most recently used last: eviction drops the oldest
      this.segStats.delete(id);
    } else {
      const prev = this.objectRecord(id);
      st = { n: prev?.segmentsSeen ?? 0, first: prev?.firstSegmentAt ?? NaN, last: prev?.lastSegmentAt ?? NaN, stored: prev !== undefined, ended: prev !== undefined, dirty: false };
      if (prev) st.written = factsOf(prev);
    }
    this.segStats.set(id, st);
    if (this.segStats.size > MAX_SEG_STATS) {
      for (const [k, v] of this.segStats) {
        if (this.segStats.size <= MAX_SEG_STATS) break;
        if (v.dirty && v.stored) this.rewriteObject(k, v);
        this.segStats.delete(k);
      }
    }
    return st;
  }

  /** The record stored for an object fact: its segment statistics and description added. */
  private derive(ob: ObjectFact, ended: boolean): ObjectRecord {
    const st = this.statsOf(ob.objectId);
    st.stored = true;
    st.ended = ended;
    st.dirty = false;
    st.written = factsOf(ob);
    const rec: ObjectRecord = { ...ob, segmentsSeen: st.n, description: describeObject(ob) };
    if (st.n > 0) {
      rec.firstSegmentAt = st.first;
      rec.lastSegmentAt = st.last;
    }
    return rec;
  }

  /** Counts a segment for each object it names; final records are updated at once, others on their next write or flush. */
  private countSegment(start: number, ids: readonly string[]): void {
    for (const id of ids) {
      const st = this.statsOf(id);
      if (start === st.first || start === st.last) continue;
      st.n++;
      if (!(start >= st.first)) st.first = start;
      if (!(start <= st.last)) st.last = start;
      if (!st.stored) continue;
      if (st.ended) this.rewriteObject(id, st);
      else st.dirty = true;
    }
  }

  /** Rewrites a stored object with its current segment statistics. */
  private rewriteObject(id: string, st: SegStats): void {
    const prev = this.objectRecord(id);
    st.dirty = false;
    if (!prev) return;
    this.putObject({ ...prev, segmentsSeen: st.n, firstSegmentAt: st.first, lastSegmentAt: st.last });
  }

  /** Raises a camera's longest object span to `span` when longer; returns the write, or null. */
  private widenSpan(camera: string, span: number): Promise<boolean> | null {
    if (!(span > this.spanOf(camera))) return null;
    this.maxSpan.set(camera, span);
    return this.dbs().meta.put(['maxSpan', camera], span);
  }

  /** Longest object life stored for a camera (bounds span scans), in ms. */
  spanOf(camera: string): number {
    let s = this.maxSpan.get(camera);
    if (s === undefined) {
      s = this.dbs().meta.get(['maxSpan', camera]) ?? 0;
      this.maxSpan.set(camera, s);
    }
    return s;
  }

  /** Stores a closed segment (keyframe separately) and extends the camera's coverage. */
  writeSegment(seg: Omit<SegmentRecord, 'keyframe'> & { keyframe?: Buffer | boolean; kind?: string }, rolled = false): Promise<boolean> {
    const d = this.dbs();
    if (!rolled) {
      const bad = invalidObservation({ ...seg, kind: 'segment' });
      if (bad !== null) return Promise.reject(new MemoryError('MEMORY_BAD_INPUT', `memory rejected a segment: ${bad}`));
      this.checkDisk(Date.now());
      if (!this.writable) return Promise.reject(new MemoryError('MEMORY_NOT_WRITABLE', `memory is not writable: ${this.reason ?? 'unknown'}`));
      this.rollup({ ...seg, kind: 'segment' } as Observation);
      this.cams?.add(seg.camera);
    }
    const keyframe = seg.keyframe;
    // one copy of the segment: the keyframe flag replaces the JPEG bytes in place
    const { kind: _k, ...copy } = seg;
    const rec = copy as SegmentRecord;
    rec.keyframe = Boolean(keyframe);
    const ids = rec.objectIds;
    if (ids && ids.length > 0) this.countSegment(seg.start, ids.length > 1 ? [...new Set(ids)] : ids);
    if (Buffer.isBuffer(keyframe)) this.track(d.keyframes.put([seg.camera, seg.start], keyframe));
    // only a start known from the store can be raised (an unknown camera reads it first)
    const high = this.segHigh.get(seg.camera);
    if (high !== undefined && seg.start > high) this.segHigh.set(seg.camera, seg.start);
    const w = this.tracked(d.segs.put([seg.camera, seg.start], rec));
    this.extendCoverage(seg.camera, seg.firstFrameAt, seg.lastFrameAt);
    return w;
  }

  /**
   * Whether a camera's segment starting at `start` is stored. Segments arrive in time order, so
   * one starting after the newest known start is new without a lookup.
   */
  private segmentStored(camera: string, start: number): boolean {
    const segs = this.dbs().segs;
    let high = this.segHigh.get(camera);
    if (high === undefined) {
      high = -Infinity;
      for (const k of segs.getKeys({ start: [camera, Infinity], end: [camera, -Infinity], reverse: true, limit: 1 })) high = Number(k[1]);
      this.segHigh.set(camera, high);
    }
    return start <= high && segs.doesExist([camera, start]);
  }

  /** Replaces a stored segment's record (caption, vision caption); roll-ups, coverage and object statistics are not counted again. */
  private reviseSegment(seg: Omit<SegmentRecord, 'keyframe'> & { keyframe?: Buffer | boolean; kind?: string }): Promise<boolean> {
    const d = this.dbs();
    const { keyframe, kind: _k, ...rest } = seg;
    const prev = d.segs.get([seg.camera, seg.start]);
    return this.tracked(d.segs.put([seg.camera, seg.start], { ...rest, keyframe: Boolean(keyframe) || Boolean(prev?.keyframe) }));
  }

  /**
   * Adds an observation to its minute. Minutes stay open while observations may still arrive late
   * (segments close after their frames, objects update later): a minute closes (is stored and merged
   * into its hour) once a camera's observations are `ROLLUP_LAG_MS` past its end.
   */
  private rollup(o: Observation): void {
    if (o.kind === 'audio' || o.kind === 'speech') return;
    const ts = o.kind === 'segment' ? o.start : o.ts;
    const m0 = floorTo(ts, MINUTE_MS);
    let open = this.minute.get(o.camera);
    if (!open) {
      open = new Map<number, OpenRollup>();
      this.minute.set(o.camera, open);
    }
    let cur = open.get(m0);
    if (!cur) {
      // recently closed minutes may not be committed yet: the in-memory copy wins
      const prev = this.closed.get(`${o.camera}\n${m0}`) ?? this.dbs().minutes.get([o.camera, m0]);
      cur = prev ? { rec: { ...prev }, ids: new Set(prev.objectIds) } : { rec: emptyRollup(o.camera, m0, MINUTE_MS), ids: new Set() };
      if (prev && !prev.partial) this.subtractFromHour(prev);
      open.set(m0, cur);
      for (const [start, m] of open) {
        if (start + MINUTE_MS + ROLLUP_LAG_MS <= m0) {
          this.closeMinute(m, false);
          open.delete(start);
        }
      }
    }
    addObservation(cur.rec, cur.ids, o);
  }

  /** A reopened closed minute will be merged into its hour again: rebuild the hour without it first. */
  private subtractFromHour(m: RollupRecord): void {
    const h0 = floorTo(m.start, HOUR_MS);
    const h: OpenRollup = { rec: emptyRollup(m.camera, h0, HOUR_MS), ids: new Set() };
    const mins = new Map<number, RollupRecord>();
    for (const { value } of this.dbs().minutes.getRange({ start: [m.camera, h0], end: [m.camera, h0 + HOUR_MS] })) mins.set(value.start, value);
    for (const c of this.closed.values()) if (c.camera === m.camera && c.start >= h0 && c.start < h0 + HOUR_MS) mins.set(c.start, c);
    for (const value of mins.values()) if (value.start !== m.start && !value.partial) mergeRollup(h.rec, h.ids, value);
    this.hour.set(`${m.camera}\n${h0}`, h);
  }

  /** Stores a minute and merges it into its hour (stored too). */
  private closeMinute(m: OpenRollup, partial: boolean): void {
    const rec = snapshot(m, partial);
    if (!partial) {
      this.closed.set(`${rec.camera}\n${rec.start}`, rec);
      for (const k of this.closed.keys()) {
        if (this.closed.size <= 256) break;
        this.closed.delete(k);
      }
    }
    this.track(this.dbs().minutes.put([rec.camera, rec.start], rec));
    if (!partial) this.storeHour(rec.camera, floorTo(rec.start, HOUR_MS), [rec], true);
  }

  /**
   * Stores an hour: its closed minutes (kept in memory) plus `extra` minutes. Closed minutes are
   * kept in the in-memory hour (`keep`); partial ones only reach the stored copy.
   */
  private storeHour(camera: string, h0: number, extra: RollupRecord[], keep: boolean): void {
    const d = this.dbs();
    const hk = `${camera}\n${h0}`;
    let h = this.hour.get(hk);
    if (!h) {
      const prev = d.hours.get([camera, h0]);
      h = prev ? { rec: { ...prev }, ids: new Set(prev.objectIds) } : { rec: emptyRollup(camera, h0, HOUR_MS), ids: new Set() };
    }
    // a kept hour is merged in place; a partial one (flush) into a copy, leaving the open hour as it was
    const r = h.rec;
    const merged: OpenRollup = keep
      ? h
      : {
          rec: { ...r, maxCounts: { ...r.maxCounts }, maxCountsAt: { ...r.maxCountsAt }, maxOccupancy: { ...r.maxOccupancy }, maxOccupancyAt: { ...r.maxOccupancyAt }, events: { ...r.events }, captions: [...r.captions] },
          ids: new Set(h.ids),
        };
    for (const m of extra) mergeRollup(merged.rec, merged.ids, m);
    if (keep) this.hour.set(hk, merged);
    for (const [k, v] of this.hour) if (v.rec.camera === camera && v.rec.start < h0 - HOUR_MS) this.hour.delete(k);
    let lastEnd = -Infinity;
    for (const m of extra) lastEnd = Math.max(lastEnd, m.end);
    const partial = extra.some((m) => m.partial) || lastEnd < h0 + HOUR_MS;
    this.track(d.hours.put([camera, h0], snapshot(merged, partial)));
  }

  /**
   * Extends the camera's open coverage range (or starts a new one). A new range is stored at once;
   * a range that only grows is stored at most every `COVERAGE_WRITE_MS` (and on flush), so a
   * crash loses at most about that much of its end.
   */
  private extendCoverage(camera: string, first: number, last: number): void {
    let range = this.openRange.get(camera) ?? this.lastCoverage(camera);
    if (range && first - range.end <= COVERAGE_GAP_MS && first >= range.start) {
      range.end = Math.max(range.end, last);
      this.covDirty.set(camera, range);
      if (!this.covTimer) {
        this.covTimer = setTimeout(() => {
          this.covTimer = null;
          if (this.d && this.writable) this.storeCoverage();
        }, COVERAGE_WRITE_MS);
        this.covTimer.unref();
      }
    } else {
      this.storeCoverage(camera);
      range = { camera, start: first, end: last };
      this.covDirty.set(camera, range);
      this.storeCoverage(camera);
    }
    this.openRange.set(camera, range);
    if (this.covCache) {
      const list = this.covCache.get(camera) ?? [];
      this.covCache.set(camera, list);
      const i = list.findIndex((r) => r.start === range.start);
      if (i >= 0) list[i] = { ...range };
      else {
        list.push({ ...range });
        list.sort((a, b) => a.start - b.start);
      }
    }
  }

  /** Stores the changed coverage range of a camera (of every camera when omitted). */
  private storeCoverage(camera?: string): void {
    const d = this.dbs();
    for (const [cam, r] of camera === undefined ? [...this.covDirty] : [[camera, this.covDirty.get(camera)] as const]) {
      if (!r) continue;
      this.track(d.cov.put([r.camera, r.start], { ...r }));
      this.covDirty.delete(cam);
    }
  }

  private lastCoverage(camera: string): CoverageRange | undefined {
    for (const { value } of this.dbs().cov.getRange({ start: [camera, Infinity], end: [camera, -Infinity], reverse: true, limit: 1 })) return { ...value };
    return undefined;
  }

  /** Segments of a camera (or all cameras) overlapping `[from, to)`, by start. */
  segments(from: number, to: number, camera?: string): SegmentRecord[] {
    const out: SegmentRecord[] = [];
    const d = this.dbs();
    for (const cam of camera ? [camera] : this.cameras()) {
      const first = out.length;
      for (const { value } of d.segs.getRange({ start: [cam, from - 60_000], end: [cam, to] })) {
        if (value.end > from && value.start < to) out.push(value);
      }
      if (out.length > first) this.joinAudio(cam, out, first);
    }
    return out.sort((a, b) => a.start - b.start);
  }

  /** Adds the sound level and the words spoken to segments `out[first..]` of one camera (by start). */
  private joinAudio(cam: string, out: SegmentRecord[], first: number): void {
    joinAudio(this.dbs(), cam, out, first);
  }

  /** Utterances of a camera (or all) overlapping `[from, to)`, by start. */
  speech(from: number, to: number, camera?: string): SpeechRecord[] {
    return speechIn(this.dbs(), camera ? [camera] : this.cameras(), from, to);
  }

  /** Sound levels of a camera's 2 s windows starting in `[from, to)`. */
  audioLevels(from: number, to: number, camera: string): (AudioRecord & { start: number })[] {
    return [...this.dbs().audio.getRange({ start: [camera, from], end: [camera, to] })].map(({ key, value }) => ({ start: Number(key[1]), ...value }));
  }

  /** Minute (or hour) roll-ups of a camera (or all) starting in `[from, to)`, by start. */
  rollups(level: 'minute' | 'hour', from: number, to: number, camera?: string): RollupRecord[] {
    const db = level === 'minute' ? this.dbs().minutes : this.dbs().hours;
    const out: RollupRecord[] = [];
    for (const cam of camera ? [camera] : this.cameras()) {
      for (const { value } of db.getRange({ start: [cam, from], end: [cam, to] })) out.push(value);
    }
    return out.sort((a, b) => a.start - b.start);
  }

  /** The keyframe JPEG of a segment, if stored. */
  keyframe(camera: string, start: number): Buffer | undefined {
    return this.dbs().keyframes.get([camera, start]);
  }

  /** Coverage ranges, ordered by start. */
  coverage(camera?: string): CoverageRange[] {
    // the writer knows every change: it answers from memory (a read-only store may see another process write)
    if (!this.opts.readOnly) {
      if (!this.covCache) {
        const all = new Map<string, CoverageRange[]>();
        for (const { value } of this.dbs().cov.getRange({})) {
          const list = all.get(value.camera) ?? [];
          all.set(value.camera, list);
          list.push({ ...value });
        }
        // ranges grown since they were last stored
        for (const r of this.covDirty.values()) {
          const list = all.get(r.camera) ?? [];
          all.set(r.camera, list);
          const i = list.findIndex((x) => x.start === r.start);
          if (i >= 0) list[i] = { ...r };
          else list.push({ ...r });
        }
        for (const list of all.values()) list.sort((a, b) => a.start - b.start);
        this.covCache = all;
      }
      if (camera) return (this.covCache.get(camera) ?? []).map((r) => ({ ...r }));
      const out: CoverageRange[] = [];
      for (const list of this.covCache.values()) for (const r of list) out.push({ ...r });
      return out.sort((a, b) => a.start - b.start);
    }
    const out: CoverageRange[] = [];
    for (const { value } of this.dbs().cov.getRange(camera ? { start: [camera], end: [camera, Infinity] } : {})) out.push(value);
    return out.sort((a, b) => a.start - b.start);
  }

  /** Camera ids that have any stored data (coverage, frames, segments, events, objects or roll-ups). */
  cameras(): string[] {
    if (!this.cams) {
      const d = this.dbs();
      const ids = new Set<string>();
      for (const db of [d.cov, d.frames, d.segs, d.events, d.spans, d.minutes, d.hours, d.audio, d.speech] as Database<unknown, Key>[]) {
        // hop from one camera prefix to the next: [cam + '\0'] sorts after every [cam, ...]
        // (no start at first: an empty-array start would return the shared-structures symbol key)
        let start: Key | undefined;
        for (;;) {
          let next: string | undefined;
          for (const k of db.getKeys({ ...(start ? { start } : {}), limit: 1 })) if (Array.isArray(k)) next = String(k[0]);
          if (next === undefined) break;
          ids.add(next);
          start = [next + '\u0000'];
        }
      }
      this.cams = ids;
    }
    return [...this.cams].sort();
  }

  /**
   * Deletes data past retention, then evicts oldest-first while over the size budget. Bounded:
   * at most `maxKeys` deletions or about `maxMs` of work per call; call again while `done` is false.
   */
  async sweep(o: SweepOptions = {}): Promise<SweepResult> {
    const d = this.dbs();
    if (!this.opts.readOnly && this.writable && this.covDirty.size > 0) {
      this.storeCoverage();
      await this.lastWrite.catch(noop);
    }
    const r = await sweep(this, d, o);
    if (r.deleted > 0) {
      this.covCache = null;
      this.checkDisk(Date.now(), true);
    }
    return r;
  }

  /** Resolves when every write so far is durable on disk; open roll-ups are stored (marked partial). */
  async flush(): Promise<void> {
    if (this.d && !this.opts.readOnly && this.writable) {
      for (const [id, st] of this.segStats) if (st.dirty && st.stored) this.rewriteObject(id, st);
      this.storeCoverage();
      for (const [camera, open] of this.minute) {
        const byHour = new Map<number, RollupRecord[]>();
        for (const m of open.values()) {
          this.closeMinute(m, true);
          const h0 = floorTo(m.rec.start, HOUR_MS);
          byHour.set(h0, [...(byHour.get(h0) ?? []), snapshot(m, true)]);
        }
        for (const [h0, list] of byHour) this.storeHour(camera, h0, list, false);
      }
    }
    await this.lastWrite.catch(() => undefined);
    if (this.root) await this.root.flushed;
  }

  /** Flushes and closes. */
  async close(): Promise<void> {
    if (!this.root) return;
    this.closing = true;
    await this.flush();
    this.openRange.clear();
    this.minute.clear();
    this.hour.clear();
    this.maxSpan.clear();
    this.closed.clear();
    this.cams = null;
    this.covCache = null;
    this.covDirty.clear();
    if (this.covTimer) clearTimeout(this.covTimer);
    this.covTimer = null;
    this.segHigh.clear();
    this.segStats.clear();
    this.unsettled.clear();
    this.liveVisits.clear();
    await this.migrating.catch(noop);
    await this.root.close();
    this.root = null;
    this.d = null;
  }
}

