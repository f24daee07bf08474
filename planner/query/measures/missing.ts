/**
 * `missing`: how many fewer than the usual count at `time.at`.
 */
import type { MeasureModule, MeasureOf } from './module.js';
import { settledAt } from './settled-at.js';

/** The `missing` measure. */
export const missing: MeasureModule<MeasureOf<'missing'>> = {
  execute: (r) => settledAt(r, true),
  describe: (_m, { at, sn, t }) => `how many ${sn} were missing from the usual count ${at} ${t}`,
  readsCounts: () => true,
  instant: () => true,
  combine: () => 'sum',
};
