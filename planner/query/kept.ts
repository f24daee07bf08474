/**
 * What the memory still keeps of a query's time. Coverage (when the cameras recorded) is kept 90
 * days, frames and segments 24 h, objects and events 7 days: a question about a time whose facts
 * retention deleted is refused with the code PLANNER_NOT_KEPT, never answered 0 as if nothing
 * had happened; a window that only begins before what is kept is answered from what is kept,
 * and says so.
 */
import type { KeptLevel, KeptSince } from '../../memory/store.js';
import { MOVERS } from './lexicon.js';
import { isGap, type CountCondition, type Measure, type Query, type QueryValue } from './schema.js';

/** Measures that read settled count timelines whatever their conditions. */
const COUNT_MEASURES = new Set<Measure['measure']>(['countAt', 'missing', 'extreme', 'times']);

/** Whether a value holds a key (a count condition: `cond`) or an event read from counts (taken, returned). */
function mentions(v: unknown, test: (key: string, value: unknown) => boolean): boolean {
  if (Array.isArray(v)) return v.some((x) => mentions(x, test));
  if (v === null || typeof v !== 'object') return false;
  return Object.entries(v).some(([k, x]) => test(k, x) || mentions(x, test));
}

/** Whether a measure names a gap between visits (a count condition's stretches with a change on both sides: one place's own timeline). */
export function namesGap(m: Measure): boolean {
  return mentions(m, (k, x) => k === 'cond' && isGap(x as CountCondition));
}

/** Whether a measure reads settled count timelines (counts at a moment, count conditions, taken and returned). */
function readsCounts(m: Measure): boolean {
  if (COUNT_MEASURES.has(m.measure)) return true;
  // every event, or taken/returned, are changes of the settled count
  if ((m.measure === 'count' || m.measure === 'list') && m.of === 'events' && (m.event === undefined || m.event === 'taken' || m.event === 'returned')) return true;
  return mentions(m, (k, x) => k === 'cond' || ((k === 'event' || k === 'a' || k === 'b') && (x === 'taken' || x === 'returned')));
}

/**
 * The level of the memory a query's facts come from: count timelines of things that stand still
 * (and of everything, when no class is named) are read from stored frames (`raw`); visits and
 * events from objects and events (`events`).
 */
export function levelOf(q: Query): KeptLevel {
  const movers = q.subject.classes.length > 0 && q.subject.classes.every((c) => MOVERS.has(c));
  return !movers && readsCounts(q.measure) ? 'raw' : 'events';
}

/** What {@link keptWindow} decided. */
export type KeptWindow =
  /** All of the window is kept. */
  | { kind: 'kept' }
  /** Only the part from `from` is kept: answer from it, with the note. */
  | { kind: 'partly'; from: number; note: string }
  /** None of it is kept (what is kept begins at `from`). */
  | { kind: 'gone'; from: number; value: QueryValue };

const WHAT: Record<KeptLevel, string> = { raw: 'frames', events: 'objects and events', minutes: 'minute roll-ups', hours: 'hour roll-ups' };

/** The horizon of a level: the time before which its data is no longer kept (-Infinity: all kept). */
export function horizonOf(kept: KeptSince, level: KeptLevel): number {
  // frames go before objects and events: a frame-read answer needs both (the budget evicts them together)
  const ts = level === 'raw' ? [kept.raw, kept.events] : [kept[level]];
  return Math.max(-Infinity, ...ts.filter((t): t is number => t !== undefined));
}

/**
 * Which part of `[from, to)` the memory still keeps for a query.
 * @param recorded the earliest and latest covered instants of the window (coverage), or null
 */
export function keptWindow(q: Query, kept: KeptSince, w: { from: number; to: number }, recorded: { from: number; to: number }): KeptWindow {
  const level = levelOf(q);
  const h = horizonOf(kept, level);
  if (!(recorded.from < h) || (q.time.at !== undefined && q.time.at >= h)) return { kind: 'kept' };
  const since = new Date(h).toISOString();
  if (q.time.at !== undefined ? q.time.at < h : recorded.to < h) {
    return { kind: 'gone', from: h, value: { kind: 'none', code: 'PLANNER_NOT_KEPT', why: `that time is no longer kept: its ${WHAT[level]} were deleted by retention (the memory keeps ${WHAT[level]} from ${since} on)` } };
  }
  return { kind: 'partly', from: Math.max(w.from, h), note: `Answered from ${since} on: the ${WHAT[level]} before it are no longer kept (retention)` };
}
