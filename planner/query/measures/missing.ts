/**
 * `missing`: how many fewer than the usual count at `time.at`, or (`most`) the most fewer at once
 * in the window: the usual count less the fewest there, at one camera.
 */
import { momentEvidence, type Run } from '../execute-common.js';
import { pieces, timeline, usualCount } from '../facts.js';
import type { QueryValue } from '../schema.js';
import type { MeasureModule, MeasureOf } from './module.js';
import { settledAt } from './settled-at.js';

/** The most missing at once at any one camera of the place, with that camera and moment as evidence. */
function mostMissing(r: Run): QueryValue {
  const { q } = r;
  let best: { n: number; at: number; camera: string; usual: number } | null = null;
  for (const camera of r.cams) {
    const tl = timeline(r.memory, camera, q.subject, q.place, q.time.from, q.time.to);
    const usual = usualCount(tl);
    if (usual === null) continue;
    for (const [s, , n] of pieces(tl, q.time.from, q.time.to)) {
      if (!best || usual - n > best.n) best = { n: Math.max(0, usual - n), at: s, camera, usual };
    }
  }
  if (!best) return { kind: 'none', why: 'no settled count in that time' };
  r.evidence.push(...momentEvidence([{ camera: best.camera, ts: best.at }]));
  r.notes.push(`The usual count is ${best.usual}, the settled count held for the most time${r.cams.length > 1 ? `; at ${best.camera}, counted at one camera at a time` : ''}`);
  return { kind: 'number', n: best.n, unit: 'count' };
}

/** The `missing` measure. */
export const missing: MeasureModule<MeasureOf<'missing'>> = {
  execute: (r, m) => (m.most ? mostMissing(r) : settledAt(r, true)),
  describe: (m, { at, sn, t }) => (m.most ? `the most ${sn} missing from the usual count at once ${at} ${t}` : `how many ${sn} were missing from the usual count ${at} ${t}`),
  readsCounts: () => true,
  instant: (m) => m.most !== true,
  combine: (m) => (m.most ? 'max' : 'sum'),
};
