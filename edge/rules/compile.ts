/**
 * `rules.compile`: a rule in words to a structured rule, shown back before it is saved. The
 * offline reader (read-words.ts: the question parser, no model) reads it first; the language model,
 * when one is configured, is asked only when the offline reader refuses. The reply names the reader
 * used and carries the Read-as line; a sentence neither reads is refused with `RULE_NOT_READ` and
 * the words that could not be placed.
 */
import type { AlertRule } from '../api/wire.js';
import { RuleError } from './engine.js';
import type { RuleCompiler, RuleContext } from './nl.js';
import { readRuleWords, type WordsContext } from './read-words.js';
import { ruleReadAs } from './rule-in-words.js';

/** A compiled rule: the rule, how it was read, and by which reader. */
export interface CompiledRule {
  rule: AlertRule;
  /** The Read-as line ("Read as: alert when ..."); for the model, followed by its own explanation. */
  explanation: string;
  /** The Read-as line alone. */
  readAs: string;
  /** `words`: the offline reader (no model); `model`: the configured language model. */
  reader: 'words' | 'model';
}

/**
 * Compiles a rule in words: offline first, then the model (when given) if the offline reader refuses.
 * @throws RuleError RULE_NOT_READ when no reader can read it (the offline reader's reason)
 */
export async function compileRule(text: string, ctx: RuleContext & WordsContext, model: RuleCompiler | undefined, signal?: AbortSignal): Promise<CompiledRule> {
  const words = readRuleWords(text, ctx);
  if (words.ok) return { rule: words.rule, explanation: words.readAs, readAs: words.readAs, reader: 'words' };
  if (!model) throw new RuleError('RULE_NOT_READ', `I could not read it as a rule: ${words.why}`);
  const out = await model(text, ctx, signal);
  const readAs = ruleReadAs(out.rule);
  return { rule: out.rule, explanation: out.explanation, readAs, reader: 'model' };
}
