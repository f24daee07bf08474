/**
 * Count-run queries: the runs of one camera's count (every class, one class or one zone) that
 * can settle inside a window of its frames, read from the count-run index (`count-runs.ts`).
 */
import { runsIn, zoneNamedAt, type Run } from '../count-runs.js';
import type { MemoryView } from '../view.js';
import type { Window } from './scope.js';

export type { Run } from '../count-runs.js';

/** What to count: every class (no label, no zone), one class, or a zone's occupancy. */
export interface CountKey {
  label?: string;
  zone?: string;
}

/** The runs of a window, clipped to its first and last frames (`end`, NaN with no frame). */
export interface WindowRuns {
  runs: Run[];
  /** The window's last frame. */
  end: number;
}

/** The index key of a count. */
export function countKey(k: CountKey): string {
  return k.zone !== undefined ? `z:${k.zone}` : k.label !== undefined ? `l:${k.label}` : '*';
}

/**
 * The runs of a camera's count spanning the settling hold within the frames of `[from, to)`,
 * clipped to the first and last of those frames, by start; null when the index cannot answer
 * (not built yet, or not kept for this camera): the caller reads frames.
 */
export function countRuns(mv: MemoryView, camera: string, k: CountKey, w: Window): WindowRuns | null {
  const d = mv.dbs();
  if (d.meta.get(['index', 'counts']) !== 1) return null;
  let f0 = NaN;
  let e = NaN;
  for (const key of d.frames.getKeys({ start: [camera, w.from], end: [camera, w.to], limit: 1 })) f0 = Number(key[1]);
  if (Number.isNaN(f0)) return { runs: [], end: NaN };
  for (const key of d.frames.getKeys({ start: [camera, w.to], end: [camera, -Infinity], reverse: true, limit: 1, exclusiveStart: true })) e = Number(key[1]);
  const runs = runsIn(d, camera, countKey(k), f0, e);
  // a zone has no count before the first frame that named it (one drawn later)
  if (runs && k.zone !== undefined) {
    const named = zoneNamedAt(d, camera, k.zone);
    if (named === undefined || named > e) return { runs: [], end: NaN };
  }
  return runs ? { runs, end: e } : null;
}
