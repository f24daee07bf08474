/**
 * The LMDB memory: one environment under `<data>/memory` (its databases are listed in `dbs.ts`).
 * This is a thin facade over the parts of an open environment (`session.ts`): the write gate,
 * the object, segment, coverage and roll-up writers, the index builder and the plain reads.
 * Writes are batched by lmdb-js: every put of one event turn goes into one transaction, committed
 * within milliseconds; `flush()` waits for durability. Reads are synchronous and never span an
 * `await`. A full disk stops writing (see `health()`). Typed queries are in `MemoryQueries`.
 */
import { putOrientation, putPlaces, type PlacesValue } from './places.js';
import { putViews, readViews } from './object-views.js';
import { mkdirSync, statfsSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from 'lmdb';
import type { Observation } from '../ingest/observations.js';
import type { Dbs, IndexName } from './dbs.js';
import { storedEvent } from './event-codec.js';
import { DEFAULT_RETENTION, sweep, type SweepOptions, type SweepResult } from './retention.js';
import { WallClock, type ClockStep } from './clock.js';
import { noteStep, stepsIn } from './clock-steps.js';
import { keptSince, type KeptSince } from './kept.js';
import type { SegmentInput } from './segment-log.js';
import { Session } from './session.js';
import { alertDbs, invalidAlert, putAlert, readAlerts, type AlertPage, type AlertQuery } from './alerts.js';
import type { AlertRecord, AudioRecord, CoverageRange, MemoryHealth, RetentionOptions, RollupRecord, SegmentRecord, SpeechRecord, StorageHealth } from './types.js';
import { checkStorage, isDamageError, moveAside } from './storage-check.js';
import { ignoreWriteFailure } from './write-gate.js';
import { nextRun } from './runs.js';
import { cutOpenVisits } from './live-recovery.js';
import { presentOf } from './queries/visits.js';
import { invalidObservation, MemoryError } from './validate.js';
import type { MemoryView } from './view.js';

export type { Dbs, IndexName } from './dbs.js';
export { invalidObservation, MemoryError, type MemoryErrorCode } from './validate.js';
export { COVERAGE_GAP_MS, COVERAGE_WRITE_MS } from './coverage-log.js';
export { ROLLUP_LAG_MS } from './rollup-log.js';
export type { KeptLevel, KeptSince } from './kept.js';
export type { AlertCursor, AlertPage, AlertQuery } from './alerts.js';

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
  /** Longest the start-time walk of the data file may take (`openChecked`), ms; past it the file opens unchecked. Default 60000. */
  checkTimeoutMs?: number;
  /** The clock retention ages data by (its steady time: a step of the wall clock deletes nothing). Default: a new one. */
  clock?: WallClock;
}

const NOT_OPEN = 'memory store is not open';

/** Runs `f`, turning a throw into a rejection (callers of the write methods only ever see promises). */
function rejecting<T>(f: () => Promise<T>): Promise<T> {
  try {
    return f();
  } catch (e) {
    return Promise.reject(e instanceof Error ? e : new Error(String(e)));
  }
}

/** Durable memory of segments, frames, objects, events, roll-ups and coverage. */
export class MemoryStore implements MemoryView {
  /** The open environment and its parts (null while closed). */
  private s: Session | null = null;
  private closing: Promise<void> | null = null;
  private seq = Math.floor(Math.random() * 2 ** 30);
  /** What the start-time check found (null when opened without it). */
  private checked: StorageHealth | null = null;
  /** Retention in effect. */
  readonly retention: RetentionOptions;
  /** The clock retention ages data by (`sweep()` without `now` reads its steady time). */
  readonly clock: WallClock;

  constructor(private readonly opts: MemoryOptions) {
    this.retention = { ...DEFAULT_RETENTION, ...opts.retention };
    this.clock = opts.clock ?? new WallClock();
  }

  /** Directory of the LMDB environment. */
  get path(): string {
    return join(this.opts.dir, 'memory');
  }

