/**
 * Composition of the `elapsed` measure: the time between two moments. "How long until/before
 * <moment>" and "how long did the <place> wait for <moment>" run from the start of the window;
 * "how long since <moment>" runs to its end; "how long after <moment> did <moment>" from one to
 * the other (the second, without an ordinal, is the next one after the first); "the gap (time)
 * between the fourth and fifth visitors" from the departure of the one to the arrival of the
 * other. Each moment is a clause read whole: an arrival or departure of one visit, one event, or
 * one start of a count condition. A clause with a word it cannot place is refused, never guessed.
 */
import { all, countCond, stationary, use, type Ctx } from './ctx.js';
import { countCondition } from './compose-parts.js';
import { refused, type Refused } from './parse-types.js';
import type { EventKind, Found, Measure, Moment, Span, VisitRef } from './schema.js';
import type { Token } from './scan.js';
import { LOOK_LABELS } from './look.js';
import { lookOf } from './compose-look.js';

type Elapsed = Extract<Measure, { measure: 'elapsed' }>;
/** How a clause's moment is placed: the second of a span from the start (`to`), the first of one to the end (`since`), the first of two (`from`), the second of two (`next`: picked after the first). */
/** What a moment is to the question: a span's end or start, the next one, or (`after`) where its window begins. */
type Role = 'to' | 'since' | 'from' | 'next' | 'after';

const refuse = refused;
const MOMENT_VERBS = new Set(['arrive', 'leave', 'take', 'return', 'cross']);
/** Words that point back at something named before ("did they leave", "was it put back"): the clause cannot say whom. */
const PRONOUN = /^(?:it|they|them|he|she|him|her|its|their|his|theirs)$/;

/** A moment read from a clause, with the classes the clause names. */
interface Read {
  moment: Moment;
  classes: string[];
  /** The clause named no ordinal (the next one, when picked after another moment). */
  bare: boolean;
}

/** The parts of a clause read as one moment (see {@link clauseMoment}). */
interface Parts {
  ord?: Extract<Token, { t: 'ord' }>;
  verbs: Extract<Token, { t: 'verb' }>[];
  conds: Token[];
  classes: Token[];
  be: boolean;
  sup?: Extract<Token, { t: 'super' }>;
  /** "two bottles ... at once": how many went together. */
  items?: Extract<Token, { t: 'num' }>;
  /** "all three were back": the count back to that. */
  allBack?: Extract<Token, { t: 'num' }>;
  /** "the woman in the grey cardigan left": how the one whose visit it is looks. */
  look?: Extract<Token, { t: 'look' }>;
}

/** Sorts a clause's tokens into the parts of a moment; a refusal for a word that is none. */
function momentParts(c: Ctx, toks: readonly Token[], role: Role, what: () => string): Parts | Refused {
  const p: Parts = { verbs: [], conds: [], classes: [], be: false, ...togetherOrAll(toks) };
  const { items, allBack } = p;
  for (const [k, t] of toks.entries()) {
    if (t.t === 'class') p.classes.push(t);
    else if (c.used.has(t.i)) continue;
    else if ((items && (t === items || t.t === 'once')) || (allBack && (t === allBack || t.t === 'all'))) continue;
    // "after the longest empty stretch", "after that long quiet spell": a stretch of a state, by its length
    else if (t.t === 'super' && !p.sup) p.sup = t;
    else if (t.t === 'rel' && /^(?:that|this)$/.test(t.text) && (toks[k + 1]?.t === 'super' || toks[k + 1]?.t === 'cond')) continue;
    else if (t.t === 'skip' && PRONOUN.test(t.text)) return refuse('DANGLING_REFERENCE', `"${t.text}" in "${what()}" refers back to something, and the memory cannot tell which`);
    else if (t.t === 'skip' || t.t === 'sep' || t.t === 'visitnoun') continue;
    else if (t.t === 'look' && !p.look) p.look = t;
    else if (t.t === 'aux') p.be = true;
    // ("... and the next one arriving": the one after the first moment, as with no ordinal)
    else if (t.t === 'ord' && t.text === 'next' && role === 'next') continue;
    else if (t.t === 'ord' && !p.ord) p.ord = t;
    else if (t.t === 'verb' && MOMENT_VERBS.has(t.v)) p.verbs.push(t);
    else if (t.t === 'verb' && (t.v === 'be' || t.v === 'see')) p.be = true;
    else if (t.t === 'verb' && (t.v === 'become' || t.v === 'drop' || t.v === 'rise')) p.conds.push(t);
    else if (t.t === 'cond' || t.t === 'cmp') p.conds.push(t);
    else if (t.t === 'num' && (t.text === 'one' || p.conds.length > 0)) p.conds.push(t);
    else return refuse('UNREAD_MOMENT', `it asks for the time between two moments, but I could not read "${t.text}" in "${what()}" as part of one`);
  }
  return p;
}

/**
 * Reads a clause as one moment, marking its words used; a refusal when it holds a word that is not
 * part of a moment, two moments, or does not say which one.
 */
