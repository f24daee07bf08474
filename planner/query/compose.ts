/**
 * Composes a question's tokens into a query: first the references ("the person who came at
 * 09:01:14"), then the head (how many, when, how long, yes/no, who, which, what), then the
 * measure the head and the verbs ask for, its subject, place and time. Each step marks the tokens
 * it used; parse.ts refuses a question whose meaningful tokens were not all used.
 */
import { describeQuery } from './describe.js';
import { all, defaultClasses, first, leftOnPlace, stationary, use, type Ctx } from './ctx.js';
import { needsInstant } from './measures/index.js';
import { complement, durationCondition, references, verbs, type Verb } from './compose-parts.js';
import { refused, type Refused } from './parse-types.js';
import type { Measure, Query, VisitRef } from './schema.js';
import type { Token } from './scan.js';
import { chooseHead, elapsedSince, interrogativeNot, subordinateWhen } from './compose-head.js';
import { elapsedMeasure, leadingMoment, momentOrder, spansCompared, trailingMoment, untilNext } from './compose-elapsed.js';
import { twoInstants, twoWindows, type TwoWindows } from './compose-compare.js';
import { aboutNow } from './compose-stretch.js';
import { visitSet } from './compose-visits.js';
import type { Reading, Words } from './compose-reading.js';
import { howLong } from './compose-howlong.js';
import { howMany } from './compose-howmany.js';
import { whenMeasure, whoMeasure } from './compose-when.js';
import { yesNo } from './compose-yesno.js';
import { listMeasure, whatMeasure } from './compose-what.js';
import { busiestOf } from './compose-busiest.js';
import { composeLook } from './compose-look.js';
import { repeatClause, type Repeat } from './compose-repeat.js';

/** The settled count needs a moment after the recording starts: "at the start" reads this long after it. */
export const START_MS = 2000;

type Composed = { ok: true; query: Query; negate: boolean; reading: string } | Refused;
type TimeTok = Extract<Token, { t: 'time' }>;
type ClassTok = Extract<Token, { t: 'class' }>;

const refuse = refused;

/** The subject: the class words (used), their classes, the words of none, whether a person acts. */
function readSubject(c: Ctx): { classToks: ClassTok[]; classes: string[]; negWords: Token[]; agent: boolean } {
  const classToks = all(c, 'class');
  use(c, ...classToks);
  const classes = [...new Set(classToks.flatMap((t) => t.v))];
  // "nobody", "no one", "not": a count of none, or a negated yes/no (decided with the measure)
  const tag = interrogativeNot(c);
  // ("go a minute with nobody at it": the none is the state said, the class stays; see `scan-restate.ts`)
  const negWords = [...classToks.filter((t) => (t.text === 'nobody' || t.text === 'none') && !t.emptied), ...all(c, 'neg').filter((t) => t !== tag)];
  const agent = classToks.some((t) => t.agent) || c.toks.some((t) => t.t === 'head' && t.v === 'who');
  return { classToks, classes, negWords, agent };
}

/** The places: cameras, one zone and one line (several are refused), and a crossing direction. */
function readPlaces(c: Ctx): { cameras: string[]; zones: string[]; lines: string[]; dir: Extract<Token, { t: 'dir' }> | undefined } | Refused {
  const places = all(c, 'place');
  use(c, ...places, ...all(c, 'here'));
  const cameras = [...new Set(places.filter((p) => p.v.kind === 'camera').map((p) => p.v.id))];
  const zones = [...new Set(places.filter((p) => p.v.kind === 'zone').map((p) => p.v.id))];
  const lines = [...new Set(places.filter((p) => p.v.kind === 'line').map((p) => p.v.id))];
  if (zones.length > 1 || lines.length > 1) return refuse('SEVERAL_PLACES', `the question names several ${zones.length > 1 ? 'zones' : 'lines'}; ask about one at a time`);
  const dir = first(c, 'dir');
  use(c, dir);
  return { cameras, zones, lines, dir };
}

