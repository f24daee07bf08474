/**
 * What the question parser returns and takes. A leaf of the parser: the parse context
 * (`ctx.ts`) and the composer (`compose.ts`) use these types without importing the parser itself.
 */
import type { RefusalCode } from '../errors.js';
import type { Query } from './schema.js';
import type { ScanOptions } from './scan.js';

/** A successful parse. */
export interface Parsed {
  ok: true;
  query: Query;
  /** The boolean answer is to be negated ("was nobody there", "did no one come"). */
  negate: boolean;
  /** Defaults the reading took (e.g. "person, as none was named"), for the renderer. */
  assumed: string[];
}

/** A refusal: a stable code (catalogue row) and the readable line of what was not understood. */
export interface Refused {
  ok: false;
  code: RefusalCode;
  why: string;
}

/** A refusal with its code and readable line. */
export function refused(code: RefusalCode, why: string): Refused {
  return { ok: false, code, why };
}

/** Options of `parseQuestion`. */
export interface ParseOptions extends ScanOptions {
  /** The dominant class of a camera (most objects stored), for "is the bench empty" without a class. */
  dominant?: (camera: string | undefined, zone?: string) => string | undefined;
}
