/**
 * Retention and the size budget. A sweep deletes keys past each level's retention, then, while
 * the stored data is over budget, evicts the oldest raw data (then minutes, then hours). Every
 * sweep is bounded (keys and milliseconds) and resumable: deleted keys are gone, so the next call
 * continues where this one stopped.
 */
import type { Database } from 'lmdb';
import type { Dbs, Key } from './dbs.js';
import type { RetentionOptions } from './types.js';
import { removeCameraVisits, removeReturns } from './camera-visits.js';
import { removeVisits } from './visits.js';
import { removeLive } from './live.js';
import { letGo, type KeptLevel } from './kept.js';
import { alertDbs, removeAlert } from './alerts.js';

/**
 * Zone visits entered this long before the objects cutoff are checked for an object that is gone
 * (entries its object took with it are removed by `sweepObjects`; this catches any left behind).
 */
const VISIT_LOOKBACK_MS = 24 * 3600_000;

/** Default retention: raw 24 h, events/objects 7 days, minutes 7 days, hours (and coverage) 90 days. */
export const DEFAULT_RETENTION: RetentionOptions = {
  rawMs: 24 * 3600_000,
  eventsMs: 7 * 24 * 3600_000,
  minutesMs: 7 * 24 * 3600_000,
  hoursMs: 90 * 24 * 3600_000,
};

/** Sweep bounds. */
export interface SweepOptions {
  /** "Now", epoch ms (default `Date.now()`). */
  now?: number;
  /** Most keys deleted per call (default 10,000). */
  maxKeys?: number;
  /** Time budget per call, ms (default 50). */
  maxMs?: number;
}

/** What a sweep did. */
export interface SweepResult {
  /** Keys deleted. */
  deleted: number;
  /** Of which evicted for the size budget. */
  evicted: number;
  /** False when the sweep stopped at its bounds with work left. */
  done: boolean;
  ms: number;
  /** Bytes in use after the sweep. */
  usedBytes: number;
  /** Ids of the alerts this sweep dropped (their pictures, kept outside the memory, go too). */
  droppedAlerts: string[];
}

/** What a sweep reads of the store it sweeps. */
export interface SweepTarget {
  /** Retention in effect. */
  readonly retention: RetentionOptions;
  /** Size budget in bytes, or null. */
  readonly budgetBytes: number | null;
  /** Camera ids with stored data. */
  cameras(): string[];
  /** Bytes used by stored data. */
  usedBytes(): number;
}

interface Ctx {
  left: number;
  deadline: number;
  deleted: number;
  last: Promise<boolean>;
  /** Alerts dropped so far. */
  alerts: string[];
}

const out = (c: Ctx): boolean => c.left <= 0 || performance.now() > c.deadline;

/** Deletes keys `[cam, < cutoff]` of a `[camera, ts, ...]` database; false when bounds stopped it. */
function sweepDb(db: Database<unknown, Key>, cams: string[], cutoff: number, c: Ctx, also?: (k: Key) => void): boolean {
  for (const cam of cams) {
    const keys: Key[] = [];
    for (const k of db.getKeys({ start: [cam], end: [cam, cutoff], limit: c.left })) keys.push(k);
    for (const k of keys) {
      c.last = db.remove(k);
      also?.(k);
      c.left--;
      c.deleted++;
      if (out(c)) return false;
    }
    if (out(c)) return false;
  }
  return true;
}

/**
 * Deletes keys `[cam, sub, < cutoff, ...]` of an index keyed `[camera, sub, ts, ...]` (sub: event
 * type, line or zone), hopping from one `sub` to the next, except those `keep` holds on to; false
 * when bounds stopped it.
 */
function sweepNested(db: Database<unknown, Key>, cams: string[], cutoff: number, c: Ctx, keep?: (k: Key) => boolean): boolean {
  for (const cam of cams) {
    let start: Key = [cam];
    for (;;) {
      let sub: string | undefined;
      for (const k of db.getKeys({ start, end: [cam + '\u0000'], limit: 1 })) sub = String(k[1]);
      if (sub === undefined) break;
      const keys: Key[] = [];
      for (const k of db.getKeys({ start: [cam, sub], end: [cam, sub, cutoff], ...(keep ? {} : { limit: c.left }) })) {
        if (!keep?.(k)) keys.push(k);
        if (keys.length >= c.left || performance.now() > c.deadline) break;
      }
      for (const k of keys) {
        c.last = db.remove(k);
        c.left--;
        c.deleted++;
        if (out(c)) return false;
      }
      if (out(c)) return false;
      start = [cam, sub + '\u0000'];
    }
  }
  return true;
}

