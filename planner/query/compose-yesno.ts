/**
 * The measure of a yes/no question: events compared or seen, two visits compared, a visit's
 * time or length, a state held (at a moment, ever, all the time, for a stretch), a number of
 * arrivals, or a visit (split from compose.ts).
 */
import { countCondition, durationCondition, eventComparison, eventKind, itemsAtOnce, visitRef } from './compose-parts.js';
import { howLong } from './compose-howlong.js';
import { oneVisit, visitComparison, visitTimeTest } from './compose-visits.js';
import { all, countCond, first, use } from './ctx.js';
import { howOften } from './compose-repeat.js';
import { refused as refuse, type Refused } from './parse-types.js';
import type { Cmp, Measure, VisitRef } from './schema.js';
import type { Token } from './scan.js';
import type { Reading, Words } from './compose-reading.js';

/**
 * "was the bottle taken more than once", "was a car seen crossing 3 times": how many times the event
 * must have happened, said after its verb (the tokens read are used). "Twice" is at least twice.
 */
function eventTimes(c: Reading['c'], v: Reading['v']): { op: Cmp; n: number } | undefined {
  const verb = v.get('take') ?? v.get('return') ?? v.get('cross') ?? v.get('leave') ?? v.get('sound');
  const often = verb ? howOften(c, verb.i + 1) : undefined;
  if (!often) return undefined;
  use(c, ...often.toks);
  return often.visits.op === 'eq' ? { op: 'ge', n: often.visits.n } : often.visits;
}

/** "was ...", "did ...": which test. */
export function yesNo(r: Reading, w: Words): Measure | Refused {
  const { c, opts, cov, v, ref, classes, negWords, dropTo, explicitWindow, windows, instants, aux } = r;
  const { stay, arrive, leave } = w;
  const evs = eventComparison(c, v);
  if (evs) return { measure: 'whether', test: evs };
  const looked = lookOfOne(r);
  if (looked) return { measure: 'whether', test: { kind: 'look', visit: looked } };
  const ev = eventKind(c, v, classes);
  if (ev) {
    const items = itemsAtOnce(c, ev);
    const times = eventTimes(c, v);
    return { measure: 'whether', test: { kind: 'event', event: ev, ...(items ? { items } : {}), ...(times ? { times } : {}) } };
  }
  // "did anything happen at the shelf": no one thing to look for (a state said as there would be a different question)
  if (v.has('happen')) return refuse('NO_MEASURE', '"happen" does not say what to look for (an arrival, a departure, a bottle taken or put back); ask about that');
  const same = sameEveryTime(c, arrive);
  if (same) return same;
  const cmpVisits = visitComparison(c);
  if (cmpVisits) {
    use(c, stay, arrive);
    return { measure: 'whether', test: { kind: 'compare', ...cmpVisits } };
  }
  const timed = visitTimeTest(c, v, { windows, instants, at: r.at });
  if (timed) {
    // the visit is picked among all, and the instant is the test's
    r.window = { from: cov.from, to: opts.now + 1 };
    r.at = undefined;
    return timed;
  }
  const dc = durationCondition(c);
  // "was the kiosk in use for more than a minute in total?", "was the average stay over 20 s?": a length the "how long" reading gives, compared
  if (dc && w.agg && !c.used.has(w.agg.i)) {
    const m = howLong(r, w);
    if ('ok' in m || m.measure !== 'duration') return m;
    return { measure: 'whether', test: { kind: 'duration', of: m.of, where: dc } };
  }
  // "was the table ever empty for more than 5 seconds": one stretch of a state that long
  // (only when said of one stretch: "ever", "in a row", "straight"; "for more than a minute" alone may mean in total)
  // ("did the counter go 40 seconds with nobody at it": going that long without is one stretch)
  const stretchWord = c.toks.some((t) => /^(?:ever|in a row|straight|at a stretch|continuously|nonstop|without a break|at any point|at some point|at any time|at one point)$/.test(t.text) || (t.t === 'cond' && /^(?:go|goes|went|gone|going)$/.test(t.text)));
  const stateCond = dc && stretchWord && !stay && !arrive ? countCondition(c, { none: negWords }) : undefined;
  if (dc && stateCond) return { measure: 'whether', test: { kind: 'count', cond: stateCond, lasting: dc } };
  // "did the second person stay longer than 20 s", "did the one who came at 09:01:14 stay over a minute": that visit's length
  const one = dc ? (ref ?? oneVisit(c)) : undefined;
  if (dc && one) {
    use(c, stay, arrive);
    return { measure: 'whether', test: { kind: 'length', visit: one, where: dc } };
  }
  if (dc) {
    use(c, stay, arrive);
    return { measure: 'whether', test: { kind: 'visit', where: dc } };
  }
  // "did more than 3 people come?": the number of arrivals compared
  const cmpTok = all(c, 'cmp').find((x) => c.toks[x.i + 1]?.t === 'num');
  // "did fewer than 5 people visit": the noun as a verb
  const came = arrive ?? all(c, 'visitnoun').find((x) => c.toks[x.i - 1]?.t === 'class');
  if (came && r.at === undefined && cmpTok) {
    const n = c.toks[cmpTok.i + 1] as Extract<Token, { t: 'num' }>;
    use(c, came, cmpTok, n);
    return { measure: 'whether', test: { kind: 'visit', count: { op: cmpTok.v, n: n.v } } };
  }
  const cc = countCondition(c, { ...(dropTo ? { dropTo } : {}), ...(v.has('arrive') || v.has('leave') || v.has('take') || v.has('return') || v.has('cross') ? {} : { none: negWords }) });
  if (r.at === undefined && aux?.v === 'present' && !explicitWindow && !first(c, 'instant')) r.at = opts.now;
  const always = first(c, 'always');
  use(c, always, stay);
  if (cc) {
    use(c, first(c, 'once'));
    return { measure: 'whether', test: { kind: 'count', cond: cc, ...(always ? { all: true } : {}) } };
  }
  if ((arrive || leave) && r.at === undefined && !(arrive && leave)) {
    use(c, arrive, leave);
    return { measure: 'whether', test: { kind: 'visit', moment: arrive ? 'arrival' : 'departure' } };
  }
  if (r.at === undefined && aux?.v === 'present' && !explicitWindow) r.at = opts.now;
  use(c, stay, arrive);
  return { measure: 'whether', test: { kind: 'count', cond: countCond('gt', 0), ...(always ? { all: true } : {}) } };
}

