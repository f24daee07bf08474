/**
 * Knowledge tools: a folder of documents (procedures, manuals) searched by embeddings when an
 * embedding model is configured, else by words; and CSV tables queried symbolically (filters and
 * one aggregate, computed here, not by the model).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { z } from 'zod';
import { cosine } from '../../memory/vector.js';
import { PlannerError } from '../errors.js';
import { parseCsv } from './csv.js';
import { lexicalScore, words } from './lexical.js';
import { defineTool, type Tool, type ToolContext } from './types.js';

interface Passage {
  file: string;
  text: string;
}

function folder(dir: string | null | undefined, what: string): string {
  if (!dir) throw new PlannerError('TOOL_NOTHING_STORED', `no ${what} folder is configured (models.knowledge)`);
  return dir;
}

function listFiles(dir: string, exts: string[]): string[] {
  try {
    return readdirSync(dir)
      .filter((f) => exts.includes(extname(f).toLowerCase()))
      .sort();
  } catch (e) {
    throw new PlannerError('TOOL_FAILED', `cannot read ${dir}: ${(e as Error).message}`);
  }
}

/** Paragraph passages (blank-line separated, at most ~800 characters) of every document. */
export function passages(dir: string): Passage[] {
  const out: Passage[] = [];
  for (const f of listFiles(dir, ['.md', '.txt'])) {
    for (const para of readFileSync(join(dir, f), 'utf8').split(/\n\s*\n/)) {
      const text = para.replace(/\s+/g, ' ').trim();
      if (text) out.push({ file: f, text: text.slice(0, 800) });
    }
  }
  return out;
}

async function rank(query: string, ps: Passage[], ctx: ToolContext): Promise<{ p: Passage; score: number; by: string }[]> {
  if (ctx.models.has('embeddings')) {
    const vecs = await ctx.models.embed([query, ...ps.map((p) => p.text)]);
    const q = vecs[0] ?? [];
    return ps.map((p, k) => ({ p, score: cosine(q, vecs[k + 1] ?? []), by: 'embeddings' }));
  }
  const q = words(query);
  if (q.length === 0) throw new PlannerError('TOOL_BAD_INPUT', 'query has no content words');
  return ps.map((p) => ({ p, score: lexicalScore(q, p.text), by: 'words' }));
}

const searchDocs = defineTool({
  name: 'search_docs',
  brief: '3 best passages of site documents',
  description: 'Searches the site documents (procedures, manuals) and returns the 3 best passages with their file names.',
  input: z.strictObject({ query: z.string().min(1) }),
  async execute(i, ctx) {
    const ps = passages(folder(ctx.paths.docs, 'documents'));
    if (ps.length === 0) return { text: 'The documents folder holds no .md or .txt documents.' };
    const ranked = (await rank(i.query, ps, ctx)).filter((r) => r.score > 0).sort((a, b) => b.score - a.score);
    if (ranked.length === 0) return { text: `No document passage matches "${i.query}".` };
    return { text: ranked.slice(0, 3).map((r) => `[${r.p.file}, ${r.score.toFixed(2)} by ${r.by}] ${r.p.text}`).join('\n') };
  },
});

const OPS = ['=', '!=', '<', '<=', '>', '>=', 'contains'] as const;

/** Compares a cell with a value: numerically when both are numbers, else as text (case-insensitive). */
export function cellMatches(cell: string, op: (typeof OPS)[number], value: string): boolean {
  const a = Number(cell);
  const b = Number(value);
  const num = cell.trim() !== '' && value.trim() !== '' && Number.isFinite(a) && Number.isFinite(b);
  const x = cell.toLowerCase();
  const y = value.toLowerCase();
  switch (op) {
    case '=':
      return num ? a === b : x === y;
    case '!=':
      return num ? a !== b : x !== y;
    case 'contains':
      return x.includes(y);
    default: {
      const c = num ? a - b : x.localeCompare(y);
      return op === '<' ? c < 0 : op === '<=' ? c <= 0 : op === '>' ? c > 0 : c >= 0;
    }
  }
}

const queryTable = defineTool({
  name: 'query_table',
  brief: 'filter/aggregate a CSV table (no table: list them)',
  description: 'Queries a CSV table of the site (e.g. shifts, schedules, inventories): filter rows, then list columns or compute count/sum/avg/min/max of a column. Without a table, lists the tables and their columns.',
  input: z.strictObject({
    table: z.string().optional().describe('table name (file name without .csv)'),
    where: z.array(z.strictObject({ column: z.string(), op: z.enum(OPS), value: z.string() })).default([]),
    select: z.array(z.string()).optional(),
    aggregate: z.strictObject({ op: z.enum(['count', 'sum', 'avg', 'min', 'max']), column: z.string().optional() }).optional(),
    limit: z.number().int().min(1).max(50).default(20),
  }),
  execute(i, ctx) {
    const dir = folder(ctx.paths.tables, 'tables');
    const files = listFiles(dir, ['.csv']);
    const load = (f: string): string[][] => parseCsv(readFileSync(join(dir, f), 'utf8'));
    if (!i.table) return { text: files.length ? files.map((f) => `${basename(f, '.csv')}: ${(load(f)[0] ?? []).join(', ')}`).join('\n') : 'No CSV tables are stored.' };
    const file = files.find((f) => basename(f, '.csv').toLowerCase() === i.table?.toLowerCase());
    if (!file) throw new PlannerError('TOOL_BAD_INPUT', `no table "${i.table}"; tables: ${files.map((f) => basename(f, '.csv')).join(', ') || 'none'}`);
    const [header = [], ...rows] = load(file);
    const col = (name: string): number => {
      const k = header.findIndex((h) => h.trim().toLowerCase() === name.trim().toLowerCase());
      if (k < 0) throw new PlannerError('TOOL_BAD_INPUT', `table ${i.table} has no column "${name}"; columns: ${header.join(', ')}`);
      return k;
    };
    const conds = i.where.map((w) => ({ k: col(w.column), op: w.op, value: w.value }));
    const hits = rows.filter((r) => conds.every((c) => cellMatches(r[c.k] ?? '', c.op, c.value)));
    if (i.aggregate) {
      const { op, column } = i.aggregate;
      if (op === 'count') return { value: hits.length, text: `count = ${hits.length}` };
      if (!column) throw new PlannerError('TOOL_BAD_INPUT', `aggregate ${op} needs a column`);
      const k = col(column);
      const nums = hits.map((r) => Number(r[k])).filter((n) => Number.isFinite(n));
      if (nums.length === 0) return { value: null, text: `${op}(${column}) has no numeric values among ${hits.length} rows` };
      const v = op === 'sum' ? nums.reduce((a, b) => a + b, 0) : op === 'avg' ? nums.reduce((a, b) => a + b, 0) / nums.length : op === 'min' ? Math.min(...nums) : Math.max(...nums);
      return { value: v, text: `${op}(${column}) = ${v} over ${nums.length} rows` };
    }
    const cols = i.select?.length ? i.select.map(col) : header.map((_, k) => k);
    const shown = hits.slice(0, i.limit);
    return { text: `${hits.length} rows${hits.length > shown.length ? ` (first ${shown.length})` : ''}:\n${cols.map((k) => header[k]).join(' | ')}\n${shown.map((r) => cols.map((k) => r[k] ?? '').join(' | ')).join('\n')}` };
  },
});

/** The knowledge tools. */
export const KNOWLEDGE_TOOLS: readonly Tool[] = [searchDocs, queryTable];