function clauseMoment(c: Ctx, toks: readonly Token[], role: Role, classesOf: (t: Token[]) => string[]): Read | Refused {
  const what = (): string => toks.map((t) => t.text).join(' ');
  const parts = momentParts(c, toks, role, what);
  if ('ok' in parts) return parts;
  const { ord, verbs, conds, classes, be, sup, items, allBack, look } = parts;
  const cls = classesOf(classes);
  const kinds = new Set(verbs.map((v) => v.v));
  const realConds = conds.filter((t) => t.t === 'cond' || t.t === 'cmp');
  if (kinds.size > 1 || (kinds.size > 0 && realConds.length > 0)) return refuse('UNREAD_MOMENT', `"${what()}" names more than one moment`);
  const n = ord?.v;
  // which one: the ordinal; the next after the first moment; the first from the start; the last before the end
  // ("two bottles were grabbed at once" said as where a span begins: the first time, said)
  const firstTogether = role === 'from' && n === undefined && items !== undefined;
  const nth = (): number | Refused => n ?? (role === 'to' || role === 'next' || role === 'after' || firstTogether ? 1 : role === 'since' ? -1 : refuse('AMBIGUOUS_MOMENT', `"${what()}" does not say which one (the first, the last?)`));
  if (role === 'since' && n === undefined) c.assumed.push(`the last one, as "${what()}" names no ordinal`);
  if ((role === 'after' || firstTogether) && n === undefined) c.assumed.push(`the first time, as "${what()}" names no ordinal`);
  if (look && (look.v.unjudged || !cls.every((k) => LOOK_LABELS.has(k)))) return refuse('LOOK_UNNAMED', `I could not read "${look.text}" in "${what()}" as a look Vigil names (the basic colours of a person's top and bottom half, or of a vehicle)`);
  const done = (moment: Moment): Read | Refused => {
    const visit = moment.kind === 'arrival' || moment.kind === 'departure';
    if (look && !visit) return refuse('UNREAD_MOMENT', `I could not read "${look.text}" in "${what()}" as part of one moment`);
    use(c, ...toks);
    if (look && visit) c.momentLooks = [...(c.momentLooks ?? []), look.i];
    const described = look && visit ? { ...moment, look: lookOf(look) } : moment;
    return { moment: described, classes: cls, bare: n === undefined };
  };
  const verb = verbs[0];
  // "until all three were back": until the count came back up to that
  // ("back" may be read already as saying where they are: a state)
  const back = toks.find((t) => t.t === 'verb' && t.v === 'return');
  if (allBack && back && verbs.every((v) => v === back) && realConds.length === 0 && n === undefined && (role === 'to' || role === 'next')) {
    return done({ kind: 'condition', cond: countCond('ge', allBack.v), pick: { by: 'nth', n: 1 }, change: 'rise' });
  }
  if (verb && look && n === undefined && !stationary(cls)) {
    // "after the woman in the grey cardigan left": the one visit of someone who looks so (refused where
    // several fit); "the black-jacket guy coming back": the first return of someone who looks so
    if (verb.v === 'return') return done({ kind: 'arrival', visit: { by: 'return' } });
    if (verb.v === 'arrive' || verb.v === 'leave') return done({ kind: verb.v === 'arrive' ? 'arrival' : 'departure', visit: { by: 'only' } });
  }
  if (verb) {
    const k = nth();
    if (typeof k !== 'number') return k;
    const event: EventKind | undefined = verb.v === 'take' || (verb.v === 'leave' && stationary(cls) && verb.text !== 'left') ? 'taken' : verb.v === 'return' ? 'returned' : verb.v === 'cross' ? 'line_cross' : undefined;
    if (event) return done({ kind: 'event', event, pick: { by: 'nth', n: k }, ...(items && (event === 'taken' || event === 'returned') ? { items: items.v } : {}) });
    if (verb.v === 'leave' && stationary(cls)) return refuse('AMBIGUOUS_VERB', `"${verb.text}" said of ${cls.join(', ')} may mean remaining there`);
    // "since someone left", "since the last person left": the latest departure, not the departure of the latest arrival
    if (verb.v === 'leave' && role === 'since' && k < 0) return done({ kind: 'departure', visit: { by: 'nth', n: k, order: 'departure' } });
    return done({ kind: verb.v === 'arrive' ? 'arrival' : 'departure', visit: { by: 'nth', n: k } });
  }
  if (sup && (verbs.length > 0 || realConds.length === 0 || ord)) return refuse('UNREAD_MOMENT', `I could not read "${sup.text}" in "${what()}" as part of one moment`);
  // "after the longest empty stretch": where it ended ("until the longest ...": where it began)
  if (sup) {
    const cond = countCondition(c, {});
    if (!cond) return refuse('UNREAD_MOMENT', `I could not read "${what()}" as a state`);
    return done({ kind: 'condition', cond, pick: { by: 'nth', n: 1 }, stretch: { episode: sup.v, side: role === 'to' ? 'start' : 'end' } });
  }
  // "the shelf was empty", "dropping to one bottle": a state, or a change into a count
  if (realConds.length > 0 || (conds.some((t) => t.t === 'verb') && conds.some((t) => t.t === 'num'))) {
    // "since it was full" may count from when it became so or from when it stopped: not read
    if (role === 'since') return refuse('AMBIGUOUS_MOMENT', `"since ${what()}" may count from when that began or from when it ended`);
    const become = conds.find((t): t is Extract<Token, { t: 'verb' }> => t.t === 'verb');
    const cond = countCondition(c, become ? { dropTo: become } : {});
    if (!cond) return refuse('UNREAD_MOMENT', `I could not read "${what()}" as a state`);
    const k = nth();
    if (typeof k !== 'number') return k;
    // "how long until the ledge was empty": until it became so (a change into the state)
    return done({ kind: 'condition', cond, pick: { by: 'nth', n: k }, ...(role === 'to' || role === 'next' ? { change: 'any' as const } : {}) });
  }
  // "someone was last at the kiosk": the last departure; "its first visitor", "the first visit": an arrival
  if (n !== undefined && (cls.length > 0 || toks.some((t) => t.t === 'visitnoun'))) {
    if (be && n === -1 && role === 'since') return done({ kind: 'departure', visit: { by: 'nth', n: -1, order: 'departure' } });
    if (role === 'to' || role === 'next') return done({ kind: 'arrival', visit: { by: 'nth', n } });
    // "after the first arrival": its arrival; "after the second visit (visitor)": when it was over
    if (role === 'after') return done({ kind: toks.some((t) => t.t === 'visitnoun' && t.text.startsWith('arrival')) ? 'arrival' : 'departure', visit: { by: 'nth', n } });
  }
  if (role === 'since' && be && n === undefined && conds.length === 0 && presence(cls)) return done(LAST_PRESENCE_END);
  return refuse('UNREAD_MOMENT', `I could not read "${what()}" as one moment (an arrival, a departure, a taking, a putting back, or a state)`);
}

