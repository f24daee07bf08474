/**
 * Typed queries over the memory that do exact arithmetic. Each runs synchronously on LMDB's
 * read snapshot (no transaction is held across an await).
 */
import { readCameraVisits, type CameraVisit } from './camera-visits.js';
import { summariseCoverage } from './coverage.js';
import { dwellFromVisits, zoneVisitors, type DwellRow, type DwellScope } from './dwell.js';
import { readEvent } from './event-codec.js';
import type { MemoryStore } from './store.js';

export type { DwellRow } from './dwell.js';
import { HOUR_MS, MINUTE_MS } from './rollup.js';
import { searchTranscripts, type TranscriptHit } from './transcripts.js';
import type { Coverage, EventRecord, FrameRecord, ObjectRecord, RollupRecord, SegmentRecord, SpeechRecord } from './types.js';

/** A query window in epoch ms, `[from, to)`. */
export interface Window {
  from: number;
  to: number;
}

/** Longest object life assumed when scanning spans by first sighting (objects span at most this). */
const MAX_OBJECT_SPAN_MS = 24 * 3600_000;

/**
 * Merges per-camera lists, each sorted by ts, into one sorted by ts; ties keep list order (as a
 * stable sort of their concatenation would). `times[i][j]` is the ts of `lists[i][j]` (taken from
 * the keys), so the merge compares numbers and never reads a property of an event.
 */
function mergeByTs(lists: EventRecord[][], times: number[][]): EventRecord[] {
  let total = 0;
  for (const l of lists) total += l.length;
  const out = new Array<EventRecord>(total);
  const at = lists.map(() => 0);
  const head = times.map((t) => t[0] ?? Infinity);
  for (let n = 0; n < total; n++) {
    let best = 0;
    for (let i = 1; i < head.length; i++) if ((head[i] as number) < (head[best] as number)) best = i;
    const j = at[best] as number;
    out[n] = (lists[best] as EventRecord[])[j] as EventRecord;
    at[best] = j + 1;
    head[best] = (times[best] as number[])[j + 1] ?? Infinity;
  }
  return out;
}

/** Whether an event passes a filter (camera aside). */
function matches(e: EventRecord, f: Partial<Pick<EventRecord, 'type' | 'label' | 'zone' | 'line' | 'direction'>>): boolean {
  return (!f.type || e.type === f.type) && (!f.label || e.label === f.label) && (!f.zone || e.zone === f.zone) && (!f.line || e.line === f.line) && (!f.direction || e.direction === f.direction);
}

/** Query API over one store. */
export class MemoryQueries {
  constructor(private readonly store: MemoryStore) {}

  /** Cameras to scan: the given one or all. */
  private cams(camera?: string): string[] {
    return camera ? [camera] : this.store.cameras();
  }

  /** Objects of a class (any class when omitted) present in the window, optionally only those that were in a zone during it. */
  objectsIn(w: Window, opts: { label?: string; camera?: string; zone?: string } = {}): ObjectRecord[] {
    const { objects } = this.store.dbs();
    const out: ObjectRecord[] = [];
    if (opts.zone && this.store.indexed('visits')) {
      // the zone-visit index picks the objects: only those are decoded
      for (const a of zoneVisitors(this.visitScope(w, opts.camera), w.from, w.to, opts.zone, opts.label)) {
        const o = objects.get(a.id);
        if (o) out.push(o);
      }
      return out;
    }
    for (const id of this.objectIdsIn(w, opts)) {
      const o = objects.get(id);
      if (!o || (opts.label && o.label !== opts.label)) continue;
      if (opts.zone && !o.zones.some((z) => z.zone === opts.zone && z.enteredAt < w.to && (z.exitedAt ?? o.lastSeen) >= w.from)) continue;
      out.push(o);
    }
    return out.sort((a, b) => a.firstSeen - b.firstSeen);
  }

