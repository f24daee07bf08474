/**
 * Repairs of the words the scanner did not know, before it reads the sentence again: a verb's
 * inflection is read as its root ("lingers" -> "linger", see lemma.ts) when the lexicon knows the
 * root, and a typing slip as the one known word nearest to it ("tabel" -> "table", see spell.ts).
 * A verb the lexicon does not list is read by its WordNet sense as one it does ("vacated" -> "leave",
 * see verb-concepts.ts). A slip's reading is said in the answer; a word with no repair stays unknown
 * (and is refused).
 */
import { FUTURE_WORDS, NUMBERS, ORDINALS, PHRASES, SHORTHAND, UNTOLD_PEOPLE, WHERE_WORDS, WORDS } from './lexicon.js';
import { verbRoots } from './lemma.js';
import { correction, isEnglish } from './spell.js';
import { personNoun } from './noun-concepts.js';
import { isLookWord } from './scan-look.js';
import { verbConcept } from './verb-concepts.js';

/** How an unknown word is read. */
export interface Repair {
  to: string;
  /** A typing slip (said in the answer), not an inflection. */
  slip: boolean;
  /** A word read by its WordNet sense as a word the parser knows, said in the answer (not a slip). */
  sense?: true;
  /** What the answer says of the reading, when not `read "<word>" as <to>`. */
  said?: string;
}

/** Every word of the lexicon's entries, phrases and number words, and the words that make a refusal. */
let lexicon: Set<string> | undefined;

function lexiconWords(): Set<string> {
  lexicon ??= new Set(
    [...Object.keys(WORDS), ...Object.keys(PHRASES), ...Object.keys(NUMBERS), ...Object.keys(ORDINALS), ...UNTOLD_PEOPLE, ...WHERE_WORDS, ...FUTURE_WORDS]
      .flatMap((k) => k.split(' '))
      .filter((w) => /^[a-z]+$/.test(w)),
  );
  return lexicon;
}

/**
 * The repairs of a sentence's unknown words, by word.
 * @param sentence the normalised sentence
 * @param unknown its words the scanner did not know
 * @param names the phrases of the memory's names (cameras, zones, lines, classes)
 */
export function repairs(sentence: string, unknown: readonly string[], names: Iterable<string>): Map<string, Repair> {
  const out = new Map<string, Repair>();
  const words = lexiconWords();
  const roots = verbRoots(sentence);
  let known: Set<string> | undefined;
  for (const w of unknown) {
    const short = Object.hasOwn(SHORTHAND, w) ? SHORTHAND[w] : undefined;
    if (short !== undefined) {
      out.set(w, { to: short, slip: true });
      continue;
    }
    const root = roots.get(w);
    // "popped up": a verb with the particle after it, one WordNet verb of a concept, before the root alone ("pop" of "pop in")
    const particled = particleConcept(sentence, w, root ?? w);
    if (particled !== undefined) {
      out.set(w, { to: particled, slip: false });
      continue;
    }
    if (root !== undefined && words.has(root)) {
      out.set(w, { to: root, slip: false });
      continue;
    }
    // "stayed put": the word after a verb that with it is a WordNet verb of the same concept adds nothing
    const phrasal = phrasalPart(sentence, w, roots, words);
    if (phrasal !== undefined) {
      out.set(w, { to: '', slip: false, sense: true, said: `read "${phrasal}" as ${phrasal.split(' ')[0] ?? ''}` });
      continue;
    }
    // a verb the lexicon does not list, by its sense ("vacated": leave, "grab": take)
    const concept = root !== undefined ? verbConcept(root) : undefined;
    if (concept !== undefined) {
      out.set(w, { to: concept, slip: false });
      continue;
    }
    // a colour or a worn thing is no slip of another word (a look the first reading could not place)
    if (isLookWord(w)) continue;
    // a noun for people the lexicon does not list ("students", "a patron"), said in the answer
    const person = root === undefined ? personNoun(w, wordBefore(sentence, w)) : undefined;
    if (person !== undefined) {
      out.set(w, { to: person, slip: false, sense: true });
      continue;
    }
    // "midnite", "alrite": a phonetic ending, where the word spelled out is one the lexicon knows
    // (an English word is itself: "write" is no "wright", "sprite" no "spright")
    const spelled = isEnglish(w) ? undefined : phonetic(w);
    if (spelled !== undefined && (words.has(spelled) || isEnglish(spelled))) {
      out.set(w, { to: spelled, slip: true });
      continue;
    }
    known ??= new Set([...words, ...[...names].flatMap((n) => n.split(' ')).filter((n) => /^[a-z]+$/.test(n))]);
    const to = correction(w, known);
    if (to !== undefined) out.set(w, { to, slip: true });
  }
  return out;
}

/**
 * "stayed put", "stays put": an unknown word right after a verb, where WordNet has the two as one
 * verb ("stay_put") whose concept is the verb's own (stay). Returns the two words, else undefined.
 */
function phrasalPart(sentence: string, w: string, roots: ReadonlyMap<string, string>, words: ReadonlySet<string>): string | undefined {
  const before = wordBefore(sentence, w);
  const root = before === undefined ? undefined : (roots.get(before) ?? before);
  if (before === undefined || root === undefined || !words.has(root)) return undefined;
  const own = verbConcept(root);
  return own !== undefined && verbConcept(`${root}_${w}`) === own ? `${before} ${w}` : undefined;
}

/** Phonetic spellings of word endings ("midnite", "alrite") and the spelling they stand for. */
const PHONETIC_ENDINGS: readonly [RegExp, string][] = [
  [/nite$/, 'night'],
  [/rite$/, 'right'],
  [/thru$/, 'through'],
];

/** The word with a phonetic ending spelled out, or undefined when it has none. */
function phonetic(w: string): string | undefined {
  for (const [end, to] of PHONETIC_ENDINGS) if (end.test(w)) return w.replace(end, to);
  return undefined;
}

/** Particles that make one verb with the verb before them in WordNet ("pop up", "wander off"). */
const PARTICLES = new Set(['up', 'in', 'out', 'off', 'by', 'over', 'round', 'around', 'along', 'away', 'back', 'down', 'on']);

/** The concept of an unknown verb read with the particle after it ("popped up": pop_up), else undefined. */
function particleConcept(sentence: string, w: string, root: string): string | undefined {
  const words = sentence.split(' ');
  const next = words[words.indexOf(w) + 1];
  return next !== undefined && PARTICLES.has(next) ? verbConcept(`${root}_${next}`) : undefined;
}

/** The word before the first use of `w` in the sentence. */
function wordBefore(sentence: string, w: string): string | undefined {
  const words = sentence.split(' ');
  const k = words.indexOf(w);
  return k > 0 ? words[k - 1] : undefined;
}
