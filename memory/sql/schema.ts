/**
 * The tables of the read-only SQL view of the memory (see `runSql`). One description drives the
 * DDL, the projection and the text a planner shows a model (`SQL_SCHEMA`).
 */

/** A column of a view table. */
export interface SqlColumn {
  name: string;
  type: 'INTEGER' | 'REAL' | 'TEXT';
  doc: string;
}

/** A table of the view. */
export interface SqlTable {
  name: SqlTableName;
  doc: string;
  columns: SqlColumn[];
}

/** Names of the view's tables. */
export type SqlTableName = 'query_window' | 'segments' | 'objects' | 'zone_visits' | 'events' | 'frame_counts' | 'zone_counts';

const c = (name: string, type: SqlColumn['type'], doc: string): SqlColumn => ({ name, type, doc });

/** The tables, in the order they are described. Times are epoch milliseconds (UTC) unless `_iso`. */
export const SQL_TABLES: readonly SqlTable[] = [
  {
    name: 'query_window',
    doc: 'one row: the time window the view holds, [from_ms, to_ms)',
    columns: [c('from_ms', 'INTEGER', 'window start'), c('to_ms', 'INTEGER', 'window end (exclusive)'), c('from_iso', 'TEXT', 'window start, ISO-8601'), c('to_iso', 'TEXT', 'window end, ISO-8601')],
  },
  {
    name: 'segments',
    doc: 'fixed time windows (about 2 s) of one camera overlapping the window, with a caption built from perception facts',
    columns: [
      c('camera', 'TEXT', 'camera id'),
      c('start_ms', 'INTEGER', 'segment start'),
      c('end_ms', 'INTEGER', 'segment end (exclusive)'),
      c('start_iso', 'TEXT', 'segment start, ISO-8601'),
      c('frames', 'INTEGER', 'frames analysed in the segment'),
      c('motion', 'REAL', 'mean motion level 0..1 (NULL if unknown)'),
      c('caption', 'TEXT', 'caption, e.g. "2 persons, 1 car" (NULL if none)'),
      c('counts_json', 'TEXT', 'JSON object label -> most seen at once in the segment, e.g. {"person":2}'),
      c('object_ids_json', 'TEXT', 'JSON array of object ids seen in the segment'),
    ],
  },
  {
    name: 'objects',
    doc: 'one row per distinct re-identified object (a person, car, ...) present at some time in the window; count people with COUNT(DISTINCT object_id)',
    columns: [
      c('object_id', 'TEXT', 'stable object id, e.g. "door:person:3"'),
      c('camera', 'TEXT', 'camera id'),
      c('label', 'TEXT', 'class: person, car, bicycle, dog, ...'),
      c('first_seen_ms', 'INTEGER', 'first sighting (may be before the window)'),
      c('last_seen_ms', 'INTEGER', 'last sighting (may be after the window)'),
      c('duration_s', 'REAL', '(last_seen_ms - first_seen_ms) / 1000'),
      c('zones_json', 'TEXT', 'JSON array of zone visits {zone, enteredAt, exitedAt, dwellSeconds}'),
      c('crossings_json', 'TEXT', 'JSON array of line crossings {line, ts, direction}'),
      c('score', 'REAL', 'best detection score 0..1'),
    ],
  },
  {
    name: 'zone_visits',
    doc: 'one row per visit of an object to a zone overlapping the window',
    columns: [
      c('object_id', 'TEXT', 'object id (joins objects.object_id)'),
      c('camera', 'TEXT', 'camera id'),
      c('label', 'TEXT', 'class of the object'),
      c('zone', 'TEXT', 'zone name'),
      c('entered_ms', 'INTEGER', 'entry time'),
      c('exited_ms', 'INTEGER', 'exit time, NULL while still inside'),
      c('dwell_s', 'REAL', 'seconds of the visit inside the query window (an open visit counts until the object was last seen)'),
    ],
  },
  {
    name: 'events',
    doc: 'zone and line events in the window',
    columns: [
      c('camera', 'TEXT', 'camera id'),
      c('ts_ms', 'INTEGER', 'event time'),
      c('ts_iso', 'TEXT', 'event time, ISO-8601'),
      c('type', 'TEXT', "zone_enter, zone_exit, line_cross, appear, disappear, count_change, camera_online or camera_offline"),
      c('object_id', 'TEXT', 'object id or NULL'),
      c('label', 'TEXT', 'class of the object or NULL'),
      c('zone', 'TEXT', 'zone (zone_enter/zone_exit) or NULL'),
      c('line', 'TEXT', 'line (line_cross) or NULL'),
      c('direction', 'TEXT', "'forward' or 'backward' (line_cross) or NULL"),
      c('dwell_s', 'REAL', 'dwell in the zone, seconds (zone_exit) or NULL'),
    ],
  },
  {
    name: 'frame_counts',
    doc: 'per analysed frame (2 per second per camera) and class, the number of objects visible; only rows with n > 0 (a frame with nobody has no row)',
    columns: [c('camera', 'TEXT', 'camera id'), c('ts_ms', 'INTEGER', 'frame time'), c('label', 'TEXT', 'class'), c('n', 'INTEGER', 'objects of the class in the frame')],
  },
  {
    name: 'zone_counts',
    doc: 'per analysed frame and zone, the number of objects in the zone; only rows with n > 0',
    columns: [c('camera', 'TEXT', 'camera id'), c('ts_ms', 'INTEGER', 'frame time'), c('zone', 'TEXT', 'zone name'), c('n', 'INTEGER', 'objects in the zone')],
  },
];

/** CREATE TABLE statements of the view. */
export function schemaDdl(): string[] {
  return SQL_TABLES.map((t) => `CREATE TABLE ${t.name} (${t.columns.map((col) => `${col.name} ${col.type}`).join(', ')})`);
}

/** The schema as text for a model: one line per table, one indented line per column. */
export const SQL_SCHEMA: string = [
  'SQLite, read-only. One SELECT (or WITH ... SELECT) statement. Times are epoch milliseconds (UTC); *_iso columns are ISO-8601 text; *_json columns are JSON text (use json_extract / json_each).',
  ...SQL_TABLES.flatMap((t) => [`${t.name}(${t.columns.map((col) => col.name).join(', ')}) -- ${t.doc}`, ...t.columns.map((col) => `  ${col.name} ${col.type}: ${col.doc}`)]),
].join('\n');