/** What the times of a question say. */
interface Times {
  two: TwoWindows | undefined;
  windows: TimeTok[];
  instants: TimeTok[];
  window: { from: number; to: number };
  instWord: Extract<Token, { t: 'instant' }> | undefined;
  at: number | undefined;
}

/** The times: the window (periods intersected), the instant, two windows compared; several instants or disjoint periods are refused. */
function readTimes(c: Ctx): Times | Refused {
  const { opts } = c;
  const times = all(c, 'time').filter((t) => !c.used.has(t.i));
  use(c, ...times);
  // "more ... in the first minute than in the second": two windows compared, the question read over the first
  const said = times.filter((t) => t.v.instant !== undefined);
  // "more bottles at 07:44:40 than at 07:45:10": two instants compared, the question read at the first
  const two = twoWindows(c, times.filter((t) => t.v.instant === undefined)) ?? twoInstants(c, said);
  const windows = times.filter((t) => t.v.instant === undefined && t !== two?.second);
  const instants = said.filter((t) => t !== two?.second);
  if (instants.length > 1) return refuse('SEVERAL_TIMES', `the question names several instants (${instants.map((t) => `"${t.text}"`).join(', ')}); ask about one at a time`);
  const cov = opts.coverage;
  let window = windows.length > 0 ? { from: -Infinity, to: Infinity } : { from: cov.from, to: opts.now + 1 };
  for (const w of windows) window = { from: Math.max(window.from, w.v.from), to: Math.min(window.to, w.v.to) };
  if (windows.length > 1 && window.to <= window.from) return refuse('DISJOINT_PERIODS', `the periods ${windows.map((w) => `"${w.text}"`).join(' and ')} do not overlap; ask about one at a time`);
  const instWord = first(c, 'instant');
  use(c, instWord);
  let at: number | undefined = instants[0]?.v.instant;
  // "on 2 November ... at 16:00" read as two: an instant outside the period said is no moment of it
  const inst = instants[0];
  if (inst && at !== undefined && windows.length > 0 && (at < window.from || at >= window.to)) return refuse('DISJOINT_PERIODS', `the moment "${inst.text}" is not within ${windows.map((w) => `"${w.text}"`).join(' and ')}; ask about one at a time`);
  if (at === undefined && instWord) at = instWord.v === 'now' ? opts.now : instWord.v === 'start' ? cov.from + START_MS : cov.to;
  return { two, windows, instants, window, instWord, at };
}

/** The verbs, with "left on the rack" (remaining), "back" as a state and who acts on what; people coming back are refused (re-identification). */
function readVerbs(c: Ctx, s: ReturnType<typeof readSubject>, at: number | undefined, named0: VisitRef | undefined, afterMoment = false): { v: Map<string, Verb>; classes: string[]; returned?: Token; ref?: VisitRef } | Refused {
  const { classToks, agent } = s;
  let classes = s.classes;
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
  const back = v.get('return') ?? (v.has('arrive') && c.toks.some((t) => AGAIN.has(t.text)) ? v.get('arrive') : undefined);
  // "when did someone show up again after the long quiet spell": anyone coming anew after that moment, not a return of one person
  if (back && afterMoment && classToks.some((t) => /^(?:someone|somebody|anyone|anybody)$/.test(t.text))) {
    const again = c.toks.filter((t) => t.i > back.i && AGAIN.has(t.text));
    use(c, ...again);
    if (back.v === 'return') {
      v.delete('return');
      v.set('arrive', { ...back, v: 'arrive' });
    }
    return { v, classes };
  }
  if (back && !stationary(classes) && (classes.length > 0 || agent)) {
    // "did anyone come back (later, for a second go)?": yes when re-identification saw one person twice
    // (one person named by a moment, "the person who came at 09:00:10", needs more than re-identification's count)
    const named = c.toks.some((t) => t.t === 'time' && t.v.instant !== undefined);
    if (asksWhether(c) && !all(c, 'head').some((h) => !c.used.has(h.i)) && at === undefined && !named) return { v, classes, returned: back };
    // "when did she come back?", "how long did the one who came back stay?": the first return (by re-identification)
    const counted = all(c, 'head').some((h) => h.v === 'howmany' || h.v === 'howoften');
    if (at === undefined && !named && !named0 && !counted) return { v: returnVisit(c, v, back), classes, ref: { by: 'return' } };
    return refuse('NEEDS_REID', `"${back.text}" asks whether someone returned, which needs telling people apart across visits; ask how many different people came, or how many visits there were`);
  }
  return { v, classes };
}

