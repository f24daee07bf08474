/**
 * Count-run index benchmark: `npm run bench:count-index` (node dist/bench/count-index.js).
 * A synthetic shelf day (BENCH_HOURS, default 24; BENCH_CAMERAS, default 8; 2 fps): per camera
 * three bottles, one taken about every 3 minutes and returned 20-120 s later, one-frame misses
 * (8 % of frames), a person now and then, a zone over the shelf. Measures:
 * - the write path: frames/s through `MemoryStore.write` (the index kept in the same batch), and
 *   the index writer alone over the same frames (µs per frame, index puts per frame);
 * - settled timelines read from the index against settled from frames (`frameTimeline`, what
 *   `planner/query/facts.ts` did at question time), p50/p99 over random instants and windows,
 *   and that every pair is equal;
 * - offline questions that read settled counts, with the index and with the index flag removed
 *   (the frame fallback), same answers;
 * - building the index from the frames of a store without it (the migration on open).
 * Writes bench/results/count-index.json and prints a summary.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FrameObservation } from '../ingest/observations.js';
import { CountRunWriter } from '../memory/count-runs.js';
import { MemoryStore } from '../memory/store.js';
import { askOffline } from '../planner/ask.js';
import { frameTimeline, timeline } from '../planner/query/facts.js';
import type { Place, Subject } from '../planner/query/schema.js';
import { mulberry32 } from './synthetic-memory.js';

const HOURS = Number(process.env.BENCH_HOURS ?? 24);
const CAMS = Number(process.env.BENCH_CAMERAS ?? 8);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const T0 = Date.parse('2026-11-20T00:00:00Z');
const END = T0 + HOURS * 3600_000;
const BATCH = 5000;
const cams = Array.from({ length: CAMS }, (_, i) => `cam${i}`);

/** The frames of one camera, in time order. */
function* shelf(camera: string, seed: number): Generator<FrameObservation> {
  const r = mulberry32(seed);
  let bottles = 3;
  let back = Infinity;
  for (let t = T0; t < END; t += 500) {
    if (bottles === 3 && r() < 1 / 360) {
      bottles = 2;
      back = t + 20_000 + r() * 100_000;
    } else if (t >= back) {
      bottles = 3;
      back = Infinity;
    }
    const seen = r() < 0.08 ? bottles - 1 : bottles;
    const counts: Record<string, number> = { bottle: seen };
    if (r() < 0.02) counts.person = 1;
    yield { kind: 'frame', camera, ts: t, motion: 0.1, detected: true, counts, objects: [], occupancy: { shelf: seen } };
  }
}

/** Every camera's frames interleaved by time. */
function* day(): Generator<FrameObservation> {
  const gens = cams.map((c, i) => shelf(c, 7 + i));
  for (;;) {
    let any = false;
    for (const g of gens) {
      const n = g.next();
      if (!n.done) {
        any = true;
        yield n.value;
      }
    }
    if (!any) return;
  }
}

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
}
const round = (x: number, d = 3): number => Math.round(x * 10 ** d) / 10 ** d;

async function writeDay(store: MemoryStore): Promise<number> {
  const t0 = performance.now();
  let pending: Promise<boolean>[] = [];
  let n = 0;
  for (const f of day()) {
    pending.push(store.write(f));
    n++;
    if (pending.length >= BATCH) {
      await Promise.all(pending);
      pending = [];
    }
  }
  await Promise.all(pending);
  await store.flush();
  return n / ((performance.now() - t0) / 1000);
}

/** The index writer alone over the day's frames, into a scratch store: µs per frame and puts per frame. */
async function writerAlone(dir: string): Promise<{ us_per_frame: number; puts_per_frame: number }> {
  const s = new MemoryStore({ dir });
  s.open();
  const d = s.dbs();
  let puts = 0;
  const count = (db: { put: (...a: never[]) => Promise<boolean> }): void => {
    const put = db.put.bind(db);
    db.put = (...a: never[]): Promise<boolean> => {
      puts++;
      return put(...a);
    };
  };
  count(d.counts);
  count(d.ctail);
  const w = new CountRunWriter(d);
  let n = 0;
  const t0 = performance.now();
  for (const f of day()) {
    w.frame(f.camera, f.ts, f.counts, f.occupancy);
    n++;
    if (n % BATCH === 0) await w.last;
  }
  await w.last;
  const ms = performance.now() - t0;
  await s.close();
  return { us_per_frame: round((ms * 1000) / n), puts_per_frame: round(puts / n, 4) };
}

function timed<T>(f: () => T): [T, number] {
  const t0 = performance.now();
  const v = f();
  return [v, performance.now() - t0];
}

