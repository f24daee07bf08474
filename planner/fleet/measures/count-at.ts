/** `countAt` across boxes: each box's count at the instant; they add. */
import type { MeasureOf } from '../../query/measures/module.js';
import { num, sumCounts } from '../merge-kit.js';
import type { FleetMeasureModule } from './module.js';

/** The fleet's `countAt`. */
export const countAt: FleetMeasureModule<MeasureOf<'countAt'>> = {
  part: (_m, x) => x.count(x.q),
  merge: (_m, { parts }) => num(sumCounts(parts), 'count'),
};
