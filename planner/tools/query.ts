/**
 * The `query` tool: a language model writes a query of the question language
 * (planner/query/schema.ts) and the one executor does the arithmetic, exactly as for the offline
 * parser. Times may be ISO-8601 or local wall times ("14:00:05", "2026-11-20 14:00:05"), which the
 * tool turns into epoch ms in the daemon's zone before the query is validated; a query without a
 * time covers the whole memory.
 */
import { z } from 'zod';
import { PlannerError } from '../errors.js';
import { executeQuery } from '../query/execute.js';
import { renderAnswer } from '../query/render.js';
import { defineTool, type ToolContext } from './types.js';
import { measureOf, placeOf, subjectOf, SHORTHAND_ALL, SHORTHAND_BRIEF } from './query-shorthand.js';
import { allTime, instantInput, windowOf } from './window.js';

/** Time fields of a query, by where they sit: `time.from/to/at`, and `t` of visit references and picks. */
const TIME_KEYS = new Set(['from', 'to', 'at', 't']);

/** Copies a model's query with every time field turned into epoch ms. */
function withEpochTimes(v: unknown, ctx: ToolContext, path: string): unknown {
  if (Array.isArray(v)) return v.map((x, i) => withEpochTimes(x, ctx, `${path}[${i}]`));
  if (!v || typeof v !== 'object') return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
    out[k] = TIME_KEYS.has(k) && typeof x === 'string' ? instantInput(x, `${path}.${k}`, ctx) : withEpochTimes(x, ctx, `${path}.${k}`);
  }
  return out;
}

const query = defineTool({
  name: 'query',
  brief: SHORTHAND_BRIEF,
  exact: true,
  description:
    'Runs one query of the question language (measure, subject, place, time; see the schema in planner/query/schema.ts) over the memory with exact arithmetic. Measures: count (visits = arrivals, present, departures, identities, events line_cross/zone_enter/zone_exit/taken/returned), countAt (at time.at), extreme (max/min at once), missing, whether (count condition, visit, event), when (arrival/departure of a visit reference, n-th event, start of a count condition), duration (one visit, visits avg/total/max/min, time a count condition held), list, visit. Times: ISO-8601 or local HH:MM:SS. Short forms: ' + SHORTHAND_ALL + '.',
  // `time` ({from,to,at?}) and `at` (an instant) are taken too (loose object) but not listed, to keep the line short
  input: z.looseObject({ measure: z.unknown(), subject: z.unknown().optional(), place: z.unknown().optional(), when: z.string().optional() }),
  execute(input, ctx) {
    const all = allTime(ctx);
    const { when, at, ...i } = input as typeof input & { at?: unknown };
    // a time phrase ("last hour") or a bare instant, as the other tools take them
    const window = when !== undefined ? windowOf({ when }, ctx) : undefined;
    const time = i.time ?? (window ? { from: window.from, to: window.to } : { from: all.from, to: all.to });
    if (at !== undefined && time && typeof time === 'object') (time as Record<string, unknown>).at = at;
    const expanded = { ...i, measure: measureOf(i.measure), subject: subjectOf(i.subject ?? { classes: [] }), place: placeOf(i.place ?? { cameras: [] }), time };
    const raw = withEpochTimes(expanded, ctx, 'query') as Record<string, unknown>;
    const t = raw.time as Record<string, unknown>;
    // a time with only an instant, or only one end, is completed from the whole memory
    raw.time = { from: all.from, to: all.to, ...t };
    let x;
    try {
      x = executeQuery(raw, ctx.memory, { now: ctx.now, timeZone: ctx.timeZone });
    } catch (e) {
      if (e instanceof PlannerError) throw e;
      throw new PlannerError('TOOL_BAD_INPUT', e instanceof Error ? e.message : String(e));
    }
    const a = renderAnswer(raw as Parameters<typeof renderAnswer>[0], x, { timeZone: ctx.timeZone });
    return { text: a.answer, value: a.value, evidence: a.evidence };
  },
});

/** The question-language tool. */
export const QUERY_TOOLS = [query];
