/**
 * `whether`: yes or no: a count condition (at an instant, at some moment, all the time, or for one
 * stretch), a visit, an event, two kinds of events, two visits' lengths, one visit's length,
 * one visit's time against an instant, or a length (a total, an average, a span) against a
 * duration (see schema.ts).
 */
import { clock, countWords, durWords, EVENT, momentWords, of, refWords, subject } from '../describe-words.js';
import { inWindowFor, momentEvidence, noSuchVisit, passes, pickVisit, visitEvidence, visitTimeHolds, type Run } from '../execute-common.js';
import { conditionStretches, runCondition, runCount, together } from '../execute-measures.js';
import { visitLook } from '../execute-look.js';
import { runElapsed } from '../execute-elapsed.js';
import { orderByLooks, runOrder } from '../execute-order.js';
import { lookWords } from '../look.js';
import { duration } from './duration.js';
import { UNTOLD_PEOPLE } from '../lexicon.js';
import type { QueryValue, VisitFact, VisitRef } from '../schema.js';
import type { AllVisits, DescribeWords, MeasureModule, MeasureOf } from './module.js';

type Whether = MeasureOf<'whether'>;
type Test<K extends Whether['test']['kind']> = Extract<Whether['test'], { kind: K }>;

const noVisit = (n: number): QueryValue => ({ kind: 'none', why: `there is no such visit (${n} visit${n === 1 ? '' : 's'} in that time)` });

/** A count condition held for one stretch whose length passes `lasting`. */
function lastingCount(r: Run, x: Test<'count'>): QueryValue {
  const w = x.lasting;
  const st = conditionStretches(r, x.cond).filter(([s, e]) => w !== undefined && passes((e - s) / 1000, w.op, w.seconds));
  r.evidence.push(...momentEvidence(st.slice(0, 10).map(([s]) => ({ camera: r.cams[0] as string, ts: s }))));
  if (st[0]) r.notes.push(`From ${new Date(st[0][0]).toISOString()} to ${new Date(st[0][1]).toISOString()}${st.length > 1 ? ` and ${st.length - 1} more` : ''}`);
  return { kind: 'boolean', b: st.length > 0 };
}

/** More (fewer...) events of one kind than of another. */
function events(r: Run, x: Test<'events'>, all: AllVisits): QueryValue {
  const [a, b] = [x.a, x.b].map((event) => runCount(r, { measure: 'count', of: 'events', event }, all));
  if (a?.kind !== 'number' || b?.kind !== 'number') return { kind: 'none', why: 'the events could not be counted' };
  r.notes.splice(0, r.notes.length, ...new Set(r.notes));
  r.notes.push(`${a.n} ${x.a}, ${b.n} ${x.b}`);
  return { kind: 'boolean', b: passes(a.n, x.op, b.n) };
}

/** One visit's time against an instant, one visit's length, or two visits' lengths. */
function visitTests(r: Run, x: Test<'visitTime' | 'length' | 'compare'>, all: AllVisits): QueryValue {
  const { q } = r;
  const vs = all(q.time.from, q.time.to);
  if (x.kind === 'compare') {
    const [a, b] = [x.a, x.b].map((ref) => pickVisit(inWindowFor(vs, ref, q.time), ref, all));
    if (!a || !b) return noVisit(vs.length);
    r.evidence.push(...visitEvidence([a, b]));
    const [da, db] = [(a.end - a.start) / 1000, (b.end - b.start) / 1000];
    r.notes.push(`The one lasted ${Math.round(da * 10) / 10} s, the other ${Math.round(db * 10) / 10} s`);
    return { kind: 'boolean', b: passes(da, x.op, db) };
  }
  const v = pickVisit(inWindowFor(vs, x.visit, q.time), x.visit, all);
  if (!v) return noSuchVisit(r, vs, x.visit);
  r.evidence.push(...visitEvidence([v]));
  if (x.kind === 'visitTime') {
    r.notes.push(`It lasted from ${new Date(v.start).toISOString()} to ${new Date(v.end).toISOString()}`);
    return { kind: 'boolean', b: visitTimeHolds(v, x.moment, x.side, x.t) };
  }
  const d = (v.end - v.start) / 1000;
  r.notes.push(`It lasted ${Math.round(d * 10) / 10} s`);
  return { kind: 'boolean', b: passes(d, x.where.op, x.where.seconds) };
}

