/**
 * Visit queries, read from the visit indexes without decoding objects: camera visits, zone
 * visits, arrivals and visit-length statistics. Each returns null while its index is being built.
 */
import { readCameraVisits, type CameraVisit } from '../camera-visits.js';
import type { MemoryView } from '../view.js';
import { cams, lowerBound, type Window } from './scope.js';

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
    for (const v of readCameraVisits(cvisits, cam, opts.label, w.from, w.to, lowerBound(mv, cam, w.from))) out.push(v);
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
    const lo = lowerBound(mv, cam, w.from);
    for (const { key, value: v } of visits.getRange({ start: [cam, zone, lo], end: [cam, zone, w.to] })) {
      if (opts.label && v[3] !== opts.label) continue;
      const end = v[0] ?? v[2];
      if (end < w.from) continue;
      out.push({ camera: cam, objectId: key[3] as string, label: v[3], start: key[2] as number, end });
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
 * Count, total, shortest and longest length (ms) of the visits of a class that began in the
 * window, at cameras or in a zone, read from the visit indexes without building any record;
 * each visit's length is widened by `pad` ms (the caller's estimate of the unseen ends). Null
 * while the index is being built.
 */
export function visitStats(mv: MemoryView, w: Window, opts: { label: string; camera?: string; zone?: string; pad?: number }): { n: number; total: number; min: number; max: number } | null {
  if (!mv.indexed(opts.zone ? 'visits' : 'cvisits')) return null;
  const { visits, cvisits } = mv.dbs();
  const pad = opts.pad ?? 0;
  const st = { n: 0, total: 0, min: Infinity, max: -Infinity };
  const add = (ms: number): void => {
    st.n++;
    st.total += ms;
    if (ms < st.min) st.min = ms;
    if (ms > st.max) st.max = ms;
  };
  for (const cam of cams(mv, opts.camera)) {
    if (opts.zone) {
      for (const { key, value: v } of visits.getRange({ start: [cam, opts.zone, w.from], end: [cam, opts.zone, w.to] })) if (v[3] === opts.label) add((v[0] ?? v[2]) - (key[2] as number) + pad);
    } else {
      for (const { key, value: end } of cvisits.getRange({ start: [cam, opts.label, w.from], end: [cam, opts.label, w.to] })) add(end - (key[2] as number) + pad);
    }
  }
  return st;
}
