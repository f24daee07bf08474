/**
 * A refiner of the scanner: words said in another order than the composer reads them. "Did the
 * first visitor stay longer at the table than the last one": the place said between the comparison
 * and its "than" goes after the comparison's other side; "counting only the people in black":
 * "only" after "counting" restricts what is counted to what follows (no comparison of its own).
 */

/** A token as the refiner reads it (the scanner's tokens, structurally). */
interface Tok {
  t: string;
  text: string;
  i: number;
  v?: unknown;
}

/** Reorders and reads such words. Changes `toks` in place (indices renumbered). */
export function wordOrder(toks: Tok[]): void {
  for (const [k, t] of toks.entries()) {
    if (t.t === 'cmp' && t.text === 'only' && toks[k - 1]?.t === 'head' && /^count/.test(toks[k - 1]?.text ?? '')) Object.assign(t, { t: 'skip', v: undefined });
  }
  const cmp = toks.findIndex((t) => t.t === 'cmp' && (t.v === 'gt' || t.v === 'lt'));
  if (cmp < 0) return;
  // "longer at the table than": a preposition, "the" and the place, then "than"
  let k = cmp + 1;
  if (!/^(?:at|in|by|near|on)$/.test(toks[k]?.text ?? '')) return;
  k++;
  if (toks[k]?.text === 'the') k++;
  // (a noun of the scene, "the table", is read as the place later: moved as it is)
  if (!['place', 'word', 'class'].includes(toks[k]?.t ?? '') || toks[k + 1]?.text !== 'than') return;
  const moved = toks.splice(cmp + 1, k - cmp);
  // the comparison and its "than" are one phrase again ("longer than")
  const c = toks[cmp] as Tok;
  c.text = `${c.text} than`;
  toks.splice(cmp + 1, 1);
  const end = toks.length > 0 && toks[toks.length - 1]?.t === 'sep' ? toks.length - 1 : toks.length;
  toks.splice(end, 0, ...moved);
  for (const [i, t] of toks.entries()) t.i = i;
}
