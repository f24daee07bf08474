/**
 * `duration`: the length of one visit, an aggregate of the visits' lengths, or how long a count
 * condition held (in all, or one stretch).
 */
import { MemoryQueries } from '../../../memory/queries.js';
import { countWords, durWords, nth, refWords } from '../describe-words.js';
import { inWindowFor, momentEvidence, noSuchVisit, pickVisit, visitEvidence, whoseVisit, type Run } from '../execute-common.js';
import { conditionStretches, cutNote, pickStretch, runCondition, stretchesLasting, together } from '../execute-measures.js';
import { stretchTotal } from '../execute-stretch.js';
import { HALF_FRAME_MS } from '../facts.js';
import { isGap, type QueryValue, type VisitFact } from '../schema.js';
import type { AllVisits, MeasureModule, MeasureOf } from './module.js';

type Duration = MeasureOf<'duration'>;
type Of<K extends Duration['of']['kind']> = Extract<Duration['of'], { kind: K }>;
type Agg = 'avg' | 'total' | 'max' | 'min';

/** The aggregate length of the visits at the places `nths` in the order of arrival in the window (none when one of them does not exist). */
function visitSetLength(r: Run, vs: readonly VisitFact[], nths: readonly number[], agg: Agg): QueryValue {
  const { q } = r;
  const began = vs.filter((v) => v.start >= q.time.from && v.start < q.time.to);
  const picked = nths.map((n) => (n > 0 ? began[n - 1] : began[began.length + n]));
  if (picked.some((v) => v === undefined)) return { kind: 'none', why: `there is no such visit (${began.length} visit${began.length === 1 ? '' : 's'} began in that time)` };
  const ds = (picked as VisitFact[]).map((v) => (v.end - v.start) / 1000);
  r.evidence.push(...visitEvidence(picked as VisitFact[]));
  r.notes.push(`The visits lasted ${ds.map((d, i) => `${Math.round(d * 10) / 10} s${(picked[i] as VisitFact).open ? ' so far' : ''}`).join(', ')}`);
  const n = agg === 'avg' ? ds.reduce((a, b) => a + b, 0) / ds.length : agg === 'total' ? ds.reduce((a, b) => a + b, 0) : agg === 'max' ? Math.max(...ds) : Math.min(...ds);
  return { kind: 'number', n, unit: 'seconds' };
}

/** Statistics of the visits that began in the window, from the indexes (null when they cannot answer: no class named, an index being built). */
function visitStats(r: Run): { n: number; total: number; min: number; max: number; open: number } | null {
  const { q } = r;
  if (q.subject.classes.length === 0 || q.subject.look || q.subject.visits) return null;
  const mq = new MemoryQueries(r.memory);
  const acc = { n: 0, total: 0, min: Infinity, max: -Infinity, open: 0 };
  for (const camera of r.cams) {
    for (const label of q.subject.classes) {
      const s = mq.visitStats({ from: q.time.from, to: q.time.to }, { label, camera, pad: 2 * HALF_FRAME_MS, ...(q.place.zone ? { zone: q.place.zone } : {}) });
      if (!s) return null;
      acc.n += s.n;
      acc.open += s.open;
      acc.total += s.total;
      acc.min = Math.min(acc.min, s.min);
      acc.max = Math.max(acc.max, s.max);
    }
  }
  return acc;
}

/** What an aggregate over visits says of the visits in progress among them (counted with their length so far; never the shortest). */
function inProgress(open: number, agg: Agg): string {
  if (open === 0) return '';
  const n = `${open} still in progress`;
  return agg === 'min' ? `, leaving out the ${n}` : `, including the ${n} (their length so far)`;
}

/** The end of the recording over the query's cameras (the latest coverage end). */
function coverageEndOf(r: Run): number {
  let end = -Infinity;
  for (const cam of r.cams) for (const c of r.memory.coverage(cam)) end = Math.max(end, c.end);
  return end;
}

/** How long a count condition held: in all, in stretches passing `lasting`, or one stretch. */
function condition(r: Run, o: Of<'condition'>): QueryValue {
  const { q } = r;
  const gap = isGap(o.cond);
  if (!o.episode && !o.lasting && !gap) return runCondition(r, o.cond, false, true);
  const st = stretchesLasting(conditionStretches(r, o.cond), o.lasting);
  if (!o.episode) return stretchTotal(r, st);
  if (o.episode === 'only' && st.length > 1) return { kind: 'none', why: `there were ${st.length} such stretches, not one; ask for the longest, the shortest, the first, the last or the total` };
  const one = pickStretch(st, o.episode, o.rank);
  // the stretch going on now must reach the end of the window (the end of the recording)
  if (!one || (o.episode === 'current' && one[1] < q.time.to - 1000 && one[1] < coverageEndOf(r))) {
    return o.episode === 'current' ? { kind: 'none', why: 'it is not so at the end of that time' } : { kind: 'none', why: 'it never happened in that time' };
  }
  r.evidence.push(...momentEvidence([{ camera: r.cams[0] as string, ts: one[0] }]));
  r.notes.push(`From ${new Date(one[0]).toISOString()} to ${new Date(one[1]).toISOString()}`);
  return { kind: 'number', n: Math.round((one[1] - one[0]) / 100) / 10, unit: 'seconds' };
}

