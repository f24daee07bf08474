/**
 * The `elapsed` measure when a moment names whose visit it is by a look ("between the man in the
 * light grey shirt leaving and the black-jacket guy coming back", "after the woman in the grey
 * cardigan left, how long until the next person came"): each moment is found by its own `when`
 * query, its subject narrowed to that look (so a visit that cannot be judged by colour is refused
 * there, as for any look), and the time between them is the difference.
 */
import type { Coverage } from '../../memory/types.js';
import type { Executed } from './executed.js';
import { afterAnother, momentNotes } from './execute-elapsed.js';
import type { Found, Look, Measure, Moment, Query } from './schema.js';

type Elapsed = Extract<Measure, { measure: 'elapsed' }>;

/** Whether a moment names a look of its own. */
export function looked(m: Moment): boolean {
  return (m.kind === 'arrival' || m.kind === 'departure') && m.look !== undefined;
}

/**
 * The `when` query that finds a moment: a moment's own look ("after the woman in grey left") becomes
 * the subject's, and the moment is asked without it.
 */
export function whenQuery(q: Query, moment: Found): Query {
  const { look, ...of } = moment as Found & { look?: Look };
  return { ...q, ...(look ? { subject: { ...q.subject, look } } : {}), measure: { measure: 'when', of: of } };
}

/** One moment's time from `from` on, found by its `when` query. */
export function momentAt(q: Query, m: Moment, from: number, next: boolean, run: (x: Query) => Executed): { t: number; x?: Executed } | { why: string; x?: Executed } {
  if (m.kind === 'start') return { t: q.time.from };
  if (m.kind === 'end') return { t: q.time.to - 1 };
  const x = run({ ...whenQuery(q, afterAnother(m as Found, next)), time: { ...q.time, from } });
  return x.value.kind === 'time' ? { t: x.value.t, x } : { why: x.value.kind === 'none' ? x.value.why : 'no such moment', x };
}

/**
 * The time between two moments one of which names a look, as whole queries; undefined when neither
 * does (the measure then runs as usual).
 */
export function elapsedByLooks(q: Query, m: Elapsed, run: (x: Query) => Executed, coverage: Coverage): Executed | undefined {
  if (!looked(m.from) && !looked(m.to)) return undefined;
  const none = (why: string, xs: (Executed | undefined)[]): Executed => ({ value: { kind: 'none', why }, evidence: xs.flatMap((x) => x?.evidence ?? []), coverage, notes: xs.flatMap((x) => x?.notes ?? []) });
  const a = momentAt(q, m.from, q.time.from, false, run);
  if ('why' in a) return none(`the first moment: ${a.why}`, [a.x]);
  const b = momentAt(q, m.to, m.next ? a.t + 1 : q.time.from, m.next === true, run);
  if ('why' in b) return none(`the second moment: ${b.why}`, [a.x, b.x]);
  const notes = momentNotes([...(a.x?.notes ?? []), ...(b.x?.notes ?? [])]);
  notes.push(`From ${new Date(a.t).toISOString()} to ${new Date(b.t).toISOString()}`);
  const evidence = [...(a.x?.evidence ?? []), ...(b.x?.evidence ?? [])];
  if (b.t < a.t) return { value: { kind: 'none', why: `the second moment (${new Date(b.t).toISOString()}) came before the first (${new Date(a.t).toISOString()})` }, evidence, coverage, notes };
  return { value: { kind: 'number', n: Math.round((b.t - a.t) / 100) / 10, unit: 'seconds' }, evidence, coverage, notes };
}
