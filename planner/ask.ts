/**
 * Question answering entry point. The offline planner answers common question shapes through the
 * typed queries; anything else is answered with what the memory covers and a plain "cannot
 * answer". It never invents an answer it has no facts for.
 */
import { summariseCoverage } from '../memory/coverage.js';
import type { MemoryStore } from '../memory/store.js';
import type { Answer } from './answer.js';
import { answerOffline } from './offline.js';

/** Options of `ask`. */
export interface AskOptions {
  /** When the question is asked, epoch ms. Default: the end of the memory's coverage (so a replayed recording reads as if asked live at its end). */
  now?: number;
  /** IANA zone of wall times in the question and answer. Default: the process's zone. */
  timeZone?: string;
}

/** The process's IANA zone (UTC when unknown). */
export function defaultTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * Answers a question from the memory.
 * @param question the person's question
 * @param memory an open store
 */
export function ask(question: string, memory: MemoryStore, opts: AskOptions = {}): Answer {
  const coverage = summariseCoverage(memory.coverage());
  if (!coverage.from || !coverage.to) {
    return { answer: 'The memory is empty: no camera has been recorded yet.', value: null, evidence: [], coverage };
  }
  const now = opts.now ?? Date.parse(coverage.to);
  return answerOffline(question, memory, { now, timeZone: opts.timeZone ?? defaultTimeZone() });
}
