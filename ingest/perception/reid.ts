/**
 * Re-identification by VideoAgent's grouping rule: a track joins an object group only if it
 * shares no time with any member, its similarity with every member is above the low bar, and
 * with at least one member above the high bar. Otherwise it starts a new object. The similarity
 * of a track and a member is that of their best pair of views (each keeps a gallery of views).
 */
import { cosine } from './appearance.js';
import type { ObjectColours } from '../observations.js';
import { coloursClash } from './colour-match.js';
import { bestPair, Gallery, type Similarity } from './gallery.js';

/** Thresholds of the rule, for the similarity in use. */
export interface ReidOptions {
  /** Every member must be more similar than this. */
  low: number;
  /** At least one member must be more similar than this. */
  high: number;
  /** Groups with no member seen within this many ms are retired (bounded memory). */
  retireAfterMs: number;
  /**
   * Detections a new track of a moving class (a person walking in) may wait for more views before
   * it becomes a new object, when it matches no known object at once (0 or absent: never waits).
   * While it waits it is not counted.
   */
  waitDetections?: number;
}

/**
 * Defaults for the built-in colour+shape embedding, compared by `appearanceSimilarity` between
 * galleries (the best pair of views), calibrated with `npm run bench:identity` on
 * one-by-one-person-detection.mp4 looped, reversed, slowed and mirrored: a new track's first views
 * scored at most 0.913 with a different person (two men in black) and at least 0.933 with the same
 * person's earlier visit. The high bar sits between; the low bar keeps every member close
 * (returning people scored at least 0.907 with each of their earlier visits). See BENCHMARKS.md.
 */
export const DEFAULT_REID: ReidOptions = { low: 0.88, high: 0.918, retireAfterMs: 6 * 3600_000, waitDetections: 2 };

/** Most tracks an object keeps for comparison (its latest); older ones are forgotten. */
export const MAX_MEMBERS = 8;

/** Most views of an object kept for a later run (see {@link ReidGrouper.views}). */
export const MAX_STORED_VIEWS = 12;

/** A view at least this similar to a stored one adds nothing to the stored views. */
const STORED_NOVELTY = 0.985;

/** One track's summary as re-ID sees it. */
export interface ReidTrack {
  trackId: number;
  label: string;
  start: number;
  end: number;
  /** The track's mean embedding. */
  embedding: Float32Array;
  /** Its kept views (a gallery); absent or empty: the mean is its only view. */
  samples?: readonly Float32Array[];
  /** Its named colours so far (people and vehicles): a plain clash with a member's rules the member out. */
  colours?: ObjectColours;
}

/**
 * An object known before this run (read from the memory by the caller), so that a returning
 * object takes back its id after a restart.
 */
export interface ReidSeed {
  objectId: string;
  label: string;
  firstSeen: number;
  lastSeen: number;
  /** Its views (at least one; a stored mean embedding is one). */
  samples: readonly Float32Array[];
  /** Its stored colours, if named. */
  colours?: ObjectColours;
}

interface Group {
  objectId: string;
  label: string;
  members: ReidTrack[];
  lastSeen: number;
}

function viewsOf(t: ReidTrack): readonly Float32Array[] {
  return t.samples && t.samples.length > 0 ? t.samples : [t.embedding];
}

/**
 * The run stamp of a run number: the daemon (and `vigil replay`) takes the next number of the
 * data directory's run counter, kept in the memory, before any camera starts; object ids carry
 * the stamp, so they never repeat within the data directory across restarts, whatever the clock.
 */
export function runStamp(run: number): string {
  if (!Number.isSafeInteger(run) || run < 1) throw new RangeError(`a run number is a positive integer, not ${run}`);
  return `r${run.toString(36)}`;
}

/**
 * A run stamp for a grouper given none (tests, tools without a memory): the time in ms and 40
 * random bits, base 36. The random part keeps stamps apart when the clock steps back across a
 * restart (an edge box without a real-time clock before NTP), where the time alone would repeat.
 */
export function unpersistedRunStamp(now: number = Date.now(), random: () => number = Math.random): string {
  const bits = Math.floor(random() * 2 ** 20) * 2 ** 20 + Math.floor(random() * 2 ** 20);
  return `${Math.max(0, Math.floor(now)).toString(36)}${bits.toString(36).padStart(8, '0')}`;
}

/** Assigns object ids to tracks of one camera. */
export class ReidGrouper {
  private readonly groups: Group[] = [];
  private next = 1;

  /**
   * @param camera camera id (the first part of every object id)
   * @param opts grouping thresholds
   * @param run this run's stamp ({@link runStamp} of the data directory's run counter); omitted,
   *   an {@link unpersistedRunStamp}
   * @param similarity how two views compare (the built-in embedding: `appearanceSimilarity`)
   */
  constructor(
    private readonly camera: string,
    private readonly opts: ReidOptions = DEFAULT_REID,
    private readonly run: string = unpersistedRunStamp(),
    private readonly similarity: Similarity = cosine,
  ) {}

