/**
 * The truth of the shared clips (test/fixtures/truth.ts), unrolled over the loops of a file camera
 * into wall-clock time.
 *
 * Conventions:
 * - A person listed as [first, last] (first and last second in view) is present over the clip
 *   seconds [first, last + 1): arrival at `first`, departure at `last + 1`, capped at the clip's end.
 * - Visits that touch across a loop boundary (a person in view at the end and at the start of the
 *   clip) are one visit: the count does not change there.
 * - Bottles: `BOTTLES_PER_SECOND[s]` holds over clip seconds [s, s + 1); a change happens at the
 *   boundary where the number differs (also across the loop); the seconds of `BOTTLE_IN_HAND`
 *   are not graded.
 */
import { BOTTLE_IN_HAND, BOTTLES_PER_SECOND, ONE_BY_ONE_PEOPLE, WORKER_PEOPLE } from '../../test/fixtures/truth.js';

/** Stream durations (ffprobe) of the clips, the period of their loops. */
export const CLIP_SECONDS = {
  oneByOne: 139.4,
  bottles: 39.854749,
  worker: 4.733333,
} as const;

/** A visit in wall time (epoch ms), [start, end). */
export interface WallVisit {
  start: number;
  end: number;
}

/** What a looping clip shows. */
export type Scene =
  | { kind: 'people'; duration: number; visits: [number, number][] }
  | { kind: 'bottles'; duration: number; perSecond: readonly number[]; inHand: ReadonlySet<number>; full: number };

/** The table camera: one-by-one-person-detection.mp4. */
export const TABLE_SCENE: Scene = { kind: 'people', duration: CLIP_SECONDS.oneByOne, visits: ONE_BY_ONE_PEOPLE };
/** The floor camera: worker-zone-detection.mp4. */
export const FLOOR_SCENE: Scene = { kind: 'people', duration: CLIP_SECONDS.worker, visits: WORKER_PEOPLE };
/** The bench camera: bottle-detection.mp4 (three bottles when none is taken). */
export const BENCH_SCENE: Scene = { kind: 'bottles', duration: CLIP_SECONDS.bottles, perSecond: BOTTLES_PER_SECOND, inHand: BOTTLE_IN_HAND, full: 3 };

/**
 * Every visit that began by `until`, in wall time, for a clip whose second 0 (first loop) is at
 * `zero`. A visit still going on at `until` keeps its full (future) end.
 */
export function wallVisits(scene: Scene & { kind: 'people' }, zero: number, until: number): WallVisit[] {
  const d = scene.duration * 1000;
  const out: WallVisit[] = [];
  for (let k = 0; zero + k * d <= until; k++) {
    for (const [first, last] of scene.visits) {
      const start = zero + k * d + first * 1000;
      const end = zero + k * d + Math.min(last + 1, scene.duration) * 1000;
      if (start > until) break;
      const prev = out[out.length - 1];
      if (prev && start - prev.end <= 1) prev.end = end;
      else out.push({ start, end });
    }
  }
  return out;
}

/** Wall times (epoch ms) in [from, to] at which the scene's truth changes. */
export function changesBetween(scene: Scene, zero: number, from: number, to: number): number[] {
  const d = scene.duration * 1000;
  const out: number[] = [];
  if (scene.kind === 'people') {
    // a visit's end is a change only once it is over; one going on at `to` may end later
    for (const v of wallVisits(scene, zero, to + d)) out.push(v.start, v.end);
  } else {
    const n = scene.perSecond.length;
    const at: number[] = [];
    // a count changes where the number differs, and a hand over the bench (its seconds of
    // BOTTLE_IN_HAND) may move the change anywhere in them: their ends are changes too
    for (let s = 1; s < n; s++) if (scene.perSecond[s] !== scene.perSecond[s - 1] || scene.inHand.has(s) !== scene.inHand.has(s - 1)) at.push(s * 1000);
    if (scene.perSecond[n - 1] !== scene.perSecond[0]) at.push(d);
    for (let k = Math.max(0, Math.floor((from - zero) / d) - 1); zero + k * d <= to + d; k++) for (const a of at) out.push(zero + k * d + a);
  }
  return out.filter((t) => t >= from && t <= to);
}

/** Clip seconds (within the loop) at wall time `t`. */
export function clipSecond(scene: Scene, zero: number, t: number): number {
  const d = scene.duration;
  const s = (t - zero) / 1000;
  return ((s % d) + d) % d;
}

/** People present at wall time `t`. */
export function peopleAt(scene: Scene & { kind: 'people' }, zero: number, t: number): number {
  return wallVisits(scene, zero, t).filter((v) => v.start <= t && t < v.end).length;
}

/** Bottles standing at wall time `t`, or null during a second when one is in the hand. */
export function bottlesAt(scene: Scene & { kind: 'bottles' }, zero: number, t: number): number | null {
  const s = Math.floor(clipSecond(scene, zero, t));
  if (scene.inHand.has(s)) return null;
  return scene.perSecond[Math.min(s, scene.perSecond.length - 1)] ?? null;
}
