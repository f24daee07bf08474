/**
 * Merging the boxes' typed parts into one value, by the query's measure (the spec's merge rules):
 * counts add; "at once" and count conditions read the sum of the boxes' count timelines;
 * first/last take the earliest/latest of the boxes' candidates (other picks pick again among
 * them); duration aggregates add totals and counts; lists concatenate by time, tagged by box.
 */
import { passes, pickVisit, visitTimeHolds } from '../query/execute-common.js';
import { combineOfQuery, holds, meanCount, pickStretch, stretchesLasting } from '../query/execute-measures.js';
import type { Measure, Pick, Query, VisitFact, VisitRef } from '../query/schema.js';
import type { FleetPartValue } from './protocol.js';
import { starts, stretches, sumTimelines, type Piece } from './timeline.js';

/** One box's part, as the merge reads it. */
export interface MergeInput {
  node: string;
  part: FleetPartValue;
  /** Latest coverage end of the box (epoch ms), for "how long has it been so". */
  coverageEnd?: number;
}

/** A tagged visit or moment. */
type Tagged<T> = T & { node: string };

/** The merged value: the machine value, its text, notes and the box and time the value comes from. */
export interface Merged {
  value: number | boolean | string | { start: string; end: string; seconds: number; node: string } | null;
  kind: 'count' | 'seconds' | 'boolean' | 'time' | 'visit' | 'list' | 'none';
  /** Why there is no value (kind `none`). */
  why?: string;
  notes: string[];
  /** The box the picked visit or moment comes from. */
  node?: string;
  /** List items, tagged with their box, by time. */
  items?: Tagged<Record<string, unknown>>[];
}

const iso = (t: number): string => new Date(t).toISOString();
const none = (why: string): Merged => ({ value: null, kind: 'none', why, notes: [] });
const num = (n: number, kind: 'count' | 'seconds', notes: string[] = []): Merged => ({ value: kind === 'seconds' ? Math.round(n * 10) / 10 : Math.round(n * 1000) / 1000, kind, notes });

function of<K extends FleetPartValue['kind']>(parts: readonly MergeInput[], kind: K): (Extract<FleetPartValue, { kind: K }> & { node: string; coverageEnd?: number })[] {
  return parts.filter((p) => p.part.kind === kind).map((p) => ({ ...(p.part as Extract<FleetPartValue, { kind: K }>), node: p.node, ...(p.coverageEnd !== undefined ? { coverageEnd: p.coverageEnd } : {}) }));
}

/** Picks one of sorted times. */
export function pickTime<T extends { ts: number }>(xs: readonly T[], p: Pick): T | undefined {
  if (p.by === 'nth') return p.n > 0 ? xs[p.n - 1] : xs[xs.length + p.n];
  return p.by === 'after' ? xs.find((x) => x.ts > p.t) : [...xs].reverse().find((x) => x.ts < p.t);
}

/** Picks the fleet's visit among the boxes' candidates. */
export function pickFleetVisit(cands: readonly Tagged<VisitFact>[], ref: VisitRef): Tagged<VisitFact> | undefined {
  const sorted = [...cands].sort((a, b) => a.start - b.start || a.node.localeCompare(b.node));
  // "after/before another visit": each box resolved the reference itself; the fleet's is the nearest one
  if ((ref.by === 'after' || ref.by === 'before') && ref.visit) return ref.by === 'after' ? sorted[0] : sorted[sorted.length - 1];
  return pickVisit(sorted, ref, () => []) as Tagged<VisitFact> | undefined;
}

/** The summed timeline of the boxes' timeline parts, and the sum of their usual counts. */
function summedParts(parts: readonly MergeInput[], combine: 'sum' | 'max' = 'sum'): { pieces: Piece[]; usual: number; to: number } {
  const tls = of(parts, 'timeline');
  return { pieces: sumTimelines(tls, combine), usual: tls.reduce((a, t) => a + t.usual, 0), to: Math.max(-Infinity, ...tls.map((t) => t.to)) };
}

function sumCounts(parts: readonly MergeInput[]): number {
  return of(parts, 'count').reduce((a, p) => a + p.n, 0);
}

