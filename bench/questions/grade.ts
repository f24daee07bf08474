/**
 * Grading of answers exactly as ../shared/questions/grade.py does it, plus the project's two extra
 * kinds: `list` (right when the number of items listed is the truth) and `refusal` (right when the
 * value is null: the answer refused).
 */

/** One question of a question file (dev.json's shape; `part` in the project's set only). */
export interface FileQuestion {
  q: string;
  type: 'number' | 'boolean' | 'time' | 'duration' | 'list' | 'refusal';
  expect: number | boolean | string | null;
  tol?: number;
  part?: string;
}

/** One clip (or the synthetic day) of a question file. */
export interface FileClip {
  file?: string;
  synthetic?: { seed: number; hours: number; cameras: number; start: string };
  camera: string;
  start: string;
  truth?: string;
  questions: FileQuestion[];
}

/** How an answer fared: right, wrong (a value that is not the truth), or refused (no value). */
export type Outcome = 'right' | 'wrong' | 'refused';

/** Epoch seconds of an answer's time value (ISO text, or an object with start / at / time), as grade.py reads it. */
export function when(v: unknown): number | null {
  let x = v;
  if (x !== null && typeof x === 'object' && !Array.isArray(x)) {
    const o = x as Record<string, unknown>;
    x = o.start || o.at || o.time;
  }
  if (typeof x !== 'string') return null;
  const ms = Date.parse(x);
  return Number.isNaN(ms) ? null : ms / 1000;
}

/** The number of items of a list value: an array, or an object with `items` or `total`. */
function listLength(v: unknown): number | null {
  if (Array.isArray(v)) return v.length;
  if (typeof v === 'number') return v;
  if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (Array.isArray(o.items)) return o.items.length;
    if (typeof o.total === 'number') return o.total;
  }
  return null;
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Whether `v` is the truth of `q` (grade.py's `right`, with `list` and `refusal`). */
export function isRight(q: FileQuestion, v: unknown): boolean {
  const tol = q.tol ?? 0;
  switch (q.type) {
    case 'refusal':
      return v === null || v === undefined;
    case 'boolean':
      return v === q.expect;
    case 'time': {
      const got = when(v);
      const want = when(q.expect);
      return got !== null && want !== null && Math.abs(got - want) <= tol;
    }
    case 'list': {
      const n = listLength(v);
      return n !== null && typeof q.expect === 'number' && Math.abs(n - q.expect) <= tol;
    }
    case 'duration': {
      const x = v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>).seconds : v;
      return isNum(x) && typeof q.expect === 'number' && Math.abs(x - q.expect) <= tol;
    }
    default:
      return isNum(v) && typeof q.expect === 'number' && Math.abs(v - q.expect) <= tol;
  }
}

/** Right, wrong or refused: a null value of a question with a truth is a refusal, not a wrong answer. */
export function outcome(q: FileQuestion, v: unknown): Outcome {
  if (isRight(q, v)) return 'right';
  return q.type !== 'refusal' && (v === null || v === undefined) ? 'refused' : 'wrong';
}

/** Tallies per part of the language. */
export type Tally = Record<string, Record<Outcome, number>>;

/** Adds an outcome to a tally. */
export function count(t: Tally, part: string, o: Outcome): void {
  const row = (t[part] ??= { right: 0, wrong: 0, refused: 0 });
  row[o]++;
}

/** Nearest-rank percentile. */
export function pct(xs: readonly number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
}
