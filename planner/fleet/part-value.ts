/**
 * The typed partial one box computes for a fleet question, by the query's measure (see
 * `protocol.ts` FleetPartValue): what the asker needs to merge the boxes' parts into the answer
 * one memory holding every box's cameras would give. Numbers come from the one executor and the
 * memory's facts, as the box's own answer does.
 */
import type { MemoryStore } from '../../memory/store.js';
import { executeQuery } from '../query/execute.js';
import { combineOfQuery, summed, usual } from '../query/execute-measures.js';
import { inWindowFor, passes, pickVisit, type Run } from '../query/execute-common.js';
import { visitsIn } from '../query/facts.js';
import type { CountCondition, EventFact, Pick, Query, QueryValue, VisitFact, VisitRef } from '../query/schema.js';
import { FLEET_LIST_MAX, type FleetPartValue } from './protocol.js';
import { toSteps } from './timeline.js';

/** Options of the executor. */
export interface PartValueOptions {
  now: number;
  timeZone: string;
}

/** A part, or why the box cannot tell (nothing recorded then...). */
export type PartValueResult = { ok: true; value: FleetPartValue } | { ok: false; why: string };

/** A visit ending this close to the end of its camera's coverage may still be going on (ms). */
const OPEN_MS = 2000;

const cannot = (v: QueryValue): PartValueResult => ({ ok: false, why: v.kind === 'none' ? v.why : `unexpected ${v.kind}` });

/** The cameras of this box a query covers. */
export function queryCameras(q: Query, memory: MemoryStore): string[] {
  const stored = memory.cameras();
  return q.place.cameras.length > 0 ? q.place.cameras.filter((c) => stored.includes(c)) : stored;
}

/** The box's summed count as a step function over the window (or the instant), with its usual count. */
function timelineOf(q: Query, memory: MemoryStore, cond: CountCondition | null, instant: boolean): FleetPartValue {
  const cams = queryCameras(q, memory);
  const r: Run = { q, memory, cams, evidence: [], notes: [] };
  const from = instant && q.time.at !== undefined ? q.time.at : q.time.from;
  const to = instant && q.time.at !== undefined ? q.time.at + 1 : q.time.to;
  const u = cond && (cond.op === 'full' || cond.op === 'missing') ? usual(r) : 0;
  return { kind: 'timeline', from, to, steps: toSteps(summed(r, from, to, combineOfQuery(q)), from, to), usual: u };
}

/**
 * Candidate visits for a reference: enough for the asker to pick the fleet's one from every box's
 * candidates (the first n or last n for an ordinal, at most two for "the only one", else the box's own pick).
 */
export function visitCandidates(vs: readonly VisitFact[], ref: VisitRef, time: { from: number; to: number }, all: (from: number, to: number) => VisitFact[]): VisitFact[] {
  const inWin = inWindowFor(vs, ref, time);
  if (ref.by === 'nth') {
    const w = ref.where;
    const kept = w ? inWin.filter((v) => passes((v.end - v.start) / 1000, w.op, w.seconds)) : inWin;
    const list = ref.order === 'departure' || ref.order === 'sighting' ? [...kept].sort((a, b) => a.end - b.end || a.start - b.start) : kept;
    return ref.n > 0 ? list.slice(0, ref.n) : list.slice(ref.n);
  }
  if (ref.by === 'only') return inWin.slice(0, 2);
  const one = pickVisit(inWin, ref, all);
  return one ? [one] : [];
}

/** Candidate moments for a pick among sorted events. */
export function momentCandidates(evs: readonly EventFact[], p: Pick): EventFact[] {
  if (p.by === 'nth') return p.n > 0 ? evs.slice(0, p.n) : evs.slice(p.n);
  const one = p.by === 'after' ? evs.find((e) => e.ts > p.t) : [...evs].reverse().find((e) => e.ts < p.t);
  return one ? [one] : [];
}

const slimVisit = (v: VisitFact): VisitFact => ({ camera: v.camera, objectId: v.objectId, label: v.label, ...(v.zone ? { zone: v.zone } : {}), start: v.start, end: v.end, ...(v.open ? { open: true } : {}) });

/**
 * Computes the box's part of a parsed query.
 * @param q the query as this box parsed it (its own cameras, its own window)
 */
