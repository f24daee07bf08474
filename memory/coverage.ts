/**
 * Coverage summaries: when the memory has data, and the gaps in between.
 */
import type { Coverage, CoverageRange } from './types.js';

/**
 * Summarises coverage ranges clipped to an optional window.
 * `from`/`to` are the earliest start and latest end; gaps are per camera, between its ranges.
 */
export function summariseCoverage(ranges: readonly CoverageRange[], window?: { from: number; to: number }): Coverage {
  const clipped = ranges
    .map((r) => (window ? { ...r, start: Math.max(r.start, window.from), end: Math.min(r.end, window.to) } : r))
    .filter((r) => r.end >= r.start);
  if (clipped.length === 0) return { from: null, to: null, gaps: [] };
  const from = Math.min(...clipped.map((r) => r.start));
  const to = Math.max(...clipped.map((r) => r.end));
  const gaps: Coverage['gaps'] = [];
  const byCam = new Map<string, CoverageRange[]>();
  for (const r of clipped) byCam.set(r.camera, [...(byCam.get(r.camera) ?? []), r]);
  for (const [camera, list] of byCam) {
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
