/**
 * What a tool is and how one runs: input checked against its zod schema, failures returned as
 * results marked failed (with a stable code), never thrown into a planner and never turned into a
 * claim about the scene.
 */
import type { ChatCompletionFunctionTool } from 'openai/resources/chat/completions';
import { z } from 'zod';
import type { MemoryQueries } from '../../memory/queries.js';
import type { MemoryStore } from '../../memory/store.js';
import type { Answer, Evidence } from '../answer.js';
import { PlannerError, errorCode, errorText, type PlannerErrorCode } from '../errors.js';
import type { ModelCalls } from '../model-calls.js';

/** Where knowledge tools and the clip tool read. */
export interface ToolPaths {
  /** Folder of documents (.md, .txt) searched by `search_docs`. */
  docs?: string | null;
  /** Folder of CSV tables queried by `query_table`. */
  tables?: string | null;
  /** Folder of recordings `<camera>/<startEpochMs>.mp4` the clip tool cuts from. */
  recordings?: string | null;
  /** Folder clips are written to. */
  clips?: string | null;
}

/** Everything a tool may use. */
export interface ToolContext {
  memory: MemoryStore;
  queries: MemoryQueries;
  models: ModelCalls;
  /** The moment the question is asked, epoch ms. */
  now: number;
  timeZone: string;
  paths: ToolPaths;
}

/** A tool's successful output. */
export interface ToolOutput {
  /** Model-facing text. */
  text: string;
  evidence?: Evidence[];
  /** A typed value when the tool computed one exactly. */
  value?: Answer['value'];
}

/** A tool. */
export interface Tool<S extends z.ZodType = z.ZodType> {
  name: string;
  description: string;
  /** A few words of purpose for the compact tool list (default: the description's first clause). */
  brief?: string;
  /** The tool computes an exact typed value that can be the answer itself (the compact format's `=` action ends the chain with it). */
  exact?: boolean;
  input: S;
  execute(input: z.output<S>, ctx: ToolContext): ToolOutput | Promise<ToolOutput>;
}

/** What running a tool produced. */
export interface ToolResult {
  tool: string;
  ok: boolean;
  /** Model-facing text; failures start with `FAILED <CODE>:`. */
  output: string;
  code?: PlannerErrorCode;
  evidence: Evidence[];
  value?: Answer['value'];
  ms: number;
}

/** Defines a tool with its input type inferred from the schema. */
export function defineTool<S extends z.ZodType>(t: Tool<S>): Tool {
  return t;
}

/** Longest tool output handed to a model, characters. */
export const MAX_TOOL_OUTPUT = 4000;

function failed(tool: string, code: PlannerErrorCode, message: string, t0: number): ToolResult {
  return { tool, ok: false, code, output: `FAILED ${code}: ${message}`, evidence: [], ms: Math.round(performance.now() - t0) };
}

/**
 * Runs a tool on raw input (a JSON string or a value). Never throws: bad input, unknown tools
 * and failures come back with `ok: false`, except cancellation and an exhausted budget, which end
 * the answer and are rethrown.
 */
export async function runTool(tools: readonly Tool[], name: string, raw: unknown, ctx: ToolContext): Promise<ToolResult> {
  const t0 = performance.now();
  const tool = tools.find((t) => t.name === name);
  if (!tool) return failed(name, 'TOOL_UNKNOWN', `no tool named "${name}"; tools: ${tools.map((t) => t.name).join(', ')}`, t0);
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = raw.trim() ? JSON.parse(raw) : {};
    } catch {
      return failed(name, 'TOOL_BAD_INPUT', 'arguments are not valid JSON', t0);
    }
  }
  const parsed = tool.input.safeParse(value ?? {});
  if (!parsed.success) return failed(name, 'TOOL_BAD_INPUT', parsed.error.issues.map((i) => `${i.path.join('.') || '(input)'}: ${i.message}`).join('; '), t0);
  try {
    const out = await tool.execute(parsed.data, ctx);
    const text = out.text.length > MAX_TOOL_OUTPUT ? `${out.text.slice(0, MAX_TOOL_OUTPUT)}… (truncated)` : out.text;
    return { tool: name, ok: true, output: text, evidence: out.evidence ?? [], ...(out.value !== undefined ? { value: out.value } : {}), ms: Math.round(performance.now() - t0) };
  } catch (e) {
    if (e instanceof PlannerError && (e.code === 'PLANNER_ABORTED' || e.code === 'PLANNER_BUDGET_EXHAUSTED')) throw e;
    return failed(name, errorCode(e), errorText(e), t0);
  }
}

/** The OpenAI tool-calling description of a tool. */
export function toolSpec(t: Tool): ChatCompletionFunctionTool {
  const schema = z.toJSONSchema(t.input, { io: 'input' }) as Record<string, unknown>;
  delete schema.$schema;
  return { type: 'function', function: { name: t.name, description: t.description, parameters: schema } };
}