/**
 * "How many times did the man in black come?", "the guy in the black top - how long did he spend
 * there in all?": one person said with "the" (a singular class word) whose visits are counted or
 * added up is one identity's visits (the executor refuses when several fit).
 */
function oneOf(c: Ctx, classToks: readonly Extract<Token, { t: 'class' }>[], m: Measure): boolean {
  // "when did the man in the black T-shirt leave for the last time": his last departure, not the last of anyone dressed so
  const looked = all(c, 'look').some((t) => !c.momentLooks?.includes(t.i));
  const picked = m.measure === 'when' && (m.of.kind === 'arrival' || m.of.kind === 'departure') && m.of.visit.by === 'nth' && looked;
  // "did the man in the black T-shirt come by": whether one person dressed so came (never anyone dressed so)
  const came = m.measure === 'whether' && m.test.kind === 'visit' && looked;
  const ofVisits = (m.measure === 'count' && m.of === 'visits') || (m.measure === 'duration' && m.of.kind === 'visits') || picked || came;
  return ofVisits && classToks.some((t) => !t.plural && !t.agent && c.toks[t.i - 1]?.text === 'the' && t.v.length > 0);
}

/** Words that say an arrival happened again (a return). */
const AGAIN = new Set(['again', 'more than once']);

/**
 * Composes the query. Returns the query, whether a yes/no answer is negated, and a reading for
 * messages, or a refusal.
 */
export function compose(c: Ctx): Composed {
  const subject = readSubject(c);
  const places = readPlaces(c);
  if ('ok' in places) return places;
  // "the person who came three times": people named by how many times they came
  const repeat = repeatClause(c);
  // "when did someone show up after that long quiet spell": a moment said last, where the window begins
  const trailing = trailingMoment(c);
  // references and negation
  const refs = references(c);
  const times = readTimes(c);
  if ('ok' in times) return times;
  const verbsRead = readVerbs(c, subject, times.at, refs, trailing !== undefined);
  if ('ok' in verbsRead) return verbsRead;
  // "how long until the first person came", "the gap between the fourth and fifth visitors"
  const ref = verbsRead.ref ?? refs;
  const gap = verbsRead.returned ? cameBack(c, verbsRead.returned) : (untilNext(c, ref) ?? spanTest(c, ref) ?? orderTest(c, ref) ?? elapsedMeasure(c, ref));
  if (gap && 'ok' in gap) return gap;
  // "how long was he gone between his first and second visits": being gone is that span
  if (gap?.measure === 'elapsed' && gap.from.kind === 'departure' && gap.to.kind === 'arrival') use(c, ...all(c, 'verb', 'leave').filter((t) => t.text === 'gone'));
  // "how long after the recording began ...", "empty at the beginning before ...": the span runs from the start already
  // ("... until the recording ended": the span runs to the end already)
  const fromStart = gap?.measure === 'elapsed' && gap.from.kind === 'start' && times.instWord?.v === 'start' && times.instants.length === 0;
  const toEnd = gap?.measure === 'elapsed' && gap.to.kind === 'end' && times.instWord?.v === 'end' && times.instants.length === 0;
  if (fromStart || toEnd) Object.assign(times, { at: undefined, instWord: undefined });
  if (!gap && elapsedSince(c)) return refuse('TWO_MOMENTS', 'it asks how long after (or before) one moment something happened; ask when it happened');
  // ("how long had it been empty when the third car rolled in": a span that read the "when" itself)
  if (subordinateWhen(c) && !all(c, 'head', 'when').some((h) => c.used.has(h.i))) return refuse('TWO_MOMENTS', 'it asks about the moment something else happened ("when ..."); ask when that happened, then ask about that time');
  // "after the first visitor left, when was it first empty?": the window begins at that moment
  const from = gap ? undefined : (trailing ?? leadingMoment(c));
  if (from && 'ok' in from) return from;
  // the clause's verb ("left") is the moment's, not the question's
  if (from) for (const [k, x] of verbsRead.v) if (c.used.has(x.i)) verbsRead.v.delete(k);
  const r = reading(c, subject, times, verbsRead, ref, gap ? null : times.two ? 'howmany' : chooseHead(c));
  const measure = gap ?? chooseMeasure(r);
  if ('ok' in measure) return measure;
  // a reference the reading does not use would be a dropped part of the question
  if (ref && !usesRef(measure, ref)) return refuse('UNUSED_CLAUSE', 'it names one visit or moment by a relative clause, and the reading could not use it');
  const done = finish(c, r, measure, { ...subject, ...places, ...times, personish: personish(c, subject.agent, r.v), agent: subject.agent, repeat });
  if (!from || !done.ok) return done;
  // at an instant, or comparing two windows, a window's beginning is not read
  if (done.query.time.at !== undefined || done.query.measure.measure === 'compare') return refuse('TWO_MOMENTS', 'it names a moment the question counts from and another moment or period as well; ask about one');
  return { ...done, query: { ...done.query, time: { ...done.query.time, [from.side]: from.moment } } };
}

