/**
 * Count timelines across boxes: a box sends its summed settled count as a step function (`[t, n]`
 * change points from the window's start, `n` null where nothing was recorded); the asker sums the
 * boxes' step functions into pieces and reads "at once", count conditions and their starts from
 * the sum, as one box reads its own cameras.
 */
import { extremeOf, holds } from '../query/execute-measures.js';
import type { CountCondition } from '../query/schema.js';

/** `[start, end, count]` of a stretch with one count. */
export type Piece = [number, number, number];
/** A step function: `[t, n]` change points (the first at the window's start). */
export type Steps = [number, number | null][];

/** Pieces (possibly with gaps) as a step function over `[from, to)`. */
export function toSteps(pieces: readonly Piece[], from: number, to: number): Steps {
  const out: Steps = [];
  const push = (t: number, n: number | null): void => {
    const last = out[out.length - 1];
    if (last && last[1] === n) return;
    if (last && last[0] === t) last[1] = n;
    else out.push([t, n]);
  };
  let t = from;
  for (const [s0, e0, n] of [...pieces].sort((a, b) => a[0] - b[0])) {
    const s = Math.max(s0, from);
    const e = Math.min(e0, to);
    if (e <= s) continue;
    if (s > t) push(t, null);
    push(s, n);
    t = e;
  }
  if (t < to || out.length === 0) push(t, null);
  return out;
}

/** A box's step function with its window. */
export interface BoxTimeline {
  from: number;
  to: number;
  steps: Steps;
}

/** The value of a step function at `t` (null outside its window or where nothing was recorded). */
export function stepAt(tl: BoxTimeline, t: number): number | null {
  if (t < tl.from || t >= tl.to) return null;
  let v: number | null = null;
  for (const [s, n] of tl.steps) {
    if (s > t) break;
    v = n;
  }
  return v;
}

/**
 * Sums step functions: at every moment, the sum of the boxes that recorded then (a box with no
 * record at a moment adds nothing; a moment no box recorded is left out).
 */
export function sumTimelines(tls: readonly BoxTimeline[], combine: 'sum' | 'max' = 'sum'): Piece[] {
  const cuts = [...new Set(tls.flatMap((tl) => [...tl.steps.map(([t]) => t), tl.to]))].sort((a, b) => a - b);
  const idx = tls.map(() => 0);
  const cur: (number | null)[] = tls.map(() => null);
  const out: Piece[] = [];
  for (let i = 0; i + 1 < cuts.length; i++) {
    const t = cuts[i] as number;
    let sum = 0;
    let any = false;
    tls.forEach((tl, k) => {
      let j = idx[k] as number;
      while (j < tl.steps.length && (tl.steps[j] as [number, number | null])[0] <= t) cur[k] = (tl.steps[j++] as [number, number | null])[1];
      idx[k] = j;
      const v = t >= tl.from && t < tl.to ? cur[k] : null;
      if (v !== null && v !== undefined) {
        sum = combine === 'max' ? (any ? Math.max(sum, v) : v) : sum + v;
        any = true;
      }
    });
    if (!any) continue;
    const last = out[out.length - 1];
    if (last && last[1] === t && last[2] === sum) last[1] = cuts[i + 1] as number;
    else out.push([t, cuts[i + 1] as number, sum]);
  }
  return out;
}

/** The stretches during which a condition held (adjacent pieces joined). */
export function stretches(pieces: readonly Piece[], c: CountCondition, usual: number): [number, number][] {
  const out: [number, number][] = [];
  const u = extremeOf(pieces, c) ?? usual;
  for (const [s, e, n] of pieces) {
    if (!holds(n, c, u)) continue;
    const last = out[out.length - 1];
    if (last && last[1] >= s) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

/** The moments a condition began (with `change`, only changes into it; as the box executor reads them, a gap is no break). */
export function starts(pieces: readonly Piece[], c: CountCondition, usual: number, change?: 'drop' | 'rise' | 'any'): number[] {
  const out: number[] = [];
  let prev = false;
  let prevN: number | undefined;
  const u = extremeOf(pieces, c) ?? usual;
  for (const [s, , n] of pieces) {
    const h = holds(n, c, u);
    const changed = !change || (prevN !== undefined && (change === 'drop' ? prevN > n : change === 'rise' ? prevN < n : prevN !== n));
    if (h && !prev && changed) out.push(s);
    prev = h;
    prevN = n;
  }
  return out;
}
