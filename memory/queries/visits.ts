/**
 * Visit queries, read from the visit indexes without decoding objects: camera visits, zone
 * visits, arrivals and visit-length statistics. Each returns null while its index is being built.
 */
import { readCameraVisits, type CameraVisit } from '../camera-visits.js';
import { liveByObject, liveEnd, type LiveEntry } from '../live.js';
import type { Key } from '../key.js';
import type { VisitValue } from '../visits.js';
import type { MemoryView } from '../view.js';
import { cams, lowerBound, type Window } from './scope.js';

/**
 * The present of a camera: its last stored frame, or the end of its coverage when that is later
 * (frames are stored as they arrive, coverage every second or so).
 */
export function presentOf(mv: MemoryView, cam: string): number {
  let t = -Infinity;
  for (const { key } of mv.dbs().frames.getRange({ start: [cam, '\uffff'], end: [cam], reverse: true, limit: 1 })) t = Number(key[1]);
  for (const c of mv.coverage(cam)) t = Math.max(t, c.end);
  return t;
}

/** A scan's lower bound moved back to the start of every visit in progress (their stored spans are short). */
function liveLowerBound(live: Map<string, LiveEntry>, lo: number): number {
  for (const e of live.values()) {
    lo = Math.min(lo, e.start);
    for (const [, at] of e.zones) lo = Math.min(lo, at);
  }
  return lo;
}

/** A camera's live entries and its present (read once, when first needed). */
interface CameraLive {
  live: Map<string, LiveEntry>;
  present: () => number;
}

function cameraLive(mv: MemoryView, cam: string): CameraLive {
  let now: number | undefined;
  return { live: liveByObject(mv.dbs().live, cam), present: () => (now ??= presentOf(mv, cam)) };
}

/** A zone-visit index entry as a visit, its live entry applied (only a visit not exited, entered when the live entry says). */
function zoneVisitOf(cam: string, zone: string, key: Key, v: VisitValue, l: CameraLive): CameraVisit {
  const objectId = key[3] as string;
  const e = l.live.get(objectId);
  const open = v[0] === null && e !== undefined && e.zones.some(([z, at]) => z === zone && at === key[2]);
  return withLive({ camera: cam, objectId, label: v[3], zone, start: key[2] as number, end: v[0] ?? v[2] }, e, l.present, open);
}

/** A visit with its live entry applied: a visit in progress ends at the camera's present. */
function withLive(v: CameraVisit, e: LiveEntry | undefined, present: () => number, zoneOpen: boolean): CameraVisit {
  if (!e) return v;
  // the live entry is of the visit in progress: the camera visit that starts with it, or a zone visit not exited
  if (v.zone === undefined ? v.start !== e.start : !zoneOpen) return v;
  const x = liveEnd(e, e.state === 'present' ? present() : -Infinity, v.end);
  return { ...v, end: x.end, ...(x.open ? { open: true } : {}), ...(x.cut ? { cut: true } : {}) };
}

/**
 * Camera visits (arrival and departure of an object at its camera, apart from identities) of a
 * class overlapping the window, by arrival, from the camera-visit index only; null while that
 * index is still being built for an older store.
 */
