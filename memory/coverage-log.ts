/**
 * Coverage: the stretches during which each camera delivered frames (`coverage` database). Each
 * stored segment extends its camera's open range or starts a new one; the writer keeps every range
 * in memory too and answers reads from there.
 */
import type { Dbs } from './dbs.js';
import type { CoverageRange } from './types.js';
import type { WriteGate } from './write-gate.js';

/** Gap between frames, in ms, above which a new coverage range starts. */
export const COVERAGE_GAP_MS = 5000;
/** Longest a growing coverage range waits before it is stored, ms. */
export const COVERAGE_WRITE_MS = 1000;

/** Sorts ranges by start (in place) and returns them. */
const byStart = (list: CoverageRange[]): CoverageRange[] => list.sort((a, b) => a.start - b.start);

/** The coverage ranges of one open store. */
export class CoverageLog {
  /** The open (latest) range of each camera. */
  private readonly openRange = new Map<string, CoverageRange>();
  /** Ranges grown since they were last stored, by camera. */
  private readonly dirty = new Map<string, CoverageRange>();
  /** Every range by camera, once read (writer only). */
  private cache: Map<string, CoverageRange[]> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly d: Dbs,
    private readonly gate: WriteGate,
    private readonly readOnly: boolean,
  ) {}

  /**
   * Extends the camera's open coverage range (or starts a new one). A new range is stored at once;
   * a range that only grows is stored at most every `COVERAGE_WRITE_MS` (and on flush), so a
   * crash loses at most about that much of its end.
   */
  extend(camera: string, first: number, last: number): void {
    let range = this.openRange.get(camera) ?? this.lastStored(camera);
    if (range && first - range.end <= COVERAGE_GAP_MS && first >= range.start) {
      range.end = Math.max(range.end, last);
      this.dirty.set(camera, range);
      if (!this.timer) {
        this.timer = setTimeout(() => {
          this.timer = null;
          if (!this.closed && this.gate.writable) this.store();
        }, COVERAGE_WRITE_MS);
        this.timer.unref();
      }
    } else {
      this.store(camera);
      range = { camera, start: first, end: last };
      this.dirty.set(camera, range);
      this.store(camera);
    }
    this.openRange.set(camera, range);
    if (this.cache) {
      const list = this.cache.get(camera) ?? [];
      this.cache.set(camera, list);
      const i = list.findIndex((r) => r.start === range.start);
      if (i >= 0) list[i] = { ...range };
      else {
        list.push({ ...range });
        byStart(list);
      }
    }
  }

  /** Whether some range grew since it was last stored. */
  get pending(): boolean {
    return this.dirty.size > 0;
  }

  /** Stores the changed coverage range of a camera (of every camera when omitted). */
  store(camera?: string): void {
    for (const [cam, r] of camera === undefined ? [...this.dirty] : [[camera, this.dirty.get(camera)] as const]) {
      if (!r) continue;
      this.gate.track(this.d.cov.put([r.camera, r.start], { ...r }));
      this.dirty.delete(cam);
    }
  }

  /** Forgets the ranges read into memory (after retention deleted some). */
  invalidate(): void {
    this.cache = null;
  }

  /** Coverage ranges of a camera (or all), ordered by start. */
  ranges(camera?: string): CoverageRange[] {
    // a read-only store may see another process write: it reads the database every time
    if (this.readOnly) return byStart([...this.d.cov.getRange(camera ? { start: [camera], end: [camera, Infinity] } : {})].map(({ value }) => value));
    const all = (this.cache ??= this.load());
    if (camera) return (all.get(camera) ?? []).map((r) => ({ ...r }));
    const out: CoverageRange[] = [];
    for (const list of all.values()) for (const r of list) out.push({ ...r });
    return byStart(out);
  }

  /** Stops the pending write timer. */
  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Every stored range by camera, with those grown since they were last stored. */
  private load(): Map<string, CoverageRange[]> {
    const all = new Map<string, CoverageRange[]>();
    const listOf = (camera: string): CoverageRange[] => {
      const list = all.get(camera) ?? [];
      all.set(camera, list);
      return list;
    };
    for (const { value } of this.d.cov.getRange({})) listOf(value.camera).push({ ...value });
    for (const r of this.dirty.values()) {
      const list = listOf(r.camera);
      const i = list.findIndex((x) => x.start === r.start);
      if (i >= 0) list[i] = { ...r };
      else list.push({ ...r });
    }
    for (const list of all.values()) byStart(list);
    return all;
  }

  /** The camera's latest stored range. */
  private lastStored(camera: string): CoverageRange | undefined {
    for (const { value } of this.d.cov.getRange({ start: [camera, Infinity], end: [camera, -Infinity], reverse: true, limit: 1 })) return { ...value };
    return undefined;
  }
}