  /**
   * Ids of objects present in the window, from the span indexes only (no object is decoded).
   * Scans spans that start at most the camera's longest stored object life before the window.
   */
  private objectIdsIn(w: Window, opts: { label?: string; camera?: string }): string[] {
    const ids = new Set<string>();
    for (const cam of this.cams(opts.camera)) {
      for (const s of this.spanEntries(cam, w, opts.label)) if (s.lastSeen >= w.from) ids.add(s.id);
    }
    return [...ids];
  }

  /**
   * The first `limit` objects (by first sighting) of a class present in the window, as `objectsIn`
   * orders them, decoding only those (the span indexes pick them), and how many distinct objects
   * the span indexes hold for the window (`countDistinct`), from the same single scan.
   */
  firstObjectsIn(w: Window, opts: { label?: string; camera?: string }, limit: number): { objects: ObjectRecord[]; count: number } {
    const { objects } = this.store.dbs();
    // span entries are in first-sighting order per camera: the first `limit` of each camera are
    // enough to find the first `limit` overall; the count comes from the index without decoding
    const cand: { id: string; firstSeen: number }[] = [];
    for (const cam of this.cams(opts.camera)) {
      let n = 0;
      for (const s of this.spanEntries(cam, w, opts.label)) {
        if (s.lastSeen < w.from) continue;
        cand.push({ id: s.id, firstSeen: s.firstSeen });
        if (++n >= limit) break;
      }
    }
    const out: ObjectRecord[] = [];
    for (const c of cand.sort((a, b) => a.firstSeen - b.firstSeen)) {
      const o = objects.get(c.id);
      if (!o || (opts.label && o.label !== opts.label)) continue;
      out.push(o);
      if (out.length >= limit) break;
    }
    return { objects: out, count: this.countDistinct(w, opts) };
  }

  /** Number of distinct objects (after re-ID) of a class in the window. */
  countDistinct(w: Window, opts: { label?: string; camera?: string; zone?: string } = {}): number {
    if (opts.zone && this.store.indexed('visits')) return zoneVisitors(this.visitScope(w, opts.camera), w.from, w.to, opts.zone, opts.label).length;
    if (opts.zone) return this.objectsIn(w, opts).length;
    // Objects first seen inside the window are counted by LMDB without decoding an entry; only
    // those first seen before it (at most the camera's longest object life) are read, to check
    // they were still there when the window opened. Each object has one span entry.
    const { spans, lspans } = this.store.dbs();
    const label = opts.label;
    let n = 0;
    for (const cam of this.cams(opts.camera)) {
      n += label ? lspans.getKeysCount({ start: [cam, label, w.from], end: [cam, label, w.to] }) : spans.getKeysCount({ start: [cam, w.from], end: [cam, w.to] });
      for (const s of this.spanEntries(cam, { from: w.from, to: w.from }, label)) if (s.lastSeen >= w.from) n++;
    }
    return n;
  }

  /** Objects of a class visible at an instant (the last frame at or before it, within 2 s), per camera summed. */
  countAt(t: number, opts: { label?: string; camera?: string; zone?: string } = {}): { count: number; frames: { camera: string; ts: number }[] } {
    const { frames } = this.store.dbs();
    let count = 0;
    const used: { camera: string; ts: number }[] = [];
    for (const cam of this.cams(opts.camera)) {
      for (const { key, value } of frames.getRange({ start: [cam, t], end: [cam, t - 2000], reverse: true, limit: 1 })) {
        count += opts.zone ? (value.occupancy[opts.zone] ?? 0) : opts.label ? (value.counts[opts.label] ?? 0) : Object.values(value.counts).reduce((a, b) => a + b, 0);
        used.push({ camera: cam, ts: Number(key[1]) });
      }
    }
    return { count, frames: used };
  }

