/**
 * Discourse: a question may come with a greeting or a preamble ("Morning! quick one for the log:
 * how many ..."), or with a statement before it that it refers to ("Someone left at about 10:02.
 * How long until the next person came?", "A bottle vanished around 10:02 - when was it back?").
 * The clause that asks is the first with a question word (or, with none, the first that opens with
 * an auxiliary: "Hello! Hope you're well. Did anyone ..."). Clauses before it are:
 * - a preamble, when they hold words the parser does not know and nothing that could change the
 *   question (no class, place, time, verb of an event, number, state, comparison): dropped, and
 *   named in the answer as ignored;
 * - a statement of one moment (a class, a verb of arriving, leaving, taking or returning, and an
 *   instant): joined to the asking clause as a reference ("it", "they" stand for "the <class>
 *   that <verb> at <time>"; "the next" is "the next after the <class> that ...").
 * Anything else is left as it is (and the parser refuses what it cannot use).
 */
import { visitEdgeVerb, withFeatures, type Token } from './scan.js';
import { PRONOUNS } from './scan-absence.js';

/** The tokens of the question to compose, and the words it ignored. */
export interface Discourse {
  toks: Token[];
  ignored: string[];
}

/** Kinds of tokens a preamble may hold ("one" and "all" as in "quick one", "morning all"). */
const PREAMBLE_KINDS = new Set<Token['t']>(['word', 'skip', 'aux', 'and', 'rel', 'here', 'sep']);
/** Verbs a statement of one moment may have. */
const STATEMENT_VERBS = new Set(['arrive', 'leave', 'take', 'return']);

/** The question's clauses, split at separators (the separator stays with the clause before it). */
function clauses(toks: readonly Token[]): Token[][] {
  const out: Token[][] = [[]];
  for (const t of toks) {
    (out[out.length - 1] as Token[]).push(t);
    if (t.t === 'sep') out.push([]);
  }
  return out.filter((c) => c.length > 0);
}

/**
 * Whether a clause is a preamble: some unknown words and nothing that could change the question but
 * a place ("Doing the weekly room audit - ...": the place goes to the asking clause).
 */
function isPreamble(cl: readonly Token[], ask: readonly Token[]): boolean {
  // "checking something for the stock sheet": "something" names no class;
  // "since the night shift was a bit chaotic": "since" opening a clause with no time is a reason
  const reason = (t: Token): boolean => t.t === 'elapse' && t.v === 'since' && t.i === cl[0]?.i && !cl.some((x) => x.t === 'time');
  const fits = (t: Token): boolean => PREAMBLE_KINDS.has(t.t) || t.t === 'place' || ((t.t === 'num' || t.t === 'all') && /^(?:one|all)$/.test(t.text)) || (t.t === 'verb' && (t.v === 'be' || t.v === 'see')) || (t.t === 'class' && t.v.length === 0 && !t.agent) || reason(t);
  return (cl.some((t) => t.t === 'word') && cl.every(fits)) || introduction(cl, fits) || askersRemark(cl, ask, fits);
}

/** First-person words: a clause that opens with one is about the asker. */
const FIRST_PERSON = /^(?:i|i'm|i've|i'd|i'll|im|we|we're|we've|we'd|we'll|my|our|us|me)$/;
/** Words that may come before the first person in such a clause ("and I'm curious", "so we ..."). */
const LEADING = new Set(['and', 'so', 'but', 'also', 'well', 'just', 'anyway']);

/** Whether a clause opens with the asker ("I'm putting together a note ...", "we're reviewing ..."). */
function aboutAsker(cl: readonly Token[]): boolean {
  const first = cl.find((t) => !LEADING.has(t.text));
  return first !== undefined && FIRST_PERSON.test(first.text);
}

/**
 * The asker's remark about themselves before the question ("I'm putting together a staffing note
 * for the desk and my boss wants numbers", "I run the volunteers at the seed library and I'm curious
 * how busy we were", "We're reviewing weighbridge traffic for the audit"): a clause that opens with
 * the first person, and holds no time, number, condition, rank or verb of an event (what the asker
 * does is not what the camera saw). A class named in it is the asker's ("the volunteers"), unless
 * the question has a pronoun that could stand for it ("I saw a man at the desk. When did he go?").
 */
