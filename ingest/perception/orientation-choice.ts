/**
 * The per-camera choice of the `auto` orientation, as a small state machine with no I/O.
 *
 * A camera mounted upside down (a ceiling mount) defeats the detector: on the bottle clip turned
 * upside down CenterNet sees a "parking meter" and no bottle. While a camera probes, the detector
 * runs on each detected frame as it comes and on its `rotate180` and `vflip` versions; each version
 * scores the sum of its detection scores from {@link OrientationChoiceOptions.minScore}. After
 * `frames` probed frames on which some version saw anything (at most `maxFrames` probed frames in
 * all) the camera keeps one orientation for the rest of the run: a turned one only when it clearly
 * wins (`ratio` times the upright score over the probe, and more detections than upright on most of
 * the frames that saw anything), else upright (a tie, or nothing seen).
 * A chosen turn waits (`waiting`) for a detected frame with nothing tracked on the picture as it
 * comes, at most `waitFrames` of them, so the turn cuts no visit in two ({@link apply}). On the first
 * frame that saw anything, a turned picture that saw two things or more where upright saw none is
 * chosen at once: the frames before a later turn would have counted what was there as nothing.
 *
 * The detector hardly tells a picture from its mirror image, so `rotate180` and `vflip` score about
 * the same on a turned picture: `rotate180` (how a ceiling mount turns it) is taken unless `vflip`
 * clearly beats it. A camera with zones or lines is never turned by `auto` (they are drawn on the
 * picture as it comes): it stays upright with a warning to pin the orientation.
 */
import { SCENE_FIXTURES } from './coco.js';
import type { Orientation, OrientationSetting } from './orientation.js';

/** The orientations `auto` compares, upright first. */
export const PROBED = ['upright', 'rotate180', 'vflip', 'rotate90', 'rotate270'] as const;

/** One of {@link PROBED}. */
export type ProbedOrientation = (typeof PROBED)[number];

/** Tuning of {@link OrientationChoice}; counts are detected frames, not camera frames. */
export interface OrientationChoiceOptions {
  /** Probed frames on which some orientation saw anything that decide the choice. */
  frames: number;
  /** At most this many probed frames in all (a camera that sees nothing stays upright). */
  maxFrames: number;
  /** A turned orientation wins with at least this many times the upright score. */
  ratio: number;
  /** Detections from this score count. */
  minScore: number;
  /**
   * A chosen turn waits for a detected frame on which nothing is counted (so no visit is cut in
   * two by the turn), at most this many detected frames.
   */
  waitFrames: number;
}

/** Defaults: 12 frames that saw anything, within 120 detected frames (a minute at 2 fps). */
export const ORIENTATION_CHOICE_DEFAULTS: OrientationChoiceOptions = { frames: 12, maxFrames: 120, ratio: 1.5, minScore: 0.3, waitFrames: 20 };

/** What one orientation of one frame scored: the sum of its detection scores from `minScore`, and their number. */
export interface ViewScore {
  score: number;
  count: number;
  /** The same of the things cameras watch ({@link QUARTER_SUBJECTS}); absent: none of them. */
  subjects?: number;
}

/**
 * What a quarter turn must see to win: people, vehicles and the items a shelf holds. A picture on
 * its side turned the wrong way shows the detector odd shapes it reads as clocks, scissors or birds
 * (an empty shaking counter scored 3.97 turned a quarter, 1.27 upright); those decide no quarter turn.
 */
export const QUARTER_SUBJECTS: ReadonlySet<string> = new Set(['person', 'bicycle', 'car', 'motorcycle', 'bus', 'truck', 'bottle', 'cup', 'wine glass', 'vase']);

/** How a camera's orientation is set now (`waiting`: a turn chosen, not applied yet). */
export type OrientationMode = 'pinned' | 'probing' | 'waiting' | 'chosen';