export function cameraVisits(mv: MemoryView, w: Window, opts: { label?: string; camera?: string } = {}): CameraVisit[] | null {
  if (!mv.indexed('cvisits')) return null;
  const { cvisits } = mv.dbs();
  const out: CameraVisit[] = [];
  for (const cam of cams(mv, opts.camera)) {
    const l = cameraLive(mv, cam);
    // a visit in progress is stored with its last written end: read it from before the window
    const from = l.live.size > 0 ? -Infinity : w.from;
    for (const v0 of readCameraVisits(cvisits, cam, opts.label, from, w.to, liveLowerBound(l.live, lowerBound(mv, cam, w.from)))) {
      const v = withLive(v0, l.live.get(v0.objectId), l.present, false);
      if (v.end >= w.from) out.push(v);
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

/**
 * Zone visits (entry and exit) of a class overlapping the window, by entry, from the zone-visit
 * index only (no object is decoded); null while that index is being built.
 */
export function zoneVisits(mv: MemoryView, w: Window, zone: string, opts: { label?: string; camera?: string } = {}): CameraVisit[] | null {
  if (!mv.indexed('visits')) return null;
  const { visits } = mv.dbs();
  const out: CameraVisit[] = [];
  for (const cam of cams(mv, opts.camera)) {
    const l = cameraLive(mv, cam);
    const lo = liveLowerBound(l.live, lowerBound(mv, cam, w.from));
    for (const { key, value: v } of visits.getRange({ start: [cam, zone, lo], end: [cam, zone, w.to] })) {
      if (opts.label && v[3] !== opts.label) continue;
      const vis = zoneVisitOf(cam, zone, key, v, l);
      if (vis.end < w.from) continue;
      out.push(vis);
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

/** How many camera visits of a class began in the window (index keys counted, nothing decoded); null while the index is being built. */
export function countArrivals(mv: MemoryView, w: Window, opts: { label: string; camera?: string }): number | null {
  if (!mv.indexed('cvisits')) return null;
  const { cvisits } = mv.dbs();
  let n = 0;
  for (const cam of cams(mv, opts.camera)) n += cvisits.getKeysCount({ start: [cam, opts.label, w.from], end: [cam, opts.label, w.to] });
  return n;
}

/**
 * The visits of a class overlapping the window and the identities they are drawn from, at cameras,
 * read from index keys: the arrivals in the window and the visits in progress at its start, less
 * the returns whose previous visit also overlapped the window (that identity is counted once).
 * Null while an index is being built.
 */
export function countIdentities(mv: MemoryView, w: Window, opts: { label: string; camera?: string }): { ids: number; visits: number } | null {
  const { cvisits, creturns } = mv.dbs();
  if (!mv.indexed('cvisits') || !mv.indexed('creturns') || !creturns) return null;
  let visits = 0;
  let again = 0;
  for (const cam of cams(mv, opts.camera)) {
    visits += cvisits.getKeysCount({ start: [cam, opts.label, w.from], end: [cam, opts.label, w.to] });
    for (const { value: prevEnd } of creturns.getRange({ start: [cam, opts.label, w.from], end: [cam, opts.label, w.to] })) if (prevEnd >= w.from) again++;
  }
  // visits that began before the window and reach into it (in progress then); no earlier visit of theirs overlaps it
  const before = cameraVisits(mv, { from: w.from, to: w.from }, opts) ?? [];
  visits += before.length;
  return { ids: visits - again, visits };
}

/**
 * Count, total, shortest and longest length (ms) of the visits of a class that began in the
 * window, at cameras or in a zone, read from the visit indexes without building any record;
 * each visit's length is widened by `pad` ms (the caller's estimate of the unseen ends). Null
 * while the index is being built.
 */
export function visitStats(mv: MemoryView, w: Window, opts: { label: string; camera?: string; zone?: string; pad?: number }): { n: number; total: number; min: number; max: number; open: number } | null {
  if (!mv.indexed(opts.zone ? 'visits' : 'cvisits')) return null;
  const { visits, cvisits } = mv.dbs();
  const pad = opts.pad ?? 0;
  const st = { n: 0, total: 0, min: Infinity, max: -Infinity, open: 0 };
  const add = (ms: number, open: boolean): void => {
    st.n++;
    if (open) st.open++;
    st.total += ms;
    // a visit in progress is no shorter than its length so far: never the shortest
    if (ms < st.min && !open) st.min = ms;
    if (ms > st.max) st.max = ms;
  };
  for (const cam of cams(mv, opts.camera)) {
    const l = cameraLive(mv, cam);
    if (opts.zone) {
      for (const { key, value: v } of visits.getRange({ start: [cam, opts.zone, w.from], end: [cam, opts.zone, w.to] })) {
        if (v[3] !== opts.label) continue;
        const x = zoneVisitOf(cam, opts.zone, key, v, l);
        add(x.end - x.start + pad, x.open === true);
      }
    } else {
      for (const { key, value: end } of cvisits.getRange({ start: [cam, opts.label, w.from], end: [cam, opts.label, w.to] })) {
        const x = withLive({ camera: cam, objectId: key[3] as string, label: opts.label, start: key[2] as number, end }, l.live.get(key[3] as string), l.present, false);
        add(x.end - x.start + pad, x.open === true);
      }
    }
  }
  return st;
}