/** Deletes count runs `[cam, key, start]` that ended before `cutoff` (one that reaches past it stays: its later frames are kept). */
function sweepCountRuns(d: Dbs, cams: string[], cutoff: number, c: Ctx): boolean {
  return sweepNested(d.counts, cams, cutoff, c, (k) => (d.counts.get(k)?.[1] ?? Infinity) >= cutoff);
}

/**
 * Deletes zone-visit entries `[cam, zone, < cutoff, objectId, n]` whose object is no longer stored;
 * the visits of an object still stored (a long-lived one) stay, as its record has them. False when
 * bounds stopped it.
 */
function sweepVisits(d: Dbs, cams: string[], cutoff: number, c: Ctx): boolean {
  const alive = new Map<string, boolean>();
  return sweepNested(d.visits, cams, cutoff, c, (k) => {
    const id = String(k[3]);
    let live = alive.get(id);
    if (live === undefined) {
      live = d.objects.doesExist(id);
      alive.set(id, live);
    }
    return live;
  });
}

/** Deletes objects (and their index entries: spans, zone visits) last seen before `cutoff`. */
function sweepObjects(d: Dbs, cams: string[], cutoff: number, c: Ctx): boolean {
  for (const cam of cams) {
    const dead: { key: Key; id: string }[] = [];
    let scanned = 0;
    for (const { key, value } of d.spans.getRange({ start: [cam], end: [cam, cutoff] })) {
      if (++scanned > c.left * 4) break;
      // a visit in progress is not past retention, however old its last written sighting
      const live = value < cutoff ? d.live.get([cam, String(key[2])]) : undefined;
      if (value < cutoff && (!live || live.state === 'cut')) dead.push({ key, id: String(key[2]) });
      if (dead.length >= c.left) break;
    }
    for (const { key, id } of dead) {
      const o = d.objects.get(id);
      c.last = d.spans.remove(key);
      if (o) {
        void d.lspans.remove([o.camera, o.label, o.firstSeen, o.objectId]);
        if (o.firstSeen === key[1]) {
          c.last = d.objects.remove(id);
          if (d.oviews) void d.oviews.remove(id);
          if (Array.isArray(o.zones)) c.last = removeVisits(d.visits, o) ?? c.last;
          c.last = removeCameraVisits(d.cvisits, o) ?? c.last;
          if (d.creturns) c.last = removeReturns(d.creturns, o) ?? c.last;
          c.last = removeLive(d.live, o.camera, o.objectId);
        }
      }
      c.left--;
      c.deleted++;
      if (out(c)) return false;
    }
    if (scanned > c.left * 4) return false;
  }
  return true;
}

/** Deletes everything of `store` older than `cutoffs`; each level's horizon moves first (answers then know what is no longer kept). */
function sweepTo(store: SweepTarget, d: Dbs, cut: Record<KeptLevel, number>, c: Ctx): boolean {
  const cams = store.cameras();
  for (const level of ['raw', 'events', 'minutes', 'hours'] as const) c.last = letGo(d.meta, level, cut[level]) ?? c.last;
  return (
    sweepDb(d.frames, cams, cut.raw, c) &&
    sweepNested(d.zocc, cams, cut.raw, c) &&
    sweepCountRuns(d, cams, cut.raw, c) &&
    sweepDb(d.segs, cams, cut.raw, c, (k) => void d.keyframes.remove(k)) &&
    sweepDb(d.audio, cams, cut.raw, c) &&
    sweepDb(d.events, cams, cut.events, c) &&
    sweepDb(d.speech, cams, cut.events, c) &&
    sweepNested(d.etypes, cams, cut.events, c) &&
    sweepNested(d.elines, cams, cut.events, c) &&
    sweepObjects(d, cams, cut.events, c) &&
    sweepAlerts(d, cut.events, c) &&
    sweepVisits(d, cams, cut.events - VISIT_LOOKBACK_MS, c) &&
    sweepDb(d.minutes, cams, cut.minutes, c) &&
    sweepDb(d.hours, cams, cut.hours, c) &&
    sweepCoverage(d, cams, cut.hours, c)
  );
}

