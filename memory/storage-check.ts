/**
 * The start-time check of the memory's data file, before the process that asked maps it: first
 * its meta pages with plain reads (`meta-pages.ts`: a file truncated or overwritten at its head),
 * then a walk of every database in a child process (`storage-probe.ts`: damaged pages anywhere,
 * which may crash the reader). A damaged file can be moved aside (kept, renamed
 * `data.mdb.corrupt-<time>`) so a fresh memory starts in its place.
 */
import { spawn } from 'node:child_process';
import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkMetaPages, META_LAYOUT_KNOWN } from './meta-pages.js';
import { PROBE_DAMAGED, type WalkResult } from './storage-walk.js';

/**
 * The verdict on a data file: `ok` (intact, or no file yet), `damaged` (with why), or `unchecked`
 * (the walk could not run or took too long: the file is opened as it is, with a warning).
 */
export type StorageVerdict = Verdict & { ms: number };

/** A verdict without its timing. */
type Verdict = { verdict: 'ok'; walked: WalkResult | null } | { verdict: 'damaged' | 'unchecked'; reason: string };

/** LMDB error codes that mean the file is damaged (not, say, a permission problem). */
const DAMAGE_CODES = new Set([
  -30797, // MDB_PAGE_NOTFOUND
  -30796, // MDB_CORRUPTED
  -30795, // MDB_PANIC
  -30794, // MDB_VERSION_MISMATCH
  -30793, // MDB_INVALID
  -30787, // MDB_CURSOR_FULL (a page cycle)
  -30786, // MDB_PAGE_FULL
  -30782, // MDB_BAD_TXN
  5, // EIO
]);

/** Whether an error LMDB raised says the file is damaged (not, say, a permission problem). */
export function isDamageError(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'number' && DAMAGE_CODES.has(code);
}

/** Signals a reader dies of on a damaged mapped file (SIGABRT: an LMDB assertion). */
const CRASH_SIGNALS = new Set(['SIGSEGV', 'SIGBUS', 'SIGABRT', 'SIGILL', 'SIGFPE']);

const PROBE = fileURLToPath(new URL('./storage-probe.js', import.meta.url));

/** The data file of an environment directory. */
export function dataFile(envDir: string): string {
  return join(envDir, 'data.mdb');
}

/** Runs the walk in a child process; its verdict. */
function probe(envDir: string, timeoutMs: number): Promise<Verdict> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [PROBE, envDir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let timedOut = false;
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      resolve({ verdict: 'unchecked', reason: `the check process did not start: ${e.message}` });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (timedOut) return resolve({ verdict: 'unchecked', reason: `the walk of its databases took over ${Math.round(timeoutMs / 1000)} s` });
      // an abort of node itself (out of memory) says nothing about the file
      const nodeAbort = signal === 'SIGABRT' && /FATAL ERROR|out of memory|heap limit/i.test(err);
      if (signal && CRASH_SIGNALS.has(signal) && !nodeAbort) return resolve({ verdict: 'damaged', reason: `reading it crashed the check process (${signal})` });
      let r: { ok?: boolean; reason?: string; code?: unknown } & Partial<WalkResult> = {};
      try {
        r = JSON.parse(out.trim().split('\n').pop() ?? '{}') as typeof r;
      } catch {
        // no verdict printed: see below
      }
      if (code === 0 && r.ok) return resolve({ verdict: 'ok', walked: { dbs: r.dbs ?? 0, entries: r.entries ?? 0, bytes: r.bytes ?? 0 } });
      const reason = r.reason ?? (err.trim().split('\n').pop() || `the check process exited with ${signal ?? code}`);
      const damaged = code === PROBE_DAMAGED && (typeof r.code !== 'number' || DAMAGE_CODES.has(r.code));
      resolve({ verdict: damaged ? 'damaged' : 'unchecked', reason });
    });
  });
}

/**
 * Checks the data file of the environment in `envDir` (its meta pages, then a walk of every
 * database in a child process). A missing or empty file is `ok` (a new memory).
 * @param timeoutMs longest the walk may take before the file is opened unchecked
 * @param walk false: the meta pages only (a running daemon walked the file at its start)
 */
export async function checkStorage(envDir: string, timeoutMs = 60_000, walk = true): Promise<StorageVerdict> {
  const t0 = performance.now();
  const ms = (): number => Math.round(performance.now() - t0);
  const file = dataFile(envDir);
  if (!existsSync(file)) return { verdict: 'ok', ms: ms(), walked: null };
  let size: number;
  let meta;
  try {
    size = statSync(file).size;
    meta = META_LAYOUT_KNOWN ? checkMetaPages(file, size) : null;
  } catch (e) {
    return { verdict: 'unchecked', ms: ms(), reason: `its meta pages could not be read: ${(e as Error).message}` };
  }
  if (meta && !meta.ok) return { verdict: 'damaged', ms: ms(), reason: meta.reason };
  if (size === 0 || !walk) return { verdict: 'ok', ms: ms(), walked: null };
  return { ...(await probe(envDir, timeoutMs)), ms: ms() };
}

/**
 * Moves a damaged data file aside (renamed `data.mdb.corrupt-<UTC time>`, in the same directory)
 * and drops its lock table, so LMDB creates a fresh environment there. Returns the new path.
 */
export function moveAside(envDir: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  let aside = join(envDir, `data.mdb.corrupt-${stamp}`);
  for (let i = 2; existsSync(aside); i++) aside = join(envDir, `data.mdb.corrupt-${stamp}-${i}`);
  renameSync(dataFile(envDir), aside);
  rmSync(join(envDir, 'lock.mdb'), { force: true });
  return aside;
}
