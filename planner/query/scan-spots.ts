/**
 * Places in the picture said of a thing: "the left bottle", "the right-hand bottle", "the bottle on
 * the left", "the bottle in the middle", "the second bottle from the right", "the leftmost bottle".
 * The position word becomes a `spot` token; the words around it that only say it ("on", "hand",
 * "from", the ordinal) become function words. Changes `toks` in place.
 */
import type { Spot } from './schema.js';

/** A token as the rule reads and writes it. */
interface Tok {
  t: string;
  text: string;
  i: number;
  v?: unknown;
}

/** Position words and the side they say. */
const SIDES: Record<string, Spot['side']> = { left: 'left', leftmost: 'left', right: 'right', rightmost: 'right', middle: 'middle', centre: 'middle', center: 'middle', central: 'middle' };

/** Makes `t` the spot token, and `rest` function words. */
function mark(t: Tok, spot: Spot, rest: (Tok | undefined)[]): void {
  Object.assign(t, { t: 'spot', v: spot });
  delete (t as { emptied?: unknown }).emptied;
  for (const x of rest) if (x) Object.assign(x, { t: 'skip' });
}

/** "the left bottle", "the right-hand bottle", "the far left bottle": a position word between "the" and a class. */
function before(toks: Tok[], k: number): boolean {
  const t = toks[k] as Tok;
  const side = SIDES[t.text];
  const hand = toks[k + 1]?.text === 'hand' || toks[k + 1]?.text === 'side' ? toks[k + 1] : undefined;
  const cls = toks[k + (hand ? 2 : 1)];
  const far = toks[k - 1]?.text === 'far' ? toks[k - 1] : undefined;
  if (!side || cls?.t !== 'class' || toks[k - (far ? 2 : 1)]?.text !== 'the' || (far && side === 'middle')) return false;
  mark(t, { side }, [hand, far]);
  return true;
}

/** "the bottle on the left", "the bottle on the far right", "the bottle in the middle": a place said after a class. */
function after(toks: Tok[], k: number): boolean {
  const cls = toks[k] as Tok;
  if (cls.t !== 'class') return false;
  const [a, b, d, e] = [toks[k + 1], toks[k + 2], toks[k + 3], toks[k + 4]];
  // "in the middle" is one function word of the lexicon
  if (a?.text === 'in the middle') {
    mark(a, { side: 'middle' }, []);
    return true;
  }
  if (!a || !b || !/^(?:on|at|in|to)$/.test(a.text) || b.text !== 'the') return false;
  const far = d?.text === 'far' ? d : undefined;
  const pos = far ? e : d;
  const side = pos ? SIDES[pos.text] : undefined;
  if (!pos || !side || (side === 'middle') !== (a.text === 'in') || (far && side === 'middle')) return false;
  const tail = toks[pos.i + 1]?.text === 'hand' || toks[pos.i + 1]?.text === 'side' || toks[pos.i + 1]?.text === 'end' ? toks[pos.i + 1] : undefined;
  mark(pos, { side }, [a, b, far, tail]);
  return true;
}

/** "the second bottle from the left": an ordinal, a class, "from the" and a side. */
function fromSide(toks: Tok[], k: number): boolean {
  const ord = toks[k] as Tok;
  const [cls, from, the, pos] = [toks[k + 1], toks[k + 2], toks[k + 3], toks[k + 4]];
  const side = pos ? SIDES[pos.text] : undefined;
  if (ord.t !== 'ord' || typeof ord.v !== 'number' || ord.v < 1 || cls?.t !== 'class' || from?.text !== 'from' || the?.text !== 'the' || !pos || (side !== 'left' && side !== 'right')) return false;
  mark(pos, ord.v === 1 ? { side } : { side, rank: ord.v }, [ord, from, the]);
  return true;
}

/**
 * "How long was the left bottle gone (off the shelf)": a thing at a place in the picture that is
 * gone, away or off after "was" is missing there (a state of the place, not a departure).
 */
function goneFromSpot(toks: Tok[]): void {
  if (!toks.some((t) => t.t === 'spot')) return;
  for (const t of toks) {
    const gone = (t.t === 'verb' && /^(?:gone|away|off)$/.test(t.text)) || (t.t === 'skip' && /^(?:away|off)$/.test(t.text));
    if (!gone || !toks.slice(0, t.i).some((x) => x.t === 'aux' && /^(?:was|were|is|are)$/.test(x.text))) continue;
    if (!toks.slice(0, t.i).some((x) => x.t === 'class')) continue;
    Object.assign(t, { t: 'cond', v: 'missing' });
  }
}

/** "on the left", "to the right" not said of a thing: a place in the picture, never the verb "left"; read as a word it does not know. */
function strayPositions(toks: Tok[]): void {
  for (const t of toks) {
    if (t.t === 'spot' || !/^(?:left|right)$/.test(t.text)) continue;
    const [a, b] = [toks[t.i - 2], toks[t.i - 1]];
    const far = b?.text === 'far';
    const [p, the] = far ? [toks[t.i - 3], a] : [a, b];
    if (the?.text === 'the' && /^(?:on|to|at)$/.test(p?.text ?? '')) Object.assign(t, { t: 'word' });
  }
}

/** Reads the places in the picture said of things (see the module's comment). */
export function spotPhrases(toks: Tok[]): void {
  for (let k = 0; k < toks.length; k++) if (!fromSide(toks, k)) if (!before(toks, k)) after(toks, k);
  goneFromSpot(toks);
  strayPositions(toks);
}
