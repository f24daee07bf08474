/**
 * `times`: how many times a count condition began in the window (or how many of its stretches
 * passed a length).
 */
import { countWords, durWords } from '../describe-words.js';
import { momentEvidence } from '../execute-common.js';
import { conditionStarts, conditionStretches, stretchesLasting, together } from '../execute-measures.js';
import { stretchCount } from '../execute-stretch.js';
import type { MeasureModule, MeasureOf } from './module.js';
import { isGap } from '../schema.js';

/** The `times` measure. */
export const times: MeasureModule<MeasureOf<'times'>> = {
  execute(r, m) {
    if (m.lasting || isGap(m.cond)) return stretchCount(r, stretchesLasting(conditionStretches(r, m.cond), m.lasting));
    const starts = conditionStarts(r, m.cond, m.change);
    r.evidence.push(...momentEvidence(starts));
    return { kind: 'number', n: starts.length, unit: 'count' };
  },
  describe: (m, { q, at, t }) =>
    `how many times there came to be ${countWords(m.cond, q)}${m.lasting ? ` for ${durWords(m.lasting)} at a stretch` : ''}${m.change === 'drop' ? ' (by a drop)' : m.change === 'rise' ? ' (by a rise)' : m.change ? ' (by a change)' : ''} ${at} ${t}`,
  readsCounts: () => true,
  instant: () => false,
  combine: (m) => (together(m.cond) ? 'max' : 'sum'),
};