/**
 * The verbs of a question about the first return: "came back" (with "again", "a second time") is
 * used; alone, it is the arrival asked about ("when did she come back?" is when the return began).
 */
function returnVisit(c: Ctx, v: Map<string, Verb>, back: Verb): Map<string, Verb> {
  useAgain(c, back);
  const out = new Map(v);
  out.delete('return');
  if (back.v === 'arrive') out.delete('arrive');
  const others = [...out.keys()].filter((k) => k !== 'be' && k !== 'see');
  if (others.length === 0) out.set('arrive', { ...back, v: 'arrive' });
  return out;
}

/**
 * "Was the gap between the first and the second customer longer than 10 seconds?": a yes/no
 * question (no question word) about a span between two moments, compared with a length.
 */
function spanTest(c: Ctx, ref: VisitRef | undefined): Measure | Refused | undefined {
  const two = ref ? undefined : spansCompared(c);
  if (two) return 'ok' in two ? two : { measure: 'whether', test: { kind: 'spans', a: two.a, op: two.op, b: two.b } };
  if (all(c, 'head').length > 0 || !all(c, 'elapse').some((e) => e.v === 'between')) return undefined;
  const dc = durationCondition(c);
  if (!dc) return undefined;
  const e = elapsedMeasure(c, ref);
  if (!e || 'ok' in e || e.measure !== 'elapsed') return e;
  return { measure: 'whether', test: { kind: 'span', from: e.from, to: e.to, ...(e.next ? { next: true } : {}), where: dc } };
}

/** "Did the man in grey turn up before the woman in black?": the order of two moments (see `momentOrder`). */
function orderTest(c: Ctx, ref: VisitRef | undefined): Measure | Refused | undefined {
  const o = momentOrder(c, ref);
  return o && !('ok' in o) ? { measure: 'whether', test: { kind: 'order', a: o.a, b: o.b } } : o;
}

/**
 * "Did anyone come back?", "did the man in black come back later, for a second go?": whether one
 * person was seen on two visits; "did the first customer come back": whether that one was. Words
 * that restate the return ("again", "later", "a second time") are part of it.
 */
function cameBack(c: Ctx, back: Token): Measure {
  useAgain(c, back);
  // "did the first customer come back": that one's return
  const ord = all(c, 'ord').find((o) => !c.used.has(o.i) && c.toks[o.i + 1]?.t === 'class');
  // "the man who came in first - did he come back?": the order said in a clause about the person
  const clause = ord ? undefined : arrivalOrderClause(c, back);
  const n = ord?.v ?? clause?.ord.v;
  if (n === undefined) return { measure: 'whether', test: { kind: 'returned' } };
  use(c, ord, ...(clause?.toks ?? []));
  return { measure: 'whether', test: { kind: 'returned', visit: { by: 'nth', n } } };
}

