/**
 * The time-window input shared by tools: ISO times or a spoken phrase ("in the last hour",
 * "between 14:00 and 14:30"), resolved in the daemon's zone; the whole coverage by default.
 */
import { z } from 'zod';
import type { Window } from '../../memory/queries.js';
import { PlannerError } from '../errors.js';
import { formatLocal, resolveTime } from '../time.js';
import type { ToolContext } from './types.js';

/** Window fields of a tool input. */
export const windowFields = {
  from: z.string().optional().describe('window start, ISO-8601'),
  to: z.string().optional().describe('window end, ISO-8601'),
  when: z.string().optional().describe('time phrase instead of from/to, e.g. "in the last hour", "between 14:00 and 14:30", "this morning"'),
};

/** Parses an ISO-8601 time; TOOL_BAD_INPUT otherwise. */
export function isoInput(v: string, field: string): number {
  const t = Date.parse(v);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v) || Number.isNaN(t)) throw new PlannerError('TOOL_BAD_INPUT', `${field} "${v}" is not an ISO-8601 time`);
  return t;
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
  const from = input.from ? isoInput(input.from, 'from') : all.from;
  const to = input.to ? isoInput(input.to, 'to') : all.to;
  if (to < from) throw new PlannerError('TOOL_BAD_INPUT', 'to is before from');
  return { from, to };
}

/** A window as text for tool output. */
export function windowText(w: Window, tz: string): string {
  return `${formatLocal(w.from, tz)} to ${formatLocal(w.to, tz)}`;
}

/** A time as text for tool output (local wall time and ISO). */
export function timeText(t: number, tz: string): string {
  return `${formatLocal(t, tz)} (${new Date(t).toISOString()})`;
}
