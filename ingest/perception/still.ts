/**
 * Still objects keep their identity when picked up and put back. A bottle lifted off a table and
 * set down again in the same place is the same bottle, but the tracker ends its track while it is
 * away and re-ID on colour and shape cannot tell three alike bottles apart. So for classes that
 * stand still (not people, vehicles or animals), the place where an object last rested is kept
 * after its track ends; a new track of the same class that starts on that place takes back the
 * object's id. A track that is only lost (not ended yet: the tracker still hopes to find it)
 * gives up its place too once unseen for `lostMs`: a bottle carried back in the hand starts a new
 * track before the old one has run out.
 */
import { iou } from './postprocess.js';
import type { Box } from './types.js';

/** Classes that move by themselves: they never take back an id by place. */
export const MOVING_CLASSES: ReadonlySet<string> = new Set([
  'person',
  'bicycle',
  'car',
  'motorcycle',
  'airplane',
  'bus',
  'train',
  'truck',
  'boat',
  'vehicle',
  'bird',
  'cat',
  'dog',
  'horse',
  'sheep',
  'cow',
  'elephant',
  'bear',
  'zebra',
  'giraffe',
]);

/** Options of {@link StillPlaces}. */
export interface StillOptions {
  /** Least IoU between the new box and the resting box. */
  minIou: number;
  /** Or: the largest centre distance, as a fraction of the resting box's diagonal. */
  maxCentreDistance: number;
  /** How long a place is kept after its object's track ended, ms. */
  keepMs: number;
  /** Sightings in a row at (nearly) one place before it counts as a resting place. */
  restSightings: number;
  /** A live track unseen for this long (ms) is lost: a new track may take over its object. */
  lostMs: number;
}

/** Defaults: a bottle set down in its place overlaps its old box by far more than 0.3; one still in the hand above it is within half a diagonal (neighbouring bottles stood two diagonals apart on the bottle clip). Places are kept 10 min. */
export const DEFAULT_STILL: StillOptions = { minIou: 0.3, maxCentreDistance: 0.5, keepMs: 10 * 60_000, restSightings: 2, lostMs: 1000 };

interface Place {
  objectId: string;
  label: string;
  box: Box;
  endedAt: number;
}

interface Live {
  objectId: string;
  label: string;
  /** Last resting box, once the object stood still for `restSightings`. */
  rest: Box | null;
  prev: Box | null;
  run: number;
  /** Last sighting, ms. */
  seen: number;
  /** Its object was taken over by a newer track: it leaves no place when it ends. */
  replaced: boolean;
}

function centreDistance(a: Box, b: Box): number {
  const dx = (a.x1 + a.x2 - b.x1 - b.x2) / 2;
  const dy = (a.y1 + a.y2 - b.y1 - b.y2) / 2;
  return Math.hypot(dx, dy);
}

/** Resting places of one camera's still objects. */
export class StillPlaces {
  private readonly live = new Map<number, Live>();
  private places: Place[] = [];

  constructor(private readonly o: StillOptions = DEFAULT_STILL) {}

  /** Whether a class is a still-object class. */
  isStill(label: string): boolean {
    return !MOVING_CLASSES.has(label);
  }

  /**
   * The object a new track of `label` at `box` takes back: the nearest kept place of the same
   * class that it overlaps (or whose centre is close), not held by a live track. The place is
   * used up. Null for moving classes or when no place fits.
   */
  claim(label: string, box: Box, ts: number): string | null {
    const best = this.nearest(label, box, ts, new Set());
    if (!best) return null;
    const id = best.objectId;
    this.places = this.places.filter((p) => p.objectId !== id);
    if (best.live) best.live.replaced = true;
    return id;
  }

  /**
   * The object whose resting place a detection of `label` at `box` lands on (the one
   * {@link claim} would give back), without using the place up; objects in `exclude` are
   * skipped (already promised to another detection of the frame). Null when none fits.
   */
  restingPlace(label: string, box: Box, ts: number, exclude: ReadonlySet<string> = new Set()): string | null {
    return this.nearest(label, box, ts, exclude)?.objectId ?? null;
  }

  /** Best-fitting kept or lost-track resting place of `label` for `box` at `ts`. */
  private nearest(label: string, box: Box, ts: number, exclude: ReadonlySet<string>): { objectId: string; live: Live | null } | null {
    if (!this.isStill(label)) return null;
    this.places = this.places.filter((p) => ts - p.endedAt <= this.o.keepMs);
    const held = new Set([...this.live.values()].filter((l) => !l.replaced && ts - l.seen < this.o.lostMs).map((l) => l.objectId));
    // ended objects' places, then lost tracks' resting places
    const lost = [...this.live.values()].filter((l) => !l.replaced && l.rest && !held.has(l.objectId)).map((l) => ({ objectId: l.objectId, label: l.label, box: l.rest as Box, live: l }));
    const candidates = [...this.places.map((p) => ({ ...p, live: null as Live | null })), ...lost];
    let best: { c: (typeof candidates)[number]; score: number } | null = null;
    for (const c of candidates) {
      if (c.label !== label || held.has(c.objectId) || exclude.has(c.objectId)) continue;
      const ov = iou(c.box, box);
      const diag = Math.hypot(c.box.x2 - c.box.x1, c.box.y2 - c.box.y1);
      const d = diag > 0 ? centreDistance(c.box, box) / diag : Infinity;
      if (ov < this.o.minIou && d > this.o.maxCentreDistance) continue;
      const score = ov - d;
      if (!best || score > best.score) best = { c, score };
    }
    return best ? { objectId: best.c.objectId, live: best.c.live } : null;
  }

  /** A track of a still class now belongs to `objectId`, seen at `box`. */
  follow(trackId: number, objectId: string, label: string, box: Box, ts: number): void {
    if (!this.isStill(label)) return;
    this.live.set(trackId, { objectId, label, rest: null, prev: box, run: 1, seen: ts, replaced: false });
  }

  /** A sighting of a followed track: a box that stays put for `restSightings` becomes its resting place. */
  see(trackId: number, box: Box, ts: number): void {
    const l = this.live.get(trackId);
    if (!l) return;
    l.seen = ts;
    l.run = l.prev && iou(l.prev, box) >= 0.7 ? l.run + 1 : 1;
    l.prev = box;
    if (l.run >= this.o.restSightings) l.rest = box;
  }

  /** A followed track ended at `ts`: its object's resting place is kept for a while. */
  end(trackId: number, ts: number): void {
    const l = this.live.get(trackId);
    this.live.delete(trackId);
    if (!l?.rest || l.replaced) return;
    this.places = this.places.filter((p) => p.objectId !== l.objectId);
    this.places.push({ objectId: l.objectId, label: l.label, box: l.rest, endedAt: ts });
  }

  /**
   * Places of still objects known before this run (a restart): each is kept as if its track had
   * ended at `endedAt` (its last sighting), so a track that starts on it within `keepMs` takes the
   * object back. Objects with a place already are skipped; moving classes are ignored.
   */
  seed(places: readonly { objectId: string; label: string; box: Box; endedAt: number }[]): void {
    for (const p of places) {
      if (!this.isStill(p.label) || this.places.some((q) => q.objectId === p.objectId)) continue;
      this.places.push({ objectId: p.objectId, label: p.label, box: { ...p.box }, endedAt: p.endedAt });
    }
  }

  /** Whether a track's object was taken over by a newer track (its end is not the object's end). */
  replaced(trackId: number): boolean {
    return this.live.get(trackId)?.replaced ?? false;
  }

  /** Number of places kept. */
  get size(): number {
    return this.places.length;
  }
}