  /** Opens (creating when writable) the environment. */
  open(): void {
    const opts = this.opts;
    const readOnly = opts.readOnly ?? false;
    if (!readOnly) mkdirSync(this.path, { recursive: true });
    this.s = new Session({
      path: this.path,
      readOnly,
      freeBytes: () => this.freeBytes(),
      // read when used: the reserve and the check interval may change while the store is open
      get minFreeMB() {
        return opts.minFreeMB;
      },
      get checkMs() {
        return opts.checkMs;
      },
    });
  }

  /**
   * Checks the data file (its meta pages, then a walk of every database in a child process: see
   * `storage-check.ts`), then opens. Writable, a damaged file is moved aside (kept as
   * `data.mdb.corrupt-<time>`) and a fresh memory starts: the result says `recovered`, where the file
   * went and why. Read-only, a damaged file is not opened. A file LMDB refuses to open as damaged
   * (not checked in time, or damaged since) is treated the same way.
   * @throws MemoryError MEMORY_READ_FAILED when opened read-only and the file is damaged
   */
  async openChecked(opts: { walk?: boolean } = {}): Promise<StorageHealth> {
    const v = await checkStorage(this.path, this.opts.checkTimeoutMs, opts.walk ?? true);
    const base = { checkMs: v.ms, readErrors: 0 };
    // a damaged file: refused read-only, else kept aside for a fresh memory
    const damaged = (reason: string): StorageHealth => {
      if (this.opts.readOnly) throw new MemoryError('MEMORY_READ_FAILED', `the memory in ${this.opts.dir} is damaged: ${reason}`);
      return { state: 'recovered', reason, aside: moveAside(this.path), ...base };
    };
    let st: StorageHealth = { state: 'ok', ...base };
    if (v.verdict === 'damaged') st = damaged(v.reason);
    else if (v.verdict === 'unchecked') st = { state: 'unchecked', reason: v.reason, ...base };
    try {
      this.open();
    } catch (e) {
      // damaged after the check, or not checked (the walk timed out): LMDB refused to open it
      const refused = isDamageError(e) || (e instanceof MemoryError && e.code === 'MEMORY_READ_FAILED');
      if (!refused || st.state === 'recovered') throw e;
      await (e as { closing?: Promise<void> }).closing?.catch(() => undefined);
      st = damaged(`opening it failed: ${(e as { details?: { cause?: string } }).details?.cause ?? (e as Error).message}`);
      this.open();
    }
    this.checked = st;
    return st;
  }

  /** The data file's state (null when opened without `openChecked`): `damaged` once a read failed. */
  storage(): StorageHealth | null {
    const c = this.checked;
    if (!c) return null;
    const f = this.s?.faults;
    if (!f || f.count === 0) return c;
    return { ...c, state: 'damaged', reason: `${f.count} read${f.count > 1 ? 's' : ''} failed, the latest: ${f.last ?? 'unknown'}`, readErrors: f.count };
  }

  /** Reads that failed since the store opened (each answered `MEMORY_READ_FAILED`). */
  get readFailures(): number {
    return this.s?.faults.count ?? 0;
  }

  /** The open session, or a MEMORY_NOT_OPEN error. */
  private session(): Session {
    if (!this.s) throw new MemoryError('MEMORY_NOT_OPEN', NOT_OPEN);
    return this.s;
  }

  /**
   * The open databases, for the memory's own modules and tests. The planner and the daemon read
   * through `MemoryQueries` (lint forbids this call outside `memory/`, tests and benchmarks).
   */
  dbs(): Dbs {
    return this.session().d;
  }

  /**
   * Starts a run of the data directory: reads and increments its run counter durably and returns
   * the new number (1, 2, 3, ...; never repeated, whatever the clock). The daemon and `vigil replay`
   * call it once, before cameras start, and stamp object ids with it.
   * @throws MemoryError MEMORY_NOT_OPEN when closed, MEMORY_NOT_WRITABLE when opened read-only
   */
  beginRun(): number {
    const s = this.session();
    if (this.opts.readOnly) throw new MemoryError('MEMORY_NOT_WRITABLE', 'a run cannot begin on a memory opened read-only');
    const run = nextRun(s.d.meta);
    // visits the last run left open end at their camera's last covered frame
    this.lastCut = cutOpenVisits(s.d, s.objects, (cam) => presentOf(this, cam));
    return run;
  }