  /**
   * Adds objects known before this run (ignored when their id is known already): a later track
   * joins one by the same rule as any object. Seeds retire like other objects.
   */
  seed(seeds: readonly ReidSeed[]): void {
    let trackId = -1;
    for (const s of seeds) {
      if (s.samples.length === 0 || this.groups.some((g) => g.objectId === s.objectId)) continue;
      const member: ReidTrack = { trackId: trackId--, label: s.label, start: s.firstSeen, end: s.lastSeen, embedding: s.samples[0] as Float32Array, samples: s.samples, ...(s.colours ? { colours: s.colours } : {}) };
      this.groups.push({ objectId: s.objectId, label: s.label, members: [member], lastSeen: s.lastSeen });
    }
  }

  /**
   * Assigns the track to an existing object or a new one and returns the object id.
   * Among the groups that satisfy the rule, the one with the highest best-member similarity wins.
   * With `wait`, a track that fits no group while some group of its class shares no time with it
   * gets no id (null): more views may still match it. Objects in `busy` are in view elsewhere
   * right now (a track of theirs was just seen), so the track is not them. Objects in `near` were
   * lost a moment ago where the track starts (hidden behind someone): one of them needs only the
   * low bar when no object passes the high one.
   */
  assign(t: ReidTrack, wait: false, busy?: ReadonlySet<string>, near?: ReadonlySet<string>): string;
  assign(t: ReidTrack, wait: boolean, busy?: ReadonlySet<string>, near?: ReadonlySet<string>): string | null;
  assign(t: ReidTrack): string;
  assign(t: ReidTrack, wait = false, busy: ReadonlySet<string> = new Set(), near: ReadonlySet<string> = new Set()): string | null {
    this.retire(t.end);
    const views = viewsOf(t);
    let best: { g: Group; sim: number } | null = null;
    let close: { g: Group; sim: number } | null = null;
    for (const g of this.groups) {
      if (g.label !== t.label || busy.has(g.objectId)) continue;
      const top = this.fits(g, t, views);
      if (top > this.opts.high && (!best || top > best.sim)) best = { g, sim: top };
      if (near.has(g.objectId) && top > this.opts.low && (!close || top > close.sim)) close = { g, sim: top };
    }
    const chosen = best ?? close;
    if (chosen) return this.add(chosen.g, t);
    if (wait && this.groups.some((g) => g.label === t.label && g.members.every((m) => m.trackId === t.trackId || m.end < t.start || m.start > t.end))) return null;
    const objectId = `${this.camera}:${t.label}:${this.next++}-${this.run}`;
    this.groups.push({ objectId, label: t.label, members: [t], lastSeen: t.end });
    return objectId;
  }

  /**
   * The track's best similarity with the group's members when it shares no time with any of them,
   * is above the low bar with each (views of another length never are) and its named colours
   * clash with none (see `colour-match.ts`); else -Infinity.
   */
  private fits(g: Group, t: ReidTrack, views: readonly Float32Array[]): number {
    let top = -Infinity;
    for (const m of g.members) {
      if (m.trackId === t.trackId) continue;
      if (m.start <= t.end && t.start <= m.end) return -Infinity;
      if (coloursClash(t.colours, m.colours)) return -Infinity;
      const s = bestPair(views, viewsOf(m), this.similarity);
      if (!(s > this.opts.low)) return -Infinity;
      top = Math.max(top, s);
    }
    return top;
  }

  /** Puts the track in the group (replacing an older copy of it; the latest members kept). */
  private add(g: Group, t: ReidTrack): string {
    g.members = g.members.filter((m) => m.trackId !== t.trackId).concat(t).slice(-MAX_MEMBERS);
    g.lastSeen = Math.max(g.lastSeen, t.end);
    return g.objectId;
  }

  /**
   * Adds the track to a given object (a still object taken back by its place), whatever the
   * appearance says; recreates the group when it was retired. Returns the object id.
   */
  join(objectId: string, t: ReidTrack): string {
    const g = this.groups.find((x) => x.objectId === objectId);
    if (!g) this.groups.push({ objectId, label: t.label, members: [t], lastSeen: t.end });
    else this.add(g, t);
    return objectId;
  }

  /** Updates a member's time span and views (a live track grows). */
  update(objectId: string, t: ReidTrack): void {
    const g = this.groups.find((x) => x.objectId === objectId);
    if (g) this.add(g, t);
  }

  /**
   * The object's views as re-ID compares them (its members' galleries), reduced to at most `max`
   * diverse ones, the newest members' first: what a later run needs to take the object back.
   */
  views(objectId: string, max = MAX_STORED_VIEWS): Float32Array[] {
    const g = this.groups.find((x) => x.objectId === objectId);
    if (!g) return [];
    const kept = new Gallery(this.similarity, { size: max, novelty: STORED_NOVELTY });
    for (const m of [...g.members].reverse()) for (const v of viewsOf(m)) kept.add(v);
    return [...kept.samples];
  }

  /** Ids of the objects re-identification can still return (not retired). */
  known(): Set<string> {
    return new Set(this.groups.map((g) => g.objectId));
  }

  /** Number of objects known. */
  get size(): number {
    return this.groups.length;
  }

  private retire(now: number): void {
    for (let i = this.groups.length - 1; i >= 0; i--) {
      if (now - (this.groups[i]?.lastSeen ?? now) > this.opts.retireAfterMs) this.groups.splice(i, 1);
    }
  }
}
