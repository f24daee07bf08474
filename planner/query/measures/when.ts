/**
 * `when`: the time of an arrival or departure of one visit, of one event, or of one start of a
 * count condition.
 */
import { countWords, durWords, EVENT, nth, of, pickWords, refWords } from '../describe-words.js';
import { runWhen, together } from '../execute-measures.js';
import type { MeasureModule, MeasureOf } from './module.js';

/** The `when` measure. */
export const when: MeasureModule<MeasureOf<'when'>> = {
  execute: (r, m, all) => runWhen(r, m, all),
  describe(m, { q, tz, at, s1, sn, t }) {
    const o = m.of;
    if (o.kind === 'arrival' || o.kind === 'departure') return `when ${refWords(o.visit, tz)} of a ${s1} ${at} ${o.kind === 'arrival' ? 'began' : 'ended'} (${t})`;
    if (o.kind === 'event') return `the time of ${pickWords(o.pick, EVENT[o.event].replace(/s$/, '').replace(/^times/, 'time'), tz)}${of(o.event, sn)}${o.items ? ` (${o.items} or more at once)` : ''} ${at} ${t}`;
    if (o.kind !== 'condition') return '';
    if (o.stretch) return `when the ${o.stretch.rank && o.stretch.rank > 1 ? `${nth(o.stretch.rank).replace(/^the /, '')} ` : ''}${o.stretch.episode} stretch of ${countWords(o.cond, q)} ${at} ${o.stretch.side === 'start' ? 'began' : 'ended'} (${t})`;
    const lasting = o.lasting ? ` for ${durWords(o.lasting)} at a stretch` : '';
    return `when ${pickWords(o.pick, `time there came to be ${countWords(o.cond, q)}${lasting}`, tz)} ${at} ${t}`;
  },
  readsCounts: (m) => m.of.kind === 'condition' || (m.of.kind === 'event' && (m.of.event === 'taken' || m.of.event === 'returned')),
  instant: () => false,
  combine: (m) => (m.of.kind === 'condition' && together(m.of.cond) ? 'max' : 'sum'),
};
