/**
 * The parts of a rule sentence that are a rule's and not a question's, taken out before the
 * question parser reads the condition: the lead-in ("tell me when", "alert if", "let me know
 * if"), the time of day it is active ("after 7 pm", "between 22:00 and 6:00", "on weekdays"),
 * a hold written without a comparison ("for 3 seconds": once it has held that long) and the
 * in/out of a line ("going in": the line's forward direction). Each rewrite is said back in the
 * reading's assumptions, so nothing is changed silently.
 */
import type { TimeOfDay } from '../api/wire.js';
import { clockProblem, normaliseClock } from './clock-time.js';

/** The sentence split into the condition for the parser and what the rule glue read itself. */
export interface RulePhrases {
  /** The condition, in words the question parser reads. */
  clause: string;
  timeOfDay?: TimeOfDay;
  /** Rewrites made, in words, for the Read-as line. */
  assumed: string[];
}

/** "tell me when", "alert me if", "let me know as soon as", "notify us whenever", "when", "if". */
const LEAD_IN =
  /^(?:please\s+)?(?:(?:(?:tell|alert|notify|warn|ping|message|text|email|call|wake)\s+(?:me|us)|let\s+(?:me|us)\s+know|(?:send|raise|give)\s+(?:me\s+|us\s+)?an?\s+(?:alert|alarm|notification|warning)|alert|alarm|notify|warn)\s*,?\s*)?(?:when(?:ever)?|if|as\s+soon\s+as|once|each\s+time|every\s+time)\s+/;

/** A time of day as people write it. */
const CLOCK = String.raw`(\d{1,2}(?:[:.]\d{2})?(?:\s*(?:am|pm|a\.m\.|p\.m\.))?|noon|midday|midnight)`;
const BETWEEN = new RegExp(String.raw`\s*,?\s*\b(?:between|from)\s+${CLOCK}\s+(?:and|to|until|till|-)\s+${CLOCK}\b\.?`);
/** Not a clock: "after 2 minutes" is a length. */
const NOT_UNIT = String.raw`(?!\s*(?:s|secs?|seconds?|mins?|minutes?|h|hrs?|hours?)\b)`;
const AFTER = new RegExp(String.raw`\s*,?\s*\b(?:after|past|from)\s+${CLOCK}${NOT_UNIT}(?=\s|,|$)\.?`);
const BEFORE = new RegExp(String.raw`\s*,?\s*\b(?:before|until|till)\s+${CLOCK}${NOT_UNIT}(?=\s|,|$)\.?`);
const DAYS = /\s*,?\s*\b(?:on\s+|at\s+|during\s+)?(?:the\s+)?(weekdays|weekends|weekend|working days|workdays)\b/;

/** A hold with no comparison: "for 3 seconds", "for a minute" (not "for more than ..."). */
const BARE_HOLD = /\bfor\s+(?!(?:more|longer|over|at least|at most|less|fewer|under|longer|up to|exactly)\b)((?:\d+(?:\.\d+)?|a|an|one|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty|thirty|forty|fifty|sixty|ninety)\s+(?:s|sec|secs|seconds?|mins?|minutes?|h|hours?))\b/;

/** In and out of a line: its forward and backward directions. */
const LINE_IN = /\b(?:going|coming|walking|moving|heading)\s+in(?:wards?|side)?\b|\binwards?\b|\binbound\b/;
const LINE_OUT = /\b(?:going|coming|walking|moving|heading)\s+out(?:wards?|side)?\b|\boutwards?\b|\boutbound\b/;

/** The condition without its lead-in, or null when the sentence has none ("tell me when ..."). */
function withoutLeadIn(s: string): string | null {
  const m = LEAD_IN.exec(s);
  return m ? s.slice(m[0].length).trim() : null;
}

/** A clock as `HH:MM`, or why it is not one. */
function clockOf(text: string): { hhmm: string } | { why: string } {
  const hhmm = normaliseClock(text.replace(/\./g, (d, i: number, all: string) => (/\d/.test(all[i + 1] ?? '') ? ':' : d)));
  const problem = clockProblem(hhmm);
  return problem ? { why: problem } : { hhmm };
}