/** The length of one visit. */
function oneVisit(r: Run, o: Of<'visit'>, vs: readonly VisitFact[], all: AllVisits): QueryValue {
  const v = pickVisit(inWindowFor(vs, o.visit, r.q.time), o.visit, all);
  if (!v) return noSuchVisit(r, vs, o.visit);
  r.evidence.push(...visitEvidence([v]));
  if (v.open) r.notes.push(`${whoseVisit(v)} is still there: that is the length so far`);
  if (v.cut) r.notes.push(cutNote(v));
  return { kind: 'number', n: (v.end - v.start) / 1000, unit: 'seconds' };
}

/** An aggregate of the lengths of the visits that began in the window. */
function visits(r: Run, o: Of<'visits'>, vs: readonly VisitFact[]): QueryValue {
  const { q } = r;
  if (o.nths) return visitSetLength(r, vs, o.nths, o.agg);
  const stats = visitStats(r);
  if (stats) {
    if (stats.n === 0) return { kind: 'none', why: 'no visit began in that time' };
    r.notes.push(`Over the ${stats.n} visit${stats.n === 1 ? '' : 's'} that began then${inProgress(stats.open, o.agg)}`);
    if (o.agg === 'min' && stats.min === Infinity) return { kind: 'none', why: 'no visit that began then has ended yet' };
    const ms = o.agg === 'avg' ? stats.total / stats.n : o.agg === 'total' ? stats.total : o.agg === 'max' ? stats.max : stats.min;
    return { kind: 'number', n: ms / 1000, unit: 'seconds' };
  }
  // the visits that began in the window, whole
  const began = vs.filter((v) => v.start >= q.time.from && v.start < q.time.to);
  if (began.length === 0) return { kind: 'none', why: 'no visit began in that time' };
  const ds = began.map((v) => (v.end - v.start) / 1000);
  r.evidence.push(...visitEvidence(began));
  const n = o.agg === 'avg' ? ds.reduce((a, b) => a + b, 0) / ds.length : o.agg === 'total' ? ds.reduce((a, b) => a + b, 0) : o.agg === 'max' ? Math.max(...ds) : Math.min(...ds);
  r.notes.push(`Over the ${began.length} visit${began.length === 1 ? '' : 's'} that began then${inProgress(began.filter((v) => v.open).length, o.agg)}`);
  return { kind: 'number', n, unit: 'seconds' };
}

/** The `duration` measure. */
export const duration: MeasureModule<Duration> = {
  execute(r, m, all) {
    const o = m.of;
    if (o.kind === 'condition') return condition(r, o);
    const vs = all(r.q.time.from, r.q.time.to);
    return o.kind === 'visit' ? oneVisit(r, o, vs, all) : visits(r, o, vs);
  },
  describe(m, { q, tz, at, s1, sn, t }) {
    const o = m.of;
    if (o.kind === 'visit') return `how long ${refWords(o.visit, tz)} of a ${s1} ${at} lasted (${t})`;
    if (o.kind === 'visits') return `the ${{ avg: 'average', total: 'total', max: 'longest', min: 'shortest' }[o.agg]} length of ${o.nths ? `the ${o.nths.map((n) => nth(n).replace(/^the /, '')).join(', ').replace(/, ([^,]*)$/, ' and $1')} visits (by arrival) of ${sn}` : `visits by ${sn}`} ${at} ${t}`;
    const rank = o.rank !== undefined && o.rank > 1 ? `${nth(o.rank).replace(/^the /, '')} ` : '';
    const stretch = o.episode === 'current' ? 'the stretch going on at the end' : o.episode ? `the ${rank}${o.episode} stretch` : o.lasting ? 'in total' : '';
    const lasting = o.lasting ? ` of the stretches ${durWords(o.lasting)}` : '';
    return `how long there were ${countWords(o.cond, q)} ${at} ${t}${stretch ? ` (${stretch}${lasting})` : ''}`;
  },
  readsCounts: (m) => m.of.kind === 'condition',
  instant: () => false,
  combine: (m) => (m.of.kind === 'condition' && together(m.of.cond) ? 'max' : 'sum'),
};
