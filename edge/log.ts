/**
 * The one logger: pino, namespaced children, secrets redacted; human lines on a terminal
 * (pino-pretty), JSON lines when piped or written to a file (journald, log shippers).
 */
import { createRequire } from 'node:module';
import { isatty } from 'node:tty';
import { pino, type DestinationStream } from 'pino';
import type * as PinoPrettyModule from 'pino-pretty';
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

/** How log lines are written: `pretty` (one human line each) or `json` (one JSON object each). */
export type LogFormat = 'pretty' | 'json';

/**
 * The format for a destination: `auto` is pretty on a terminal and JSON otherwise (piped, a file,
 * journald); `VIGIL_LOG_FORMAT` (json, pretty) overrides `auto`.
 * @param setting the config's `log.format`
 * @param fd the destination's file descriptor
 */
export function logFormat(setting: 'auto' | LogFormat, fd: number, env: NodeJS.ProcessEnv = process.env): LogFormat {
  if (setting !== 'auto') return setting;
  const forced = env.VIGIL_LOG_FORMAT;
  if (forced === 'json' || forced === 'pretty') return forced;
  return isatty(fd) ? 'pretty' : 'json';
}

/** One human line per entry, `12:04:05.120 INFO  edge:mqtt: connected {"url": ...}`, coloured on a terminal. */
function prettyStream(fd: number, env: NodeJS.ProcessEnv): DestinationStream {
  // loaded only for a terminal (about 0.1 s): JSON-only runs (systemd, tests) never load it
  const { PinoPretty } = createRequire(import.meta.url)('pino-pretty') as typeof PinoPrettyModule;
  return PinoPretty({
    destination: fd,
    // a terminal gets every line at once, so the last ones before an exit are never lost
    sync: true,
    colorize: isatty(fd) && env.NO_COLOR === undefined,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,ns',
    messageFormat: '{if ns}{ns}: {end}{msg}',
    singleLine: true,
    errorLikeObjectKeys: ['err', 'error'],
  });
}

/**
 * Creates the root logger. Log messages and every string field (also nested, also inside errors)
 * pass through credential redaction, in either format.
 * @param level pino level
 * @param destination file descriptor (default stderr, so `--json` output on stdout stays clean)
 * @param format `auto` (pretty on a terminal, JSON otherwise), `pretty` or `json`
 */
export function createLogger(level: string, destination = 2, format: 'auto' | LogFormat = 'auto', env: NodeJS.ProcessEnv = process.env): Logger {
  const stream = logFormat(format, destination, env) === 'pretty' ? prettyStream(destination, env) : pino.destination({ fd: destination, sync: false });
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
    stream,
  );
}