  /** Visits the last `beginRun()` closed: `cut` at a camera's last covered frame (the object was there when the previous run stopped), `closed` at a last sighting. */
  lastCut: { cut: number; closed: number } = { cut: 0, closed: 0 };

  /** Whether a secondary index is complete (queries scan the primary database until it is). */
  indexed(name: IndexName): boolean {
    return this.s?.indexes.indexed(name) ?? false;
  }

  /** Resolves when indexes being built for data stored before they existed are complete. */
  indexesBuilt(): Promise<void> {
    return this.s?.indexes.built() ?? Promise.resolve();
  }

  /** Longest object life stored for a camera (bounds span scans), in ms. */
  spanOf(camera: string): number {
    return this.session().spans.of(camera);
  }

  /** Whether writes are accepted; `reason` says why not (disk full, write failure). For `/healthz`. */
  health(): MemoryHealth {
    const s = this.s;
    const st = this.storage();
    const storage = st ? { storage: st } : {};
    if (!s) return { writable: false, reason: NOT_OPEN, ...storage };
    if (this.opts.readOnly) return { writable: false, reason: 'opened read-only', ...storage };
    s.gate.check(Date.now(), true);
    return { writable: s.gate.writable, reason: s.gate.reason, ...storage };
  }

  /** Free bytes on the store's file system. */
  freeBytes(): number {
    const st = statfsSync(this.path);
    return st.bavail * st.bsize;
  }

  /** Bytes used by stored data (LMDB pages in use, not the file size: freed pages are reused). */
  usedBytes(): number {
    let pages = 0;
    let pageSize = 4096;
    for (const db of Object.values(this.dbs()) as (Database | undefined)[]) {
      if (!db) continue;
      const st = db.getStats() as { pageSize: number; treeBranchPageCount: number; treeLeafPageCount: number; overflowPages: number };
      pageSize = st.pageSize;
      pages += st.treeBranchPageCount + st.treeLeafPageCount + st.overflowPages;
    }
    return pages * pageSize;
  }

  /** Size budget in bytes, or null. */
  get budgetBytes(): number | null {
    return this.opts.budgetGB ? this.opts.budgetGB * 1024 ** 3 : null;
  }

  /**
   * Stores one observation. Resolves when its batch is committed; rejects while writing is stopped
   * (MEMORY_NOT_WRITABLE), on a bad observation (MEMORY_BAD_INPUT), a closed store (MEMORY_NOT_OPEN)
   * or a damaged record it had to read (MEMORY_READ_FAILED). Never throws.
   */
  write(o: Observation): Promise<boolean> {
    return rejecting(() => this.store(o));
  }

  /** `write`, which may throw (a failed read of the record it revises). */
  private store(o: Observation): Promise<boolean> {
    const s = this.s;
    if (!s) return Promise.reject(new MemoryError('MEMORY_NOT_OPEN', NOT_OPEN));
    const bad = invalidObservation(o);
    if (bad !== null) return Promise.reject(new MemoryError('MEMORY_BAD_INPUT', `memory rejected an observation: ${bad}`));
    const refused = s.gate.refusal(Date.now());
    if (refused) return Promise.reject(refused);
    const { d, gate } = s;
    s.reader.noteCamera(o.camera);
    // a segment written again (e.g. with a late vision caption) replaces the record only
    if (o.kind === 'segment' && s.segments.stored(o.camera, o.start)) return s.segments.revise(o);
    s.rollups.add(o);
    switch (o.kind) {
      case 'frame': {
        // history keeps what the last detection saw; the live hold is for live state only
        const occ = o.seen?.occupancy ?? o.occupancy;
        const counts = o.seen?.counts ?? o.counts;
        // the count-run index is kept in the same batch as the frame (settled counts read it)
        s.countRuns.frame(o.camera, o.ts, counts, occ);
        for (const zone in occ) gate.track(d.zocc.put([o.camera, zone, o.ts], occ[zone] ?? 0));
        // coverage reaches the present frame, not the last closed segment (questions about now)
        s.coverage.extend(o.camera, o.ts, o.ts);
        const ids: string[] = new Array<string>(o.objects.length);
        for (let i = 0; i < ids.length; i++) ids[i] = (o.objects[i] as { objectId: string }).objectId;
        return gate.tracked(d.frames.put([o.camera, o.ts], { counts, objectIds: ids, occupancy: occ }));
      }
      case 'segment':
        return s.segments.write(o);
      case 'object':
        if (o.views && d.oviews) {
          const put = putViews(d.oviews, o.object.objectId, o.views);
          if (put) gate.track(put);
        }
        return s.objects.write(o.object, o.event === 'end', o.presence ?? 'present');
      case 'event': {
        const rec = storedEvent(o);
        const seq = this.seq++;
        gate.track(d.etypes.put([o.camera, o.type, o.ts, seq], rec));
        if (typeof o.line === 'string') gate.track(d.elines.put([o.camera, o.line, o.ts, seq], rec));
        return gate.tracked(d.events.put([o.camera, o.ts, seq], rec));
      }
      case 'audio':
        return gate.tracked(d.audio.put([o.camera, o.start], { end: o.end, rmsDbfs: o.rmsDbfs, peakDbfs: o.peakDbfs }));
      case 'speech': {
        const { kind: _k, ...rec } = o;
        return gate.tracked(d.speech.put([o.camera, o.start], rec));
      }
    }
  }

