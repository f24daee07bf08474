/**
 * The zone-visit index: one entry per visit of an object to a zone, keyed
 * `[camera, zone, enteredAt, objectId, n]` (`n` tells apart visits of one object to one zone that
 * share `enteredAt`, normally 0) with a compact value `[exitedAt, firstSeen, lastSeen, label]` of
 * the object. The store keeps it in step with the object record on every write, and retention
 * removes an object's visits with it, so dwell reads only this index and decodes no object.
 */
import type { Database } from 'lmdb';
import type { ObjectFact } from '../ingest/observations.js';
import type { Key } from './key.js';

/** Value of a visit entry: when the object left the zone (null: still in it), and its first/last sighting and class. */
export type VisitValue = [exitedAt: number | null, firstSeen: number, lastSeen: number, label: string];

/** The object facts the index is built from. */
export type VisitSource = Pick<ObjectFact, 'objectId' | 'camera' | 'label' | 'firstSeen' | 'lastSeen' | 'zones' | 'visits'>;

/** Index entries of an object, in its `zones` order. */
export function visitEntries(o: VisitSource): { key: Key; value: VisitValue }[] {
  const seen = new Map<string, number>();
  return o.zones.map((z) => {
    const at = `${z.zone}\n${z.enteredAt}`;
    const n = seen.get(at) ?? 0;
    seen.set(at, n + 1);
    return { key: [o.camera, z.zone, z.enteredAt, o.objectId, n], value: [z.exitedAt ?? null, o.firstSeen, o.lastSeen, o.label] };
  });
}

/**
 * Writes the visit entries of `next` and removes those of `prev` (the object as stored before)
 * that `next` no longer has. Returns the last write, or null when there was nothing to write.
 */
export function writeVisits(db: Database<VisitValue, Key>, prev: VisitSource | undefined, next: VisitSource): Promise<boolean> | null {
  let last: Promise<boolean> | null = null;
  const now = visitEntries(next);
  if (prev && prev.zones.length > 0) {
    const keep = new Set(now.map((e) => e.key.join('\n')));
    for (const { key } of visitEntries(prev)) if (!keep.has(key.join('\n'))) last = db.remove(key);
  }
  for (const { key, value } of now) last = db.put(key, value);
  return last;
}

/** Removes the visit entries of an object. Returns the last removal, or null when it had none. */
export function removeVisits(db: Database<VisitValue, Key>, o: VisitSource): Promise<boolean> | null {
  let last: Promise<boolean> | null = null;
  for (const { key } of visitEntries(o)) last = db.remove(key);
  return last;
}
