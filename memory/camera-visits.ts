/**
 * The camera-visit index: one entry per visit of an object to its camera (an arrival and a
 * departure, apart from identities), keyed `[camera, label, start, objectId, n]` with the
 * departure as value. Kept in step with the object record on every write and removed with it by
 * retention, so "how many people came today" and "the 100th arrival" read only index keys.
 */
import type { Database } from 'lmdb';
import type { ObjectFact } from '../ingest/observations.js';
import type { Key } from './key.js';

/** The object facts the index is built from. */
export type CameraVisitSource = Pick<ObjectFact, 'objectId' | 'camera' | 'label' | 'firstSeen' | 'lastSeen' | 'visits'>;

/** One indexed visit. */
export interface CameraVisit {
  camera: string;
  objectId: string;
  label: string;
  start: number;
  end: number;
  /** The zone, for a zone visit. */
  zone?: string;
  /** In progress: the object is there now (the end is the camera's present). */
  open?: boolean;
  /** Closed by the daemon's stop (a crash or restart) at the camera's last covered frame, not by a seen departure. */
  cut?: boolean;
}

/** The visits of an object: its presence intervals, or one visit over its sighting span when it has none. */
export function visitsOf(o: CameraVisitSource): { start: number; end: number }[] {
  return o.visits && o.visits.length > 0 ? o.visits : [{ start: o.firstSeen, end: o.lastSeen }];
}

/** Index entries of an object. */
export function cameraVisitEntries(o: CameraVisitSource): { key: Key; value: number }[] {
  const seen = new Map<number, number>();
  return visitsOf(o).map((v) => {
    const n = seen.get(v.start) ?? 0;
    seen.set(v.start, n + 1);
    return { key: [o.camera, o.label, v.start, o.objectId, n], value: v.end };
  });
}

/** Writes the entries of `next` and removes those of `prev` that `next` no longer has. Returns the last write, or null. */
export function writeCameraVisits(db: Database<number, Key>, prev: CameraVisitSource | undefined, next: CameraVisitSource): Promise<boolean> | null {
  let last: Promise<boolean> | null = null;
  const now = cameraVisitEntries(next);
  if (prev) {
    const keep = new Set(now.map((e) => e.key.join('\n')));
    for (const { key } of cameraVisitEntries(prev)) if (!keep.has(key.join('\n'))) last = db.remove(key);
  }
  for (const { key, value } of now) last = db.put(key, value);
  return last;
}

/**
 * Return entries of an object: each visit after its first, keyed `[camera, label, start, objectId]`
 * with the end of the object's previous visit as value. "How many different people" subtracts the
 * returns whose previous visit also fell in the window from the arrivals, reading index keys only.
 */
export function returnEntries(o: CameraVisitSource): { key: Key; value: number }[] {
  const vs = visitsOf(o);
  const out: { key: Key; value: number }[] = [];
  for (let i = 1; i < vs.length; i++) out.push({ key: [o.camera, o.label, (vs[i] as { start: number }).start, o.objectId], value: (vs[i - 1] as { end: number }).end });
  return out;
}

/** Writes the return entries of `next` that changed and removes those of `prev` that `next` no longer has. Returns the last write, or null. */
export function writeReturns(db: Database<number, Key>, prev: CameraVisitSource | undefined, next: CameraVisitSource): Promise<boolean> | null {
  let last: Promise<boolean> | null = null;
  const now = returnEntries(next);
  const before = new Map((prev ? returnEntries(prev) : []).map((e) => [e.key.join('\n'), e.value]));
  const keep = new Set<string>();
  for (const { key, value } of now) {
    const k = key.join('\n');
    keep.add(k);
    if (before.get(k) !== value) last = db.put(key, value);
  }
  for (const { key } of prev ? returnEntries(prev) : []) if (!keep.has(key.join('\n'))) last = db.remove(key);
  return last;
}

/** Removes the return entries of an object. Returns the last removal, or null. */
export function removeReturns(db: Database<number, Key>, o: CameraVisitSource): Promise<boolean> | null {
  let last: Promise<boolean> | null = null;
  for (const { key } of returnEntries(o)) last = db.remove(key);
  return last;
}

/** Removes the entries of an object. Returns the last removal, or null. */
export function removeCameraVisits(db: Database<number, Key>, o: CameraVisitSource): Promise<boolean> | null {
  let last: Promise<boolean> | null = null;
  for (const { key } of cameraVisitEntries(o)) last = db.remove(key);
  return last;
}

/**
 * Visits of one camera (of one class, or of every class) overlapping `[from, to)`, by arrival.
 * Entries are read from `lowerBound` (the camera's longest object life before the window).
 */
export function readCameraVisits(db: Database<number, Key>, camera: string, label: string | undefined, from: number, to: number, lowerBound: number): CameraVisit[] {
  const out: CameraVisit[] = [];
  const range = label ? db.getRange({ start: [camera, label, lowerBound], end: [camera, label, to] }) : db.getRange({ start: [camera], end: [camera, '\uffff'] });
  for (const { key, value: end } of range) {
    const start = key[2] as number;
    if (start >= to || end < from || start < lowerBound) continue;
    out.push({ camera, objectId: key[3] as string, label: key[1] as string, start, end });
  }
  return label ? out : out.sort((a, b) => a.start - b.start);
}
