/**
 * `countAt`: how many at the instant `time.at` (settled counts).
 */
import type { MeasureModule, MeasureOf } from './module.js';
import { settledAt } from './settled-at.js';

/** The `countAt` measure. */
export const countAt: MeasureModule<MeasureOf<'countAt'>> = {
  execute: (r) => settledAt(r, false),
  describe: (_m, { at, sn, t }) => `how many ${sn} were ${at} ${t}`,
  readsCounts: () => true,
  instant: () => true,
  combine: () => 'sum',
};
