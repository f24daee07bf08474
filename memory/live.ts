/**
 * The live-visit index: one entry per object whose visit has no seen departure yet, keyed
 * `[camera, objectId]`. Perception opens it at the arrival (`present`), marks it `away` when the
 * object stops counting (its hold expired: the departure is its last sighting unless the tracker
 * finds it again) and `present` again when it is found, and the memory drops it at the track's end.
 * A visit still open when the daemon stopped (a crash, a kill, a power cut) is closed at the
 * camera's last covered frame at the next opening and kept here as `cut`, so answers can say so.
 *
 * Readers join these entries to the camera- and zone-visit indexes: a `present` visit ends at the
 * camera's present (its last stored frame), so the memory holds what is happening now.
 */
import type { Database } from 'lmdb';
import type { Key } from './key.js';

/** Where an open visit stands. */
export type LiveState = 'present' | 'away' | 'cut';

/** Value of a live entry. */
export interface LiveValue {
  label: string;
  /** Start of the visit in progress, epoch ms (the camera-visit index key's start). */
  start: number;
  /** Last sighting, epoch ms. */
  lastSeen: number;
  state: LiveState;
  /** Zones the object is in (entered, not exited), with their entry times. */
  zones: [zone: string, enteredAt: number][];
  /** For `cut`: where the visit was closed (the camera's last covered frame). */
  cutAt?: number;
}

/** A live entry with its key's parts. */
export interface LiveEntry extends LiveValue {
  camera: string;
  objectId: string;
}

/** Puts (or replaces) the live entry of an object. */
export function putLive(db: Database<LiveValue, Key>, camera: string, objectId: string, v: LiveValue): Promise<boolean> {
  return db.put([camera, objectId], v);
}

/** Removes the live entry of an object (its visit ended with a seen departure), if any. */
export function removeLive(db: Database<LiveValue, Key>, camera: string, objectId: string): Promise<boolean> {
  return db.remove([camera, objectId]);
}

/** Live entries of a camera (of every camera when omitted). */
export function readLive(db: Database<LiveValue, Key>, camera?: string): LiveEntry[] {
  const range = camera === undefined ? db.getRange({}) : db.getRange({ start: [camera], end: [camera, '\uffff'] });
  const out: LiveEntry[] = [];
  for (const { key, value } of range) {
    if (!value || typeof value !== 'object') continue;
    out.push({ ...value, camera: key[0] as string, objectId: key[1] as string });
  }
  return out;
}

/** Live entries of a camera by object id. */
export function liveByObject(db: Database<LiveValue, Key>, camera: string): Map<string, LiveEntry> {
  return new Map(readLive(db, camera).map((e) => [e.objectId, e]));
}

/**
 * The end of a visit given its live entry: the camera's present while the object is there, its
 * last sighting once it is away, the cut point for a visit the daemon's stop closed.
 */
export function liveEnd(e: LiveValue, present: number, storedEnd: number): { end: number; open: boolean; cut: boolean } {
  switch (e.state) {
    case 'present':
      return { end: Math.max(storedEnd, present, e.lastSeen), open: true, cut: false };
    case 'away':
      return { end: Math.max(storedEnd, e.lastSeen), open: false, cut: false };
    case 'cut':
      return { end: e.cutAt ?? storedEnd, open: false, cut: true };
  }
}
