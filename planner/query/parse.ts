/**
 * The English parser: tokens (see scan.ts) composed into one query of the question language. It
 * reads the question's head (how many, when, how long, yes/no, who, which), its verbs (arrive,
 * leave, stay, take, return, cross, drop to), its subject (classes), places, times, numbers,
 * ordinals, conditions, comparisons, references ("the person who came at 09:01:14") and negation.
 * Every token that carries meaning must be used by the reading; otherwise the question is refused
 * with the words it did not understand, never answered as another question.
 */
import type { CountCondition, DurationCondition, Measure, Query, VisitRef } from './schema.js';
import { classAsPlace, scanRead, type ScanVocabulary, type TimePhrase, type Token } from './scan.js';
import { FUTURE_WORDS, UNTOLD_PEOPLE, WHERE_WORDS } from './lexicon.js';
import { compose } from './compose.js';
import { danglingPronoun, discourse } from './discourse.js';
import type { Ctx } from './ctx.js';
import type { Parsed, ParseOptions, Refused } from './parse-types.js';

export type { Parsed, ParseOptions, Refused } from './parse-types.js';

/** Kinds of tokens whose meaning must be used by the reading. */
const MEANINGFUL = new Set<Token['t']>(['word', 'num', 'ord', 'cmp', 'unit', 'cond', 'agg', 'super', 'busy', 'once', 'distinct', 'neg', 'rank', 'dir', 'class', 'place', 'time', 'instant', 'timesnoun', 'all', 'elapse', 'look', 'edge', 'rest']);
/** Verbs whose meaning must be used (seeing and being are implied by most readings). */
const MEANINGFUL_VERBS = new Set(['arrive', 'leave', 'stay', 'take', 'return', 'cross', 'drop', 'rise', 'enter', 'exit']);

/**
 * Parses a question into a query, or says what it did not understand.
 * @param question the person's words
 * @param vocab names the memory knows (cameras, zones, lines, classes)
 */
export function parseQuestion(question: string, vocab: ScanVocabulary, opts: ParseOptions): Parsed | Refused {
  const said = scanRead(question, vocab, opts);
  const read = said.read;
  // the clause that asks: a preamble before it dropped (and named), a statement it refers to joined
  const { toks, ignored } = discourse(said.toks, opts.now + 1);
  if (ignored.length > 0) read.push(`ignored ${quoteList(ignored)} before the question`);
  // "what time did he show up for the third time?": he or she with no one named is the one person seen (one identity)
  const personal = personalPronoun(toks);
  if (personal) said.scene.push(`"${personal}" read as one person (one identity, by re-identification), as the question names no one else`);
  const dangling = danglingPronoun(toks);
  if (dangling) return { ok: false, code: 'DANGLING_REFERENCE', why: `"${dangling.text}" refers to something the question does not name` };
  const presumed = presupposed(toks);
  for (const w of presumed) said.scene.push(`"${w}" narrowed nothing: the clause after it names the person, and the detector sees people, not their sex or age`);
  const unknown = toks.filter((t) => t.t === 'word');
  // "how many forklifts", "a forklift": a word where a class stands is a class the detectors do not know
  const classLike = unknown.find((u) => {
    const p = toks[u.i - 1];
    return p !== undefined && (p.t === 'num' || (p.t === 'head' && p.v === 'howmany') || /^(?:a|an|any|some|no|every|each)$/.test(p.text));
  });
  if (classLike) {
    const name = classLike.text.replace(/(?<=[^s])s$/, '');
    return { ok: false, code: 'NO_SUCH_CLASS', why: `"${name}" is not a detected class (nor a word, camera, zone or line I know)` };
  }
  for (const u of unknown) {
    const kind = /^(zone|area|region|line|camera|cam)$/.exec(toks[u.i - 1]?.text ?? '')?.[1];
    if (!kind) continue;
    const k = kind === 'line' ? 'line' : kind.startsWith('cam') ? 'camera' : 'zone';
    const known = k === 'line' ? vocab.lines : k === 'camera' ? vocab.cameras : vocab.zones;
    return { ok: false, code: 'NO_SUCH_PLACE', why: `there is no ${k} called "${u.text}" in the memory (${k}s: ${known.join(', ') || 'none'})` };
  }
  // "the man in the dark hoodie": with a look, the word narrows nothing and the reading names it
  const described = new Set([...toks.flatMap((t) => (t.t === 'look' ? t.v.ignored : [])), ...presumed]);
  const untold = [...said.words, ...toks.map((t) => t.text)].find((w) => UNTOLD_PEOPLE.has(w) && !described.has(w));
  if (untold) return { ok: false, code: 'APPEARANCE', why: `the detector sees people, not their sex or age ("${untold}")` };
  // "where did the bottles go": places beyond the camera's view are not in the memory
  if (toks.some((t) => WHERE_WORDS.has(t.text) && t.t !== 'skip')) return { ok: false, code: 'WHERE_WENT', why: 'it asks where something went or came from; the memory holds what each camera saw, not where things went' };
  // "which patient did the woman visit?": the question word is what the subject acted on
  if (asksWhoActed(toks)) return { ok: false, code: 'NO_AGENT', why: 'it asks who took or put back things; the memory records when things were taken or put back, and who was in view, not who did it' };
  if (asksWhatWasActedOn(toks)) return { ok: false, code: 'ACTED_ON', why: 'it asks whom or what someone acted on (the question word is the object of the verb); the memory holds who and what each camera saw, and when, not what one did to another' };
  // "will": the memory holds what was recorded, not what is to come
  if (toks.some((t) => FUTURE_WORDS.has(t.text))) return { ok: false, code: 'FUTURE', why: 'it asks about the future; the memory holds what was recorded' };
  // "the parking camera": a camera the memory does not have
  const camWord = toks.find((t) => t.t === 'skip' && /^(?:camera|cam|cameras)$/.test(t.text) && ['verb', 'class', 'cond', 'word'].includes(toks[t.i - 1]?.t ?? ''));
  if (camWord) return { ok: false, code: 'NO_SUCH_PLACE', why: `there is no camera called "${toks[camWord.i - 1]?.text ?? ''}" in the memory (cameras: ${vocab.cameras.join(', ') || 'none'})` };
  const spot = placeLikeClass(toks);
  if (spot) return { ok: false, code: 'PLACE_AS_CLASS', why: `"${spot.text}" names a place, and there is no camera, zone or line called so in the memory (cameras: ${vocab.cameras.join(', ') || 'none'})` };
  if (unknown.length > 0) return { ok: false, code: 'UNKNOWN_WORD', why: `I did not understand ${quoteList(unknown.map((t) => t.text))} (not a word I know, nor a class, camera, zone or line of this memory)` };
  if (toks.length === 0) return { ok: false, code: 'EMPTY_QUESTION', why: 'the question is empty' };
  const c: Ctx = { toks, used: new Set(), opts, assumed: [...read, ...said.scene], ...(personal ? { onePerson: true } : {}) };
  const r = compose(c);
  if (!r.ok) return r;
  const left = toks.filter((t) => !c.used.has(t.i) && (MEANINGFUL.has(t.t) || (t.t === 'verb' && MEANINGFUL_VERBS.has(t.v))));
  if (left.length > 0) return { ok: false, code: 'UNUSED_WORDS', why: `I understood the question as "${r.reading}" but could not use ${quoteList(left.map((t) => t.text))} in it` };
  const loose = read.length > 0 ? looseAfterSlips(toks, c.used) : [];
  if (loose.length > 0) return { ok: false, code: 'LOOSE_AFTER_SLIPS', why: `I ${read.join(', ')}, but then could not use ${quoteList(loose.map((t) => t.text))}; I do not guess at a question so loosely put` };
  return { ok: true, query: r.query, negate: r.negate, assumed: c.assumed };
}

