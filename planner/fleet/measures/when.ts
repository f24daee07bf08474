/**
 * `when` across boxes: condition starts on the boxes' summed count timelines; events and visits
 * picked among the boxes' candidates.
 */
import { combineOfQuery } from '../../query/measures/index.js';
import type { MeasureOf } from '../../query/measures/module.js';
import type { EventFact } from '../../query/schema.js';
import { iso, none, of, pickFleetVisit, pickTime, summedParts, type MergeContext, type Merged } from '../merge-kit.js';
import { cannot, momentCandidates, timelineOf, type PartContext, type PartValueResult } from '../part-kit.js';
import { starts } from '../timeline.js';
import type { FleetMeasureModule } from './module.js';

type When = MeasureOf<'when'>;

/** The box's part of a "when" question. */
function part(m: When, x: PartContext): PartValueResult {
  const o = m.of;
  if (o.kind === 'condition' && (o.stretch || o.lasting)) return { ok: false, why: 'a stretch of a state is not merged across boxes; ask each box' };
  if (o.kind === 'condition') return { ok: true, value: timelineOf(x.q, x.memory, o.cond, false) };
  if (o.kind === 'event' && o.items) return { ok: false, why: 'things taken together at once are not merged across boxes; ask each box' };
  if (o.kind === 'event') {
    const v = x.run({ ...x.q, measure: { measure: 'list', of: 'events', event: o.event } });
    if (v.kind !== 'list') return cannot(v);
    const items = momentCandidates(v.items as EventFact[], o.pick).map((e) => ({ camera: e.camera, ts: e.ts, ...(e.objectId ? { objectId: e.objectId } : {}) }));
    return { ok: true, value: { kind: 'moments', items } };
  }
  return x.visits(o.visit);
}

/** The boxes' parts of a "when" question merged. */
function merge(m: When, { q, parts, visits }: MergeContext): Merged {
  const o = m.of;
  if (o.kind === 'condition') {
    const { pieces, usual } = summedParts(parts, combineOfQuery(q));
    const t = pickTime(starts(pieces, o.cond, usual, o.change).map((ts) => ({ ts })), o.pick);
    return t ? { value: iso(t.ts), kind: 'time', notes: ['Read from the boxes\' count timelines summed'] } : none('the condition never began in that time across the boxes');
  }
  if (o.kind === 'event') {
    const ms = of(parts, 'moments').flatMap((p) => p.items.map((e) => ({ ...e, node: p.node }))).sort((a, b) => a.ts - b.ts);
    const e = pickTime(ms, o.pick);
    return e ? { value: iso(e.ts), kind: 'time', notes: [`On ${e.camera} of box ${e.node}`], node: e.node } : none('there is no such event on any box');
  }
  const v = pickFleetVisit(visits(), o.visit);
  if (!v) return none('there is no such visit on any box');
  const byDeparture = o.visit.by === 'nth' && (o.visit.order === 'departure' || o.visit.order === 'sighting');
  // as one box reads it: a departure of someone still there is no departure, unless the question orders by departures ("last seen")
  if (o.kind === 'departure' && v.open && !byDeparture) return none(`${v.objectId} on ${v.camera} of box ${v.node} was still there when the recording ended`);
  const notes = [`${v.objectId} (${v.label}) on ${v.camera} of box ${v.node}`, ...(o.kind === 'departure' && v.open ? [`${v.objectId} was still in view when the recording ended`] : [])];
  return { value: iso(o.kind === 'arrival' ? v.start : v.end), kind: 'time', notes, node: v.node };
}

/** The fleet's `when`. */
export const when: FleetMeasureModule<When> = { part, merge };
