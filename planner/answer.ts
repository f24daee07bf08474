/**
 * The answer object every interface returns (`vigil ask --json`, WebSocket, MQTT).
 */
import type { Coverage } from '../memory/types.js';

/** A piece of evidence: where and when in the memory the answer comes from. */
export interface Evidence {
  camera: string;
  start: string;
  end: string;
  trackIds?: string[];
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
}
