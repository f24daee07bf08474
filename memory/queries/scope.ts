/**
 * What every query module shares: the query window, the cameras a query scans, and how far before
 * a window index scans by first sighting (or zone entry) start.
 */
import type { MemoryView } from '../view.js';

/** A query window in epoch ms, `[from, to)`. */
export interface Window {
  from: number;
  to: number;
}

/** Longest object life assumed when scanning spans by first sighting (objects span at most this). */
export const MAX_OBJECT_SPAN_MS = 24 * 3600_000;

/** Cameras to scan: the given one or all. */
export function cams(v: MemoryView, camera?: string): string[] {
  return camera ? [camera] : v.cameras();
}

/** Where scans of a camera's index by first sighting start for a window from `from`: its longest stored object life before it. */
export function lowerBound(v: MemoryView, cam: string, from: number): number {
  return from - Math.min(v.spanOf(cam), MAX_OBJECT_SPAN_MS);
}
