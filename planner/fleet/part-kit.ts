/**
 * What the measures' fleet parts (`measures/*.ts`) share: the options and result of a part, the
 * candidates a box offers for a pick, its count timeline, and the context one part is computed in.
 */
import type { MemoryStore } from '../../memory/store.js';
import { executeQuery } from '../query/execute.js';
import { summed, usual } from '../query/execute-measures.js';
import { combineOfQuery } from '../query/measures/index.js';
import { inWindowFor, passes, pickVisit, type Run } from '../query/execute-common.js';
import { visitsIn } from '../query/facts.js';
import type { CountCondition, EventFact, Pick, Query, QueryValue, VisitFact, VisitRef } from '../query/schema.js';
import type { FleetPartValue } from './protocol.js';
import { toSteps } from './timeline.js';

/** Options of the executor. */
export interface PartValueOptions {
  now: number;
  timeZone: string;
}

/** A part, or why the box cannot tell (nothing recorded then...). */
export type PartValueResult = { ok: true; value: FleetPartValue } | { ok: false; why: string };

/** A visit ending this close to the end of its camera's coverage may still be going on (ms). */
export const OPEN_MS = 2000;

/** A part that cannot be computed, with the value's reason. */
export const cannot = (v: QueryValue): PartValueResult => ({ ok: false, why: v.kind === 'none' ? v.why : `unexpected ${v.kind}` });

/** The cameras of this box a query covers. */
export function queryCameras(q: Query, memory: MemoryStore): string[] {
  const stored = memory.cameras();
  return q.place.cameras.length > 0 ? q.place.cameras.filter((c) => stored.includes(c)) : stored;
}

/** The box's summed count as a step function over the window (or the instant), with its usual count. */
export function timelineOf(q: Query, memory: MemoryStore, cond: CountCondition | null, instant: boolean): FleetPartValue {
  const cams = queryCameras(q, memory);
  const r: Run = { q, memory, cams, evidence: [], notes: [] };
  const from = instant && q.time.at !== undefined ? q.time.at : q.time.from;
  const to = instant && q.time.at !== undefined ? q.time.at + 1 : q.time.to;
  // (lowest/highest: the merge finds them in the summed timeline)
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

/** A visit with only the fields a part carries. */
export const slimVisit = (v: VisitFact): VisitFact => ({ camera: v.camera, objectId: v.objectId, label: v.label, ...(v.zone ? { zone: v.zone } : {}), start: v.start, end: v.end, ...(v.open ? { open: true } : {}) });

/** What a measure's part is computed from: the query, the box's memory and helpers over them. */
export interface PartContext {
  q: Query;
  memory: MemoryStore;
  /** The box's cameras the query covers. */
  cams: string[];
  /** The visits of the query's subject at its place overlapping a window. */
  all: (from: number, to: number) => VisitFact[];
  /** The one executor's value of a query (of the part's own query: the value it was already given). */
  run: (x: Query) => QueryValue;
  /** A count part from the executor's number for a query. */
  count: (x: Query) => PartValueResult;
  /** A visit that may still be going on, marked open (as the executor reads it). */
  open: (v: VisitFact) => VisitFact;
  /** The candidate visits of a reference, as a part. */
  visits: (ref: VisitRef) => PartValueResult;
}

/** The context of one part of a parsed query (`executed`: the executor's value of `q` itself, when already run). */
export function partContext(q: Query, memory: MemoryStore, opts: PartValueOptions, executed?: QueryValue): PartContext {
  const cams = queryCameras(q, memory);
  const all = (from: number, to: number): VisitFact[] => visitsIn(memory, q.subject, { ...q.place, cameras: cams }, from, to);
  const run = (x: Query): QueryValue => (x === q && executed ? executed : executeQuery(x, memory, opts).value);
  const count = (x: Query): PartValueResult => {
    const v = run(x);
    return v.kind === 'number' ? { ok: true, value: { kind: 'count', n: v.n } } : cannot(v);
  };
  // a visit ending this close to the end of its camera's recording may still be going on (as the executor reads it)
  const ends = new Map(cams.map((c) => [c, Math.max(-Infinity, ...memory.coverage(c).map((r) => r.end))]));
  const open = (v: VisitFact): VisitFact => (v.end >= (ends.get(v.camera) ?? Infinity) - OPEN_MS ? { ...v, open: true } : v);
  const visits = (ref: VisitRef): PartValueResult => ({ ok: true, value: { kind: 'visits', items: visitCandidates(all(q.time.from, q.time.to), ref, q.time, all).map((v) => slimVisit(open(v))) } });
  return { q, memory, cams, all, run, count, open, visits };
}
