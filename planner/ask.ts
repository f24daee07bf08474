/**
 * Question answering entry point shared by `vigil ask`, the WebSocket API and MQTT.
 *
 * The contract other folders code against: `ask(question, memory, opts)` resolves with an
 * {@link Answer}; progress (plan steps, tool calls, partial answers, search-tree updates, critic
 * rounds) streams through `opts.onProgress` while it runs; `opts.signal` cancels it.
 */
import { nowOf, summariseCoverage } from '../memory/coverage.js';
import type { MemoryStore } from '../memory/store.js';
import type { Answer, AskProgress, DraftAnswer, PlannerName } from './answer.js';
import type { Budget } from './meter.js';
import { answerWithModel, type MctsSettings } from './model-answer.js';
import type { ModelSet } from './models.js';
import { spotForQuestion } from './speech-spot.js';
import type { SpotResult } from './speech.js';
import { answerQuestion } from './query/answer.js';
import type { Tool, ToolPaths } from './tools/index.js';
import type { ToolFormat } from './wire.js';

export type { AskProgress, PlannerName } from './answer.js';

/** Options of `ask`. */
export interface AskOptions {
  /**
   * When the question is asked, epoch ms. Default: the wall clock, bounded by coverage (`nowOf`):
   * the latest covered instant not after it, so a replayed recording reads as if asked live at its
   * end, and data stamped in the future (a clock step) never moves "now".
   */
  now?: number;
  /** IANA zone of wall times in the question and answer. Default: the process's zone. */
  timeZone?: string;
  /** Planner for this question. Default: offline when no language model is configured, otherwise MCTS (N = 2). */
  planner?: PlannerName;
  /** Receives progress while the answer is being worked out. A throwing listener is ignored. */
  onProgress?: (p: AskProgress) => void;
  /** Cancels the answer (model calls are aborted). */
  signal?: AbortSignal;
  /** Model endpoints; without `models.llm` only the offline planner runs. */
  models?: ModelSet;
  /** Most tokens and model calls this answer may use. */
  budget?: Budget;
  /** Step limit of each ReAct chain (default 6). */
  maxSteps?: number;
  /** MCTS settings (default N = 2, alpha = 1, beta = 0.5). */
  mcts?: Partial<MctsSettings>;
  /** MMCTAgent critic rounds after a model planner's answer (0 or absent: none; true: 1). */
  critic?: boolean | number;
  /** Knowledge and recording folders of the tools. */
  paths?: ToolPaths;
  /** Tools offered to model planners (default: all usable). */
  tools?: readonly Tool[];
  /** Most tools offered per question, routed by its words (0 or absent: all); fewer tools, fewer prompt tokens. */
  maxTools?: number;
  /** How tools are offered to the language model: `compact` text lines and one-line replies (default, far fewer tokens) or `native` OpenAI tool calling with JSON schemas. */
  toolFormat?: ToolFormat;
}

/** The planner a question gets: the asked one, else offline without a language model and MCTS with one. */
export function choosePlanner(opts: Pick<AskOptions, 'planner' | 'models'>): PlannerName {
  return opts.planner ?? (opts.models?.llm ? 'mcts' : 'offline');
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
export function askOffline(question: string, memory: MemoryStore, opts: Pick<AskOptions, 'now' | 'timeZone'> & { spotted?: SpotResult | null } = {}): DraftAnswer {
  const coverage = summariseCoverage(memory.coverage());
  if (!coverage.from || !coverage.to) return { answer: 'The memory is empty: no camera has been recorded yet.', value: null, evidence: [], coverage };
  const now = opts.now ?? nowOf(memory.coverage(), Date.now()) ?? Date.parse(coverage.to);
  return answerQuestion(question, memory, { now, timeZone: opts.timeZone ?? defaultTimeZone(), ...(opts.spotted ? { spotted: opts.spotted } : {}) });
}

/** The keyword spotter's result for a speech question, or null (not one, or the spotter failed: the transcripts answer). */
async function spotSafely(question: string, memory: MemoryStore, opts: AskOptions): Promise<SpotResult | null> {
  try {
    const now = opts.now ?? nowOf(memory.coverage(), Date.now()) ?? Date.now();
    return await spotForQuestion(question, memory, { now, timeZone: opts.timeZone ?? defaultTimeZone() });
  } catch {
    return null;
  }
}

/**
 * Answers a question from the memory.
 * @param question the person's question
 * @param memory an open store
 */
export async function ask(question: string, memory: MemoryStore, opts: AskOptions = {}): Promise<Answer> {
  const t0 = performance.now();
  const planner = choosePlanner(opts);
  const coverage = summariseCoverage(memory.coverage());
  if (planner !== 'offline' && opts.models?.llm && coverage.to) {
    const a = await answerWithModel(question, memory, {
      planner,
      models: opts.models,
      now: opts.now ?? nowOf(memory.coverage(), Date.now()) ?? Date.parse(coverage.to),
      timeZone: opts.timeZone ?? defaultTimeZone(),
      emit: (p) => emitProgress(opts, p),
      criticRounds: opts.critic === true ? 1 : typeof opts.critic === 'number' ? opts.critic : 0,
      ...(opts.budget ? { budget: opts.budget } : {}),
      ...(opts.maxSteps ? { maxSteps: opts.maxSteps } : {}),
      ...(opts.mcts ? { mcts: opts.mcts } : {}),
      ...(opts.paths ? { paths: opts.paths } : {}),
      ...(opts.tools ? { tools: opts.tools } : {}),
      ...(opts.maxTools ? { maxTools: opts.maxTools } : {}),
      ...(opts.toolFormat ? { toolFormat: opts.toolFormat } : {}),
      ...(opts.signal ? { signal: opts.signal } : {}),
    });
    const answer: Answer = { ...a, coverage };
    emitProgress(opts, { type: 'final', answer });
    return answer;
  }
  const why = planner === 'offline' ? '' : coverage.to ? ` (${planner} needs a language model: models.llm is not configured)` : ' (the memory is empty)';
  emitProgress(opts, { type: 'plan', planner: 'offline', text: `offline planner: parse the question into a query of the question language, then run it over the memory's exact typed queries${why}` });
  const a = askOffline(question, memory, { ...opts, spotted: await spotSafely(question, memory, opts) });
  const answer: Answer = { ...a, planner: 'offline', cost: { tokens: 0, calls: 0, ms: Math.round((performance.now() - t0) * 10) / 10 } };
  emitProgress(opts, { type: 'final', answer });
  return answer;
}