  /**
   * Most objects of a class seen at once in one camera's frame, and when (the earliest frame with
   * that count). Closed hour and minute roll-ups answer the whole hours and minutes of the window;
   * frames answer the edges and any minute still open.
   */
  maxSimultaneous(w: Window, opts: { label?: string; camera?: string; zone?: string } = {}): { count: number; at: number | null; camera: string | null } {
    const { frames, minutes, hours } = this.store.dbs();
    let best = { count: 0, at: null as number | null, camera: null as string | null };
    const consider = (n: number, at: number, cam: string): void => {
      if (n > best.count || (n === best.count && n > 0 && best.at !== null && at < best.at)) best = { count: n, at, camera: cam };
    };
    const fromRollup = (r: RollupRecord): [number, number | undefined] =>
      opts.zone ? [r.maxOccupancy[opts.zone] ?? 0, r.maxOccupancyAt[opts.zone]] : opts.label ? [r.maxCounts[opts.label] ?? 0, r.maxCountsAt[opts.label]] : [r.maxTotal, r.maxTotalAt ?? undefined];
    const scanFrames = (cam: string, from: number, to: number): void => {
      for (const { key, value } of frames.getRange({ start: [cam, from], end: [cam, to] })) consider(this.frameCount(value, opts), Number(key[1]), cam);
    };
    for (const cam of this.cams(opts.camera)) {
      // closed roll-ups by start, hours first, then minutes inside the gaps
      const covered: [number, number][] = [];
      const h0 = Math.ceil(w.from / HOUR_MS) * HOUR_MS;
      for (const { value } of hours.getRange({ start: [cam, h0], end: [cam, w.to - HOUR_MS + 1] })) {
        if (value.partial) continue;
        const [n, at] = fromRollup(value);
        if (at !== undefined) consider(n, at, cam);
        covered.push([value.start, value.end]);
      }
      let t = w.from;
      const gaps: [number, number][] = [];
      for (const [s, e] of covered) {
        if (s > t) gaps.push([t, s]);
        t = e;
      }
      if (t < w.to) gaps.push([t, w.to]);
      for (const [gs, ge] of gaps) {
        let cur = gs;
        const m0 = Math.ceil(gs / MINUTE_MS) * MINUTE_MS;
        for (const { value } of minutes.getRange({ start: [cam, m0], end: [cam, ge - MINUTE_MS + 1] })) {
          if (value.partial) continue;
          if (value.start > cur) scanFrames(cam, cur, value.start);
          const [n, at] = fromRollup(value);
          if (at !== undefined) consider(n, at, cam);
          cur = value.end;
        }
        if (cur < ge) scanFrames(cam, cur, ge);
      }
    }
    return best;
  }

  private frameCount(value: FrameRecord, opts: { label?: string; zone?: string }): number {
    return opts.zone ? (value.occupancy[opts.zone] ?? 0) : opts.label ? (value.counts[opts.label] ?? 0) : Object.values(value.counts).reduce((a, b) => a + b, 0);
  }

  /**
   * First and last sighting of a class in the window. Without a zone the span indexes answer:
   * one scan of span keys picks both, and only those two objects are decoded.
   */
  firstLastSeen(w: Window, opts: { label?: string; camera?: string; zone?: string } = {}): { first: ObjectRecord | null; last: ObjectRecord | null } {
    if (!opts.zone) {
      const fast = this.firstLastFromSpans(w, opts);
      if (fast) return fast;
    }
    const objs = this.objectsIn(w, opts);
    if (objs.length === 0) return { first: null, last: null };
    const last = objs.reduce((a, b) => (b.lastSeen > a.lastSeen ? b : a));
    return { first: objs[0] ?? null, last };
  }