/** What `/healthz` shows of a camera's orientation. */
export interface OrientationStatus {
  /** The config's setting. */
  setting: OrientationSetting;
  /** The orientation frames are turned to now. */
  orientation: Orientation;
  mode: OrientationMode;
  /** Frames probed, and those on which some orientation saw anything. */
  probed: number;
  seen: number;
  /** Summed scores of the probed orientations over the probe. */
  scores: Record<ProbedOrientation, number>;
  /** Why the camera runs as it does, in words. */
  reason: string;
  /** Set when the picture looks turned but `auto` kept it upright (the camera has zones or lines). */
  warning?: string;
}

/** The score of a frame's detections. */
export function viewScore(dets: readonly { score: number; label: string }[], minScore = ORIENTATION_CHOICE_DEFAULTS.minScore): ViewScore {
  let score = 0;
  let count = 0;
  let subjects = 0;
  for (const d of dets) {
    if (d.score < minScore || SCENE_FIXTURES.has(d.label)) continue;
    score += d.score;
    count++;
    if (QUARTER_SUBJECTS.has(d.label)) subjects += d.score;
  }
  return subjects > 0 ? { score, count, subjects } : { score, count };
}

const round = (x: number): number => Math.round(x * 100) / 100;

/** On one frame: upright saw nothing, a turned picture saw two things or more (scores summing to 0.9 or more). */
function decisive(s: Readonly<Record<ProbedOrientation, ViewScore>>): boolean {
  return s.upright.count === 0 && ([s.rotate180, s.vflip].some((v) => v.count >= 2 && v.score >= 0.9) || [s.rotate90, s.rotate270].some((v) => v.count >= 2 && (v.subjects ?? 0) >= 0.9));
}

/** The orientation of one camera; while {@link probing}, call {@link record} with each detected frame's scores. */
export class OrientationChoice {
  private o: Orientation;
  private m: OrientationMode;
  private probed = 0;
  private seen = 0;
  private readonly sums: Record<ProbedOrientation, number> = { upright: 0, rotate180: 0, vflip: 0, rotate90: 0, rotate270: 0 };
  /** Frames that saw anything on which a turned orientation had more detections than upright. */
  private readonly more: Record<ProbedOrientation, number> = { upright: 0, rotate180: 0, vflip: 0, rotate90: 0, rotate270: 0 };
  /** Summed scores of the things cameras watch, per orientation (what a quarter turn is judged by). */
  private readonly subjects: Record<ProbedOrientation, number> = { upright: 0, rotate180: 0, vflip: 0, rotate90: 0, rotate270: 0 };
  private why: string;
  private warn: string | undefined;
  private target: Orientation = 'upright';
  private waitLeft = 0;

  /**
   * @param setting the camera's `orientation` setting
   * @param zoned whether the camera has zones or lines (then `auto` never turns it)
   */
  constructor(
    private readonly setting: OrientationSetting,
    public zoned: boolean,
    private readonly opts: OrientationChoiceOptions = ORIENTATION_CHOICE_DEFAULTS,
  ) {
    this.o = setting === 'auto' ? 'upright' : setting;
    this.m = setting === 'auto' ? 'probing' : 'pinned';
    this.why = setting === 'auto' ? 'probing' : 'pinned by the config';
  }

  /** The orientation frames are turned to now. */
  get orientation(): Orientation {
    return this.o;
  }

  /** Whether the next detected frame is probed in every orientation. */
  get probing(): boolean {
    return this.m === 'probing';
  }

  /** Whether a chosen turn waits to be applied (call {@link apply} on each detected frame). */
  get waiting(): boolean {
    return this.m === 'waiting';
  }

  /**
   * Applies a chosen turn when `empty` (nothing counted on the picture as it comes) or once it
   * waited `waitFrames` detected frames; returns true when it was applied.
   */
  apply(empty: boolean): boolean {
    if (this.m !== 'waiting') return false;
    if (!empty && this.waitLeft-- > 0) return false;
    this.o = this.target;
    this.m = 'chosen';
    return true;
  }

