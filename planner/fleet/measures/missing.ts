/**
 * `missing` across boxes: each box's shortfall from its usual count; they add. The most missing
 * at once (`most`) is counted at one camera at a time: the most of any box.
 */
import type { MeasureOf } from '../../query/measures/module.js';
import { num, of, sumCounts } from '../merge-kit.js';
import type { FleetMeasureModule } from './module.js';

/** The fleet's `missing`. */
export const missing: FleetMeasureModule<MeasureOf<'missing'>> = {
  part: (_m, x) => x.count(x.q),
  merge: (m, { parts }) => (m.most ? num(Math.max(0, ...of(parts, 'count').map((p) => p.n)), 'count', ['The most missing at any one camera of any box']) : num(sumCounts(parts), 'count')),
};