/**
 * "The man who came in last", "the woman that left first": one person picked out by the clause
 * after the word, the word only saying what the asker saw. The word becomes "person" (in place) and
 * is returned. An ordinal before it ("the second woman") ranges over women and a plural counts
 * them: those stay refused.
 */
function presupposed(toks: Token[]): string[] {
  const out: string[] = [];
  for (const [i, t] of toks.entries()) {
    const after = toks[i + 1];
    if (t.t !== 'word' || !SINGULAR_UNTOLD.test(t.text) || toks[i - 1]?.text !== 'the') continue;
    if (!after || !((after.t === 'head' && after.v === 'who') || after.text === 'that')) continue;
    toks[i] = { t: 'class', v: ['person'], agent: false, text: t.text, i: t.i };
    out.push(t.text);
  }
  return out;
}

/**
 * "Which patient did the woman in grey visit?", "who did he talk to?": "who" or "which" (with its
 * noun), then "did/does/do" and a subject before the verb ("visit" as a verb included). The question word is then the verb's
 * object, not its subject ("which visitor did come first?" has the verb right after "did").
 */
function asksWhatWasActedOn(toks: readonly Token[]): boolean {
  const h = toks.findIndex((t) => t.t === 'head' && (t.v === 'who' || t.v === 'which'));
  if (h < 0) return false;
  let i = h + 1;
  // ("which ferry did he take": a noun the memory does not know, or one of a place's name, is the object too)
  while (toks[i]?.t === 'class' || toks[i]?.t === 'visitnoun' || toks[i]?.t === 'word' || toks[i]?.t === 'place') i++;
  const aux = toks[i];
  if (aux?.t !== 'aux' || !DO_SUPPORT.has(aux.text)) return false;
  const next = toks[i + 1];
  return next !== undefined && next.t !== 'verb' && next.t !== 'aux' && toks.slice(i + 2).some((t) => t.t === 'verb' || t.t === 'visitnoun');
}

/**
 * "Which guest took the bottles?", "who put the bottle back?": the question word (with a person noun)
 * is who took or put back things; the memory records when things were taken, not by whom.
 */
