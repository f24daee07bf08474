/**
 * The facts the executor reads, from the memory's typed queries and indexes: visits (arrival and
 * departure per object, camera and zone, apart from identities), settled count timelines (a count
 * changes only when the new value held for a moment, so a hand passing in front of a bottle or a
 * one-frame miss is no change), and the taken/returned changes of things that stand still.
 * Settled counts are read from the memory's count-run index (a sum of several classes is the sum of
 * each one's settled count); stored frames are read only where it cannot answer (a store not yet
 * indexed, a camera whose frames came out of order).
 */
import { GAP_MS, SETTLE_MS } from '../../memory/count-runs.js';
import { MemoryQueries, type Run } from '../../memory/queries.js';
import type { MemoryStore } from '../../memory/store.js';
import type { ObjectRecord } from '../../memory/types.js';
import { MOVERS } from './lexicon.js';
import { judgeVisits } from './look.js';
import { passes } from './execute-common.js';
import type { Place, Subject, VisitFact } from './schema.js';
import { readSpot, spotCount } from './spots.js';
import type { FrameRow } from '../../memory/queries/frames.js';

export { SETTLE_MS } from '../../memory/count-runs.js';
/**
 * Half the analysis frame interval at the default 2 fps: an object first seen in a frame arrived
 * between the frame before and that one, so visits and count changes are placed half an interval
 * earlier (and departures half an interval after the last sighting): the unbiased estimate.
 */
export const HALF_FRAME_MS = 250;
/** How far past a camera's last frame an instant still reads its count (cameras' frames are not in phase). */
const NOW_SLACK_MS = 2000;
/** How far before a window the settled count is looked for. */
const LOOKBACK_MS = 120_000;

/** A settled count timeline of one camera: `[ts, count]` change points, the first at the first settled frame. */
export interface Timeline {
  camera: string;
  points: [number, number][];
  /** The last frame read (the timeline holds until it). */
  end: number;
}

/** The visits of an object: its presence intervals, or its whole sighting span when none are stored. */
function objectVisits(o: ObjectRecord): { start: number; end: number }[] {
  const v = (o as ObjectRecord & { visits?: { start: number; end: number }[] }).visits;
  const spans = v && v.length > 0 ? v : [{ start: o.firstSeen, end: o.lastSeen }];
  return spans.map((s) => ({ start: s.start - HALF_FRAME_MS, end: s.end + HALF_FRAME_MS }));
}

