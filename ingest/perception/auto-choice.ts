/**
 * The per-camera choice of the `auto` detector, as a small state machine with no I/O.
 *
 * CenterNet (COCO) sees people and things at eye level and misses vehicles seen from a high
 * camera, which the Open Images SSD sees. A camera starts by probing: both detectors run on every
 * detected frame and the SSD's vehicles that CenterNet did not report are added. When the SSD adds
 * a vehicle on enough probed frames, the camera keeps both for the rest of the run (`fused`);
 * otherwise it runs CenterNet alone (`primary`) and probes again from time to time, so a scene that
 * first showed no vehicle is looked at again. Given shared {@link ProbeSlots}, a camera probes only
 * while it holds a slot: until then its frames run the primary alone and count for nothing.
 */
import type { ProbeSlots } from './probe-slots.js';

/** How a camera's `auto` detector runs now. */
export type AutoMode = 'probing' | 'primary' | 'fused';

/** Tuning of {@link AutoChoice}; counts are detected frames, not camera frames. */
export interface AutoChoiceOptions {
  /** Frames probed at the start. */
  probeFrames: number;
  /** Frames run by the primary alone between two probes. */
  reprobeEvery: number;
  /** Frames probed again after `reprobeEvery`. */
  reprobeFrames: number;
  /** Probed frames where the secondary added a vehicle that make the camera keep both. */
  minAddedFrames: number;
}

/** Defaults: 60 frames (30 s at 2 fps) first, then 20 frames every 1200 (10 min at 2 fps). */
export const AUTO_CHOICE_DEFAULTS: AutoChoiceOptions = { probeFrames: 60, reprobeEvery: 1200, reprobeFrames: 20, minAddedFrames: 3 };

/** What `/healthz` shows of a camera's choice. */
export interface AutoStatus {
  mode: AutoMode;
  /** The detectors the camera runs now, e.g. `centernet` or `centernet+ssd-oidv4`. */
  running: string;
  /** Frames probed so far in this run. */
  probed: number;
  /** Probed frames on which the secondary added a vehicle. */
  addedFrames: number;
  /** Why the camera runs as it does, in words. */
  reason: string;
}

/** The choice of one camera; call {@link runsSecondary} before a detection and {@link record} after. */
export class AutoChoice {
  private m: AutoMode = 'probing';
  private left: number;
  private sinceProbe = 0;
  private probed = 0;
  private added = 0;
  private addedThisProbe = 0;
  /** Whether the last frame of a probe ran without a slot (it counts for nothing). */
  private waiting = false;

  constructor(
    private readonly names: { primary: string; secondary: string },
    private readonly o: AutoChoiceOptions = AUTO_CHOICE_DEFAULTS,
    private readonly slots: ProbeSlots | null = null,
  ) {
    this.left = o.probeFrames;
  }

  /** The current mode. */
  get mode(): AutoMode {
    return this.m;
  }

  /** Whether the next detected frame runs the secondary detector too (a probe takes a slot first, when slots are shared). */
  runsSecondary(): boolean {
    if (this.m === 'fused') return true;
    if (this.m === 'primary') return false;
    this.waiting = this.slots !== null && !this.slots.take(this);
    return !this.waiting;
  }

  /** Frees this choice's probe slot (the camera stopped, or its choice starts over). */
  close(): void {
    this.slots?.release(this);
  }

  /**
   * Records one detected frame: `added` is the number of the secondary's vehicles the primary did
   * not report (null when the secondary did not run). Returns the new mode when it changed.
   */
  record(added: number | null): AutoMode | null {
    if (this.m === 'fused') return null;
    if (this.m === 'primary') {
      if (++this.sinceProbe < this.o.reprobeEvery) return null;
      this.m = 'probing';
      this.left = this.o.reprobeFrames;
      this.addedThisProbe = 0;
      return this.m;
    }
    if (this.waiting) return null;
    this.probed++;
    if (added !== null && added > 0) {
      this.added++;
      this.addedThisProbe++;
    }
    if (this.addedThisProbe >= this.o.minAddedFrames) {
      this.m = 'fused';
      this.close();
      return this.m;
    }
    if (--this.left > 0) return null;
    this.close();
    this.m = 'primary';
    this.sinceProbe = 0;
    return this.m;
  }

  /** The state shown in `/healthz`. */
  status(): AutoStatus {
    const { primary, secondary } = this.names;
    const reason =
      this.m === 'fused'
        ? `${secondary} found vehicles ${primary} missed on ${this.addedThisProbe} probed frames; both run`
        : this.m === 'primary'
          ? `${secondary} added no vehicle ${primary} missed on ${this.o.minAddedFrames} probed frames; ${primary} alone until the next probe`
          : this.waiting
            ? `waiting to probe: ${this.slots?.max ?? 0} cameras probe at once; ${primary} alone meanwhile`
            : `probing: both run (${this.left} frames left)`;
    const alone = this.m === 'primary' || (this.m === 'probing' && this.waiting);
    return { mode: this.m, running: alone ? primary : `${primary}+${secondary}`, probed: this.probed, addedFrames: this.added, reason };
  }
}
