/**
 * Per-answer accounting: tokens, model calls and wall time, and the budget that stops an answer
 * before it spends more.
 */
import type { AnswerCost } from './answer.js';
import { PlannerError } from './errors.js';

/** Most tokens and model calls one answer may use (either unset: unlimited). */
export interface Budget {
  tokens?: number;
  calls?: number;
}

/** Counts what one answer costs and enforces its budget. */
export class Meter {
  tokens = 0;
  promptTokens = 0;
  completionTokens = 0;
  calls = 0;
  private readonly t0 = performance.now();

  constructor(readonly budget: Budget = {}) {}

  /**
   * Throws PLANNER_BUDGET_EXHAUSTED when another call would exceed the budget (calls) or the
   * tokens already spent reached it. Called before each model call.
   */
  check(): void {
    const b = this.budget;
    if (b.calls !== undefined && this.calls >= b.calls) throw new PlannerError('PLANNER_BUDGET_EXHAUSTED', `budget exhausted: ${this.calls} of ${b.calls} model calls used`);
    if (b.tokens !== undefined && this.tokens >= b.tokens) throw new PlannerError('PLANNER_BUDGET_EXHAUSTED', `budget exhausted: ${this.tokens} of ${b.tokens} tokens used`);
  }

  /** Records one model call and its usage. */
  charge(usage: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number } | undefined): void {
    this.calls++;
    const p = usage?.prompt_tokens ?? 0;
    const c = usage?.completion_tokens ?? 0;
    this.promptTokens += p;
    this.completionTokens += c;
    this.tokens += usage?.total_tokens ?? p + c;
  }

  /** Whether the budget is spent (no further call would be allowed). */
  get exhausted(): boolean {
    try {
      this.check();
      return false;
    } catch {
      return true;
    }
  }

  /** The cost so far. */
  cost(): AnswerCost {
    return { tokens: this.tokens, calls: this.calls, ms: Math.round((performance.now() - this.t0) * 10) / 10 };
  }
}
