/**
 * The memories the question benchmark asks: each shared clip replayed once with the real
 * `vigil replay`, and the synthetic day written through the store, cached under the temp folder by
 * clip (or day parameters) and by a hash of the built code that writes memory, so re-runs of the
 * benchmark skip the minutes of replay until that code changes (or `fresh` is asked).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryStore } from '../../memory/store.js';
import { mulberry32, observations, people } from '../synthetic-memory.js';
import type { FileClip } from './grade.js';

const CACHE = join(tmpdir(), 'vigil-bench-questions');

/** Hash of the built JavaScript under some folders of dist (what writes memory, not what answers). */
function codeHash(dist: string, dirs: readonly string[]): string {
  const h = createHash('sha256');
  const walk = (p: string): void => {
    if (!existsSync(p)) return;
    if (!statSync(p).isDirectory()) {
      if (p.endsWith('.js')) h.update(p.slice(dist.length)).update(readFileSync(p));
      return;
    }
    for (const name of readdirSync(p).sort()) walk(join(p, name));
  };
  for (const d of dirs) walk(join(dist, d));
  return h.digest('hex');
}

/** A cached folder by key: made by `make` into a fresh temp folder, then moved in place whole. */
async function cached(key: string, fresh: boolean, make: (dir: string) => Promise<boolean>): Promise<{ dir: string; hit: boolean } | null> {
  const dir = join(CACHE, key);
  if (!fresh && existsSync(join(dir, 'memory'))) return { dir, hit: true };
  mkdirSync(CACHE, { recursive: true });
  const tmp = `${dir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  if (!(await make(tmp))) {
    rmSync(tmp, { recursive: true, force: true });
    return null;
  }
  rmSync(dir, { recursive: true, force: true });
  renameSync(tmp, dir);
  return { dir, hit: false };
}

/** Where things are: the project root (with dist/) and the shared folder (with videos/). */
export interface Paths {
  root: string;
  shared: string;
}

/**
 * The data folder of a replayed clip.
 * @returns the folder, whether it came from the cache, and the replay's error when it failed
 */
export async function replayedClip(p: Paths, clip: FileClip, fresh: boolean): Promise<{ dir?: string; hit?: boolean; error?: string }> {
  const file = join(p.shared, clip.file ?? '');
  if (!clip.file || !existsSync(file)) return { error: `clip not found: ${file}` };
  const st = statSync(file);
  const dist = join(p.root, 'dist');
  const key = createHash('sha256')
    .update(JSON.stringify([clip.file, st.size, st.mtimeMs, clip.camera, clip.start, codeHash(dist, ['edge', 'ingest', 'memory'])]))
    .digest('hex')
    .slice(0, 16);
  let error = '';
  const got = await cached(`clip-${clip.camera}-${key}`, fresh, (dir) => {
    const args = [join(dist, 'edge', 'cli', 'main.js'), 'replay', file, '--camera', clip.camera, '--start', clip.start, '--data', dir];
    const r = spawnSync(process.execPath, args, { cwd: p.root, stdio: ['ignore', 'inherit', 'pipe'], timeout: 900_000, encoding: 'utf8' });
    const tail = (r.stderr ?? '').split(/[\r\n]/).filter(Boolean).slice(-1)[0] ?? '';
    if (r.status !== 0) error = `replay failed (${r.status ?? r.signal}): ${tail.slice(-300)}`;
    else process.stderr.write(`${tail}\n`);
    return Promise.resolve(r.status === 0);
  });
  return got ? got : { error };
}

/** The data folder of the synthetic day of bench/synthetic-memory.ts with the given parameters. */
export async function syntheticDay(p: Paths, day: NonNullable<FileClip['synthetic']>, fresh: boolean): Promise<{ dir: string; hit: boolean; records?: number }> {
  const dist = join(p.root, 'dist');
  const key = createHash('sha256')
    .update(JSON.stringify([day, codeHash(dist, ['ingest', 'memory', 'bench/synthetic-memory.js'])]))
    .digest('hex')
    .slice(0, 16);
  let records = 0;
  const got = await cached(`synthetic-${key}`, fresh, async (dir) => {
    const t0 = Date.parse(day.start);
    const end = t0 + day.hours * 3600_000;
    const cams = Array.from({ length: day.cameras }, (_, i) => `cam${i}`);
    const rnd = mulberry32(day.seed);
    const all = new Map(cams.map((c) => [c, people(c, t0, end, rnd)]));
    const store = new MemoryStore({ dir });
    store.open();
    let last: Promise<boolean> = Promise.resolve(true);
    for (const o of observations(all, cams, t0, end)) {
      last = store.write(o);
      // let the writer drain now and then, as the daemon does
      if (++records % 5000 === 0) await last;
    }
    await last;
    await store.flush();
    await store.close();
    return true;
  });
  if (!got) throw new Error('synthetic day not written');
  return { ...got, ...(records ? { records } : {}) };
}
