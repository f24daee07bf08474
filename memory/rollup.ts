/**
 * Roll-ups: per-camera minute and hour summaries, accumulated in memory as observations arrive
 * and written when the minute closes (and, marked partial, on flush). Hours merge their minutes.
 */
import type { Observation } from '../ingest/observations.js';
import type { RollupRecord } from './types.js';

/** One minute, in ms. */
export const MINUTE_MS = 60_000;
/** One hour, in ms. */
export const HOUR_MS = 3_600_000;
/** Captions kept per roll-up. */
const MAX_CAPTIONS = 5;

/** An empty roll-up of `[start, start + size)`. */
export function emptyRollup(camera: string, start: number, size: number): RollupRecord {
  return {
    camera,
    start,
    end: start + size,
    frames: 0,
    segments: 0,
    maxCounts: {},
    maxCountsAt: {},
    maxTotal: 0,
    maxTotalAt: null,
    maxOccupancy: {},
    maxOccupancyAt: {},
    objectIds: [],
    events: {},
    captions: [],
    partial: true,
  };
}

/** Start of the roll-up window containing `ts`. */
export function floorTo(ts: number, size: number): number {
  return Math.floor(ts / size) * size;
}

/** Raises `max[k]` to `v` (recording `at`) when larger, or earlier at equal value. */
function bump(max: Record<string, number>, maxAt: Record<string, number>, k: string, v: number, at: number): void {
  const cur = max[k];
  if (cur === undefined || v > cur || (v === cur && at < (maxAt[k] ?? Infinity))) {
    max[k] = v;
    maxAt[k] = at;
  }
}

/** Adds one observation to a roll-up (mutates it). `ids` is the roll-up's object id set. */
export function addObservation(r: RollupRecord, ids: Set<string>, o: Observation): void {
  switch (o.kind) {
    case 'frame': {
      r.frames++;
      let total = 0;
      for (const [label, n] of Object.entries(o.counts)) {
        total += n;
        bump(r.maxCounts, r.maxCountsAt, label, n, o.ts);
      }
      if (total > r.maxTotal || r.maxTotalAt === null || (total === r.maxTotal && o.ts < r.maxTotalAt)) {
        r.maxTotal = total;
        r.maxTotalAt = o.ts;
      }
      for (const [zone, n] of Object.entries(o.occupancy)) bump(r.maxOccupancy, r.maxOccupancyAt, zone, n, o.ts);
      for (const x of o.objects) ids.add(x.objectId);
      break;
    }
    case 'segment':
      r.segments++;
      if (o.caption && r.captions.length < MAX_CAPTIONS && !r.captions.includes(o.caption)) r.captions.push(o.caption);
      break;
    case 'event':
      r.events[o.type] = (r.events[o.type] ?? 0) + 1;
      if (o.objectId) ids.add(o.objectId);
      break;
    case 'object':
      ids.add(o.object.objectId);
      break;
  }
}

/** Merges roll-up `m` (a minute) into `h` (its hour); mutates `h`. */
export function mergeRollup(h: RollupRecord, hIds: Set<string>, m: RollupRecord): void {
  h.frames += m.frames;
  h.segments += m.segments;
  for (const [k, v] of Object.entries(m.maxCounts)) bump(h.maxCounts, h.maxCountsAt, k, v, m.maxCountsAt[k] ?? m.start);
  for (const [k, v] of Object.entries(m.maxOccupancy)) bump(h.maxOccupancy, h.maxOccupancyAt, k, v, m.maxOccupancyAt[k] ?? m.start);
  if (m.maxTotalAt !== null && (h.maxTotalAt === null || m.maxTotal > h.maxTotal || (m.maxTotal === h.maxTotal && m.maxTotalAt < h.maxTotalAt))) {
    h.maxTotal = m.maxTotal;
    h.maxTotalAt = m.maxTotalAt;
  }
  for (const id of m.objectIds) hIds.add(id);
  for (const [k, v] of Object.entries(m.events)) h.events[k] = (h.events[k] ?? 0) + v;
  for (const c of m.captions) if (h.captions.length < MAX_CAPTIONS && !h.captions.includes(c)) h.captions.push(c);
}

/** An open roll-up with its id set. */
export interface OpenRollup {
  rec: RollupRecord;
  ids: Set<string>;
}

/** Returns a copy of the roll-up, ready to store. */
export function snapshot(r: OpenRollup, partial: boolean): RollupRecord {
  return { ...r.rec, objectIds: [...r.ids], partial };
}
