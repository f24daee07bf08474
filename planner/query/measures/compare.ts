/**
 * `compare`: a count or length over the query's window against the same over another window,
 * run as two queries of the one executor.
 */
import { when } from '../describe-words.js';
import { runCompare } from '../execute-compare.js';
import type { MeasureModule, MeasureOf } from './module.js';

/** The `compare` measure. */
export const compare: MeasureModule<MeasureOf<'compare'>> = {
  execute: () => ({ kind: 'none', why: 'two periods are compared by the executor, not as one measure' }),
  runWhole: (q, m, run, coverage) => runCompare(q, m, run, coverage),
  describe: (m, { q, tz, describe }) => `whether ${describe({ ...q, measure: m.of })} was ${m.op === 'gt' ? 'more' : 'less'} than the same ${when({ ...q, time: { from: m.other.from, to: m.other.to, ...(m.other.at !== undefined ? { at: m.other.at } : {}) } }, tz)}`,
  readsCounts: (m, readsCounts) => readsCounts(m.of),
  instant: () => false,
  combine: () => 'sum',
};
