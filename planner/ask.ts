/**
 * Question answering entry point shared by `vigil ask`, the WebSocket API and MQTT.
 *
 * The contract other folders code against: `ask(question, memory, opts)` resolves with an
 * {@link Answer}; progress (plan steps, tool calls, partial answers, search-tree updates, critic
 * rounds) streams through `opts.onProgress` while it runs; `opts.signal` cancels it.
 */
import { summariseCoverage } from '../memory/coverage.js';
import type { MemoryStore } from '../memory/store.js';
import type { Answer, AskProgress, DraftAnswer, PlannerName } from './answer.js';
import { answerOffline } from './offline.js';

export type { AskProgress, PlannerName } from './answer.js';

/** Options of `ask`. */
export interface AskOptions {
  /** When the question is asked, epoch ms. Default: the end of the memory's coverage (so a replayed recording reads as if asked live at its end). */
  now?: number;
  /** IANA zone of wall times in the question and answer. Default: the process's zone. */
  timeZone?: string;
  /** Planner for this question. Default: offline when no language model is configured, otherwise MCTS (N = 2). */
  planner?: PlannerName;
  /** Receives progress while the answer is being worked out. A throwing listener is ignored. */
  onProgress?: (p: AskProgress) => void;
  /** Cancels the answer (model calls are aborted). */
  signal?: AbortSignal;
}

/** The process's IANA zone (UTC when unknown). */
export function defaultTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Reports progress without letting a listener break the answer. */
export function emitProgress(opts: AskOptions, p: AskProgress): void {
  try {
    opts.onProgress?.(p);
  } catch {
    // a listener's failure is the listener's problem
  }
}

/**
 * Answers with the offline planner only, synchronously (no model, no progress).
 * @param question the person's question
 * @param memory an open store
 */
export function askOffline(question: string, memory: MemoryStore, opts: Pick<AskOptions, 'now' | 'timeZone'> = {}): DraftAnswer {
  const coverage = summariseCoverage(memory.coverage());
  if (!coverage.from || !coverage.to) return { answer: 'The memory is empty: no camera has been recorded yet.', value: null, evidence: [], coverage };
  const now = opts.now ?? Date.parse(coverage.to);
  return answerOffline(question, memory, { now, timeZone: opts.timeZone ?? defaultTimeZone() });
}

/**
 * Answers a question from the memory.
 * @param question the person's question
 * @param memory an open store
 */
export function ask(question: string, memory: MemoryStore, opts: AskOptions = {}): Promise<Answer> {
  const t0 = performance.now();
  emitProgress(opts, { type: 'plan', planner: 'offline', text: 'offline planner: match the question to a known shape, then run exact queries' });
  const a = askOffline(question, memory, opts);
  const answer: Answer = { ...a, planner: 'offline', cost: { tokens: 0, calls: 0, ms: Math.round((performance.now() - t0) * 10) / 10 } };
  emitProgress(opts, { type: 'final', answer });
  return Promise.resolve(answer);
}
