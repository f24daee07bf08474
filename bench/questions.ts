/**
 * Question benchmark: `npm run bench:questions` (node dist/bench/questions.js [--fresh] [--only dev|project]).
 * Replays each shared clip once with the real `vigil replay` (cached by clip and build, see
 * bench/questions/memories.ts; --fresh replays again), writes the synthetic day, then asks every
 * question of ../shared/questions/dev.json (`dev`) and of bench/questions/*.json (`project`)
 * in-process through `ask()` with `now` at the end of the memory's coverage and UTC wall times,
 * (after one unmeasured warm-up answer per memory) and grades each value as grade.py does (a `refusal` question is right when the value is null).
 * Prints right / wrong / refused per part of the question language and per set, p50 / p99 latency
 * per answer, and every wrong answer; writes bench/results/questions.json. A wrong answer (a value
 * that is not the truth) is the defect to drive to zero; a refusal is not. Exits 0: it measures.
 * VIGIL_SHARED overrides where the shared folder is (default: ../shared beside the project).
 */
import { firstScores, historyLines } from './blind-history.js';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { summariseCoverage } from '../memory/coverage.js';
import { MemoryStore } from '../memory/store.js';
import { ask } from '../planner/ask.js';
import { count, outcome, pct, type FileClip, type FileQuestion, type Outcome, type Tally } from './questions/grade.js';
import { replayedClip, syntheticDay, type Paths } from './questions/memories.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const paths: Paths = { root, shared: process.env.VIGIL_SHARED ?? join(root, '..', 'shared') };
const argv = process.argv.slice(2);
const FRESH = argv.includes('--fresh');
const ONLY = argv.includes('--only') ? argv[argv.indexOf('--only') + 1] : undefined;

/** One graded answer. */
interface Graded {
  set: string;
  file: string;
  camera: string;
  q: string;
  part: string;
  type: FileQuestion['type'];
  expect: FileQuestion['expect'];
  tol?: number;
  value: unknown;
  outcome: Outcome;
  ms: number;
  answer: string;
  error?: string;
}

/** The question files of a set: dev.json, or the project's own files. */
function files(set: 'dev' | 'project'): string[] {
  if (set === 'dev') {
    const f = join(paths.shared, 'questions', 'dev.json');
    return existsSync(f) ? [f] : [];
  }
  const dir = join(root, 'bench', 'questions');
  return readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .sort()
    .map((n) => join(dir, n));
}

/** The memory folder of a clip (replayed) or of the synthetic day (written). */
async function memoryOf(clip: FileClip): Promise<{ dir?: string; note: string }> {
  if (clip.synthetic) {
    const t = performance.now();
    const d = await syntheticDay(paths, clip.synthetic, FRESH);
    return { dir: d.dir, note: d.hit ? `synthetic day (cached ${d.dir})` : `synthetic day written: ${d.records ?? '?'} records in ${((performance.now() - t) / 1000).toFixed(1)} s` };
  }
  const t = performance.now();
  const r = await replayedClip(paths, clip, FRESH);
  if (!r.dir) return { note: r.error ?? 'replay failed' };
  return { dir: r.dir, note: r.hit ? `${clip.file} (cached ${r.dir})` : `${clip.file} replayed in ${((performance.now() - t) / 1000).toFixed(1)} s` };
}

/** Asks every question of one clip of one file. */
async function runClip(set: string, file: string, clip: FileClip): Promise<Graded[]> {
  const mem = await memoryOf(clip);
  console.log(`  ${set}/${file.split('/').pop()}: ${mem.note}`);
  const base = (q: FileQuestion): Omit<Graded, 'value' | 'outcome' | 'ms' | 'answer'> => ({
    set,
    file: file.split('/').pop() ?? file,
    camera: clip.camera,
    q: q.q,
    part: q.part ?? 'dev',
    type: q.type,
    expect: q.expect,
    ...(q.tol !== undefined ? { tol: q.tol } : {}),
  });
  if (!mem.dir) return clip.questions.map((q) => ({ ...base(q), value: null, outcome: outcome(q, null), ms: 0, answer: '', error: mem.note }));
  const store = new MemoryStore({ dir: mem.dir, readOnly: true });
  store.open();
  const out: Graded[] = [];
  try {
    const to = summariseCoverage(store.coverage()).to;
    const now = to ? Date.parse(to) : undefined;
    // one unmeasured answer first: the first read of a freshly opened store pays for paging it in
    await ask(clip.questions[0]?.q ?? 'how many?', store, { ...(now !== undefined ? { now } : {}), timeZone: 'UTC' }).catch(() => undefined);
    for (const q of clip.questions) {
      const t = performance.now();
      try {
        const a = await ask(q.q, store, { ...(now !== undefined ? { now } : {}), timeZone: 'UTC' });
        const ms = performance.now() - t;
        out.push({ ...base(q), value: a.value ?? null, outcome: outcome(q, a.value), ms, answer: a.answer });
      } catch (e) {
        // a crash has no value: it counts as a refusal, and is listed
        out.push({ ...base(q), value: null, outcome: outcome(q, null), ms: performance.now() - t, answer: '', error: (e as Error).message });
      }
    }
  } finally {
    await store.close();
  }
  return out;
}

const r2 = (x: number): number => Math.round(x * 100) / 100;

