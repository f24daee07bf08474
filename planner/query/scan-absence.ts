/**
 * A refiner of the scanner: being away. "How long was the first bottle away?", "how long was it
 * gone?" ask how long a thing was missing, not how long it was there; dropped as a function word,
 * "away" had turned the question into its opposite (the first bottle's visit, 46.8 s). For a thing
 * that stands still (a bottle) being away is the state "missing"; for one that comes and goes by
 * itself (a person, a car: "how long was he away?") it is the time between two of its visits,
 * which this reading does not make: the word is left unknown, so the question is refused and the
 * refusal names it.
 */
import { MOVING_CLASSES } from '../../ingest/perception/still.js';

/** A token as the refiner reads it (the scanner's tokens, structurally). */
interface Tok {
  t: string;
  text: string;
  i: number;
  v?: unknown;
}

/** Personal pronouns: what a subject (or, in discourse, a named thing) may be said as. */
export const PRONOUNS: ReadonlySet<string> = new Set(['it', 'they', 'them', 'he', 'she', 'him', 'her']);

/** Words of being away after a subject. */
const AWAY = new Set(['away', 'gone', 'absent', 'missing']);

/** Whether a token is the subject of "was ... away": a class or a pronoun. */
function subject(t: Tok | undefined): boolean {
  return t !== undefined && (t.t === 'class' || (t.t === 'skip' && PRONOUNS.has(t.text)));
}

/** Reads "<subject> away" in a how-long question as missing, or leaves it unknown. Changes `toks` in place. */
export function absence(toks: Tok[]): void {
  // ("how long was he gone between his two visits": the span said is read as such)
  if (!toks.some((t) => t.t === 'head' && t.v === 'howlong') || toks.some((t) => t.text === 'between')) return;
  for (const t of toks) {
    if (!AWAY.has(t.text) || t.t === 'cond') continue;
    // the subject right before it ("was the first bottle away", "was it gone", "was he away for")
    const before = toks[t.i - 1];
    if (!subject(before)) continue;
    const cls = before?.t === 'class' ? before : toks.slice(0, t.i).reverse().find((x) => x.t === 'class');
    const labels = Array.isArray(cls?.v) ? (cls.v as string[]) : [];
    // ("he", "she" are people, whatever the class said before)
    const still = labels.length > 0 && labels.every((l) => !MOVING_CLASSES.has(l)) && !/^(?:he|she|him|her)$/.test(before?.text ?? '');
    // ("the first time a bottle went missing, how long was it away": said again, nothing more)
    const said = toks.some((x) => x.t === 'cond' && x.v === 'missing' && x.i < t.i);
    Object.assign(t, still ? (said ? { t: 'skip', v: undefined } : { t: 'cond', v: 'missing' }) : { t: 'word', v: undefined });
  }
}
