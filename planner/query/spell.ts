/**
 * Typing slips: a word the scanner does not know, read as the one known word nearest to it by edit
 * distance (fastest-levenshtein; two neighbouring letters swapped count as one slip), when that reading is unambiguous: one best candidate, at distance 1
 * for words of 4 to 6 letters and at most 2 for longer ones; words of 3 letters or fewer are never
 * corrected. A word that is itself English ("tall", "sold") is another word, not a slip of a known
 * one, and is left alone (the English word list is read once, on the first slip), unless it is a rare
 * one WordNet has no noun or verb for and two of its letters swapped give the known word ("frist").
 */
import { readFileSync } from 'node:fs';
import { distance } from 'fastest-levenshtein';
import wordListPath from 'word-list';
import { nounSenses, verbSenses } from './wordnet.js';

/** The English word list; loaded on first use. */
let english: Set<string> | undefined;

/** Whether `word` is an English word (of the `word-list` package's 274 000). */
export function isEnglish(word: string): boolean {
  english ??= new Set(readFileSync(wordListPath, 'utf8').split('\n'));
  return english.has(word);
}

/** Whether `a` is `b` with two neighbouring letters swapped ("tabel", "table"): one slip, not two. */
function swapped(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  const diff = [...a].flatMap((ch, i) => (ch === b[i] ? [] : [i]));
  return diff.length === 2 && diff[1] === (diff[0] ?? 0) + 1 && a[diff[0] ?? 0] === b[diff[1] ?? 0] && a[diff[1] ?? 0] === b[diff[0] ?? 0];
}

/** The largest edit distance corrected for a word of this length (0: never corrected). */
export function maxSlip(length: number): number {
  return length <= 3 ? 0 : length <= 6 ? 1 : 2;
}

/**
 * The one known word `word` is a slip of, or undefined when there is none or more than one at the
 * smallest distance, or when `word` is English in its own right.
 * @param word an unknown, lower-cased word
 * @param known every word the parser knows (the lexicon's and the memory's names)
 */
export function correction(word: string, known: ReadonlySet<string>): string | undefined {
  const max = /^[a-z]+$/.test(word) ? maxSlip(word.length) : 0;
  if (max === 0) return undefined;
  let best = max + 1;
  let found: string[] = [];
  for (const k of known) {
    if (Math.abs(k.length - word.length) > max || k === word) continue;
    const d = swapped(word, k) ? 1 : distance(word, k);
    if (d < best) [best, found] = [d, [k]];
    else if (d === best) found.push(k);
  }
  if (best > max || found.length !== 1) return undefined;
  // an English word is another word, not a slip; a rare one (no noun or verb WordNet knows: "frist")
  // with two letters of a known word swapped is that word mistyped
  const fix = found[0] as string;
  if (isEnglish(word) && !(swapped(word, fix) && nounSenses(word).length === 0 && verbSenses(word).length === 0)) return undefined;
  return fix;
}