export function partValue(q: Query, memory: MemoryStore, opts: PartValueOptions): PartValueResult {
  const m = q.measure;
  const cams = queryCameras(q, memory);
  const all = (from: number, to: number): VisitFact[] => visitsIn(memory, q.subject, { ...q.place, cameras: cams }, from, to);
  const run = (x: Query): QueryValue => executeQuery(x, memory, opts).value;
  const count = (x: Query): PartValueResult => {
    const v = run(x);
    return v.kind === 'number' ? { ok: true, value: { kind: 'count', n: v.n } } : cannot(v);
  };
  // a visit ending this close to the end of its camera's recording may still be going on (as the executor reads it)
  const ends = new Map(cams.map((c) => [c, Math.max(-Infinity, ...memory.coverage(c).map((r) => r.end))]));
  const open = (v: VisitFact): VisitFact => (v.end >= (ends.get(v.camera) ?? Infinity) - OPEN_MS ? { ...v, open: true } : v);
  const visits = (ref: VisitRef): PartValueResult => ({ ok: true, value: { kind: 'visits', items: visitCandidates(all(q.time.from, q.time.to), ref, q.time, all).map((v) => slimVisit(open(v))) } });
  switch (m.measure) {
    case 'count':
    case 'countAt':
    case 'missing':
      return count(q);
    case 'extreme':
      return { ok: true, value: timelineOf(q, memory, null, false) };
    case 'times':
      return { ok: true, value: timelineOf(q, memory, m.cond, false) };
    case 'whether': {
      const t = m.test;
      if (t.kind === 'count') return { ok: true, value: timelineOf(q, memory, t.cond, !t.all) };
      if (t.kind === 'events') return { ok: false, why: 'two kinds of events compared are not merged across boxes; ask how many of each' };
      if (t.kind === 'event') return count({ ...q, measure: { measure: 'count', of: 'events', event: t.event } });
      if (t.kind === 'length' || t.kind === 'visitTime') return visits(t.visit);
      if (t.kind === 'compare') {
        // the n-th visits of the fleet are among each box's first (last) n; other references are picked per box
        if (t.a.by !== 'nth' || t.b.by !== 'nth') return { ok: false, why: 'comparing visits picked other than by their order is not merged across boxes' };
        const vs = all(q.time.from, q.time.to);
        const both = [...visitCandidates(vs, t.a, q.time, all), ...visitCandidates(vs, t.b, q.time, all)];
        const items = [...new Map(both.map((v) => [`${v.camera}/${v.objectId}/${v.start}`, v])).values()].sort((x, y) => x.start - y.start);
        return { ok: true, value: { kind: 'visits', items: items.map((v) => slimVisit(open(v))) } };
      }
      const moment = t.moment ?? (t.count ? 'arrival' : undefined);
      const inWin = (x: number): boolean => x >= q.time.from && x < q.time.to;
      const w = t.where;
      const vs = all(q.time.from, q.time.to).filter((v) => (!w || passes((v.end - v.start) / 1000, w.op, w.seconds)) && (moment !== 'arrival' || inWin(v.start)) && (moment !== 'departure' || inWin(v.end)));
      return { ok: true, value: { kind: 'count', n: vs.length } };
    }
    case 'elapsed':
      return { ok: false, why: 'the time between two moments is not merged across boxes; ask when each happened' };
    case 'when': {
      const o = m.of;
      if (o.kind === 'condition') return { ok: true, value: timelineOf(q, memory, o.cond, false) };
      if (o.kind === 'event') {
        const v = run({ ...q, measure: { measure: 'list', of: 'events', event: o.event } });
        if (v.kind !== 'list') return cannot(v);
        const items = momentCandidates(v.items as EventFact[], o.pick).map((e) => ({ camera: e.camera, ts: e.ts, ...(e.objectId ? { objectId: e.objectId } : {}) }));
        return { ok: true, value: { kind: 'moments', items } };
      }
      return visits(o.visit);
    }
    case 'duration': {
      const o = m.of;
      if (o.kind === 'visits' && o.nths) return { ok: false, why: 'visits picked by their order are not merged across boxes' };
      if (o.kind === 'condition') return { ok: true, value: timelineOf(q, memory, o.cond, false) };
      if (o.kind === 'visit') return visits(o.visit);
      const began = all(q.time.from, q.time.to).filter((v) => v.start >= q.time.from && v.start < q.time.to);
      const ds = began.map((v) => v.end - v.start);
      return { ok: true, value: { kind: 'stats', total: ds.reduce((a, b) => a + b, 0), count: ds.length, max: ds.length ? Math.max(...ds) : 0, min: ds.length ? Math.min(...ds) : 0 } };
    }
    case 'visit':
      return visits(m.visit);
    case 'compare':
      return { ok: false, why: 'two periods compared are not merged across boxes; ask about each period' };
    case 'list': {
      const v = run(q);
      if (v.kind !== 'list') return cannot(v);
      return { ok: true, value: { kind: 'list', items: v.items.slice(0, FLEET_LIST_MAX) as unknown as Record<string, unknown>[], total: v.total } };
    }
  }
}
