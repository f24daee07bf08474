/**
 * The daemon's answering settings from its configuration (`models.*`), as the planner takes them.
 * It lives with the configuration (edge), which may import the planner; the planner knows nothing
 * of the configuration file.
 */
import type { AnswererOptions } from '../../planner/answerer.js';
import type { ModelEndpoint } from '../../planner/models.js';
import type { Config } from './schema.js';

type EndpointConfig = NonNullable<Config['models']['llm']>;

/** A configured endpoint as the model layer takes it (null key: none). */
export function endpointOf(e: EndpointConfig | null): ModelEndpoint | null {
  if (!e) return null;
  return { baseUrl: e.baseUrl, model: e.model, timeoutMs: e.timeoutMs, retries: e.retries, ...(e.apiKey ? { apiKey: e.apiKey } : {}) };
}

/** Answerer options from the configuration. */
export function answererOptions(cfg: Pick<Config, 'models' | 'timezone'>): AnswererOptions {
  const m = cfg.models;
  const a = m.answering;
  return {
    ...(cfg.timezone ? { timeZone: cfg.timezone } : {}),
    ...(a.planner !== 'auto' ? { planner: a.planner } : {}),
    models: { llm: endpointOf(m.llm), vision: endpointOf(m.vision), embeddings: endpointOf(m.embeddings) },
    budget: { ...(a.budgetTokens !== null ? { tokens: a.budgetTokens } : {}), ...(a.budgetCalls !== null ? { calls: a.budgetCalls } : {}) },
    maxSteps: a.maxSteps,
    maxTools: a.maxTools,
    toolFormat: a.toolFormat,
    mcts: { n: a.mctsN, alpha: a.mctsAlpha, beta: a.mctsBeta },
    critic: a.criticRounds,
    paths: { docs: a.docs, tables: a.tables, recordings: a.recordings },
  };
}