/**
 * The number of things said to go together ("two bottles ... at once") and the count said of all
 * of them ("all three were back"), when a clause says so.
 */
function togetherOrAll(toks: readonly Token[]): { items?: Extract<Token, { t: 'num' }>; allBack?: Extract<Token, { t: 'num' }> } {
  const num = toks.find((t): t is Extract<Token, { t: 'num' }> => t.t === 'num' && t.v >= 2 && Number.isInteger(t.v));
  if (!num) return {};
  if (toks.some((t) => t.t === 'once') && toks[toks.indexOf(num) + 1]?.t === 'class') return { items: num };
  if (toks.some((t) => t.t === 'all' && t.i === num.i - 1)) return { allBack: num };
  return {};
}

/**
 * "Since a car was in view", "since anyone was at the desk": since the last time one was there,
 * the end of the last stretch with one or more (none, when one is there now: it has not ended).
 */
const LAST_PRESENCE_END: Moment = { kind: 'condition', cond: countCond('ge', 1), pick: { by: 'nth', n: 1 }, stretch: { episode: 'last', side: 'end' } };

/** Whether classes are things that come and go by themselves (a presence of them has a last end). */
function presence(cls: readonly string[]): boolean {
  return cls.length > 0 && !stationary(cls);
}

/** The classes of a clause's class tokens (agent words name people). */
function classesOf(toks: Token[]): string[] {
  return [...new Set(toks.flatMap((t) => (t.t === 'class' ? (t.v.length > 0 ? t.v : t.agent ? ['person'] : []) : [])))];
}

/** Whether two clauses speak of the same objects (a clause naming none takes the other's). */
function sameSubject(a: string[], b: string[]): boolean {
  return a.length === 0 || b.length === 0 || (a.length === b.length && a.every((x) => b.includes(x)));
}

/** "the gap between the fourth and fifth visitors", "time between the first and second bottle taken". */
function between(c: Ctx, b: Token): Elapsed | Refused {
  // "between his first and second visits": one person's visits (the executor refuses when they are several people's)
  const his = c.toks[b.i + 1];
  const possessive = his?.t === 'skip' && /^(?:his|her|their)$/.test(his.text) && c.toks[b.i + 2]?.t === 'ord';
  const rest = c.toks.slice(b.i + (possessive ? 2 : 1)).filter((t) => !(t.t === 'skip' && /^(?:the|a)$/.test(t.text)));
  // "between the two visits of the silver car": its first and second, when there were two
  const two = rest[0]?.t === 'num' && rest[0].v === 2 && rest[1]?.t === 'visitnoun' ? rest[0] : undefined;
  if (two) {
    use(c, b, two, rest[1]);
    return { measure: 'elapsed', from: { kind: 'departure', visit: { by: 'nth', n: 1 } }, to: { kind: 'arrival', visit: { by: 'nth', n: 2 } }, pair: true };
  }
  const [oa, and, ob] = rest;
  if (oa?.t !== 'ord' || and?.t !== 'and' || ob?.t !== 'ord') return betweenClauses(c, b, rest);
  if (Math.sign(oa.v) !== Math.sign(ob.v) || oa.v >= ob.v) return refuse('MOMENT_ORDER', `"${oa.text}" does not come before "${ob.text}"`);
  const tail = rest.slice(3);
  const bad = tail.find((t) => !c.used.has(t.i) && !['class', 'skip', 'visitnoun', 'aux', 'sep'].includes(t.t) && !(t.t === 'verb' && ['arrive', 'take', 'return', 'be', 'see', 'stay'].includes(t.v)));
  if (bad) return refuse('UNREAD_MOMENT', `it asks for the time between two moments, but I could not read "${bad.text}" in it`);
  const ev = tail.find((t): t is Extract<Token, { t: 'verb' }> => t.t === 'verb' && (t.v === 'take' || t.v === 'return'));
  use(c, b, oa, and, ob, ...tail);
  if (possessive) {
    use(c, his);
    c.onePerson = true;
  }
  if (ev) {
    const event = ev.v === 'take' ? 'taken' : 'returned';
    return { measure: 'elapsed', from: { kind: 'event', event, pick: { by: 'nth', n: oa.v } }, to: { kind: 'event', event, pick: { by: 'nth', n: ob.v } } };
  }
  // between two visits: from the one's departure to the other's arrival ("how long was the lot empty between the first and second car")
  emptyBefore(c, b);
  const a: VisitRef = { by: 'nth', n: oa.v };
  const z: VisitRef = { by: 'nth', n: ob.v };
  return { measure: 'elapsed', from: { kind: 'departure', visit: a }, to: { kind: 'arrival', visit: z } };
}

/**
 * "Was the table empty for longer between the first and second visitors than between the third and
 * fourth?", "was the gap between the first and second car longer than the gap between the third and
 * fourth": two spans between visits compared, as a yes/no question. Undefined for other questions.
 */
