/**
 * The names a memory holds: the classes, zones and lines its objects and events name, and how many
 * objects of each class each camera stored and for how long they were there. Reading them decodes every object and event, so callers
 * cache the answer under `changeStamp`, which costs nothing to read.
 */
import { zonesNamed } from '../count-runs.js';
import { readPlaces } from '../places.js';
import type { MemoryView } from '../view.js';

/** Names in use in a memory. */
export interface MemoryNames {
  /** Classes of stored objects and events. */
  labels: Set<string>;
  /** Zones objects visited or events name. */
  zones: Set<string>;
  /** Lines objects crossed or events name. */
  lines: Set<string>;
  /** Stored objects per camera and class. */
  perCamera: Map<string, Map<string, number>>;
  /** Stored objects that visited each zone, per class. */
  perZone: Map<string, Map<string, number>>;
  /** Time objects of each class were present at each camera (their visits summed), ms. */
  timePerCamera: Map<string, Map<string, number>>;
  /** Time objects of each class were in each zone (their zone visits summed; one still in: to its last sighting), ms. */
  timePerZone: Map<string, Map<string, number>>;
}

/** Adds `n` to `key`'s entry of the inner map of `outer` under `at`. */
function bump(outer: Map<string, Map<string, number>>, at: string, key: string, n: number): void {
  let m = outer.get(at);
  if (!m) outer.set(at, (m = new Map<string, number>()));
  m.set(key, (m.get(key) ?? 0) + n);
}

/** Time an object was present: its visits summed (one visit, first to last sighting, in older records). */
function presentMs(o: { firstSeen: number; lastSeen: number; visits?: { start: number; end: number }[] }): number {
  const visits = o.visits && o.visits.length > 0 ? o.visits : [{ start: o.firstSeen, end: o.lastSeen }];
  return visits.reduce((n, v) => n + Math.max(0, v.end - v.start), 0);
}

/** The names in use, from every stored object and event. */
export function namesInUse(mv: MemoryView): MemoryNames {
  const { objects, events } = mv.dbs();
  const names: MemoryNames = { labels: new Set(), zones: new Set(), lines: new Set(), perCamera: new Map(), perZone: new Map(), timePerCamera: new Map(), timePerZone: new Map() };
  for (const { value: o } of objects.getRange({})) {
    names.labels.add(o.label);
    bump(names.perCamera, o.camera, o.label, 1);
    bump(names.timePerCamera, o.camera, o.label, presentMs(o));
    for (const zone of new Set(o.zones.map((z) => z.zone))) {
      names.zones.add(zone);
      bump(names.perZone, zone, o.label, 1);
    }
    for (const z of o.zones) bump(names.timePerZone, z.zone, o.label, Math.max(0, (z.exitedAt ?? o.lastSeen) - z.enteredAt));
    for (const c of o.crossings) names.lines.add(c.line);
  }
  for (const { value: e } of events.getRange({})) {
    if (e.label) names.labels.add(e.label);
    if (e.zone) names.zones.add(e.zone);
    if (e.line) names.lines.add(e.line);
  }
  // zones no object visited yet (drawn while running, or never occupied) are named by the frames,
  // and every camera's zones and lines by the places kept from its config and drawings
  for (const z of zonesNamed(mv.dbs())) names.zones.add(z);
  const kept = readPlaces(mv.dbs().places);
  for (const z of kept.zones) names.zones.add(z);
  for (const l of kept.lines) names.lines.add(l);
  return names;
}

/**
 * A stamp that changes whenever the names in use may have: the object and event entry counts
 * (LMDB keeps them) and the cameras.
 */
export function changeStamp(mv: MemoryView): string {
  const { objects, events } = mv.dbs();
  const entries = (db: { getStats(): unknown }): number => (db.getStats() as { entryCount?: number }).entryCount ?? -1;
  return `${entries(objects)}/${entries(events)}/${mv.cameras().join(',')}/${zonesNamed(mv.dbs()).length}/${mv.dbs().meta.get(['places']) ?? 0}`;
}
