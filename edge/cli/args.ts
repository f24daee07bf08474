/**
 * Command-line parsing on top of node:util's parseArgs, with readable errors.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { VigilError } from '../../ingest/errors/catalogue.js';

/** A usage error (code `USAGE`): printed with the command's help, exit code 2. */
export class UsageError extends VigilError<'USAGE'> {
  constructor(message: string) {
    super('USAGE', message);
  }
}

/** Parses `argv` with the given options; unknown flags become a UsageError. */
export function parse<T extends NonNullable<ParseArgsConfig['options']>>(
  argv: string[],
  options: T,
): { values: Record<string, string | boolean | undefined>; positionals: string[] } {
  try {
    const r = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
    return { values: r.values, positionals: r.positionals };
  } catch (e) {
    throw new UsageError((e as Error).message.replace(/^TypeError \[[A-Z_]+\]: /, ''));
  }
}

/** Reads an optional string flag. */
export function str(v: string | boolean | undefined): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

/** Reads an integer flag within bounds. */
export function int(v: string | boolean | undefined, name: string, min: number, max: number): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (typeof v !== 'string' || !Number.isInteger(n) || n < min || n > max) throw new UsageError(`--${name} must be an integer from ${min} to ${max}`);
  return n;
}

/** Parses an ISO-8601 time with a zone; throws a UsageError otherwise. */
export function isoTime(v: string | undefined, name: string): number {
  if (!v) throw new UsageError(`--${name} is required (ISO-8601, e.g. 2026-11-21T09:00:00Z)`);
  const t = Date.parse(v);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v) || Number.isNaN(t)) throw new UsageError(`--${name} "${v}" is not an ISO-8601 time`);
  return t;
}
