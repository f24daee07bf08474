/**
 * `whether` across boxes: count conditions on the boxes' summed count timelines, visits picked
 * among the boxes' candidates, events and arrivals counted by every box and added.
 */
import { passes, visitTimeHolds } from '../../query/execute-common.js';
import { holds } from '../../query/execute-measures.js';
import { combineOfQuery } from '../../query/measures/index.js';
import type { MeasureOf } from '../../query/measures/module.js';
import { iso, none, pickFleetVisit, sumCounts, summedParts, type MergeContext, type Merged } from '../merge-kit.js';
import { timelineOf, visitCandidates, slimVisit, type PartContext, type PartValueResult } from '../part-kit.js';
import { stretches } from '../timeline.js';
import type { FleetMeasureModule } from './module.js';

type Whether = MeasureOf<'whether'>;

/** The box's part of a yes/no question. */
function part(m: Whether, x: PartContext): PartValueResult {
  const { q, all } = x;
  const t = m.test;
  if (t.kind === 'count') return { ok: true, value: timelineOf(q, x.memory, t.cond, !t.all) };
  if (t.kind === 'events') return { ok: false, why: 'two kinds of events compared are not merged across boxes; ask how many of each' };
  if (t.kind === 'look') return { ok: false, why: 'one visit judged by its colours is not merged across boxes; ask each box' };
  if (t.kind === 'returned') return { ok: false, why: 'whether someone came back is not merged across boxes (identities are per box); ask each box' };
  if (t.kind === 'span') return { ok: false, why: 'the time between two moments compared is not merged across boxes; ask how long it was' };
  if (t.kind === 'same') return { ok: false, why: 'whether it was the same one every time is not merged across boxes (identities are per box); ask each box' };
  if (t.kind === 'spans') return { ok: false, why: 'two spans compared are not merged across boxes; ask how long each was' };
  if (t.kind === 'order') return { ok: false, why: 'the order of two moments is not merged across boxes; ask when each happened' };
  if (t.kind === 'duration') return { ok: false, why: 'a length compared is not merged across boxes; ask how long it was' };
  if (t.kind === 'event') return x.count({ ...q, measure: { measure: 'count', of: 'events', event: t.event, ...(t.items ? { items: t.items, moments: true } : {}) } });
  if (t.kind === 'length' || t.kind === 'visitTime') return x.visits(t.visit);
  if (t.kind === 'compare') {
    // the n-th visits of the fleet are among each box's first (last) n; other references are picked per box
    if (t.a.by !== 'nth' || t.b.by !== 'nth') return { ok: false, why: 'comparing visits picked other than by their order is not merged across boxes' };
    const vs = all(q.time.from, q.time.to);
    const both = [...visitCandidates(vs, t.a, q.time, all), ...visitCandidates(vs, t.b, q.time, all)];
    const items = [...new Map(both.map((v) => [`${v.camera}/${v.objectId}/${v.start}`, v])).values()].sort((a, b) => a.start - b.start);
    return { ok: true, value: { kind: 'visits', items: items.map((v) => slimVisit(x.open(v))) } };
  }
  const moment = t.moment ?? (t.count ? 'arrival' : undefined);
  const inWin = (n: number): boolean => n >= q.time.from && n < q.time.to;
  const w = t.where;
  const vs = all(q.time.from, q.time.to).filter((v) => (!w || passes((v.end - v.start) / 1000, w.op, w.seconds)) && (moment !== 'arrival' || inWin(v.start)) && (moment !== 'departure' || inWin(v.end)));
  return { ok: true, value: { kind: 'count', n: vs.length } };
}

/** The boxes' parts of a yes/no question merged. */
function merge(m: Whether, { q, parts, visits, bool }: MergeContext): Merged {
  const t = m.test;
  if (t.kind === 'count') {
    const { pieces, usual } = summedParts(parts, combineOfQuery(q));
    if (pieces.length === 0) return none('no settled count then on any box');
    const w = t.lasting;
    if (w) return bool(stretches(pieces, t.cond, usual).some(([s, e]) => passes((e - s) / 1000, w.op, w.seconds)));
    const held = pieces.filter(([, , n]) => holds(n, t.cond, usual)).length;
    const b = t.all ? held === pieces.length : held > 0;
    const n = pieces[0]?.[2] ?? 0;
    return bool(b, q.time.at !== undefined && !t.all ? [`There ${n === 1 ? 'was' : 'were'} ${n} across the boxes then`] : []);
  }
  if (t.kind === 'visitTime') {
    const v = pickFleetVisit(visits(), t.visit);
    if (!v) return none('there is no such visit on any box');
    return bool(visitTimeHolds(v, t.moment, t.side, t.t), [`${v.objectId} on ${v.camera} of box ${v.node} from ${iso(v.start)} to ${iso(v.end)}`]);
  }
  if (t.kind === 'length') {
    const v = pickFleetVisit(visits(), t.visit);
    if (!v) return none('there is no such visit on any box');
    const d = (v.end - v.start) / 1000;
    return bool(passes(d, t.where.op, t.where.seconds), [`${v.objectId} on ${v.camera} of box ${v.node} stayed ${Math.round(d * 10) / 10} s`]);
  }
  if (t.kind === 'events') return none('two kinds of events compared are not merged across boxes; ask how many of each');
  if (t.kind === 'compare') {
    const [a, b] = [pickFleetVisit(visits(), t.a), pickFleetVisit(visits(), t.b)];
    if (!a || !b) return none('there is no such visit on any box');
    const [da, db] = [(a.end - a.start) / 1000, (b.end - b.start) / 1000];
    return bool(passes(da, t.op, db), [`${a.objectId} on box ${a.node} stayed ${Math.round(da * 10) / 10} s, ${b.objectId} on box ${b.node} ${Math.round(db * 10) / 10} s`]);
  }
  const n = sumCounts(parts);
  if (t.kind === 'visit' && t.count) return bool(passes(n, t.count.op, t.count.n), [`${n} arrival${n === 1 ? '' : 's'} across the boxes`]);
  return bool(n > 0);
}

/** The fleet's `whether`. */
export const whether: FleetMeasureModule<Whether> = { part, merge };