export function spansCompared(c: Ctx): { a: Span; op: 'gt' | 'lt'; b: Span } | Refused | undefined {
  const bs = all(c, 'elapse', 'between');
  const [b0, b1] = bs;
  if (bs.length !== 2 || !b0 || !b1 || all(c, 'head').length > 0) return undefined;
  const said = c.toks.find((t) => t.t === 'cmp' && /^(?:longer|shorter)(?: than)?$/.test(t.text));
  if (!said) return undefined;
  // the first span's words end at "than" or at the comparison said between the two
  const link = c.toks.slice(b0.i + 1, b1.i).find((t) => t.text === 'than' || t === said);
  if (!link) return undefined;
  const a = between({ ...c, toks: c.toks.slice(0, link.i) }, b0);
  if ('ok' in a) return a;
  const b = between(c, b1);
  if ('ok' in b) return b;
  use(c, said, link, ...c.toks.slice(0, b0.i).filter((t) => t.t === 'skip' && t.text === 'for'));
  const span = (e: Elapsed): Span => ({ from: e.from, to: e.to, ...(e.next ? { next: true } : {}) });
  return { a: span(a), op: /^longer/.test(said.text) ? 'gt' : 'lt', b: span(b) };
}

/** "Empty between the first and second car": the state the span between two visits is in, said before "between". */
function emptyBefore(c: Ctx, b: Token): void {
  const empty = c.toks.slice(0, b.i).filter((t) => t.t === 'cond' && t.v === 'empty');
  // "how long did the table sit (stay, remain) empty between ...": the state held, said with its verb
  const held = empty.length > 0 ? c.toks.slice(0, b.i).filter((t) => t.t === 'verb' && (t.v === 'stay' || t.v === 'be')) : [];
  use(c, ...empty, ...held);
}

/**
 * "Between the third person leaving and the fourth one arriving", "between first person go out and
 * second person come in": two clauses, each one moment, from the first to the second.
 */
function betweenClauses(c: Ctx, b: Token, rest: Token[]): Elapsed | Refused {
  const k = rest.findIndex((t) => t.t === 'and');
  if (k <= 0) return refuse('UNREAD_MOMENT', 'it asks for the time between two moments, but names them other than "between <one moment> and <another>"');
  const from = clauseMoment(c, rest.slice(0, k), 'from', classesOf);
  if ('ok' in from) return from;
  const to = clauseMoment(c, rest.slice(k + 1), 'next', classesOf);
  if ('ok' in to) return to;
  if (!sameSubject(from.classes, to.classes)) return refuse('SEVERAL_SUBJECTS', 'its two moments are about different objects; ask when each happened');
  emptyBefore(c, b);
  use(c, b, rest[k]);
  return { measure: 'elapsed', from: from.moment, to: to.moment, ...(to.bare ? { next: true } : {}) };
}

/** "Until" or "before" said as a span's link. */
function isUntil(t: Token | undefined): boolean {
  return (t?.t === 'elapse' && t.v === 'until') || (t?.t === 'rank' && t.v === 'before');
}

/**
 * "After the first visitor left, how long until the next one came": the clause before the question
 * is the first moment ("..., how long was the counter empty before the next one came": the state
 * said first is the span's). Both moments read (the caller checks them), or undefined.
 */
function afterThenUntil(c: Ctx, h: Token, rest: readonly Token[]): { from: Read | Refused; to: Read | Refused } | undefined {
  const lead = rest[0];
  const untilLead = isUntil(lead);
  const after = leadingAfter(c, h);
  const stated = after && !untilLead ? emptyState(rest, isUntil) : undefined;
  if (!after || !(untilLead || stated)) return undefined;
  if (stated) use(c, ...stated.state);
  const until = stated ? stated.until : (lead as Token);
  const from = clauseMoment(c, after.clause, 'from', classesOf);
  if ('ok' in from) return { from, to: from };
  // "the next one": the one after the first moment
  const next = rest.find((t) => t.t === 'ord' && t.text === 'next');
  // "... how long did the yard stay empty until the recording ended": to the end of the recording
  const toEnd = rest.slice(rest.indexOf(until) + 1).filter((t) => t.t !== 'skip' && t.t !== 'sep');
  // (empty "until the recording ended" holds only from the last departure)
  const lastLeft = from.moment.kind === 'departure' && from.moment.visit.by === 'nth' && from.moment.visit.n === -1;
  if (toEnd.length === 1 && toEnd[0]?.t === 'instant' && toEnd[0].v === 'end' && (!stated || lastLeft)) {
    use(c, until, after.rank, toEnd[0]);
    return { from, to: { moment: { kind: 'end' }, classes: from.classes, bare: false } };
  }
  // "after the first bottle was taken, how long before it was put back": "it" is the clause's subject
  const named = after.clause.some((t) => t.t === 'class');
  const pronouns = named ? rest.filter((t) => t.t === 'skip' && PRONOUN.test(t.text)) : [];
  const to = clauseMoment(c, rest.slice(rest.indexOf(until) + 1).filter((t) => t !== next && !pronouns.includes(t)), 'next', classesOf);
  use(c, until, after.rank, next, ...pronouns);
  return { from, to };
}

/**
 * The `elapsed` measure the question asks for, a refusal when it asks for one that cannot be read
 * exactly, or undefined when it asks for something else. Marks the words it reads.
 */
