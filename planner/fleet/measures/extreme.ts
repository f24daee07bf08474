/** `extreme` across boxes: read from the boxes' count timelines, summed (or the most at one camera). */
import { meanCount } from '../../query/execute-measures.js';
import { combineOfQuery } from '../../query/measures/index.js';
import type { MeasureOf } from '../../query/measures/module.js';
import { iso, none, num, summedParts } from '../merge-kit.js';
import { timelineOf } from '../part-kit.js';
import type { FleetMeasureModule } from './module.js';

/** The fleet's `extreme`. */
export const extreme: FleetMeasureModule<MeasureOf<'extreme'>> = {
  part: (_m, x) => ({ ok: true, value: timelineOf(x.q, x.memory, null, false) }),
  merge(m, { q, parts }) {
    const { pieces } = summedParts(parts, combineOfQuery(q));
    if (pieces.length === 0) return none('no settled count in that time on any box');
    if (m.which === 'avg') {
      const notes: string[] = [];
      const v = meanCount(pieces, notes);
      return v.kind === 'number' ? num(v.n, 'count', [...notes, "Read from the boxes' count timelines summed over every matching camera"]) : none('no settled count in that time on any box');
    }
    const best = pieces.reduce((a, p) => ((m.which === 'max' ? p[2] > a[2] : p[2] < a[2]) ? p : a));
    return num(best[2], 'count', [`${m.which === 'max' ? 'Most' : 'Fewest'} at once across the boxes from ${iso(best[0])}: ${combineOfQuery(q) === 'max' ? 'the most at any one camera of any box (ask across all cameras to add them up)' : "the boxes' count timelines summed over every matching camera"}`]);
  },
};