  /** Stores a closed segment (keyframe separately), rolls it up and extends the camera's coverage. Never throws (see `write`). */
  writeSegment(seg: SegmentInput): Promise<boolean> {
    return rejecting(() => this.storeSegment(seg));
  }

  private storeSegment(seg: SegmentInput): Promise<boolean> {
    const s = this.s;
    if (!s) return Promise.reject(new MemoryError('MEMORY_NOT_OPEN', NOT_OPEN));
    const bad = invalidObservation({ ...seg, kind: 'segment' });
    if (bad !== null) return Promise.reject(new MemoryError('MEMORY_BAD_INPUT', `memory rejected a segment: ${bad}`));
    const refused = s.gate.refusal(Date.now());
    if (refused) return Promise.reject(refused);
    s.rollups.add({ ...seg, kind: 'segment' } as Observation);
    s.reader.noteCamera(seg.camera);
    return s.segments.write(seg);
  }

  /**
   * Keeps an alert in the history (by id; its picture stays where the rules keep it, named by
   * `evidence.snapshot`). Rejects like `write`: MEMORY_BAD_INPUT, MEMORY_NOT_WRITABLE, MEMORY_NOT_OPEN.
   */
  writeAlert(a: AlertRecord): Promise<boolean> {
    return rejecting(() => {
      const s = this.s;
      if (!s) return Promise.reject(new MemoryError('MEMORY_NOT_OPEN', NOT_OPEN));
      const bad = invalidAlert(a);
      if (bad !== null) return Promise.reject(new MemoryError('MEMORY_BAD_INPUT', `memory rejected an alert: ${bad}`));
      const refused = s.gate.refusal(Date.now());
      if (refused) return Promise.reject(refused);
      return putAlert(s.d, s.gate, a);
    });
  }

  /** A page of stored alerts (see `AlertQuery`): newest first unless asked otherwise. */
  alerts(q: AlertQuery): AlertPage {
    return readAlerts(this.session().d, q);
  }

  /** One stored alert, or undefined. */
  alert(id: string): AlertRecord | undefined {
    return alertDbs(this.session().d)?.alerts.get(id);
  }

  /** An object's appearance views as its last run's re-ID kept them (see `object-views.ts`); none when not kept. */
  objectViews(objectId: string): Float32Array[] {
    return readViews(this.session().d.oviews, objectId);
  }

  /** Segments of a camera (or all cameras) overlapping `[from, to)`, by start. */
  segments(from: number, to: number, camera?: string): SegmentRecord[] {
    return this.session().reader.segments(from, to, camera);
  }

  /** Utterances of a camera (or all) overlapping `[from, to)`, by start. */
  speech(from: number, to: number, camera?: string): SpeechRecord[] {
    return this.session().reader.speech(from, to, camera);
  }