/** Index and frames over random windows of each kind: p50/p99 ms each, and how many pairs differed. */
function timelines(store: MemoryStore): Record<string, unknown> {
  const rnd = mulberry32(42);
  const kinds: Record<string, (t: number) => [number, number]> = {
    now: (t) => [t, t + 1],
    last_hour: (t) => [t - 3600_000, t],
    whole_day: () => [T0, END + 1],
  };
  const subjects: [string, Subject, Place][] = [
    ['bottle', { classes: ['bottle'] }, { cameras: [] }],
    ['zone', { classes: [] }, { cameras: [], zone: 'shelf' }],
  ];
  const out: Record<string, unknown> = {};
  let differ = 0;
  for (const [kind, win] of Object.entries(kinds)) {
    for (const [name, s, p] of subjects) {
      const idx: number[] = [];
      const fr: number[] = [];
      const n = kind === 'whole_day' ? Math.max(5, SAMPLES / 20) : SAMPLES;
      for (let i = 0; i < n + 5; i++) {
        const cam = cams[Math.floor(rnd() * cams.length)] as string;
        const [from, to] = win(T0 + 3600_000 + rnd() * (END - T0 - 3600_000));
        const [a, ta] = timed(() => timeline(store, cam, s, p, from, to));
        const [b, tb] = timed(() => frameTimeline(store, cam, s, p, from, to));
        if (JSON.stringify(a) !== JSON.stringify(b)) differ++;
        if (i < 5) continue;
        idx.push(ta);
        fr.push(tb);
      }
      out[`${kind}_${name}`] = { index_p50_ms: round(pct(idx, 50)), index_p99_ms: round(pct(idx, 99)), frames_p50_ms: round(pct(fr, 50)), frames_p99_ms: round(pct(fr, 99)), ratio_p50: round(pct(fr, 50) / pct(idx, 50), 1) };
    }
  }
  out.differing = differ;
  return out;
}

const QUESTIONS = ['how many bottles are on cam3 now?', 'how many bottles are missing from cam3?', 'when was a bottle last taken on cam2?', 'how many times was a bottle taken on cam1 today?', 'how long was a bottle missing on cam5 today?'];

/** Offline questions with the index, then with its flag removed (frames settle them): p50 ms each and whether the answers agree. */
async function questions(store: MemoryStore): Promise<Record<string, unknown>> {
  const now = END - 1000;
  const run = (): { ms: number[]; answers: string[] } => {
    const ms: number[] = [];
    const answers: string[] = [];
    for (const q of QUESTIONS) {
      const xs: number[] = [];
      let a = '';
      for (let i = 0; i < 7; i++) {
        const [r, t] = timed(() => askOffline(q, store, { now, timeZone: 'UTC' }));
        a = r.answer.split('\n')[0] ?? '';
        if (i >= 2) xs.push(t);
      }
      ms.push(round(pct(xs, 50)));
      answers.push(a);
    }
    return { ms, answers };
  };
  const withIndex = run();
  await store.dbs().meta.remove(['index', 'counts']);
  const withFrames = run();
  await store.dbs().meta.put(['index', 'counts'], 1);
  const out: Record<string, unknown> = {};
  QUESTIONS.forEach((q, i) => {
    out[q] = { index_p50_ms: withIndex.ms[i], frames_p50_ms: withFrames.ms[i], ratio: round((withFrames.ms[i] ?? NaN) / (withIndex.ms[i] ?? NaN), 1), same_answer: withIndex.answers[i] === withFrames.answers[i], answer: withIndex.answers[i] };
  });
  return out;
}

/** Time to build the index from the frames on open (the migration of an older store). */
async function migration(dir: string): Promise<number> {
  let s = new MemoryStore({ dir });
  s.open();
  const d = s.dbs();
  await d.counts.clearAsync();
  await d.ctail.clearAsync();
  await d.meta.remove(['index', 'counts']);
  await s.close();
  s = new MemoryStore({ dir });
  const t0 = performance.now();
  s.open();
  await s.flush();
  const ms = performance.now() - t0;
  await s.close();
  return ms;
}

async function main(): Promise<void> {
  const base = mkdtempSync(join(tmpdir(), 'vigil-bench-cidx-'));
  try {
    const store = new MemoryStore({ dir: join(base, 'day') });
    store.open();
    const frames_per_s = Math.round(await writeDay(store));
    const runs = store.dbs().counts.getKeysCount();
    const writer = await writerAlone(join(base, 'writer'));
    const tl = timelines(store);
    const qs = await questions(store);
    await store.close();
    const migration_ms = Math.round(await migration(join(base, 'day')));
    const result = { hours: HOURS, cameras: CAMS, frames: HOURS * 7200 * CAMS, cpus: cpus().length, write: { frames_per_s, stored_runs: runs, writer_alone: writer, writer_share_of_frame_write: round((writer.us_per_frame * frames_per_s) / 1e6, 3) }, timelines: tl, questions: qs, migration_ms };
    const out = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bench', 'results', 'count-index.json');
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, JSON.stringify(result, null, 2) + '\n');
    process.stdout.write(JSON.stringify(result, null, 2) + '\n');
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

await main();
