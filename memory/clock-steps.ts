/**
 * The steps of the wall clock the daemon saw, kept in the `meta` database (`['clockStep', at]` ->
 * the step in ms), so every reader of the memory (`vigil ask --data` too) can say when a window's
 * times are not what they seem: a step forward skipped a stretch nothing was recorded in, a step
 * back stamped what came after it with times the data before it already has.
 */
import type { Database } from 'lmdb';
import type { ClockStep } from './clock.js';
import type { Key } from './key.js';

const PREFIX = 'clockStep';

/** Stores a step (resolves when stored). */
export function noteStep(meta: Database<number, Key>, s: ClockStep): Promise<boolean> {
  return meta.put([PREFIX, s.at], s.deltaMs);
}

/**
 * The steps whose stretch of doubtful times overlaps `[from, to)`, by its start: after a step forward,
 * the skipped stretch `[at - delta, at)`; after a step back, `[at, at - delta)`, the times both the
 * data before the step and the data after it are stamped with.
 */
export function stepsIn(meta: Database<number, Key>, from: number, to: number): ClockStep[] {
  const out: (ClockStep & { a: number })[] = [];
  for (const { key, value } of meta.getRange({ start: [PREFIX], end: [PREFIX, Infinity] })) {
    const at = Number(key[1]);
    const [a, b] = value >= 0 ? [at - value, at] : [at, at - value];
    if (a < to && b > from) out.push({ at, deltaMs: value, a });
  }
  return out.sort((x, y) => x.a - y.a).map(({ at, deltaMs }) => ({ at, deltaMs }));
}