  /** Sound levels of a camera's 2 s windows starting in `[from, to)`. */
  audioLevels(from: number, to: number, camera: string): (AudioRecord & { start: number })[] {
    return this.session().reader.audioLevels(from, to, camera);
  }

  /** Minute (or hour) roll-ups of a camera (or all) starting in `[from, to)`, by start. */
  rollups(level: 'minute' | 'hour', from: number, to: number, camera?: string): RollupRecord[] {
    return this.session().reader.rollups(level, from, to, camera);
  }

  /** The keyframe JPEG of a segment, if stored. */
  keyframe(camera: string, start: number): Buffer | undefined {
    return this.session().reader.keyframe(camera, start);
  }

  /** Coverage ranges, ordered by start. */
  coverage(camera?: string): CoverageRange[] {
    return this.session().coverage.ranges(camera);
  }

  /** Camera ids that have any stored data (coverage, frames, segments, events, objects or roll-ups). */
  cameras(): string[] {
    return this.session().reader.cameras();
  }

  /**
   * Deletes data past retention, then evicts oldest-first while over the size budget. Bounded:
   * at most `maxKeys` deletions or about `maxMs` of work per call; call again while `done` is false.
   * Without `now`, data is aged by the steady time of {@link clock}: a step of the wall clock
   * (NTP a day ahead and back) deletes nothing.
   */
  async sweep(o: SweepOptions = {}): Promise<SweepResult> {
    const s = this.session();
    if (s.writing && s.coverage.pending) {
      s.coverage.store();
      await s.gate.settled();
    }
    // a failed delete (a full disk) rejects the sweep; its commit error is handled here
    const r = await sweep(this, s.d, { ...o, now: o.now ?? this.clock.steady() }).catch((e: unknown) => {
      ignoreWriteFailure(e);
      throw e;
    });
    if (r.deleted > 0) {
      s.coverage.invalidate();
      s.gate.check(Date.now(), true);
    }
    return r;
  }

  /** Per level (raw, events, minutes, hours), the time before which retention no longer keeps its data. */
  keptSince(): KeptSince {
    return keptSince(this.session().d.meta);
  }

  /** Keeps a step of the wall clock (answers about the times it touched say so). Resolves when stored. */
  noteClockStep(step: ClockStep): Promise<boolean> {
    const s = this.session();
    if (this.opts.readOnly) return Promise.reject(new MemoryError('MEMORY_NOT_WRITABLE', 'a clock step cannot be kept in a memory opened read-only'));
    return noteStep(s.d.meta, step);
  }

  /** Keeps a camera's zones and lines (questions know them by name before anything visits them). */
  notePlaces(camera: string, places: PlacesValue): Promise<boolean> {
    const s = this.session();
    if (this.opts.readOnly || !s.d.places) return Promise.reject(new MemoryError('MEMORY_NOT_WRITABLE', 'places cannot be kept in a memory opened read-only'));
    return putPlaces(s.d.places, s.d.meta, camera, places);
  }

  /** Keeps how a camera's picture is turned before perception (positions in questions are read in it). */
  noteOrientation(camera: string, orientation: string): Promise<boolean> {
    const s = this.session();
    if (this.opts.readOnly || !s.d.places) return Promise.reject(new MemoryError('MEMORY_NOT_WRITABLE', 'an orientation cannot be kept in a memory opened read-only'));
    return putOrientation(s.d.places, camera, orientation);
  }

  /** The steps of the wall clock whose doubtful times overlap `[from, to)`, by time. */
  clockSteps(from: number, to: number): ClockStep[] {
    return stepsIn(this.session().d.meta, from, to);
  }

  /** Resolves when every write so far is durable on disk; open roll-ups are stored (marked partial). */
  async flush(): Promise<void> {
    const s = this.s;
    if (!s) return;
    if (s.writing) s.storePending();
    await s.flushed();
  }

  /** Flushes and closes. */
  close(): Promise<void> {
    const s = this.s;
    if (!s) return Promise.resolve();
    this.closing ??= (async () => {
      s.indexes.stop();
      await this.flush();
      this.s = null;
      await s.close();
    })().finally(() => (this.closing = null));
    return this.closing;
  }
}
