/**
 * One writer per data directory: `vigil start` and `vigil replay` hold `<data>/vigil.lock`, a
 * file created exclusively that names the holder (pid, when it started, which command). A second
 * writer on the directory is refused with the holder named. A lock whose holder is gone (killed,
 * a power cut) is taken over, and the caller logs it: the holder is gone when no process has its
 * pid, or the process with that pid started at another time than the holder did (the pid was
 * reused, e.g. pid 1 of a restarted container). `vigil ask` reads without the lock.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { VigilError } from '../ingest/errors/catalogue.js';
import type { Logger } from '../ingest/types.js';

/** Name of the lock file in the data directory. */
export const LOCK_FILE = 'vigil.lock';

/** What the lock file says about its holder. */
export interface LockHolder {
  pid: number;
  /** When the holder took the lock (ISO 8601). */
  startedAt: string;
  /** The holder's process start time (clock ticks since boot, Linux), to tell a reused pid. */
  procStart: number | null;
  /** The command that holds it (`start`, `replay`). */
  command: string;
}

/** A data directory held by another live process. */
export class DataDirLockError extends VigilError<'DATA_DIR_LOCKED'> {
  constructor(
    message: string,
    readonly holder: LockHolder,
  ) {
    super('DATA_DIR_LOCKED', message, holder);
  }
}

/** Lock files held by this process (a second take in the same process is refused too). */
const held = new Set<string>();

/** A process's start time in clock ticks since boot (field 22 of /proc/<pid>/stat), or null. */
export function procStart(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const v = Number(fields[19]);
    return Number.isFinite(v) ? v : null;
  } catch {
    return null;
  }
}

/** Whether the process that wrote `h` is still running. */
function alive(h: LockHolder, file: string): boolean {
  if (h.pid === process.pid) return held.has(file);
  try {
    process.kill(h.pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const now = procStart(h.pid);
  return h.procStart === null || now === null || now === h.procStart;
}

/** The holder a lock file names, or null when it is unreadable (a crash while writing it). */
function readHolder(file: string): LockHolder | null {
  try {
    const h = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockHolder>;
    if (typeof h.pid !== 'number' || !Number.isInteger(h.pid) || h.pid <= 0) return null;
    return { pid: h.pid, startedAt: String(h.startedAt ?? '?'), procStart: typeof h.procStart === 'number' ? h.procStart : null, command: String(h.command ?? '?') };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw e;
    return null;
  }
}

/** The running vigil that holds the lock of `dir`, or null when none does. */
export function liveHolder(dir: string): LockHolder | null {
  const file = join(dir, LOCK_FILE);
  try {
    const h = readHolder(file);
    return h && alive(h, file) ? h : null;
  } catch {
    return null;
  }
}

/** The lock of one data directory. */
export class DataDirLock {
  readonly file: string;
  private mine = false;

  constructor(
    readonly dir: string,
    private readonly command: string,
  ) {
    this.file = join(dir, LOCK_FILE);
  }

  /**
   * Takes the lock (creating the directory). Returns the holder of a stale lock it took over (for
   * the caller to log), else null.
   * @throws DataDirLockError when a live process holds it
   */
  acquire(): LockHolder | null {
    try {
      mkdirSync(this.dir, { recursive: true });
    } catch (e) {
      throw new Error(`cannot use ${this.dir} as the data directory: ${(e as NodeJS.ErrnoException).code === 'EEXIST' ? 'it is a file' : (e as Error).message}`, { cause: e });
    }
    const me: LockHolder = { pid: process.pid, startedAt: new Date().toISOString(), procStart: procStart(process.pid), command: this.command };
    let stale: LockHolder | null = null;
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        writeFileSync(this.file, `${JSON.stringify(me)}\n`, { flag: 'wx', mode: 0o644 });
        this.mine = true;
        held.add(this.file);
        return stale;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw new Error(`cannot create the lock file ${this.file}: ${(e as Error).message}`, { cause: e });
      }
      let h: LockHolder | null;
      try {
        h = readHolder(this.file);
      } catch {
        continue; // removed meanwhile: try again
      }
      if (h && alive(h, this.file)) {
        throw new DataDirLockError(`data directory ${this.dir} is in use by another vigil (pid ${h.pid}, "vigil ${h.command}" since ${h.startedAt}); stop it first or use another --data`, h);
      }
      stale = h ?? { pid: 0, startedAt: '?', procStart: null, command: '?' };
      this.takeOver(h);
    }
    throw new Error(`could not take the lock ${this.file}: other processes keep taking it`);
  }

  /** Removes a stale lock, unless another process replaced it meanwhile (then the next attempt sees that one). */
  private takeOver(stale: LockHolder | null): void {
    const moved = `${this.file}.stale-${process.pid}`;
    try {
      renameSync(this.file, moved);
    } catch {
      return;
    }
    const h = readHolder(moved);
    // the file moved was a fresh lock of a live process: put it back (it was taken meanwhile)
    if (h && (h.pid !== stale?.pid || h.startedAt !== stale.startedAt) && alive(h, this.file)) renameSync(moved, this.file);
    else rmSync(moved, { force: true });
  }

  /** Releases the lock (when held). Safe to call more than once. */
  release(): void {
    if (!this.mine) return;
    this.mine = false;
    held.delete(this.file);
    rmSync(this.file, { force: true });
  }
}

/**
 * Takes the lock of a data directory for a writing command, logs a stale lock taken over, and
 * releases it when the process exits (however it exits: a clean stop calls `release` sooner).
 * @throws DataDirLockError when a live process holds it
 */
export function holdDataDir(dir: string, command: string, log: Logger): DataDirLock {
  const lock = new DataDirLock(dir, command);
  const stale = lock.acquire();
  if (stale) log.warn({ lock: lock.file, holder: stale }, `took over the lock of ${lock.dir} from pid ${stale.pid} ("vigil ${stale.command}" since ${stale.startedAt}), which is no longer running`);
  process.once('exit', () => lock.release());
  return lock;
}
