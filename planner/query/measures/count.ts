/**
 * `count`: how many visits, visits in progress, departures, identities or events (see schema.ts).
 */
import { durWords, EVENT, of } from '../describe-words.js';
import { runCount } from '../execute-measures.js';
import type { MeasureModule, MeasureOf } from './module.js';

/** The `count` measure. */
export const count: MeasureModule<MeasureOf<'count'>> = {
  execute: (r, m, all) => runCount(r, m, all),
  describe(m, { at, sn, t }) {
    const where = m.where ? ` that lasted ${durWords(m.where)}` : '';
    if (m.of === 'events' && (m.event === 'taken' || m.event === 'returned')) {
      const done = m.event === 'taken' ? 'taken away' : 'put back';
      if (m.items) return `the number of times ${m.items} or more ${sn} were ${done} at once ${at} ${t}`;
      return m.moments ? `the number of times ${sn} were ${done} (several at once count once) ${at} ${t}` : `the number of ${sn} ${done} (items) ${at} ${t}`;
    }
    if (m.of === 'events') return m.distinct ? `the number of different ${sn} with ${EVENT[m.event ?? 'line_cross']} ${at} ${t}` : `the number of ${EVENT[m.event ?? 'line_cross']}${of(m.event, sn)} ${at} ${t}`;
    if (m.of === 'identities') return `the number of different ${sn} (identities after re-identification) ${at} ${t}`;
    if (m.of === 'visits') return `the number of visits (arrivals) by ${sn}${where} ${at} ${t}`;
    if (m.of === 'departures') return `the number of departures of ${sn} ${at} ${t}`;
    return `the number of visits by ${sn} in progress ${at} ${t}`;
  },
  readsCounts: (m) => m.of === 'events' && (m.event === 'taken' || m.event === 'returned'),
  instant: () => false,
  combine: () => 'sum',
};
