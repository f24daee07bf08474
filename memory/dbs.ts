/**
 * The databases of the LMDB memory and how they are opened. One environment under
 * `<data>/memory` holds:
 * - `segments` `[camera, start]` -> SegmentRecord (time-dominant), `keyframes` -> JPEG bytes;
 * - `frames` `[camera, ts]` -> FrameRecord (exact per-frame counts);
 * - `objects` `objectId` -> ObjectRecord (space-dominant), `oviews` `objectId` -> its appearance views
 *   for re-ID after a restart (see `object-views.ts`), `spans` `[camera, firstSeen, objectId]` -> lastSeen,
 *   `lspans` `[camera, label, firstSeen, objectId]` -> lastSeen (per-label index);
 * - `visits` `[camera, zone, enteredAt, objectId, n]` -> VisitValue (zone-visit index, see `visits.ts`);
 * - `cvisits` `[camera, label, start, objectId, n]` -> end (camera-visit index, see `camera-visits.ts`),
 *   and `creturns` `[camera, label, start, objectId]` -> the end of the object's previous visit (every visit but an object's first);
 * - `events` `[camera, ts, seq]` -> StoredEvent (see `event-codec.ts`), indexed by `etypes`
 *   `[camera, type, ts, seq]` and `elines` `[camera, line, ts, seq]` (line events) -> the same
 *   value, so filtered reads decode only matches;
 * - `zocc` `[camera, zone, ts]` -> objects in the zone in that frame (one entry per frame and zone);
 * - `coverage` `[camera, start]` -> CoverageRange;
 * - `minutes`, `hours` `[camera, start]` -> RollupRecord (summaries, and the index for long windows);
 * - `live` `[camera, objectId]` -> LiveValue (visits with no seen departure yet, see `live.ts`);
 * - `counts` `[camera, key, start]` -> RunValue (count runs long enough to settle) and `ctail`
 *   `[camera]` -> CountTail (the runs in progress): the count-run index, see `count-runs.ts`;
 * - `meta` -> small bookkeeping (longest object span per camera, which indexes are complete);
 * - `audio`, `speech` `[camera, start]` -> sound levels and utterances;
 * - `alerts` `id` -> AlertRecord, indexed (keys only) by `atime` `[frameTs, camera, id]`,
 *   `arules` `[rule, frameTs, camera, id]` and `acams` `[camera, frameTs, id]` (see `alerts.ts`).
 */
import type { Database, RootDatabase } from 'lmdb';
import type { StoredEvent } from './event-codec.js';
import type { AlertRecord, AudioRecord, CoverageRange, FrameRecord, ObjectRecord, RollupRecord, SegmentRecord, SpeechRecord } from './types.js';
import type { Key } from './key.js';
import type { LiveValue } from './live.js';
import type { PlacesValue } from './places.js';
import type { CountTail, RunValue } from './count-runs.js';
import type { VisitValue } from './visits.js';

export type { Key } from './key.js';

/** Secondary indexes that may need building from their primary database (stores from before they existed). */
export type IndexName = 'events' | 'zones' | 'visits' | 'cvisits' | 'creturns';

/** Every secondary index, in the order `open()` checks them. */
export const INDEX_NAMES: readonly IndexName[] = ['events', 'zones', 'visits', 'cvisits', 'creturns'];

