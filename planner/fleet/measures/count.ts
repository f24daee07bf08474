/** `count` across boxes: each box counts; the counts add (identities are not merged). */
import type { MeasureOf } from '../../query/measures/module.js';
import { num, sumCounts } from '../merge-kit.js';
import type { FleetMeasureModule } from './module.js';

/** The fleet's `count`. */
export const count: FleetMeasureModule<MeasureOf<'count'>> = {
  part: (_m, x) => x.count(x.q),
  merge: (m, { parts }) => num(sumCounts(parts), 'count', m.of === 'identities' ? ['Identities are not merged across boxes: the same object seen by two boxes counts twice'] : []),
};
