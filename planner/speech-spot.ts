/**
 * Keyword spotting for speech questions: before the offline planner answers "when was pressure
 * mentioned?" or "did anyone say fire?", the utterances of the window whose sound the memory kept
 * are searched for the phrase with PocketSphinx's keyword spotter (`ingest/audio/keyword-spot.ts`).
 * Asynchronous (a child process), so it runs before the synchronous answer and its result is
 * passed in.
 */
import { muLawDecode } from '../ingest/audio/mulaw.js';
import { spotPhrase, spottingAvailable, unknownWords, type SpotClip } from '../ingest/audio/keyword-spot.js';
import type { MemoryStore } from '../memory/store.js';
import { parseSpeechQuestion, type SpotResult } from './speech.js';
import { resolveTime } from './time.js';

/** Most utterances searched for one question (about 15 minutes of speech at the VAD's 15 s cap). */
const MAX_CLIPS = 60;

/**
 * Spots the phrase of a speech question in the kept sound of its window, or returns null when the
 * question is not a `when`/`exists` speech question with a phrase.
 */
export async function spotForQuestion(question: string, memory: MemoryStore, opts: { now: number; timeZone: string }): Promise<SpotResult | null> {
  const cov = memory.coverage();
  const from = Math.min(...cov.map((c) => c.start));
  if (!isFinite(from)) return null;
  const t = resolveTime(question.trim().slice(0, 500), { now: opts.now, timeZone: opts.timeZone, all: { from, to: opts.now + 1 } });
  const intent = parseSpeechQuestion(t.rest);
  if (!intent || !intent.topic || intent.kind === 'what') return null;
  const phrase = intent.topic;
  const kept = memory.speech(t.from, t.to).filter((r) => r.audio);
  const base = { phrase, hits: [], searched: 0 };
  if (kept.length === 0) return { ...base, ran: false, why: 'no utterance sound kept in this window' };
  if (!spottingAvailable()) return { ...base, ran: false, why: 'the keyword spotter (Debian pocketsphinx) is not installed' };
  const unknown = unknownWords(phrase);
  if (unknown.length > 0) return { ...base, ran: false, why: `the spotter cannot spell out "${unknown.join('", "')}"` };
  const clips: SpotClip[] = kept.slice(-MAX_CLIPS).map((r) => ({ camera: r.camera, start: r.start, rate: r.audio?.rate ?? 0, samples: muLawDecode(r.audio?.mulaw ?? new Uint8Array()) }));
  const hits = await spotPhrase(clips, phrase);
  return { phrase, ran: true, hits, searched: clips.length };
}
