/**
 * The time-window input shared by tools: ISO times or a spoken phrase ("in the last hour",
 * "between 14:00 and 14:30"), resolved in the daemon's zone; the whole coverage by default.
 */
import { z } from 'zod';
import type { Window } from '../../memory/queries.js';
import { PlannerError } from '../errors.js';
import { formatLocal, resolveTime, zonedToEpoch } from '../time.js';
import type { ToolContext } from './types.js';

/** Window fields of a tool input. */
export const windowFields = {
  from: z.string().optional().describe('window start, ISO-8601 (or local YYYY-MM-DD HH:MM:SS)'),
  to: z.string().optional().describe('window end, ISO-8601 (or local YYYY-MM-DD HH:MM:SS)'),
  when: z.string().optional().describe('time phrase instead of from/to, e.g. "in the last hour", "between 14:00 and 14:30", "this morning"'),
};

/** Parses an ISO-8601 time; TOOL_BAD_INPUT otherwise. */
export function isoInput(v: string, field: string): number {
  const t = Date.parse(v);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v) || Number.isNaN(t)) throw new PlannerError('TOOL_BAD_INPUT', `${field} "${v}" is not an ISO-8601 time`);
  return t;
}

/**
 * Parses an instant: ISO-8601, or a local wall time in the daemon's zone as tool results print
 * it (`2026-11-20 23:49:58`, optionally followed by the zone, or `23:49:58`: its latest
 * occurrence up to now). TOOL_BAD_INPUT otherwise.
 */
export function instantInput(v: string, field: string, ctx: Pick<ToolContext, 'now' | 'timeZone'>): number {
  const s = v.trim();
  const local = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(?: (\S+))?$/.exec(s);
  if (local && (local[8] === undefined || local[8] === ctx.timeZone)) {
    const n = (k: number): number => Number(local[k] ?? 0);
    return zonedToEpoch({ year: n(1), month: n(2), day: n(3), hour: n(4), minute: n(5), second: n(6) }, ctx.timeZone) + Number((local[7] ?? '').padEnd(3, '0'));
  }
  if (/^\d{1,2}:\d{2}(?::\d{2})?$/.test(s)) {
    const r = resolveTime(`at ${s}`, { now: ctx.now, timeZone: ctx.timeZone });
    if (r.instant !== undefined) return r.instant;
  }
  try {
    return isoInput(s, field);
  } catch {
    throw new PlannerError('TOOL_BAD_INPUT', `${field} "${v}" is not an ISO-8601 time (nor a local time such as 2026-11-20 14:00:05 or 14:00:05)`);
  }
}

/** The whole coverage of the memory, up to now. */
export function allTime(ctx: ToolContext): Window {
  const c = ctx.queries.coverage();
  const from = c.from ? Date.parse(c.from) : 0;
  const to = c.to ? Math.min(Date.parse(c.to) + 1, ctx.now + 1) : ctx.now + 1;
  return { from, to: Math.max(from, to) };
}

/** Resolves the window of a tool input. */
export function windowOf(input: { from?: string | undefined; to?: string | undefined; when?: string | undefined }, ctx: ToolContext): Window {
  const all = allTime(ctx);
  if (input.when) {
    const r = resolveTime(input.when, { now: ctx.now, timeZone: ctx.timeZone, all });
    if (r.phrase === null) throw new PlannerError('TOOL_BAD_INPUT', `when "${input.when}" names no time I can resolve (try "in the last hour", "since 9", "between 14:00 and 14:30")`);
    return { from: r.from, to: r.to };
  }
  const from = input.from ? instantInput(input.from, 'from', ctx) : all.from;
  const to = input.to ? instantInput(input.to, 'to', ctx) : all.to;
  if (to < from) throw new PlannerError('TOOL_BAD_INPUT', 'to is before from');
  return { from, to };
}

/** A window as text for tool output. */
export function windowText(w: Window, tz: string): string {
  return `${formatLocal(w.from, tz)} to ${formatLocal(w.to, tz)}`;
}

/** A time as text for tool output (local wall time, and ISO unless the zone is UTC). */
export function timeText(t: number, tz: string): string {
  return tz === 'UTC' ? formatLocal(t, tz) : `${formatLocal(t, tz)} (${new Date(t).toISOString()})`;
}
