/**
 * Verbs the lexicon does not list, read by their sense in WordNet as one of the few things the
 * memory records: arriving, leaving, staying, taking and putting back. A verb's most common sense
 * is followed up its hypernyms (three steps at most); the first concept met is the reading
 * ("vacate": resign > leave office > leave; "grab": catch > seize > take; "linger": persist >
 * remain; "pop in": enter). A verb whose common sense reaches none of them stays unknown.
 */
import { verbSenses, verbSynset } from './wordnet.js';

/**
 * The concepts, each with the senses that mean it (`word#n`: the n-th sense of a word, most common
 * first; one sense, not every sense of its words: "remove" as "take away", not "get rid of").
 */
const CONCEPTS: { word: string; senses: string[] }[] = [
  { word: 'leave', senses: ['leave#0', 'leave#7', 'exit#0', 'depart#0', 'depart#3'] },
  { word: 'arrive', senses: ['arrive#0', 'arrive#1', 'come#0', 'enter#0', 'appear#1', 'appear#2', 'appear#4'] },
  { word: 'stay', senses: ['stay#0', 'stay#1', 'stay#6', 'wait#0'] },
  { word: 'return', senses: ['put_back#0', 'return#4'] },
  { word: 'take', senses: ['remove#0', 'take#3'] },
];

let bySynset: Map<number, string> | undefined;

/** The concepts by synset offset. */
function conceptSynsets(): Map<number, string> {
  if (bySynset) return bySynset;
  bySynset = new Map();
  for (const c of CONCEPTS) {
    for (const s of c.senses) {
      const [w, n] = s.split('#');
      const o = verbSenses(w ?? '')[Number(n)];
      if (o !== undefined && !bySynset.has(o)) bySynset.set(o, c.word);
    }
  }
  return bySynset;
}

/** How far up the hypernyms a concept is looked for. */
const DEPTH = 3;

const cache = new Map<string, string | null>();

/** The lexicon's word for the concept a verb (a root, "vacate") means, or undefined. */
export function verbConcept(root: string): string | undefined {
  const known = cache.get(root);
  if (known !== undefined) return known ?? undefined;
  const first = verbSenses(root)[0];
  let found: string | null = null;
  let level = first === undefined ? [] : [first];
  for (let d = 0; d <= DEPTH && level.length > 0 && !found; d++) {
    const next: number[] = [];
    for (const o of level) {
      const c = conceptSynsets().get(o);
      if (c) {
        found = c;
        break;
      }
      next.push(...verbSynset(o).hypernyms);
    }
    level = next;
  }
  cache.set(root, found);
  return found ?? undefined;
}