  /**
   * Span-index entries of one camera (by class when `label` is given) that start before the
   * window ends, from the camera's longest stored object life before it.
   */
  private *spanEntries(cam: string, w: Window, label?: string): Generator<{ id: string; firstSeen: number; lastSeen: number }> {
    const { spans, lspans } = this.store.dbs();
    const from = w.from - Math.min(this.store.spanOf(cam), MAX_OBJECT_SPAN_MS);
    const range = label ? lspans.getRange({ start: [cam, label, from], end: [cam, label, w.to] }) : spans.getRange({ start: [cam, from], end: [cam, w.to] });
    const idAt = label ? 3 : 2;
    for (const { key, value: lastSeen } of range) yield { id: String(key[idAt]), firstSeen: Number(key[idAt - 1]), lastSeen };
  }

  /** The span-index answer of `firstLastSeen`, or null when a stale span entry makes it unsure. */
  private firstLastFromSpans(w: Window, opts: { label?: string; camera?: string }): { first: ObjectRecord | null; last: ObjectRecord | null } | null {
    const { objects } = this.store.dbs();
    let first: { id: string; at: number } | null = null;
    let last: { id: string; at: number } | null = null;
    for (const cam of this.cams(opts.camera)) {
      for (const { id, firstSeen, lastSeen } of this.spanEntries(cam, w, opts.label)) {
        if (lastSeen < w.from) continue;
        // ties: the earlier camera, then the earlier key (as objectsIn orders them)
        if (!first || firstSeen < first.at) first = { id, at: firstSeen };
        if (!last || lastSeen > last.at) last = { id, at: lastSeen };
      }
    }
    if (!first || !last) return { first: null, last: null };
    const f = objects.get(first.id);
    const l = last.id === first.id ? f : objects.get(last.id);
    const ok = (o: ObjectRecord | undefined, id: { at: number }, at: 'firstSeen' | 'lastSeen'): o is ObjectRecord =>
      o !== undefined && o[at] === id.at && o.lastSeen >= w.from && o.firstSeen < w.to && (!opts.label || o.label === opts.label);
    if (!ok(f, first, 'firstSeen') || !ok(l, last, 'lastSeen')) return null;
    return { first: f, last: l };
  }

  /**
   * Dwell per object in a zone: seconds within the window, longest first (ties: by first
   * sighting). The zone-visit index answers it without decoding objects; each row's `object` is
   * read from the store when first used. Objects count as `objectsIn` counts them (present in the
   * window, with a visit to the zone overlapping it).
   */
  dwell(w: Window, zone: string, opts: { label?: string; camera?: string } = {}): DwellRow[] {
    if (!this.store.indexed('visits')) return this.dwellFromObjects(w, zone, opts);
    return dwellFromVisits(this.visitScope(w, opts.camera), w.from, w.to, zone, opts.label);
  }

  /** What the zone-visit index reads for a window: scans start the camera's longest object life before it. */
  private visitScope(w: Window, camera?: string): DwellScope {
    const { objects, visits } = this.store.dbs();
    return { objects, visits, cams: this.cams(camera), lowerBound: (cam) => w.from - Math.min(this.store.spanOf(cam), MAX_OBJECT_SPAN_MS) };
  }

  /** `dwell` from the object records (stores whose zone-visit index is still being built). */
  private dwellFromObjects(w: Window, zone: string, opts: { label?: string; camera?: string }): DwellRow[] {
    return this.objectsIn(w, { ...opts, zone })
      .map((object) => ({
        object,
        seconds:
          object.zones.filter((z) => z.zone === zone).reduce((ms, z) => ms + Math.max(0, Math.min(z.exitedAt ?? object.lastSeen, w.to) - Math.max(z.enteredAt, w.from)), 0) / 1000,
      }))
      .sort((a, b) => b.seconds - a.seconds);
  }

  /** How long objects of a class were visible in the window, per object, longest first. */
  presence(w: Window, opts: { label?: string; camera?: string } = {}): { object: ObjectRecord; seconds: number }[] {
    return this.objectsIn(w, opts)
      .map((object) => ({ object, seconds: Math.max(0, Math.min(object.lastSeen, w.to) - Math.max(object.firstSeen, w.from)) / 1000 }))
      .sort((a, b) => b.seconds - a.seconds);
  }