/**
 * "the man who came in first", "the guy in black who was first in", "the woman that arrived
 * last": a relative clause after the person (or their look) that names their visit by its order
 * of arrival, before the question's own verb `back`. Its ordinal and the clause's words, or none.
 */
function arrivalOrderClause(c: Ctx, back: Token): { ord: Extract<Token, { t: 'ord' }>; toks: Token[] } | undefined {
  for (const r of c.toks) {
    const rel = r.t === 'rel' || (r.t === 'head' && (r.v === 'who' || r.text === 'that'));
    const before = c.toks[r.i - 1];
    if (!rel || r.i > back.i || !(before?.t === 'class' || before?.t === 'look')) continue;
    const words: Token[] = [];
    for (const x of c.toks.slice(r.i + 1, back.i)) {
      if (x.t === 'sep' || x.t === 'head' || (x.t === 'aux' && words.length > 0)) break;
      words.push(x);
    }
    const ord = words.find((x): x is Extract<Token, { t: 'ord' }> => x.t === 'ord' && !c.used.has(x.i));
    const arrived = words.some((x) => x.t === 'verb' && x.v === 'arrive');
    // "who was first in", "who was the first one there": being first in is arriving first
    const wasIn = words[0]?.t === 'aux' && words.some((x) => x.text === 'in' || x.text === 'there' || x.text === 'here');
    const other = words.some((x) => (x.t === 'verb' && x.v !== 'arrive') || x.t === 'time' || x.t === 'num' || x.t === 'word');
    if (!ord || !(arrived || wasIn) || other) continue;
    return { ord, toks: [r, ...words] };
  }
  return undefined;
}

/**
 * Whether the asking clause opens with an auxiliary (a yes/no question): the message's first
 * word, or the first after a dash or comma that sets a topic off ("the first man - did he ...").
 */
function asksWhether(c: Ctx): boolean {
  const opener = c.toks.find((t) => t.t !== 'skip' && t.t !== 'sep');
  if (opener?.t === 'aux') return true;
  const lastSep = c.toks.findLastIndex((t) => t.t === 'sep');
  return lastSep >= 0 && c.toks.slice(lastSep + 1).find((t) => t.t !== 'skip')?.t === 'aux';
}

/** Uses a return's verb and the words that restate it: "again", "(for) a second go", "the second time". */
function useAgain(c: Ctx, back: Token): void {
  const again = c.toks.filter((t, k) => t.i > back.i && (AGAIN.has(t.text) || (t.text === 'second' && /^(?:time|go|visit)$/.test(c.toks[k + 1]?.text ?? ''))));
  const leaving = ownLeaving(c, back.i + 1);
  use(c, back, ...leaving, ...again, ...again.filter((t) => t.text === 'second').flatMap((t) => [/^(?:a|the)$/.test(c.toks[t.i - 1]?.text ?? '') ? c.toks[t.i - 1] : undefined, c.toks[t.i + 1]]));
}

/**
 * "come back after leaving", "... after he left (the first time)": the leaving is the return's own,
 * restated. The tokens that restate it from `k`, or none.
 */
function ownLeaving(c: Ctx, k: number): Token[] {
  const rank = c.toks[k];
  if (rank?.t !== 'rank' || rank.v !== 'after') return [];
  const pronoun = /^(?:he|she|they|it)$/.test(c.toks[k + 1]?.text ?? '') && agrees(c, c.toks[k + 1]?.text ?? '') ? [c.toks[k + 1] as Token] : [];
  const verb = c.toks[k + 1 + pronoun.length];
  const ok = verb?.t === 'verb' && (pronoun.length > 0 ? verb.v === 'leave' && !/ing$/.test(verb.text) : /^(?:leaving|going)$/.test(verb.text));
  if (!ok) return [];
  // "the first time": the leaving before the return is its first
  const j = verb.i + 1;
  const [a, o, t] = [c.toks[j], c.toks[j + 1], c.toks[j + 2]];
  const firstTime = a?.text === 'the' && o?.t === 'ord' && o.v === 1 && t?.text === 'time' ? [a, o, t] : [];
  return [rank, ...pronoun, verb, ...firstTime];
}

