/**
 * Turns at a shared detector. Cameras that share one detector take turns in arrival order, and
 * a camera picks the frame it sends only once its turn has come (see `CameraSession.fresher`).
 * A frame therefore never waits in the detector's queue behind other cameras' frames: with more
 * cameras than the detector can serve, each camera is detected less often, but every detection
 * runs on a frame captured at most one frame interval earlier, which bounds alert latency.
 */
export class Turns {
  private held = 0;
  private readonly waiting: (() => void)[] = [];
  /** Turns granted so far. */
  granted = 0;
  /** Total milliseconds spent waiting for a turn. */
  waitedMs = 0;

  /** @param slots how many holders may run at once (the detector's worker count). */
  constructor(readonly slots = 1) {
    if (!(slots >= 1)) throw new RangeError(`Turns: slots must be at least 1 (got ${slots})`);
  }

  /** Waits for a turn; resolves with the function that ends it (safe to call more than once). */
  acquire(): Promise<() => void> {
    const t0 = Date.now();
    const grant = (): (() => void) => {
      this.granted++;
      this.waitedMs += Date.now() - t0;
      let done = false;
      return () => {
        if (done) return;
        done = true;
        this.release();
      };
    };
    if (this.held < this.slots) {
      this.held++;
      return Promise.resolve(grant());
    }
    return new Promise((resolve) => {
      this.waiting.push(() => resolve(grant()));
    });
  }

  /** Callers waiting for a turn. */
  get queued(): number {
    return this.waiting.length;
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.held--;
  }
}