  /** Events in the window, optionally filtered; by time (ties: by camera, then in write order). */
  events(w: Window, filter: Partial<Pick<EventRecord, 'type' | 'label' | 'zone' | 'line' | 'direction' | 'camera'>> = {}): EventRecord[] {
    const { events, etypes, elines } = this.store.dbs();
    const indexed = this.store.indexed('events');
    const lists: EventRecord[][] = [];
    const times: number[][] = [];
    const plain = !filter.type && !filter.label && !filter.zone && !filter.line && !filter.direction;
    for (const cam of this.cams(filter.camera)) {
      const list: EventRecord[] = [];
      const ts: number[] = [];
      // the line index holds only line events, the type index one type: read the narrower one
      if (indexed && (filter.line || filter.type)) {
        const range = filter.line
          ? elines.getRange({ start: [cam, filter.line, w.from], end: [cam, filter.line, w.to] })
          : etypes.getRange({ start: [cam, filter.type as string, w.from], end: [cam, filter.type as string, w.to] });
        for (const { key, value } of range) {
          const e = readEvent(key, value, 2);
          if (!matches(e, filter)) continue;
          list.push(e);
          ts.push(key[2] as number);
        }
      } else {
        for (const { key, value } of events.getRange({ start: [cam, w.from], end: [cam, w.to] })) {
          const e = readEvent(key, value, 1);
          if (!plain && !matches(e, filter)) continue;
          list.push(e);
          ts.push(key[1] as number);
        }
      }
      if (list.length > 0) {
        lists.push(list);
        times.push(ts);
      }
    }
    return lists.length === 0 ? [] : lists.length === 1 ? (lists[0] as EventRecord[]) : mergeByTs(lists, times);
  }

  /** Line crossings by direction. */
  crossings(w: Window, line: string, opts: { label?: string; camera?: string } = {}): { forward: number; backward: number; events: EventRecord[] } {
    const ev = this.events(w, { type: 'line_cross', line, ...opts });
    return { forward: ev.filter((e) => e.direction === 'forward').length, backward: ev.filter((e) => e.direction === 'backward').length, events: ev };
  }

  /** Occupancy of a zone over time: one point per stored frame. */
  occupancyTimeline(w: Window, zone: string, camera?: string): { camera: string; ts: number; count: number }[] {
    const { frames, zocc } = this.store.dbs();
    const out: { camera: string; ts: number; count: number }[] = [];
    if (this.store.indexed('zones')) {
      for (const cam of this.cams(camera)) {
        for (const { key, value } of zocc.getRange({ start: [cam, zone, w.from], end: [cam, zone, w.to] })) out.push({ camera: cam, ts: key[2] as number, count: value });
      }
      return out;
    }
    for (const cam of this.cams(camera)) {
      for (const { key, value } of frames.getRange({ start: [cam, w.from], end: [cam, w.to] })) {
        if (zone in value.occupancy) out.push({ camera: cam, ts: Number(key[1]), count: value.occupancy[zone] ?? 0 });
      }
    }
    return out;
  }

  /**
   * Camera visits (arrival and departure of an object at its camera, apart from identities) of a
   * class overlapping the window, by arrival, from the camera-visit index only; null while that
   * index is still being built for an older store.
   */
  cameraVisits(w: Window, opts: { label?: string; camera?: string } = {}): CameraVisit[] | null {
    if (!this.store.indexed('cvisits')) return null;
    const { cvisits } = this.store.dbs();
    const out: CameraVisit[] = [];
    for (const cam of this.cams(opts.camera)) {
      for (const v of readCameraVisits(cvisits, cam, opts.label, w.from, w.to, w.from - Math.min(this.store.spanOf(cam), MAX_OBJECT_SPAN_MS))) out.push(v);
    }
    return out.sort((a, b) => a.start - b.start);
  }

