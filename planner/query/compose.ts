/**
 * Composes a question's tokens into a query: first the references ("the person who came at
 * 09:01:14"), then the head (how many, when, how long, yes/no, who, which, what), then the
 * measure the head and the verbs ask for, its subject, place and time. Each step marks the tokens
 * it used; parse.ts refuses a question whose meaningful tokens were not all used.
 */
import { describeQuery } from './describe.js';
import { all, countCond, defaultClasses, first, leftOnPlace, stationary, use, type Ctx } from './ctx.js';
import { needsInstant } from './measures/index.js';
import { countCondition, durationCondition, eventComparison, eventKind, pick, references, verbs, visitRef } from './compose-parts.js';
import { refused, type Refused } from './parse-types.js';
import type { Measure, Query, VisitRef } from './schema.js';
import type { Token } from './scan.js';
import { chooseHead, elapsedSince, interrogativeNot, subordinateWhen } from './compose-head.js';
import { elapsedMeasure, untilNext } from './compose-elapsed.js';
import { rankedVisit } from './compose-rank.js';
import { twoWindows } from './compose-compare.js';
import { aboutNow, stretchLength } from './compose-stretch.js';
import { oneVisit, visitComparison, visitSet, visitTimeTest, whoAtInstant } from './compose-visits.js';

/** The settled count needs a moment after the recording starts: "at the start" reads this long after it. */
export const START_MS = 2000;

type Composed = { ok: true; query: Query; negate: boolean; reading: string } | Refused;

const refuse = refused;

/**
 * Composes the query. Returns the query, whether a yes/no answer is negated, and a reading for
 * messages, or a refusal.
 */
