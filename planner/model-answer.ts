/**
 * Answers with a language model: builds the tool context and meter of one answer, runs ReAct or
 * MCTS, then the critic's rounds when asked, and attaches coverage and cost.
 */
import { MemoryQueries } from '../memory/queries.js';
import type { MemoryStore } from '../memory/store.js';
import type { Answer, AskProgress } from './answer.js';
import { critique, deriveCriteria, type Criterion } from './critic.js';
import { errorText, PlannerError } from './errors.js';
import { planMcts } from './mcts.js';
import { readsAsQuery } from './query/answer.js';
import { DEFAULT_REWARD } from './mcts-tree.js';
import { Meter, type Budget } from './meter.js';
import { ModelCalls } from './model-calls.js';
import type { ModelSet } from './models.js';
import type { Planned } from './planned.js';
import { planReact } from './react.js';
import { toolsFor, type Tool, type ToolContext, type ToolPaths } from './tools/index.js';
import { routeTools } from './tools/route.js';
import type { ToolFormat } from './wire.js';

/** MCTS settings (DoraemonGPT defaults: alpha 1, beta 0.5; N = 2 here). */
export interface MctsSettings {
  n: number;
  alpha: number;
  beta: number;
  maxIterations?: number;
  /** Uniform random numbers for selection (tests pass a fixed sequence). */
  random?: () => number;
}

/** Default MCTS settings. */
export const DEFAULT_MCTS: MctsSettings = { n: 2, ...DEFAULT_REWARD };
/** Default step limit of a chain. */
export const DEFAULT_MAX_STEPS = 6;

/** Options of a model-driven answer. */
export interface ModelAnswerOptions {
  planner: 'react' | 'mcts';
  models: ModelSet;
  now: number;
  timeZone: string;
  budget?: Budget;
  maxSteps?: number;
  mcts?: Partial<MctsSettings>;
  /** Critic rounds (0: no critic). */
  criticRounds?: number;
  paths?: ToolPaths;
  /** Tools offered (default: every tool usable with `paths`). */
  tools?: readonly Tool[];
  /** Most tools offered per question, routed by its words (0 or absent: all). */
  maxTools?: number;
  /** How tools are offered to the language model (default compact text; native: OpenAI tool calling). */
  toolFormat?: ToolFormat;
  emit: (p: AskProgress) => void;
  signal?: AbortSignal;
}

async function plan(question: string, ctx: ToolContext, tools: readonly Tool[], o: ModelAnswerOptions, feedback?: string): Promise<Planned> {
  const maxSteps = o.maxSteps ?? DEFAULT_MAX_STEPS;
  const extra = { onProgress: o.emit, ...(feedback ? { feedback } : {}), ...(o.toolFormat ? { format: o.toolFormat } : {}) };
  if (o.planner === 'react') return planReact(question, ctx, tools, { maxSteps, ...extra });
  const m = { ...DEFAULT_MCTS, ...o.mcts };
  return planMcts(question, ctx, tools, { ...m, maxSteps, ...extra });
}

/** Critic rounds: score, and re-plan with the feedback while the answer is not accepted. */
async function withCritic(question: string, first: Planned, ctx: ToolContext, tools: readonly Tool[], o: ModelAnswerOptions): Promise<Planned> {
  let planned = first;
  let criteria: Criterion[];
  try {
    criteria = await deriveCriteria(question, ctx);
  } catch (e) {
    if (e instanceof PlannerError && e.code === 'PLANNER_ABORTED') throw e;
    o.emit({ type: 'critic', round: 0, scores: [], feedback: `critic unavailable: ${errorText(e)}` });
    return planned;
  }
  for (let round = 1; round <= (o.criticRounds ?? 0); round++) {
    let c;
    try {
      c = await critique(question, planned, criteria, ctx);
    } catch (e) {
      if (e instanceof PlannerError && e.code === 'PLANNER_ABORTED') throw e;
      o.emit({ type: 'critic', round, scores: [], feedback: `critic failed: ${errorText(e)}` });
      return planned;
    }
    o.emit({ type: 'critic', round, scores: c.scores, feedback: c.feedback });
    if (c.accept) return planned;
    if (ctx.models.meter.exhausted) return planned;
    const next = await plan(question, ctx, tools, o, c.feedback);
    // a failed re-plan keeps the earlier answer
    if (next.ok || !planned.ok) planned = next;
  }
  return planned;
}

/** Answers with ReAct or MCTS (and the critic), metered. */
export async function answerWithModel(question: string, memory: MemoryStore, o: ModelAnswerOptions): Promise<Omit<Answer, 'coverage'>> {
  const meter = new Meter(o.budget);
  const models = new ModelCalls(o.models, meter, o.signal);
  const ctx: ToolContext = { memory, queries: new MemoryQueries(memory), models, now: o.now, timeZone: o.timeZone, paths: o.paths ?? {} };
  const reading = readsAsQuery(question, memory, { now: o.now, timeZone: o.timeZone });
  // a question with one exact value gets the query tool alone; a list ("what happened") the tools its words point at
  const max = o.maxTools ?? 0;
  const tools = routeTools(question, o.tools ?? toolsFor(ctx.paths), reading === 'list' && max > 2 ? max - 1 : max, reading === 'exact' ? 'query' : null, true);
  o.emit({ type: 'plan', planner: o.planner, text: o.planner === 'react' ? `ReAct: up to ${o.maxSteps ?? DEFAULT_MAX_STEPS} steps over ${tools.length} tools` : `MCTS: N = ${o.mcts?.n ?? DEFAULT_MCTS.n} answers, alpha ${o.mcts?.alpha ?? DEFAULT_MCTS.alpha}, beta ${o.mcts?.beta ?? DEFAULT_MCTS.beta}` });
  let planned = await plan(question, ctx, tools, o);
  if ((o.criticRounds ?? 0) > 0 && planned.ok && !meter.exhausted) planned = await withCritic(question, planned, ctx, tools, o);
  if (o.signal?.aborted) throw new PlannerError('PLANNER_ABORTED', 'the question was cancelled');
  return { answer: planned.answer, value: planned.value, evidence: planned.evidence, planner: o.planner, cost: meter.cost() };
}
