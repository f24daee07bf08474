/** `missing` across boxes: each box's shortfall from its usual count; they add. */
import type { MeasureOf } from '../../query/measures/module.js';
import { num, sumCounts } from '../merge-kit.js';
import type { FleetMeasureModule } from './module.js';

/** The fleet's `missing`. */
export const missing: FleetMeasureModule<MeasureOf<'missing'>> = {
  part: (_m, x) => x.count(x.q),
  merge: (_m, { parts }) => num(sumCounts(parts), 'count'),
};
