/**
 * Words of alert messages: a class label counted ("1 person", "2 people", "3 wine glasses",
 * "2 knives"). Plurals come from compromise (already a dependency, for the question language),
 * applied to the label's last word, the head noun ("teddy bear" -> "teddy bears"); compromise is
 * loaded on first use and each label's plural computed once.
 */
import { createRequire } from 'node:module';

/** The part of compromise's document read here. */
interface Doc {
  tag(tag: 'Noun'): Doc;
  nouns(): { toPlural(): { text(): string } };
}

let nlp: ((text: string) => Doc) | undefined;
const plurals = new Map<string, string>();

/** A plural by the spelling rules alone, when compromise gives none. */
function ruled(word: string): string {
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(?:s|x|z|ch|sh)$/.test(word)) return `${word}es`;
  return `${word}s`;
}

/** The plural of a label ("person" -> "people", "wine glass" -> "wine glasses", "sheep" -> "sheep"). */
export function pluralOf(label: string): string {
  const known = plurals.get(label);
  if (known !== undefined) return known;
  const words = label.split(' ');
  const head = words.pop() ?? label;
  let out = '';
  if (/^[a-z]+$/i.test(head)) {
    nlp ??= createRequire(import.meta.url)('compromise') as (text: string) => Doc;
    // tagged as a noun first: alone, "bottle" or "box" would be read as verbs
    out = nlp(head).tag('Noun').nouns().toPlural().text().trim();
  }
  const plural = [...words, /^[a-z]+$/i.test(out) ? out : ruled(head)].join(' ');
  plurals.set(label, plural);
  return plural;
}

/** A count and its label: "1 person", "2 people", "0 bottles". */
export function counted(n: number, label: string): string {
  return `${n} ${n === 1 ? label : pluralOf(label)}`;
}
