/**
 * A refiner of the scanner: a verb of beginning or ending that closes a "when" question about a
 * state ("when did the longest empty stretch begin?", "when did the long empty period end?") says
 * which end of the stretch is asked for. Said of a visit ("when did the longest visit end") it is
 * the visit's arrival or departure instead (the scanner reads that before), so a question with a
 * visit word is left alone. "Long" there, with no superlative, is the longest.
 */

/** A token as the refiner reads it (the scanner's tokens, structurally). */
interface Tok {
  t: string;
  text: string;
  i: number;
}

const BEGIN = new Set(['begin', 'began', 'begun', 'begins', 'start', 'started', 'starts', 'commence', 'commenced']);
/** Words for a stretch of a state. */
export const STRETCH = new Set(['stretch', 'stretches', 'spell', 'spells', 'period', 'periods', 'lull', 'lulls', 'gap', 'gaps']);
const END = new Set(['end', 'ended', 'ends', 'finish', 'finished', 'finishes', 'stop', 'stopped', 'stops']);

/** Reads a closing verb of beginning or ending as the edge of a stretch. Changes `toks` in place. */
export function stretchEdges(toks: Tok[]): void {
  const last = [...toks].reverse().find((t) => t.t !== 'sep');
  if (!last || (!BEGIN.has(last.text) && !END.has(last.text))) return;
  if (!toks.some((t) => t.t === 'head' && (t as Tok & { v?: string }).v === 'when')) return;
  if (!toks.some((t) => t.t === 'cond' || STRETCH.has(t.text)) || toks.some((t) => t.t === 'visitnoun')) return;
  Object.assign(last, { t: 'edge', v: BEGIN.has(last.text) ? 'start' : 'end' });
  // "the long empty period": with no superlative, the longest (the composer says so)
  const long = toks.find((t) => t.text === 'long' && t.t === 'word');
  if (long && !toks.some((t) => t.t === 'super')) Object.assign(long, { t: 'super', v: 'longest' });
}

/**
 * "When did the second car visit at the drop-off end?", "the visit that began around 10:04": a
 * verb of beginning or ending said of a visit word before it (across a place said after the visit,
 * or a relative "that") is the visit's arrival or departure. Changes `toks` in place.
 */
export function visitEdges(toks: Tok[]): void {
  for (const t of toks) {
    if (t.t !== 'word' || (!BEGIN.has(t.text) && !END.has(t.text)) || /^stop/.test(t.text)) continue;
    let k = t.i - 1;
    while (k >= 0 && (toks[k]?.t === 'skip' || toks[k]?.t === 'place')) k--;
    const rel = toks[k]?.t === 'rel' && /^(?:that|which)$/.test(toks[k]?.text ?? '');
    if (rel) k--;
    if (toks[k]?.t !== 'visitnoun' || (!rel && k === t.i - 1)) continue;
    Object.assign(t, { t: 'verb', v: BEGIN.has(t.text) ? 'arrive' : 'leave' });
  }
}

/**
 * "The longest stretch when all three bottles stood there", "the longest period where nobody was
 * there": a "when" or "where" right after a stretch word, in a question asked by an earlier question
 * word, says which stretch (a relative), not a second question. Changes `toks` in place.
 */
export function relativeStretch(toks: Tok[]): void {
  for (const t of toks) {
    const v = (t as Tok & { v?: string }).v;
    const asked = (t.t === 'head' && (v === 'when' || v === 'where')) || (t.t === 'word' && t.text === 'where');
    if (!asked) continue;
    const prev = toks[t.i - 1];
    // (asked by a question word, or by "the longest" when "what's" was said as a filler)
    if (!prev || !STRETCH.has(prev.text) || !toks.slice(0, t.i - 1).some((x) => x.t === 'head' || x.t === 'super')) continue;
    Object.assign(t, { t: 'skip' });
  }
}