function askersRemark(cl: readonly Token[], ask: readonly Token[], fits: (t: Token) => boolean): boolean {
  if (!aboutAsker(cl)) return false;
  const refers = ask.some((t) => t.t === 'skip' && PRONOUNS.has(t.text));
  // ("I look after the front desk": "after" with no moment to follow is no time)
  const rank = (t: Token): boolean => t.t === 'rank' && (t.v === 'after' || t.v === 'before') && !cl.some((x) => x.t === 'ord' || x.t === 'time');
  // ("the attendance sheet for this afternoon": the period the asker names goes with the question)
  // ("I only care about the evening": "only" says what the asker wants, no count)
  const ok = (t: Token): boolean => fits(t) || rank(t) || t.t === 'time' || (t.t === 'cmp' && t.text === 'only') || t.t === 'once' || t.t === 'visitnoun' || (t.t === 'head' && t.v !== 'who') || (t.t === 'aux' && !/^(?:did|does|do)$/.test(t.text)) || (t.t === 'class' && !refers);
  return cl.every(ok);
}

/**
 * "Night manager here - ...", "store manager here.", "Guard post east here:", "this is the site
 * manager.": the asker saying who they are, a person word right before a closing "here" (or before
 * words of their post's name the parser does not know), or after "this is", with nothing else that
 * could change the question.
 */
function introduction(cl: readonly Token[], fits: (t: Token) => boolean): boolean {
  const meant = cl.filter((t) => t.t !== 'sep');
  const last = meant.at(-1);
  const isPerson = (t: Token | undefined): boolean => t?.t === 'class' && t.v.includes('person') && !t.agent;
  if (/^(?:this|it)$/.test(meant[0]?.text ?? '') && meant[1]?.t === 'aux' && isPerson(last)) return meant.slice(2, -1).every((t) => t.t === 'word' || t.t === 'skip');
  const here = last;
  const who = meant.at(-2);
  if (here?.t !== 'here') return false;
  if (who?.t === 'class' && who.v.includes('person') && !who.agent) return meant.slice(0, -2).every(fits);
  // "Guard post east here: ...": a person word and the name of their post, words the parser does not know
  const person = meant.findIndex((t) => t.t === 'class' && t.v.includes('person') && !t.agent);
  return person >= 0 && meant.slice(person + 1, -1).every((t) => t.t === 'word') && meant.slice(0, person).every(fits);
}

/** A statement of one moment: its class, verb, instant and places (and nothing else of meaning). */
interface Statement {
  cls: Token;
  verb: Token;
  time: Token;
  places: Token[];
}

/** Verbs of being somewhere: "someone was at the desk at 10:02" states a presence. */
const PRESENCE_VERBS = new Set(['be', 'see', 'stay']);

/** A statement of one moment: its class, verb and instant (and nothing else of meaning). */
function statement(cl: readonly Token[]): Statement | undefined {
  const cls = cl.filter((t) => t.t === 'class');
  // "a bottle went missing at 10:02": a taking
  const events = cl.flatMap((t): Token[] => (t.t === 'verb' && STATEMENT_VERBS.has(t.v) ? [t] : t.t === 'cond' && t.v === 'missing' ? [withFeatures({ t: 'verb', v: 'take', text: t.text, i: t.i })] : []));
  // "someone was at the table at 14:07:30": a presence (the visit in progress then)
  const presence = [...cl.filter((t) => t.t === 'verb' && PRESENCE_VERBS.has(t.v)), ...cl.filter((t) => t.t === 'aux')];
  const verbs = events.length > 0 ? events : presence.slice(0, 1).map((t): Token => withFeatures({ t: 'verb', v: 'be', text: t.text, i: t.i }));
  // "someone arrived just after 22:17:25": a side of a moment names the next one after it (the last before it)
  const times = cl.filter((t) => t.t === 'time' && (t.v.instant !== undefined || t.opens === 'after' || t.opens === 'before'));
  const places = cl.filter((t) => t.t === 'place' || t.t === 'here');
  const rest = cl.filter((t) => !['class', 'verb', 'time', 'skip', 'aux', 'sep', 'place', 'here'].includes(t.t) && !(t.t === 'cond' && t.v === 'missing') && !(t.t === 'num' && t.v === 1));
  const [c, v, tm] = [cls[0], verbs[0], times[0]];
  if (cls.length !== 1 || events.length > 1 || times.length !== 1 || rest.length > 0 || !c || !v || !tm) return undefined;
  return { cls: c, verb: v, time: tm, places };
}

