/**
 * Gives the memory of a request burst back once the burst is over. During a flood of large reads
 * V8 grows its heap (measured: 35 -> 67 MB committed for 31 MB in use) and, with cameras still
 * busy on the loop, does not shrink it again on its own (still 67 MB a minute later). When the
 * admission gate has been idle for {@link QUIET_MS} after a burst and the heap holds more than
 * {@link SLACK_BYTES} beyond what it uses, one full, memory-reducing garbage collection runs
 * (through the in-process inspector: no flag, no port), which returns the slack to the system.
 */
import { Session } from 'node:inspector';
import { getHeapStatistics } from 'node:v8';

/** Time without admitted requests after which a burst counts as over, ms. */
export const QUIET_MS = 5000;
/** Committed heap beyond the heap in use that is worth a full collection, bytes. */
export const SLACK_BYTES = 24 * 1024 * 1024;

/** What the trimmer watches. */
export interface TrimTarget {
  /** Whether requests are in flight or waiting. */
  busy(): boolean;
  /** A counter that moves with every admitted request. */
  activity(): number;
}

/** Counters (for `/healthz`). */
export interface TrimStats {
  /** Full collections run. */
  trims: number;
  /** Committed heap they gave back, MB. */
  freedMb: number;
  /** Time they held the loop, ms. */
  ms: number;
}

/**
 * Runs one full collection (the in-process session dispatches it on a later tick); the heap's
 * committed bytes before and after, and the time until it was done.
 */
function collect(): Promise<{ before: number; after: number; ms: number }> {
  const before = getHeapStatistics().total_heap_size;
  const s = new Session();
  s.connect();
  const t0 = performance.now();
  return new Promise((resolve) => {
    s.post('HeapProfiler.collectGarbage', () => {
      const ms = performance.now() - t0;
      // disconnecting inside the session's own callback deadlocks the thread
      setImmediate(() => s.disconnect());
      resolve({ before, after: getHeapStatistics().total_heap_size, ms });
    });
  });
}

/** Trims the heap after bursts of requests. */
export class HeapTrimmer {
  readonly stats: TrimStats = { trims: 0, freedMb: 0, ms: 0 };
  private timer: NodeJS.Timeout | null = null;
  /** Activity at the last trim or check that found nothing to do. */
  private settled = -1;

  constructor(
    private readonly target: TrimTarget,
    private readonly o: { quietMs?: number; slackBytes?: number } = {},
  ) {}

  /** Tells the trimmer that the gate went idle; a check follows once it stayed quiet. */
  idle(): void {
    if (this.timer || this.target.activity() === this.settled) return;
    const mark = this.target.activity();
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.target.busy()) return;
      if (this.target.activity() !== mark) return this.idle();
      this.settled = mark;
      void this.trim();
    }, this.o.quietMs ?? QUIET_MS);
    this.timer.unref();
  }

  /** Collects when the heap's slack exceeds the threshold; resolves with whether it did. */
  async trim(): Promise<boolean> {
    const h = getHeapStatistics();
    if (h.total_heap_size - h.used_heap_size < (this.o.slackBytes ?? SLACK_BYTES)) return false;
    const { before, after, ms } = await collect();
    this.stats.trims++;
    this.stats.ms += Math.round(ms);
    this.stats.freedMb += Math.max(0, Math.round((before - after) / 1048576));
    return true;
  }

  /** Cancels a pending check. */
  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
