/**
 * Errors of the answering layer, each with a stable code (logs, tool results and tests match on
 * the code, never on the message).
 */
import { VigilError, type ErrorCode } from '../ingest/errors/catalogue.js';

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
  | 'PLANNER_NOT_KEPT'
  | RefusalCode;

/**
 * Stable codes of the question language's refusals (rows of the catalogue): what the offline parser
 * would not read, carried with the readable line as `refusal: {code, why}`. The fleet and the
 * dashboard read the code, never the prose.
 */
export const REFUSAL_CODES = [
  'UNKNOWN_WORD',
  'NO_SUCH_CLASS',
  'NO_SUCH_PLACE',
  'PLACE_AS_CLASS',
  'DANGLING_REFERENCE',
  'APPEARANCE',
  'WHERE_WENT',
  'ACTED_ON',
  'FUTURE',
  'EMPTY_QUESTION',
  'UNUSED_WORDS',
  'LOOSE_AFTER_SLIPS',
  'SEVERAL_PLACES',
  'SEVERAL_TIMES',
  'DISJOINT_PERIODS',
  'NEEDS_REID',
  'TWO_MOMENTS',
  'UNUSED_CLAUSE',
  'NEGATION',
  'INSTANT_FOR_PERIOD',
  'COMPARISON',
  'AMBIGUOUS_VISIT',
  'BOTH_WAYS',
  'NO_WHEN',
  'NO_AGENT',
  'NO_MEASURE',
  'UNREAD_MOMENT',
  'AMBIGUOUS_MOMENT',
  'AMBIGUOUS_VERB',
  'MOMENT_ORDER',
  'SEVERAL_SUBJECTS',
  'SEVERAL_STRETCHES',
  'SEVERAL_LOOKS',
  'LOOK_UNNAMED',
  'LOOK_CLASS',
  'NEVER_SEEN',
  'NO_SPAN',
  'NOT_ARRIVALS',
] as const satisfies readonly ErrorCode[];

/** One refusal code. */
export type RefusalCode = (typeof REFUSAL_CODES)[number];

/** Refusals that mean "this memory holds no such camera, zone, line, class or word", not "the question makes no sense": a fleet box answers them `none`. */
export const NOT_HERE_CODES: ReadonlySet<RefusalCode> = new Set<RefusalCode>(['NO_SUCH_PLACE', 'NO_SUCH_CLASS', 'UNKNOWN_WORD']);

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
