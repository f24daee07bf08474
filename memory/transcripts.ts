/**
 * Transcript search (MMCTAgent's `query_transcript`): the utterances that best match a text, each
 * with the time the matching words were said. Lexical: words are lower-cased, stop words dropped,
 * and a query word matches a spoken word that equals it or shares a 5-letter prefix with it.
 */
import type { SpeechRecord } from './types.js';

/** One matching moment. */
export interface TranscriptHit {
  camera: string;
  /** When the first matching word was said (the utterance start when words have no times), epoch ms. */
  at: number;
  start: number;
  end: number;
  text: string;
  /** Query words heard. */
  matched: string[];
  /** Matched query words / query words (0..1]. */
  score: number;
}

const STOP = new Set('a an and are at be did do for from has have i in is it of on or said say says that the there this to was were what when where which who with about mentioned mention'.split(' '));

/** Content words of a text, lower-cased. */
export function contentWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9']+/)
    .filter((w) => w.length > 1 && !STOP.has(w));
}

const same = (q: string, w: string): boolean => q === w || (q.length >= 5 && w.length >= 5 && q.slice(0, 5) === w.slice(0, 5));

/**
 * Ranks utterances by how many of the query's content words were said.
 * @param utterances candidate utterances (e.g. those of the window)
 * @param query the text to look for
 * @param k most hits returned (default 5)
 */
export function searchTranscripts(utterances: readonly SpeechRecord[], query: string, k = 5): TranscriptHit[] {
  const q = [...new Set(contentWords(query))];
  if (q.length === 0) return [];
  const hits: TranscriptHit[] = [];
  for (const u of utterances) {
    const words = u.words.length ? u.words.map((w) => ({ ...w, word: w.word.toLowerCase() })) : contentWords(u.text).map((word) => ({ word, start: u.start, end: u.end }));
    const matched = q.filter((x) => words.some((w) => same(x, w.word)));
    if (matched.length === 0) continue;
    const first = words.find((w) => matched.some((x) => same(x, w.word)));
    hits.push({ camera: u.camera, at: first?.start ?? u.start, start: u.start, end: u.end, text: u.text, matched, score: matched.length / q.length });
  }
  return hits.sort((a, b) => b.score - a.score || b.at - a.at).slice(0, k);
}
