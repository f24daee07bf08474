/**
 * Object queries: objects present in a window, distinct counts, first and last sightings, dwell
 * in a zone and presence. The span indexes (by first sighting) and the zone-visit index pick the
 * objects, so only those answered are decoded.
 */
import { dwellFromVisits, zoneVisitors, type DwellRow, type DwellScope } from '../dwell.js';
import type { ObjectRecord } from '../types.js';
import type { MemoryView } from '../view.js';
import { cams, lowerBound, type Window } from './scope.js';

/** Objects of a class (any class when omitted) present in the window, optionally only those that were in a zone during it. */
export function objectsIn(mv: MemoryView, w: Window, opts: { label?: string; camera?: string; zone?: string } = {}): ObjectRecord[] {
  const { objects } = mv.dbs();
  const out: ObjectRecord[] = [];
  if (opts.zone && mv.indexed('visits')) {
    // the zone-visit index picks the objects: only those are decoded
    for (const a of zoneVisitors(visitScope(mv, w, opts.camera), w.from, w.to, opts.zone, opts.label)) {
      const o = objects.get(a.id);
      if (o) out.push(o);
    }
    return out;
  }
  for (const id of objectIdsIn(mv, w, opts)) {
    const o = objects.get(id);
    if (!o || (opts.label && o.label !== opts.label)) continue;
    if (opts.zone && !o.zones.some((z) => z.zone === opts.zone && z.enteredAt < w.to && (z.exitedAt ?? o.lastSeen) >= w.from)) continue;
    out.push(o);
  }
  return out.sort((a, b) => a.firstSeen - b.firstSeen);
}

/**
 * Ids of objects present in the window, from the span indexes only (no object is decoded).
 * Scans spans that start at most the camera's longest stored object life before the window.
 */
function objectIdsIn(mv: MemoryView, w: Window, opts: { label?: string; camera?: string }): string[] {
  const ids = new Set<string>();
  for (const cam of cams(mv, opts.camera)) {
    for (const s of spanEntries(mv, cam, w, opts.label)) if (s.lastSeen >= w.from) ids.add(s.id);
  }
  return [...ids];
}

/**
 * The first `limit` objects (by first sighting) of a class present in the window, as `objectsIn`
 * orders them, decoding only those (the span indexes pick them), and how many distinct objects
 * the span indexes hold for the window (`countDistinct`), from the same single scan.
 */
export function firstObjectsIn(mv: MemoryView, w: Window, opts: { label?: string; camera?: string }, limit: number): { objects: ObjectRecord[]; count: number } {
  const { objects } = mv.dbs();
  // span entries are in first-sighting order per camera: the first `limit` of each camera are
  // enough to find the first `limit` overall; the count comes from the index without decoding
  const cand: { id: string; firstSeen: number }[] = [];
  for (const cam of cams(mv, opts.camera)) {
    let n = 0;
    for (const s of spanEntries(mv, cam, w, opts.label)) {
      if (s.lastSeen < w.from) continue;
      cand.push({ id: s.id, firstSeen: s.firstSeen });
      if (++n >= limit) break;
    }
  }
  const out: ObjectRecord[] = [];
  for (const c of cand.sort((a, b) => a.firstSeen - b.firstSeen)) {
    const o = objects.get(c.id);
    if (!o || (opts.label && o.label !== opts.label)) continue;
    out.push(o);
    if (out.length >= limit) break;
  }
  return { objects: out, count: countDistinct(mv, w, opts) };
}

/** Number of distinct objects (after re-ID) of a class in the window. */
export function countDistinct(mv: MemoryView, w: Window, opts: { label?: string; camera?: string; zone?: string } = {}): number {
  if (opts.zone && mv.indexed('visits')) return zoneVisitors(visitScope(mv, w, opts.camera), w.from, w.to, opts.zone, opts.label).length;
  if (opts.zone) return objectsIn(mv, w, opts).length;
  // Objects first seen inside the window are counted by LMDB without decoding an entry; only
  // those first seen before it (at most the camera's longest object life) are read, to check
  // they were still there when the window opened. Each object has one span entry.
  const { spans, lspans } = mv.dbs();
  const label = opts.label;
  let n = 0;
  for (const cam of cams(mv, opts.camera)) {
    n += label ? lspans.getKeysCount({ start: [cam, label, w.from], end: [cam, label, w.to] }) : spans.getKeysCount({ start: [cam, w.from], end: [cam, w.to] });
    for (const s of spanEntries(mv, cam, { from: w.from, to: w.from }, label)) if (s.lastSeen >= w.from) n++;
  }
  return n;
}

/**
 * First and last sighting of a class in the window. Without a zone the span indexes answer:
 * one scan of span keys picks both, and only those two objects are decoded.
 */