  /**
   * Zone visits (entry and exit) of a class overlapping the window, by entry, from the zone-visit
   * index only (no object is decoded); null while that index is being built.
   */
  zoneVisits(w: Window, zone: string, opts: { label?: string; camera?: string } = {}): CameraVisit[] | null {
    if (!this.store.indexed('visits')) return null;
    const { visits } = this.store.dbs();
    const out: CameraVisit[] = [];
    for (const cam of this.cams(opts.camera)) {
      const lo = w.from - Math.min(this.store.spanOf(cam), MAX_OBJECT_SPAN_MS);
      for (const { key, value: v } of visits.getRange({ start: [cam, zone, lo], end: [cam, zone, w.to] })) {
        if (opts.label && v[3] !== opts.label) continue;
        const end = v[0] ?? v[2];
        if (end < w.from) continue;
        out.push({ camera: cam, objectId: key[3] as string, label: v[3], start: key[2] as number, end });
      }
    }
    return out.sort((a, b) => a.start - b.start);
  }

  /** How many camera visits of a class began in the window (index keys counted, nothing decoded); null while the index is being built. */
  countArrivals(w: Window, opts: { label: string; camera?: string }): number | null {
    if (!this.store.indexed('cvisits')) return null;
    const { cvisits } = this.store.dbs();
    let n = 0;
    for (const cam of this.cams(opts.camera)) n += cvisits.getKeysCount({ start: [cam, opts.label, w.from], end: [cam, opts.label, w.to] });
    return n;
  }

  /**
   * Count, total, shortest and longest length (ms) of the visits of a class that began in the
   * window, at cameras or in a zone, read from the visit indexes without building any record;
   * each visit's length is widened by `pad` ms (the caller's estimate of the unseen ends). Null
   * while the index is being built.
   */
  visitStats(w: Window, opts: { label: string; camera?: string; zone?: string; pad?: number }): { n: number; total: number; min: number; max: number } | null {
    if (!this.store.indexed(opts.zone ? 'visits' : 'cvisits')) return null;
    const { visits, cvisits } = this.store.dbs();
    const pad = opts.pad ?? 0;
    const st = { n: 0, total: 0, min: Infinity, max: -Infinity };
    const add = (ms: number): void => {
      st.n++;
      st.total += ms;
      if (ms < st.min) st.min = ms;
      if (ms > st.max) st.max = ms;
    };
    for (const cam of this.cams(opts.camera)) {
      if (opts.zone) {
        for (const { key, value: v } of visits.getRange({ start: [cam, opts.zone, w.from], end: [cam, opts.zone, w.to] })) if (v[3] === opts.label) add((v[0] ?? v[2]) - (key[2] as number) + pad);
      } else {
        for (const { key, value: end } of cvisits.getRange({ start: [cam, opts.label, w.from], end: [cam, opts.label, w.to] })) add(end - (key[2] as number) + pad);
      }
    }
    return st;
  }

  /** Segments in the window. */
  segments(w: Window, camera?: string): SegmentRecord[] {
    return this.store.segments(w.from, w.to, camera);
  }

  /** Utterances (speech transcripts) overlapping the window, by start. */
  transcripts(w: Window, camera?: string): SpeechRecord[] {
    return this.store.speech(w.from, w.to, camera);
  }

  /** The moments in the window whose transcript best matches `text` (MMCTAgent's query_transcript). */
  searchTranscript(text: string, w: Window, opts: { camera?: string; k?: number } = {}): TranscriptHit[] {
    return searchTranscripts(this.store.speech(w.from, w.to, opts.camera), text, opts.k ?? 5);
  }

  /** One object with its trajectory. */
  object(objectId: string): ObjectRecord | undefined {
    return this.store.dbs().objects.get(objectId);
  }

  /** Coverage of the window (or of everything). */
  coverage(w?: Window, camera?: string): Coverage {
    return summariseCoverage(this.store.coverage(camera), w);
  }
}