/** Visits of the subject to the place overlapping `[from, to)`, by arrival. */
export function visitsIn(memory: MemoryStore, s: Subject, p: Place, from: number, to: number): VisitFact[] {
  const q = new MemoryQueries(memory);
  const cams = p.cameras.length > 0 ? p.cameras : memory.cameras();
  const labels: (string | undefined)[] = s.classes.length > 0 ? s.classes : [undefined];
  const out: VisitFact[] = [];
  const w = { from, to };
  for (const camera of cams) {
    // an estimate never reaches outside what the camera recorded
    let first = Infinity;
    let last = -Infinity;
    for (const c of memory.coverage(camera)) {
      first = Math.min(first, c.start);
      last = Math.max(last, c.end);
    }
    const clamp = (v: { start: number; end: number }): { start: number; end: number } => ({ start: Math.max(first, v.start), end: Math.min(last, v.end) });
    {
      // the camera- and zone-visit indexes answer without decoding an object
      let indexed = true;
      for (const label of labels) {
        const iw = { from: from - HALF_FRAME_MS, to: to + HALF_FRAME_MS };
        const lo = { camera, ...(label ? { label } : {}) };
        const vs = p.zone ? q.zoneVisits(iw, p.zone, lo) : q.cameraVisits(iw, lo);
        if (!vs) {
          indexed = false;
          break;
        }
        for (const v0 of vs) {
          // a visit in progress ends at the camera's present (its length so far), unwidened
          const v = v0.open ? { start: Math.max(first, v0.start - HALF_FRAME_MS), end: v0.end } : clamp({ start: v0.start - HALF_FRAME_MS, end: v0.end + HALF_FRAME_MS });
          if (v.end < from || v.start >= to) continue;
          out.push({ camera, objectId: v0.objectId, label: v0.label, ...(p.zone ? { zone: p.zone } : {}), start: v.start, end: v.end, ...(v0.open ? { open: true } : {}), ...(v0.cut ? { cut: true } : {}) });
        }
      }
      if (indexed) continue;
    }
    for (const label of labels) {
      const objs = q.objectsIn(w, { camera, ...(label ? { label } : {}), ...(p.zone ? { zone: p.zone } : {}) });
      for (const o of objs) {
        const spans = p.zone ? o.zones.filter((z) => z.zone === p.zone).map((z) => ({ start: z.enteredAt - HALF_FRAME_MS, end: (z.exitedAt ?? o.lastSeen) + HALF_FRAME_MS })) : objectVisits(o);
        for (const v0 of spans) {
          const v = clamp(v0);
          if (v.end < from || v.start >= to) continue;
          out.push({ camera, objectId: o.objectId, label: o.label, ...(p.zone ? { zone: p.zone } : {}), start: v.start, end: v.end });
        }
      }
    }
  }
  out.sort((a, b) => a.start - b.start || a.end - b.end);
  // "the person in the black top": only the visits that look so (the executor refuses when some cannot be judged)
  const looked = s.look ? judgeVisits(memory, out, s.look).matches : out;
  return s.visits ? ofVisitCount(looked, s.visits) : looked;
}

/** "The person who came three times": the visits of the identities with that many visits among them. */
function ofVisitCount(vs: VisitFact[], cond: NonNullable<Subject['visits']>): VisitFact[] {
  const id = (v: VisitFact): string => `${v.camera}/${v.objectId}`;
  const per = new Map<string, number>();
  for (const v of vs) per.set(id(v), (per.get(id(v)) ?? 0) + 1);
  return vs.filter((v) => passes(per.get(id(v)) ?? 0, cond.op, cond.n));
}

/** The raw count of a frame for a subject and place. */
function frameCount(f: { counts: Record<string, number>; occupancy: Record<string, number> }, s: Subject, p: Place): number {
  if (p.zone) return f.occupancy[p.zone] ?? 0;
  if (s.classes.length === 0) return Object.values(f.counts).reduce((a, b) => a + b, 0);
  let n = 0;
  for (const c of s.classes) n += f.counts[c] ?? 0;
  return n;
}

/**
 * The settled count timeline of one camera over `[from, to)` (frames from before `from` settle the
 * value holding at `from`). A run of equal raw counts becomes the settled count, from its first
 * frame, once it spans `SETTLE_MS`; shorter runs are ignored.
 */
export function timeline(memory: MemoryStore, camera: string, s: Subject, p: Place, from: number, to: number): Timeline {
  if (s.spot) {
    // "the left bottle": the count of its place in the picture (the executor refused a spot it cannot read)
    const read = readSpot(memory, camera, s.classes[0] ?? '', s.spot, from - LOOKBACK_MS, to);
    return 'why' in read ? { camera, points: [], end: NaN } : settleFrames(memory, camera, from, to, spotCount(read));
  }
  if (s.look || s.visits || (s.classes.length > 0 && s.classes.every((c) => MOVERS.has(c)))) return visitTimeline(memory, camera, s, p, from, to);
  // several classes ("bottles and cups"): each class settled on its own, then summed
  if (!p.zone && s.classes.length > 1) return sumTimelines(camera, s.classes.map((c) => timeline(memory, camera, { ...s, classes: [c] }, p, from, to)));
  const key = p.zone ? { zone: p.zone } : s.classes.length === 0 ? {} : { label: s.classes[0] as string };
  const read = new MemoryQueries(memory).countRuns({ from: from - LOOKBACK_MS, to: to + SETTLE_MS + 1000 }, camera, key);
  return read ? settle(camera, read.runs, read.end) : frameTimeline(memory, camera, s, p, from, to);
}

