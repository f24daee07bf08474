/**
 * Word matching used when no embedding model is configured: lower-cased words, a crude plural
 * strip, stop words dropped, and a score of the query words a text contains.
 */

const STOP = new Set('a an the of in on at to is are was were be been did do does what when where who how many much there any some with and or for from by it this that which'.split(' '));

/** Normalised content words of a text. */
export function words(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((w) => !STOP.has(w)).map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w));
}

/** Share of the query's distinct words found in the text, 0..1. */
export function lexicalScore(query: readonly string[], text: string): number {
  const q = new Set(query);
  if (q.size === 0) return 0;
  const t = new Set(words(text));
  let hit = 0;
  for (const w of q) if (t.has(w)) hit++;
  return hit / q.size;
}
