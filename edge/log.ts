/**
 * The one logger: pino, namespaced children, secrets redacted.
 */
import { pino } from 'pino';
import { redactUrl } from '../ingest/redact.js';
import type { Logger } from '../ingest/types.js';

/** Paths whose values never reach a log line. */
const REDACT_PATHS = [
  'password',
  '*.password',
  'token',
  '*.token',
  'secret',
  '*.secret',
  'apiKey',
  '*.apiKey',
  'api_key',
  '*.api_key',
  'authorization',
  '*.authorization',
  'headers.authorization',
];

/** How deep fields are searched for credentials. */
const SCRUB_DEPTH = 6;

/**
 * A copy of a log field with every string passed through credential redaction: plain objects,
 * arrays and errors (message, stack and own fields) are searched; other instances are kept.
 * @param v any log field
 */
export function scrubSecrets(v: unknown, depth = 0): unknown {
  if (typeof v === 'string') return redactUrl(v);
  if (!v || typeof v !== 'object' || depth >= SCRUB_DEPTH) return v;
  if (Array.isArray(v)) return v.map((x) => scrubSecrets(x, depth + 1));
  if (v instanceof Error) {
    const copy = Object.create(Object.getPrototypeOf(v) as object) as Record<string, unknown>;
    for (const k of Object.getOwnPropertyNames(v)) copy[k] = scrubSecrets((v as unknown as Record<string, unknown>)[k], depth + 1);
    return copy;
  }
  const proto = Object.getPrototypeOf(v) as unknown;
  if (proto !== Object.prototype && proto !== null) return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) out[k] = scrubSecrets(x, depth + 1);
  return out;
}

/**
 * Creates the root logger. Log messages and every string field (also nested, also inside errors)
 * pass through credential redaction.
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
          return scrubSecrets(obj) as Record<string, unknown>;
        },
      },
    },
    pino.destination({ fd: destination, sync: false }),
  );
}
