/**
 * Probe slots shared by a daemon's cameras: while a camera's `auto` detector probes, it runs two
 * detectors on every detected frame, so cameras that start together would all double their cost at
 * once (16 cameras starting together dropped 16.7 % of frames for their first half-minute). A
 * camera probes only while it holds one of a few slots; the others run the primary alone (and the
 * picture as it comes) and take a slot as one frees, so the probes are staggered. The `auto`
 * detector's probe and the `auto` orientation's probe (five views per detected frame) each take one.
 */

import { availableParallelism } from 'node:os';

/**
 * Slots in the daemon: cameras probing at once (the rest wait their turn), one per core and at
 * least two. On 2 cores, 16 gated cameras starting together dropped 77.1 % of their frames over
 * their first 5-25 s with no slots, 5.9 % with 4, 2.3 % with 2 (`bench:perception`, BENCHMARKS.md).
 */
export const DEFAULT_PROBE_SLOTS = Math.max(2, availableParallelism());

/**
 * How long a holder keeps a slot while others wait (ms): a camera over a still, empty scene detects
 * so few frames that its probe could hold a slot for hours; after this it yields to a waiting one
 * (its probe goes on later, from where it was).
 */
export const PROBE_LEASE_MS = 30_000;

/** At most `max` holders at once; a holder past its lease yields its slot to one that asks. */
export class ProbeSlots {
  private readonly holders = new Map<object, number>();

  constructor(
    readonly max: number = DEFAULT_PROBE_SLOTS,
    private readonly leaseMs: number = PROBE_LEASE_MS,
    private readonly now: () => number = Date.now,
  ) {
    if (!Number.isInteger(max) || max < 1) throw new RangeError(`probe slots: a positive whole number, not ${max}`);
  }

  /**
   * Takes a slot for `holder` (true when it holds one already). When all are held, the holder that
   * has held its slot longest gives it up if that is longer than the lease; else false.
   */
  take(holder: object): boolean {
    if (this.holders.has(holder)) return true;
    const t = this.now();
    if (this.holders.size >= this.max) {
      let oldest: object | null = null;
      let since = Infinity;
      for (const [h, at] of this.holders) if (at < since) [oldest, since] = [h, at];
      if (!oldest || t - since <= this.leaseMs) return false;
      this.holders.delete(oldest);
    }
    this.holders.set(holder, t);
    return true;
  }

  /** Frees `holder`'s slot (nothing when it holds none). */
  release(holder: object): void {
    this.holders.delete(holder);
  }

  /** Slots held now. */
  get held(): number {
    return this.holders.size;
  }
}
