/**
 * Keeps the secondary indexes complete. On open, an index whose primary database is empty is
 * marked complete at once; one over data written before the index existed is built in chunks in
 * the background while the store keeps writing (queries scan the primary database until then).
 */
import { INDEX_NAMES, type Dbs, type IndexName } from './dbs.js';
import { indexChunk, sourceOf } from './indexes.js';
import type { Key } from './key.js';
import type { SpanBounds } from './spans.js';
import { ignoreWriteFailure } from './write-gate.js';

const noop = (): void => undefined;

/** The index state of one open store. */
export class IndexBuilder {
  private readonly ready: Record<IndexName, boolean> = { events: false, zones: false, visits: false, cvisits: false, creturns: false };
  /** Objects whose visit entries the live writer wrote while the visit indexes are being built (the build skips them). */
  private readonly live = new Set<string>();
  private building: Promise<void> = Promise.resolve();
  private closing = false;

  constructor(
    private readonly d: Dbs,
    private readonly spans: SpanBounds,
  ) {}

  /** Reads which indexes are complete and starts building the others (none when read-only). */
  start(readOnly: boolean): void {
    const jobs: Promise<void>[] = [];
    for (const name of INDEX_NAMES) {
      this.ready[name] = this.d.meta.get(['index', name]) === 1;
      if (this.ready[name] || readOnly) continue;
      let empty = true;
      for (const _ of sourceOf(this.d, name).getKeys({ limit: 1 })) empty = false;
      if (empty) {
        this.d.meta.putSync(['index', name], 1);
        this.ready[name] = true;
      } else {
        jobs.push(this.rebuild(name));
      }
    }
    this.building = Promise.all(jobs).then(noop);
  }

  /** Whether a secondary index is complete. */
  indexed(name: IndexName): boolean {
    return this.ready[name];
  }

  /** Resolves when the indexes being built are complete (or the store closed). */
  built(): Promise<void> {
    return this.building;
  }

  /** Notes that the live writer wrote an object's visit entries (a build in progress leaves them alone). */
  wroteVisits(objectId: string): void {
    if (!this.ready.visits || !this.ready.cvisits || !this.ready.creturns) this.live.add(objectId);
  }

  /** Stops building after the chunk in progress. */
  stop(): void {
    this.closing = true;
  }

  /** Stops building and waits for the chunk in progress. */
  async close(): Promise<void> {
    this.stop();
    await this.building.catch(noop);
    this.live.clear();
  }

  /** Builds an index from its primary database in chunks, awaiting each chunk's writes. */
  private async rebuild(name: IndexName): Promise<void> {
    const chunk = 5000;
    let start: Key | string | undefined;
    for (;;) {
      if (this.closing) return;
      const r = indexChunk(this.d, name, start, chunk, { skip: (id) => this.live.has(id) });
      start = r.start;
      let last = r.last;
      for (const [cam, span] of r.spans ?? []) last = this.spans.widen(cam, span) ?? last;
      await last.catch(ignoreWriteFailure);
      if (r.n < chunk) break;
    }
    if (this.closing) return;
    await this.d.meta.put(['index', name], 1).catch(ignoreWriteFailure);
    this.ready[name] = true;
    if ((name === 'visits' || name === 'cvisits' || name === 'creturns') && this.ready.visits && this.ready.cvisits && this.ready.creturns) this.live.clear();
  }
}