export function elapsedMeasure(c: Ctx, ref: VisitRef | undefined): Elapsed | Refused | undefined {
  const heads = all(c, 'head');
  const b = all(c, 'elapse', 'between')[0];
  if (b) {
    // "how many came between the first and third visits" asks for a count, not a span
    if (heads.some((h) => h.v !== 'howlong' && h.v !== 'what')) return undefined;
    return ref ? refuse('UNUSED_CLAUSE', 'it names a moment by a relative clause inside a span; ask when it happened') : between(c, b);
  }
  const h = heads[0];
  // "how long had it been empty when the third car rolled in": "when" links the state to the arrival it held until
  const whenLink = heads.length === 2 && heads[1]?.v === 'when' && heads[1].text === 'when';
  if (!h || h.v !== 'howlong' || (heads.length > 1 && !whenLink) || !/^how (?:long|much time|many (?:seconds|minutes|hours))$/.test(h.text)) return undefined;
  if (whenLink) return emptyUntilFirst(c, c.toks.slice(h.i + 1));
  // "how long has it been since ...", "how long was it until ...": the span is the lead's
  const skip = leadSkip(c, h.i);
  let rest = skip > 0 ? stateSince(c, c.toks.slice(h.i + 1 + skip)) : c.toks.slice(h.i + 1 + skip);
  // ("how long did it take from the start until ...": the restated start, skipped, before the "until" it leads to)
  const led = rest.findIndex((t) => t.t !== 'skip');
  if (led > 0 && (rest[led]?.t === 'elapse' || (skip > 0 && rest[led]?.t === 'rank'))) rest = rest.slice(led);
  const lead = rest[0];
  if (skip > 0 && (lead?.t === 'elapse' || lead?.t === 'rank')) use(c, ...c.toks.slice(h.i + 1, h.i + 1 + skip));
  const span = (from: Moment, to: Moment, next = false): Elapsed => ({ measure: 'elapsed', from, to, ...(next ? { next: true } : {}) });
  const check = (...rs: (Read | Refused)[]): Refused | undefined => {
    const bad = rs.find((r): r is Refused => 'ok' in r);
    if (bad) return bad;
    if (ref) return refuse('UNUSED_CLAUSE', 'it names a moment by a relative clause inside a span; ask when it happened');
    const [x, y] = rs as Read[];
    if (x && y && !sameSubject(x.classes, y.classes)) return refuse('SEVERAL_SUBJECTS', 'its two moments are about different objects; ask when each happened');
    return undefined;
  };
  const untilLead = isUntil(lead);
  const afterFirst = afterThenUntil(c, h, rest);
  if (afterFirst) return check(afterFirst.from, afterFirst.to) ?? span((afterFirst.from as Read).moment, (afterFirst.to as Read).moment, (afterFirst.to as Read).bare);
  // "how long after the recording began did someone first come": from the start, as "until"
  if (lead?.t === 'rank' && lead.v === 'after' && rest[1]?.t === 'instant' && rest[1].v === 'start') {
    const to = clauseMoment(c, rest.slice(2), 'to', classesOf);
    use(c, lead, rest[1]);
    return check(to) ?? span({ kind: 'start' }, (to as Read).moment);
  }
  const before = emptyUntilFirst(c, rest);
  if (before) return before;
  // "how long until the first person came", "how long before the first bottle was taken"
  if (untilLead) {
    const to = clauseMoment(c, rest.slice(1), 'to', classesOf);
    use(c, lead);
    return check(to) ?? span({ kind: 'start' }, (to as Read).moment);
  }
  // "how long since someone was last at the kiosk", "... since the last bottle was put back"
  if (lead?.t === 'elapse' && lead.v === 'since') {
    const from = clauseMoment(c, rest.slice(1), 'since', classesOf);
    use(c, lead);
    return check(from) ?? span((from as Read).moment, { kind: 'end' });
  }
  // "how long after the first bottle was taken was one put back"
  if (lead?.t === 'rank' && lead.v === 'after') {
    const r = afterSpan(c, lead, rest);
    if ('ok' in r) return r;
    return check(r.from, r.to) ?? span(r.from.moment, r.to.moment, !r.same && r.to.bare);
  }
  // "how long did the kiosk wait for its first visitor": the place waits from the start
  // ("how long did we wait after the recording began before ...": the asker waits from the start, said again)
  const wait = rest.find((t) => t.t === 'verb' && t.v === 'stay' && /^wait/.test(t.text));
  if (wait && rest.slice(0, rest.indexOf(wait)).every((t) => t.t === 'aux' || t.t === 'place' || t.t === 'here' || (t.t === 'skip' && !PRONOUN.test(t.text)))) {
    const [r0, r1] = [c.toks[wait.i + 1], c.toks[wait.i + 2]];
    const fromStart = r0?.t === 'rank' && r0.v === 'after' && r1?.t === 'instant' && r1.v === 'start' ? [r0, r1] : [];
    use(c, ...fromStart);
    const link = c.toks[wait.i + 1 + fromStart.length];
    if (!link || !((link.t === 'skip' && link.text === 'for') || (link.t === 'elapse' && link.v === 'until') || (link.t === 'rank' && link.v === 'before'))) return undefined;
    // "its first visitor": the place's
    const own = c.toks[link.i + 1];
    const clause = c.toks.slice(link.i + (own && /^(?:its|their|our)$/.test(own.text) ? 2 : 1));
    const to = clauseMoment(c, clause, 'to', classesOf);
    use(c, wait, link, own);
    return check(to) ?? span({ kind: 'start' }, (to as Read).moment);
  }
  return undefined;
}

/**
 * How many tokens after the head of "how long" say only what the span is of: "has it been", "did it
 * take" (the wait, as "how long before"), "has the lot been" (the place said where "it" is); 0 when
 * none do.
 */
function leadSkip(c: Ctx, h: number): number {
  if (c.toks[h + 1]?.t !== 'aux') return 0;
  if (c.toks[h + 2]?.text === 'it') return c.toks[h + 3]?.t === 'verb' && /^(?:been|take|took)$/.test(c.toks[h + 3]?.text ?? '') ? 3 : 2;
  const at = c.toks[h + 2]?.text === 'the' ? h + 3 : h + 2;
  return (c.toks[at]?.t === 'place' || c.toks[at]?.t === 'here') && c.toks[at + 1]?.text === 'been' ? at + 2 - (h + 1) : 0;
}

/**
 * "How long has it been quiet at the table since the last person left": a state said before "since"
 * is the state since that moment (its words are used); the words from "since" on, or `rest` as it was.
 */
