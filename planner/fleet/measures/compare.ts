/** `compare` across boxes: not merged (ask about each period). */
import type { MeasureOf } from '../../query/measures/module.js';
import { none } from '../merge-kit.js';
import type { FleetMeasureModule } from './module.js';

/** The fleet's `compare`. */
export const compare: FleetMeasureModule<MeasureOf<'compare'>> = {
  part: () => ({ ok: false, why: 'two periods compared are not merged across boxes; ask about each period' }),
  merge: () => none('two periods compared are not merged across boxes; ask about each period'),
};
