/**
 * One opening of the LMDB environment and the parts that work on it: the write gate, the
 * writers (objects, segments, coverage, roll-ups), the index builder and the plain reads. The
 * store makes one on `open()` and drops it on `close()`, so nothing of one opening outlives it.
 */
import { open, type RootDatabase } from 'lmdb';
import { buildCountRuns, CountRunWriter } from './count-runs.js';
import { CoverageLog } from './coverage-log.js';
import { openDbs, type Dbs } from './dbs.js';
import { guardReads, ReadFaults } from './read-guard.js';
import { IndexBuilder } from './index-builder.js';
import { ObjectLog } from './object-log.js';
import { RollupLog } from './rollup-log.js';
import { SegmentLog } from './segment-log.js';
import { SpanBounds } from './spans.js';
import { StoreReader } from './store-reads.js';
import { ignoreWriteFailure, WriteGate, type WriteGateOptions } from './write-gate.js';

const noop = (): void => undefined;

/** How to open the environment. */
export interface SessionOptions extends WriteGateOptions {
  /** Directory of the environment. */
  path: string;
  /** Open without write access. */
  readOnly: boolean;
}

/** The open environment and its parts. */
export class Session {
  readonly root: RootDatabase;
  readonly d: Dbs;
  readonly gate: WriteGate;
  readonly spans: SpanBounds;
  readonly indexes: IndexBuilder;
  readonly coverage: CoverageLog;
  readonly rollups: RollupLog;
  readonly objects: ObjectLog;
  readonly segments: SegmentLog;
  readonly reader: StoreReader;
  /** Keeps the count-run index as frames are written (see `count-runs.ts`). */
  readonly countRuns: CountRunWriter;
  /** Reads that failed (a damaged page): each answered `MEMORY_READ_FAILED`. */
  readonly faults = new ReadFaults();

  /**
   * Opens the environment (which must exist when read-only) and starts building missing indexes.
   * Writable, each batch's commit promise gets a handler: lmdb-js makes one per write batch that
   * no put returns (the batch-start promise, `write.js`), so a failed commit (a full disk) left it
   * rejected with no handler, one unhandled rejection per failed batch. The failure itself reaches
   * the writes' own promises (the write gate).
   */
  constructor(readonly opts: SessionOptions) {
    this.root = open({ path: opts.path, readOnly: opts.readOnly, maxDbs: 32, compression: false });
    this.d = guardReads(this.opened(() => openDbs(this.root)), this.faults);
    if (!opts.readOnly) this.root.on('beforecommit', () => queueMicrotask(() => void this.root.committed.then(noop, ignoreWriteFailure)));
    this.gate = new WriteGate(opts);
    this.spans = new SpanBounds(this.d);
    this.indexes = new IndexBuilder(this.d, this.spans);
    this.coverage = new CoverageLog(this.d, this.gate, opts.readOnly);
    this.rollups = new RollupLog(this.d, this.gate);
    this.objects = new ObjectLog(this.d, this.gate, this.spans, (id) => this.indexes.wroteVisits(id));
    this.segments = new SegmentLog(this.d, this.gate, this.objects, this.coverage);
    this.reader = new StoreReader(this.d);
    this.countRuns = new CountRunWriter(this.d, (p) => this.gate.track(p));
    this.opened(() => this.indexes.start(opts.readOnly));
    if (!opts.readOnly) this.opened(() => this.indexCounts());
  }

  /**
   * Builds the count-run index from the stored frames when it is missing (a store from before it),
   * once, before any frame is written in this opening; marked complete in the same batch.
   */
  private indexCounts(): void {
    if (this.d.meta.get(['index', 'counts']) === 1) return;
    buildCountRuns(this.d, this.countRuns);
    void this.d.meta.put(['index', 'counts'], 1).catch(ignoreWriteFailure);
  }

  /** Whether the count-run index is complete (built, or kept since the store began). */
  get countsIndexed(): boolean {
    return this.d.meta.get(['index', 'counts']) === 1;
  }

  /**
   * Runs a step of the opening; when it throws (a damaged file), the environment is closed and the
   * error carries the close as `closing`, to await before the file is moved or opened again.
   */
  private opened<T>(step: () => T): T {
    try {
      return step();
    } catch (e) {
      throw Object.assign(e instanceof Error ? e : new Error(String(e)), { closing: this.root.close() });
    }
  }

  /** Whether the session may write now (writable and not read-only). */
  get writing(): boolean {
    return !this.opts.readOnly && this.gate.writable;
  }

  /** Stores what is kept in memory: changed object statistics, grown coverage, open roll-ups (partial). */
  storePending(): void {
    this.objects.flush();
    this.coverage.store();
    this.rollups.flush();
  }

  /** Resolves when every write so far is durable on disk. */
  async flushed(): Promise<void> {
    await this.gate.settled();
    await this.root.flushed;
  }

  /** Stops the timers and the index build, then closes the environment. */
  async close(): Promise<void> {
    this.coverage.close();
    await this.indexes.close();
    await this.root.close();
  }
}
