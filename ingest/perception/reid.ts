/**
 * Re-identification by VideoAgent's grouping rule: a track joins an object group only if it
 * shares no time with any member, its similarity with every member is above the low bar, and
 * with at least one member above the high bar. Otherwise it starts a new object.
 */
import { cosine } from './appearance.js';

/** Thresholds of the rule, for the similarity in use. */
export interface ReidOptions {
  /** Every member must be more similar than this. */
  low: number;
  /** At least one member must be more similar than this. */
  high: number;
  /** Groups with no member seen within this many ms are retired (bounded memory). */
  retireAfterMs: number;
}

/**
 * Defaults for the offline colour+shape embedding (cosine = mean of colour and shape cosines),
 * calibrated on one-by-one-person-detection.mp4 with `bench/reid-calibrate.ts`: halves of one
 * person's track scored 0.97-0.995, six different people at most 0.945 (two men both in black).
 * The high bar sits between; the low bar keeps every member close. See BENCHMARKS.md.
 */
export const DEFAULT_REID: ReidOptions = { low: 0.9, high: 0.955, retireAfterMs: 6 * 3600_000 };

/** One track's summary as re-ID sees it. */
export interface ReidTrack {
  trackId: number;
  label: string;
  start: number;
  end: number;
  embedding: Float32Array;
}

interface Group {
  objectId: string;
  label: string;
  members: ReidTrack[];
  lastSeen: number;
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
   */
  constructor(
    private readonly camera: string,
    private readonly opts: ReidOptions = DEFAULT_REID,
    private readonly run: string = unpersistedRunStamp(),
  ) {}

  /**
   * Assigns the track to an existing object or a new one and returns the object id.
   * Among the groups that satisfy the rule, the one with the highest best-member similarity wins.
   */
  assign(t: ReidTrack): string {
    this.retire(t.end);
    let best: { g: Group; sim: number } | null = null;
    for (const g of this.groups) {
      if (g.label !== t.label) continue;
      let ok = true;
      let top = -Infinity;
      for (const m of g.members) {
        if (m.trackId === t.trackId) continue;
        if (m.start <= t.end && t.start <= m.end) {
          ok = false;
          break;
        }
        const s = cosine(m.embedding, t.embedding);
        if (s <= this.opts.low) {
          ok = false;
          break;
        }
        top = Math.max(top, s);
      }
      if (ok && top > this.opts.high && (!best || top > best.sim)) best = { g, sim: top };
    }
    if (best) {
      best.g.members = best.g.members.filter((m) => m.trackId !== t.trackId).concat(t);
      best.g.lastSeen = Math.max(best.g.lastSeen, t.end);
      return best.g.objectId;
    }
    const objectId = `${this.camera}:${t.label}:${this.next++}-${this.run}`;
    this.groups.push({ objectId, label: t.label, members: [t], lastSeen: t.end });
    return objectId;
  }

  /**
   * Adds the track to a given object (a still object taken back by its place), whatever the
   * appearance says; recreates the group when it was retired. Returns the object id.
   */
  join(objectId: string, t: ReidTrack): string {
    const g = this.groups.find((x) => x.objectId === objectId);
    if (!g) this.groups.push({ objectId, label: t.label, members: [t], lastSeen: t.end });
    else {
      g.members = g.members.filter((m) => m.trackId !== t.trackId).concat(t);
      g.lastSeen = Math.max(g.lastSeen, t.end);
    }
    return objectId;
  }

  /** Updates a member's time span and embedding (a live track grows). */
  update(objectId: string, t: ReidTrack): void {
    const g = this.groups.find((x) => x.objectId === objectId);
    if (!g) return;
    g.members = g.members.filter((m) => m.trackId !== t.trackId).concat(t);
    g.lastSeen = Math.max(g.lastSeen, t.end);
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
