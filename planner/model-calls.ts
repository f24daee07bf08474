/**
 * Metered model calls for one answer: every language, vision and embedding request goes through
 * here, so tokens, calls and time are counted into the answer's cost and its budget is enforced.
 */
import type OpenAI from 'openai';
import type { ChatCompletionMessage, ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import { PlannerError, errorText } from './errors.js';
import type { Meter } from './meter.js';
import { openaiClient, type ModelEndpoint, type ModelSet } from './models.js';

type Kind = 'llm' | 'vision' | 'embeddings';

/** Clients are reused across answers, one per endpoint object. */
const clients = new WeakMap<ModelEndpoint, OpenAI>();

function clientOf(e: ModelEndpoint): OpenAI {
  let c = clients.get(e);
  if (!c) {
    c = openaiClient(e);
    clients.set(e, c);
  }
  return c;
}

/** A chat request. */
export interface ChatRequest {
  messages: ChatCompletionMessageParam[];
  tools?: ChatCompletionTool[];
  maxTokens?: number;
  /** Ask for a JSON object reply (`response_format: json_object`). */
  json?: boolean;
}

/** The model calls of one answer. */
export class ModelCalls {
  constructor(
    readonly models: ModelSet,
    readonly meter: Meter,
    private readonly signal?: AbortSignal,
  ) {}

  /** Whether an endpoint of that kind is configured. */
  has(kind: Kind): boolean {
    return Boolean(this.models[kind]);
  }

  private endpoint(kind: Kind): ModelEndpoint {
    const e = this.models[kind];
    if (!e) throw new PlannerError('PLANNER_NO_MODEL', `no ${kind === 'llm' ? 'language' : kind} model is configured (models.${kind})`);
    return e;
  }

  private async metered<T extends { usage?: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number } | null }>(kind: Kind, run: (c: OpenAI, e: ModelEndpoint) => Promise<T>): Promise<T> {
    const e = this.endpoint(kind);
    if (this.signal?.aborted) throw new PlannerError('PLANNER_ABORTED', 'the question was cancelled');
    this.meter.check();
    let res: T;
    try {
      res = await run(clientOf(e), e);
    } catch (err) {
      this.meter.charge(undefined);
      if (this.signal?.aborted) throw new PlannerError('PLANNER_ABORTED', 'the question was cancelled');
      throw new PlannerError('PLANNER_MODEL_FAILED', `${kind} model call failed: ${errorText(err)}`);
    }
    this.meter.charge(res.usage ?? undefined);
    return res;
  }

  private opts(e: ModelEndpoint): { timeout: number; maxRetries: number; signal?: AbortSignal } {
    return { timeout: e.timeoutMs, maxRetries: e.retries, ...(this.signal ? { signal: this.signal } : {}) };
  }

  /** One chat completion of the language model; resolves with its message. */
  async chat(req: ChatRequest, kind: 'llm' | 'vision' = 'llm'): Promise<ChatCompletionMessage> {
    const res = await this.metered(kind, (c, e) =>
      c.chat.completions.create(
        {
          model: e.model,
          temperature: 0,
          messages: req.messages,
          ...(req.tools?.length ? { tools: req.tools } : {}),
          ...(req.maxTokens ? { max_tokens: req.maxTokens } : {}),
          ...(req.json ? { response_format: { type: 'json_object' as const } } : {}),
        },
        this.opts(e),
      ),
    );
    const m = res.choices[0]?.message;
    if (!m) throw new PlannerError('PLANNER_BAD_REPLY', `${kind} model returned no choice`);
    return m;
  }

  /** Asks the vision model a question about JPEG frames; resolves with its text. */
  async see(question: string, jpegs: Buffer[], maxTokens = 200): Promise<string> {
    const m = await this.chat(
      {
        maxTokens,
        messages: [
          { role: 'system', content: 'You look at frames of a fixed security camera and answer only from what is visible. Say "not visible" when the frames do not show it.' },
          { role: 'user', content: [{ type: 'text', text: question }, ...jpegs.map((j) => ({ type: 'image_url' as const, image_url: { url: `data:image/jpeg;base64,${j.toString('base64')}` } }))] },
        ],
      },
      'vision',
    );
    const text = (m.content ?? '').trim();
    if (!text) throw new PlannerError('PLANNER_BAD_REPLY', 'vision model returned an empty reply');
    return text;
  }

  /** Embeds texts with the embedding model, in order. */
  async embed(texts: string[]): Promise<number[][]> {
    const res = await this.metered('embeddings', (c, e) => c.embeddings.create({ model: e.model, input: texts, encoding_format: 'float' }, this.opts(e)));
    const out = [...res.data].sort((a, b) => a.index - b.index).map((d) => d.embedding);
    if (out.length !== texts.length) throw new PlannerError('PLANNER_BAD_REPLY', `embedding model returned ${out.length} vectors for ${texts.length} texts`);
    return out;
  }
}