function asksWhoActed(toks: readonly Token[]): boolean {
  // ("the person who came back": a relative "who" asks nothing)
  const head = toks.find((t): t is Extract<Token, { t: 'head' }> => t.t === 'head' && (t.v === 'who' || t.v === 'which') && toks[t.i - 1]?.t !== 'class');
  if (!head) return false;
  let i = head.i + 1;
  for (let t = toks[i]; t?.t === 'class' && (t.agent || t.v.includes('person')); t = toks[i]) i++;
  const verb = toks[i];
  // a thing taken or put back after the verb ("who came back" asks who returned, a person)
  const thing = toks.slice(i + 1).some((t) => t.t === 'class' && !t.agent && t.v.length > 0 && !t.v.includes('person'));
  return (i > head.i + 1 || head.v === 'who') && verb?.t === 'verb' && (verb.v === 'take' || verb.v === 'return') && thing;
}

/** The auxiliary of a question whose subject follows it. */
const DO_SUPPORT = new Set(['did', 'does', 'do']);

/**
 * "When did he leave?", "how long ago was she last seen on the floor?" with no one in the question
 * for the pronoun to stand for: he, she or him can only be a person, so the pronoun becomes the class
 * person (in place) and the reading is one identity's visits (the executor refuses when several
 * people fit). Returns the pronoun, or undefined ("it" and "they" stay dangling).
 */
function personalPronoun(toks: Token[]): string | undefined {
  if (toks.some((t) => PERSON_ANTECEDENTS.has(t.t) || (t.t === 'head' && (t.v === 'who' || t.v === 'which')))) return undefined;
  if (toks.some((x) => x.t === 'skip' && OTHER_PRONOUNS.has(x.text))) return undefined;
  const at = toks.findIndex((t) => t.t === 'skip' && PERSONAL.has(t.text));
  const t = toks[at];
  // "his shortest appearance": one person's visits, the word itself a determiner the reading need not use
  if (!t) return toks.find((x) => x.t === 'skip' && POSSESSIVE.has(x.text))?.text;
  toks[at] = { t: 'class', v: ['person'], agent: false, text: t.text, i: t.i };
  return t.text;
}

/** Kinds of tokens a personal pronoun could stand for (a place or a state cannot be "he"). */
const PERSON_ANTECEDENTS = new Set<Token['t']>(['class', 'rel', 'look']);
/** The pronouns that can only stand for a person. */
const PERSONAL = new Set(['he', 'she', 'him']);
/** Their possessives. */
const POSSESSIVE = new Set(['his', 'her']);
/** The pronouns that stand for something else or for several ("it", "they"): with one of these, nothing is read. */
const OTHER_PRONOUNS = new Set(['it', 'they', 'them']);

/** The singular sex and age words ("man", "lady"). */
const SINGULAR_UNTOLD = /^(?:man|woman|male|female|boy|girl|child|kid|lady|gentleman|adult|teenager|teen|guy)$/;

/** Function words: a question may have them without the reading using them. */
const FUNCTION_KINDS = new Set<Token['t']>(['skip', 'sep', 'aux', 'and', 'rel']);

/**
 * After a typing slip was corrected, the question is read only when it is well formed: every
 * token but function words (and seeing, being) used by the reading, and no word of meaning said
 * twice, at most one question word besides "what". Nonsense with a slip in it ("peple kiosc peple?") is refused, not read as a question.
 */
function looseAfterSlips(toks: readonly Token[], used: ReadonlySet<number>): Token[] {
  const seen = new Set<string>();
  let heads = 0;
  return toks.filter((t) => {
    if (FUNCTION_KINDS.has(t.t) || (t.t === 'verb' && !MEANINGFUL_VERBS.has(t.v))) return false;
    // "what is the number of ...": "what" frames another question word; two others are two questions
    // ("which was the lowest number of ...": "which" frames it as "what" does)
    // ("how many times did the number of bottles go down": "the number of" names what is counted, no second question)
    const names = /^(?:number|count) of$/.test(t.text) && heads > 0;
    if (t.t === 'head' && t.v !== 'what' && t.v !== 'which' && !names && ++heads > 1) return true;
    const again = seen.has(`${t.t} ${t.text}`);
    seen.add(`${t.t} ${t.text}`);
    return again || !used.has(t.i);
  });
}

/**
 * A class word used as a place ("how many bottles were on the bench" where "bench" is no camera):
 * after a preposition of place and "the", following another class that is what is asked about.
 * Counting it with the subject would answer another question.
 */
function placeLikeClass(toks: readonly Token[]): Token | undefined {
  return toks.find((_t, i) => classAsPlace(toks, i));
}

/** `"a", "b" and "c"`. */
export function quoteList(words: string[]): string {
  const q = [...new Set(words)].map((w) => `"${w}"`);
  return q.length <= 1 ? (q[0] ?? '') : `${q.slice(0, -1).join(', ')} and ${q[q.length - 1] ?? ''}`;
}

export type { CountCondition, DurationCondition, Measure, Query, VisitRef, TimePhrase };
