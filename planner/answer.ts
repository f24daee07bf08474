/**
 * The answer object every interface returns (`vigil ask --json`, WebSocket, MQTT), and the
 * progress messages streamed while it is worked out.
 */
import type { Coverage } from '../memory/types.js';
import type { PlannerErrorCode } from './errors.js';

/** A piece of evidence: where and when in the memory the answer comes from. */
export interface Evidence {
  camera: string;
  start: string;
  end: string;
  trackIds?: string[];
  /** Snapshot (keyframe) reference, e.g. `/api/cameras/cam1/keyframe.jpg?ts=...`, when one is stored. */
  snapshot?: string;
}

/** Planners a question can be answered with. */
export type PlannerName = 'offline' | 'react' | 'mcts';

/** What answering one question cost. */
export interface AnswerCost {
  /** Model tokens (prompt + completion) over every call. */
  tokens: number;
  /** Model calls (language, vision and embedding). */
  calls: number;
  /** Wall-clock milliseconds. */
  ms: number;
}

/** An answer with its grounding. */
export interface Answer {
  /** Text for a person. */
  answer: string;
  /**
   * Machine value: number for counts; boolean for yes/no; ISO time or `{start, end}` for
   * when-questions; seconds for durations; else text or null.
   */
  value: number | boolean | string | { start: string; end: string } | null;
  evidence: Evidence[];
  coverage: Coverage;
  /** The planner that produced it. */
  planner: PlannerName;
  /** Set when the question was not understood: `answer` says what, `examples` are questions this memory can answer. */
  refused?: boolean;
  /** Example questions built from this memory's cameras, zones and classes (refusals only). */
  examples?: string[];
  /** Stable code of a refusal about the memory rather than the words (catalogue row): `PLANNER_NOT_KEPT` when retention no longer keeps that time. */
  code?: PlannerErrorCode;
  /** A refusal's stable code (catalogue row) and readable line, beside `refused` and `answer`: what a program reads instead of the prose. */
  refusal?: { code: PlannerErrorCode; why: string };
  cost: AnswerCost;
}

/**
 * Progress while a question is answered. `type` discriminates; consumers (WebSocket, dashboard)
 * forward messages they do not understand unchanged.
 */
export type AskProgress =
  | { type: 'plan'; planner: PlannerName; text: string }
  | { type: 'thought'; step: number; text: string }
  | { type: 'tool'; step: number; tool: string; input: unknown; ok: boolean; output: string; ms: number }
  | { type: 'partial'; text: string }
  | { type: 'tree'; nodes: { id: number; parent: number | null; action: string; reward: number; visits: number; status: 'open' | 'success' | 'failure' }[] }
  | { type: 'critic'; round: number; scores: { criterion: string; score: number }[]; feedback: string }
  | { type: 'final'; answer: Answer };

/** An answer before the planner and cost are attached (what a single planner step produces). */
export type DraftAnswer = Omit<Answer, 'planner' | 'cost'>;
