/**
 * Building secondary indexes from their primary database, for stores written before an index
 * existed: `events` (etypes, elines) from events, `zones` (zocc) from frames, `visits`, `cvisits` and `creturns` from objects.
 * The store calls `indexChunk` until it reports a short chunk, awaiting each chunk's writes.
 */
import type { Dbs, IndexName, Key } from './dbs.js';
import { writeCameraVisits, writeReturns } from './camera-visits.js';
import { writeVisits } from './visits.js';

/** What one chunk did: entries read, the last one (where the next chunk starts) and its last write. */
export interface ChunkResult {
  n: number;
  start: Key | string | undefined;
  last: Promise<boolean>;
  /** `visits` only: per camera, the longest time from a visit's entry (or the first sighting) to the last sighting. */
  spans?: Map<string, number>;
}

/** How the store takes part in building an index while it keeps writing. */
export interface ChunkOptions {
  /**
   * `visits` only: objects the live writer has written since the index began building. Their
   * stored record may be older than a write still being committed, and that write already replaced
   * all their visit entries, so the chunk leaves them alone.
   */
  skip?: (objectId: string) => boolean;
}

/** The primary database an index is built from, for an emptiness check. */
export function sourceOf(d: Dbs, name: IndexName): { getKeys(o: { limit: number }): Iterable<unknown> } {
  return name === 'events' ? d.events : name === 'zones' ? d.frames : d.objects;
}

/** Indexes up to `chunk` entries of the primary database after `start` (from the beginning when undefined). */
export function indexChunk(d: Dbs, name: IndexName, start: Key | string | undefined, chunk: number, opts: ChunkOptions = {}): ChunkResult {
  let n = 0;
  let last: Promise<boolean> = Promise.resolve(true);
  // no `start` property at first: an undefined start would also return the shared-structures symbol key
  const from = start !== undefined ? { start, exclusiveStart: true } : {};
  if (name === 'events') {
    for (const { key, value } of d.events.getRange({ ...from, limit: chunk })) {
      start = key;
      n++;
      const [cam, ts, seq] = key as [string, number, number];
      last = d.etypes.put([cam, value.type, ts, seq], value);
      if (typeof value.line === 'string') last = d.elines.put([cam, value.line, ts, seq], value);
    }
  } else if (name === 'zones') {
    for (const { key, value } of d.frames.getRange({ ...from, limit: chunk })) {
      start = key;
      n++;
      const [cam, ts] = key as [string, number];
      for (const [zone, c] of Object.entries(value.occupancy)) last = d.zocc.put([cam, zone, ts], c);
    }
  } else if (name === 'cvisits') {
    for (const { key, value } of d.objects.getRange({ ...from, limit: chunk })) {
      start = key;
      n++;
      if (typeof key !== 'string' || typeof value.firstSeen !== 'number' || opts.skip?.(key)) continue;
      last = writeCameraVisits(d.cvisits, undefined, value) ?? last;
    }
  } else if (name === 'creturns') {
    for (const { key, value } of d.objects.getRange({ ...from, limit: chunk })) {
      start = key;
      n++;
      if (typeof key !== 'string' || typeof value.firstSeen !== 'number' || opts.skip?.(key) || !d.creturns) continue;
      last = writeReturns(d.creturns, undefined, value) ?? last;
    }
  } else {
    const spans = new Map<string, number>();
    for (const { key, value } of d.objects.getRange({ ...from, limit: chunk })) {
      start = key;
      n++;
      if (typeof key !== 'string' || !Array.isArray(value.zones) || opts.skip?.(key)) continue;
      last = writeVisits(d.visits, undefined, value) ?? last;
      // stores from before the index bounded scans by the first sighting only
      let span = value.lastSeen - value.firstSeen;
      for (const z of value.zones) span = Math.max(span, value.lastSeen - z.enteredAt);
      if (span > (spans.get(value.camera) ?? 0)) spans.set(value.camera, span);
    }
    return { n, start, last, spans };
  }
  return { n, start, last };
}
