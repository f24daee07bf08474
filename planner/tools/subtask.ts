/**
 * DoraemonGPT's sub-task tools When, Why, What, How, Count and Other. Each is a small sub-agent:
 * the language model writes one read-only SQL query over the memory's view (`runSql`) for its kind
 * of sub-question; a query the view rejects is retried once with the error shown. The rows come
 * back as the result, so the arithmetic is SQLite's, not the model's.
 */
import { z } from 'zod';
import { runSql, SQL_SCHEMA, SqlError, type SqlResult } from '../../memory/sql/index.js';
import type { Window } from '../../memory/queries.js';
import { PlannerError, errorText } from '../errors.js';
import { defineTool, type Tool, type ToolContext } from './types.js';
import { windowFields, windowOf, windowText } from './window.js';

/** The sub-task kinds and what each one's SQL should look for. */
export const SUBTASKS = {
  when: 'WHEN: find the times (start_iso/ts_iso and camera) at which the thing asked about happened, earliest first.',
  why: 'WHY: find what happened just before and around the event asked about (events and segment captions in the seconds before it), to explain its cause.',
  what: 'WHAT: find which objects, classes, captions or texts were present.',
  how: 'HOW: find how it happened: the order of events, zone visits, line crossing directions, durations.',
  count: 'COUNT: count distinct objects (COUNT(DISTINCT object_id)) or events; return the number.',
  other: 'OTHER: answer any other sub-question about the memory.',
} as const;

/** A sub-task kind. */
export type SubtaskKind = keyof typeof SUBTASKS;

/** Most rows shown to the planner. */
const MAX_ROWS = 20;

/** Pulls the SQL out of a reply: `{"sql": ...}`, a fenced block, or the bare statement. */
export function extractSql(reply: string): string {
  const t = reply.trim();
  try {
    const j = JSON.parse(t) as { sql?: unknown };
    if (typeof j.sql === 'string') return j.sql.trim();
  } catch {
    // not JSON
  }
  const fenced = /```(?:sql)?\s*([\s\S]*?)```/i.exec(t);
  return (fenced?.[1] ?? t).trim();
}

function rowsText(r: SqlResult): string {
  const rows = r.rows.slice(0, MAX_ROWS).map((row) => row.map((v) => (v === null ? 'NULL' : (typeof v === 'object' ? JSON.stringify(v) : String(v as string | number)))).join(' | '));
  return `${r.rowCount} rows${r.truncated || r.rowCount > MAX_ROWS ? ` (first ${Math.min(MAX_ROWS, r.rowCount)})` : ''}:\n${r.columns.join(' | ')}\n${rows.join('\n')}`;
}

async function writeSql(kind: SubtaskKind, question: string, w: Window, ctx: ToolContext, error?: { sql: string; message: string }): Promise<string> {
  const m = await ctx.models.chat({
    maxTokens: 300,
    json: true,
    messages: [
      { role: 'system', content: `You write one SQLite query over a video memory. ${SUBTASKS[kind]} Reply with JSON {"sql": "..."} only.\n${SQL_SCHEMA}` },
      {
        role: 'user',
        content: `Sub-question: ${question}\nWindow: ${new Date(w.from).toISOString()} .. ${new Date(w.to).toISOString()} (the view holds only this window).${error ? `\nYour query\n${error.sql}\nfailed: ${error.message}\nWrite a corrected one.` : ''}`,
      },
    ],
  });
  const sql = extractSql(m.content ?? '');
  if (!sql) throw new PlannerError('PLANNER_BAD_REPLY', 'the sub-agent wrote no SQL');
  return sql;
}

function subtaskTool(kind: SubtaskKind): Tool {
  return defineTool({
    name: `subtask_${kind}`,
    brief: `SQL sub-agent for ${kind.toUpperCase()} sub-questions`,
    description: `Sub-agent for ${kind.toUpperCase()} sub-questions: writes a read-only SQL query over the memory and returns the rows.`,
    input: z.strictObject({ question: z.string().min(1).describe('the sub-question in plain words'), ...windowFields }),
    async execute(i, ctx) {
      const w = windowOf(i, ctx);
      let sql = await writeSql(kind, i.question, w, ctx);
      let r: SqlResult;
      try {
        r = await runSql(ctx.memory, sql, { window: w, maxRows: MAX_ROWS });
      } catch (e) {
        if (!(e instanceof SqlError)) throw e;
        sql = await writeSql(kind, i.question, w, ctx, { sql, message: errorText(e) });
        try {
          r = await runSql(ctx.memory, sql, { window: w, maxRows: MAX_ROWS });
        } catch (e2) {
          throw new PlannerError('TOOL_FAILED', `the SQL failed twice (${e2 instanceof SqlError ? e2.code : 'error'}: ${errorText(e2)})`);
        }
      }
      const single = r.rowCount === 1 && r.columns.length === 1 ? r.rows[0]?.[0] : undefined;
      return {
        ...(typeof single === 'number' ? { value: single } : {}),
        text: `SQL over ${windowText(w, ctx.timeZone)}: ${sql}\n${rowsText(r)}`,
      };
    },
  });
}

/** The six sub-task tools. */
export const SUBTASK_TOOLS: readonly Tool[] = (Object.keys(SUBTASKS) as SubtaskKind[]).map(subtaskTool);
