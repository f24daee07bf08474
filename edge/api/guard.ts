/**
 * The one guarded boundary of every interface: each HTTP request, upgrade, WebSocket message and
 * MQTT message runs its handler through {@link guarded}, which turns any throw or rejection into
 * the catalogue's error reply (`{status: "error", code, message}`: catalogue codes kept, anything
 * else `INTERNAL`). An unexpected error is logged once with its stack and counted in
 * {@link UnexpectedErrors} (`vigil_unexpected_errors_total{interface}` in `/metrics`).
 */
import { errorReply, type ErrorReply } from '../../ingest/errors/reply.js';
import type { Logger } from '../../ingest/types.js';

/** The interfaces whose handlers run through the guard (the `interface` label of the counter). */
export type Interface = 'http' | 'upgrade' | 'ws' | 'mqtt' | 'process';

/** Counts unexpected errors by interface; each error value is logged and counted once. */
export class UnexpectedErrors {
  private readonly counts = new Map<Interface, number>();
  private readonly seen = new WeakSet<object>();

  /** Unexpected errors so far on one interface. */
  count(i: Interface): number {
    return this.counts.get(i) ?? 0;
  }

  /** Counts one error that was logged where it was caught (the process guard's last resort). */
  add(i: Interface): void {
    this.counts.set(i, this.count(i) + 1);
  }

  /**
   * Logs the error with its stack and counts it, unless this error value was recorded already
   * (an error that crossed two guards is one error).
   * @param where what was being handled (a request line, a topic), cut to 200 characters
   */
  record(i: Interface, e: unknown, where: string, log: Logger): void {
    if (typeof e === 'object' && e !== null) {
      if (this.seen.has(e)) return;
      this.seen.add(e);
    }
    this.counts.set(i, this.count(i) + 1);
    const err = e instanceof Error ? { name: e.name, message: e.message, stack: e.stack } : { message: String(e) };
    log.error({ interface: i, where: where.slice(0, 200), err }, 'unexpected error at the API boundary');
  }

  /** The counter in the Prometheus text format (empty until an error was counted). */
  metrics(): string {
    if (this.counts.size === 0) return '';
    const rows = [...this.counts].map(([i, n]) => `vigil_unexpected_errors_total{interface="${i}"} ${n}`);
    return ['# HELP vigil_unexpected_errors_total Errors that were not expected at an API boundary (each logged with its stack).', '# TYPE vigil_unexpected_errors_total counter', ...rows, ''].join('\n');
  }
}

/** Where a guarded handler logs and counts. */
export interface Guard {
  errors: UnexpectedErrors;
  log: Logger;
}

/** Options of one {@link guarded} call. */
export interface GuardOptions extends Guard {
  /** What is being handled, for the log (a request line, a request type, a topic). */
  where: string;
  /** The request's correlation id, copied into the error body when given. */
  id?: string | null | undefined;
  /** Whether the body of an unexpected error carries its message (default true; HTTP says false). */
  reveal?: boolean;
  /**
   * Sends the error reply. Its own throw or rejection is logged and counted too, and never
   * escapes (there is nothing left to reply to).
   */
  onError?: (r: ErrorReply) => unknown;
}

/** What a guarded handler gave: its value, or the error reply of what it threw. */
export type Guarded<T> = { ok: true; value: T } | { ok: false; error: ErrorReply };

/**
 * Runs a handler; never throws and never rejects. A throw (also a synchronous one) or a rejection
 * becomes the catalogue's {@link ErrorReply}; when unexpected (not a VigilError, or one answered
 * `INTERNAL`) it is logged with its stack and counted first.
 */
export async function guarded<T>(kind: Interface, fn: () => T | Promise<T>, o: GuardOptions): Promise<Guarded<T>> {
  try {
    return { ok: true, value: await fn() };
  } catch (e) {
    const error = errorReply(e, { id: o.id, ...(o.reveal !== undefined ? { reveal: o.reveal } : {}) });
    if (error.unexpected) o.errors.record(kind, e, o.where, o.log);
    if (o.onError) {
      try {
        await o.onError(error);
      } catch (e2) {
        o.errors.record(kind, e2, `${o.where} (sending the error reply)`, o.log);
      }
    }
    return { ok: false, error };
  }
}
