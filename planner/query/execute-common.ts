/**
 * What the executor's measures share: the run state, evidence builders, visit references and comparisons.
 */
import type { MemoryStore } from '../../memory/store.js';
import type { Evidence } from '../answer.js';
import type { Query, VisitFact, VisitRef } from './schema.js';

const iso = (t: number): string => new Date(t).toISOString();

/** Evidence for visits: one entry per visit, at most `limit`, with the keyframe nearest its start. */
export function visitEvidence(vs: readonly VisitFact[], limit = 10): Evidence[] {
  return vs.slice(0, limit).map((v) => ({ camera: v.camera, start: iso(v.start), end: iso(v.end), trackIds: [v.objectId], snapshot: `/api/cameras/${encodeURIComponent(v.camera)}/keyframe.jpg?ts=${v.start}` }));
}

/** Evidence for moments (events, changes). */
export function momentEvidence(ms: readonly { camera: string; ts: number; objectId?: string }[], limit = 10): Evidence[] {
  return ms.slice(0, limit).map((m) => ({ camera: m.camera, start: iso(m.ts), end: iso(m.ts), ...(m.objectId ? { trackIds: [m.objectId] } : {}), snapshot: `/api/cameras/${encodeURIComponent(m.camera)}/keyframe.jpg?ts=${m.ts}` }));
}

/** Shared state of one execution. */
export interface Run {
  q: Query;
  memory: MemoryStore;
  cams: string[];
  evidence: Evidence[];
  notes: string[];
  /** When the question is asked: nothing after it is known (absent: the end of the memory). */
  now?: number;
}

/**
 * The visits as they stood at `now`: one that began later is not yet, one that ended later was in
 * progress then (its length so far), so a question asked "as of" an instant never reads the future.
 */
export function asOf(vs: VisitFact[], now: number | undefined): VisitFact[] {
  if (now === undefined) return vs;
  const out: VisitFact[] = [];
  for (const v of vs) {
    if (v.start > now) continue;
    out.push(v.end > now ? { ...v, end: Math.max(v.start, now), open: true } : v);
  }
  return out;
}

/**
 * The visits an ordinal counts: "the first person after 09:01" is the first arrival in the window,
 * "the last to leave before 09:01:30" the last departure in it, "who stayed longest between 9 and
 * 10" the longest of the visits that began then; other references see every visit overlapping
 * the window.
 */
export function inWindowFor(vs: readonly VisitFact[], r: VisitRef, w: { from: number; to: number }): VisitFact[] {
  if (r.by === 'longest' || r.by === 'shortest') return vs.filter((v) => v.start >= w.from && v.start < w.to);
  if (r.by !== 'nth') return [...vs];
  // a visit in progress has not departed: it is no departure of any window
  if (r.order === 'sighting') return vs.filter((v) => v.end >= w.from && v.end < w.to);
  return r.order === 'departure' ? vs.filter((v) => !v.open && v.end >= w.from && v.end < w.to) : vs.filter((v) => v.start >= w.from && v.start < w.to);
}

