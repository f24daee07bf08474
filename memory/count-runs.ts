/**
 * The count-run index: what settled count timelines are read from, kept as frames are written.
 * A camera's frames give, per count key (`*` every class summed, `l:<label>` one class, `z:<zone>`
 * a zone's occupancy), runs of equal counts broken by a change or a coverage gap. A run that
 * spans `SETTLE_MS` from its first to its last frame can settle the count; shorter runs never do,
 * so only those are stored: `counts` `[camera, key, start]` -> `[count, last]` once the run ends.
 * The run in progress of every key, where the camera's current gap-free stretch began and when
 * each key was first seen (`intro`: before it, the key's count was 0 in every frame) are in
 * `ctail` `[camera]`, written only when they change, in the same batch as the frame.
 *
 * The key `#` (always 0) gives the camera's gap-free stretches: a key's zero runs before its
 * introduction are read from it. Stores from before the index are indexed once from their frames
 * when opened writable (`buildCountRuns`); until then, and for a camera whose frames arrived out
 * of order (`bad`), readers settle counts from frames.
 */
import type { Database } from 'lmdb';
import type { Key } from './key.js';

/** A new count must hold this long (from its first to its last frame) to become the settled count. */
export const SETTLE_MS = 1000;
/** Frames further apart than this break a run (a coverage gap). */
export const GAP_MS = 5000;
/** The key whose count is always 0: its runs are the camera's gap-free stretches. */
export const STRETCH_KEY = '#';

/** A stored run: its count and its last frame. */
export type RunValue = [count: number, last: number];

/** The per-camera state kept in `ctail`. */
export interface CountTail {
  /** Start of the current gap-free stretch (its first frame). */
  seg: number;
  /** The run in progress of each key: `[key, start, count]`. */
  runs: [key: string, start: number, count: number][];
  /** When each key was first seen: the start of the stretch it appeared in. */
  intro: Record<string, number>;
  /** Frames arrived out of order: the index of this camera is not kept (readers use frames). */
  bad?: boolean;
}

/** One run clipped to a window: `[start, last, count]`. */
export type Run = [start: number, last: number, count: number];

/** The count keys of a frame and their counts. */
export function frameKeys(counts: Record<string, number>, occupancy: Record<string, number>): Map<string, number> {
  const out = new Map<string, number>([[STRETCH_KEY, 0]]);
  let total = 0;
  for (const label in counts) {
    const n = counts[label] ?? 0;
    total += n;
    out.set(`l:${label}`, n);
  }
  out.set('*', total);
  for (const zone in occupancy) out.set(`z:${zone}`, occupancy[zone] ?? 0);
  return out;
}

/** The state of one camera while frames are written. */
interface CameraState {
  last: number;
  seg: number;
  runs: Map<string, { s: number; v: number }>;
  intro: Record<string, number>;
  bad: boolean;
}

/** The databases the index lives in. */
export interface CountDbs {
  counts: Database<RunValue, Key>;
  ctail: Database<CountTail, Key>;
  frames: Database<unknown, Key>;
}

/** Keeps the count-run index as frames are written (one per open writable store). */
export class CountRunWriter {
  private readonly cams = new Map<string, CameraState>();
  /** While building from frames, tails are written once at the end (`flushTails`). */
  deferTails = false;
  /** The last write issued (a build awaits it). */
  last: Promise<boolean> = Promise.resolve(true);

  /**
   * @param track given every put's promise (the store's write gate: a failed commit stops writing
   *   and no rejection goes unhandled)
   */
  constructor(
    private readonly d: CountDbs,
    private readonly track: (p: Promise<boolean>) => void = (p) => void p.catch(() => undefined),
  ) {}

  /** The state of a camera: from its tail and its last stored frame, or new. */
  private state(camera: string): CameraState {
    let st = this.cams.get(camera);
    if (st) return st;
    const tail = this.d.ctail.get([camera]);
    let last = -Infinity;
    if (tail) for (const k of this.d.frames.getKeys({ start: [camera, Infinity], end: [camera, -Infinity], reverse: true, limit: 1 })) last = Number(k[1]);
    st = tail
      ? { last, seg: tail.seg, runs: new Map(tail.runs.map(([k, s, v]) => [k, { s, v }])), intro: { ...tail.intro }, bad: tail.bad === true }
      : { last: -Infinity, seg: -Infinity, runs: new Map(), intro: {}, bad: false };
    this.cams.set(camera, st);
    return st;
  }

  /** Ends a key's run at `last`, storing it when it spans the hold. */
  private close(camera: string, key: string, start: number, count: number, last: number): void {
    if (last - start >= SETTLE_MS) this.track((this.last = this.d.counts.put([camera, key, start], [count, last])));
  }

