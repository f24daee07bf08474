/**
 * Start-time cost of the storage check (issue 23, item 4): `node dist/bench/storage-check.js`.
 * Builds a synthetic memory of a realistic size (the benchmarks' camera day, BENCH_CAMERAS cameras
 * for BENCH_HOURS hours, default 2 x 4 h, every 2 s segment with a BENCH_KEYFRAME_KB keyframe,
 * default 20 KB like a 640x360 JPEG: about 300 MB), then times, BENCH_RUNS times (default 5), the
 * check `vigil start` and `vigil ask` run before they map the file (`checkStorage`: meta pages,
 * then the walk of every database in a child process) against a plain open and close of the store.
 * BENCH_COLD=1 drops the data file from the page cache before each check (posix_fadvise through
 * python3; only that file), as after a reboot. Prints the medians and writes
 * bench/results/storage-check[-cold].json.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkStorage } from '../memory/storage-check.js';
import { MemoryStore } from '../memory/store.js';
import { mulberry32, observations, people } from './synthetic-memory.js';

const HOURS = Number(process.env.BENCH_HOURS ?? 4);
const CAMS = Number(process.env.BENCH_CAMERAS ?? 2);
const KEYFRAME_KB = Number(process.env.BENCH_KEYFRAME_KB ?? 20);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const COLD = process.env.BENCH_COLD === '1';

/** Drops a file's pages from the page cache. */
function evict(file: string): void {
  execFileSync('python3', ['-c', 'import os,sys; fd=os.open(sys.argv[1], os.O_RDONLY); os.fsync(fd); os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)', file]);
}
const T0 = Date.parse('2026-11-20T00:00:00Z');
const END = T0 + HOURS * 3600_000;

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const duMB = (path: string): number => Number(execFileSync('du', ['-sk', path], { encoding: 'utf8' }).split(/\s/)[0]) / 1024;

/** Writes the synthetic memory (keyframes of pseudo-random bytes: JPEG data does not compress either). */
async function build(dir: string): Promise<number> {
  const rnd = mulberry32(42);
  const cams = Array.from({ length: CAMS }, (_, i) => `cam${i}`);
  const all = new Map(cams.map((c) => [c, people(c, T0, END, rnd)]));
  const jpeg = Buffer.alloc(KEYFRAME_KB * 1024);
  for (let i = 0; i < jpeg.length; i++) jpeg[i] = Math.floor(rnd() * 256);
  // retention far enough back that nothing of the day expires while it is written
  const store = new MemoryStore({ dir, retention: { rawMs: 3650 * 86400_000, eventsMs: 3650 * 86400_000, minutesMs: 3650 * 86400_000, hoursMs: 3650 * 86400_000 } });
  store.open();
  let n = 0;
  for (const o of observations(all, cams, T0, END)) {
    // each keyframe differs a little (its first bytes), as frames do
    if (o.kind === 'segment') jpeg.writeDoubleLE(o.start, 0);
    const w = o.kind === 'segment' ? store.writeSegment({ ...o, keyframe: jpeg }) : store.write(o);
    if (++n % 5000 === 0) await w;
  }
  await store.flush();
  await store.close();
  return n;
}

/** Time of an open and close of the store, as the daemon did before the check, ms. */
async function plainOpen(dir: string): Promise<number> {
  const t0 = performance.now();
  const s = new MemoryStore({ dir, readOnly: true });
  s.open();
  s.cameras();
  await s.close();
  return performance.now() - t0;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-bench-check-'));
  try {
    const tw = performance.now();
    const records = await build(dir);
    const mb = duMB(join(dir, 'memory'));
    console.log(`memory: ${records} records, ${mb.toFixed(0)} MB on disk, written in ${((performance.now() - tw) / 1000).toFixed(1)} s`);
    const checks: number[] = [];
    const opens: number[] = [];
    let entries = 0;
    for (let i = 0; i < RUNS; i++) {
      if (COLD) evict(join(dir, 'memory', 'data.mdb'));
      const v = await checkStorage(join(dir, 'memory'));
      if (v.verdict !== 'ok') throw new Error(`the intact memory was found ${v.verdict}: ${v.reason}`);
      entries = v.walked?.entries ?? 0;
      checks.push(v.ms);
      opens.push(await plainOpen(dir));
    }
    const out = {
      command: 'node dist/bench/storage-check.js',
      machine: { cpus: cpus().length, model: cpus()[0]?.model ?? '?' },
      memory: { cameras: CAMS, hours: HOURS, keyframeKB: KEYFRAME_KB, records, entriesWalked: entries, diskMB: Math.round(mb) },
      runs: RUNS,
      pageCache: COLD ? 'cold (data file evicted before each check)' : 'warm',
      checkMs: { median: Math.round(median(checks)), all: checks },
      plainOpenMs: { median: Math.round(median(opens)), all: opens.map((x) => Math.round(x)) },
    };
    console.log(`check (meta pages + walk of every database in a child, ${out.pageCache} page cache): median ${out.checkMs.median} ms over ${RUNS} runs (${checks.join(', ')}); plain open: median ${out.plainOpenMs.median} ms`);
    const results = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bench', 'results');
    mkdirSync(results, { recursive: true });
    writeFileSync(join(results, `storage-check${COLD ? '-cold' : ''}.json`), `${JSON.stringify(out, null, 2)}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
