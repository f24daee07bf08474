/**
 * Typing slips: a word the scanner does not know, read as the one known word nearest to it by edit
 * distance (fastest-levenshtein; two neighbouring letters swapped count as one slip), when that reading is unambiguous: one best candidate (a tie
 * is broken by how slips are made: a letter left out, added or struck on a neighbouring key before one across the keyboard), at distance 1
 * for words of 4 to 6 letters and at most 2 for longer ones; words of 3 letters or fewer are never
 * corrected. A word that is itself English ("tall", "sold") is another word, not a slip of a known
 * one, and is left alone (the English word list is read once, on the first slip), unless it is a rare
 * one WordNet has no noun, verb, adjective or adverb for ("quite" stays "quite") and two of its letters swapped, or one letter left
 * out, give the known word ("frist", "wich").
 */
import { readFileSync } from 'node:fs';
import { distance } from 'fastest-levenshtein';
import wordListPath from 'word-list';
import { isAdjective, isAdverb, nounBase, nounSenses, verbSenses } from './wordnet.js';

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

/** The rows of a QWERTY keyboard, for which keys are neighbours. */
const ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];

/** Whether two letters are the same key or neighbouring keys (in a row, or the row above or below). */
function nearKeys(a: string, b: string): boolean {
  if (a === b) return true;
  const at = (ch: string): [number, number] => {
    const r = ROWS.findIndex((row) => row.includes(ch));
    return [r, r < 0 ? -1 : (ROWS[r] as string).indexOf(ch) + r * 0.5];
  };
  const [ra, ca] = at(a);
  const [rb, cb] = at(b);
  return ra >= 0 && rb >= 0 && Math.abs(ra - rb) <= 1 && Math.abs(ca - cb) <= 1;
}

/** Edit distance where a letter swapped for one across the keyboard costs more than any other slip. */
function slipCost(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const sub = (prev[j - 1] as number) + (nearKeys(a[i - 1] as string, b[j - 1] as string) ? (a[i - 1] === b[j - 1] ? 0 : 1) : 1.25);
      row.push(Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, sub));
    }
    prev = row;
  }
  return prev[b.length] as number;
}

/** The candidates a slip most likely came from (several when they cost the same). */
function likeliest(word: string, found: readonly string[]): string[] {
  const cost = found.map((k) => (swapped(word, k) ? 1 : slipCost(word, k)));
  const least = Math.min(...cost);
  return found.filter((_, i) => cost[i] === least);
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
  // a tie is broken by how slips are made: a letter left out or doubled, or a key next to the
  // right one, before a key across the keyboard ("vist": visit, not list; "wich": which, not rich)
  if (best <= max && found.length > 1) found = likeliest(word, found);
  if (best > max || found.length !== 1) return undefined;
  // an English word is another word, not a slip; a rare one (no noun or verb WordNet knows: "frist")
  // with two letters of a known word swapped is that word mistyped
  const fix = found[0] as string;
  // ("wich": a tree's name in the word list, not a word WordNet has; one letter left out of "which";
  // a word with a letter more, "tables", "once", is an inflection or another word)
  const rare = nounSenses(nounBase(word) ?? word).length === 0 && verbSenses(word).length === 0 && !isAdjective(word) && !isAdverb(word) && !word.endsWith('ly');
  const leftOut = fix.length === word.length + 1 && distance(word, fix) === 1;
  if (isEnglish(word) && !(rare && (swapped(word, fix) || leftOut))) return undefined;
  return fix;
}
