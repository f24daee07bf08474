/**
 * A SCRIPTED OpenAI-compatible HTTP server (node:http) for tests and the planner benchmark: the
 * real `openai` client talks real HTTP to it, and a script decides each reply. No model runs.
 * Chat completions (plain, tool calls, vision content) and embeddings are served; usage is
 * estimated as characters / 4 of the request and reply, like a tokenizer would roughly count.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A chat request body as received. */
export interface ChatBody {
  model?: string;
  messages: { role: string; content: unknown; tool_calls?: { id: string; function: { name: string; arguments: string } }[]; tool_call_id?: string }[];
  tools?: { type: string; function: { name: string; description?: string; parameters?: unknown } }[];
  max_tokens?: number;
  response_format?: { type: string };
}

/** What the script returns for a chat request. */
export interface ChatReply {
  content?: string | null;
  toolCalls?: { name: string; args: unknown }[];
  /** HTTP status other than 200 (an error body is sent). */
  status?: number;
  /** `retry-after` header (seconds) sent with an error status. */
  retryAfter?: number;
  /** Usage to report instead of the estimate. */
  usage?: { prompt_tokens: number; completion_tokens: number };
}

/** A request the server saw. */
export interface SeenRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
  status: number;
}

/** Options of the scripted server. */
export interface ScriptOptions {
  /** Reply for the n-th (0-based) chat request. */
  chat?: (body: ChatBody, n: number) => ChatReply;
  /** Vectors for embedding inputs (default: a bag-of-letters vector of 26 dimensions). */
  embed?: (input: string[]) => number[][];
}

/** A started scripted server. */
export interface ScriptedServer {
  baseUrl: string;
  requests: SeenRequest[];
  /** Chat request bodies in order. */
  chats(): ChatBody[];
  /** Prompt and completion tokens reported so far. */
  tokens: { prompt: number; completion: number };
  close(): Promise<void>;
}

/** Letter-frequency vector of a text (deterministic stand-in for an embedding). */
export function letterVector(text: string): number[] {
  const v = new Array<number>(26).fill(0);
  for (const ch of text.toLowerCase()) {
    const k = ch.charCodeAt(0) - 97;
    if (k >= 0 && k < 26) v[k] = (v[k] ?? 0) + 1;
  }
  return v;
}

const estimate = (x: unknown): number => Math.max(1, Math.ceil(JSON.stringify(x ?? '').length / 4));

/** Starts a scripted server on 127.0.0.1 (random port). */
export async function startScriptedServer(o: ScriptOptions): Promise<ScriptedServer> {
  const requests: SeenRequest[] = [];
  const tokens = { prompt: 0, completion: 0 };
  let chatN = 0;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (d: Buffer) => (raw += d.toString()));
    req.on('end', () => {
      const body = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
      const send = (status: number, payload: unknown, headers: Record<string, string> = {}): void => {
        requests.push({ path: req.url ?? '', headers: req.headers, body, status });
        res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(payload));
      };
      if (req.method === 'POST' && req.url === '/v1/chat/completions' && o.chat) {
        const b = body as unknown as ChatBody;
        const r = o.chat(b, chatN++);
        if (r.status && r.status !== 200) return send(r.status, { error: { message: `scripted ${r.status}`, type: 'scripted' } }, r.retryAfter !== undefined ? { 'retry-after': String(r.retryAfter) } : {});
        const toolCalls = r.toolCalls?.map((c, k) => ({ id: `call_${chatN}_${k}`, type: 'function', function: { name: c.name, arguments: typeof c.args === 'string' ? c.args : JSON.stringify(c.args) } }));
        const message = { role: 'assistant', content: r.content ?? null, ...(toolCalls?.length ? { tool_calls: toolCalls } : {}) };
        const usage = r.usage ?? { prompt_tokens: estimate({ m: b.messages, t: b.tools }), completion_tokens: estimate(message) };
        tokens.prompt += usage.prompt_tokens;
        tokens.completion += usage.completion_tokens;
        return send(200, {
          id: `chatcmpl-${chatN}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: b.model,
          choices: [{ index: 0, message, finish_reason: toolCalls?.length ? 'tool_calls' : 'stop' }],
          usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
        });
      }
      if (req.method === 'POST' && req.url === '/v1/embeddings') {
        const input = body.input;
        const texts = Array.isArray(input) ? input.map(String) : [String(input)];
        const vecs = (o.embed ?? ((t: string[]) => t.map(letterVector)))(texts);
        const prompt = texts.reduce((s, t) => s + Math.ceil(t.length / 4), 0);
        tokens.prompt += prompt;
        return send(200, { object: 'list', model: body.model, data: vecs.map((embedding, index) => ({ object: 'embedding', index, embedding })), usage: { prompt_tokens: prompt, total_tokens: prompt } });
      }
      send(404, { error: { message: 'not found' } });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    tokens,
    chats: () => requests.filter((r) => r.path === '/v1/chat/completions' && r.status === 200).map((r) => r.body as ChatBody),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** An endpoint config for the scripted server. */
export function scriptedEndpoint(baseUrl: string, model = 'scripted-1'): { baseUrl: string; model: string; apiKey: string; timeoutMs: number; retries: number } {
  return { baseUrl, model, apiKey: 'sk-scripted', timeoutMs: 5000, retries: 0 };
}