function visitValue(v: Tagged<VisitFact>): Merged {
  const seconds = Math.round(((v.end - v.start) / 1000) * 10) / 10;
  return { value: { start: iso(v.start), end: iso(v.end), seconds, node: v.node }, kind: 'visit', notes: [`${v.objectId} (${v.label}) on ${v.camera} of box ${v.node}`], node: v.node };
}

/**
 * Merges the boxes' parts of one measure.
 * @param negate the question asks whether not (the boxes said so)
 */
export function mergeValue(q: Query, parts: readonly MergeInput[], negate = false): Merged {
  const m: Measure = q.measure;
  const visits = (): Tagged<VisitFact>[] => of(parts, 'visits').flatMap((p) => p.items.map((v) => ({ ...v, node: p.node })));
  const bool = (b: boolean, notes: string[] = []): Merged => ({ value: negate ? !b : b, kind: 'boolean', notes });
  switch (m.measure) {
    case 'count': {
      const n = sumCounts(parts);
      return num(n, 'count', m.of === 'identities' ? ['Identities are not merged across boxes: the same object seen by two boxes counts twice'] : []);
    }
    case 'countAt':
    case 'missing':
      return num(sumCounts(parts), 'count');
    case 'extreme': {
      const { pieces } = summedParts(parts, combineOfQuery(q));
      if (pieces.length === 0) return none('no settled count in that time on any box');
      if (m.which === 'avg') {
        const notes: string[] = [];
        const v = meanCount(pieces, notes);
        return v.kind === 'number' ? num(v.n, 'count', [...notes, "Read from the boxes' count timelines summed over every matching camera"]) : none('no settled count in that time on any box');
      }
      const best = pieces.reduce((a, p) => ((m.which === 'max' ? p[2] > a[2] : p[2] < a[2]) ? p : a));
      return num(best[2], 'count', [`${m.which === 'max' ? 'Most' : 'Fewest'} at once across the boxes from ${iso(best[0])}: ${combineOfQuery(q) === 'max' ? 'the most at any one camera of any box (ask across all cameras to add them up)' : "the boxes' count timelines summed over every matching camera"}`]);
    }
    case 'whether': {
      const t = m.test;
      if (t.kind === 'count') {
        const { pieces, usual } = summedParts(parts, combineOfQuery(q));
        if (pieces.length === 0) return none('no settled count then on any box');
        const w = t.lasting;
        if (w) return bool(stretches(pieces, t.cond, usual).some(([s, e]) => passes((e - s) / 1000, w.op, w.seconds)));
        const held = pieces.filter(([, , n]) => holds(n, t.cond, usual)).length;
        const b = t.all ? held === pieces.length : held > 0;
        return bool(b, q.time.at !== undefined && !t.all ? [`There were ${pieces[0]?.[2] ?? 0} across the boxes then`] : []);
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
    case 'when': {
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
    case 'duration': {
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
    case 'elapsed':
      return none('the time between two moments is not merged across boxes; ask when each happened');
    case 'times': {
      const { pieces, usual } = summedParts(parts, combineOfQuery(q));
      if (m.lasting) return num(stretchesLasting(stretches(pieces, m.cond, usual), m.lasting).length, 'count', ['Read from the boxes\' count timelines summed']);
      return num(starts(pieces, m.cond, usual, m.change).length, 'count', ['Read from the boxes\' count timelines summed']);
    }
    case 'list': {
      const ls = of(parts, 'list');
      const at = (i: Record<string, unknown>): number => Number(i.ts ?? i.start ?? i.firstSeen ?? 0);
      const items = ls.flatMap((l) => l.items.map((i) => ({ ...i, node: l.node }))).sort((a, b) => at(a) - at(b));
      const total = ls.reduce((a, l) => a + l.total, 0);
      return { value: total, kind: 'list', notes: m.of === 'identities' ? ['Identities are not merged across boxes'] : [], items };
    }
    case 'visit': {
      const v = pickFleetVisit(visits(), m.visit);
      return v ? visitValue(v) : none('there is no such visit on any box');
    }
    case 'compare':
      return none('two periods compared are not merged across boxes; ask about each period');
  }
}