/**
 * "Was the first visitor dressed in grey?", "was the car red?": a look said of one visit (picked
 * by an ordinal, a rank, a reference, or "the" with one thing) is a test of that visit's colours.
 */
function lookOfOne(r: Reading): VisitRef | undefined {
  const { c, ref, classToks } = r;
  if (all(c, 'look').length === 0) return undefined;
  // "did the first person in a grey cardigan stay longer than 20 seconds": a length is asked, the look says who
  if (first(c, 'cmp') && first(c, 'unit')) return undefined;
  if (ref || first(c, 'ord') || first(c, 'super')) return visitRef(c, ref);
  // "did the person in black come by", "... stay for more than a minute": the look says who, the verb what is asked
  const { v } = r;
  const stay = v.get('stay');
  if (v.has('arrive') || v.has('leave') || (stay && !('posture' in stay && stay.posture))) return undefined;
  const one = classToks.length === 1 ? classToks[0] : undefined;
  if (one && !one.plural && !one.agent && c.toks[one.i - 1]?.text === 'the') return { by: 'only' };
  return undefined;
}

/** "Was it the same car every time?": one identity on every visit; "the same" with nothing it is the same as is refused. */
function sameEveryTime(c: Reading['c'], arrive: Token | undefined): Measure | Refused | undefined {
  const same = first(c, 'same');
  if (!same) return undefined;
  const every = c.toks.filter((t) => t.i > same.i && (/^(?:every|each|all|always)$/.test(t.text) || (/^(?:time|times|visit|visits)$/.test(t.text) && /^(?:every|each|all)$/.test(c.toks[t.i - 1]?.text ?? ''))));
  const always = first(c, 'always');
  if (every.length === 0 && !always) return refuse('NO_MEASURE', '"the same" does not say the same as what; ask whether it was the same one every time');
  use(c, same, always, ...every, arrive);
  return { measure: 'whether', test: { kind: 'same' } };
}
