/**
 * What retention has let go: for each level of the memory, the time before which its data is no
 * longer kept (the latest cutoff a sweep or the size budget applied). Coverage is kept longer than
 * frames and segments, so answers read these horizons to tell "nothing was recorded then" from
 * "it was recorded, and is no longer kept".
 */
import type { Database } from 'lmdb';
import type { Key } from './key.js';

/** The levels retention deletes separately: frames, segments and sound (`raw`), events and objects, minute and hour roll-ups. */
export type KeptLevel = 'raw' | 'events' | 'minutes' | 'hours';

/** Per level, epoch ms before which its data is no longer kept (absent: nothing was let go). */
export type KeptSince = Partial<Record<KeptLevel, number>>;

const keyOf = (level: KeptLevel): Key => ['kept', level];

/** The horizons stored in the `meta` database. */
export function keptSince(meta: Database<number, Key>): KeptSince {
  const out: KeptSince = {};
  for (const level of ['raw', 'events', 'minutes', 'hours'] as const) {
    const t = meta.get(keyOf(level));
    if (typeof t === 'number' && Number.isFinite(t)) out[level] = t;
  }
  return out;
}

/**
 * Moves a level's horizon forward to `cutoff` (never back) before its data is deleted, so an answer
 * never reads a half-deleted stretch as complete. Resolves when stored (null when unchanged).
 */
export function letGo(meta: Database<number, Key>, level: KeptLevel, cutoff: number): Promise<boolean> | null {
  if (!Number.isFinite(cutoff)) return null;
  const was = meta.get(keyOf(level));
  if (typeof was === 'number' && was >= cutoff) return null;
  return meta.put(keyOf(level), cutoff);
}
