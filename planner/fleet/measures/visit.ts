/** `visit` across boxes: each box's candidates; the fleet's visit is picked among them. */
import type { MeasureOf } from '../../query/measures/module.js';
import { none, pickFleetVisit, visitValue } from '../merge-kit.js';
import type { FleetMeasureModule } from './module.js';

/** The fleet's `visit`. */
export const visit: FleetMeasureModule<MeasureOf<'visit'>> = {
  part: (m, x) => x.visits(m.visit),
  merge(m, { visits }) {
    const v = pickFleetVisit(visits(), m.visit);
    return v ? visitValue(v) : none('there is no such visit on any box');
  },
};
