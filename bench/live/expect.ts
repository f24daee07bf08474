/**
 * What a correct answer to a live question is, from the clips' truth, for a question sent at wall
 * time S and answered at R (epoch ms). The instant asked about is S; an instant is not graded when
 * a truth change of the question's camera lies within `margin` of [S, R] (so the answer cannot
 * hinge on which moment in the round trip the daemon took as "now").
 */
import { bottlesAt, changesBetween, peopleAt, wallVisits, type Scene } from './scenes.js';

/** The kinds of live question. */
export type Kind = 'count' | 'anyone' | 'current' | 'lastLeft' | 'longestVisit' | 'longestLength' | 'bottles' | 'missing';

/** One question as asked. */
export interface Question {
  text: string;
  camera: string;
  kind: Kind;
}

/** A correct answer. Times are epoch ms, durations seconds. */
export type Expected =
  | { type: 'number'; n: number }
  | { type: 'bool'; b: boolean }
  /** The last departure; null: nobody has left yet. */
  | { type: 'time'; t: number | null }
  /** A duration that grows while the question is answered: [lo, hi] over [S, R]. */
  | { type: 'seconds'; lo: number; hi: number }
  /** The longest finished visit (null: none yet) and, while someone is there, the visit in progress so far. */
  | { type: 'longest'; done: number | null; open: { lo: number; hi: number } | null };

/** Why an instant is not graded. */
export type Skip = 'no clip anchor' | 'near a truth change' | 'bottle in the hand' | 'nobody present';

/** The truth of one camera at a moment: its scene and the wall time of its clip second 0. */
export interface CameraTruth {
  scene: Scene;
  zero: number | null;
}

/**
 * The correct answer to `q` asked at `s` and answered at `r`, or why it is not graded.
 * @param margin ms around [s, r] that must hold no truth change
 */
export function expected(q: Question, truth: CameraTruth, s: number, r: number, margin: number): { expected: Expected } | { skip: Skip } {
  const { scene, zero } = truth;
  if (zero === null) return { skip: 'no clip anchor' };
  if (changesBetween(scene, zero, s - margin, r + margin).length > 0) return { skip: 'near a truth change' };
  if (scene.kind === 'bottles') {
    const n = bottlesAt(scene, zero, s);
    if (n === null || bottlesAt(scene, zero, r) === null) return { skip: 'bottle in the hand' };
    return { expected: { type: 'number', n: q.kind === 'missing' ? scene.full - n : n } };
  }
  const people = peopleAt(scene, zero, s);
  const visits = wallVisits(scene, zero, r);
  const current = visits.find((v) => v.start <= s && s < v.end);
  const done = visits.filter((v) => v.end <= s);
  switch (q.kind) {
    case 'count':
      return { expected: { type: 'number', n: people } };
    case 'anyone':
      return { expected: { type: 'bool', b: people > 0 } };
    case 'current':
      if (!current) return { skip: 'nobody present' };
      return { expected: { type: 'seconds', lo: (s - current.start) / 1000, hi: (r - current.start) / 1000 } };
    case 'lastLeft':
      return { expected: { type: 'time', t: done.length ? Math.max(...done.map((v) => v.end)) : null } };
    case 'longestVisit':
    case 'longestLength': {
      const longest = done.length ? Math.max(...done.map((v) => (v.end - v.start) / 1000)) : null;
      const open = current ? { lo: (s - current.start) / 1000, hi: (r - current.start) / 1000 } : null;
      return { expected: { type: 'longest', done: longest, open } };
    }
    default:
      throw new Error(`${q.kind} is not a question about people`);
  }
}

/** The expected answer as short text (for tables and rows). */
export function describeExpected(e: Expected): string {
  const t = (ms: number): string => new Date(ms).toISOString().slice(11, 23);
  switch (e.type) {
    case 'number':
      return String(e.n);
    case 'bool':
      return e.b ? 'yes' : 'no';
    case 'time':
      return e.t === null ? 'none yet' : t(e.t);
    case 'seconds':
      return `${e.lo.toFixed(1)}-${e.hi.toFixed(1)} s`;
    case 'longest':
      return `${e.done === null ? 'none finished' : `${e.done.toFixed(1)} s`}${e.open ? ` (in progress ${e.open.lo.toFixed(1)}-${e.open.hi.toFixed(1)} s)` : ''}`;
  }
}
