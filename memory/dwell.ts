/**
 * Zone visits read from the zone-visit index: which objects were in a zone during a window, and
 * their dwell (seconds within the window), worked out from visit entries only. Dwell rows read
 * their object record when `object` is first used.
 */
import type { Database } from 'lmdb';
import type { Key } from './key.js';
import type { ObjectRecord } from './types.js';
import type { VisitValue } from './visits.js';

/** One object's dwell in a zone. */
export interface DwellRow {
  /** The object record. */
  readonly object: ObjectRecord;
  /** Seconds in the zone within the window. */
  seconds: number;
}

/**
 * A dwell row answered from the index: the object record is read on first use. Should the object
 * be gone by then (retention), a record with the facts the index holds stands in for it.
 */
class IndexedDwellRow implements DwellRow {
  readonly #objects: Database<ObjectRecord, string>;
  readonly #a: ZoneVisitor;
  readonly #camera: string;
  #rec: ObjectRecord | undefined;
  readonly seconds: number;

  constructor(objects: Database<ObjectRecord, string>, a: ZoneVisitor, camera: string) {
    this.#objects = objects;
    this.#a = a;
    this.#camera = camera;
    this.seconds = a.ms / 1000;
  }

  get object(): ObjectRecord {
    const a = this.#a;
    this.#rec ??= this.#objects.get(a.id) ?? {
      objectId: a.id,
      camera: this.#camera,
      label: a.v[3],
      trackIds: [],
      firstSeen: a.v[1],
      lastSeen: a.v[2],
      box: { x1: 0, y1: 0, x2: 0, y2: 0 },
      trajectory: [],
      zones: [],
      crossings: [],
      score: 0,
    };
    return this.#rec;
  }

  /** Serialises as a plain row. */
  toJSON(): { object: ObjectRecord; seconds: number } {
    return { object: this.object, seconds: this.seconds };
  }
}

/** Per-object sums while visits are read. */
interface Acc extends ZoneVisitor {
  /** One of its visits overlaps the window. */
  hit: boolean;
}

/** What `dwellFromVisits` reads and how far back it looks per camera. */
export interface DwellScope {
  objects: Database<ObjectRecord, string>;
  visits: Database<VisitValue, Key>;
  cams: readonly string[];
  /** Earliest first sighting of an object present in the window, per camera. */
  lowerBound(camera: string): number;
}

/** An object with a visit to a zone overlapping a window, from the zone-visit index. */
export interface ZoneVisitor {
  id: string;
  /** Index of its camera in the scope's `cams`. */
  cam: number;
  /** Its entry's value (exitedAt of one visit, firstSeen, lastSeen, label). */
  v: VisitValue;
  /** Milliseconds of its visits to the zone within the window. */
  ms: number;
}

/**
 * Objects with a visit to `zone` overlapping `[from, to)`, as `objectsIn` counts them (present in
 * the window: first seen from the camera's lower bound and before `to`, last seen at or after
 * `from`), by first sighting (ties: camera order, object id), with the milliseconds of all their
 * visits to the zone within the window. Reads only the index.
 */
export function zoneVisitors(s: DwellScope, from: number, to: number, zone: string, label?: string): ZoneVisitor[] {
  const acc = new Map<string, Acc>();
  for (let ci = 0; ci < s.cams.length; ci++) {
    const cam = s.cams[ci] as string;
    const lo = s.lowerBound(cam);
    for (const { key, value: v } of s.visits.getRange({ start: [cam, zone, lo], end: [cam, zone, to] })) {
      if ((label && v[3] !== label) || v[1] < lo || v[1] >= to || v[2] < from) continue;
      const id = key[3] as string;
      let a = acc.get(id);
      if (!a) {
        a = { id, cam: ci, v, ms: 0, hit: false };
        acc.set(id, a);
      }
      const end = v[0] ?? v[2];
      if (end >= from) a.hit = true;
      const ms = Math.min(end, to) - Math.max(key[2] as number, from);
      if (ms > 0) a.ms += ms;
    }
  }
  const hits: Acc[] = [];
  for (const a of acc.values()) if (a.hit) hits.push(a);
  return hits.sort((a, b) => a.v[1] - b.v[1] || a.cam - b.cam || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Dwell per object in `zone` within `[from, to)`, longest first (ties: as `zoneVisitors` orders them). */
export function dwellFromVisits(s: DwellScope, from: number, to: number, zone: string, label?: string): DwellRow[] {
  return zoneVisitors(s, from, to, zone, label)
    .sort((a, b) => b.ms - a.ms)
    .map((a) => new IndexedDwellRow(s.objects, a, s.cams[a.cam] as string));
}
