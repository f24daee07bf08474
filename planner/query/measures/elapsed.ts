/**
 * `elapsed`: the time from one moment to another, in seconds.
 */
import { momentWords } from '../describe-words.js';
import { runElapsed } from '../execute-elapsed.js';
import { elapsedByLooks } from '../execute-elapsed-looks.js';
import type { MeasureModule, MeasureOf } from './module.js';

/** The `elapsed` measure. */
export const elapsed: MeasureModule<MeasureOf<'elapsed'>> = {
  execute: (r, m, all) => runElapsed(r, m, all),
  // a moment that names a look of its own: each moment as a whole query
  runWhole: (q, m, run, coverage) => elapsedByLooks(q, m, run, coverage),
  describe: (m, { q, tz, at, t }) => `the time from ${momentWords(m.from, q, tz, false)} to ${momentWords(m.to, q, tz, m.next === true)} ${at} (${t})`,
  readsCounts: (m) => [m.from, m.to].some((x) => x.kind === 'condition' || (x.kind === 'event' && (x.event === 'taken' || x.event === 'returned'))),
  instant: () => false,
  combine: () => 'sum',
};
