/**
 * A rule's time of day as people write it ("19:00", "7pm", "7:30 pm", "7 p.m.", "noon"), read
 * with the question parser's own clock reader and kept as `HH:MM` (24-hour), or refused with
 * an example. A bare hour ("7") is refused: it could be morning or evening.
 */
import { parseTod } from '../../planner/time.js';

/** A time of day the rule engine reads: 24-hour `HH:MM`. */
export const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** How to write one, for messages. */
export const CLOCK_EXAMPLE = 'write it like "19:00", "7pm" or "7:30 pm"';

/** An hour alone ("7", "7 o'clock"): morning or evening? */
const BARE_HOUR = /^\d{1,2}(\s*o'?clock)?$/;

/** The `HH:MM` form of a time of day as written, or the text unchanged when it is not one. */
export function normaliseClock(text: string): string {
  const t = text.trim().toLowerCase();
  if (HHMM.test(t)) return t;
  if (BARE_HOUR.test(t)) return text;
  const tod = parseTod(t);
  if (!tod || tod.second !== 0) return text;
  return `${String(tod.hour).padStart(2, '0')}:${String(tod.minute).padStart(2, '0')}`;
}

/** Why a time of day (after {@link normaliseClock}) is not one, or null when it is `HH:MM`. */
export function clockProblem(text: string): string | null {
  if (HHMM.test(text)) return null;
  const t = text.trim();
  if (BARE_HOUR.test(t.toLowerCase())) return `"${t}" is an hour without minutes or am/pm (morning or evening?); ${CLOCK_EXAMPLE}`;
  return `"${t}" is not a time of day; ${CLOCK_EXAMPLE}`;
}
