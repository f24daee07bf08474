/**
 * Natural-language rules: "tell me when someone stays at the table for 10 seconds" becomes a
 * structured rule, shown back for confirmation (WebSocket `rules.compile`, then `rules.put`).
 *
 * The offline reader (read-words.ts, the question parser) reads first, with no model; see
 * compile.ts. The hook for a language model: a {@link RuleCompiler}, asked only when the offline
 * reader refuses. A model-backed compiler (llm-compiler.ts) plugs in through `RulesComponent`'s
 * `compile` option when `models.llm` is configured and must return a rule that passes
 * `ruleSchema` (the daemon validates it again before showing it). {@link noModelCompiler} and
 * `RULES_NO_MODEL` remain for callers that want a model-only compiler without one.
 */
import { VigilError } from '../../ingest/errors/catalogue.js';
import type { AlertRule } from '../api/wire.js';

/** Context a compiler gets: the cameras with their zones and lines, and the classes known. */
export interface RuleContext {
  cameras: Record<string, { zones: string[]; lines: string[] }>;
  camera?: string;
}

/** Turns text into a structured rule and a one-sentence explanation of it. */
export type RuleCompiler = (text: string, ctx: RuleContext, signal?: AbortSignal) => Promise<{ rule: AlertRule; explanation: string }>;

/** Error of the natural-language path. */
export class RulesNoModelError extends VigilError<'RULES_NO_MODEL'> {
  constructor() {
    super('RULES_NO_MODEL', 'natural-language rules need a language model (models.llm) and none is configured; send a structured rule with rules.put');
  }
}

/** The compiler used without a language model: always refuses with RULES_NO_MODEL. */
export const noModelCompiler: RuleCompiler = () => Promise.reject(new RulesNoModelError());
