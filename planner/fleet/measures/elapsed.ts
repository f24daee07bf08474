/** `elapsed` across boxes: not merged (ask when each moment happened). */
import type { MeasureOf } from '../../query/measures/module.js';
import { none } from '../merge-kit.js';
import type { FleetMeasureModule } from './module.js';

/** The fleet's `elapsed`. */
export const elapsed: FleetMeasureModule<MeasureOf<'elapsed'>> = {
  part: () => ({ ok: false, why: 'the time between two moments is not merged across boxes; ask when each happened' }),
  merge: () => none('the time between two moments is not merged across boxes; ask when each happened'),
};
