/**
 * Clients of OpenAI-compatible model endpoints (the openai npm package). One options object per
 * endpoint; the SDK retries 408/409/429/5xx and connection errors with exponential backoff and
 * jitter, honouring retry-after, and every call takes a timeout and an AbortSignal.
 */
import OpenAI from 'openai';

/** One OpenAI-compatible endpoint. */
export interface ModelEndpoint {
  /** Base URL including the API prefix, e.g. `http://127.0.0.1:8000/v1`. */
  baseUrl: string;
  /** Model name sent with each request. */
  model: string;
  /** Bearer key; never logged. Servers that need none get a placeholder. */
  apiKey?: string;
  /** Per-request timeout in ms (each retry gets its own). */
  timeoutMs: number;
  /** Retries after the first attempt. */
  retries: number;
}

/** Key sent to servers that do not check one (the SDK requires some key). */
const NO_KEY = 'none';

/** An OpenAI SDK client for an endpoint. The key is passed to the SDK only, never logged. */
export function openaiClient(e: ModelEndpoint): OpenAI {
  return new OpenAI({
    baseURL: e.baseUrl,
    apiKey: e.apiKey ?? NO_KEY,
    timeout: e.timeoutMs,
    maxRetries: e.retries,
    logLevel: 'off',
  });
}

/** An endpoint without its key, for logs and status pages. */
export function describeEndpoint(e: ModelEndpoint): { baseUrl: string; model: string; key: boolean } {
  return { baseUrl: e.baseUrl, model: e.model, key: Boolean(e.apiKey) };
}

/** The endpoints answering may use; each is optional. */
export interface ModelSet {
  /** Language model with tool calling (planners, sub-task agents, critic criteria). */
  llm?: ModelEndpoint | null;
  /** Vision model (visual question answering, the critic's frame grid, captions). */
  vision?: ModelEndpoint | null;
  /** Embedding model (segment localisation, document search). */
  embeddings?: ModelEndpoint | null;
}
