/**
 * Large browsing reads (`segments`, `events`, `objects`) paged in time slices: each slice is one
 * short synchronous read of the memory, and the event loop gets a turn between slices, so one
 * request for thousands of rows cannot hold the loop (camera ingest, `/healthz`, other clients
 * run in between). Slices adapt to the data: they double while they come back sparse and halve
 * while they come back dense, aiming at {@link CHUNK_ROWS} rows each.
 */
import type { MemoryQueries, Window } from '../../memory/queries.js';
import type { EventRecord, ObjectRecord, SegmentRecord } from '../../memory/types.js';
import { yieldToLoop } from './admission.js';

/** Rows one slice aims at. */
export const CHUNK_ROWS = 128;
/** First slice length, ms. */
const FIRST_SPAN_MS = 60_000;
/** Shortest slice, ms. */
const MIN_SPAN_MS = 2_000;
/** Margin before the earliest coverage where the scan starts (data may start a little before its coverage). */
const COVERAGE_MARGIN_MS = 10 * 60_000;

/** A page of rows and whether more rows matched. */
export interface Page<T> {
  rows: T[];
  truncated: boolean;
}

/** A segment as the API sends it (no embeddings). */
export type SegmentRow = Omit<SegmentRecord, 'textEmbedding' | 'visualEmbedding' | 'embedding'>;
/** An object as the browse API sends it (no embedding or trajectory). */
export type ObjectRow = Omit<ObjectRecord, 'embedding' | 'trajectory'>;

/**
 * Walks the window in adaptive slices.
 * @param read reads one slice `[a, b)`; `first` is true for the first slice only
 * @param take consumes a slice's rows; returns false to stop
 */
async function walk<T>(q: MemoryQueries, w: Window, camera: string | undefined, read: (s: Window, first: boolean) => T[], take: (rows: T[], s: Window, first: boolean) => boolean): Promise<void> {
  // the scan starts at the data: a window that opens long before the first stored coverage skips the empty part
  const covFrom = Date.parse(q.coverage(w, camera).from ?? '');
  let a = Number.isFinite(covFrom) ? Math.max(w.from, covFrom - COVERAGE_MARGIN_MS) : w.from;
  let span = FIRST_SPAN_MS;
  let first = true;
  while (a < w.to) {
    const s = { from: a, to: Math.min(w.to, a + span) };
    const rows = read(s, first);
    if (!take(rows, s, first)) return;
    if (rows.length < CHUNK_ROWS / 4) span *= 2;
    else if (rows.length > CHUNK_ROWS) span = Math.max(MIN_SPAN_MS, Math.floor(span / 2));
    first = false;
    a = s.to;
    if (a < w.to) await yieldToLoop();
  }
}

/** Segments overlapping the window, oldest first, at most `limit`, without embeddings. */
export async function pagedSegments(q: MemoryQueries, w: Window, camera: string | undefined, limit: number): Promise<Page<SegmentRow>> {
  const out: SegmentRow[] = [];
  let truncated = false;
  await walk(
    q,
    w,
    camera,
    (s) => q.segments(s, camera),
    (rows, s, first) => {
      for (const seg of rows) {
        // a segment overlapping several slices belongs to the one where it starts (or the first)
        if (!first && seg.start < s.from) continue;
        if (out.length === limit) {
          truncated = true;
          return false;
        }
        const { textEmbedding: _t, visualEmbedding: _v, embedding: _e, ...row } = seg;
        out.push(row);
      }
      return true;
    },
  );
  return { rows: out, truncated };
}

/** Events in the window, by time, of the given types (any when omitted), at most `limit`. */
export async function pagedEvents(q: MemoryQueries, w: Window, camera: string | undefined, types: readonly EventRecord['type'][] | undefined, limit: number): Promise<Page<EventRecord>> {
  const out: EventRecord[] = [];
  let truncated = false;
  const filter = camera ? { camera } : {};
  // event keys are times: slices never share an event
  await walk(
    q,
    w,
    camera,
    (s) => q.events(s, filter),
    (rows) => {
      for (const e of rows) {
        if (types && !types.includes(e.type)) continue;
        if (out.length === limit) {
          truncated = true;
          return false;
        }
        out.push(e);
      }
      return true;
    },
  );
  return { rows: out, truncated };
}

/** Strips the heavy fields of an object. */
function objectRow(o: ObjectRecord): ObjectRow {
  const { embedding: _e, trajectory: _t, ...row } = o;
  return row;
}

/**
 * Objects present in the window (in a zone during it, with `zone`), by first sighting, at most
 * `limit`. Without a zone only the objects returned are decoded; with one, slices are merged by id.
 */
export async function pagedObjects(q: MemoryQueries, w: Window, opts: { camera?: string; label?: string; zone?: string }, limit: number): Promise<Page<ObjectRow>> {
  const { zone, ...plain } = opts;
  if (zone) {
    const byId = new Map<string, ObjectRow>();
    await walk(
      q,
      w,
      opts.camera,
      (s) => q.objectsIn(s, opts),
      (rows) => {
        for (const o of rows) if (!byId.has(o.objectId)) byId.set(o.objectId, objectRow(o));
        return true;
      },
    );
    const all = [...byId.values()].sort((x, y) => x.firstSeen - y.firstSeen);
    return { rows: all.slice(0, limit), truncated: all.length > limit };
  }
  const out: ObjectRow[] = [];
  let truncated = false;
  await walk(
    q,
    w,
    opts.camera,
    // present in the slice, by first sighting: the ones already taken from earlier slices that are
    // still there, then enough to fill the page and tell whether more match; only those are decoded
    (s) => q.firstObjectsIn(s, plain, limit + 1 - out.length + out.filter((o) => o.lastSeen >= s.from).length).objects,
    (rows, s, first) => {
      for (const o of rows) {
        // an object present in several slices belongs to the one where it was first seen (or the first)
        if (!first && o.firstSeen < s.from) continue;
        if (out.length === limit) {
          truncated = true;
          return false;
        }
        out.push(objectRow(o));
      }
      return true;
    },
  );
  return { rows: out, truncated };
}