/** The active time of day taken out of the clause, or why its clock cannot be read. */
function takeTimeOfDay(clause: string): { clause: string; tod?: TimeOfDay } | { why: string } {
  let s = clause;
  let from = '00:00';
  let to = '00:00';
  let found = false;
  const b = BETWEEN.exec(s);
  // "between 3 and 5 bottles": two bare numbers before a word are a count, the parser's to read
  const between = b && !(/^\d{1,2}$/.test(b[1] ?? '') && /^\d{1,2}$/.test(b[2] ?? '') && /^\s+[a-z]/.test(s.slice(b.index + b[0].length))) ? b : undefined;
  const after = between ? undefined : AFTER.exec(s) ?? undefined;
  const before = between ? undefined : BEFORE.exec(s) ?? undefined;
  for (const [m, side] of [[between, 'both'], [after, 'from'], [before, 'to']] as const) {
    if (!m) continue;
    const a = clockOf(m[1] ?? '');
    if ('why' in a) return a;
    if (side === 'both') {
      const b = clockOf(m[2] ?? '');
      if ('why' in b) return b;
      [from, to] = [a.hhmm, b.hhmm];
    } else if (side === 'from') from = a.hhmm;
    else to = a.hhmm;
    s = s.replace(m[0], ' ');
    found = true;
  }
  const d = DAYS.exec(s);
  const days = d ? (/weekend/.test(d[1] ?? '') ? [6, 7] : [1, 2, 3, 4, 5]) : undefined;
  if (d) s = s.replace(d[0], ' ');
  if (!found && !days) return { clause };
  return { clause: s.replace(/\s+/g, ' ').trim(), tod: { from, to, ...(days ? { days } : {}) } };
}

/**
 * Splits a rule sentence into the condition the question parser is to read and what the rule
 * glue read itself; `why` when the sentence is no rule ("tell me when" is missing) or a clock
 * cannot be read ("after 7": morning or evening?).
 */
export function rulePhrases(text: string): RulePhrases | { why: string } {
  const s = text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[!?]+$|\.$/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const rest = withoutLeadIn(s);
  if (rest === null || rest === '') return { why: 'a rule says when to alert: start it with "tell me when", "alert if" or "when", then the condition (e.g. "tell me when anyone is at the table for 3 seconds")' };
  const t = takeTimeOfDay(rest);
  if ('why' in t) return t;
  const assumed: string[] = [];
  let clause = t.clause;
  const hold = BARE_HOLD.exec(clause);
  if (hold) {
    clause = clause.replace(hold[0], `for at least ${hold[1] ?? ''}`);
    assumed.push(`"for ${hold[1] ?? ''}" as once it has held that long`);
  }
  if (/\bline\b/.test(clause)) {
    for (const [re, dir] of [[LINE_IN, 'forward'], [LINE_OUT, 'backward']] as const) {
      const m = re.exec(clause);
      if (!m) continue;
      clause = clause.replace(m[0], dir);
      assumed.push(`"${m[0]}" as the line's ${dir} direction (the arrow drawn on it)`);
    }
  }
  return { clause, ...(t.tod ? { timeOfDay: t.tod } : {}), assumed };
}

const NUMBER_WORDS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, fifteen: 15, twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, ninety: 90 };
/** A hold with its comparison: "for at least 10 minutes", "for more than 2 s", "over a minute". */
const HOLD = /\s*,?\s*\b(?:for\s+)?(?:at least|more than|longer than|over)\s+(\d+(?:\.\d+)?|a|an|one|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty|thirty|forty|fifty|sixty|ninety)\s+(s|secs?|seconds?|mins?|minutes?|h|hours?)\b/;

/**
 * The clause without its hold, and the hold in seconds, or null when it has none. For conditions
 * the parser reads only without a hold ("nobody is at the table" in a "when" question): the hold
 * is then the rule's, read here.
 */
export function splitHold(clause: string): { rest: string; seconds: number } | null {
  const m = HOLD.exec(clause);
  if (!m) return null;
  const n = NUMBER_WORDS[m[1] ?? ''] ?? Number(m[1]);
  const unit = (m[2] ?? 's').charAt(0);
  const seconds = n * (unit === 'h' ? 3600 : unit === 'm' ? 60 : 1);
  return { rest: clause.replace(m[0], ' ').replace(/\s+/g, ' ').trim(), seconds };
}
