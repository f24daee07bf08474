/**
 * Read errors of a running store, answered with a stable code. A page damaged after the start-time
 * check makes LMDB throw (MDB_PAGE_NOTFOUND, MDB_CORRUPTED, ...) or a value fail to decode; every
 * read method of every database is wrapped so that such an error is counted, kept for the logs,
 * and rethrown as a `MemoryError` `MEMORY_READ_FAILED` with one fixed message (never LMDB's text).
 *
 * Reads of lmdb-js go through `get`-like methods, and through `getRange` (which `getKeys`,
 * `getValues` and the counts call on the same object). A range is lazy: the error comes from its
 * iterator, so the iterable's `iterate` (which `map`, `filter` and the rest call) is wrapped too.
 */
import type { Database } from 'lmdb';
import type { Dbs, Key } from './dbs.js';
import { MemoryError } from './validate.js';

/** The message of every read failure (stable: answers show it). */
export const READ_FAILED_MESSAGE = 'the memory could not be read: its data file is damaged; restarting the daemon checks the file and moves a damaged one aside';

/** Read failures of one open store. */
export class ReadFaults {
  /** Read failures so far. */
  count = 0;
  /** LMDB's own message of the latest failure (for logs and `/healthz`, never for answers). */
  last: string | null = null;

  /** Counts a failure; the error to throw in its place. */
  fault(e: unknown): MemoryError {
    if (e instanceof MemoryError) return e;
    this.count++;
    this.last = e instanceof Error ? e.message : String(e);
    return new MemoryError('MEMORY_READ_FAILED', READ_FAILED_MESSAGE, { cause: this.last });
  }
}

/** Synchronous single-value read methods of an lmdb-js database (the hot path: no promise check). */
const POINT_READS = ['get', 'getEntry', 'getBinary', 'getBinaryFast', 'doesExist', 'getStats'] as const;

type Fn = (...a: unknown[]) => unknown;
type Iter = { next: Fn; return?: Fn };

/** A result that may be a promise: its rejection goes through `fault` too. */
function settle(v: unknown, faults: ReadFaults): unknown {
  if (v && typeof (v as { then?: unknown }).then === 'function') return (v as Promise<unknown>).then(undefined, (e: unknown) => Promise.reject(faults.fault(e)));
  return v;
}

/** Calls `f`, turning what it throws (or rejects with) into a read failure. */
function call(f: Fn, self: unknown, args: unknown[], faults: ReadFaults): unknown {
  try {
    return settle(f.apply(self, args), faults);
  } catch (e) {
    throw faults.fault(e);
  }
}

/** Wraps an iterator's `next`, `return` and `throw` in place. */
function guardIterator(it: Iter, faults: ReadFaults): Iter {
  for (const m of ['next', 'return'] as const) {
    const f = it[m];
    if (typeof f === 'function') it[m] = (...a: unknown[]) => call(f, it, a, faults);
  }
  return it;
}

/** Wraps a range's `iterate` in place (what iterating it, and every iterable derived from it, calls). */
function guardRange<T>(range: T, faults: ReadFaults): T {
  const r = range as { iterate?: Fn };
  const iterate = r.iterate;
  if (typeof iterate === 'function') r.iterate = (...a: unknown[]) => guardIterator(call(iterate, r, a, faults) as Iter, faults);
  return range;
}

/** Wraps the read methods of one database in place. */
function guardDb(db: Database<unknown, Key>, faults: ReadFaults): void {
  const o = db as unknown as Record<string, Fn>;
  for (const name of POINT_READS) {
    const f = o[name];
    if (typeof f !== 'function') continue;
    o[name] = (...a: unknown[]) => {
      try {
        return f.apply(db, a);
      } catch (e) {
        throw faults.fault(e);
      }
    };
  }
  const getMany = o.getMany;
  if (typeof getMany === 'function') o.getMany = (...a: unknown[]) => call(getMany, db, a, faults);
  const getRange = o.getRange;
  if (typeof getRange === 'function') o.getRange = (...a: unknown[]) => guardRange(call(getRange, db, a, faults), faults);
}

/** Wraps every database of an open environment (in place); returns the same `Dbs`. */
export function guardReads(d: Dbs, faults: ReadFaults): Dbs {
  for (const db of Object.values(d) as (Database<unknown, Key> | undefined)[]) if (db) guardDb(db, faults);
  return d;
}