/** The asking clause with the statement joined to it, or undefined when it does not refer to it. */
function joined(ask: readonly Token[], st: Statement): Token[] | undefined {
  // the statement's place goes with it when the question names none ("... at the table at 14:07. When did they leave?")
  const places = ask.some((t) => t.t === 'place' || t.t === 'here') ? [] : st.places.map((t) => ({ ...t }));
  const ref = (): Token[] => [{ ...st.cls }, { t: 'rel', text: 'that', i: 0 }, { ...st.verb }, { ...st.time }, ...places];
  const pronoun = ask.findIndex((t) => t.t === 'skip' && PRONOUNS.has(t.text));
  if (pronoun >= 0) return [...ask.slice(0, pronoun), ...ref(), ...ask.slice(pronoun + 1)];
  // "that person", "this visitor", "that one": a demonstrative before a noun stands for it too
  const demo = ask.findIndex((t, i) => (t.text === 'that' || t.text === 'this') && (ask[i + 1]?.t === 'class' || ask[i + 1]?.text === 'one'));
  if (demo >= 0) return [...ask.slice(0, demo), ...ref(), ...ask.slice(demo + 2)];
  // "the next person", "the next one": the next after the one the statement named
  const next = ask.findIndex((t) => t.t === 'ord' && t.text === 'next');
  if (next < 0) return undefined;
  const end = ask[ask.length - 1]?.t === 'sep' ? ask.length - 1 : ask.length;
  return [...ask.slice(0, end), { t: 'rank', v: 'after', text: 'after', i: 0 }, ...ref(), ...ask.slice(end)];
}

/**
 * "The first visitor left - how long until the next person walked in?": a statement of one moment
 * named by its ordinal, before a question about the next one, is the moment the question counts
 * from ("after the first visitor left, how long until ...").
 */
function orderedBefore(cl: readonly Token[], ask: readonly Token[]): Token[] | undefined {
  const meant = cl.filter((t) => t.t !== 'skip' && t.t !== 'sep');
  const [o, cls, verb] = meant;
  if (meant.length !== 3 || o?.t !== 'ord' || o.text === 'next' || cls?.t !== 'class' || verb?.t !== 'verb' || !STATEMENT_VERBS.has(verb.v)) return undefined;
  if (!ask.some((t) => t.t === 'ord' && t.text === 'next') || !ask.some((t) => t.t === 'head' && t.v === 'howlong')) return undefined;
  return [{ t: 'rank', v: 'after', text: 'after', i: 0 }, ...cl, ...ask];
}

/**
 * "Two bottles were grabbed at once at some point. How long until all three were back?": a
 * statement of things taken (or put back) together, with no time, before a question about how long
 * until something: the moment the question counts from (the first such time, said in the answer).
 */
function togetherBefore(cl: readonly Token[], ask: readonly Token[]): Token[] | undefined {
  const meant = cl.filter((t) => t.t !== 'skip' && t.t !== 'sep' && t.t !== 'aux');
  const [num, cls, verb, once] = meant;
  if (meant.length !== 4 || num?.t !== 'num' || cls?.t !== 'class' || verb?.t !== 'verb' || (verb.v !== 'take' && verb.v !== 'return') || once?.t !== 'once') return undefined;
  if (!ask.some((t) => t.t === 'head' && t.v === 'howlong') || !ask.some((t) => t.t === 'elapse' && t.v === 'until')) return undefined;
  return [{ t: 'rank', v: 'after', text: 'after', i: 0 }, ...cl.filter((t) => t.t !== 'skip' && t.t !== 'sep'), { t: 'sep', text: ',', i: 0 }, ...ask];
}

/** Kinds of tokens a topic (a noun phrase naming one visit) is made of. */
const TOPIC_KINDS = new Set<Token['t']>(['ord', 'class', 'look', 'rel', 'time']);

/**
 * "The guy in the light grey shirt, what time did he get to the table?", "The last person who came
 * by - when did they leave?", "The woman dressed all in black came twice. How long did she stay
 * the second time?": a clause naming one visit (a class, with a look, an ordinal or a relative
 * clause) before a question with a pronoun is what the pronoun stands for. A claim the clause makes
 * about it ("came twice") is not part of the name.
 */