/** Whether "he"/"she" can be the one the question names ("the woman ... after he left" is someone else). */
function agrees(c: Ctx, pronoun: string): boolean {
  const words = c.toks.flatMap((t) => (t.t === 'look' ? [t.text, ...t.v.ignored] : [t.text]));
  const other = pronoun === 'he' ? FEMALE : pronoun === 'she' ? MALE : undefined;
  return !other || !words.some((w) => other.test(w));
}

const MALE = /^(?:man|men|guy|guys|boy|boys|gentleman|gentlemen|male|males|he|him|his)$/;
const FEMALE = /^(?:woman|women|lady|ladies|girl|girls|female|females|she|her|hers)$/;

/** The reading the measure is chosen from: the head, its helper words and how "the person" is picked. */
function reading(c: Ctx, s: ReturnType<typeof readSubject>, times: Times, verbsRead: { v: Map<string, Verb>; classes: string[] }, ref: VisitRef | undefined, head: Reading['head']): Reading {
  const { opts } = c;
  const { classToks, negWords } = s;
  const { windows, instants, instWord } = times;
  const { v } = verbsRead;
  const explicitWindow = windows.length > 0;
  const aux = first(c, 'aux');
  use(c, ...all(c, 'head'), ...all(c, 'aux'), ...all(c, 'visitnoun'), v.get('be'), v.get('see'), v.get('happen'));
  const dropTo = v.get('drop') ?? v.get('rise') ?? v.get('become');
  // "the person", "the bottle": the only one (the executor says so when there were several)
  // ("the red car": a look between the article and its noun)
  const before = (t: Token): string | undefined => c.toks[c.toks[t.i - 1]?.t === 'look' ? t.i - 2 : t.i - 1]?.text;
  const definite = classToks.some((t) => before(t) === 'the' && t.plural !== true) || currentVisit(c, classToks);
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
  return { c, opts, cov: opts.coverage, v, head, ref, classes: verbsRead.classes, classToks, negWords, dropTo, explicitWindow, windows, instants, aux, at: times.at, window: times.window, theOnly, byDeparture };
}

/** Whether the question speaks of people (someone acts, arrives, leaves, stays, visits). */
function personish(c: Ctx, agent: boolean, v: Map<string, Verb>): boolean {
  // "how many were standing there": things stand too (the class seen there is the subject, said so)
  const stay = v.get('stay');
  return agent || v.has('arrive') || v.has('leave') || (stay !== undefined && !('posture' in stay && stay.posture)) || all(c, 'visitnoun').length > 0;
}

/** The measure the head, verbs and conditions ask for. */
function chooseMeasure(r: Reading): Measure | Refused {
  const { c, v } = r;
  const w: Words = { stay: v.get('stay'), arrive: v.get('arrive'), leave: v.get('leave'), agg: first(c, 'agg'), distinct: first(c, 'distinct'), once: first(c, 'once') };
  const busiest = busiestOf(r, w);
  if (busiest) return busiest;
  switch (r.head) {
    case 'howlong':
      return howLong(r, w);
    case 'when':
      return whenMeasure(r, w);
    case 'howmany':
    case 'howoften':
      return howMany(r, w);
    case 'yesno':
      return yesNo(r, w);
    case 'who':
    case 'whowhen':
      return whoMeasure(r, w);
    case 'what':
      return whatMeasure(r, w);
    case 'list':
      return listMeasure(r, w);
    default:
      return refuse('NO_MEASURE', 'it does not say what to find (how many, when, how long, whether)');
  }
}

/**
 * "How long was the yard empty at the start of the recording?": the state the window began in, up
 * to when it first ended (the time from the start to the first moment its opposite held: none long
 * when it did not hold at the start). Undefined for other measures.
 */
function openingStretch(m: Measure): Measure | undefined {
  if (m.measure !== 'duration' || m.of.kind !== 'condition' || m.of.episode !== undefined || m.of.lasting || m.of.rank !== undefined) return undefined;
  const opposite = complement(m.of.cond);
  return opposite ? { measure: 'elapsed', from: { kind: 'start' }, to: { kind: 'condition', cond: opposite, pick: { by: 'nth', n: 1 } } } : undefined;
}