/** A visit (passing `where`, beginning or ending in the window), or a number of arrivals. */
function visit(r: Run, x: Test<'visit'>, all: AllVisits): QueryValue {
  const { q } = r;
  const where = x.where;
  const count = x.count;
  const moment = x.moment ?? (count ? 'arrival' : undefined);
  const inWindow = (t: number): boolean => t >= q.time.from && t < q.time.to;
  const vs = all(q.time.from, q.time.to).filter((v) => (!where || passes((v.end - v.start) / 1000, where.op, where.seconds)) && (moment !== 'arrival' || inWindow(v.start)) && (moment !== 'departure' || inWindow(v.end)));
  r.evidence.push(...visitEvidence(vs));
  if (count) r.notes.push(`${vs.length} arrival${vs.length === 1 ? '' : 's'}`);
  // "did anyone in a black jacket come": a visit dressed black on top may be another top; no is sure, yes is not
  const unseen = (q.subject.look?.ignored ?? []).filter((w) => !UNTOLD_PEOPLE.has(w));
  if (!count && !where && vs.length > 0 && unseen.length > 0) {
    return { kind: 'none', why: `${vs.length} visit${vs.length === 1 ? '' : 's'} looked ${lookWords(q.subject.look ?? { colours: [] })}, but the detector sees colours, not ${unseen.map((w) => `"${w}"`).join(' or ')}, so I cannot say whether that was who was asked about` };
  }
  // "did anyone come three times": re-identification can miss someone who came back, so none found is no "no"
  if (q.subject.visits && !count && vs.length === 0) return { kind: 'none', why: 're-identification found nobody who came that many times, and it can miss someone who came back, so I cannot say no' };
  return { kind: 'boolean', b: count ? passes(vs.length, count.op, count.n) : vs.length > 0 };
}

/**
 * Whether someone came back: a visit in the window whose identity was seen on an earlier visit, by
 * re-identification ("did she come back after midnight": the return after midnight, her first visit
 * any time before it). Re-identification can miss a returning person, never the other way round by
 * design (identities are never more than visits, and split rather than merged when unsure), so "no"
 * is said only of someone named by a look that one visit alone has up to the window's end (every
 * visit judged by colour: a return would have it too); otherwise the answer is a refusal.
 */
function returned(r: Run, all: AllVisits): QueryValue {
  const { q } = r;
  const vs = all(q.time.from, q.time.to);
  // every visit up to the window's end: a return in the window may follow a visit before it
  const upTo = all(Number.MIN_SAFE_INTEGER, q.time.to);
  // a visit's earlier visit of the same identity at the same camera, if any
  const earlier = (v: VisitFact): VisitFact | undefined => upTo.find((e) => e.objectId === v.objectId && e.camera === v.camera && e.end < v.start);
  const returns = vs.filter((v) => earlier(v) !== undefined);
  const back = returns[0];
  const first = back ? earlier(back) : undefined;
  const ids = new Set(upTo.map((v) => v.objectId));
  r.evidence.push(...visitEvidence(back && first ? [first, back] : vs));
  r.notes.push(`Estimated by re-identification (appearance across visits): ${ids.size} identit${ids.size === 1 ? 'y' : 'ies'} from ${upTo.length} visit${upTo.length === 1 ? '' : 's'} up to the end of the time asked about`);
  if (back) {
    // "did the man in black come back", two people in black up to then and one of them back: which one is meant?
    if (q.subject.look && ids.size > 1 && ![...ids].every((id) => returns.some((v) => v.objectId === id))) return { kind: 'none', why: `${ids.size} people looked ${lookWords(q.subject.look)} up to then and not all of them came back, so I cannot tell whether the one meant did` };
    return { kind: 'boolean', b: true };
  }
  // "did the man in the light grey shirt come back": one visit dressed so; a return would be dressed so too
  if (q.subject.look && upTo.length === 1) {
    r.notes.push(`Only one visit looked ${lookWords(q.subject.look)}, and a return would look the same`);
    return { kind: 'boolean', b: false };
  }
  return { kind: 'none', why: `re-identification told all ${upTo.length} visits apart, and it can miss someone who came back, so I cannot say no` };
}

/**
 * "Did the first customer come back?": whether the one whose visit is picked came again later, by
 * re-identification. No later visit of anyone is a no; later visits of others may hide a return
 * re-identification missed, so no return among them is not a no.
 */
function returnedAfter(r: Run, ref: VisitRef, all: AllVisits): QueryValue {
  const { q } = r;
  const vs = all(q.time.from, q.time.to);
  const v = pickVisit(vs, ref, all);
  if (!v) return noSuchVisit(r, vs, ref);
  const later = vs.filter((x) => x.start > v.end && x.camera === v.camera);
  const again = later.find((x) => x.objectId === v.objectId);
  r.evidence.push(...visitEvidence(again ? [v, again] : [v]));
  r.notes.push(`Estimated by re-identification (appearance across visits): that visit ${again ? 'and a later one are' : 'is'} of one identity`);
  if (again) return { kind: 'boolean', b: true };
  if (later.length === 0) return { kind: 'boolean', b: false };
  return { kind: 'none', why: `re-identification told that visit from the ${later.length} later one${later.length === 1 ? '' : 's'}, and it can miss someone who came back, so I cannot say no` };
}

