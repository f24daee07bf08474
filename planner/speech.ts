/**
 * Speech questions for the offline planner: "when was the forklift mentioned?", "what was said
 * about the valve?", "did anyone say fire?", "what was said between 10:00 and 10:05?". Answers
 * come from the stored transcripts (MMCTAgent's query_transcript), with the time each word was said.
 */
import type { Window } from '../memory/queries.js';
import { MemoryQueries } from '../memory/queries.js';
import type { MemoryStore } from '../memory/store.js';
import type { TranscriptHit } from '../memory/transcripts.js';
import type { Coverage } from '../memory/types.js';
import type { DraftAnswer, Evidence } from './answer.js';
import type { SpotHit } from '../ingest/audio/keyword-spot.js';
import { formatLocal } from './time.js';

/** A recognised speech question. */
export interface SpeechIntent {
  kind: 'when' | 'what' | 'exists';
  /** Words to look for (empty: everything said). */
  topic: string;
  which: 'first' | 'last';
}

const VERB = /\b(mention(?:ed|s)?|said|say(?:s)?|spoken|speak|talk(?:ed)?|heard|hear|announce(?:d)?|call(?:ed)? out)\b/;
const FILLER = new Set('when what which time was were is did does do someone anyone somebody anybody people person they we the a an word words phrase about of last first ever said say says mention mentioned mentions spoken speak talk talked heard hear announce announced called call out there at on in by camera'.split(' '));

/** Parses a speech question (with its time phrase already removed), or null when it is not one. */
export function parseSpeechQuestion(rest: string): SpeechIntent | null {
  const q = rest.toLowerCase().replace(/[?!.,"“”']/g, ' ');
  if (!VERB.test(q)) return null;
  const which = /\bfirst\b/.test(q) ? 'first' : 'last';
  const about = /\babout\s+(.+)$/.exec(q)?.[1];
  const topic = (about ?? q)
    .split(/\s+/)
    .filter((w) => w && !FILLER.has(w))
    .join(' ');
  if (/^\s*(when|what time|at what time)\b/.test(q)) return { kind: 'when', topic, which };
  if (/^\s*(was|were|did|has|have|is)\b/.test(q)) return { kind: 'exists', topic, which };
  if (/^\s*what\b/.test(q)) return { kind: 'what', topic, which };
  return null;
}

/** What the spotter found for a question's phrase, or why it did not run. */
export interface SpotResult {
  phrase: string;
  /** True when the spotter searched the kept sound. */
  ran: boolean;
  hits: SpotHit[];
  /** Utterances searched. */
  searched: number;
  /** Why it did not run (no kept sound, a word it cannot spell out, no engine). */
  why?: string;
}

/** Context the offline planner passes in. */
export interface SpeechContext {
  w: Window;
  coverage: Coverage;
  timeZone: string;
  /** How the window reads in an answer, e.g. "between 09:00:00 and now". */
  span: string;
  /** What the keyword spotter found in the kept sound (`speech-spot.ts`), when it ran. */
  spotted?: SpotResult | null;
}

const iso = (t: number): string => new Date(t).toISOString();

/**
 * The moments the topic was said: transcript matches (at least half its words, a word matching on
 * its first five letters), or, when the keyword spotter searched the kept sound, what it heard plus
 * the transcript's exact matches (a near word of the general model, "oppression" for "pressure", is
 * then no match).
 */
export function topicHits(topic: string, transcript: readonly TranscriptHit[], spotted: SpotResult | null | undefined): TranscriptHit[] {
  if (!spotted?.ran) return transcript.filter((h) => h.score >= 0.5);
  const words = topic.toLowerCase().split(/\s+/);
  const exact = transcript.filter((h) => {
    const said = new Set(h.text.toLowerCase().split(/[^a-z0-9']+/));
    return words.every((w) => said.has(w));
  });
  const heard = spotted.hits
    .filter((s) => !exact.some((h) => h.camera === s.camera && Math.abs(h.at - s.start) < 2000))
    .map((s): TranscriptHit => ({ camera: s.camera, at: s.start, start: s.start, end: s.end, text: `${topic}, heard by keyword spotting`, matched: words, score: 1 }));
  return [...exact, ...heard];
}

/** Answers a speech question from the transcripts in the window. */
export function answerSpeech(intent: SpeechIntent, memory: MemoryStore, ctx: SpeechContext): DraftAnswer {
  const q = new MemoryQueries(memory);
  const said = q.transcripts(ctx.w).filter((u) => u.text.trim() !== '' || u.audio);
  const at = (t: number): string => formatLocal(t, ctx.timeZone);
  const base = { coverage: ctx.coverage };
  const evidenceOf = (h: { camera: string; start: number; end: number }): Evidence => ({ camera: h.camera, start: iso(h.start), end: iso(h.end) });
  if (said.length === 0) {
    return { ...base, answer: `No speech was transcribed ${ctx.span} (no camera with audio, speech recognition off, or nobody spoke), so I cannot tell.`, value: null, evidence: [] };
  }
  if (!intent.topic) {
    if (intent.kind !== 'what') return { ...base, answer: 'Say what to look for, e.g. "when was the forklift mentioned?".', value: null, evidence: [] };
    const heard = said.filter((u) => u.text.trim() !== '').slice(-15);
    const lines = heard.map((u) => `${at(u.start)} on ${u.camera}: "${u.text}"`);
    return { ...base, answer: `Said ${ctx.span}:\n${lines.join('\n')}`, value: heard.map((u) => u.text).join(' / '), evidence: heard.map(evidenceOf) };
  }
  const hits = topicHits(intent.topic, q.searchTranscript(intent.topic, ctx.w, { k: 50 }), ctx.spotted);
  if (hits.length === 0) {
    const value = intent.kind === 'exists' ? false : null;
    const spot = ctx.spotted?.ran ? `, their kept sound searched for the words by keyword spotting` : ctx.spotted?.why ? `; no keyword spotting: ${ctx.spotted.why}` : '';
    return { ...base, answer: `Nobody was heard saying "${intent.topic}" ${ctx.span} (${said.length} transcribed utterance${said.length === 1 ? '' : 's'} searched${spot}; the offline speech engine misses words, see docs/audio.md).`, value, evidence: [] };
  }
  const byTime = [...hits].sort((a, b) => a.at - b.at);
  const pick: TranscriptHit = (intent.which === 'first' ? byTime[0] : byTime[byTime.length - 1]) ?? byTime[0]!;
  const others = byTime.filter((h) => h !== pick).slice(-4);
  const quote = (h: TranscriptHit): string => `${at(h.at)} on ${h.camera} ("${h.text}")`;
  const more = others.length ? ` Also at ${others.map(quote).join('; ')}.` : '';
  switch (intent.kind) {
    case 'exists':
      return { ...base, answer: `Yes: "${intent.topic}" was said at ${quote(pick)}.${more}`, value: true, evidence: [pick, ...others].map(evidenceOf) };
    case 'when':
      return { ...base, answer: `"${intent.topic}" was ${intent.which === 'first' ? 'first' : 'last'} mentioned at ${quote(pick)}.${more}`, value: iso(pick.at), evidence: [pick, ...others].map(evidenceOf) };
    case 'what':
      return { ...base, answer: `About "${intent.topic}": ${byTime.slice(-5).map(quote).join('; ')}.`, value: byTime.slice(-5).map((h) => h.text).join(' / '), evidence: byTime.slice(-5).map(evidenceOf) };
  }
}