function stateSince(c: Ctx, rest: Token[]): Token[] {
  const since = rest.findIndex((t) => t.t === 'elapse' && t.v === 'since');
  const stated = since > 0 ? rest.slice(0, since) : [];
  if (!stated.some((t) => t.t === 'cond') || !stated.every((t) => t.t === 'cond' || t.t === 'place' || t.t === 'here' || (t.t === 'skip' && !PRONOUN.test(t.text)))) return rest;
  use(c, ...stated);
  return rest.slice(since);
}

/** "After the first visitor left, how long ...": a clause opening with "after" before the question word. */
/**
 * "After the first visitor left, when was the table first empty?", "after the first arrival, what
 * was the longest stretch with nobody there": a moment said in a clause before the question (not a
 * span's first moment: `elapsedMeasure` reads those) is where the question's window begins. Its
 * words are used; a clause that is no moment is a refusal; undefined when there is none.
 */
export function leadingMoment(c: Ctx): { moment: Found; side: 'after' | 'before' } | Refused | undefined {
  // the question's head, or (a yes/no question) the first word after the clause
  const sep = c.toks.findIndex((t) => t.t === 'sep');
  const h = c.toks.find((t) => t.t === 'head' && !c.used.has(t.i)) ?? (sep > 0 ? c.toks[sep + 1] : undefined);
  const after = h ? leadingAfter(c, h, true) : undefined;
  if (!after || c.used.has(after.rank.i)) return undefined;
  // "after it had been down to one, when did the shelf ...": "it" is the place (or things) the question names
  // (a state only: "after it left" does not say which visit)
  const state = !after.clause.some((t) => t.t === 'verb' && MOMENT_VERBS.has(t.v));
  const named = state && c.toks.some((t) => (t.t === 'place' || t.t === 'class') && !after.clause.includes(t));
  const it = named ? after.clause.filter((t) => t.t === 'skip' && t.text === 'it') : [];
  const read = clauseMoment(c, after.clause.filter((t) => !it.includes(t)), 'after', classesOf);
  if ('ok' in read) return read;
  const m = read.moment;
  if (!isFound(m)) return undefined;
  use(c, after.rank, ...it);
  return { moment: m, side: after.rank.v === 'before' ? 'before' : 'after' };
}

/**
 * "When did someone show up after that long quiet spell?", "how many people came after the first
 * one left?": a moment said in a clause after the verb, opening with "after" and running to the end,
 * is where the window begins (as when said first). Only after a verb of coming or leaving, and only
 * a clause read whole; otherwise undefined and the words are left to the other readings.
 */
export function trailingMoment(c: Ctx): { moment: Found; side: 'after' } | undefined {
  const h = c.toks.find((t) => t.t === 'head');
  if (!h || !(h.v === 'when' || h.v === 'howmany')) return undefined;
  const rank = c.toks.find((t, k) => k > h.i && t.t === 'rank' && t.v === 'after' && !c.used.has(t.i));
  if (!rank) return undefined;
  // "when did the person who arrived after the first visitor leave": the "after" is the relative clause's, and the question's verb comes last
  // ("when did the second person arrive after the first one left": the ordinal picks among all, not among those after)
  if (c.toks.slice(h.i + 1, rank.i).some((t) => t.t === 'rel' || t.t === 'head' || (t.t === 'ord' && t.text !== 'next'))) return undefined;
  let j = rank.i - 1;
  while (c.toks[j]?.t === 'skip' || c.toks[j]?.t === 'place' || c.toks[j]?.t === 'here') j--;
  const verb = c.toks[j];
  if (verb?.t !== 'verb' || !(verb.v === 'arrive' || verb.v === 'leave' || verb.v === 'return')) return undefined;
  const clause = c.toks.slice(rank.i + 1);
  if (clause.length < 2 || clause.some((t) => t.t === 'sep' || t.t === 'head' || (c.used.has(t.i) && t.t !== 'class'))) return undefined;
  // a clause with a verb or a state ("after the first person left", "after the longest quiet spell"); "after its second visit",
  // "after the first visitor" (the next one after a visit) are read as visits by the other readings
  if (!clause.some((t) => (t.t === 'verb' && MOMENT_VERBS.has(t.v)) || t.t === 'cond') || clause.some((t) => /^(?:its|his|her|their)$/.test(t.text))) return undefined;
  // (a clause that is not one moment is left to the other readings: nothing of it is marked)
  const saved = new Set(c.used);
  const assumed = c.assumed.length;
  const read = clauseMoment(c, clause, 'after', classesOf);
  if ('ok' in read || !isFound(read.moment)) {
    c.used.clear();
    for (const x of saved) c.used.add(x);
    c.assumed.length = assumed;
    return undefined;
  }
  use(c, rank);
  return { moment: read.moment, side: 'after' };
}

/**
 * "How long after the first bottle was taken was one (it) put back", "how long after the first
 * person arrived did they leave": the two moments of a span said with "after". "It" is the first
 * clause's thing (the next putting back); "they" the same visit (its own departure, never the next
 * person's); another pronoun is refused.
 */
