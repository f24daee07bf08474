/**
 * Time phrases counted from the recording (its coverage) rather than the clock: parts of it ("the
 * first half", "the second minute") and moments in it ("30 seconds in", "halfway through").
 */
import { NUMBERS, ORDINALS } from './lexicon.js';

/** A resolved time expression of the question. */
export interface TimePhrase {
  from: number;
  to: number;
  /** Set for "at 09:01:30" instants. */
  instant?: number;
  phrase: string;
}

const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000 };

/**
 * Windows counted from the start of coverage: "in the first 30 seconds", "during the first minute",
 * "in the second minute" (the minute after the first), "during the first half" / "the second half"
 * (of the recording), "in the last quarter"; "after the first minute" is the rest of the recording,
 * "before the second half" what came before it. "The last 30 seconds" is left to resolveTime (before now).
 */
export function firstWindow(s: string, cov: { from: number; to: number }): { m: RegExpExecArray; w: TimePhrase } | null {
  const m = /\b(in|during|within|over|for|from|after|before)\s+the\s+(first|opening|second|third|fourth|fifth|last|final|closing|\d+(?:st|nd|rd|th))\s+(?:(\d+(?:\.\d+)?|two|three|four|five|ten|fifteen|twenty|thirty)\s+)?(second|sec|minute|min|hour|half|halves|quarter)s?\b/.exec(s);
  if (!m) return null;
  const [, prep, ordWord, count, unit = ''] = m;
  const ord = ordWord === 'opening' ? 1 : ordWord === 'last' || ordWord === 'final' || ordWord === 'closing' ? -1 : (ORDINALS[ordWord ?? ''] ?? (parseInt(ordWord ?? '1', 10) || 1));
  const w = (from: number, to: number): { m: RegExpExecArray; w: TimePhrase } | null => {
    const [f, t] = prep === 'after' ? [to, cov.to] : prep === 'before' ? [cov.from, from] : [from, to];
    return t > f ? { m, w: { from: f, to: t, phrase: m[0] } } : null;
  };
  if (unit === 'half' || unit === 'halves' || unit === 'quarter') {
    // parts of the recording: "the first half", "the last quarter"
    const parts = unit === 'quarter' ? 4 : 2;
    const k = ord < 0 ? parts : ord;
    if (count !== undefined || k > parts) return null;
    const len = (cov.to - cov.from) / parts;
    return w(cov.from + (k - 1) * len, cov.from + k * len);
  }
  const ms = UNIT_MS[unit.charAt(0)] ?? 60_000;
  if (ord < 0) return null;
  if (count !== undefined) {
    // "the first 30 seconds"; "the second 30 seconds" is not said often enough to guess at
    if (ord !== 1) return null;
    const n = NUMBERS[count] ?? Number(count);
    return w(cov.from, cov.from + n * ms);
  }
  // "the second minute": the k-th unit from the start
  return w(cov.from + (ord - 1) * ms, cov.from + ord * ms);
}

/** A time phrase found in the question: the match (to cut out) and what it means. */
export interface FoundTime {
  m: RegExpExecArray;
  w: TimePhrase;
}

/**
 * Moments counted from the start or end of the recording: "30 seconds in", "a minute into the clip",
 * "15 seconds before the end", "halfway through", "at the halfway point", "midway".
 */
export function recordingInstant(s: string, cov: { from: number; to: number }): FoundTime | null {
  const at = (m: RegExpExecArray, t: number): FoundTime | null => (t >= cov.from && t <= cov.to ? { m, w: { from: t - 2000, to: t + 1, instant: t, phrase: m[0] } } : null);
  const into = /\b(?:at\s+)?(\d+(?:\.\d+)?|a|an|one|two|three|four|five|ten|fifteen|twenty|thirty|forty|fifty|ninety)\s+(second|sec|minute|min|hour)s?\s+(?:in(?=\s*(?:$|,))|into\s+(?:the\s+)?(?:recording|clip|video|footage|day|it))/.exec(s);
  if (into) {
    const n = into[1] === 'a' || into[1] === 'an' ? 1 : (NUMBERS[into[1] ?? ''] ?? Number(into[1]));
    return at(into, cov.from + n * (UNIT_MS[(into[2] ?? 'm').charAt(0)] ?? 60_000));
  }
  // "15 seconds before the end", "a minute from the end of the clip"
  const end = /\b(?:at\s+)?(\d+(?:\.\d+)?|a|an|one|two|three|four|five|ten|fifteen|twenty|thirty|forty|fifty|ninety)\s+(second|sec|minute|min|hour)s?\s+(?:before|from)\s+the\s+end(?:\s+of\s+(?:the\s+)?(?:recording|clip|video|footage))?\b/.exec(s);
  if (end) {
    const n = end[1] === 'a' || end[1] === 'an' ? 1 : (NUMBERS[end[1] ?? ''] ?? Number(end[1]));
    return at(end, cov.to - n * (UNIT_MS[(end[2] ?? 'm').charAt(0)] ?? 60_000));
  }
  const half = /\b(?:at\s+)?(?:the\s+)?(?:halfway|midway|half way|mid way)(?:\s+(?:point|mark))?(?:\s+(?:through|into))?(?:\s+(?:of\s+)?(?:the\s+)?(?:recording|clip|video|footage))?\b|\b(?:in\s+)?the\s+middle\s+of\s+the\s+(?:recording|clip|video|footage)\b/.exec(s);
  if (half) return at(half, Math.round((cov.from + cov.to) / 2));
  return null;
}