/** What the query is built of besides the measure. */
interface Parts {
  classToks: ClassTok[];
  negWords: Token[];
  cameras: string[];
  zones: string[];
  lines: string[];
  dir: Extract<Token, { t: 'dir' }> | undefined;
  two: TwoWindows | undefined;
  instants: TimeTok[];
  instWord: Extract<Token, { t: 'instant' }> | undefined;
  personish: boolean;
  /** Someone is said to act ("someone", "anyone"). */
  agent: boolean;
  repeat: Repeat | undefined;
}

/** The query of a chosen measure: negation, the default subject, the place, the window or instant, two windows compared. */
function finish(c: Ctx, r: Reading, m: Measure, p: Parts): Composed {
  const { opts } = c;
  const { negWords, classToks, cameras, zones, lines, dir, two, instants, instWord } = p;
  const { v, window, at } = r;
  let classes = r.classes;
  const negLeft = negWords.filter((t) => t.t !== 'class' && !c.used.has(t.i));
  use(c, ...negLeft);
  const nobody = c.noneTaken ? 0 : negWords.filter((t) => t.t === 'class').length;
  const negate = (negLeft.length + nobody) % 2 === 1;
  if (negate && m.measure !== 'whether') return refuse('NEGATION', 'a negation ("not", "nobody") is read only in yes/no questions and as "none there" in when and how-long questions');
  // a meaning said twice ("leave ... go away") is used once it is used
  const usedVerbs = new Set(all(c, 'verb').filter((x) => c.used.has(x.i)).map((x) => x.v));
  use(c, ...all(c, 'verb').filter((x) => usedVerbs.has(x.v)));
  // "together at one time", "not counting repeat visits ... different": one meaning said twice
  for (const kind of ['once', 'distinct'] as const) if (all(c, kind).some((x) => c.used.has(x.i))) use(c, ...all(c, kind));
  // "in total ... altogether": one sum said twice
  for (const g of all(c, 'agg')) if (all(c, 'agg', g.v).some((x) => c.used.has(x.i))) use(c, g);

  if (classes.length === 0) classes = defaultClasses(c, m, { personish: p.personish, agent: p.agent, named: classToks.length > 0, sound: v.has('sound'), camera: cameras[0], ...(zones[0] ? { zone: zones[0] } : {}) });
  // "the average stay of the first three visitors": those visits only
  const set = m.measure === 'duration' && m.of.kind === 'visits' ? visitSet(c) : undefined;
  if (set && m.measure === 'duration' && m.of.kind === 'visits') m.of.nths = set;
  // "who was driving the car": a person asked about a thing is someone the memory cannot name
  if (c.toks.some((t) => t.t === 'head' && t.v === 'who') && classes.length > 0 && !classes.includes('person')) return refuse('NO_AGENT', `"who" asks for a person, and the question is about ${classes.join(' and ')}s; the memory holds when they were seen, not who was with them`);
  const described = composeLook(c, classes);
  if ('ok' in described) return described;
  // "the fewest bottles standing there": a posture said of still things is their being there
  if (classes.length > 0 && stationary(classes)) use(c, ...all(c, 'verb', 'stay').filter((x) => x.posture === true));
  let repeat = p.repeat;
  // "did anyone visit twice?": whether someone came back (re-identification; a "no" only where it can be said)
  if (repeat?.asked) {
    if (m.measure !== 'whether') return refuse('UNUSED_CLAUSE', 'it names people by how many times they came, and asks something other than whether one did');
    m = repeat.visits.op === 'ge' && repeat.visits.n === 2 ? { measure: 'whether', test: { kind: 'returned' } } : { measure: 'whether', test: { kind: 'visit' } };
    if (m.test.kind === 'returned') repeat = undefined;
  }
  // "how many people came twice": the people are counted, not their visits
  if (repeat?.counted) {
    if (m.measure !== 'count' || (m.of !== 'visits' && m.of !== 'identities' && m.of !== 'present')) return refuse('UNUSED_CLAUSE', 'it names people by how many times they came, and asks something other than how many there were');
    m = { measure: 'count', of: 'identities' };
  }
  // "the left bottle": one thing by its place in the picture (one place only)
  const spots = all(c, 'spot');
  if (spots.length > 1) return refuse('SEVERAL_PLACES', `the question names several places in the picture (${spots.map((x) => `"${x.text}"`).join(', ')}); ask about one at a time`);
  const spot = spots[0];
  use(c, spot);
  // "the person who came three times": one identity (refused when several fit)
  const theOne = c.toks.some((t) => t.t === 'num' && t.text === 'one' && c.toks[t.i - 1]?.text === 'the');
  const oneRepeat = repeat !== undefined && !repeat.counted && (theOne || classToks.some((t) => !t.plural && c.toks[t.i - 1]?.text === 'the'));
  const query: Query = {
    measure: m,
    subject: { classes, ...described, ...(spot ? { spot: spot.v } : {}), ...(oneOf(c, classToks, m) || oneRepeat || c.onePerson ? { one: true as const } : {}), ...(repeat ? { visits: repeat.visits } : {}) },
    place: { cameras, ...(zones[0] ? { zone: zones[0] } : {}), ...(lines[0] ? { line: lines[0] } : {}), ...(dir ? { direction: dir.v } : {}), ...(all(c, 'here').some((h) => h.v === 'across') ? { across: true } : {}) },
    time: { from: window.from, to: Math.max(window.from, window.to), ...(at !== undefined && needsInstant(m) ? { at } : {}) },
  };
  if (at !== undefined && !needsInstant(m)) {
    // an instant given to a window measure: the window is that moment's second or minute
    const t = instants[0];
    // "how long had it been empty at 17:37:00": a length at a second is no period (the stretch up to it is not read)
    if (t && t.toSecond && m.measure === 'duration' && m.of.kind === 'condition') return refuse('INSTANT_FOR_PERIOD', `"${t.text}" names a moment, but the question asks how long something lasted`);
    const opening = instWord?.v === 'start' && !t ? openingStretch(m) : undefined;
    if (t) {
      const span = t.toSecond ? 1000 : 60_000;
      query.time = { from: at, to: at + span };
    } else if (opening) query.measure = opening;
    else if (instWord?.v !== 'now' && !(instWord?.v === 'end' && m.measure === 'duration' && m.of.kind === 'condition' && m.of.episode === 'current')) return refuse('INSTANT_FOR_PERIOD', `"${instWord?.text ?? ''}" names a moment, but the question asks about a period`);
  }
  if (two) {
    const inner = query.measure;
    if (two.other.at !== undefined) {
      // two instants: the count at each
      if (inner.measure !== 'countAt') return refuse('COMPARISON', 'it compares two moments by something other than how many were there');
    } else if (inner.measure !== 'count' && inner.measure !== 'times' && inner.measure !== 'duration') return refuse('COMPARISON', 'it compares two periods by something other than a count or a length');
    else if (query.time.at !== undefined) return refuse('COMPARISON', 'it compares two periods and names a moment as well');
    query.measure = { measure: 'compare', of: inner, op: two.op, other: two.other };
  }
  return { ok: true, query, negate, reading: describeQuery(query, opts.timeZone) };
}

/** "the current visitor", "the ongoing visit": a singular visit noun after "the" and "current" (an instant word). */
function currentVisit(c: Ctx, classToks: readonly Token[]): boolean {
  return [...all(c, 'visitnoun'), ...classToks].some((t) => c.toks[t.i - 1]?.t === 'instant' && c.toks[t.i - 2]?.text === 'the' && t.sPlural !== true);
}

/** Whether a measure uses a reference: holds it, or (as a moment picked after it) its instant. */
function usesRef(m: Measure, ref: VisitRef): boolean {
  const json = JSON.stringify(m);
  return json.includes(JSON.stringify(ref).slice(1, -1)) || ('t' in ref && ref.t !== undefined && json.includes(`"t":${ref.t}`));
}
