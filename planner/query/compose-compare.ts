/**
 * Two windows compared: "did more people come between 9:00 and 9:05 than between 9:10 and 9:15?",
 * "were fewer bottles taken in the first minute than in the second minute?", "more visitors
 * before 12:00 than after?". A comparative ("more", "fewer", "less") before "than", a window
 * before "than" and one after it (or "before"/"after" alone after it: the other side of the same
 * instant). The question is then read as a count over the first window, compared with the same
 * count over the other.
 */
import { use, type Ctx } from './ctx.js';
import { firstWindow } from './scan-times.js';
import type { Token } from './scan.js';

type TimeTok = Extract<Token, { t: 'time' }>;

/** The comparison of two windows a question makes. */
export interface TwoWindows {
  op: 'gt' | 'lt';
  /** The window after "than" (no longer one of the question's windows). */
  second?: TimeTok;
  other: { from: number; to: number; at?: number };
}

/** The other side of a window said with "before" or "after" an instant ("than after"). */
function mirrored(first: TimeTok, side: string, end: number, start: number): { from: number; to: number } | undefined {
  if (first.opens === 'before' && side === 'after') return { from: first.v.to, to: end };
  if (first.opens === 'after' && side === 'before') return { from: start, to: first.v.from };
  return undefined;
}

/** The rest of the recording beside a window at one of its ends ("the first minute" -> after it; "the last minute" -> before it). */
function restOf(first: TimeTok, start: number, end: number): { from: number; to: number } | undefined {
  if (first.v.from <= start + 1000 && first.v.to < end) return { from: first.v.to, to: end };
  if (first.v.to >= end - 1000 && first.v.from > start) return { from: start, to: first.v.from };
  return undefined;
}

/** "more ... than", "fewer ... than": the comparative and "than" not yet read, unless a number follows "than" ("more than 3 people"). */
function comparative(c: Ctx): { than: Token; cmp: Extract<Token, { t: 'cmp' }> & { v: 'gt' | 'lt' } } | undefined {
  const than = c.toks.find((t) => t.text === 'than' && !c.used.has(t.i));
  if (!than || c.toks[than.i + 1]?.t === 'num') return undefined;
  const cmp = c.toks.find((t): t is Extract<Token, { t: 'cmp' }> => t.t === 'cmp' && /^(?:more|fewer|less)$/.test(t.text) && t.i < than.i && !c.used.has(t.i));
  return cmp && (cmp.v === 'gt' || cmp.v === 'lt') ? { than, cmp: cmp as Extract<Token, { t: 'cmp' }> & { v: 'gt' | 'lt' } } : undefined;
}

/**
 * Finds two windows compared, marking the comparative, "than" and the second window used; undefined
 * when the question compares no windows ("more than 3 people", "more taken than put back").
 */
export function twoWindows(c: Ctx, windows: readonly TimeTok[]): TwoWindows | undefined {
  const said = comparative(c);
  if (!said) return undefined;
  const { than, cmp } = said;
  const first = windows.find((w) => w.i < than.i);
  if (!first) return undefined;
  // ("than before it", "than after that": the instant said before "than")
  const after = c.toks.slice(than.i + 1).filter((t) => t.t !== 'skip' && t.t !== 'sep' && !(t.t === 'rel' && t.text === 'that' && c.toks[t.i - 1]?.t === 'rank'));
  const second = windows.find((w) => w.i > than.i);
  if (second && after.length === 1 && after[0] === second) {
    use(c, than, cmp, second);
    return { op: cmp.v, second, other: { from: second.v.from, to: second.v.to } };
  }
  // "in the first minute than in the second": the same part of the recording, another ordinal
  const ord = after.length === 1 && after[0]?.t === 'ord' ? after[0] : undefined;
  const same = ord ? firstWindow(first.text.replace(/\b(?:first|opening|second|third|fourth|fifth|\d+(?:st|nd|rd|th))\b/, ord.text), c.opts.coverage) : null;
  if (ord && same && same.w.from !== first.v.from) {
    use(c, than, cmp, ord);
    return { op: cmp.v, other: { from: same.w.from, to: same.w.to } };
  }
  // "in the first minute than in the rest of the recording": the covered time outside the first window
  const rest = after.length === 1 && after[0]?.t === 'rest' ? after[0] : undefined;
  const outside = rest ? restOf(first, c.opts.coverage.from, Math.min(c.opts.now + 1, c.opts.coverage.to)) : undefined;
  if (rest && outside) {
    use(c, than, cmp, rest);
    return { op: cmp.v, other: outside };
  }
  const side = after.length === 1 && after[0]?.t === 'rank' ? after[0] : undefined;
  const other = side ? mirrored(first, side.text, c.opts.now + 1, c.opts.coverage.from) : undefined;
  if (!side || !other) return undefined;
  use(c, than, cmp, side, c.toks[side.i + 1]);
  return { op: cmp.v, other };
}

/**
 * "Were there more bottles at 07:44:40 than at 07:45:10?": a comparative, the first instant before
 * "than" and the second the only word after it. The question is read at the first instant and
 * compared with the same count at the second; undefined when the instants are not so compared.
 */
export function twoInstants(c: Ctx, instants: readonly TimeTok[]): TwoWindows | undefined {
  const said = comparative(c);
  const [a, b] = instants;
  if (!said || !a || !b || instants.length !== 2 || a.i > said.than.i || b.i < said.than.i || b.v.instant === undefined) return undefined;
  const { than, cmp } = said;
  const after = c.toks.slice(than.i + 1).filter((t) => t.t !== 'skip' && t.t !== 'sep');
  if (after.length !== 1 || after[0] !== b) return undefined;
  use(c, than, cmp);
  const at = b.v.instant;
  return { op: cmp.v, second: b, other: { from: at, to: at + 1, at } };
}
