/**
 * Whether the memory accepts writes, and the watch on the writes it accepted. Writing stops when
 * free disk space falls below a reserve (and resumes above twice it) or when a write fails
 * (ENOSPC, MDB_MAP_FULL, an I/O error); after a failure the next write goes through as a probe.
 */
import { MemoryError } from './validate.js';

const noop = (): void => undefined;

/**
 * Marks the `commitError` of a failed lmdb-js write handled: a failed commit rejects each write's
 * promise with an error whose `commitError` is a second promise, rejected with the commit's own
 * error (ENOSPC, EIO, MDB_BAD_TXN); with no handler on it, that one is an unhandled rejection.
 * Returns the commit's error when there is one (a promise), else the write's.
 */
export function commitCause(e: unknown): Promise<unknown> {
  const ce = (e as { commitError?: Promise<unknown> } | null)?.commitError;
  return ce ? ce.then(() => e, (x: unknown) => x) : Promise.resolve(e);
}

/** `catch` handler of a write whose failure is ignored (the gate or the caller reports it): its commit error is handled too. */
export function ignoreWriteFailure(e: unknown): void {
  void commitCause(e);
}

/** Gate settings. */
export interface WriteGateOptions {
  /** Free bytes on the store's file system (may throw: the check is then skipped). */
  freeBytes: () => number;
  /** Free disk space, in MB, below which writing stops. Default 64. */
  minFreeMB?: number;
  /** How often, in ms, free space is checked and a failed store retries a write. Default 1000. */
  checkMs?: number;
}

/** The write gate of one open store. */
export class WriteGate {
  private open = true;
  private why: string | null = null;
  private diskFull = false;
  private lastCheck = 0;
  /** The guarded promise of the latest write, and the lmdb-js promise it guards. */
  private lastWrite: Promise<boolean> = Promise.resolve(true);
  private rawWrite: Promise<boolean> | null = null;

  constructor(private readonly o: WriteGateOptions) {}

  /** Whether writes are accepted. */
  get writable(): boolean {
    return this.open;
  }

  /** Why writes are refused (null while they are accepted). */
  get reason(): string | null {
    return this.why;
  }

  /** Checks free space at most every `checkMs` (always when `force`), stopping or resuming writing. */
  check(now: number, force = false): void {
    if (!force && now - this.lastCheck < (this.o.checkMs ?? 1000)) return;
    this.lastCheck = now;
    const reserve = (this.o.minFreeMB ?? 64) * 1024 * 1024;
    let free: number;
    try {
      free = this.o.freeBytes();
    } catch {
      return;
    }
    if (!this.diskFull && free < reserve) {
      this.diskFull = true;
      this.stop(`disk full: ${Math.round(free / 1048576)} MB free, below the ${Math.round(reserve / 1048576)} MB reserve`);
    } else if (this.diskFull && free >= 2 * reserve) {
      this.diskFull = false;
      this.resume();
    } else if (!this.diskFull && !this.open) {
      // a failed write: let the next write through as a probe
      this.resume();
    }
  }

  /** Checks free space (see `check`); the error to reject a write with while writing is stopped, else null. */
  refusal(now: number): MemoryError | null {
    this.check(now);
    return this.open ? null : new MemoryError('MEMORY_NOT_WRITABLE', `memory is not writable: ${this.why ?? 'unknown'}`);
  }

  /**
   * Watches a write. lmdb-js returns one promise per transaction for all its puts, so each is
   * guarded once (not once per put): the guarded promise is shared by the writes of a batch.
   */
  track(p: Promise<boolean>): void {
    if (p !== this.rawWrite) {
      this.rawWrite = p;
      this.lastWrite = this.guard(p);
      this.lastWrite.catch(noop);
    }
  }

  /** `track`, returning the guarded promise of the write's batch. */
  tracked(p: Promise<boolean>): Promise<boolean> {
    this.track(p);
    return this.lastWrite;
  }

  /** Resolves when the latest write tracked so far settled (failed or not). */
  settled(): Promise<void> {
    return this.lastWrite.then(noop, noop);
  }

  private stop(reason: string): void {
    this.open = false;
    this.why = reason;
  }

  private resume(): void {
    this.open = true;
    this.why = null;
  }

  /** A failure (ENOSPC, MDB_MAP_FULL, I/O error) stops writing until a probe succeeds. */
  private guard(p: Promise<boolean>): Promise<boolean> {
    return p.catch(async (e: unknown) => {
      const cause = await commitCause(e);
      const msg = cause instanceof Error ? cause.message : String(cause);
      this.stop(`write failed: ${msg}`);
      throw new MemoryError('MEMORY_WRITE_FAILED', `memory write failed: ${msg}`);
    });
  }
}
