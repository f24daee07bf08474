/**
 * Projects a time window of the LMDB memory into plain rows, one array per row in the column
 * order of `SQL_TABLES`. Synchronous: reads run on LMDB's snapshot and no transaction spans an
 * await. Only the tables a query names are projected; the projection is bounded.
 */
import { MemoryQueries, type Window } from '../queries.js';
import type { MemoryView } from '../view.js';
import { SqlError } from './guard.js';
import type { SqlTableName } from './schema.js';

/** A cell value passed to SQLite. */
export type Cell = string | number | null;

/** Rows per table. */
export type Projection = Partial<Record<SqlTableName, Cell[][]>>;

const iso = (t: number): string => new Date(t).toISOString();
const json = (v: unknown): string | null => (v === undefined ? null : JSON.stringify(v));

/** Builds the rows of `tables` for window `w`; throws SQL_TOO_LARGE past `maxRows` rows in all. */
export function project(store: MemoryView, w: Window, tables: ReadonlySet<SqlTableName>, maxRows: number): Projection {
  const out: Projection = {};
  let total = 0;
  const add = (name: SqlTableName, row: Cell[]): void => {
    if (++total > maxRows) {
      throw new SqlError(
        'SQL_TOO_LARGE',
        `the window ${iso(w.from)}..${iso(w.to)} holds more than ${maxRows} rows of ${[...tables].join(', ')} (${name} was being read): narrow the window or query a smaller table (segments, objects, events)`,
      );
    }
    (out[name] ??= []).push(row);
  };
  const q = new MemoryQueries(store);
  if (tables.has('query_window')) add('query_window', [w.from, w.to, iso(w.from), iso(w.to)]);
  if (tables.has('segments')) {
    for (const s of store.segments(w.from, w.to)) {
      add('segments', [s.camera, s.start, s.end, iso(s.start), s.frames, s.motion ?? null, s.caption ?? null, json(s.counts ?? {}), json(s.objectIds ?? [])]);
    }
  }
  if (tables.has('objects') || tables.has('zone_visits')) {
    for (const o of q.objectsIn(w)) {
      if (tables.has('objects')) {
        add('objects', [o.objectId, o.camera, o.label, o.firstSeen, o.lastSeen, (o.lastSeen - o.firstSeen) / 1000, json(o.zones), json(o.crossings), o.score]);
      }
      if (tables.has('zone_visits')) {
        for (const z of o.zones) {
          const exit = z.exitedAt ?? o.lastSeen;
          if (z.enteredAt >= w.to || exit < w.from) continue;
          add('zone_visits', [o.objectId, o.camera, o.label, z.zone, z.enteredAt, z.exitedAt, Math.max(0, Math.min(exit, w.to) - Math.max(z.enteredAt, w.from)) / 1000]);
        }
      }
    }
  }
  if (tables.has('events')) {
    for (const e of q.events(w)) {
      add('events', [e.camera, e.ts, iso(e.ts), e.type, e.objectId ?? null, e.label ?? null, e.zone ?? null, e.line ?? null, e.direction ?? null, e.dwellSeconds ?? null]);
    }
  }
  if (tables.has('frame_counts') || tables.has('zone_counts')) {
    for (const cam of store.cameras()) {
      for (const { ts, counts, occupancy } of q.frames(w, cam)) {
        if (tables.has('frame_counts')) for (const [label, n] of Object.entries(counts)) if (n > 0) add('frame_counts', [cam, ts, label, n]);
        if (tables.has('zone_counts')) for (const [zone, n] of Object.entries(occupancy)) if (n > 0) add('zone_counts', [cam, ts, zone, n]);
      }
    }
  }
  return out;
}