export function compose(c: Ctx): Composed {
  const { opts } = c;
  // subject
  const classToks = all(c, 'class');
  use(c, ...classToks);
  let classes = [...new Set(classToks.flatMap((t) => t.v))];
  // "nobody", "no one", "not": a count of none, or a negated yes/no (decided with the measure)
  const tag = interrogativeNot(c);
  const negWords = [...classToks.filter((t) => t.text === 'nobody' || t.text === 'none'), ...all(c, 'neg').filter((t) => t !== tag)];
  const agent = classToks.some((t) => t.agent) || c.toks.some((t) => t.t === 'head' && t.v === 'who');
  // places
  const places = all(c, 'place');
  use(c, ...places, ...all(c, 'here'));
  const cameras = [...new Set(places.filter((p) => p.v.kind === 'camera').map((p) => p.v.id))];
  const zones = [...new Set(places.filter((p) => p.v.kind === 'zone').map((p) => p.v.id))];
  const lines = [...new Set(places.filter((p) => p.v.kind === 'line').map((p) => p.v.id))];
  if (zones.length > 1 || lines.length > 1) return refuse('SEVERAL_PLACES', `the question names several ${zones.length > 1 ? 'zones' : 'lines'}; ask about one at a time`);
  const dir = first(c, 'dir');
  use(c, dir);
  // references and negation
  const ref = references(c);
  // times
  const times = all(c, 'time').filter((t) => !c.used.has(t.i));
  use(c, ...times);
  // "more ... in the first minute than in the second": two windows compared, the question read over the first
  const two = twoWindows(c, times.filter((t) => t.v.instant === undefined));
  const windows = times.filter((t) => t.v.instant === undefined && t !== two?.second);
  const instants = times.filter((t) => t.v.instant !== undefined);
  if (instants.length > 1) return refuse('SEVERAL_TIMES', `the question names several instants (${instants.map((t) => `"${t.text}"`).join(', ')}); ask about one at a time`);
  const cov = opts.coverage;
  let window = windows.length > 0 ? { from: -Infinity, to: Infinity } : { from: cov.from, to: opts.now + 1 };
  for (const w of windows) window = { from: Math.max(window.from, w.v.from), to: Math.min(window.to, w.v.to) };
  if (windows.length > 1 && window.to <= window.from) return refuse('DISJOINT_PERIODS', `the periods ${windows.map((w) => `"${w.text}"`).join(' and ')} do not overlap; ask about one at a time`);
  const instWord = first(c, 'instant');
  use(c, instWord);
  let at: number | undefined = instants[0]?.v.instant;
  if (at === undefined && instWord) at = instWord.v === 'now' ? opts.now : instWord.v === 'start' ? cov.from + START_MS : cov.to;
  const explicitWindow = windows.length > 0;

  // "only one bottle left on the rack", "bottles left on the ledge at 10:00": remaining there (a
  // thing left on a place), not leaving it ("left the ledge")
  for (const t of all(c, 'verb', 'leave')) {
    if (t.text !== 'left' || !stationary(classes) || c.toks[t.i - 1]?.t !== 'class') continue;
    if (c.toks[t.i - 2]?.t === 'num' || leftOnPlace(c, t.i)) use(c, t);
  }
  const v = verbs(c);
  // "were all the bottles back by the end", "when were all of them back": "back" says where they are (a state), not that one was put back
  const backThere = v.get('return');
  if (backThere?.text === 'back' && (at !== undefined || all(c, 'all').length > 0 || all(c, 'cond').length > 0)) {
    use(c, backThere);
    v.delete('return');
  }
  // "did someone put a bottle back": the person acts, the bottle is what is counted
  if ((v.has('take') || v.has('return')) && classToks.some((t) => t.agent) && classToks.some((t) => !t.agent)) classes = [...new Set(classToks.filter((t) => !t.agent).flatMap((t) => t.v))];
  // people "come back": a second visit of one person, which needs re-identification across visits (things are put back)
  const back = v.get('return') ?? (v.has('arrive') && c.toks.some((t) => t.text === 'again') ? v.get('arrive') : undefined);
  if (back && !stationary(classes) && (classes.length > 0 || agent)) {
    return refuse('NEEDS_REID', `"${back.text}" asks whether someone returned, which needs telling people apart across visits; ask how many different people came, or how many visits there were`);
  }
  // "how long until the first person came", "the gap between the fourth and fifth visitors"
  const gap = untilNext(c, ref) ?? elapsedMeasure(c, ref);
  if (gap && 'ok' in gap) return gap;
  if (!gap && elapsedSince(c)) return refuse('TWO_MOMENTS', 'it asks how long after (or before) one moment something happened; ask when it happened');
  if (subordinateWhen(c)) return refuse('TWO_MOMENTS', 'it asks about the moment something else happened ("when ..."); ask when that happened, then ask about that time');
  const head = gap ? null : two ? 'howmany' : chooseHead(c);
  const aux = first(c, 'aux');
  use(c, ...all(c, 'head'), ...all(c, 'aux'), ...all(c, 'visitnoun'), v.get('be'), v.get('see'), v.get('happen'));
  const dropTo = v.get('drop') ?? v.get('rise') ?? v.get('become');
  // "the person", "the bottle": the only one (the executor says so when there were several)
  const definite = classToks.some((t) => c.toks[t.i - 1]?.text === 'the' && !/(?:s|people|men|children|staff)$/.test(t.text)) || currentVisit(c, classToks);
  // "the current visitor", "the person there now": the visit in progress now
  // "how long has the car been here", "... so far": the present perfect of one thing is its visit going on now
  const perfectBeen = !explicitWindow && c.toks.some((t) => t.t === 'aux' && (t.text === 'has' || t.text === 'have')) && c.toks.some((t) => t.text === 'been');
  const nowVisit = definite && instants.length === 0 && (instWord?.v === 'now' || aboutNow(c) || perfectBeen);
  const theOnly = (vr: VisitRef | undefined): VisitRef | undefined => vr ?? (nowVisit ? { by: 'presentAt', t: opts.now } : definite ? { by: 'only' } : undefined);
  // "the first person to leave", "the last person seen": ordered by departure
  const byDeparture = (vr: VisitRef | undefined, leaving: boolean): VisitRef | undefined => {
    if (vr?.by !== 'nth') return vr;
    const leaveTok = all(c, 'verb').find((x) => x.v === 'leave');
    // "the first to leave", "the next person to leave after 11:11", "the last to leave before 19:00"
    // (a period said after the verb times the leaving; said after the subject, "the second person after 20:20", it picks arrivals)
    const timedLeaving = leaveTok !== undefined && windows.some((w) => w.i > leaveTok.i);
    const toLeave = leaveTok !== undefined && (c.toks[leaveTok.i - 1]?.text === 'to' || timedLeaving);
    if (leaving && toLeave) return { ...vr, order: 'departure' };
    // "the last person seen": by last sighting, someone still there included
    return !leaving && all(c, 'verb', 'see').length > 0 && vr.n < 0 ? { ...vr, order: 'sighting' } : vr;
  };
  const personish = agent || v.has('arrive') || v.has('leave') || v.has('stay') || all(c, 'visitnoun').length > 0;

  const measure = gap ?? chooseMeasure();
  if ('ok' in measure) return measure;
  // a reference the reading does not use would be a dropped part of the question
  if (ref && !usesRef(measure, ref)) return refuse('UNUSED_CLAUSE', 'it names one visit or moment by a relative clause, and the reading could not use it');
  const m = measure;
  const negLeft = negWords.filter((t) => t.t !== 'class' && !c.used.has(t.i));
  use(c, ...negLeft);
  const nobody = c.noneTaken ? 0 : negWords.filter((t) => t.t === 'class').length;
  const negate = (negLeft.length + nobody) % 2 === 1;
  if (negate && m.measure !== 'whether') return refuse('NEGATION', 'a negation ("not", "nobody") is read only in yes/no questions and as "none there" in when and how-long questions');
  // a meaning said twice ("leave ... go away") is used once it is used
  const usedVerbs = new Set(all(c, 'verb').filter((x) => c.used.has(x.i)).map((x) => x.v));
  use(c, ...all(c, 'verb').filter((x) => usedVerbs.has(x.v)));

  if (classes.length === 0) classes = defaultClasses(c, m, { personish, named: classToks.length > 0, sound: v.has('sound'), camera: cameras[0], ...(zones[0] ? { zone: zones[0] } : {}) });
  // "the average stay of the first three visitors": those visits only
  const set = m.measure === 'duration' && m.of.kind === 'visits' ? visitSet(c) : undefined;
  if (set && m.measure === 'duration' && m.of.kind === 'visits') m.of.nths = set;
  const query: Query = {
    measure: m,
    subject: { classes },
    place: { cameras, ...(zones[0] ? { zone: zones[0] } : {}), ...(lines[0] ? { line: lines[0] } : {}), ...(dir ? { direction: dir.v } : {}), ...(all(c, 'here').some((h) => h.v === 'across') ? { across: true } : {}) },
    time: { from: window.from, to: Math.max(window.from, window.to), ...(at !== undefined && needsInstant(m) ? { at } : {}) },
  };
  if (at !== undefined && !needsInstant(m)) {
    // an instant given to a window measure: the window is that moment's second or minute
    const t = instants[0];
    if (t) {
      const span = /:\d{2}:\d{2}/.test(t.text) ? 1000 : 60_000;
      query.time = { from: at, to: at + span };
    } else if (instWord?.v !== 'now') return refuse('INSTANT_FOR_PERIOD', `"${instWord?.text ?? ''}" names a moment, but the question asks about a period`);
  }
  if (two) {
    const inner = query.measure;
    if (inner.measure !== 'count' && inner.measure !== 'times' && inner.measure !== 'duration') return refuse('COMPARISON', 'it compares two periods by something other than a count or a length');
    if (query.time.at !== undefined) return refuse('COMPARISON', 'it compares two periods and names a moment as well');
    query.measure = { measure: 'compare', of: inner, op: two.op, other: two.other };
  }
  return { ok: true, query, negate, reading: describeQuery(query, opts.timeZone) };

  /** The measure the head, verbs and conditions ask for. */
  function chooseMeasure(): Measure | Refused {
    const stay = v.get('stay');
    const arrive = v.get('arrive');
    const leave = v.get('leave');
    const agg = first(c, 'agg');
    const distinct = first(c, 'distinct');
    const once = first(c, 'once');
    switch (head) {
      case 'howlong': {
        use(c, stay, arrive && !ref ? undefined : undefined);
        const cc = countCondition(c, { not: true, ...(dropTo ? { dropTo } : {}), ...(v.has('arrive') || v.has('leave') || v.has('take') || v.has('return') || v.has('cross') ? {} : { none: negWords }) });
        // the stretches of a state: one of them, or their total
        if (cc) return stretchLength(c, cc, { explicitWindow });
        // "the second longest visit", "the visit after the longest one"
        const ranked = rankedVisit(c);
        if (ranked) {
          use(c, arrive, stay);
          return { measure: 'duration', of: { kind: 'visit', visit: ranked } };
        }
        if (agg && (agg.v === 'avg' || agg.v === 'total' || agg.v === 'max' || agg.v === 'min')) {
          use(c, agg, arrive);
          return { measure: 'duration', of: { kind: 'visits', agg: agg.v } };
        }
        // "total time people spent there": the head says the aggregate
        if (!agg && all(c, 'head', 'howlong').some((h) => /^total\b/.test(h.text))) {
          use(c, arrive);
          return { measure: 'duration', of: { kind: 'visits', agg: 'total' } };
        }
        const sup = first(c, 'super');
        if (sup) {
          use(c, sup, arrive);
          return { measure: 'duration', of: { kind: 'visits', agg: sup.v === 'longest' ? 'max' : 'min' } };
        }
        const vr = theOnly(visitRef(c, ref));
        if (vr) {
          use(c, arrive);
          return { measure: 'duration', of: { kind: 'visit', visit: vr } };
        }
        // "how long was someone at the counter": the time anyone was there (not one visit's length)
        const someone = classToks.find((t) => /^(?:someone|somebody|anyone|anybody)$/.test(t.text) || /^(?:a|an|any)$/.test(c.toks[t.i - 1]?.text ?? ''));
        if (someone && !stay && !arrive && !v.has('leave')) {
          c.assumed.push(`the time anyone was there, as "${someone.text}" names no one visit`);
          return { measure: 'duration', of: { kind: 'condition', cond: countCond('gt', 0) } };
        }
        return refuse('AMBIGUOUS_VISIT', 'it does not say which visit (the first, the last, the longest, the average?) or which state (empty, occupied, exactly N)');
      }
      case 'when': {
        const ev = eventKind(c, v, classes);
        // "when was the bottle that was taken at 10:02 put back": the next return after that moment
        if (ev === 'returned' && ref && 't' in ref && ref.t !== undefined) return { measure: 'when', of: { kind: 'event', event: ev, pick: { by: 'after', t: ref.t } } };
        if (ev && ref) return refuse('NEEDS_REID', 'it names one thing by what happened to it, and the memory counts such events without telling the things apart; ask when it happened');
        if (ev) return { measure: 'when', of: { kind: 'event', event: ev, pick: pick(c, ev === 'line_cross' ? 'crossing' : ev === 'loud_sound' ? 'loud sound' : `time one was ${ev}`) } };
        const cc = countCondition(c, { ...(dropTo ? { dropTo } : {}), ...(v.has('arrive') || v.has('leave') || v.has('take') || v.has('return') || v.has('cross') ? {} : { none: negWords }) });
        if (cc) {
          use(c, dropTo);
          return { measure: 'when', of: { kind: 'condition', cond: cc, pick: pick(c, 'time it happened'), ...(dropTo ? { change: dropTo.v === 'drop' ? 'drop' : dropTo.v === 'rise' ? 'rise' : 'any' } : {}) } };
        }
        if (leave && arrive) return refuse('BOTH_WAYS', 'it asks about both arriving and leaving');
        const seen = !arrive && !leave;
        const vr = byDeparture(theOnly(visitRef(c, ref)), Boolean(leave));
        use(c, arrive, leave);
        if (!vr && classToks.length > 0 && classToks.every((t) => /(?:s|people|men|children|staff)$/.test(t.text) && !t.agent)) return { measure: 'list', of: 'visits' };
        if (!vr) {
          c.assumed.push('the first visit, as the question names no ordinal');
          return { measure: 'when', of: { kind: leave ? 'departure' : 'arrival', visit: { by: 'nth', n: 1 } } };
        }
        // "when was the last person seen": the last sighting
        const kind = leave || (seen && vr.by === 'nth' && vr.n < 0) ? 'departure' : 'arrival';
        return { measure: 'when', of: { kind, visit: vr } };
      }
      case 'howmany':
      case 'howoften': {
        use(c, first(c, 'timesnoun'));
        if (agg?.v === 'total') use(c, agg);
        // "how many are missing" (at a moment); "how many times was one missing" counts the stretches
        const cc0 = head === 'howoften' || all(c, 'timesnoun').length > 0 ? undefined : all(c, 'cond').find((x) => x.v === 'missing');
        if (cc0) {
          use(c, cc0);
          if (at === undefined && aux?.v === 'past') return refuse('NO_WHEN', 'it does not say when (e.g. "now" or "at 10:00:33")');
          at ??= opts.now;
          return { measure: 'missing' };
        }
        // "how many bottles were there on average": the count weighted by how long it held (not per visit)
        if (agg?.v === 'avg' && head === 'howmany' && !['arrive', 'leave', 'stay', 'take', 'return', 'cross', 'sound'].some((x) => v.has(x))) {
          use(c, agg, once);
          return { measure: 'extreme', which: 'avg' };
        }
        if ((agg && (agg.v === 'max' || agg.v === 'min')) || (once && !first(c, 'num') && instants.length === 0)) {
          use(c, agg, once);
          return { measure: 'extreme', which: agg?.v === 'min' ? 'min' : 'max' };
        }
        const ev = eventKind(c, v, classes);
        // "how many people crossed": different objects; "how many times": crossings
        if (!ev && (head === 'howoften' || all(c, 'timesnoun').length > 0)) {
          // "how many times was the table empty", "... did the rack go down to one bottle"
          const cc = countCondition(c, { ...(dropTo ? { dropTo } : {}), none: negWords });
          if (cc) {
            use(c, dropTo, first(c, 'timesnoun'));
            // "how many times was it empty for over 20 s": the stretches that long
            const lasting = dropTo ? undefined : durationCondition(c);
            if (lasting) return { measure: 'times', cond: cc, lasting };
            return { measure: 'times', cond: cc, ...(dropTo ? { change: dropTo.v === 'drop' ? 'drop' : dropTo.v === 'rise' ? 'rise' : 'any' } : {}) };
          }
        }
        if (ev) {
          // "how many times was a bottle taken" counts bottles (each one taken is a time one was taken);
          // occasions ("on how many occasions", "separate times") count moments, several at once once
          const moments = all(c, 'timesnoun', 'occasion').length > 0 && (ev === 'taken' || ev === 'returned');
          return { measure: 'count', of: 'events', event: ev, ...(head === 'howmany' && (ev === 'line_cross' || ev === 'zone_enter' || ev === 'zone_exit') && classToks.length > 0 ? { distinct: true } : {}), ...(moments ? { moments: true } : {}) };
        }
        if (distinct) {
          use(c, distinct, arrive, stay, leave);
          return { measure: 'count', of: 'identities' };
        }
        const dc = durationCondition(c);
        // "how many visitors did cam0 get": visitors are counted by their arrivals
        const visitorWord = (classToks.some((t) => /^(?:visitors?|guests?|customers?|shoppers?|arrivals?|passersby)$/.test(t.text)) || all(c, 'visitnoun').length > 0) && !v.has('be') && !v.has('see') && !leave;
        if (arrive || dc || visitorWord) {
          use(c, v.get('become'));
          use(c, arrive, stay);
          return { measure: 'count', of: 'visits', ...(dc ? { where: dc } : {}) };
        }
        if (leave) {
          use(c, leave);
          // "how many bottles are gone": missing; "how many are left": still there
          if (aux && stationary(classes) && leave.text === 'gone') {
            at ??= opts.now;
            return { measure: 'missing' };
          }
          if (aux && stationary(classes)) return { measure: 'countAt' };
          return { measure: 'count', of: 'departures' };
        }
        use(c, stay, once);
        if (at !== undefined || (aux?.v === 'present' && !explicitWindow)) {
          if (at === undefined) at = opts.now;
          return { measure: 'countAt' };
        }
        if (stationary(classes)) {
          c.assumed.push('the most at once, as things that stand still are counted by how many are there, not by visits');
          return { measure: 'extreme', which: 'max' };
        }
        return { measure: 'count', of: 'present' };
      }
      case 'yesno': {
        const evs = eventComparison(c, v);
        if (evs) return { measure: 'whether', test: evs };
        const ev = eventKind(c, v, classes);
        if (ev) return { measure: 'whether', test: { kind: 'event', event: ev } };
        const cmpVisits = visitComparison(c);
        if (cmpVisits) {
          use(c, stay, arrive);
          return { measure: 'whether', test: { kind: 'compare', ...cmpVisits } };
        }
        const timed = visitTimeTest(c, v, { windows, instants, at });
        if (timed) {
          // the visit is picked among all, and the instant is the test's
          window = { from: cov.from, to: opts.now + 1 };
          at = undefined;
          return timed;
        }
        const dc = durationCondition(c);
        // "was the table ever empty for more than 5 seconds": one stretch of a state that long
        // (only when said of one stretch: "ever", "in a row", "straight"; "for more than a minute" alone may mean in total)
        const stretchWord = c.toks.some((t) => /^(?:ever|in a row|straight|at a stretch|continuously|nonstop|without a break)$/.test(t.text));
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
        if (came && at === undefined && cmpTok) {
          const n = c.toks[cmpTok.i + 1] as Extract<Token, { t: 'num' }>;
          use(c, came, cmpTok, n);
          return { measure: 'whether', test: { kind: 'visit', count: { op: cmpTok.v, n: n.v } } };
        }
        const cc = countCondition(c, { ...(dropTo ? { dropTo } : {}), ...(v.has('arrive') || v.has('leave') || v.has('take') || v.has('return') || v.has('cross') ? {} : { none: negWords }) });
        if (at === undefined && aux?.v === 'present' && !explicitWindow && !first(c, 'instant')) at = opts.now;
        const always = first(c, 'always');
        use(c, always, stay);
        if (cc) {
          use(c, first(c, 'once'));
          return { measure: 'whether', test: { kind: 'count', cond: cc, ...(always ? { all: true } : {}) } };
        }
        if ((arrive || leave) && at === undefined && !(arrive && leave)) {
          use(c, arrive, leave);
          return { measure: 'whether', test: { kind: 'visit', moment: arrive ? 'arrival' : 'departure' } };
        }
        if (at === undefined && aux?.v === 'present' && !explicitWindow) at = opts.now;
        use(c, stay, arrive);
        return { measure: 'whether', test: { kind: 'count', cond: countCond('gt', 0), ...(always ? { all: true } : {}) } };
      }
      case 'who':
      case 'whowhen': {
        const vr = visitRef(c, ref);
        if (head === 'whowhen') {
          const named = vr ? undefined : whoAtInstant(c);
          if (named) {
            // the instant names the visit; the answer is another moment of it
            at = undefined;
            return { measure: 'when', of: { kind: named.leaving ? 'departure' : 'arrival', visit: named.visit } };
          }
          if (!vr) return refuse('AMBIGUOUS_VISIT', 'it does not say which visit');
          const leaving = all(c, 'verb', 'leave').some((t) => !c.used.has(t.i));
          use(c, arrive, leave, stay);
          return { measure: 'when', of: { kind: leaving ? 'departure' : 'arrival', visit: byDeparture(vr, leaving) ?? vr } };
        }
        const ev = eventKind(c, v, classes);
        // "who took the bottle": the memory keeps what was moved, not who moved it
        if (ev === 'taken' || ev === 'returned') return refuse('NO_AGENT', `the memory records when things were ${ev === 'taken' ? 'taken' : 'put back'}, not who did it; ask when`);
        if (ev) return { measure: 'list', of: 'events', event: ev };
        use(c, arrive, leave, stay);
        if (vr) return { measure: 'visit', visit: vr };
        return { measure: 'list', of: arrive ? 'visits' : 'present' };
      }
      case 'what': {
        if (agg && (agg.v === 'max' || agg.v === 'min')) {
          use(c, agg, once);
          return { measure: 'extreme', which: agg.v };
        }
        if (v.has('happen')) return { measure: 'list', of: 'events' };
        // "what was the longest time nobody was there", "the longest stretch with all three bottles": a state's stretch
        const cc = first(c, 'super') && !stay && !arrive && !leave && all(c, 'visitnoun').length === 0 ? countCondition(c, { not: true, none: negWords }) : undefined;
        if (cc) return stretchLength(c, cc, { explicitWindow });
        // "the second longest visit", "the visit after the longest one"
        const ranked = rankedVisit(c);
        if (ranked) {
          use(c, stay, arrive);
          return { measure: 'duration', of: { kind: 'visit', visit: ranked } };
        }
        // "what was the longest stay", "what was the average visit"
        const sup = first(c, 'super');
        if (sup || agg?.v === 'avg') {
          use(c, sup, agg, stay, arrive);
          return { measure: 'duration', of: { kind: 'visits', agg: sup ? (sup.v === 'longest' ? 'max' : 'min') : 'avg' } };
        }
        // "what was the footfall": the number of visits
        const footfall = all(c, 'visitnoun').find((x) => /^(?:footfall|(?:foot )?traffic)$/.test(x.text));
        if (footfall && !agg) {
          use(c, arrive);
          return { measure: 'count', of: 'visits' };
        }
        return refuse('NO_MEASURE', 'it does not say what to find (how many, when, how long, whether)');
      }
      case 'list': {
        const ev = eventKind(c, v, classes);
        if (ev) return { measure: 'list', of: 'events', event: ev };
        use(c, arrive, leave, stay, distinct);
        const vr = visitRef(c, ref);
        if (vr) return { measure: 'visit', visit: vr };
        return { measure: 'list', of: distinct ? 'identities' : arrive || all(c, 'visitnoun').length > 0 ? 'visits' : 'present' };
      }
      default:
        return refuse('NO_MEASURE', 'it does not say what to find (how many, when, how long, whether)');
    }
  }
}

/** "the current visitor", "the ongoing visit": a singular visit noun after "the" and "current" (an instant word). */
function currentVisit(c: Ctx, classToks: readonly Token[]): boolean {
  return [...all(c, 'visitnoun'), ...classToks].some((t) => c.toks[t.i - 1]?.t === 'instant' && c.toks[t.i - 2]?.text === 'the' && !/(?:s|people)$/.test(t.text));
}

/** Whether a measure uses a reference: holds it, or (as a moment picked after it) its instant. */
function usesRef(m: Measure, ref: VisitRef): boolean {
  const json = JSON.stringify(m);
  return json.includes(JSON.stringify(ref).slice(1, -1)) || ('t' in ref && ref.t !== undefined && json.includes(`"t":${ref.t}`));
}