  /**
   * Notes one frame of a camera (before its record is put, in the same turn). Frames must come in
   * time order per camera; one that does not marks the camera `bad` (a repeat with the same counts
   * is ignored).
   */
  frame(camera: string, ts: number, counts: Record<string, number>, occupancy: Record<string, number>): void {
    const st = this.state(camera);
    if (st.bad) return;
    const now = frameKeys(counts, occupancy);
    if (ts <= st.last) {
      if (ts === st.last && [...now].every(([k, n]) => st.runs.get(k)?.v === n)) return;
      st.bad = true;
      this.putTail(camera, st);
      return;
    }
    let changed = false;
    if (st.last === -Infinity || ts - st.last > GAP_MS) {
      // a gap (or the first frame): every run ends, a new stretch begins
      for (const [k, r] of st.runs) this.close(camera, k, r.s, r.v, st.last);
      st.runs.clear();
      st.seg = ts;
      changed = true;
    }
    for (const k in st.intro) if (!now.has(k)) now.set(k, 0);
    for (const [k, n] of now) {
      let r = st.runs.get(k);
      if (st.intro[k] === undefined) {
        // a class first seen: it was 0 in every frame of the stretch so far; a zone first named
        // was drawn now (configured zones are named, 0 or more, from the first frame): nothing before
        const zone = k.startsWith('z:');
        st.intro[k] = zone ? ts : st.seg;
        changed = true;
        if (st.seg < ts && !zone) r = { s: st.seg, v: 0 };
      }
      if (r && r.v === n) {
        st.runs.set(k, r);
        continue;
      }
      if (r) this.close(camera, k, r.s, r.v, st.last);
      st.runs.set(k, { s: ts, v: n });
      changed = true;
    }
    st.last = ts;
    if (changed) this.putTail(camera, st);
  }

  private putTail(camera: string, st: CameraState): void {
    if (this.deferTails) return;
    this.track((this.last = this.d.ctail.put([camera], tailOf(st))));
  }

  /** Writes every camera's tail (the end of a build). */
  flushTails(): void {
    for (const [camera, st] of this.cams) this.track((this.last = this.d.ctail.put([camera], tailOf(st))));
  }
}

function tailOf(st: CameraState): CountTail {
  return { seg: st.seg, runs: [...st.runs].map(([k, r]) => [k, r.s, r.v]), intro: st.intro, ...(st.bad ? { bad: true } : {}) };
}

/**
 * Indexes every stored frame (a store from before the index), through the same writer the live
 * frames go through. Synchronous reads; the writes are awaited by the caller (`writer.last`).
 * Returns the frames read.
 */
export function buildCountRuns(d: CountDbs & { frames: Database<{ counts: Record<string, number>; occupancy: Record<string, number> }, Key> }, writer: CountRunWriter): number {
  writer.deferTails = true;
  let n = 0;
  for (const { key, value } of d.frames.getRange({})) {
    if (!Array.isArray(key) || !value) continue;
    const f = value as { counts?: Record<string, number>; occupancy?: Record<string, number> };
    writer.frame(String(key[0]), Number(key[1]), f.counts ?? {}, f.occupancy ?? {});
    n++;
  }
  writer.deferTails = false;
  writer.flushTails();
  return n;
}

/** Stored runs of one key overlapping `[f0, e]`, by start (closed runs; the one in progress is in the tail). */
function storedRuns(db: Database<RunValue, Key>, camera: string, key: string, f0: number, e: number, before: number): Run[] {
  const out: Run[] = [];
  for (const { key: k, value } of db.getRange({ start: [camera, key, f0], end: [camera, key, -Infinity], reverse: true, limit: 1, exclusiveStart: true })) {
    if (value[1] >= f0) out.push([Number(k[2]), value[1], value[0]]);
  }
  for (const { key: k, value } of db.getRange({ start: [camera, key, f0], end: [camera, key, Math.min(e, before)], exclusiveStart: false })) out.push([Number(k[2]), value[1], value[0]]);
  // the end is exclusive: a run starting at exactly e has one frame in the window, never settled there
  return out;
}

/**
 * The runs of one camera and key that can settle inside the frames `[f0, e]`, clipped to them, by
 * start; null when the index cannot answer (not built, not kept for this camera).
 */
export function runsIn(d: CountDbs, camera: string, key: string, f0: number, e: number): Run[] | null {
  const tail = d.ctail.get([camera]);
  if (!tail || tail.bad) return null;
  const intro = key === STRETCH_KEY ? -Infinity : (tail.intro[key] ?? Infinity);
  const open = new Map(tail.runs.map(([k, s, v]) => [k, [s, v] as const]));
  const raw: Run[] = [];
  const add = (k: string, before: number, count: number | null): void => {
    for (const r of storedRuns(d.counts, camera, k, f0, e, before)) raw.push([r[0], r[1], count ?? r[2]]);
    const o = open.get(k);
    // the run in progress holds through the camera's last frame
    if (o && o[0] < before && o[0] <= e) raw.push([o[0], Infinity, count ?? o[1]]);
  };
  // before a class was first seen its count was 0 over each gap-free stretch (before a zone was named, it had none)
  if (f0 < intro && !key.startsWith('z:')) add(STRETCH_KEY, intro, 0);
  if (e >= intro) add(key, Infinity, null);
  const out: Run[] = [];
  for (const [s, l, n] of raw.sort((a, b) => a[0] - b[0])) {
    const s1 = Math.max(s, f0);
    const l1 = Math.min(l, e);
    if (l1 - s1 >= SETTLE_MS) out.push([s1, l1, n]);
  }
  return out;
}

/** When a camera's zone was first named by a frame (undefined: never, or the index cannot say). */
export function zoneNamedAt(d: CountDbs, camera: string, zone: string): number | undefined {
  return d.ctail.get([camera])?.intro[`z:${zone}`];
}

/** Zones any frame of any camera named (drawn or configured, occupied or not), from the cameras' index tails. */
export function zonesNamed(d: CountDbs): string[] {
  const out = new Set<string>();
  for (const { value } of d.ctail.getRange({})) for (const k of Object.keys(value?.intro ?? {})) if (k.startsWith('z:')) out.add(k.slice(2));
  return [...out];
}