function afterSpan(c: Ctx, lead: Token, rest: readonly Token[]): { from: Read; to: Read; same?: true } | Refused {
  const bare = bareThing(c, rest);
  if (bare) return bare;
  const k = rest.findIndex((t) => (t.t === 'verb' && MOMENT_VERBS.has(t.v)) || t.t === 'cond');
  const second = k < 0 ? [] : rest.slice(k + 1);
  if (second[0]?.t !== 'aux') return refuse('UNREAD_MOMENT', 'it asks how long after one moment something happened, but I could not tell the two moments apart; ask when each happened');
  const from = clauseMoment(c, rest.slice(1, k + 1), 'from', classesOf);
  if ('ok' in from) return from;
  const named = rest.slice(1, k + 1).some((t) => t.t === 'class');
  const pronouns = named ? second.filter((t) => t.t === 'skip' && PRONOUN.test(t.text)) : [];
  // "how long after the first car left did the next one arrive": the next after the first moment
  const next = second.find((t) => t.t === 'ord' && t.text === 'next');
  const read = clauseMoment(c, second.filter((t) => !pronouns.includes(t) && t !== next), 'next', classesOf);
  if ('ok' in read) return read;
  const to = next ? { ...read, bare: true } : read;
  use(c, lead, next, ...pronouns);
  if (pronouns.length === 0 || from.moment.kind === 'event') return { from, to };
  if (from.moment.kind === 'arrival' && to.moment.kind === 'departure') return { from, to: { ...to, moment: { kind: 'departure', visit: from.moment.visit } }, same: true };
  return refuse('DANGLING_REFERENCE', 'the pronoun refers back to something, and the memory cannot tell which');
}

/**
 * "How long after the first car did the second one show up": the first clause names a thing by its
 * order and no verb (its arrival, said so), the second, after the auxiliary, the moment. Undefined
 * when the first clause has a verb or is not one ordered thing.
 */
function bareThing(c: Ctx, rest: readonly Token[]): { from: Read; to: Read } | Refused | undefined {
  const j = rest.findIndex((t) => t.t === 'aux');
  const first = rest.slice(1, Math.max(1, j)).filter((t) => t.t !== 'skip');
  const ord = first[0];
  const cls = first[1];
  // "after the first bottle was taken ...": the auxiliary is the first clause's own
  const next = rest.slice(j + 1).find((t) => t.t !== 'skip');
  if (j <= 1 || first.length !== 2 || ord?.t !== 'ord' || cls?.t !== 'class' || next?.t === 'verb') return undefined;
  const to = clauseMoment(c, rest.slice(j), 'next', classesOf);
  if ('ok' in to) return to;
  use(c, rest[0], ...rest.slice(1, j));
  c.assumed.push(`the arrival of the ${ord.text} ${cls.text}, as no verb was said of it`);
  return { from: { moment: { kind: 'arrival', visit: { by: 'nth', n: ord.v } }, classes: classesOf([cls]), bare: false }, to };
}

/** Whether a moment is one found in the recording (not the window's start or end). */
function isFound(m: Moment): m is Found {
  return m.kind !== 'start' && m.kind !== 'end';
}

function leadingAfter(c: Ctx, h: Token, before = false): { rank: Extract<Token, { t: 'rank' }>; clause: Token[] } | undefined {
  const pre = c.toks.slice(0, h.i).filter((t) => t.t !== 'sep' && !(t.t === 'skip' && /^(?:so|and|then|ok|okay|right)$/.test(t.text)));
  const lead = pre[0];
  // "since the last bottle went back, how long has the shelf been full?": the window begins there, as after it
  // (only before a question of its own: "how long since ..." is a span, read by `elapsedMeasure`)
  const rank: Token | undefined = before && lead?.t === 'elapse' && lead.v === 'since' ? { ...lead, t: 'rank', v: 'after' } : lead;
  // ("before the first person left, how many had shown up": the window ends there)
  if (rank?.t !== 'rank' || !(rank.v === 'after' || (before && rank.v === 'before')) || pre.length < 3) return undefined;
  return { rank, clause: pre.slice(1) };
}

/** "was the counter empty before ...": the state words before an "until" or "before" (one empty state, nothing else), and that word. */
function emptyState(rest: readonly Token[], isUntil: (t: Token | undefined) => boolean): { state: Token[]; until: Token } | undefined {
  const k = rest.findIndex((t) => isUntil(t));
  const lead = rest.slice(0, k);
  const fits = (t: Token): boolean => t.t === 'aux' || t.t === 'place' || t.t === 'here' || (t.t === 'cond' && t.v === 'empty') || (t.t === 'skip' && !PRONOUN.test(t.text)) || (t.t === 'verb' && (t.v === 'be' || t.v === 'stay'));
  if (k <= 0 || lead.filter((t) => t.t === 'cond').length !== 1 || !lead.every(fits)) return undefined;
  return { state: lead, until: rest[k] as Token };
}

/**
 * "How long was the lobby empty before the first visitor walked in?", "how long did the desk sit
 * unused until anyone showed up": the place is empty from the start to the first arrival, so the
 * span is from the start to it. "How long had the apron been empty when (before) the third car
 * rolled in?": the empty stretch just before that arrival, from the departure of the one before it
 * (said in the answer; refused when that one left after the arrival, the place never empty).
 */
function emptyUntilFirst(c: Ctx, rest: readonly Token[]): Elapsed | undefined {
  const k = rest.findIndex((t) => (t.t === 'rank' && t.v === 'before') || (t.t === 'elapse' && t.v === 'until') || (t.t === 'head' && t.v === 'when' && t.text === 'when'));
  const lead = rest.slice(0, k);
  const empty = lead.filter((t) => t.t === 'cond' && t.v === 'empty');
  // ("empty at the beginning before the first car": the start said again)
  const fits = (t: Token): boolean => t.t === 'aux' || t.t === 'place' || t.t === 'here' || (t.t === 'cond' && t.v === 'empty') || (t.t === 'skip' && !PRONOUN.test(t.text)) || (t.t === 'verb' && (t.v === 'be' || t.v === 'stay')) || (t.t === 'instant' && t.v === 'start') || t.t === 'sep';
  if (k <= 0 || empty.length !== 1 || !lead.every(fits)) return undefined;
  const clause = rest.slice(k + 1);
  const arrive = clause.filter((t) => t.t === 'verb' && t.v === 'arrive');
  const ord = clause.filter((t): t is Extract<Token, { t: 'ord' }> => t.t === 'ord');
  const nth = ord[0]?.v ?? 1;
  if (ord.length > 1 || nth < 1) return undefined;
  // "before the first car", "before any car": the first one's arrival, no verb said
  const bare = clause.filter((t) => t.t !== 'skip');
  if (nth === 1 && arrive.length === 0 && bare.length > 0 && bare.every((t) => t.t === 'ord' || t.t === 'class') && bare.filter((t) => t.t === 'class').length === 1) {
    use(c, ...lead, rest[k], ...clause);
    c.assumed.push('the first one\'s arrival, as no verb was said of it');
    return { measure: 'elapsed', from: { kind: 'start' }, to: { kind: 'arrival', visit: { by: 'nth', n: 1 } } };
  }
  if (arrive.length !== 1) return undefined;
  const read = clauseMoment(c, clause, 'to', classesOf);
  if ('ok' in read || read.moment.kind !== 'arrival') return undefined;
  use(c, ...lead, rest[k]);
  if (nth === 1) return { measure: 'elapsed', from: { kind: 'start' }, to: read.moment };
  c.assumed.push(`the empty stretch just before that arrival, from the departure of the one before it`);
  return { measure: 'elapsed', from: { kind: 'departure', visit: { by: 'nth', n: nth - 1 } }, to: read.moment };
}

