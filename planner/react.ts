/**
 * The ReAct planner (VideoAgent's loop): one chain with a step limit; a failed tool is shown to
 * the model, which may try another way.
 */
import type { AskProgress } from './answer.js';
import { runChain } from './chain.js';
import { fromChain, type Planned } from './planned.js';
import type { Tool, ToolContext } from './tools/index.js';
import type { ToolFormat } from './wire.js';

/** Options of the ReAct planner. */
export interface ReactOptions {
  maxSteps: number;
  feedback?: string;
  /** How tools are offered and called (default compact). */
  format?: ToolFormat;
  onProgress?: (p: AskProgress) => void;
}

/** Answers with one ReAct chain. */
export async function planReact(question: string, ctx: ToolContext, tools: readonly Tool[], o: ReactOptions): Promise<Planned> {
  const r = await runChain({ question, tools, ctx, maxSteps: o.maxSteps, stopOnToolFailure: false, ...(o.format ? { format: o.format } : {}), ...(o.feedback ? { feedback: o.feedback } : {}), ...(o.onProgress ? { onProgress: o.onProgress } : {}) });
  return fromChain(r);
}
