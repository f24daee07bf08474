/**
 * Frame queries: counts at an instant, the most seen at once (from closed roll-ups where they
 * cover the window, frames elsewhere) and a zone's occupancy over time.
 */
import { HOUR_MS, MINUTE_MS } from '../rollup.js';
import type { FrameRecord, RollupRecord } from '../types.js';
import type { MemoryView } from '../view.js';
import { cams, type Window } from './scope.js';

/** Objects of a class visible at an instant (the last frame at or before it, within 2 s), per camera summed. */
export function countAt(mv: MemoryView, t: number, opts: { label?: string; camera?: string; zone?: string } = {}): { count: number; frames: { camera: string; ts: number }[] } {
  const { frames } = mv.dbs();
  let count = 0;
  const used: { camera: string; ts: number }[] = [];
  for (const cam of cams(mv, opts.camera)) {
    for (const { key, value } of frames.getRange({ start: [cam, t], end: [cam, t - 2000], reverse: true, limit: 1 })) {
      count += opts.zone ? (value.occupancy[opts.zone] ?? 0) : opts.label ? (value.counts[opts.label] ?? 0) : Object.values(value.counts).reduce((a, b) => a + b, 0);
      used.push({ camera: cam, ts: Number(key[1]) });
    }
  }
  return { count, frames: used };
}

/**
 * Most objects of a class seen at once in one camera's frame, and when (the earliest frame with
 * that count). Closed hour and minute roll-ups answer the whole hours and minutes of the window;
 * frames answer the edges and any minute still open.
 */
export function maxSimultaneous(mv: MemoryView, w: Window, opts: { label?: string; camera?: string; zone?: string } = {}): { count: number; at: number | null; camera: string | null } {
  const { frames, minutes, hours } = mv.dbs();
  let best = { count: 0, at: null as number | null, camera: null as string | null };
  const consider = (n: number, at: number, cam: string): void => {
    if (n > best.count || (n === best.count && n > 0 && best.at !== null && at < best.at)) best = { count: n, at, camera: cam };
  };
  const fromRollup = (r: RollupRecord): [number, number | undefined] =>
    opts.zone ? [r.maxOccupancy[opts.zone] ?? 0, r.maxOccupancyAt[opts.zone]] : opts.label ? [r.maxCounts[opts.label] ?? 0, r.maxCountsAt[opts.label]] : [r.maxTotal, r.maxTotalAt ?? undefined];
  const scanFrames = (cam: string, from: number, to: number): void => {
    for (const { key, value } of frames.getRange({ start: [cam, from], end: [cam, to] })) consider(frameCount(value, opts), Number(key[1]), cam);
  };
  for (const cam of cams(mv, opts.camera)) {
    // closed roll-ups by start, hours first, then minutes inside the gaps
    const covered: [number, number][] = [];
    const h0 = Math.ceil(w.from / HOUR_MS) * HOUR_MS;
    for (const { value } of hours.getRange({ start: [cam, h0], end: [cam, w.to - HOUR_MS + 1] })) {
      if (value.partial) continue;
      const [n, at] = fromRollup(value);
      if (at !== undefined) consider(n, at, cam);
      covered.push([value.start, value.end]);
    }
    let t = w.from;
    const gaps: [number, number][] = [];
    for (const [s, e] of covered) {
      if (s > t) gaps.push([t, s]);
      t = e;
    }
    if (t < w.to) gaps.push([t, w.to]);
    for (const [gs, ge] of gaps) {
      let cur = gs;
      const m0 = Math.ceil(gs / MINUTE_MS) * MINUTE_MS;
      for (const { value } of minutes.getRange({ start: [cam, m0], end: [cam, ge - MINUTE_MS + 1] })) {
        if (value.partial) continue;
        if (value.start > cur) scanFrames(cam, cur, value.start);
        const [n, at] = fromRollup(value);
        if (at !== undefined) consider(n, at, cam);
        cur = value.end;
      }
      if (cur < ge) scanFrames(cam, cur, ge);
    }
  }
  return best;
}

function frameCount(value: FrameRecord, opts: { label?: string; zone?: string }): number {
  return opts.zone ? (value.occupancy[opts.zone] ?? 0) : opts.label ? (value.counts[opts.label] ?? 0) : Object.values(value.counts).reduce((a, b) => a + b, 0);
}

/** Occupancy of a zone over time: one point per stored frame. */
export function occupancyTimeline(mv: MemoryView, w: Window, zone: string, camera?: string): { camera: string; ts: number; count: number }[] {
  const { frames, zocc } = mv.dbs();
  const out: { camera: string; ts: number; count: number }[] = [];
  if (mv.indexed('zones')) {
    for (const cam of cams(mv, camera)) {
      for (const { key, value } of zocc.getRange({ start: [cam, zone, w.from], end: [cam, zone, w.to] })) out.push({ camera: cam, ts: key[2] as number, count: value });
    }
    return out;
  }
  for (const cam of cams(mv, camera)) {
    for (const { key, value } of frames.getRange({ start: [cam, w.from], end: [cam, w.to] })) {
      if (zone in value.occupancy) out.push({ camera: cam, ts: Number(key[1]), count: value.occupancy[zone] ?? 0 });
    }
  }
  return out;
}

/** A stored frame: its time and its counts per class and per zone. */
export interface FrameRow {
  ts: number;
  counts: Record<string, number>;
  occupancy: Record<string, number>;
  /** The objects the frame holds (after re-ID). */
  objectIds: readonly string[];
}

/** Stored frames of one camera with times in the window, by time (read lazily: iterate without awaiting). */
export function* frameRows(mv: MemoryView, w: Window, camera: string): Generator<FrameRow> {
  for (const { key, value } of mv.dbs().frames.getRange({ start: [camera, w.from], end: [camera, w.to] })) yield { ts: Number(key[1]), counts: value.counts, occupancy: value.occupancy, objectIds: value.objectIds ?? [] };
}

/** The cameras (of `among`) that have a zone: frames with its occupancy, or visits to it. */
export function camerasWithZone(mv: MemoryView, zone: string, among: readonly string[]): string[] {
  const { zocc, visits } = mv.dbs();
  const has = (db: { getKeys(o: object): Iterable<unknown> }, cam: string): boolean => {
    for (const _ of db.getKeys({ start: [cam, zone], end: [cam, `${zone}\u0000`], limit: 1 })) return true;
    return false;
  };
  return among.filter((cam) => has(zocc, cam) || has(visits, cam));
}