/**
 * "How long until the next person came after the one who left at 10:02" (or, joined from a
 * statement before the question, "Someone left at 10:02. How long until the next person came?"):
 * from the moment the reference names (its departure when it was named by leaving, else its
 * arrival) to the arrival of the next visit after it. Undefined for other questions.
 */
export function untilNext(c: Ctx, ref: VisitRef | undefined): Elapsed | undefined {
  const inner = ref?.by === 'after' ? ref.visit : undefined;
  const h = all(c, 'head', 'howlong')[0];
  const next = all(c, 'ord').find((t) => t.text === 'next');
  // "how long before the next one appeared" is "until" it did
  const until = all(c, 'elapse', 'until').find((t) => !c.used.has(t.i)) ?? all(c, 'rank', 'before').find((t) => !c.used.has(t.i) && next !== undefined && t.i < next.i);
  if (!ref || !inner || !until || !h || !next || until.i > next.i) return undefined;
  if (all(c, 'verb').some((v) => !c.used.has(v.i) && v.v !== 'arrive' && v.v !== 'be')) return undefined;
  // "the next one": the pronoun stands for the subject
  const one = c.toks[next.i + 1];
  use(c, until, next, h, ...all(c, 'verb', 'arrive'), ...all(c, 'aux'), one?.t === 'num' && one.text === 'one' ? one : undefined);
  const from: Moment = { kind: inner.by === 'leftAt' ? 'departure' : 'arrival', visit: inner };
  return { measure: 'elapsed', from, to: { kind: 'arrival', visit: ref } };
}

/** Words that say "any one": a clause so said ("did anyone arrive before ...") is about the first such moment. */
const ANY_ONE = /^(?:a|an|any|anyone|anybody|someone|somebody|something|anything)$/;

/**
 * "Did the man in the light grey shirt turn up before the woman in black?", "did the first person
 * leave before the second one arrived?": whether one moment came before another, as a yes/no
 * question. The first clause names its moment by a verb; the second may leave it out ("before the
 * woman in black (did)"): it is the first's. Each clause says which one by an ordinal or a look (the
 * first may say "anyone": the first such moment). "After" swaps the two. Undefined for other
 * questions (a time after "before" is another test).
 */
export function momentOrder(c: Ctx, ref: VisitRef | undefined): { a: Found; b: Found } | Refused | undefined {
  if (ref || all(c, 'head').length > 0 || c.toks[0]?.t !== 'aux') return undefined;
  const links = c.toks.filter((t): t is Extract<Token, { t: 'rank' }> => t.t === 'rank' && (t.v === 'before' || t.v === 'after') && !c.used.has(t.i));
  const link = links[0];
  if (!link || links.length !== 1) return undefined;
  const left = c.toks.slice(1, link.i);
  const right = c.toks.slice(link.i + 1);
  // "... before the woman in black did": the elliptical clause's own auxiliary
  while (right.length > 0 && (right[right.length - 1]?.t === 'aux' || right[right.length - 1]?.t === 'sep')) right.pop();
  const verbA = left.find((t): t is Extract<Token, { t: 'verb' }> => t.t === 'verb' && MOMENT_VERBS.has(t.v));
  const which = (toks: readonly Token[]): boolean => toks.some((t) => t.t === 'ord' || t.t === 'look');
  const anyOne = left.some((t) => (t.t === 'class' || t.t === 'skip') && ANY_ONE.test(t.text));
  if (!verbA || !(which(left) || anyOne) || !which(right) || right.some((t) => t.t === 'time' || (t.t === 'num' && t.text !== 'one') || t.t === 'instant')) return undefined;
  const ownVerb = right.some((t) => t.t === 'verb' && MOMENT_VERBS.has(t.v));
  // "did anyone come after ...": any such moment, so the last one (before: the first)
  const a = clauseMoment(c, left, anyOne && !which(left) && link.v === 'after' ? 'since' : 'to', classesOf);
  if ('ok' in a) return a;
  // the second clause lends the first clause's verb where it has none
  if (!ownVerb) c.used.delete(verbA.i);
  const b = clauseMoment(c, ownVerb ? right : [...right, verbA], 'to', classesOf);
  if ('ok' in b) return b;
  if (!sameSubject(a.classes, b.classes)) return refuse('SEVERAL_SUBJECTS', 'its two moments are about different objects; ask when each happened');
  if (!isFound(a.moment) || !isFound(b.moment)) return undefined;
  use(c, c.toks[0], link, ...c.toks.slice(link.i + 1));
  return link.v === 'before' ? { a: a.moment, b: b.moment } : { a: b.moment, b: a.moment };
}
