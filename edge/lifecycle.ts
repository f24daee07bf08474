/**
 * Ordered start, reverse-ordered stop, cancellation of a start still in progress, and which
 * components are up (for `/healthz` and for routes that need a component).
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

/** Where the daemon as a whole is: `ready` once every component has started. */
export type LifecyclePhase = 'idle' | 'starting' | 'ready' | 'stopping' | 'stopped';

/** What the rest of the daemon may ask about the lifecycle while it runs. */
export interface Readiness {
  /** The daemon's phase. */
  phase(): LifecyclePhase;
  /** Whether the named component has started and is not stopped (or stopping). */
  isUp(name: string): boolean;
  /** Names of the components that are not up, in start order. */
  pending(): string[];
}

/** Starts components in order and stops the started ones in reverse order. */
export class Lifecycle implements Readiness {
  private readonly started: Component[] = [];
  private readonly up = new Set<string>();
  private state: LifecyclePhase = 'idle';
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
    if (!this.stopping) this.state = 'starting';
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
      this.up.add(c.name);
      this.log.debug({ component: c.name, ms: Date.now() - t0 }, 'started');
      if (this.abort.signal.aborted) throw abortError();
    }
    this.state = 'ready';
  }

  phase(): LifecyclePhase {
    return this.state;
  }

  isUp(name: string): boolean {
    return this.up.has(name);
  }

  pending(): string[] {
    return this.components.map((c) => c.name).filter((n) => !this.up.has(n));
  }

  /** Cancels a running start, then stops started components in reverse order, once. */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      this.abort.abort();
      this.state = 'stopping';
      for (const c of [...this.started].reverse()) {
        // down from the moment its stop begins: nothing new is sent its way
        this.up.delete(c.name);
        try {
          await c.stop();
          this.log.debug({ component: c.name }, 'stopped');
        } catch (e) {
          this.log.error({ component: c.name, err: e }, 'stop failed');
        }
      }
      this.started.length = 0;
      this.state = 'stopped';
    })();
    return this.stopping;
  }
}

function abortError(): Error {
  const e = new Error('start cancelled by stop');
  e.name = 'AbortError';
  return e;
}
