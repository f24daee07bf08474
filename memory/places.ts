/**
 * The places each camera has (its zones and lines, from the config and drawn while running), kept
 * so questions know a zone or line by name before anything visits or crosses it. Keyed
 * `[camera]`; a counter in `meta` (`['places']`) moves on every change, for the names' cache.
 */
import type { Database } from 'lmdb';
import type { Key } from './key.js';

/** A camera's places. */
export interface PlacesValue {
  zones: string[];
  lines: string[];
  /**
   * How the camera's picture was turned before perception (`rotate180`, `vflip`...), once known:
   * positions in the picture ("the left bottle") are read in the turned picture. Absent: as it comes.
   */
  orientation?: string;
}

/** Keeps a camera's places (replacing what it had); resolves when stored. */
export function putPlaces(db: Database<PlacesValue, Key>, meta: Database<number, Key>, camera: string, p: PlacesValue): Promise<boolean> {
  const before = db.get([camera]);
  const same = before && before.zones.join('\u0000') === p.zones.join('\u0000') && before.lines.join('\u0000') === p.lines.join('\u0000');
  if (same) return Promise.resolve(true);
  void meta.put(['places'], (meta.get(['places']) ?? 0) + 1);
  const orientation = before?.orientation;
  return db.put([camera], { zones: [...p.zones], lines: [...p.lines], ...(orientation ? { orientation } : {}) });
}

/** Keeps how a camera's picture is turned (its zones and lines kept as they are); resolves when stored. */
export function putOrientation(db: Database<PlacesValue, Key>, camera: string, orientation: string): Promise<boolean> {
  const before = db.get([camera]);
  if (before?.orientation === orientation) return Promise.resolve(true);
  return db.put([camera], { zones: before?.zones ?? [], lines: before?.lines ?? [], orientation });
}

/** How a camera's picture is turned, as kept (undefined: not known, or a memory from before it was kept). */
export function orientationOf(db: Database<PlacesValue, Key> | undefined, camera: string): string | undefined {
  const v = db?.get([camera]);
  return typeof v?.orientation === 'string' ? v.orientation : undefined;
}

/** Every camera's places (none in a memory from before they were kept). */
export function readPlaces(db: Database<PlacesValue, Key> | undefined): PlacesValue {
  const out: PlacesValue = { zones: [], lines: [] };
  if (!db) return out;
  for (const { value } of db.getRange({})) {
    if (!value || !Array.isArray(value.zones) || !Array.isArray(value.lines)) continue;
    out.zones.push(...value.zones);
    out.lines.push(...value.lines);
  }
  return out;
}