/**
 * "Was it the same car every time?": yes when re-identification drew one identity from two visits or
 * more. It splits rather than merges when unsure, so several identities are no "no".
 */
function sameOne(r: Run, all: AllVisits): QueryValue {
  const { q } = r;
  const vs = all(q.time.from, q.time.to);
  const ids = new Set(vs.map((v) => `${v.camera}/${v.objectId}`)).size;
  r.evidence.push(...visitEvidence(vs));
  r.notes.push(`Estimated by re-identification (appearance across visits): ${ids} identit${ids === 1 ? 'y' : 'ies'} from ${vs.length} visit${vs.length === 1 ? '' : 's'}`);
  if (vs.length < 2) return { kind: 'none', why: `there ${vs.length === 1 ? 'was one visit' : 'were no visits'} in that time, so nothing to compare` };
  if (ids === 1) return { kind: 'boolean', b: true };
  return { kind: 'none', why: `re-identification told the ${vs.length} visits apart as ${ids} identities, and it splits when unsure, so I cannot say they were different` };
}

/** The test in words. */
function describe(m: Whether, words: DescribeWords): string {
  const { q, tz, at, s1, sn, t } = words;
  const x = m.test;
  if (x.kind === 'spans') return `whether the time from ${momentWords(x.a.from, q, tz, false)} to ${momentWords(x.a.to, q, tz, x.a.next === true)} ${at} was ${x.op === 'gt' ? 'longer' : 'shorter'} than from ${momentWords(x.b.from, q, tz, false)} to ${momentWords(x.b.to, q, tz, x.b.next === true)} (${t})`;
  if (x.kind === 'duration') return `whether ${duration.describe({ measure: 'duration', of: x.of }, words).replace(/^how long /, 'the time ')} was ${durWords(x.where)}`;
  if (x.kind === 'order') return `whether ${momentWords(x.a, q, tz, false)} came before ${momentWords(x.b, q, tz, false)} ${at} (${t})`;
  if (x.kind === 'span') return `whether the time from ${momentWords(x.from, q, tz, false)} to ${momentWords(x.to, q, tz, x.next === true)} ${at} was ${durWords(x.where)} (${t})`;
  if (x.kind === 'returned' && x.visit) return `whether the ${s1} of ${refWords(x.visit, tz)} ${at} came back later (the same identity, by re-identification) ${t}`;
  if (x.kind === 'same') return `whether every visit of a ${s1} ${at} ${t} was the same one (one identity, by re-identification)`;
  if (x.kind === 'returned') return `whether a ${s1} came back (one person on two visits, by re-identification) ${at} ${t}`;
  if (x.kind === 'look') return `whether ${x.visit.by === 'only' ? 'the' : `${refWords(x.visit, tz)} of a`} ${subject({ ...q, subject: { classes: q.subject.classes } }, false)} ${at} looked ${q.subject.look ? lookWords(q.subject.look) : 'so'} (${t})`;
  if (x.kind === 'count' && x.lasting) return `whether there were ${countWords(x.cond, q)} ${at} for ${durWords(x.lasting)} at a stretch ${t}`;
  if (x.kind === 'count') return `whether there were ${countWords(x.cond, q)} ${at} ${x.all ? 'all the time ' : q.time.at === undefined ? 'at some moment ' : ''}${t}`;
  if (x.kind === 'visit' && x.count) return `whether the number of arrivals of ${sn} ${at} ${t} was ${{ eq: 'exactly', ne: 'other than', lt: 'fewer than', le: 'at most', gt: 'more than', ge: 'at least' }[x.count.op]} ${x.count.n}`;
  if (x.kind === 'events') return `whether ${{ eq: 'as many', ne: 'not as many', lt: 'fewer', le: 'at most as many', gt: 'more', ge: 'at least as many' }[x.op]} ${sn} were ${x.a === 'taken' ? 'taken away' : x.a === 'returned' ? 'put back' : EVENT[x.a]} than ${x.b === 'taken' ? 'taken away' : x.b === 'returned' ? 'put back' : EVENT[x.b]} ${at} ${t}`;
  if (x.kind === 'compare') return `whether ${refWords(x.a, tz)} of a ${s1} ${at} lasted ${{ eq: 'as long as', ne: 'not as long as', lt: 'less than', le: 'at most as long as', gt: 'longer than', ge: 'at least as long as' }[x.op]} ${refWords(x.b, tz)} (${t})`;
  if (x.kind === 'visitTime') return `whether ${refWords(x.visit, tz)} of a ${s1} ${at} ${x.moment === 'presence' ? 'was in progress at' : `${x.moment === 'arrival' ? 'began' : 'ended'} ${x.side ?? 'before'}`} ${clock(x.t, tz)} (${t})`;
  if (x.kind === 'length') return `whether ${refWords(x.visit, tz)} of a ${s1} ${at} lasted ${durWords(x.where)} (${t})`;
  if (x.kind === 'visit') return `whether a ${s1} visited ${at}${x.where ? ` for ${durWords(x.where)}` : ''} ${t}`;
  const together = x.items ? ` (${x.items} or more at once)` : '';
  const times = x.times ? ` ${{ eq: 'exactly', ne: 'other than', lt: 'fewer than', le: 'at most', gt: 'more than', ge: 'at least' }[x.times.op]} ${x.times.n} time${x.times.n === 1 ? '' : 's'}` : '';
  return `whether there were ${EVENT[x.event]}${of(x.event, sn)}${together}${times} ${at} ${t}`;
}

