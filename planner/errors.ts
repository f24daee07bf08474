/**
 * Errors of the answering layer, each with a stable code (logs, tool results and tests match on
 * the code, never on the message).
 */
import { VigilError } from '../ingest/errors/catalogue.js';

/** Stable codes of answering failures (rows of the catalogue, `ingest/errors/catalogue.ts`). */
export type PlannerErrorCode =
  | 'PLANNER_NO_MODEL'
  | 'PLANNER_BUDGET_EXHAUSTED'
  | 'PLANNER_MODEL_FAILED'
  | 'PLANNER_BAD_REPLY'
  | 'PLANNER_ABORTED'
  | 'TOOL_UNKNOWN'
  | 'TOOL_BAD_INPUT'
  | 'TOOL_FAILED'
  | 'TOOL_NOTHING_STORED'
  | 'PLANNER_NOT_KEPT';

/** A failure while answering. */
export class PlannerError extends VigilError<PlannerErrorCode> {}

/** The code of any error: a PlannerError's own, else TOOL_FAILED. */
export function errorCode(e: unknown): PlannerErrorCode {
  return e instanceof PlannerError ? e.code : 'TOOL_FAILED';
}

/** A one-line message of any thrown value. */
export function errorText(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).replace(/\s+/g, ' ').trim();
}