function topicJoined(cl0: readonly Token[], ask: readonly Token[]): Token[] | undefined {
  const pronoun = ask.findIndex((t) => t.t === 'skip' && PRONOUNS.has(t.text) && t.text !== 'it');
  if (pronoun < 0) return undefined;
  const cl = rankClaimed(cl0);
  const k = cl.findIndex((t) => t.t === 'class');
  if (k < 0 || cl.filter((t) => t.t === 'class').length !== 1) return undefined;
  // the name ends at a verb that is not in a relative clause ("came twice" claims; "who came by" names)
  const rel = cl.findIndex((t, i) => i > k && (t.t === 'rel' || (t.t === 'head' && t.v === 'who')));
  const claim = cl.findIndex((t, i) => i > k && t.t === 'verb' && (rel < 0 || i < rel));
  const name = cl.slice(0, claim < 0 ? cl.length : claim).filter((t) => t.t !== 'sep');
  const rest = claim < 0 ? [] : cl.slice(claim + 1).filter((t) => t.t !== 'sep' && t.t !== 'skip');
  const fits = name.every((t) => TOPIC_KINDS.has(t.t) || t.t === 'skip' || (t.t === 'head' && t.v === 'who') || (t.t === 'verb' && (t.v === 'arrive' || t.v === 'leave' || t.v === 'be')) || t.t === 'aux');
  // a claim of how often it came, and nothing else ("came twice" (read as "2 times"), "came back again")
  const often = rest.length === 2 && rest[0]?.t === 'num' && rest[1]?.t === 'timesnoun';
  const claimOk = claim < 0 || often || (rest.length <= 1 && rest.every((t) => t.text === 'again' || t.text === 'more than once')) || visitClaim(cl.slice(claim + 1));
  if (!fits || !claimOk || !name.some((t) => t.t === 'look' || t.t === 'ord' || t.t === 'rel' || t.t === 'head')) return undefined;
  // the claim's place goes with the question when it names none ("... stopped at the stall. When did she leave?")
  const named = ask.some((t) => t.t === 'place' || t.t === 'here');
  const places = named || claim < 0 ? [] : cl.slice(claim + 1).filter((t) => t.t === 'place' || t.t === 'here').map((t) => ({ ...t }));
  // a period the claim says it came (or was there) in tells the visit when the question says no time
  // ("A woman in a grey cardigan came in the first minute. When did she leave?": the visit then)
  const comes = claim >= 0 && cl[claim]?.t === 'verb' && ['arrive', 'be', 'stay'].includes(String(cl[claim]?.v));
  const period = comes && !ask.some((t) => t.t === 'time') ? cl.slice(claim + 1).filter((t) => t.t === 'time' && t.v.instant === undefined) : [];
  const end = ask[ask.length - 1]?.t === 'sep' ? ask.length - 1 : ask.length;
  return [...ask.slice(0, pronoun), ...definite(name), ...ask.slice(pronoun + 1, end), ...places, ...(period.length === 1 ? period.map((t) => ({ ...t })) : []), ...ask.slice(end)];
}

/** Kinds of tokens a visit said as a topic may hold ("the longest visit at the desk", "the second visit by someone in red"). */
const VISIT_TOPIC_KINDS = new Set<Token['t']>(['skip', 'super', 'ord', 'visitnoun', 'place', 'here', 'class', 'look', 'sep']);

/**
 * "The longest visit at the desk - when did it end?", "the second visit: how long did it last?": a
 * visit named by its rank before a question with "it" is what "it" stands for; "end" and "start"
 * after it are the visit's ends. Undefined when the clause names no such visit.
 */
function visitTopicJoined(cl: readonly Token[], ask: readonly Token[]): Token[] | undefined {
  const it = ask.findIndex((t) => t.t === 'skip' && t.text === 'it');
  if (it < 0 || !cl.every((t) => VISIT_TOPIC_KINDS.has(t.t))) return undefined;
  if (cl.filter((t) => t.t === 'visitnoun').length !== 1 || !cl.some((t) => t.t === 'super' || t.t === 'ord')) return undefined;
  const name = cl.filter((t) => t.t !== 'sep').map((t) => ({ ...t }));
  // (scanned after "it", the word was not read as the visit's end: read as the scanner reads it after a visit)
  const after = ask.slice(it + 1).map((t, k): Token => {
    const edge = k === 0 && t.t === 'word' ? visitEdgeVerb(t.text) : undefined;
    return edge ? { ...t, t: 'verb', v: edge } : t;
  });
  return [...ask.slice(0, it), ...name, ...after];
}

/**
 * "A woman in a grey cardigan was the first one at the desk": a claim of rank, read as the name it
 * gives ("the first person in a grey cardigan", the same visit when the claim holds) and a claim of
 * being at the place. The clause unchanged when it makes none.
 */
