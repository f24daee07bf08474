/**
 * `duration` across boxes: one visit picked among the boxes' candidates, visit statistics added,
 * a condition's stretches on the boxes' summed count timelines.
 */
import { pickStretch, stretchesLasting } from '../../query/execute-measures.js';
import { combineOfQuery } from '../../query/measures/index.js';
import type { MeasureOf } from '../../query/measures/module.js';
import { iso, none, num, of, pickFleetVisit, summedParts, type MergeContext, type Merged } from '../merge-kit.js';
import { timelineOf, type PartContext, type PartValueResult } from '../part-kit.js';
import { stretches } from '../timeline.js';
import type { FleetMeasureModule } from './module.js';

type Duration = MeasureOf<'duration'>;

/** The box's part of a "how long" question. */
function part(m: Duration, x: PartContext): PartValueResult {
  const { q } = x;
  const o = m.of;
  if (o.kind === 'visits' && o.nths) return { ok: false, why: 'visits picked by their order are not merged across boxes' };
  if (o.kind === 'condition') return { ok: true, value: timelineOf(q, x.memory, o.cond, false) };
  if (o.kind === 'visit') return x.visits(o.visit);
  const began = x.all(q.time.from, q.time.to).filter((v) => v.start >= q.time.from && v.start < q.time.to);
  const ds = began.map((v) => v.end - v.start);
  return { ok: true, value: { kind: 'stats', total: ds.reduce((a, b) => a + b, 0), count: ds.length, max: ds.length ? Math.max(...ds) : 0, min: ds.length ? Math.min(...ds) : 0 } };
}

/** The boxes' parts of a "how long" question merged. */
function merge(m: Duration, { q, parts, visits }: MergeContext): Merged {
  const o = m.of;
  if (o.kind === 'visit') {
    const v = pickFleetVisit(visits(), o.visit);
    return v ? { ...num((v.end - v.start) / 1000, 'seconds'), notes: [`${v.objectId} (${v.label}) on ${v.camera} of box ${v.node}`], node: v.node } : none('there is no such visit on any box');
  }
  if (o.kind === 'visits' && o.nths) return none('visits picked by their order are not merged across boxes');
  if (o.kind === 'visits') {
    const st = of(parts, 'stats').filter((s) => s.count > 0);
    const count = st.reduce((a, s) => a + s.count, 0);
    if (count === 0) return none('no visit began in that time on any box');
    const total = st.reduce((a, s) => a + s.total, 0);
    const ms = o.agg === 'avg' ? total / count : o.agg === 'total' ? total : o.agg === 'max' ? Math.max(...st.map((s) => s.max)) : Math.min(...st.map((s) => s.min));
    return num(ms / 1000, 'seconds', [`Over the ${count} visit${count === 1 ? '' : 's'} that began then on all boxes`]);
  }
  const { pieces, usual, to } = summedParts(parts, combineOfQuery(q));
  if (pieces.length === 0) return none('no settled count in that time on any box');
  const st = stretchesLasting(stretches(pieces, o.cond, usual), o.lasting);
  if (!o.episode) return num(st.reduce((a, [s, e]) => a + (e - s), 0) / 1000, 'seconds');
  const one = pickStretch(st, o.episode, o.rank);
  const end = Math.max(...parts.map((p) => p.coverageEnd ?? -Infinity));
  if (!one || (o.episode === 'current' && one[1] < to - 1000 && one[1] < end)) return none(o.episode === 'current' ? 'it is not so at the end of that time' : 'it never happened in that time');
  return num((one[1] - one[0]) / 1000, 'seconds', [`From ${iso(one[0])} to ${iso(one[1])}`]);
}

/** The fleet's `duration`. */
export const duration: FleetMeasureModule<Duration> = { part, merge };