/** The databases of one environment. */
export interface Dbs {
  segs: Database<SegmentRecord, Key>;
  keyframes: Database<Buffer, Key>;
  frames: Database<FrameRecord, Key>;
  objects: Database<ObjectRecord, string>;
  /** Appearance views of objects (see `object-views.ts`); undefined in a read-only memory from before. */
  oviews: Database<Buffer, string> | undefined;
  spans: Database<number, Key>;
  lspans: Database<number, Key>;
  /** Zone visits of objects: `[camera, zone, enteredAt, objectId, n]`. */
  visits: Database<VisitValue, Key>;
  /** Camera visits of objects: `[camera, label, start, objectId, n]` -> end (see `camera-visits.ts`). */
  cvisits: Database<number, Key>;
  /** Returns of objects: `[camera, label, start, objectId]` -> the previous visit's end; undefined in a read-only memory from before. */
  creturns: Database<number, Key> | undefined;
  /** Visits in progress (no seen departure yet): `[camera, objectId]` (see `live.ts`). */
  live: Database<LiveValue, Key>;
  /** Count runs that span the settling hold: `[camera, key, start]` -> `[count, last]` (see `count-runs.ts`). */
  counts: Database<RunValue, Key>;
  /** Per camera, the count runs in progress and when each count key was first seen. */
  ctail: Database<CountTail, Key>;
  /** Each camera's zones and lines: `[camera]` -> PlacesValue (see `places.ts`); undefined in a read-only memory from before. */
  places: Database<PlacesValue, Key> | undefined;
  events: Database<StoredEvent, Key>;
  etypes: Database<StoredEvent, Key>;
  elines: Database<StoredEvent, Key>;
  zocc: Database<number, Key>;
  cov: Database<CoverageRange, Key>;
  minutes: Database<RollupRecord, Key>;
  hours: Database<RollupRecord, Key>;
  meta: Database<number, Key>;
  /** Sound level per 2 s window: `[camera, start]`. */
  audio: Database<AudioRecord, Key>;
  /** Transcribed utterances: `[camera, start]`. */
  speech: Database<SpeechRecord, Key>;
  /**
   * Alerts fired by the rules, by id, and their key-only indexes (see `alerts.ts`). Undefined in a
   * memory opened read-only that was written before alerts were kept (read them with `alertDbs`).
   */
  alerts: Database<AlertRecord, string> | undefined;
  /** Alert index by time: `[frameTs, camera, id]` -> null. */
  atime: Database<null, Key> | undefined;
  /** Alert index by rule: `[rule, frameTs, camera, id]` -> null. */
  arules: Database<null, Key> | undefined;
  /** Alert index by camera: `[camera, frameTs, id]` -> null. */
  acams: Database<null, Key> | undefined;
}

/**
 * Options of stores whose values are objects of a few fixed shapes: msgpack shared structures keep
 * each shape once per database (under a symbol key that ranges never return), so records are
 * smaller and decode about twice as fast (measured: 57,600 event records read in 128 ms instead of 282 ms).
 */
const RECORDS = { sharedStructuresKey: Symbol.for('structures') } as const;

/** Opens (creating when missing, unless read-only: then undefined) every database of the environment. */
export function openDbs(root: RootDatabase): Dbs {
  return {
    segs: root.openDB({ name: 'segments', ...RECORDS }),
    keyframes: root.openDB({ name: 'keyframes', encoding: 'binary' }),
    frames: root.openDB({ name: 'frames', ...RECORDS }),
    objects: root.openDB({ name: 'objects', ...RECORDS }),
    oviews: root.openDB({ name: 'oviews', encoding: 'binary' }),
    spans: root.openDB({ name: 'spans' }),
    lspans: root.openDB({ name: 'lspans' }),
    visits: root.openDB({ name: 'visits' }),
    cvisits: root.openDB({ name: 'cvisits' }),
    creturns: root.openDB({ name: 'creturns' }),
    live: root.openDB({ name: 'live' }),
    counts: root.openDB({ name: 'counts' }),
    ctail: root.openDB({ name: 'ctail' }),
    events: root.openDB({ name: 'events', ...RECORDS }),
    etypes: root.openDB({ name: 'etypes', ...RECORDS }),
    elines: root.openDB({ name: 'elines', ...RECORDS }),
    zocc: root.openDB({ name: 'zocc' }),
    cov: root.openDB({ name: 'coverage' }),
    minutes: root.openDB({ name: 'minutes', ...RECORDS }),
    hours: root.openDB({ name: 'hours', ...RECORDS }),
    meta: root.openDB({ name: 'meta' }),
    audio: root.openDB({ name: 'audio', ...RECORDS }),
    speech: root.openDB({ name: 'speech', ...RECORDS }),
    // lmdb-js returns undefined for a database a read-only environment does not have
    alerts: root.openDB({ name: 'alerts', ...RECORDS }),
    atime: root.openDB({ name: 'atime' }),
    arules: root.openDB({ name: 'arules' }),
    acams: root.openDB({ name: 'acams' }),
    places: root.openDB({ name: 'places' }),
  };
}
