/**
 * A refiner of the scanner: words that restate what the rest of the question already says, read as
 * saying nothing more, so they neither refuse the question nor change it:
 * - "come back to the counter later (on)": a return is later by itself;
 * - "when did the quiet spell finally end": "finally" before the verb it stresses;
 * - "the long empty stretch", "that long quiet spell": "long" before a stretch names the longest;
 * - "the second longest visit, how long was that one": "that one" is the visit already named;
 * - "leave again": leaving again is leaving (a state "full again" keeps its change);
 * - "visits were made by someone": the visits of that someone;
 * - "the longest gap with no car", "sat empty with nobody there": the emptiness said twice;
 * - "leave and then come back": coming back says the leaving;
 * - "the first customer walk off the first time": the first one's first visit is the first visit;
 * - "how long into the recording did ...": from the start;
 * - "separate visits": each visit is one (no people told apart);
 * - "come back after they had already left once": coming back says the leaving;
 * - "go 40 seconds in a row with nobody at it": to go with nobody there is to be empty;
 * - "the longest a car stayed on one pass": a stay is one visit's already.
 */
import { STRETCH } from './scan-edges.js';

/** A token as the refiner reads it (the scanner's tokens, structurally). */
interface Tok {
  t: string;
  text: string;
  i: number;
  v?: unknown;
}

const skip = (t: Tok | undefined): void => {
  if (t) Object.assign(t, { t: 'skip' });
};

/** Reads restating words as function words (and "long" before a stretch as the longest). Changes `toks` in place. */
export function restatements(toks: Tok[]): void {
  const verb = (t: Tok | undefined, ...vs: string[]): boolean => t?.t === 'verb' && vs.includes(t.v as string);
  const returns = toks.some((t) => verb(t, 'return'));
  for (const [i, t] of toks.entries()) {
    const next = toks[i + 1];
    if (returns && t.t === 'word' && /^(?:later|afterwards?|subsequently)$/.test(t.text)) {
      skip(t);
      if (next?.text === 'on') skip(next);
    }
    if (t.t === 'instant' && t.text === 'finally' && (next?.t === 'edge' || next?.t === 'verb')) skip(t);
    if (t.text === 'long' && t.t === 'word' && (next?.t === 'cond' || STRETCH.has(next?.text ?? '')) && !toks.some((x) => x.t === 'super')) Object.assign(t, { t: 'super', v: 'longest' });
    if (t.t === 'rel' && /^(?:that|this)$/.test(t.text) && next?.text === 'one' && toks.slice(i + 2).every((x) => x.t === 'sep' || x.t === 'verb')) {
      skip(t);
      skip(next);
    }
    if (t.t === 'verb' && t.text === 'again' && verb(toks[i - 1], 'leave', 'arrive')) skip(t);
    // "how long did it take before (until) someone came": the "before" restates the "until" the taking said
    if (t.t === 'elapse' && t.v === 'until' && ((next?.t === 'rank' && next.v === 'before') || (next?.t === 'elapse' && next.v === 'until'))) skip(next);
    if (t.t === 'word' && /^(?:made|paid)$/.test(t.text) && toks[i - 1]?.t === 'aux' && toks[i - 2]?.t === 'visitnoun' && next?.text === 'by') {
      skip(t);
      skip(next);
    }
    // (after a stretch word alone, "with nobody" is what makes it empty: kept)
    // ("a long quiet spell with nobody at the counter": the stretch word between)
    const empty = toks[i - 1]?.t === 'cond' || (STRETCH.has(toks[i - 1]?.text ?? '') && toks[i - 2]?.t === 'cond' && toks[i - 2]?.v === 'empty');
    // ("with no car": the class stays; "with nobody there": the place's own class)
    if (empty && t.text === 'with' && (next?.t === 'neg' || next?.text === 'nobody')) {
      skip(t);
      skip(next);
      if (next.text === 'nobody' && toks[i + 2]?.text === 'there') skip(toks[i + 2]);
    }
    // "did the counter go 40 seconds in a row with nobody at it": the state said by "with nobody"
    if (verb(t, 'leave') && /^(?:go|goes|went|gone|going)$/.test(t.text)) goneWith(toks, i);
    // "separate visits", "distinct trips": every visit is one; the word tells no people apart
    if (t.t === 'distinct' && next?.t === 'visitnoun') skip(t);
    // "the longest a car stayed on one pass", "in a single visit": a stay is one visit's already
    const one = /^(?:one|single)$/.test(t.text) ? t : undefined;
    const single = one && (next?.t === 'visitnoun' ? next : undefined);
    if (single && !/(?:[^s]s|sses)$/.test(single.text) && /^(?:on|in|for|during|a)$/.test(toks[i - 1]?.text ?? '') && toks.some((x) => verb(x, 'stay'))) {
      skip(t);
      skip(single);
    }
    // "come back after they had already left once": the return says the leaving
    if (t.t === 'rank' && t.v === 'after' && toks.slice(0, i).some((x) => verb(x, 'return'))) afterLeaving(toks, i);
    // "leave and then come back": the return says the leaving
    if (verb(t, 'leave') && next?.text === 'and' && (verb(toks[i + 2], 'return') || (toks[i + 2]?.text === 'then' && verb(toks[i + 3], 'return')))) {
      skip(t);
      skip(next);
      if (toks[i + 2]?.text === 'then') skip(toks[i + 2]);
    }
  }
  firstTimeOfFirst(toks);
  fromTheStart(toks);
}

