/**
 * `extreme`: the most or fewest at once in the window, or how many on average over it.
 */
import { momentEvidence, type Run } from '../execute-common.js';
import { meanCount, perPlace, summed } from '../execute-measures.js';
import type { QueryValue } from '../schema.js';
import type { MeasureModule, MeasureOf } from './module.js';

/** The most seen at once at any one camera of the place, with that camera and moment as evidence. */
function mostAtOneCamera(r: Run): QueryValue {
  const { q } = r;
  let best: { n: number; at: number; camera: string } | null = null;
  for (const camera of r.cams) {
    for (const [s, , n] of summed({ ...r, cams: [camera] }, q.time.from, q.time.to)) if (!best || n > best.n) best = { n, at: s, camera };
  }
  if (!best) return { kind: 'none', why: 'no settled count in that time' };
  r.evidence.push(...momentEvidence([{ camera: best.camera, ts: best.at }]));
  r.notes.push(`At ${best.camera}: counted at one camera at a time (ask "across all cameras" to add them up)`);
  return { kind: 'number', n: best.n, unit: 'count' };
}

/** The `extreme` measure. */
export const extreme: MeasureModule<MeasureOf<'extreme'>> = {
  execute(r, m) {
    const { q } = r;
    if (m.which === 'avg') return meanCount(summed(r, q.time.from, q.time.to), r.notes);
    // "the most at once" is at one camera unless the question asks across them; the fewest and the sum "across" add the cameras
    if (m.which === 'max' && perPlace(r)) return mostAtOneCamera(r);
    let best: { n: number; at: number } | null = null;
    for (const [s, , n] of summed(r, q.time.from, q.time.to)) {
      if (!best || (m.which === 'max' ? n > best.n : n < best.n)) best = { n, at: s };
    }
    if (!best) return { kind: 'none', why: 'no settled count in that time' };
    const at = best.at;
    r.evidence.push(...momentEvidence(r.cams.map((camera) => ({ camera, ts: at }))));
    if (r.cams.length > 1) r.notes.push(`Added up over ${r.cams.join(', ')}`);
    return { kind: 'number', n: best.n, unit: 'count' };
  },
  describe(m, { at, sn, t }) {
    if (m.which === 'avg') return `the number of ${sn} there on average (over time) ${at} ${t}`;
    return `the ${m.which === 'max' ? 'most' : 'fewest'} ${sn} at once ${at} ${t}`;
  },
  readsCounts: () => true,
  instant: () => false,
  combine: (m) => (m.which === 'max' ? 'max' : 'sum'),
};