/** Picks one visit by a reference (visits by arrival). */
export function pickVisit(vs: readonly VisitFact[], r: VisitRef, all: (from: number, to: number) => VisitFact[]): VisitFact | undefined {
  switch (r.by) {
    case 'nth': {
      const w = r.where;
      const kept = w ? vs.filter((v) => passes((v.end - v.start) / 1000, w.op, w.seconds)) : vs;
      // by departure: visits in progress have none; by last sighting: theirs is now
      const list = r.order === 'departure' || r.order === 'sighting' ? kept.filter((v) => r.order === 'sighting' || !v.open).sort((a, b) => a.end - b.end || a.start - b.start) : kept;
      return r.n > 0 ? list[r.n - 1] : list[list.length + r.n];
    }
    case 'only':
      return vs.length === 1 ? vs[0] : undefined;
    case 'arrivedAt':
    case 'leftAt': {
      const key = (v: VisitFact): number => Math.abs((r.by === 'arrivedAt' ? v.start : v.end) - r.t);
      const best = vs.filter((v) => r.by === 'arrivedAt' || !v.open).sort((a, b) => key(a) - key(b))[0];
      // "the person who came at 09:01:14": within half a minute, or it is someone else
      return best && key(best) <= 30_000 ? best : undefined;
    }
    case 'presentAt':
      return vs.find((v) => v.start <= r.t && v.end >= r.t) ?? vs.find((v) => Math.abs(v.start - r.t) <= 2000 || Math.abs(v.end - r.t) <= 2000);
    case 'longest':
    case 'shortest': {
      // a visit in progress is no shorter than its length so far: it is not the shortest yet
      const sorted = vs.filter((v) => r.by === 'longest' || !v.open).sort((a, b) => (r.by === 'longest' ? b.end - b.start - (a.end - a.start) : a.end - a.start - (b.end - b.start)) || a.start - b.start);
      return sorted[(r.rank ?? 1) - 1];
    }
    case 'return': {
      // the first visit whose identity re-identification saw on an earlier visit (before the window too)
      const earlier = all(-Infinity, Infinity);
      return vs.find((v) => earlier.some((e) => e.objectId === v.objectId && e.camera === v.camera && e.end < v.start));
    }
    case 'after':
    case 'before': {
      let t = r.t;
      if (r.visit) {
        const ref = pickVisit(all(-Infinity, Infinity), r.visit, all);
        if (!ref) return undefined;
        t = r.by === 'after' ? ref.end : ref.start;
      }
      if (t === undefined) return undefined;
      const tt = t;
      return r.by === 'after' ? vs.find((v) => v.start > tt) : [...vs].reverse().find((v) => v.start < tt);
    }
  }
}

/** Whether a visit began or ended before or after an instant, or was in progress at it (the `visitTime` test). */
export function visitTimeHolds(v: { start: number; end: number }, moment: 'arrival' | 'departure' | 'presence', side: 'before' | 'after' | undefined, t: number): boolean {
  if (moment === 'presence') return v.start <= t && t < v.end;
  const x = moment === 'arrival' ? v.start : v.end;
  return side === 'after' ? x > t : x < t;
}

/** Compares a number with a condition's operator. */
export function passes(x: number, op: 'eq' | 'ne' | 'lt' | 'le' | 'gt' | 'ge', n: number): boolean {
  switch (op) {
    case 'eq':
      return x === n;
    case 'ne':
      return x !== n;
    case 'lt':
      return x < n;
    case 'le':
      return x <= n;
    case 'gt':
      return x > n;
    case 'ge':
      return x >= n;
  }
}

/** A visit's object in a note: its id, which views that show answers name as a person would ("the 3rd visitor, arrived ..."). */
export function whoseVisit(v: Pick<VisitFact, 'objectId'>): string {
  return v.objectId;
}

/**
 * No visit fits a reference: with "the" over several visits, says how many fit (and shows them as
 * evidence) rather than picking one; otherwise says how many there were.
 */
export function noSuchVisit(r: Run, vs: readonly VisitFact[], ref: VisitRef): { kind: 'none'; why: string } {
  if (ref.by === 'only' && vs.length > 1) {
    r.evidence.push(...visitEvidence(vs));
    return { kind: 'none', why: `${vs.length} visits fit, not one, and I do not pick one; ask about one of them (the first, the last, the longest) or how many there were` };
  }
  if (ref.by === 'return') {
    const ids = new Set(vs.map((v) => `${v.camera}/${v.objectId}`)).size;
    return { kind: 'none', why: `re-identification told the ${vs.length} visit${vs.length === 1 ? '' : 's'} in that time apart (${ids} identit${ids === 1 ? 'y' : 'ies'}), and it can miss someone who came back, so I cannot say when one did` };
  }
  return { kind: 'none', why: `there is no such visit (${vs.length} visit${vs.length === 1 ? '' : 's'} in that time)` };
}