  /** Ends a probe that cannot run (no detector): the picture stays as it comes. */
  stop(reason: string): void {
    if (this.m !== 'probing') return;
    this.m = 'chosen';
    this.why = reason;
  }

  /** Records one probed frame's scores; returns true when the choice was made on it (a turn then waits: {@link apply}). */
  record(s: Readonly<Record<ProbedOrientation, ViewScore>>): boolean {
    if (this.m !== 'probing') return false;
    this.probed++;
    if (PROBED.some((p) => s[p].count > 0)) {
      this.seen++;
      for (const p of PROBED) {
        this.sums[p] += s[p].score;
        this.subjects[p] += s[p].subjects ?? 0;
        if (s[p].count > s.upright.count) this.more[p]++;
      }
    }
    // the first frame that saw anything, when only a turned picture saw things on it: turned at once,
    // so the frames before the turn never counted what was there as nothing (a shelf of bottles from the start)
    const early = this.seen === 1 && decisive(s);
    if (!early && this.seen < this.opts.frames && this.probed < this.opts.maxFrames) return false;
    this.decide();
    return true;
  }

  private decide(): void {
    this.m = 'chosen';
    const { upright, rotate180, vflip, rotate90, rotate270 } = this.sums;
    if (this.seen === 0) {
      this.why = `nothing seen in any orientation on ${this.probed} probed frames: kept as it comes`;
      return;
    }
    // the detector hardly tells a mirror image apart: the ceiling mount's turn unless vflip clearly wins
    const half: ProbedOrientation = vflip >= this.opts.ratio * rotate180 && vflip > 0 ? 'vflip' : 'rotate180';
    // a camera on its side: a quarter turn wins over the half turns when it scores more, and only by
    // what cameras watch (people, vehicles, a shelf's items: clearly more of them than upright)
    const quarterTurn: ProbedOrientation = rotate270 > rotate90 ? 'rotate270' : 'rotate90';
    const seesMore = this.subjects[quarterTurn] > 0 && this.subjects[quarterTurn] >= this.opts.ratio * this.subjects.upright && this.subjects[quarterTurn] > this.subjects[half];
    const turned: ProbedOrientation = seesMore && this.sums[quarterTurn] > this.sums[half] ? quarterTurn : half;
    const score = this.sums[turned];
    const wins = score > 0 && score >= this.opts.ratio * upright && this.more[turned] * 2 > this.seen;
    const told = `upright ${round(upright)}, rotate180 ${round(rotate180)}, vflip ${round(vflip)}, rotate90 ${round(rotate90)}, rotate270 ${round(rotate270)} over ${this.seen} frames`;
    if (!wins) {
      this.why = `upright not clearly beaten (${told})`;
      return;
    }
    if (this.zoned) {
      this.why = `the picture looks turned (${told}) but the camera has zones or lines: kept as it comes`;
      this.warn = `the picture looks turned (${turned} scored ${round(score)}, upright ${round(upright)}); auto does not turn a camera with zones or lines: set "orientation: ${turned}" (or "upright") in the camera's config`;
      return;
    }
    this.target = turned;
    this.m = 'waiting';
    this.waitLeft = this.opts.waitFrames;
    this.why = `${turned} clearly beat upright (${told})`;
  }

  /** The state shown in `/healthz`. */
  status(): OrientationStatus {
    const scores = Object.fromEntries(PROBED.map((p) => [p, round(this.sums[p])])) as Record<ProbedOrientation, number>;
    const reason = this.m === 'probing' ? `probing: ${this.seen} of ${this.opts.frames} frames seen (${this.probed} probed, at most ${this.opts.maxFrames})` : this.why;
    const why = this.m === 'waiting' ? `${this.why}; turned once nothing is counted` : reason;
    return { setting: this.setting, orientation: this.o, mode: this.m, probed: this.probed, seen: this.seen, scores, reason: why, ...(this.warn ? { warning: this.warn } : {}) };
  }
}