/**
 * The sum of several settled timelines of one camera: at each change point of any, the sum of the
 * values holding, from when all of them hold a value (a timeline with no point adds nothing); it
 * ends with the earliest end.
 */
export function sumTimelines(camera: string, tls: readonly Timeline[]): Timeline {
  // the sum is known from when every class's count is (one settled later adds nothing known before)
  const known = Math.max(...tls.filter((t) => t.points.length > 0).map((t) => (t.points[0] as [number, number])[0]));
  const times = [...new Set(tls.flatMap((t) => t.points.map(([ts]) => Math.max(ts, known))))].sort((a, b) => a - b);
  // one cursor per timeline: the value holding at the time reached
  const at = tls.map(() => 0);
  const held = tls.map(() => 0);
  const points: [number, number][] = [];
  for (const ts of times) {
    tls.forEach((t, k) => {
      for (let p = t.points[at[k] as number]; p && p[0] <= ts; p = t.points[at[k]]) {
        held[k] = p[1];
        at[k] = (at[k] as number) + 1;
      }
    });
    const n = held.reduce((a, b) => a + b, 0);
    if (points.length === 0 || (points[points.length - 1] as [number, number])[1] !== n) points.push([ts, n]);
  }
  const ends = tls.map((t) => t.end).filter((e) => Number.isFinite(e));
  return { camera, points, end: ends.length > 0 ? Math.min(...ends) : NaN };
}

/**
 * The settled timeline of runs that span the hold (clipped to the window's frames): a run's count
 * becomes the settled count from its first frame (the first point unshifted, the others half a
 * frame earlier), when it differs from the one settled before.
 */
function settle(camera: string, runs: readonly Run[], end: number): Timeline {
  const points: [number, number][] = [];
  let settled = NaN;
  for (const [start, , n] of runs) {
    if (n === settled) continue;
    settled = n;
    points.push([points.length === 0 ? start : start - HALF_FRAME_MS, n]);
  }
  return { camera, points, end };
}

/** `timeline` settled from the stored frames of the window (the reference the count-run index is checked against). */
export function frameTimeline(memory: MemoryStore, camera: string, s: Subject, p: Place, from: number, to: number): Timeline {
  let named = false;
  return settleFrames(memory, camera, from, to, (f) => {
    // a zone is counted from the first frame that names it (a zone drawn later has no count before)
    named ||= !p.zone || p.zone in f.occupancy;
    return named ? frameCount(f, s, p) : undefined;
  });
}

/**
 * The settled timeline of a count read from each stored frame of `[from, to)` (and the lookback
 * before it) by `count` (undefined: the frame is skipped). A run of equal counts becomes the settled
 * count, from its first frame, once it spans `SETTLE_MS`; frames further apart than `GAP_MS` break runs.
 */
export function settleFrames(memory: MemoryStore, camera: string, from: number, to: number, count: (f: FrameRow) => number | undefined): Timeline {
  const points: [number, number][] = [];
  let runStart = NaN;
  let runLast = NaN;
  let runVal = NaN;
  let settled = NaN;
  let end = NaN;
  const close = (): void => {
    if (Number.isNaN(runVal) || runLast - runStart < SETTLE_MS || runVal === settled) return;
    settled = runVal;
    points.push([points.length === 0 ? runStart : runStart - HALF_FRAME_MS, runVal]);
  };
  for (const f of new MemoryQueries(memory).frames({ from: from - LOOKBACK_MS, to: to + SETTLE_MS + 1000 }, camera)) {
    const ts = f.ts;
    const n = count(f);
    if (n === undefined) continue;
    if (ts - runLast > GAP_MS) {
      close();
      runVal = NaN;
    }
    if (n !== runVal) {
      close();
      runStart = ts;
      runVal = n;
    }
    runLast = ts;
    end = ts;
    // a run that already spans the hold settles at once (its start is what counts)
    if (runLast - runStart >= SETTLE_MS && runVal !== settled) close();
  }
  close();
  return { camera, points, end };
}

