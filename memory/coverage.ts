/**
 * Coverage summaries: when the memory has data, and the gaps in between.
 */
import type { Coverage, CoverageRange } from './types.js';

/**
 * Summarises coverage ranges clipped to an optional window.
 * `from`/`to` are the earliest start and latest end; gaps are per camera, between its ranges.
 */
export function summariseCoverage(ranges: readonly CoverageRange[], window?: { from: number; to: number }): Coverage {
  let from = Infinity;
  let to = -Infinity;
  // per camera, in order of first appearance: clipped ranges
  const byCam = new Map<string, { start: number; end: number }[]>();
  for (const r of ranges) {
    const start = window ? Math.max(r.start, window.from) : r.start;
    const end = window ? Math.min(r.end, window.to) : r.end;
    if (!(end >= start)) continue;
    if (start < from) from = start;
    if (end > to) to = end;
    const list = byCam.get(r.camera);
    if (list) list.push({ start, end });
    else byCam.set(r.camera, [{ start, end }]);
  }
  if (byCam.size === 0) return { from: null, to: null, gaps: [] };
  const gaps: Coverage['gaps'] = [];
  for (const [camera, list] of byCam) {
    if (list.length < 2) continue;
    list.sort((a, b) => a.start - b.start);
    for (let i = 1; i < list.length; i++) {
      const prev = list[i - 1];
      const cur = list[i];
      if (prev && cur && cur.start > prev.end) {
        gaps.push({ camera, start: new Date(prev.end).toISOString(), end: new Date(cur.start).toISOString() });
      }
    }
  }
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString(), gaps };
}

/**
 * "Now" for a question asked without one: the wall clock, bounded by coverage. It is the latest
 * covered instant not after `wall`: a live memory is asked at its present frame, a memory whose
 * cameras stopped (or a replayed recording) at its end, and data stamped after the wall clock (a
 * clock that stepped a day ahead and back) never moves it. When every range lies after `wall`
 * (a memory recorded by another clock), the end of the memory. Null for an empty memory.
 */
export function nowOf(ranges: readonly CoverageRange[], wall: number): number | null {
  let bounded = -Infinity;
  let end = -Infinity;
  for (const r of ranges) {
    end = Math.max(end, r.end);
    if (r.start <= wall) bounded = Math.max(bounded, Math.min(r.end, wall));
  }
  if (bounded > -Infinity) return bounded;
  return end > -Infinity ? end : null;
}
