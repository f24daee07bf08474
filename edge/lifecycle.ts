/**
 * Ordered start, reverse-ordered stop, and cancellation of a start still in progress.
 */
import type { Logger } from '../ingest/types.js';

/** A part of the daemon with a lifetime. Constructors only store arguments; `start` does the work. */
export interface Component {
  /** Name used in logs. */
  readonly name: string;
  /** Acquires resources. Should give up promptly when `signal` aborts. */
  start(signal: AbortSignal): Promise<void>;
  /** Releases everything it acquired. Must be safe to call after a partial start. */
  stop(): Promise<void>;
}

/** Starts components in order and stops the started ones in reverse order. */
export class Lifecycle {
  private readonly started: Component[] = [];
  private readonly abort = new AbortController();
  private stopping: Promise<void> | null = null;

  constructor(
    private readonly components: readonly Component[],
    private readonly log: Logger,
  ) {}

  /**
   * Starts every component in order.
   * @throws the first start error (after stopping what had started), or an AbortError when stopped meanwhile
   */
  async start(): Promise<void> {
    for (const c of this.components) {
      if (this.abort.signal.aborted) throw abortError();
      const t0 = Date.now();
      try {
        await c.start(this.abort.signal);
      } catch (e) {
        this.started.push(c);
        if (!this.abort.signal.aborted) {
          this.log.error({ component: c.name, err: e }, 'start failed');
          await this.stop();
        }
        throw e;
      }
      this.started.push(c);
      this.log.debug({ component: c.name, ms: Date.now() - t0 }, 'started');
      if (this.abort.signal.aborted) throw abortError();
    }
  }

  /** Cancels a running start, then stops started components in reverse order, once. */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      this.abort.abort();
      for (const c of [...this.started].reverse()) {
        try {
          await c.stop();
          this.log.debug({ component: c.name }, 'stopped');
        } catch (e) {
          this.log.error({ component: c.name, err: e }, 'stop failed');
        }
      }
      this.started.length = 0;
    })();
    return this.stopping;
  }
}

function abortError(): Error {
  const e = new Error('start cancelled by stop');
  e.name = 'AbortError';
  return e;
}
