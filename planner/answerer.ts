/**
 * The daemon's question answerer: binds the memory and the configured models, so interfaces
 * (WebSocket, MQTT, HTTP) only pass a question and per-question options.
 */
import type { MemoryStore } from '../memory/store.js';
import type { Answer } from './answer.js';
import { ask, type AskOptions } from './ask.js';

/** Daemon-wide answering settings. */
export interface AnswererOptions extends Pick<AskOptions, 'models' | 'budget' | 'maxSteps' | 'mcts' | 'critic' | 'paths' | 'planner' | 'maxTools' | 'toolFormat'> {
  /** IANA zone of wall times in questions and answers. */
  timeZone?: string;
}

/** Answers questions over one memory. */
export class Answerer {
  constructor(
    private readonly memory: MemoryStore,
    private readonly opts: AnswererOptions = {},
  ) {}

  /** Answers one question; per-question options override the daemon's. */
  ask(question: string, opts: AskOptions = {}): Promise<Answer> {
    const { timeZone, ...rest } = this.opts;
    // an option passed as undefined does not unset the daemon's
    const given = Object.fromEntries(Object.entries(opts).filter(([, v]) => v !== undefined)) as AskOptions;
    return ask(question, this.memory, { ...rest, ...(timeZone ? { timeZone } : {}), ...given });
  }
}
