/**
 * The `elapsed` measure: the time from one moment to another. Each moment is found as the `when`
 * measure finds it (an arrival or departure, an event, a start of a count condition), or is the
 * start or end of the window; with `next`, the second is picked among the moments after the first.
 */
import { runWhen } from './execute-measures.js';
import type { Run } from './execute-common.js';
import type { Found, Measure, Moment, QueryValue, VisitFact } from './schema.js';

type AllVisits = (from: number, to: number) => VisitFact[];

/** A moment found among those after another: a departure is then the next to end, not the next to arrive. */
export function afterAnother(found: Found, next: boolean): Found {
  return found.kind === 'departure' && next && found.visit.by === 'nth' ? { ...found, visit: { ...found.visit, order: 'departure' } } : found;
}

/** The notes two moments' `when` runs left, once each, without their counts ("3 in all" counted the moments, not the span). */
export function momentNotes(notes: readonly string[]): string[] {
  return [...new Set(notes)].filter((n) => !/^\d+ in all$/.test(n));
}

/** The time of one moment in the run's window, or why there is none. */
export function momentTime(r: Run, m: Moment, all: AllVisits, next: boolean): { t: number } | { why: string } {
  const { time } = r.q;
  if (m.kind === 'start' || m.kind === 'end') return { t: m.kind === 'start' ? time.from : time.to - 1 };
  const of = afterAnother(m as Found, next);
  const notes = r.notes.length;
  const v = runWhen(r, { measure: 'when', of }, all);
  // the latest departure of someone still in view is no departure yet: they are there now
  const still = r.notes.slice(notes).find((n) => / was still in view (when the recording ended|now)$/.test(n));
  if (v.kind === 'time' && of.kind === 'departure' && still) return { why: still.replace('was still in view', 'was still there') };
  if (v.kind === 'time') return { t: v.t };
  return { why: v.kind === 'none' ? v.why : 'no such moment' };
}

/** The seconds from `from` to `to`, or none (with the reason) when either moment does not exist or `to` came first. */
export function runElapsed(r: Run, m: Extract<Measure, { measure: 'elapsed' }>, all: AllVisits): QueryValue {
  const whole = r.q.time;
  const before = r.notes.length;
  // "between the two visits": only when there were two
  if (m.pair && !('why' in momentTime(r, { kind: 'arrival', visit: { by: 'nth', n: 3 } }, all, false))) {
    r.notes.splice(before);
    return { kind: 'none', why: 'there were more than two visits then, so "the two visits" does not say which two' };
  }
  const a = momentTime(r, m.from, all, false);
  if ('why' in a) return { kind: 'none', why: `the first moment: ${a.why}` };
  let b: { t: number } | { why: string };
  if (m.next) {
    // the second moment is picked among those after the first
    r.q = { ...r.q, time: { from: a.t + 1, to: whole.to } };
    try {
      b = a.t + 1 < whole.to ? momentTime(r, m.to, all, true) : { why: 'the first moment is at the end of that time' };
    } finally {
      r.q = { ...r.q, time: whole };
    }
  } else b = momentTime(r, m.to, all, false);
  if ('why' in b) return { kind: 'none', why: `the second moment: ${b.why}` };
  // the moments' own notes once each, without their counts ("3 in all" counted the moments after the first)
  const own = momentNotes(r.notes.splice(before));
  r.notes.push(...own, `From ${new Date(a.t).toISOString()} to ${new Date(b.t).toISOString()}`);
  if (b.t < a.t) return { kind: 'none', why: `the second moment (${new Date(b.t).toISOString()}) came before the first (${new Date(a.t).toISOString()})` };
  return { kind: 'number', n: Math.round((b.t - a.t) / 100) / 10, unit: 'seconds' };
}