/**
 * The count timeline of things that move by themselves (people, vehicles), from their visits: the
 * tracker already bridges missed frames, and a visit's ends are the best estimate of when the
 * count changed.
 */
function visitTimeline(memory: MemoryStore, camera: string, s: Subject, p: Place, from: number, to: number): Timeline {
  const t0 = from - LOOKBACK_MS;
  const vs = visitsIn(memory, s, { ...p, cameras: [camera] }, t0, to);
  // the timeline reaches the camera's present frame (coverage is stored about once a second)
  let end = new MemoryQueries(memory).presentOf(camera);
  for (const c of memory.coverage(camera)) end = Math.max(end, c.end);
  let first = Infinity;
  for (const c of memory.coverage(camera)) first = Math.min(first, c.start);
  const start = Math.max(t0, first);
  const deltas = new Map<number, number>();
  let n = 0;
  for (const v of vs) {
    if (v.start <= start) n++;
    else deltas.set(v.start, (deltas.get(v.start) ?? 0) + 1);
    if (v.end <= start) n--;
    else if (v.end < end) deltas.set(v.end, (deltas.get(v.end) ?? 0) - 1);
  }
  const points: [number, number][] = [[start, n]];
  for (const ts of [...deltas.keys()].sort((a, b) => a - b)) {
    const d = deltas.get(ts) ?? 0;
    if (d === 0) continue;
    n += d;
    points.push([ts, n]);
  }
  return { camera, points, end };
}

/** The settled count at `t` (null before the first settled frame or after the last frame). */
export function valueAt(tl: Timeline, t: number): number | null {
  if (t > tl.end + GAP_MS) return null;
  let v: number | null = null;
  for (const [ts, n] of tl.points) {
    if (ts > t) break;
    v = n;
  }
  // before the first settled value: the first value (the memory starts with it)
  if (v === null && tl.points.length > 0 && t >= (tl.points[0] as [number, number])[0] - GAP_MS) v = (tl.points[0] as [number, number])[1];
  return v;
}

/** The pieces of `[from, to)` with their settled count: `[start, end, count]`. */
export function pieces(tl: Timeline, from: number, to: number): [number, number, number][] {
  const out: [number, number, number][] = [];
  // an instant ("now") may fall a little after this camera's last frame: cameras are not in phase
  const stop = Math.min(to, tl.end + (to - from <= 1 ? NOW_SLACK_MS : 500));
  let cur = valueAt(tl, from);
  let t = from;
  for (const [ts, n] of tl.points) {
    if (ts <= from) continue;
    if (ts >= stop) break;
    if (cur !== null && ts > t) out.push([t, ts, cur]);
    t = ts;
    cur = n;
  }
  if (cur !== null && stop > t) out.push([t, stop, cur]);
  return out;
}

/** Changes of the settled count inside `(from, to)`: `[ts, before, after]`. */
export function changes(tl: Timeline, from: number, to: number): [number, number, number][] {
  const out: [number, number, number][] = [];
  for (let i = 1; i < tl.points.length; i++) {
    const [ts, n] = tl.points[i] as [number, number];
    if (ts < from || ts >= to) continue;
    out.push([ts, (tl.points[i - 1] as [number, number])[1], n]);
  }
  return out;
}

/** The usual count: the settled count held for the most time over the camera's whole timeline. */
export function usualCount(tl: Timeline): number | null {
  const time = new Map<number, number>();
  for (let i = 0; i < tl.points.length; i++) {
    const [ts, n] = tl.points[i] as [number, number];
    const next = (tl.points[i + 1])?.[0] ?? tl.end;
    time.set(n, (time.get(n) ?? 0) + Math.max(0, next - ts));
  }
  let best: number | null = null;
  for (const [n, ms] of time) if (best === null || ms > (time.get(best) ?? 0) || (ms === time.get(best) && n > best)) best = n;
  return best;
}