/** Deletes alerts fired before `cutoff` (their record and index entries), noting their ids. */
function sweepAlerts(dbs: Dbs, cutoff: number, c: Ctx): boolean {
  const d = alertDbs(dbs);
  if (!d) return true;
  const keys: Key[] = [];
  for (const k of d.atime.getKeys({ start: [-Infinity], end: [cutoff], limit: c.left })) keys.push(k);
  for (const k of keys) {
    const id = String(k[2]);
    const a = d.alerts.get(id);
    c.last = removeAlert(d, { id, frameTs: Number(k[0]), camera: String(k[1]), rule: a?.rule ?? '' });
    c.alerts.push(id);
    c.left--;
    c.deleted++;
    if (out(c)) return false;
  }
  return true;
}

function sweepCoverage(d: Dbs, cams: string[], cutoff: number, c: Ctx): boolean {
  for (const cam of cams) {
    for (const { key, value } of d.cov.getRange({ start: [cam], end: [cam, cutoff] })) {
      if (value.end >= cutoff) continue;
      c.last = d.cov.remove(key);
      c.left--;
      c.deleted++;
      if (out(c)) return false;
    }
  }
  return true;
}

/** Oldest key time of a `[camera, ts]` database over all cameras, or null. */
function oldest(db: Database<unknown, Key>, cams: string[]): number | null {
  let min: number | null = null;
  for (const cam of cams) {
    for (const k of db.getKeys({ start: [cam], end: [cam, Infinity], limit: 1 })) {
      const t = Number(k[1]);
      if (min === null || t < min) min = t;
    }
  }
  return min;
}

/** Runs one bounded sweep. */
export async function sweep(store: SweepTarget, d: Dbs, o: SweepOptions): Promise<SweepResult> {
  const t0 = performance.now();
  const now = o.now ?? Date.now();
  const r = store.retention;
  const c: Ctx = { left: o.maxKeys ?? 10_000, deadline: t0 + (o.maxMs ?? 50), deleted: 0, last: Promise.resolve(true), alerts: [] };
  let done = sweepTo(store, d, { raw: now - r.rawMs, events: now - r.eventsMs, minutes: now - r.minutesMs, hours: now - r.hoursMs }, c);
  await c.last;
  let evicted = 0;
  const budget = store.budgetBytes;
  let used = store.usedBytes();
  // over budget: drop the oldest 10 minutes of raw data (then of minutes, then hours) at a time
  while (done && budget !== null && used > budget && !out(c)) {
    const cams = store.cameras();
    const levels: [Database<unknown, Key>, 'raw' | 'minutes' | 'hours'][] = [
      [d.frames, 'raw'],
      [d.segs, 'raw'],
      [d.events, 'raw'],
      [d.minutes, 'minutes'],
      [d.hours, 'hours'],
    ];
    const found = levels.find(([db]) => oldest(db, cams) !== null);
    if (!found) break;
    const level = found[1];
    const t = Math.min(...levels.filter(([, l]) => l === level).map(([db]) => oldest(db, cams) ?? Infinity));
    const cut = t + (level === 'raw' ? 600_000 : level === 'minutes' ? 3600_000 : 86_400_000);
    const before = c.deleted;
    const far = -Infinity;
    done = sweepTo(store, d, { raw: cut, events: level === 'raw' ? cut : far, minutes: level === 'minutes' ? cut : far, hours: level === 'hours' ? cut : far }, c);
    evicted += c.deleted - before;
    await c.last;
    used = store.usedBytes();
  }
  if (budget !== null && used > budget) done = false;
  return { deleted: c.deleted, evicted, done, ms: performance.now() - t0, usedBytes: used, droppedAlerts: c.alerts };
}
