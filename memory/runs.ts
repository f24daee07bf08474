/**
 * The run counter of a data directory: every run of the daemon (or of `vigil replay`) takes the
 * next number, committed durably before any camera starts. Object ids carry the run's stamp, so
 * they never repeat within the data directory, whatever the clock does across a restart (an edge
 * box without a real-time clock starts at an earlier time until NTP sets it).
 */
import type { Database } from 'lmdb';
import type { Key } from './key.js';

/** Key of the counter in the `meta` database. */
export const RUNS_KEY: Key = ['runs'];

/** Reads and increments the counter in one synchronous (durable) transaction; returns the new run number (1 for a new directory). */
export function nextRun(meta: Database<number, Key>): number {
  return meta.transactionSync(() => {
    const run = (meta.get(RUNS_KEY) ?? 0) + 1;
    meta.putSync(RUNS_KEY, run);
    return run;
  });
}
