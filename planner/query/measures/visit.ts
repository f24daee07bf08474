/**
 * `visit`: one visit as a whole (arrival, departure, length): "who stayed longest?".
 */
import { refWords } from '../describe-words.js';
import { inWindowFor, noSuchVisit, pickVisit, visitEvidence } from '../execute-common.js';
import type { MeasureModule, MeasureOf } from './module.js';

/** The `visit` measure. */
export const visit: MeasureModule<MeasureOf<'visit'>> = {
  execute(r, m, all) {
    const { q } = r;
    const vs = all(q.time.from, q.time.to);
    const v = pickVisit(inWindowFor(vs, m.visit, q.time), m.visit, all);
    if (!v) return noSuchVisit(r, vs, m.visit);
    r.evidence.push(...visitEvidence([v]));
    return { kind: 'visit', visit: v };
  },
  describe: (m, { tz, at, s1, t }) => `${refWords(m.visit, tz)} of a ${s1} ${at} ${t}`,
  readsCounts: () => false,
  instant: () => false,
  combine: () => 'sum',
};
