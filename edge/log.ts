/**
 * The one logger: pino, namespaced children, secrets redacted.
 */
import { pino } from 'pino';
import { redactUrl } from '../ingest/redact.js';
import type { Logger } from '../ingest/types.js';

/** Paths whose values never reach a log line. */
const REDACT_PATHS = ['password', '*.password', 'token', '*.token', 'apiKey', '*.apiKey', 'authorization', '*.authorization', 'headers.authorization'];

/**
 * Creates the root logger. Log messages and string fields pass through URL credential redaction.
 * @param level pino level
 * @param destination file descriptor (default stderr, so `--json` output on stdout stays clean)
 */
export function createLogger(level: string, destination = 2): Logger {
  return pino(
    {
      level,
      base: { pid: process.pid },
      redact: { paths: REDACT_PATHS, censor: '***' },
      hooks: {
        logMethod(args, method) {
          const cleaned = args.map((a) => (typeof a === 'string' ? redactUrl(a) : a)) as typeof args;
          method.apply(this, cleaned);
        },
      },
      formatters: {
        log(obj) {
          const out: Record<string, unknown> = {};
          for (const [k, v] of Object.entries(obj)) out[k] = typeof v === 'string' ? redactUrl(v) : v;
          return out;
        },
      },
    },
    pino.destination({ fd: destination, sync: false }),
  );
}
