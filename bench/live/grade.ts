/**
 * Grades one answer of the daemon against the expected answer: right, wrong or refused.
 *
 * - refused: the daemon's coded refusal (`refused: true`, "I could not answer: ..."), or no value
 *   with a reason that claims nothing about the scene ("I cannot tell: the camera was down").
 * - "I cannot tell: there is no such visit (0 visits ...)" claims that nothing happened: it is
 *   graded as "none" (right when nobody has left yet, wrong when someone has).
 * - The reading ("Read as: ... at camera X ...") must be of the camera asked about: a reading of
 *   another camera, or of "any camera" when there are several, is wrong whatever the value.
 * - Counts and yes/no must be exact; a time is right within 2 s, a duration within 2.5 s.
 * - The longest visit: right when it is the longest finished visit; a visit in progress counts,
 *   with its length so far, only when the answer marks it as still going on ("still there").
 */
import type { Expected, Question } from './expect.js';

/** Tolerance of a time answer, ms. */
export const TIME_TOLERANCE_MS = 2000;
/** Tolerance of a duration answer, s. */
export const DURATION_TOLERANCE_S = 2.5;

/** The fields of the daemon's `Answer` the grading reads. */
export interface AnswerLike {
  answer: string;
  value: unknown;
  refused?: boolean;
  coverage?: { to?: string | null };
}

/** A grade. */
export type Verdict = 'right' | 'wrong' | 'refused';

/** A grade with what was read from the answer. */
export interface Graded {
  verdict: Verdict;
  /** The value read from the answer, as short text. */
  got: string;
  /** Why, when it is not plainly the value. */
  note?: string;
}

const ABSENT = /no such visit|\b0 visits\b|no visits?\b|nobody|no one|\bnone\b|not yet|no departures?\b/i;
const STILL_THERE = /still there|in progress|so far|ongoing|still going/i;

/** The "Read as: ..." sentence that starts an answer. */
const READ_AS = /^Read as: (.*?)\.(?: |$)/;

/** What the answer read the question as. */
function reading(text: string): string {
  return READ_AS.exec(text)?.[1] ?? '';
}

/** Wrong when the answer read a place other than the question's camera; null when it did not. */
function misread(q: Question, text: string, cameras: readonly string[]): string | null {
  const read = reading(text);
  const named = [...read.matchAll(/(?<!any |every |each )camera ([\w-]+)/g)].map((m) => m[1]).filter((c) => c !== undefined);
  if (named.length > 0 && !named.includes(q.camera)) return `read as camera ${named.join(', ')}`;
  if (/any camera|all cameras/.test(read) && cameras.length > 1) return 'read as any camera';
  return null;
}

/** A number from the value: a number, or the `seconds` of a visit. */
function numberOf(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (v && typeof v === 'object' && 'seconds' in v && typeof v.seconds === 'number') return v.seconds;
  return null;
}

/** A time (epoch ms) from the value: an ISO time, or the end of a visit. */
function timeOf(v: unknown): number | null {
  if (typeof v === 'string' && !Number.isNaN(Date.parse(v))) return Date.parse(v);
  if (v && typeof v === 'object' && 'end' in v && typeof v.end === 'string') return Date.parse(v.end);
  return null;
}

/**
 * Grades `a`, the answer to `q`.
 * @param cameras the cameras of the daemon (a reading of "any camera" is right only with one)
 */
export function grade(q: Question, e: Expected, a: AnswerLike, cameras: readonly string[]): Graded {
  if (a.refused === true) return { verdict: 'refused', got: 'refusal' };
  const wrongPlace = misread(q, a.answer, cameras);
  if (a.value === null || a.value === undefined) return gradeNone(e, a.answer, wrongPlace);
  if (wrongPlace) return { verdict: 'wrong', got: JSON.stringify(a.value), note: wrongPlace };
  switch (e.type) {
    case 'number':
    case 'seconds':
    case 'longest':
      return gradeNumber(e, a);
    case 'bool':
      if (typeof a.value !== 'boolean') return { verdict: 'wrong', got: JSON.stringify(a.value), note: 'not a yes/no' };
      return { verdict: a.value === e.b ? 'right' : 'wrong', got: a.value ? 'yes' : 'no' };
    case 'time': {
      const t = timeOf(a.value);
      if (t === null) return { verdict: 'wrong', got: JSON.stringify(a.value), note: 'not a time' };
      const got = new Date(t).toISOString().slice(11, 23);
      if (e.t === null) return { verdict: 'wrong', got, note: 'nobody has left yet' };
      const off = (t - e.t) / 1000;
      return { verdict: Math.abs(off) <= TIME_TOLERANCE_MS / 1000 ? 'right' : 'wrong', got, note: `off by ${off.toFixed(1)} s` };
    }
  }
}

/** An answer without a value: a claim that there is none, or no claim at all (refused). */
function gradeNone(e: Expected, text: string, wrongPlace: string | null): Graded {
  const why = /I cannot tell: (.*)$/.exec(text)?.[1] ?? text;
  // "no such visit (2 visits in that time)": the question did not say which visit, not that none was
  if (!ABSENT.test(why) || /\([1-9]\d* visits?\b/.test(why)) return { verdict: 'refused', got: 'no value', note: why.slice(0, 120) };
  const note = `claims none: ${why.slice(0, 100)}`;
  if (wrongPlace) return { verdict: 'wrong', got: 'none', note: `${wrongPlace}; ${note}` };
  const none =
    (e.type === 'time' && e.t === null) ||
    (e.type === 'longest' && e.done === null) ||
    (e.type === 'number' && e.n === 0) ||
    (e.type === 'bool' && !e.b);
  return { verdict: none ? 'right' : 'wrong', got: 'none', note };
}

/** Counts exactly; durations within 2.5 s; the longest visit with its in-progress rule. */
function gradeNumber(e: Expected & { type: 'number' | 'seconds' | 'longest' }, a: AnswerLike): Graded {
  const n = numberOf(a.value);
  if (n === null) return { verdict: 'wrong', got: JSON.stringify(a.value), note: 'not a number' };
  const got = String(n);
  const tol = DURATION_TOLERANCE_S;
  if (e.type === 'number') return { verdict: n === e.n ? 'right' : 'wrong', got };
  if (e.type === 'seconds') return { verdict: n >= e.lo - tol && n <= e.hi + tol ? 'right' : 'wrong', got };
  const marked = STILL_THERE.test(a.answer.replace(READ_AS, ''));
  if (e.done !== null && Math.abs(n - e.done) <= tol) return { verdict: 'right', got };
  if (marked && e.open && n >= e.open.lo - tol && n <= e.open.hi + tol && e.open.hi + tol >= (e.done ?? 0)) return { verdict: 'right', got, note: 'the visit in progress, marked so' };
  const note = marked ? 'marked in progress' : e.done === null ? 'no visit has finished yet' : undefined;
  return { verdict: 'wrong', got, ...(note ? { note } : {}) };
}
