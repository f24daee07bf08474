/**
 * Alert history: every alert the rules fired, by id in `alerts`, with three key-only indexes
 * (values `null`): `atime` `[frameTs, camera, id]`, `arules` `[rule, frameTs, camera, id]` and
 * `acams` `[camera, frameTs, id]`. A page walks one index's keys (nothing decoded) and reads only
 * the records it returns, so a page costs the same with ten alerts stored or a hundred thousand.
 * Retention drops alerts with the events (`eventsMs`, see `retention.ts`).
 */
import type { Dbs, Key } from './dbs.js';
import type { AlertRecord } from './types.js';
import type { WriteGate } from './write-gate.js';

/** Where a page stopped: the last alert it returned (the next page starts after it). */
export interface AlertCursor {
  ts: number;
  camera: string;
  id: string;
}

/** What a page of alerts asks for. */
export interface AlertQuery {
  /** Window on the firing frame's time, epoch ms, `[from, to)`. */
  from: number;
  to: number;
  rule?: string;
  camera?: string;
  /** Most alerts returned. */
  limit: number;
  /** `newest` first (default) or `oldest` first. */
  order?: 'newest' | 'oldest';
  /** Continue after this alert (the `next` of the previous page). */
  after?: AlertCursor;
}

/** A page of alerts; `next` is set when more alerts match. */
export interface AlertPage {
  rows: AlertRecord[];
  next: AlertCursor | null;
}

/** The alert databases, all present. */
export interface AlertDbs {
  alerts: NonNullable<Dbs['alerts']>;
  atime: NonNullable<Dbs['atime']>;
  arules: NonNullable<Dbs['arules']>;
  acams: NonNullable<Dbs['acams']>;
}

/** The alert databases, or null in a memory opened read-only that has none (written before alerts were kept). */
export function alertDbs(d: Dbs): AlertDbs | null {
  const { alerts, atime, arules, acams } = d;
  return alerts && atime && arules && acams ? { alerts, atime, arules, acams } : null;
}

/** The alert databases of a writable memory (always created there). */
function writable(d: Dbs): AlertDbs {
  const a = alertDbs(d);
  if (!a) throw new Error('the alert databases are missing from a writable memory');
  return a;
}

const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 256;

/** Why an alert cannot be stored, or null when it can. */
export function invalidAlert(a: unknown): string | null {
  if (typeof a !== 'object' || a === null || Array.isArray(a)) return 'alert must be an object';
  const o = a as Record<string, unknown>;
  if (!isText(o.id)) return 'alert id must be a string of 1-256 characters';
  if (!isText(o.rule)) return 'alert rule must be a string of 1-256 characters';
  if (!isText(o.camera)) return 'alert camera must be a string of 1-256 characters';
  if (typeof o.frameTs !== 'number' || !Number.isFinite(o.frameTs)) return 'alert frameTs must be a finite number';
  if (typeof o.firedAt !== 'number' || !Number.isFinite(o.firedAt)) return 'alert firedAt must be a finite number';
  if (typeof o.message !== 'string') return 'alert message must be a string';
  const ev = o.evidence as Record<string, unknown> | undefined;
  if (typeof ev !== 'object' || ev === null || typeof ev.snapshot !== 'string') return 'alert evidence with a snapshot is required';
  return null;
}

/** Stores an alert and its index entries (one write batch); resolves when committed. */
export function putAlert(dbs: Dbs, gate: WriteGate, a: AlertRecord): Promise<boolean> {
  const d = writable(dbs);
  gate.track(d.atime.put([a.frameTs, a.camera, a.id], null));
  gate.track(d.arules.put([a.rule, a.frameTs, a.camera, a.id], null));
  gate.track(d.acams.put([a.camera, a.frameTs, a.id], null));
  return gate.tracked(d.alerts.put(a.id, a));
}

/** Removes an alert and its index entries; the promise of the last removal. */
export function removeAlert(d: AlertDbs, a: Pick<AlertRecord, 'id' | 'rule' | 'camera' | 'frameTs'>): Promise<boolean> {
  void d.arules.remove([a.rule, a.frameTs, a.camera, a.id]);
  void d.acams.remove([a.camera, a.frameTs, a.id]);
  void d.atime.remove([a.frameTs, a.camera, a.id]);
  return d.alerts.remove(a.id);
}

/** One index: its database, the key prefix of the query, and how its keys map to and from alerts. */
interface IndexView {
  db: AlertDbs['atime'];
  prefix: Key;
  key(c: AlertCursor): Key;
  cursor(k: Key): AlertCursor;
}

/** The index that answers a query: by rule, else by camera, else by time. */
function indexFor(d: AlertDbs, q: AlertQuery): IndexView {
  if (q.rule !== undefined) {
    const rule = q.rule;
    return { db: d.arules, prefix: [rule], key: (c) => [rule, c.ts, c.camera, c.id], cursor: (k) => ({ ts: Number(k[1]), camera: String(k[2]), id: String(k[3]) }) };
  }
  if (q.camera !== undefined) {
    const cam = q.camera;
    return { db: d.acams, prefix: [cam], key: (c) => [cam, c.ts, c.id], cursor: (k) => ({ ts: Number(k[1]), camera: cam, id: String(k[2]) }) };
  }
  return { db: d.atime, prefix: [], key: (c) => [c.ts, c.camera, c.id], cursor: (k) => ({ ts: Number(k[0]), camera: String(k[1]), id: String(k[2]) }) };
}

const sameAlert = (a: AlertCursor, b: AlertCursor): boolean => a.ts === b.ts && a.camera === b.camera && a.id === b.id;

/**
 * A page of alerts fired in the window, newest (or oldest) first, filtered by rule and camera.
 * Only the index keys walked and the records returned are read.
 */
export function readAlerts(dbs: Dbs, q: AlertQuery): AlertPage {
  const d = alertDbs(dbs);
  if (!d) return { rows: [], next: null };
  const ix = indexFor(d, q);
  const newest = (q.order ?? 'newest') === 'newest';
  const lo: Key = [...ix.prefix, q.from];
  const hi: Key = [...ix.prefix, q.to];
  // a cursor outside the window is clamped to it
  const after = q.after && q.after.ts >= q.from && q.after.ts < q.to ? q.after : undefined;
  const range = newest ? { start: after ? ix.key(after) : hi, end: lo, reverse: true } : { start: after ? ix.key(after) : lo, end: hi };
  // both filters: the rule index, with the camera read from its keys
  const keep = q.rule !== undefined && q.camera !== undefined ? (c: AlertCursor) => c.camera === q.camera : () => true;
  const found: AlertCursor[] = [];
  for (const k of ix.db.getKeys(range)) {
    const c = ix.cursor(k);
    if ((after && sameAlert(c, after)) || !keep(c)) continue;
    found.push(c);
    if (found.length > q.limit) break;
  }
  const more = found.length > q.limit;
  const page = found.slice(0, q.limit);
  const rows: AlertRecord[] = [];
  for (const c of page) {
    const a = d.alerts.get(c.id);
    if (a) rows.push(a);
  }
  return { rows, next: more ? (page.at(-1) ?? null) : null };
}
