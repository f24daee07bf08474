/**
 * Measures a frame rate over a sliding time window.
 */
export class FpsMeter {
  private times: number[] = [];
  constructor(private readonly windowMs = 5000) {}

  /** Records one frame at `t` (ms). */
  tick(t: number): void {
    this.times.push(t);
    const cut = t - this.windowMs;
    while (this.times.length > 0 && (this.times[0] ?? t) < cut) this.times.shift();
  }

  /** Frames per second as of `now`; 0 when no frame arrived within the window. */
  rate(now: number): number {
    const recent = this.times.filter((x) => x >= now - this.windowMs);
    if (recent.length < 2) return 0;
    const span = (recent[recent.length - 1] ?? 0) - (recent[0] ?? 0);
    return span > 0 ? Math.round(((recent.length - 1) * 1000 * 100) / span) / 100 : 0;
  }

  /** Forgets all frames. */
  clear(): void {
    this.times = [];
  }
}
