/**
 * Whether a track has switched to another object. The tracker associates by position: a person
 * who leaves and another who steps into the same place within the track's lost time become one
 * track, so one object, one visit. Appearance says otherwise: after a gap in the track's
 * sightings, views that match none of the track's kept views, twice in a row, are another object
 * from the first of them on (the caller splits the track there). A single odd view (a turn, a
 * hand in front) does not split, and neither does a track seen fewer than `minViews` times: a
 * person just stepping in at an edge (two partial views, then a stuttering camera's freeze) has
 * no appearance yet to be unlike.
 */
import { bestPair, type Similarity } from './gallery.js';

/** When a track counts as switched. */
export interface SwitchOptions {
  /** Only a sighting at least this long after the previous one may start a doubt, ms. */
  gapMs: number;
  /** A view whose best similarity with the track's views is below this is unlike them (after a gap of `gapMs`). */
  below: number;
  /**
   * Rise of `below` per second of gap beyond `gapMs`, up to `maxBelow`: the longer a track went
   * unseen, the likelier the one found in its place is someone else, so the more alike the views
   * must be to keep it (a person who steps out and another who steps in 4 s later at the same place).
   */
  belowPerSecond: number;
  /** Upper bound of the rising threshold. */
  maxBelow: number;
  /** Unlike views in a row that make a switch. */
  views: number;
  /** Sightings the track must have before any doubt: fewer are not an appearance to hold against. */
  minViews: number;
  /**
   * How long the unlike views must go on, from the first of them, to make a switch, ms: a person who
   * turns to leave after standing still (the motion gate skipped the detector meanwhile) shows
   * unlike views for the moment it takes to walk out, and the track ends in doubt (no switch); one
   * who stepped into another's place stays.
   */
  minMs: number;
}

/**
 * Defaults for the built-in embedding: a gap of a missed detection at 2 fps; 0.8 is below every
 * view of a person against the rest of their own track on the one-by-one clip (0.9 and up) and
 * above most different people's (0.7-0.89: lookalikes are left joined, never a person split).
 * After 4 s unseen (the tracker's longest wait) a view must reach 0.875, still under the 0.9 of a
 * person's own views.
 */
export const DEFAULT_SWITCH: SwitchOptions = { gapMs: 1000, below: 0.8, belowPerSecond: 0.025, maxBelow: 0.875, views: 2, minViews: 3, minMs: 1500 };

/** What a sighting says: the same object, a doubt (the next unlike view makes a switch), or a switch. */
export type SwitchCheck = 'same' | 'doubt' | 'switched';

/** Watches one track's views for a switch to another object. */
export class SwitchWatch {
  private doubt: { since: number; last: number; views: Float32Array[]; below: number } | null = null;
  /** Sightings judged the track's own, the one that started it included. */
  private sightings = 1;

  constructor(
    private readonly sim: Similarity,
    private readonly o: SwitchOptions = DEFAULT_SWITCH,
  ) {}

  /**
   * A sighting at `ts`, the previous one at `prev`: `view()` is its embedding (computed only when
   * needed), `known` the track's kept views.
   */
  check(ts: number, prev: number, view: () => Float32Array, known: readonly Float32Array[]): SwitchCheck {
    if (!this.doubt && (ts - prev < this.o.gapMs || this.sightings < this.o.minViews)) return this.same();
    const v = view();
    const below = this.doubt?.below ?? this.belowAfter(ts - prev);
    if (known.length === 0 || bestPair([v], known, this.sim) >= below) return this.same();
    this.doubt ??= { since: ts, last: ts, views: [], below };
    this.doubt.views.push(v);
    this.doubt.last = ts;
    return this.switchedBy(ts) ? 'switched' : 'doubt';
  }

  /** Whether the doubt in progress makes a switch at `ts`: enough unlike views, for long enough. */
  private switchedBy(ts: number): boolean {
    return this.doubt !== null && this.doubt.views.length >= this.o.views && ts - this.doubt.since >= this.o.minMs;
  }

  /** The similarity a view after a gap of `gapMs` must reach to be the track's own. */
  private belowAfter(gapMs: number): number {
    const over = Math.max(0, gapMs - this.o.gapMs) / 1000;
    return Math.min(this.o.maxBelow, this.o.below + over * this.o.belowPerSecond);
  }

  private same(): 'same' {
    this.doubt = null;
    this.sightings++;
    return 'same';
  }

  /** Views of the doubt in progress (none when there is no doubt). */
  get doubted(): readonly Float32Array[] {
    return this.doubt?.views ?? [];
  }

  /** The first sighting of the other object and its views, once switched (else null). */
  get other(): { since: number; views: readonly Float32Array[] } | null {
    return this.doubt && this.switchedBy(this.doubt.last) ? this.doubt : null;
  }
}
