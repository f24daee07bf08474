/**
 * Pure helpers that turn memory records into SVG geometry for the timeline (x in 0..1000,
 * y in 0..height).
 */
import type { EventRecord, SegmentRecord } from '../../memory/types.js';

/** Width of the timeline's SVG coordinate system. */
export const W = 1000;

/** Segments further apart than this leave a coverage gap (as the memory counts gaps). */
export const GAP_MS = 5000;

/** Maps a time to x. */
export function xOf(ts: number, from: number, to: number): number {
  return ((ts - from) / (to - from)) * W;
}

/** Objects of every class in a segment (most at once, summed over classes). */
export function totalCount(s: SegmentRecord): number {
  let n = 0;
  for (const v of Object.values(s.counts ?? {})) n += v;
  return n;
}

/** A step line of `value(segment)` scaled so `max` reaches the top; it breaks over gaps. */
export function stepPath(segs: SegmentRecord[], value: (s: SegmentRecord) => number, max: number, from: number, to: number, height: number): string {
  if (max <= 0) return '';
  const y = (v: number): number => height - (Math.min(v, max) / max) * (height - 2);
  let d = '';
  let prevEnd = -Infinity;
  for (const s of segs) {
    const x0 = xOf(Math.max(s.start, from), from, to).toFixed(1);
    const x1 = xOf(Math.min(s.end, to), from, to).toFixed(1);
    const yy = y(value(s)).toFixed(1);
    d += `${s.start - prevEnd > GAP_MS ? 'M' : 'L'}${x0},${yy}L${x1},${yy}`;
    prevEnd = s.end;
  }
  return d;
}

/** Time ranges inside `[from, to)` with no segment: the coverage gaps to shade. */
export function gaps(segs: SegmentRecord[], from: number, to: number): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  let cursor = from;
  for (const s of segs) {
    if (s.start - cursor > GAP_MS) out.push({ start: cursor, end: Math.min(s.start, to) });
    cursor = Math.max(cursor, s.end);
  }
  if (to - cursor > GAP_MS) out.push({ start: cursor, end: to });
  return out.filter((g) => g.end > g.start);
}

/** Colour class of an event mark. */
export function eventClass(e: EventRecord): string {
  switch (e.type) {
    case 'zone_enter':
    case 'zone_exit':
      return 'ev-zone';
    case 'line_cross':
      return 'ev-line';
    case 'camera_online':
    case 'camera_offline':
      return 'ev-camera';
    default:
      return 'ev-object';
  }
}

/** One line describing an event. */
export function describeEvent(e: EventRecord): string {
  const who = e.label ? `${e.label}${e.objectId ? ` (${e.objectId.split(':').pop() ?? ''})` : ''}` : '';
  switch (e.type) {
    case 'zone_enter':
      return `${who} entered ${e.zone ?? 'a zone'}`;
    case 'zone_exit':
      return `${who} left ${e.zone ?? 'a zone'}${e.dwellSeconds !== undefined ? ` after ${Math.round(e.dwellSeconds)} s` : ''}`;
    case 'line_cross':
      return `${who} crossed ${e.line ?? 'a line'} ${e.direction ?? ''}`;
    case 'appear':
      return `${who} appeared`;
    case 'disappear':
      return `${who} left the view`;
    case 'count_change':
      return `${e.label ?? 'objects'}: ${e.before ?? '?'} → ${e.after ?? '?'}`;
    case 'camera_online':
      return 'camera online';
    case 'camera_offline':
      return `camera offline${e.error ? `: ${e.error}` : ''}`;
    case 'loud_sound':
      return `loud sound${e.dbfs !== undefined ? ` (${e.dbfs} dBFS)` : ''}`;
  }
}