/** The `whether` measure. */
export const whether: MeasureModule<Whether> = {
  execute(r, m, all) {
    const x = m.test;
    if (x.kind === 'count' && x.lasting) return lastingCount(r, x);
    if (x.kind === 'count') return runCondition(r, x.cond, x.all === true);
    if (x.kind === 'events') return events(r, x, all);
    if (x.kind === 'visitTime' || x.kind === 'length' || x.kind === 'compare') return visitTests(r, x, all);
    if (x.kind === 'visit') return visit(r, x, all);
    if (x.kind === 'look') return visitLook(r, x.visit);
    if (x.kind === 'returned') return x.visit ? returnedAfter(r, x.visit, all) : returned(r, all);
    if (x.kind === 'same') return sameOne(r, all);
    if (x.kind === 'span') {
      // "was the gap between the first and second customer longer than 10 s": that span, compared
      const v = runElapsed(r, { measure: 'elapsed', from: x.from, to: x.to, ...(x.next ? { next: true } : {}) }, all);
      return v.kind === 'number' ? { kind: 'boolean', b: passes(v.n, x.where.op, x.where.seconds) } : v;
    }
    if (x.kind === 'spans') {
      // "was it empty for longer between the first and second visitors than between the third and fourth": both spans, compared
      const [a, b] = [x.a, x.b].map((sp) => runElapsed(r, { measure: 'elapsed', ...sp }, all));
      if (a?.kind !== 'number') return a ?? { kind: 'none', why: 'the first span could not be measured' };
      if (b?.kind !== 'number') return b ?? { kind: 'none', why: 'the second span could not be measured' };
      r.notes.push(`The one lasted ${a.n} s, the other ${b.n} s`);
      return { kind: 'boolean', b: passes(a.n, x.op, b.n) };
    }
    if (x.kind === 'order') return runOrder(r, x, all);
    if (x.kind === 'duration') {
      // "was the kiosk in use for more than a minute in total?": that length, compared
      const v = duration.execute(r, { measure: 'duration', of: x.of }, all);
      return v.kind === 'number' ? { kind: 'boolean', b: passes(v.n, x.where.op, x.where.seconds) } : v;
    }
    const c = runCount(r, { measure: 'count', of: 'events', event: x.event, ...(x.items ? { items: x.items } : {}), ...(x.items || x.times ? { moments: true } : {}) }, all);
    if (x.times && c.kind === 'number') r.notes.push(`${c.n} time${c.n === 1 ? '' : 's'}`);
    return { kind: 'boolean', b: c.kind === 'number' && (x.times ? passes(c.n, x.times.op, x.times.n) : c.n > 0) };
  },
  // the order of two moments one of which names a look of its own: each moment as a whole query
  runWhole: (q, m, run, coverage) => (m.test.kind === 'order' ? orderByLooks(q, m.test, run, coverage) : undefined),
  describe,
  readsCounts: (m) => m.test.kind === 'count' || (m.test.kind === 'order' && [m.test.a, m.test.b].some((x) => x.kind === 'condition' || (x.kind === 'event' && (x.event === 'taken' || x.event === 'returned')))) || (m.test.kind === 'duration' && m.test.of.kind === 'condition') || (m.test.kind === 'event' && (m.test.event === 'taken' || m.test.event === 'returned')),
  instant: (m) => m.test.kind === 'count',
  combine: (m) => ((m.test.kind === 'count' && together(m.test.cond)) || (m.test.kind === 'duration' && m.test.of.kind === 'condition' && together(m.test.of.cond)) ? 'max' : 'sum'),
};
