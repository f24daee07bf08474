/**
 * Verb roots from compromise: "lingers" -> "linger", "snatching" -> "snatch", so the lexicon need not
 * list every inflection. compromise tags the whole sentence (a word's part of speech depends on its
 * neighbours) and is loaded on first use only, as it takes a few hundred milliseconds to load and
 * most questions need it not at all.
 */
import { createRequire } from 'node:module';

/** The part of compromise's document read here. */
interface Doc {
  compute(method: 'root'): unknown;
  json(): { terms: { normal: string; root?: string; tags: string[] }[] }[];
}

/** compromise's entry point; loaded on first use. */
let nlp: ((text: string) => Doc) | undefined;

/**
 * The roots of the verbs of a sentence that are not already roots, by their normal form.
 * @param sentence the normalised sentence
 */
export function verbRoots(sentence: string): Map<string, string> {
  nlp ??= createRequire(import.meta.url)('compromise') as (text: string) => Doc;
  const doc = nlp(sentence);
  doc.compute('root');
  const out = new Map<string, string>();
  for (const s of doc.json()) for (const t of s.terms) if (t.tags.includes('Verb') && t.root && t.root !== t.normal) out.set(t.normal, t.root);
  return out;
}
