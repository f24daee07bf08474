/**
 * The last-resort guard of the daemon process: an error that escaped every boundary (a promise
 * rejected with nobody listening, an exception thrown from a callback) is logged once with its
 * stack and counted in `vigil_unexpected_errors_total{interface="process"}`.
 *
 * - An unhandled rejection is one failed operation (a promise nobody awaited); the stack that
 *   rejected it has unwound normally, so the daemon keeps running. Without this guard Node 20
 *   turns it into an uncaught exception and the process exits: cameras stop recording.
 * - An uncaught exception leaves the process in a state Node documents as undefined (a handler
 *   stopped half way; locks, counters and sockets may be left inconsistent), so the daemon does
 *   not keep running: it is logged and counted, then `fatal` stops the daemon cleanly (the memory
 *   is flushed) and exits non-zero, and systemd (`Restart=on-failure`) or Docker (`restart:`)
 *   starts it again in a few seconds. The memory survives that (it survives kill -9).
 */
import type { EventEmitter } from 'node:events';
import type { Logger } from '../ingest/types.js';

/** What the guard does with an error that escaped. */
export interface ProcessGuardOptions {
  log: Logger;
  /** Counts one unexpected error (the `/metrics` counter, interface `process`). */
  count: () => void;
  /** Called once, after the first uncaught exception is logged and counted: stop and exit non-zero. */
  fatal: (e: unknown) => void;
  /** The process to guard (a stand-in in tests). */
  target?: EventEmitter;
}

/** The error as a log field: message and stack (a non-Error reason as text). */
function errorField(e: unknown): { message: string; stack?: string } | string {
  if (e instanceof Error) return { message: e.message, ...(e.stack ? { stack: e.stack } : {}) };
  try {
    return `non-error value: ${typeof e === 'string' ? e : JSON.stringify(e)}`;
  } catch {
    return `non-error value: ${String(e)}`;
  }
}

/**
 * Installs `unhandledRejection` and `uncaughtException` handlers on the process.
 * @returns a function that removes them
 */
export function installProcessGuard(o: ProcessGuardOptions): () => void {
  const target = o.target ?? process;
  let fatalCalled = false;
  const onRejection = (reason: unknown): void => {
    o.count();
    o.log.error({ err: errorField(reason), kind: 'unhandledRejection' }, 'unhandled promise rejection (a bug); the daemon keeps running');
  };
  const onException = (e: unknown, origin?: string): void => {
    o.count();
    o.log.error({ err: errorField(e), kind: origin ?? 'uncaughtException' }, 'uncaught exception (a bug); stopping, for the supervisor to restart the daemon');
    if (fatalCalled) return;
    fatalCalled = true;
    o.fatal(e);
  };
  target.on('unhandledRejection', onRejection);
  target.on('uncaughtException', onException);
  return () => {
    target.off('unhandledRejection', onRejection);
    target.off('uncaughtException', onException);
  };
}