function rankClaimed(cl: readonly Token[]): readonly Token[] {
  const c = cl.findIndex((t) => t.t === 'class');
  const a = cl.findIndex((t, i) => i > c && t.t === 'aux');
  const ord = cl[a + 2];
  if (c < 0 || a < 0 || cl[a + 1]?.text !== 'the' || ord?.t !== 'ord' || cl.slice(c + 1, a).some((t) => t.t !== 'look' && t.t !== 'skip')) return cl;
  // "the first one", "the first person", "the first to arrive"
  let k = a + 3;
  const next = cl[k];
  if (next && ((next.t === 'num' && next.v === 1) || (next.t === 'class' && next.v.includes('person') && !next.agent))) k++;
  const rest = cl.slice(k);
  if (!rest.every((t) => ['skip', 'sep', 'place', 'here'].includes(t.t) || (t.t === 'verb' && t.v === 'arrive'))) return cl;
  const be: Token = { t: 'verb', v: 'be', text: 'was', i: 0 };
  return [{ t: 'skip', text: 'the', i: 0 }, { ...ord }, ...cl.slice(c, a), be, ...rest.filter((t) => t.t !== 'verb')];
}

/**
 * A topic said with "a" or "someone" ("a guy in grey came by", "someone in a long cardigan stopped")
 * as the one person the pronoun after it stands for: "the guy in grey", "the person in a long
 * cardigan" (never the first of several who fit).
 */
function definite(name: readonly Token[]): Token[] {
  return name.flatMap((t): Token[] => {
    if (t.t === 'skip' && /^(?:a|an|some)$/.test(t.text)) return [{ ...t, text: 'the' }];
    if (t.t === 'class' && t.agent && /^(?:someone|somebody|anyone|anybody)$/.test(t.text)) return [{ ...t, t: 'skip', text: 'the' }, withFeatures({ t: 'class', v: ['person'], agent: false, text: 'person', i: t.i })];
    return [{ ...t }];
  });
}

/** Verbs a claim may tell a visit by ("came by", "stopped at the stall", "came in and then turned back"). */
const VISIT_CLAIM_VERBS = new Set(['arrive', 'leave', 'return', 'stay', 'be', 'see', 'become']);

/**
 * Whether the words after a topic's verb only tell of the visit the question asks about: more verbs
 * of coming, going and staying, the place, "and then", and a rough time ("near the end") or a time
 * (which the question's own words then leave out: the topic names the visit, and where two visits
 * fit the answer says so).
 */
function visitClaim(rest: readonly Token[]): boolean {
  return rest.every((t, k) => {
    if (t.t === 'verb') return VISIT_CLAIM_VERBS.has(t.v);
    if (t.t === 'word') return /^(?:end|start|beginning)$/.test(t.text) && rest[k - 1]?.text === 'the' && /^(?:near|towards|toward|around|by|at)$/.test(rest[k - 2]?.text ?? '');
    return ['skip', 'sep', 'and', 'place', 'here', 'time', 'instant', 'aux'].includes(t.t);
  });
}

/** Kinds of tokens a statement of a state keeps when joined ("a long empty stretch", "two people at the tables together"). */
const STATE_KINDS = new Set<Token['t']>(['class', 'cond', 'num', 'once', 'place', 'here', 'super', 'skip']);
/** Words that point back at a stretch ("when did it end?", "the last of those periods"). */
const STRETCH_POINTERS = new Set(['it', 'that', 'those', 'this']);

/**
 * "There's a long empty stretch in the middle. When did it end?", "Two people were together a few
 * times. When did the last of those periods end?": a statement of a state (a state word, or a count
 * together) before a question about a stretch (when it began or ended, how long it lasted) that
 * points back at it. The statement's state words take the pointer's place; how often it says it
 * happened ("a few times") is a claim, not part of it. A statement with anything else (a moment, an
 * event) is left alone.
 */
function stretchJoined(cl0: readonly Token[], ask: readonly Token[]): Token[] | undefined {
  // "... after the first visitor left": the moment it follows, said before the question as its own clause
  const a = cl0.findIndex((t) => t.t === 'rank' && t.v === 'after');
  const cl = a > 0 ? cl0.slice(0, a) : cl0;
  const moment = a > 0 ? [...cl0.slice(a).filter((t) => t.t !== 'sep'), { t: 'sep', text: ',', i: 0 } as Token] : [];
  // "a few times", "several times", "a couple of times": how often (up to three words before "times")
  const times = cl.findIndex((t) => t.t === 'timesnoun');
  const claim = (t: Token, i: number): boolean => i === times || (times > 0 && i < times && i >= times - 3 && (t.t === 'word' || t.t === 'num' || t.t === 'skip'));
  const state = cl.some((t) => t.t === 'cond') || (cl.some((t) => t.t === 'num') && cl.some((t) => t.t === 'once'));
  const kept = cl.filter((t, i) => t.t !== 'sep' && !(t.t === 'verb' && t.v === 'be') && t.t !== 'aux' && !claim(t, i));
  if (!state || !kept.every((t) => STATE_KINDS.has(t.t))) return undefined;
  if (!ask.some((t) => t.t === 'edge' || (t.t === 'head' && t.v === 'howlong'))) return undefined;
  const k = ask.findIndex((t, i) => t.t === 'skip' && STRETCH_POINTERS.has(t.text) && ask[i + 1]?.t !== 'class');
  if (k < 0) return undefined;
  return [...moment.map((t) => ({ ...t })), ...ask.slice(0, k), ...kept.map((t) => ({ ...t })), ...ask.slice(k + 1)];
}