export function firstLastSeen(mv: MemoryView, w: Window, opts: { label?: string; camera?: string; zone?: string } = {}): { first: ObjectRecord | null; last: ObjectRecord | null } {
  if (!opts.zone) {
    const fast = firstLastFromSpans(mv, w, opts);
    if (fast) return fast;
  }
  const objs = objectsIn(mv, w, opts);
  if (objs.length === 0) return { first: null, last: null };
  const last = objs.reduce((a, b) => (b.lastSeen > a.lastSeen ? b : a));
  return { first: objs[0] ?? null, last };
}

/**
 * Span-index entries of one camera (by class when `label` is given) that start before the
 * window ends, from the camera's longest stored object life before it.
 */
function* spanEntries(mv: MemoryView, cam: string, w: Window, label?: string): Generator<{ id: string; firstSeen: number; lastSeen: number }> {
  const { spans, lspans } = mv.dbs();
  const from = lowerBound(mv, cam, w.from);
  const range = label ? lspans.getRange({ start: [cam, label, from], end: [cam, label, w.to] }) : spans.getRange({ start: [cam, from], end: [cam, w.to] });
  const idAt = label ? 3 : 2;
  for (const { key, value: lastSeen } of range) yield { id: String(key[idAt]), firstSeen: Number(key[idAt - 1]), lastSeen };
}

/** The span-index answer of `firstLastSeen`, or null when a stale span entry makes it unsure. */
function firstLastFromSpans(mv: MemoryView, w: Window, opts: { label?: string; camera?: string }): { first: ObjectRecord | null; last: ObjectRecord | null } | null {
  const { objects } = mv.dbs();
  let first: { id: string; at: number } | null = null;
  let last: { id: string; at: number } | null = null;
  for (const cam of cams(mv, opts.camera)) {
    for (const { id, firstSeen, lastSeen } of spanEntries(mv, cam, w, opts.label)) {
      if (lastSeen < w.from) continue;
      // ties: the earlier camera, then the earlier key (as objectsIn orders them)
      if (!first || firstSeen < first.at) first = { id, at: firstSeen };
      if (!last || lastSeen > last.at) last = { id, at: lastSeen };
    }
  }
  if (!first || !last) return { first: null, last: null };
  const f = objects.get(first.id);
  const l = last.id === first.id ? f : objects.get(last.id);
  const ok = (o: ObjectRecord | undefined, id: { at: number }, at: 'firstSeen' | 'lastSeen'): o is ObjectRecord =>
    o !== undefined && o[at] === id.at && o.lastSeen >= w.from && o.firstSeen < w.to && (!opts.label || o.label === opts.label);
  if (!ok(f, first, 'firstSeen') || !ok(l, last, 'lastSeen')) return null;
  return { first: f, last: l };
}

/**
 * Dwell per object in a zone: seconds within the window, longest first (ties: by first
 * sighting). The zone-visit index answers it without decoding objects; each row's `object` is
 * read from the store when first used. Objects count as `objectsIn` counts them (present in the
 * window, with a visit to the zone overlapping it).
 */
export function dwell(mv: MemoryView, w: Window, zone: string, opts: { label?: string; camera?: string } = {}): DwellRow[] {
  if (!mv.indexed('visits')) return dwellFromObjects(mv, w, zone, opts);
  return dwellFromVisits(visitScope(mv, w, opts.camera), w.from, w.to, zone, opts.label);
}

/** What the zone-visit index reads for a window: scans start the camera's longest object life before it. */
function visitScope(mv: MemoryView, w: Window, camera?: string): DwellScope {
  const { objects, visits } = mv.dbs();
  return { objects, visits, cams: cams(mv, camera), lowerBound: (cam) => lowerBound(mv, cam, w.from) };
}

/** `dwell` from the object records (stores whose zone-visit index is still being built). */
function dwellFromObjects(mv: MemoryView, w: Window, zone: string, opts: { label?: string; camera?: string }): DwellRow[] {
  return objectsIn(mv, w, { ...opts, zone })
    .map((object) => ({
      object,
      seconds:
        object.zones.filter((z) => z.zone === zone).reduce((ms, z) => ms + Math.max(0, Math.min(z.exitedAt ?? object.lastSeen, w.to) - Math.max(z.enteredAt, w.from)), 0) / 1000,
    }))
    .sort((a, b) => b.seconds - a.seconds);
}

/** How long objects of a class were visible in the window, per object, longest first. */
export function presence(mv: MemoryView, w: Window, opts: { label?: string; camera?: string } = {}): { object: ObjectRecord; seconds: number }[] {
  return objectsIn(mv, w, opts)
    .map((object) => ({ object, seconds: Math.max(0, Math.min(object.lastSeen, w.to) - Math.max(object.firstSeen, w.from)) / 1000 }))
    .sort((a, b) => b.seconds - a.seconds);
}
