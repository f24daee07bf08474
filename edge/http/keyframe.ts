/**
 * `GET /api/cameras/:id/keyframe.jpg?ts=<ISO or epoch ms>`: the stored keyframe nearest to a
 * time (the segment's keyframe at or before it, else the next one within a minute). The
 * dashboard's timeline scrubbing and answer evidence use it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MemoryStore } from '../../memory/store.js';
import { VigilError } from '../../ingest/errors/catalogue.js';
import { requestUrl } from './router.js';

/** How far from the asked time a keyframe may be and still be sent. */
export const KEYFRAME_REACH_MS = 60_000;

/** Parses `ts` as epoch ms or an ISO-8601 time; null when absent or bad. */
export function parseTs(raw: string | null): number | null {
  if (raw === null || raw === '') return null;
  const n = /^\d+$/.test(raw) ? Number(raw) : Date.parse(raw);
  // beyond ±8.64e15 ms a Date is invalid (and toISOString throws)
  return Number.isFinite(n) && Math.abs(n) <= 8.64e15 ? n : null;
}

/** Finds the segment start of the keyframe nearest `ts` (preferring one at or before it). */
export function nearestKeyframe(store: MemoryStore, camera: string, ts: number): number | null {
  let before: number | null = null;
  let after: number | null = null;
  for (const s of store.segments(ts - KEYFRAME_REACH_MS, ts + KEYFRAME_REACH_MS, camera)) {
    if (!s.keyframe) continue;
    if (s.start <= ts) before = s.start;
    else if (after === null) after = s.start;
  }
  if (before === null) return after;
  if (after === null) return before;
  return ts - before <= after - ts ? before : after;
}

/** Sends the keyframe JPEG, with the segment's start in `x-frame-time`. */
export function serveKeyframe(store: MemoryStore, req: IncomingMessage, res: ServerResponse, camera: string): void {
  const ts = parseTs(requestUrl(req.url)?.searchParams.get('ts') ?? null);
  if (ts === null) throw new VigilError('BAD_REQUEST', 'ts must be an ISO-8601 time or epoch milliseconds');
  const start = nearestKeyframe(store, camera, ts);
  const jpg = start === null ? undefined : store.keyframe(camera, start);
  if (start === null || !jpg) throw new VigilError('NOT_FOUND', `no keyframe of camera "${camera}" within ${KEYFRAME_REACH_MS / 1000} s of ${new Date(ts).toISOString()}`);
  res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': jpg.length, 'cache-control': 'private, max-age=3600', 'x-frame-time': new Date(start).toISOString() });
  res.end(jpg);
}