/** Words that say a state lasted a while ("for a while", "for a long time"): they restate it. */
const LASTED = new Set(['while', 'long', 'time', 'bit']);

/**
 * "The stand was empty for a while after 15:53:46 - when did the next visitor turn up?", "After the
 * desk went quiet around 19:59:40, when did the next person show up?": a statement of a state at or
 * after a moment, before a question about the next one, dates the question: it counts from that
 * moment ("after 15:53:46, when did the next visitor turn up?"). The state says why there was a
 * next one and is not asked about. `end` is the end of the window a moment's "after" runs to.
 */
function stateMomentBefore(cl: readonly Token[], ask: readonly Token[], end: number): Token[] | undefined {
  if (!ask.some((t) => t.t === 'ord' && t.text === 'next')) return undefined;
  const body = cl[0]?.t === 'rank' && cl[0].v === 'after' ? cl.slice(1) : cl;
  const time = body.find((t): t is Extract<Token, { t: 'time' }> => t.t === 'time');
  const fits = (t: Token): boolean =>
    t.t === 'skip' || t.t === 'sep' || t.t === 'aux' || t.t === 'place' || t.t === 'here' || t.t === 'cond' || t === time || (t.t === 'verb' && (t.v === 'be' || t.v === 'become')) || (t.t === 'word' && LASTED.has(t.text));
  if (!time || body.filter((t) => t.t === 'time').length !== 1 || body.filter((t) => t.t === 'cond').length !== 1 || !body.every(fits)) return undefined;
  // at a moment ("went quiet around 19:59:40", or "after" said before the clause): from it; after a moment: as said
  const from = time.opens === 'after' ? time : time.v.instant !== undefined ? afterInstant(time, time.v.instant, end) : undefined;
  if (!from) return undefined;
  const places = ask.some((t) => t.t === 'place' || t.t === 'here') ? [] : body.filter((t) => t.t === 'place' || t.t === 'here').map((t) => ({ ...t }));
  return [{ ...from }, { t: 'sep', text: ',', i: 0 }, ...ask, ...places];
}

/** The time token "after <instant>", running to `end`. */
function afterInstant(t: Extract<Token, { t: 'time' }>, instant: number, end: number): Token {
  const said = t.text.replace(/^at\s+/, '');
  return withFeatures({ t: 'time', v: { from: instant + 1, to: end, phrase: `after ${said}` }, text: `after ${said}`, i: t.i });
}

/** "Count a returning person once", "(if the same person came twice, count them once)": count each one once. */
function countOnceRule(cl: readonly Token[]): boolean {
  // ("count someone who came back only once": a "who" after a class word is relative, not a question)
  const asks = cl.some((t, k) => t.t === 'head' && !/^count/.test(t.text) && !(t.v === 'who' && cl[k - 1]?.t === 'class'));
  return cl.some((t) => t.text === 'once') && cl.some((t) => /^count/.test(t.text)) && !asks;
}

/** "Counting each trip separately", "someone who came twice counts twice", "count both": count every visit or thing (no question word in it). */
function eachVisitRule(cl: readonly Token[]): boolean {
  const says = cl.some((t) => /^count/.test(t.text));
  // ("if two went at once, count both": every thing, as a count of things is)
  const both = cl.some((t, k) => /^count/.test(t.text) && (cl[k + 1]?.text === 'both' || /^(?:each|every|all)$/.test(cl[k + 1]?.text ?? '')));
  const each = both || cl.some((t) => /^(?:separately|individually|separate)$/.test(t.text)) || cl.filter((t) => t.t === 'timesnoun').length >= 2;
  return says && each && !cl.some((t) => t.t === 'head' && !/^count/.test(t.text) && t.v !== 'who');
}

/**
 * "Two grabbed together count as one occasion", "bottles taken together count once": things taken or
 * put back at one moment are one (no question word in it but "count").
 */
