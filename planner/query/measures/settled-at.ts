/**
 * The settled count at one instant over the cameras of the place, shared by `countAt` and
 * `missing` (which also sums the usual count).
 */
import { momentEvidence, type Run } from '../execute-common.js';
import { timeline, usualCount, valueAt } from '../facts.js';
import type { QueryValue } from '../schema.js';

/** How many there were at `time.at` (or how many fewer than the usual count, `missing`). */
export function settledAt(r: Run, missing: boolean): QueryValue {
  const { q, memory } = r;
  const t = q.time.at ?? q.time.to - 1;
  let n = 0;
  let usual = 0;
  for (const cam of r.cams) {
    const tl = timeline(memory, cam, q.subject, q.place, t, t + 1);
    const v = valueAt(tl, t);
    if (v === null) continue;
    n += v;
    if (missing) usual += usualCount(timeline(memory, cam, q.subject, q.place, q.time.from, Math.max(q.time.to, t + 1))) ?? v;
  }
  r.evidence.push(...momentEvidence(r.cams.map((camera) => ({ camera, ts: t }))));
  if (missing) {
    r.notes.push(`The usual count is ${usual}, the settled count held for the most time`);
    return { kind: 'number', n: Math.max(0, usual - n), unit: 'count' };
  }
  return { kind: 'number', n, unit: 'count' };
}