/** "(come back) after they had already left once": from `k` ("after"), the leaving a return says, as function words. */
function afterLeaving(toks: Tok[], k: number): void {
  let j = k + 1;
  const part = (re: RegExp): boolean => (re.test(toks[j]?.text ?? '') ? (j++, true) : false);
  // ("he", "she": the composer checks whom they stand for)
  if (!part(/^(?:they|someone|somebody)$/)) return;
  part(/^(?:had|has|have)$/);
  part(/^already$/);
  if (!(toks[j]?.t === 'verb' && toks[j]?.v === 'leave')) return;
  j++;
  part(/^once$/);
  if (j < toks.length && toks[j]?.t !== 'sep' && !/^[?.!]$/.test(toks[j]?.text ?? '')) return;
  for (let x = k; x < j; x++) skip(toks[x]);
}

/** Words for the recording itself. */
const RECORDING = /^(?:recording|clip|footage|video|feed|tape)$/;

/**
 * "How long into the recording did the first person appear": the time from the recording's start
 * (never the length of that visit).
 */
function fromTheStart(toks: Tok[]): void {
  const head = toks.findIndex((t) => t.t === 'head' && t.v === 'howlong');
  if (head < 0) return;
  // "how long (did it take) from the start (of the recording) until the first car came": the start is where "until" counts from
  const until = toks.findIndex((t, k) => k > head && t.t === 'elapse');
  const from = toks.findIndex((t, k) => k > head && k < until && t.text === 'from');
  if (until > 0 && from > 0) {
    const rest = toks.slice(from + 1, until);
    const said = rest.map((t) => t.text).join(' ');
    if ((rest.length === 1 && rest[0]?.t === 'instant' && rest[0].v === 'start') || /^the (?:start|beginning)$/.test(said)) for (const t of [toks[from], ...rest]) skip(t);
  }
  const [a, b, c] = [toks[head + 1], toks[head + 2], toks[head + 3]];
  if (a?.text === 'into' && b?.text === 'the' && RECORDING.test(c?.text ?? '')) {
    Object.assign(a, { t: 'rank', v: 'after' });
    Object.assign(b, { t: 'instant', v: 'start' });
    skip(c);
  }
}

/** "The first customer walk off the first time": "the first time" after a verb, said of the first one, is that visit. */
function firstTimeOfFirst(toks: Tok[]): void {
  const firstOne = toks.findIndex((t, i) => t.t === 'ord' && t.v === 1 && toks[i + 1]?.t === 'class');
  if (firstOne < 0) return;
  for (let i = firstOne + 2; i + 2 < toks.length; i++) {
    const [a, b, c] = [toks[i], toks[i + 1], toks[i + 2]] as [Tok, Tok, Tok];
    if (a.text === 'the' && b.t === 'ord' && b.v === 1 && c.text === 'time' && toks.slice(firstOne, i).some((x) => x.t === 'verb')) {
      skip(b);
      skip(c);
    }
  }
}

/**
 * "Did the counter go more than 40 seconds (in a row) with nobody at it": "go" at `i` with a length
 * and then "with nobody" / "with no <class>" says the place was empty that long. The verb becomes the
 * state, "with" and a "no" are skipped, the class stays (nobody: people, marked as no negation of
 * its own); "at it" or "there" after it restate the place. Left alone without a length before "with".
 */
function goneWith(toks: Tok[], i: number): void {
  const w = toks.findIndex((x, k) => k > i && x.text === 'with');
  if (w < 0 || !toks.slice(i + 1, w).some((x) => x.t === 'unit')) return;
  const who = toks[w + 1];
  const neg = who?.t === 'neg' && toks[w + 2]?.t === 'class';
  if (!(who?.t === 'class' && who.text === 'nobody') && !neg) return;
  Object.assign(toks[i] as Tok, { t: 'cond', v: 'empty' });
  skip(toks[w]);
  // the state says the none: "nobody" names the class only (no negation of the yes/no)
  if (neg) skip(who);
  else Object.assign(who, { emptied: true });
  const after = toks[w + (neg ? 3 : 2)];
  if (after?.text === 'there') skip(after);
  if (after?.text === 'at' && /^(?:it|them)$/.test(toks[w + (neg ? 4 : 3)]?.text ?? '')) skip(after);
}
