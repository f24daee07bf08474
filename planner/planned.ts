/**
 * What a model-driven planner produces before coverage and cost are attached.
 */
import type { Answer, Evidence } from './answer.js';
import type { ChainResult, ChainStep } from './chain.js';

/** A planner's answer with its reasoning. */
export interface Planned {
  ok: boolean;
  answer: string;
  value: Answer['value'];
  evidence: Evidence[];
  /** Tool steps behind the answer (the critic reads them). */
  steps: ChainStep[];
  thoughts: string[];
}

/** Evidence of the successful steps, without duplicates, at most `limit`. */
export function stepEvidence(steps: readonly ChainStep[], limit = 20): Evidence[] {
  const seen = new Set<string>();
  const out: Evidence[] = [];
  for (const s of steps) {
    if (!s.ok) continue;
    for (const e of s.evidence) {
      const k = `${e.camera}|${e.start}|${e.end}|${e.trackIds?.join(',') ?? ''}`;
      if (seen.has(k)) continue;
      seen.add(k);
      out.push(e);
      if (out.length >= limit) return out;
    }
  }
  return out;
}

/** A planner answer from a finished chain (`prior` are steps before it, e.g. an MCTS path). */
export function fromChain(r: ChainResult, prior: readonly ChainStep[] = []): Planned {
  const steps = [...prior, ...r.steps];
  if (r.status === 'success') return { ok: true, answer: r.answer ?? '', value: r.value ?? null, evidence: stepEvidence(steps), steps, thoughts: r.thoughts };
  const why = r.error ? `${r.error.code}: ${r.error.message}` : 'unknown error';
  return { ok: false, answer: `I could not answer this: ${why}.`, value: null, evidence: [], steps, thoughts: r.thoughts };
}
