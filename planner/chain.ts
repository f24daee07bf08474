/**
 * One ReAct chain (VideoAgent's loop): the language model thinks, calls tools, reads their
 * results, and ends by calling `final_answer`, within a step limit. MCTS runs chains from a node
 * of its tree: the node's path is replayed as earlier tool calls, and an expansion lists the
 * actions already tried there so the model picks a different one.
 */
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import { z } from 'zod';
import type { Answer, AskProgress, Evidence } from './answer.js';
import { PlannerError, errorText, type PlannerErrorCode } from './errors.js';
import { formatLocal } from './time.js';
import { runTool, toolSpec, type Tool, type ToolContext } from './tools/index.js';

/** One tool call of a chain and its result. */
export interface ChainStep {
  tool: string;
  /** Arguments as the model sent them (JSON text). */
  args: string;
  ok: boolean;
  output: string;
  evidence: Evidence[];
  value?: Answer['value'];
}

/** How a chain ended. */
export interface ChainResult {
  status: 'success' | 'failure';
  answer?: string;
  value?: Answer['value'];
  /** Steps taken by this chain (not the replayed prefix). */
  steps: ChainStep[];
  error?: { code: PlannerErrorCode; message: string };
  /** The model's text before each call, for the critic. */
  thoughts: string[];
}

/** Options of a chain. */
export interface ChainOptions {
  question: string;
  tools: readonly Tool[];
  ctx: ToolContext;
  maxSteps: number;
  /** Steps already taken (an MCTS node's path), replayed as history. */
  prefix?: readonly ChainStep[];
  /** Actions already tried from this point (MCTS expansion): the model is asked for a different one. */
  avoid?: readonly string[];
  /** Critic feedback on an earlier answer. */
  feedback?: string;
  /** End the chain with a failure when a tool fails (MCTS); otherwise the model sees the failure and goes on (ReAct). */
  stopOnToolFailure: boolean;
  onProgress?: (p: AskProgress) => void;
  /** Step number of the first step, for progress. */
  stepBase?: number;
}

const FINAL = 'final_answer';
const finalInput = z.strictObject({
  answer: z.string().min(1).describe('the answer for a person, citing times'),
  value: z.union([z.number(), z.boolean(), z.string(), z.null()]).describe('number for counts, true/false for yes/no, ISO time for when, seconds for durations, else text or null'),
});
const finalSpec: ChatCompletionTool = {
  type: 'function',
  function: { name: FINAL, description: 'Give the final answer once tool results support it.', parameters: z.toJSONSchema(finalInput) },
};

/** Action label of a step, as tree nodes and expansion prompts show it. */
export function actionOf(s: Pick<ChainStep, 'tool' | 'args'>): string {
  return `${s.tool}(${s.args.length > 160 ? `${s.args.slice(0, 160)}…` : s.args})`;
}

/** The system prompt: the task, the clock and what the memory holds. */
export function systemPrompt(ctx: ToolContext): string {
  const c = ctx.queries.coverage();
  return [
    'You answer questions about a camera memory by calling tools. State only what tool results show; if a tool failed, say it failed, never guess the scene.',
    `Now: ${formatLocal(ctx.now, ctx.timeZone)} (${new Date(ctx.now).toISOString()}). Memory: ${c.from ?? 'empty'} .. ${c.to ?? ''}. Cameras: ${ctx.memory.cameras().join(', ') || 'none'}.`,
    `Call ${FINAL} with the answer and a typed value when done.`,
  ].join('\n');
}

function history(prefix: readonly ChainStep[]): ChatCompletionMessageParam[] {
  return prefix.flatMap((s, k): ChatCompletionMessageParam[] => [
    { role: 'assistant', content: null, tool_calls: [{ id: `prior_${k}`, type: 'function', function: { name: s.tool, arguments: s.args } }] },
    { role: 'tool', tool_call_id: `prior_${k}`, content: s.output },
  ]);
}

function emit(o: ChainOptions, p: AskProgress): void {
  try {
    o.onProgress?.(p);
  } catch {
    // listeners do not break answers
  }
}

/** Runs one chain until a final answer, an error or the step limit. Rethrows only cancellation. */
export async function runChain(o: ChainOptions): Promise<ChainResult> {
  const steps: ChainStep[] = [];
  const thoughts: string[] = [];
  const fail = (code: PlannerErrorCode, message: string): ChainResult => ({ status: 'failure', steps, thoughts, error: { code, message } });
  const messages: ChatCompletionMessageParam[] = [
    { role: 'system', content: systemPrompt(o.ctx) },
    { role: 'user', content: o.question },
    ...history(o.prefix ?? []),
  ];
  if (o.feedback) messages.push({ role: 'user', content: `A critic reviewed your earlier answer: ${o.feedback}\nCheck again with tools and give a corrected final answer.` });
  if (o.avoid?.length) messages.push({ role: 'user', content: `Already tried as the next action here:\n${o.avoid.map((a) => `- ${a}`).join('\n')}\nChoose a different next action.` });
  const specs = [...o.tools.map(toolSpec), finalSpec];
  const base = o.stepBase ?? (o.prefix?.length ?? 0);
  for (let step = 0; step < o.maxSteps; step++) {
    let m;
    try {
      m = await o.ctx.models.chat({ messages, tools: specs, maxTokens: 400 });
    } catch (e) {
      if (e instanceof PlannerError && e.code === 'PLANNER_ABORTED') throw e;
      return fail(e instanceof PlannerError ? e.code : 'PLANNER_MODEL_FAILED', errorText(e));
    }
    if (m.content?.trim()) {
      thoughts.push(m.content.trim());
      emit(o, { type: 'thought', step: base + step, text: m.content.trim() });
    }
    const calls = (m.tool_calls ?? []).filter((c) => c.type === 'function');
    if (calls.length === 0) {
      if (m.content?.trim()) return { status: 'success', answer: m.content.trim(), value: null, steps, thoughts };
      return fail('PLANNER_BAD_REPLY', 'the model replied with neither a tool call nor an answer');
    }
    messages.push({ role: 'assistant', content: m.content ?? null, tool_calls: calls });
    for (const call of calls) {
      const { name, arguments: args } = call.function;
      if (name === FINAL) {
        let parsed: z.output<typeof finalInput>;
        try {
          parsed = finalInput.parse(JSON.parse(args || '{}'));
        } catch (e) {
          return fail('PLANNER_BAD_REPLY', `final_answer arguments are invalid: ${errorText(e)}`);
        }
        return { status: 'success', answer: parsed.answer, value: parsed.value, steps, thoughts };
      }
      let r;
      try {
        r = await runTool(o.tools, name, args, o.ctx);
      } catch (e) {
        if (e instanceof PlannerError && e.code === 'PLANNER_ABORTED') throw e;
        return fail(e instanceof PlannerError ? e.code : 'TOOL_FAILED', errorText(e));
      }
      const s: ChainStep = { tool: name, args, ok: r.ok, output: r.output, evidence: r.evidence, ...(r.value !== undefined ? { value: r.value } : {}) };
      steps.push(s);
      emit(o, { type: 'tool', step: base + step, tool: name, input: safeJson(args), ok: r.ok, output: r.output, ms: r.ms });
      messages.push({ role: 'tool', tool_call_id: call.id, content: r.output });
      if (!r.ok && o.stopOnToolFailure) return fail(r.code ?? 'TOOL_FAILED', `${name}: ${r.output}`);
    }
  }
  return fail('PLANNER_BAD_REPLY', `no final answer within ${o.maxSteps} steps`);
}

function safeJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return s;
  }
}
