/**
 * Nouns for people the lexicon does not list, read by their most common WordNet sense: a noun
 * whose first sense is a person (WordNet's noun.person file) is read as "person" or "people"
 * ("students", "a patron", "how many diners"). Said of one particular person by a role ("the
 * manager", "the cleaner"), it names someone the detector cannot tell from anyone else, and stays
 * unknown (the question is refused); with an ordinal ("the first student") it is the person.
 */
import { isAdjective, nounBase, nounSenses, synset } from './wordnet.js';

/** WordNet's lexicographer file of nouns for people. */
const NOUN_PERSON = 18;
/** Determiners that, right before a role noun, pick one particular person. */
const DEFINITE = new Set(['the', 'this', 'that', 'our', 'your', 'my', 'their', 'his', 'her']);

/**
 * "person" or "people" for a noun whose most common sense is a person, said of anyone; undefined
 * for other nouns and for a role said of one particular person (`before` is the word before it).
 */
export function personNoun(word: string, before: string | undefined): 'person' | 'people' | undefined {
  // "longer", "taller", "busier": the comparative of an adjective, not a person ("a longer" is one who longs)
  if (comparative(word)) return undefined;
  const base = nounBase(word);
  const first = base === undefined ? undefined : nounSenses(base)[0];
  if (base === undefined || first === undefined || synset(first).lexFile !== NOUN_PERSON) return undefined;
  const plural = base !== word;
  if (!plural && before !== undefined && DEFINITE.has(before)) return undefined;
  return plural ? 'people' : 'person';
}

/** Whether a word is the comparative of an adjective WordNet knows ("longer", "bigger", "busier"). */
function comparative(word: string): boolean {
  const stem = /^([a-z]{2,})er$/.exec(word)?.[1];
  if (!stem) return false;
  const undoubled = /([b-df-hj-np-tv-z])\1$/.test(stem) ? stem.slice(0, -1) : undefined;
  return [stem, `${stem}e`, undoubled, stem.replace(/i$/, 'y')].some((w) => w !== undefined && isAdjective(w));
}
