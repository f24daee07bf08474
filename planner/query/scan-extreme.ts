/**
 * A refiner of the scanner: a count at its lowest or highest. "How long did the bottle count stay at
 * its lowest", "when did the number of bottles reach its peak", "after the low point": the state of
 * the count being the fewest (most) it was in the window, read as the condition `lowest`
 * (`highest`), which the composer times, counts and places as any other state. The count said as
 * the state's subject ("the number of bottles", "the count") is then no question of how many.
 */

/** A token as the refiner reads it (the scanner's tokens, structurally). */
interface Tok {
  t: string;
  text: string;
  i: number;
  v?: unknown;
}

/** Possessives that tie a superlative to the count before it ("its lowest", "their highest"). */
const POSSESSIVE = new Set(['its', 'their']);
/** Nouns after a superlative or "low"/"high" that name the moment of the extreme ("the low point", "its highest level"). */
const POINT = new Set(['point', 'level', 'mark', 'ebb']);
/** Words for the extreme said alone after a possessive ("at its peak"). */
const PEAK: Readonly<Record<string, 'lowest' | 'highest'>> = { peak: 'highest', height: 'highest', max: 'highest', min: 'lowest' };
/** The count as a noun: the subject of the state. */
const COUNT_HEADS = new Set(['number of', 'count', 'count of', 'level', 'total number of']);

/** The extreme a token names, or undefined. */
function extremeOf(t: Tok | undefined): 'lowest' | 'highest' | undefined {
  if (!t) return undefined;
  if (t.t === 'agg' && (t.v === 'min' || t.v === 'max')) return t.v === 'min' ? 'lowest' : 'highest';
  if (t.text === 'low' || t.text === 'lowest') return 'lowest';
  if (t.text === 'high' || t.text === 'highest') return 'highest';
  return Object.hasOwn(PEAK, t.text) ? PEAK[t.text] : undefined;
}

/** Reads "its lowest", "their highest", "the low point", "its peak" as a state. Changes `toks` in place. */
export function extremeStates(toks: Tok[]): void {
  let found = false;
  for (const t of toks) {
    const which = extremeOf(t);
    if (!which) continue;
    const before = toks[t.i - 1];
    const after = toks[t.i + 1];
    const possessed = before !== undefined && POSSESSIVE.has(before.text);
    const point = after !== undefined && POINT.has(after.text) && (before?.text === 'the' || possessed);
    // a bare "low"/"high"/"peak" is a state only said with its point or possessive
    if (!possessed && !point) continue;
    if (t.t !== 'agg' && !point && !Object.hasOwn(PEAK, t.text)) continue;
    Object.assign(t, { t: 'cond', v: which });
    if (possessed) Object.assign(before, { t: 'skip' });
    if (point) Object.assign(after, { t: 'skip' });
    found = true;
  }
  if (!found) return;
  for (const t of toks) if (t.t === 'head' && t.v === 'howmany' && COUNT_HEADS.has(t.text)) Object.assign(t, { t: 'skip' });
}