function togetherRule(cl: readonly Token[]): boolean {
  const says = cl.some((t) => t.t === 'head' && /^count/.test(t.text));
  const together = cl.some((t) => t.t === 'once');
  const one = cl.some((t, k) => t.text === 'once' || (t.t === 'num' && t.v === 1 && /^(?:as|for)$/.test(cl[k - 1]?.text ?? '')));
  return says && together && one && !cl.some((t) => t.t === 'head' && !/^count/.test(t.text));
}

/** "Two at once counts as two": things taken (or put back) together are each counted, as a count of things is. */
function eachTogetherRule(cl: readonly Token[]): boolean {
  const says = cl.some((t) => /^count/.test(t.text));
  const together = cl.some((t) => t.t === 'once');
  const each = cl.some((t, k) => t.t === 'num' && typeof t.v === 'number' && t.v >= 2 && /^(?:as|for)$/.test(cl[k - 1]?.text ?? ''));
  return says && together && each && !cl.some((t) => t.t === 'head' && !/^count/.test(t.text));
}

/** "..., even if it was the same person twice": the case a rule of counting said before it covers. */
function caseOfRule(cl: readonly Token[]): boolean {
  const first = cl.find((t) => t.t !== 'skip')?.text;
  return first === 'even' || (first === 'if' && !cl.some((t) => t.t === 'head'));
}

/**
 * The tokens of a count of takings or puttings back, counted by thing as a rule said ("how many
 * times were bottles taken? Two at once counts as two"): asked as "how many", never by moment.
 */
function byItem(toks: readonly Token[]): Token[] {
  if (!toks.some((t) => t.t === 'verb' && (t.v === 'take' || t.v === 'return'))) return [...toks];
  return toks.filter((t) => t.t !== 'timesnoun').map((t) => (t.t === 'head' && t.v === 'howoften' ? { ...t, v: 'howmany' } : t));
}

/** The tokens of a count of takings or puttings back, counted by moment ("occasions") as a rule said. */
function byMoment(toks: readonly Token[]): Token[] | undefined {
  const head = toks.findIndex((t) => t.t === 'head' && (t.v === 'howmany' || t.v === 'howoften'));
  if (head < 0 || !toks.some((t) => t.t === 'verb' && (t.v === 'take' || t.v === 'return'))) return undefined;
  if (toks.some((t) => t.t === 'timesnoun' && t.v === 'occasion')) return [...toks];
  const occasion = { t: 'timesnoun', v: 'occasion', text: 'occasions', i: 0 } as Token;
  return [...toks.slice(0, head + 1), occasion, ...toks.slice(head + 1)].map((t, i) => ({ ...t, i }));
}

/** The tokens with the counting rule said as "different" (when the question does not say it already). */
function distinctWith(toks: readonly Token[]): Token[] {
  if (toks.some((t) => t.t === 'distinct')) return [...toks];
  const head = toks.findIndex((t) => t.t === 'head' && t.v === 'howmany');
  if (head < 0) return [...toks];
  const different: Token = { t: 'distinct', text: 'different', i: 0 };
  return [...toks.slice(0, head + 1), different, ...toks.slice(head + 1)].map((t, i) => ({ ...t, i }));
}

/**
 * The index of the clause that asks: the first with a question word, else the first that opens
 * with an auxiliary ("did anyone ...", "was there ...": a yes/no question); -1 when none does.
 */
function askingClause(cls: readonly Token[][]): number {
  // ("I'm curious how busy we were. All together, how much time ...?": the asker's remark holds a
  // question word, the question is the clause after it)
  const asks = (cl: readonly Token[]): boolean => cl.some((t) => t.t === 'head');
  const k = cls.findIndex((cl, j) => asks(cl) && !(aboutAsker(cl) && cls.slice(j + 1).some(asks)));
  if (k >= 0) return k;
  // ("is the kiosk empty at the end": a state said of a place asks too)
  return cls.findIndex((cl) => cl.find((t) => t.t !== 'skip' && t.t !== 'sep')?.t === 'aux' && cl.some((t) => t.t === 'class' || t.t === 'verb' || t.t === 'cond'));
}

