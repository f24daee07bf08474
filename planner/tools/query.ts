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
import { allTime, instantInput } from './window.js';

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
  brief:
    'exact answer from the memory; args {"measure":M,"subject":{"classes":["person"]},"place":{"cameras":[],"zone"?,"line"?},"time"?:{"from","to","at"?}}, M e.g. {"measure":"count","of":"visits"|"present"|"departures"|"identities"|"events","event"?}, {"measure":"countAt"}, {"measure":"extreme","which":"max"}, {"measure":"when","of":{"kind":"arrival","visit":{"by":"nth","n":1}}}, {"measure":"duration","of":{"kind":"visits","agg":"avg"}}',
  exact: true,
  description:
    'Runs one query of the question language (measure, subject, place, time; see the schema in planner/query/schema.ts) over the memory with exact arithmetic. Measures: count (visits = arrivals, present, departures, identities, events line_cross/zone_enter/zone_exit/taken/returned), countAt (at time.at), extreme (max/min at once), missing, whether (count condition, visit, event), when (arrival/departure of a visit reference, n-th event, start of a count condition), duration (one visit, visits avg/total/max/min, time a count condition held), list, visit. Times: ISO-8601 or local HH:MM:SS.',
  input: z.looseObject({ measure: z.unknown(), subject: z.unknown().optional(), place: z.unknown().optional(), time: z.unknown().optional() }),
  execute(i, ctx) {
    const all = allTime(ctx);
    const raw = withEpochTimes({ subject: { classes: [] }, place: { cameras: [] }, ...i, time: i.time ?? { from: all.from, to: all.to } }, ctx, 'query') as Record<string, unknown>;
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
