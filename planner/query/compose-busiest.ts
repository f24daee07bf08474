/**
 * "Which minute was the busiest?", "the busiest hour for arrivals", "in which hour did the most
 * people arrive?": the clock span of the window in which the most visits began (the `busiest`
 * measure). The span must be said: "when was it busiest" is refused, not read at a span of our own.
 */
import { wallTime } from '../time.js';
import { all, first, stationary, use } from './ctx.js';
import { refused as refuse, type Refused } from './parse-types.js';
import type { Measure } from './schema.js';
import type { Reading, Words } from './compose-reading.js';

/** Seconds of the spans a busiest question may be asked over. */
const SPANS: Record<number, 'minute' | 'hour'> = { 60: 'minute', 3600: 'hour' };

/** Where the asker's clock begins a minute or an hour, in epoch ms modulo the span. */
export function clockShift(t: number, span: 'minute' | 'hour', timeZone: string): number {
  const w = wallTime(t, timeZone);
  const into = ((span === 'hour' ? w.minute * 60 : 0) + w.second) * 1000 + (((t % 1000) + 1000) % 1000);
  const ms = span === 'hour' ? 3_600_000 : 60_000;
  return ((((t - into) % ms) + ms) % ms);
}

/** The busiest measure, when the question asks for the busiest span; undefined when it does not. */
export function busiestOf(r: Reading, w: Words): Measure | Refused | undefined {
  const { c } = r;
  const busy = first(c, 'busy');
  // a span said as a noun ("which minute", "the busiest hour"), not a length ("in the last 2 minutes")
  const span = all(c, 'unit').find((u) => SPANS[u.v] !== undefined && c.toks[u.i - 1]?.t !== 'num');
  const asked = all(c, 'head').filter((h) => h.v === 'which' || h.v === 'what' || h.v === 'when');
  // "in which minute did the most people arrive"
  const most = !busy && span !== undefined && asked.some((h) => h.v === 'which' || h.v === 'what') && w.agg?.v === 'max' && w.arrive !== undefined;
  // ("how long was the busiest minute", "was it busiest at 12:42": not asked of a span's arrivals)
  // ("list the visits in the busiest minute" asks for visits, not the minute: refused as unread)
  const heads = ['what', 'when', 'howmany', ...(asked.some((h) => h.v === 'which') && !all(c, 'head', 'list').length ? ['list'] : [])];
  if ((!busy && !most) || !heads.includes(r.head ?? '')) return undefined;
  if (!span) return refuse('NO_SPAN', 'it asks when it was busiest but not over what span; ask "which minute" or "which hour" was the busiest');
  if (r.classes.length > 0 && stationary(r.classes)) return refuse('NOT_ARRIVALS', 'the busiest span counts arrivals of people or vehicles; things that stand are counted by how many are there');
  use(c, busy, span, w.agg, w.arrive, ...asked);
  const which = SPANS[span.v] as 'minute' | 'hour';
  const shift = clockShift(r.window.from, which, r.opts.timeZone);
  return { measure: 'busiest', span: which, ...(shift > 0 ? { shift } : {}), ...(r.head === 'howmany' ? { count: true as const } : {}) };
}
