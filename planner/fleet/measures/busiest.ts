/**
 * `busiest` across boxes: each box's arrivals in the window (at most FLEET_LIST_MAX), binned by
 * the clock span together, so a minute busy on two boxes is the fleet's busiest.
 */
import { arrivalsBySpan, busiestSpans } from '../../query/measures/busiest.js';
import type { MeasureOf } from '../../query/measures/module.js';
import { iso, none, num, of } from '../merge-kit.js';
import { FLEET_LIST_MAX } from '../protocol.js';
import type { FleetMeasureModule } from './module.js';

/** The fleet's `busiest`. */
export const busiest: FleetMeasureModule<MeasureOf<'busiest'>> = {
  part(_m, x) {
    const { from, to } = x.q.time;
    const items = x
      .all(from, to)
      .filter((v) => v.start >= from && v.start < to)
      .slice(0, FLEET_LIST_MAX)
      .map((v) => ({ camera: v.camera, objectId: v.objectId, label: v.label, start: v.start, end: v.end }));
    return { ok: true, value: { kind: 'visits', items } };
  },
  merge(m, { parts }) {
    const arrivals = of(parts, 'visits').flatMap((p) => p.items);
    if (arrivals.length === 0) return none('nobody arrived then on any box');
    const { starts, n } = busiestSpans(arrivalsBySpan(arrivals, m.span, m.shift));
    if (m.count) return num(n, 'count', [`The ${m.span} with the most arrivals across the boxes`]);
    const notes = [`${n} arrivals began in it across the boxes`];
    if (starts.length > 1) notes.push(`Tied with ${starts.slice(1).map(iso).join(', ')} (the first is given)`);
    return { value: iso(starts[0] as number), kind: 'time', notes };
  },
};