/** Prints one set's table: right / wrong / refused per part, then the total and latency. */
function table(set: string, gs: Graded[]): { total: number; right: number; wrong: number; refused: number; parts: Tally; latency_ms: { p50: number; p99: number } } {
  const parts: Tally = {};
  for (const g of gs) count(parts, g.part, g.outcome);
  const w = Math.max(24, ...Object.keys(parts).map((p) => p.length));
  const line = (name: string, r: Record<Outcome, number>): string => {
    const n = r.right + r.wrong + r.refused;
    return `${name.padEnd(w)} ${String(r.right).padStart(5)} ${String(r.wrong).padStart(5)} ${String(r.refused).padStart(7)} ${String(n).padStart(5)}   ${n ? ((100 * r.right) / n).toFixed(0).padStart(3) : '  -'} %`;
  };
  console.log(`\n${set}: ${gs.length} questions`);
  console.log(`${'part'.padEnd(w)} ${'right'.padStart(5)} ${'wrong'.padStart(5)} ${'refused'.padStart(7)} ${'total'.padStart(5)}`);
  for (const p of Object.keys(parts).sort()) console.log(line(p, parts[p]!));
  const tot = { right: 0, wrong: 0, refused: 0 };
  for (const r of Object.values(parts)) for (const k of ['right', 'wrong', 'refused'] as const) tot[k] += r[k];
  console.log(line('TOTAL', tot));
  const ms = gs.filter((g) => !g.error || g.ms > 0).map((g) => g.ms);
  const latency_ms = { p50: r2(pct(ms, 50)), p99: r2(pct(ms, 99)) };
  console.log(`latency per answer: p50 ${latency_ms.p50} ms, p99 ${latency_ms.p99} ms`);
  return { total: gs.length, ...tot, parts, latency_ms };
}

const show = (v: unknown): string => (JSON.stringify(v) ?? 'undefined').slice(0, 80);

async function main(): Promise<void> {
  const sets = (['dev', 'project'] as const).filter((s) => !ONLY || s === ONLY);
  const all: Graded[] = [];
  console.log('memories:');
  for (const set of sets) {
    const fs = files(set);
    if (!fs.length) console.log(`  ${set}: no question file found${set === 'dev' ? ` (${join(paths.shared, 'questions', 'dev.json')}; set VIGIL_SHARED)` : ''}`);
    for (const f of fs) {
      const doc = JSON.parse(readFileSync(f, 'utf8')) as { clips: FileClip[] };
      for (const clip of doc.clips) all.push(...(await runClip(set, f, clip)));
    }
  }
  const summary: Record<string, ReturnType<typeof table>> = {};
  for (const set of sets) summary[set] = table(set, all.filter((g) => g.set === set));
  console.log('\nlatency by file:');
  for (const f of [...new Set(all.map((g) => `${g.set}/${g.file}`))]) {
    const xs = all.filter((g) => `${g.set}/${g.file}` === f).map((g) => g.ms);
    console.log(`  ${f.padEnd(24)} p50 ${r2(pct(xs, 50))} ms, p99 ${r2(pct(xs, 99))} ms (${xs.length} answers)`);
  }
  const ms = all.map((g) => g.ms);
  const latency = { p50: r2(pct(ms, 50)), p99: r2(pct(ms, 99)), max: r2(Math.max(...ms)), samples: ms.length };

  const wrong = all.filter((g) => g.outcome === 'wrong');
  const errors = all.filter((g) => g.error);
  if (wrong.length) console.log('\nwrong answers:');
  for (const g of wrong) {
    console.log(`  [${g.set} ${g.part}] ${g.q}\n      value ${show(g.value)}  truth ${show(g.expect)}${g.tol ? ` ±${g.tol}` : ''}\n      ${g.answer.replace(/\s+/g, ' ').slice(0, 240)}`);
  }
  if (errors.length) {
    console.log(`\nerrors (${errors.length}, counted as refused):`);
    for (const g of errors.slice(0, 20)) console.log(`  [${g.set}] ${g.q}: ${g.error}`);
  }
  const line = sets.map((s) => `${s} ${summary[s]?.right ?? 0}/${summary[s]?.total ?? 0} right, ${summary[s]?.wrong ?? 0} wrong, ${summary[s]?.refused ?? 0} refused`).join('; ');
  console.log(`\n${line}; latency p50 ${latency.p50} ms, p99 ${latency.p99} ms over ${latency.samples} answers`);
  console.log(`\n${historyLines(firstScores(join(root, 'bench', 'results'))).join('\n')}`);
  console.log(`\n${'='.repeat(20)}\nWRONG: ${wrong.length}\n${'='.repeat(20)}`);

  const out = {
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model ?? 'unknown', mem_gb: Math.round(totalmem() / 2 ** 30), node: process.version },
    sets: summary,
    latency_ms: latency,
    wrong: wrong.length,
    answers: all.map((g) => ({ ...g, ms: r2(g.ms), answer: g.answer.slice(0, 300) })),
    note: 'Asked in-process through ask() (offline planner), now = end of coverage, time zone UTC; graded as ../shared/questions/grade.py (list: number of items; refusal: value null). A refused answer has no value; a wrong one has a value that is not the truth.',
  };
  const file = join(root, 'bench', 'results', 'questions.json');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(out, null, 1)}\n`);
  console.log(`wrote ${file}`);
}

await main();
