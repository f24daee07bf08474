/** `times` across boxes: the starts (or stretches) of the condition on the boxes' summed count timelines. */
import { stretchesLasting } from '../../query/execute-measures.js';
import { combineOfQuery } from '../../query/measures/index.js';
import type { MeasureOf } from '../../query/measures/module.js';
import { num, summedParts } from '../merge-kit.js';
import { timelineOf } from '../part-kit.js';
import { starts, stretches } from '../timeline.js';
import type { FleetMeasureModule } from './module.js';

/** The fleet's `times`. */
export const times: FleetMeasureModule<MeasureOf<'times'>> = {
  part: (m, x) => ({ ok: true, value: timelineOf(x.q, x.memory, m.cond, false) }),
  merge(m, { q, parts }) {
    const { pieces, usual } = summedParts(parts, combineOfQuery(q));
    if (m.lasting) return num(stretchesLasting(stretches(pieces, m.cond, usual), m.lasting).length, 'count', ['Read from the boxes\' count timelines summed']);
    return num(starts(pieces, m.cond, usual, m.change).length, 'count', ['Read from the boxes\' count timelines summed']);
  },
};
