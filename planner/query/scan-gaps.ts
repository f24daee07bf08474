/**
 * A refiner of the scanner: a gap between visits. "The longest gap between cars", "how many gaps
 * were there", "the shortest lull at the desk", "the time between two visitors": a stretch with
 * nobody (nothing) there, between one visit and the next. Read as the state "empty" said by a gap
 * word, which the composer makes a gap (a stretch with a change on both sides), never the time
 * before the first visit or after the last. "The gap between the fourth and fifth visitors" (two
 * moments named) is left to the elapsed-time reading.
 */

import { STRETCH } from './scan-edges.js';

/** A token as the refiner reads it (the scanner's tokens, structurally). */
interface Tok {
  t: string;
  text: string;
  i: number;
  v?: unknown;
}

/** Nouns for a gap. */
const GAP_NOUNS = new Set(['gap', 'gaps', 'lull', 'lulls']);
/** Words before "between" that name the time between two visits ("the interval between visitors"). */
const SPAN_WORDS = /^(?:(?:time )?gaps?|time|intervals?|pauses?|breaks?|waits?|delays?|lulls?) between$/;
/** Words between "between" and the visits that restate them ("between two consecutive cars"). */
const RESTATE = new Set(['the', 'a', 'an', 'two', 'consecutive', 'successive', 'back-to-back', 'subsequent', 'each', 'one', 'another']);

/** The gap words of a question read as the state "empty". Changes `toks` in place. */
export function gapWords(toks: Tok[]): void {
  const cond = toks.find((t) => t.t === 'cond');
  // "a long empty stretch in the middle (of the recording)": a stretch said to be between visits, not
  // the one in progress at the halfway moment
  const middle = toks.find((t) => (t.t === 'skip' || t.t === 'time') && t.text.startsWith('in the middle'));
  if (cond && cond.v === 'empty' && middle && toks.some((t) => STRETCH.has(t.text))) {
    Object.assign(cond, { gap: true });
    Object.assign(middle, { t: 'skip' });
  }
  // "the shortest quiet spell between two passes": the state said, then the visits it lies between
  const between = cond?.v === 'empty' ? toks.find((t) => t.t === 'elapse' && t.v === 'between' && t.text === 'between' && t.i > cond.i) : undefined;
  if (cond && between && betweenVisits(toks, between.i)) {
    Object.assign(cond, { gap: true });
    Object.assign(between, { t: 'skip' });
  }
  if (cond) return;
  for (const t of toks) {
    if (t.t === 'elapse' && t.v === 'between') {
      // "gaps (were there) between visitors": the plural noun said before the phrase
      const noun = t.text === 'between' ? toks.slice(0, t.i).find((x) => x.t === 'skip' && GAP_NOUNS.has(x.text)) : undefined;
      const spoken = SPAN_WORDS.test(t.text) || noun !== undefined;
      if (!spoken || !betweenVisits(toks, t.i)) continue;
      // the noun then says the state, "between" restates it
      Object.assign(noun ?? t, { t: 'cond', v: 'empty', gap: true });
      if (noun) Object.assign(t, { t: 'skip' });
      return;
    }
  }
  const noun = toks.find((t) => t.t === 'skip' && GAP_NOUNS.has(t.text));
  if (noun && !toks.some((t) => t.t === 'elapse')) Object.assign(noun, { t: 'cond', v: 'empty', gap: true });
}

/**
 * Whether "between" at `k` names visits in general ("between cars", "between two consecutive
 * visitors", "between visits"), not two moments ("between the fourth and fifth visitors",
 * "between 10:00 and 10:05"): the words after it restate or name the visits, and no "and" follows.
 */
function betweenVisits(toks: Tok[], k: number): boolean {
  let j = k + 1;
  const restated: Tok[] = [];
  while (toks[j] && (RESTATE.has(toks[j]?.text ?? '') || (toks[j]?.t === 'num' && toks[j]?.v === 2))) restated.push(toks[j++] as Tok);
  const noun = toks[j];
  if (!noun || (noun.t !== 'class' && noun.t !== 'visitnoun')) return false;
  const next = leavingThenNext(toks, j + 1);
  // (a period after them is the question's window: "the longest gap between guests tonight")
  if (toks.slice(j + 1 + next.length).some((t) => t.t === 'and' || (t.t === 'time' && (t.v as { instant?: number } | undefined)?.instant !== undefined) || t.t === 'ord')) return false;
  // "between visits", "between passes": the noun restates the visits (the class is said elsewhere or is the place's)
  for (const r of [...restated, ...next, ...(noun.t === 'visitnoun' ? [noun] : [])]) Object.assign(r, { t: 'skip' });
  return true;
}

/**
 * "(between one visitor) leaving and the next (one) arriving": the tokens that restate a gap from
 * `j` (a leaving, "and", "the next", an arriving), or none.
 */
function leavingThenNext(toks: readonly Tok[], j: number): Tok[] {
  const out: Tok[] = [];
  let k = j;
  const take = (ok: boolean): boolean => {
    if (ok) out.push(toks[k++] as Tok);
    return ok;
  };
  const at = (): Tok | undefined => toks[k];
  if (!take(at()?.t === 'verb' && at()?.v === 'leave') || !take(at()?.t === 'and')) return [];
  take(at()?.text === 'the');
  if (!take(at()?.t === 'ord' && at()?.text === 'next')) return [];
  take(at()?.t === 'class' || at()?.text === 'one');
  return take(at()?.t === 'verb' && at()?.v === 'arrive') ? out : [];
}
