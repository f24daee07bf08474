/**
 * Capped exponential backoff with jitter, for reconnecting cameras.
 */

/** Backoff settings in milliseconds. */
export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
  /** Fraction of the delay added or removed at random (0..1). */
  jitter: number;
}

/** Default: 1 s, doubling, capped at 30 s, +-20 %. */
export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 1000, maxMs: 30_000, jitter: 0.2 };

/** Stateful delay sequence; `reset()` after a healthy period. */
export class Backoff {
  private attempt = 0;
  constructor(
    private readonly opts: BackoffOptions = DEFAULT_BACKOFF,
    private readonly random: () => number = Math.random,
  ) {}

  /** The next delay in ms. */
  next(): number {
    const raw = Math.min(this.opts.maxMs, this.opts.baseMs * 2 ** this.attempt);
    this.attempt++;
    const spread = raw * this.opts.jitter * (this.random() * 2 - 1);
    return Math.max(0, Math.round(raw + spread));
  }

  /** Starts over from the base delay. */
  reset(): void {
    this.attempt = 0;
  }
}

/** Sleeps `ms`, resolving early (without throwing) when the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const t = setTimeout(done, ms);
    function done(): void {
      clearTimeout(t);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
