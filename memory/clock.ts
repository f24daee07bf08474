/**
 * The wall clock as the memory may trust it. NTP steps the wall clock of a box without a
 * real-time clock (a day ahead, then back); the monotonic clock never steps. Comparing how far
 * each moved between two reads tells a step from the passing of time, so a step is seen, counted
 * and reported, and retention ages data by a clock that does not follow a step forward.
 */

/** A step of the wall clock, seen between two reads. */
export interface ClockStep {
  /** Wall time just after the step, epoch ms. */
  at: number;
  /** How far the wall clock jumped beyond the time that passed, ms (negative: back). */
  deltaMs: number;
}

/** Options of a {@link WallClock}. */
export interface WallClockOptions {
  /** The wall clock, epoch ms (default `Date.now`). */
  wall?: () => number;
  /** A monotonic clock, ms (default `performance.now`). */
  mono?: () => number;
  /** A jump larger than this beyond the monotonic clock is a step, ms (default 2000). */
  toleranceMs?: number;
  /** Called once per step seen. */
  onStep?: (s: ClockStep) => void;
}

/** Default smallest jump read as a step, ms. */
export const CLOCK_STEP_TOLERANCE_MS = 2000;

/**
 * Watches the wall clock for steps. `read()` (call it often: every second) is the wall clock;
 * `steady()` is a clock for ageing data: it advances with the monotonic clock and never ahead of
 * the wall clock, so after a step forward it stays behind the wall clock by the step (nothing is
 * aged by the jump), and after a step back it follows the wall clock down.
 */
export class WallClock {
  private readonly wall: () => number;
  private readonly mono: () => number;
  private readonly tolerance: number;
  private readonly onStep: ((s: ClockStep) => void) | undefined;
  private lastWall: number;
  private lastMono: number;
  private steadyAt: number;
  /** Steps seen since this clock was made. */
  steps = 0;
  /** The latest step seen, or null. */
  lastStep: ClockStep | null = null;

  constructor(o: WallClockOptions = {}) {
    this.wall = o.wall ?? Date.now;
    this.mono = o.mono ?? (() => performance.now());
    this.tolerance = o.toleranceMs ?? CLOCK_STEP_TOLERANCE_MS;
    this.onStep = o.onStep;
    this.lastWall = this.wall();
    this.lastMono = this.mono();
    this.steadyAt = this.lastWall;
  }

  /** The wall clock now (epoch ms); a step since the last read is counted and reported. */
  read(): number {
    const w = this.wall();
    const m = this.mono();
    const passed = m - this.lastMono;
    const jump = w - this.lastWall - passed;
    const steady = this.steadyAt + passed;
    if (Math.abs(jump) > this.tolerance) {
      this.steps++;
      this.lastStep = { at: w, deltaMs: jump };
      try {
        this.onStep?.(this.lastStep);
      } catch {
        // a listener's failure is the listener's problem
      }
    }
    // in step with the wall clock (within the tolerance): follow it (NTP slews it a little); else never ahead of it
    this.steadyAt = Math.abs(w - steady) <= this.tolerance ? w : Math.min(steady, w);
    this.lastWall = w;
    this.lastMono = m;
    return w;
  }

  /** The steady clock now (epoch ms): never ahead of the wall clock, never moved forward by a step. */
  steady(): number {
    this.read();
    return this.steadyAt;
  }

  /** How far the steady clock trails the wall clock, ms (0 unless the wall clock stepped forward). */
  get behindMs(): number {
    return this.lastWall - this.steadyAt;
  }
}
