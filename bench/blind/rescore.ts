/**
 * A faster re-run of a blind set (`bench/blind/score.py`) that reuses the data directories a
 * previous run replayed: each directory is opened once and every question is asked in this
 * process, with the options `vigil ask --data DIR` would use. Grading and the refusal test are
 * those of score.py. Not a score: only the first run of score.py on a new set is one.
 *
 *   node dist/bench/blind/rescore.js SET.json --dirs LOG [--out FILE] [--only wrong|refused|all]
 * LOG is score.py's printed output (its "== clip.mp4 ... data=DIR" lines name the directories).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { MemoryStore } from '../../memory/store.js';
import { ask } from '../../planner/ask.js';
import { answererOptions } from '../../edge/config/answering.js';
import { loadConfig } from '../../edge/config/load.js';

interface Question { q: string; type: string; expect?: unknown; tol?: number; id?: string }
interface Clip { file: string; camera: string; start: string; questions: Question[] }
interface Out { value?: unknown; answer?: string; refused?: boolean }

const CANNOT = ['i could not answer', 'i cannot answer', "i can't answer", 'cannot answer', 'could not answer', 'i do not know', "i don't know"];

/** score.py's refusal test. */
function refused(o: Out | null): boolean {
  if (o === null || o.refused) return true;
  const v = o.value;
  if (v === null || v === undefined) return true;
  if (typeof v === 'object' && Object.keys(v).length === 0) return true;
  if (typeof v === 'string' && v.trim() === '') return true;
  const text = String(o.answer ?? '').trim().toLowerCase();
  return CANNOT.some((c) => text.startsWith(c));
}

/** Seconds of an ISO time, or of an object's start/at/time. */
function when(v: unknown): number | null {
  if (v !== null && typeof v === 'object') { const o = v as Record<string, unknown>; v = o.start ?? o.at ?? o.time; }
  if (typeof v !== 'string') return null;
  const t = Date.parse(v);
  return Number.isNaN(t) ? null : t / 1000;
}

/** score.py's grading of a value. */
function right(q: Question, v: unknown): boolean {
  const tol = q.tol ?? 0;
  if (q.type === 'boolean') return v === q.expect;
  if (q.type === 'time') { const g = when(v); const w = when(q.expect); return g !== null && w !== null && Math.abs(g - w) <= tol; }
  if (q.type === 'duration' && v !== null && typeof v === 'object') v = (v as Record<string, unknown>).seconds;
  return typeof v === 'number' && Math.abs(v - (q.expect as number)) <= tol;
}

/** The data directory of each clip, read from score.py's output. */
function dirsFrom(log: string): Map<string, string> {
  const m = new Map<string, string>();
  for (const line of readFileSync(log, 'utf8').split('\n')) {
    if (!line.startsWith('== ')) continue;
    const clip = line.slice(3).split(' ')[0] ?? '';
    const i = line.indexOf('data=');
    if (i >= 0) m.set(clip, line.slice(i + 5).trim());
  }
  return m;
}

/** Asks one clip's questions and returns its rows. */
async function runClip(clip: Clip, dir: string, show: string): Promise<Record<string, unknown>[]> {
  const base = answererOptions(loadConfig({ data: dir }));
  const store = new MemoryStore({ dir, readOnly: true });
  await store.openChecked({ walk: false });
  const rows: Record<string, unknown>[] = [];
  try {
    for (const q of clip.questions) {
      let out: Out | null = null;
      try { out = JSON.parse(JSON.stringify(await ask(q.q, store, { ...base }))) as Out; } catch (e) { out = { answer: String(e) }; }
      const ref = refused(out);
      const outcome = q.type === 'refuse' ? (ref ? 'refused' : 'answered') : ref ? 'refused' : right(q, out.value) ? 'right' : 'wrong';
      rows.push({ clip: basename(clip.file), id: q.id, q: q.q, type: q.type, expect: q.expect, value: out.value, answer: out.answer, outcome });
      const bad = outcome === 'wrong' || outcome === 'answered';
      if (show === 'all' || (show === 'wrong' && bad) || (show === 'refused' && (bad || (outcome === 'refused' && q.type !== 'refuse'))))
        console.log(`${outcome.padEnd(8)} ${q.id ?? ''} ${q.q}\n         -> ${JSON.stringify(out.value)?.slice(0, 80)} (truth ${JSON.stringify(q.expect)}) ${String(out.answer ?? '').slice(0, 200)}`);
    }
  } finally { await store.close(); }
  return rows;
}

/** Entry point. */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const opt = (k: string): string | undefined => { const i = args.indexOf(k); return i >= 0 ? args[i + 1] : undefined; };
  const set = JSON.parse(readFileSync(args[0] ?? '', 'utf8')) as { clips: Clip[] };
  const dirs = dirsFrom(opt('--dirs') ?? '');
  const rows: Record<string, unknown>[] = [];
  for (const clip of set.clips) {
    const dir = dirs.get(basename(clip.file));
    if (dir === undefined) throw new Error(`no data directory for ${clip.file}`);
    rows.push(...(await runClip(clip, dir, opt('--only') ?? 'wrong')));
  }
  const count = (f: (r: Record<string, unknown>) => boolean): number => rows.filter(f).length;
  const ans = (r: Record<string, unknown>): boolean => r.type !== 'refuse';
  const totals = {
    answerable: { total: count(ans), right: count((r) => ans(r) && r.outcome === 'right'), wrong: count((r) => ans(r) && r.outcome === 'wrong'), refused: count((r) => ans(r) && r.outcome === 'refused') },
    must_refuse: { total: count((r) => !ans(r)), refused: count((r) => !ans(r) && r.outcome === 'refused'), answered: count((r) => !ans(r) && r.outcome === 'answered') },
  };
  console.log(JSON.stringify(totals));
  const out = opt('--out');
  if (out !== undefined) writeFileSync(out, JSON.stringify({ totals, questions: rows }, null, 1));
}

void main().catch((e: unknown) => { console.error(e); process.exitCode = 1; });