/** Finds the clause that asks; drops a preamble before it and joins a statement to it. */
export function discourse(toks: readonly Token[], end = Infinity): Discourse {
  const cls = clauses(toks);
  const k = askingClause(cls);
  // "How many times were bottles taken? Two grabbed together count as one.": by moment, as the rule says
  const together = k >= 0 ? cls.filter((cl, j) => j > k && togetherRule(cl)) : [];
  const moments = together.length > 0 ? byMoment(cls.filter((cl) => !together.includes(cl)).flat()) : undefined;
  if (moments) return discourse(moments, end);
  // "How many different people came? Count a returning person once.": a rule of counting after the question
  // (with the condition said before it: "if the same person came twice, count them once")
  const rules = k >= 0 ? cls.flatMap((cl, j) => (j > k && countOnceRule(cl) ? [cl, ...(j - 1 > k && cls[j - 1]?.[0]?.text === 'if' ? [cls[j - 1] as Token[]] : [])] : [])) : [];
  if (rules.length > 0) return discourse(distinctWith(cls.filter((cl) => !rules.includes(cl)).flat()), end);
  // "Counting each trip separately, so that someone who came twice counts twice, how many visits were there?": visits, as asked
  // (the asking clause is the first with a question word that is not "count(ing)")
  const q = cls.findIndex((cl) => cl.some((t) => t.t === 'head' && !/^count/.test(t.text) && t.v !== 'who'));
  const asks = q >= 0 ? cls[q] : undefined;
  const counting = asks !== undefined && asks.some((t) => t.t === 'head' && (t.v === 'howmany' || t.v === 'howoften')) && !asks.some((t) => t.t === 'distinct');
  // (with the condition said before it: "if two went at once, count both", or after it: "count every visit, even if ...";
  // "two at once counts as two": each thing, as a count of things is)
  const isRule = (cl: readonly Token[]): boolean => eachVisitRule(cl) || eachTogetherRule(cl);
  const separately = counting
    ? cls.flatMap((cl, j) => (j !== q && isRule(cl) ? [cl, ...(j - 1 > q && cls[j - 1]?.[0]?.text === 'if' ? [cls[j - 1] as Token[]] : []), ...(cls[j + 1] && caseOfRule(cls[j + 1] as Token[]) ? [cls[j + 1] as Token[]] : [])] : []))
    : [];
  if (separately.length > 0) return discourse(byItem(cls.filter((cl) => !separately.includes(cl)).flat()).map((t, i) => ({ ...t, i })), end);
  if (k <= 0) return { toks: [...toks], ignored: [] };
  let before = cls.slice(0, k);
  const ignored: string[] = [];
  const placed: Token[] = [];
  const asked = cls.slice(k).flat();
  const timed: Token[] = [];
  while (before[0] && isPreamble(before[0], asked)) {
    ignored.push(before[0].filter((t) => t.t !== 'sep' && t.t !== 'place' && t.t !== 'time').map((t) => t.text).join(' '));
    placed.push(...before[0].filter((t) => t.t === 'place'));
    timed.push(...before[0].filter((t) => t.t === 'time'));
    before = before.slice(1);
  }
  let ask = cls.slice(k).flat();
  // the preamble's place is the question's when the question names none ("For the loading bay: how many ..."),
  // and so is its period ("I'm doing the sheet for this afternoon. When did ...")
  if (placed.length > 0 && !ask.some((t) => t.t === 'place' || t.t === 'here')) ask = [...ask, ...placed];
  if (timed.length > 0 && !ask.some((t) => t.t === 'time')) ask = [...ask, ...timed];
  const st = before.length === 1 && before[0] ? statement(before[0]) : undefined;
  const one = before.length === 1 ? before[0] : undefined;
  const link = st ? joined(ask, st) : one ? (orderedBefore(one, ask) ?? togetherBefore(one, ask) ?? topicJoined(one, ask) ?? visitTopicJoined(one, ask) ?? stateMomentBefore(one, ask, end) ?? stretchJoined(one, ask)) : undefined;
  if (link) {
    before = [];
    ask = link;
  }
  return { toks: [...before.flat(), ...ask].map((t, i) => ({ ...t, i })), ignored };
}

/** Kinds of tokens that can be what a pronoun stands for. */
const ANTECEDENTS = new Set<Token['t']>(['class', 'place', 'here', 'visitnoun', 'cond', 'rel']);

/**
 * A pronoun with nothing in the question for it to stand for ("when was it back?", "when did they
 * leave?"): reading it as anything would be a guess. Undefined when there is none.
 */
export function danglingPronoun(toks: readonly Token[]): Token | undefined {
  // "who stayed longest, and when did they arrive": the one asked about
  if (toks.some((t) => ANTECEDENTS.has(t.t) || (t.t === 'head' && (t.v === 'who' || t.v === 'which')))) return undefined;
  // "more after 11 o'clock than before it": the time said before it
  const ofTime = (t: Token): boolean => t.text === 'it' && toks[t.i - 1]?.t === 'rank' && toks.some((x) => x.t === 'time' && x.i < t.i);
  return toks.find((t) => t.t === 'skip' && PRONOUNS.has(t.text) && !ofTime(t));
}
