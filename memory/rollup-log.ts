/**
 * Minute and hour roll-ups as observations arrive. Minutes stay open while observations may still
 * arrive late (segments close after their frames, objects update later): a minute closes (is
 * stored and merged into its hour) once a camera's observations are `ROLLUP_LAG_MS` past its end.
 */
import type { Observation } from '../ingest/observations.js';
import type { Dbs } from './dbs.js';
import { addObservation, emptyRollup, floorTo, HOUR_MS, mergeRollup, MINUTE_MS, snapshot, type OpenRollup } from './rollup.js';
import type { RollupRecord } from './types.js';
import type { WriteGate } from './write-gate.js';

/** How long after a minute ends observations for it may still arrive before it is closed. */
export const ROLLUP_LAG_MS = 60_000;

/** Recently closed minutes kept in memory (their writes may still be in flight). */
const MAX_CLOSED = 256;

/** The open roll-ups of one open store. */
export class RollupLog {
  /** Open minutes per camera, by start. */
  private readonly minute = new Map<string, Map<number, OpenRollup>>();
  /** Hours by `camera\nstart`, holding the minutes closed so far. */
  private readonly hour = new Map<string, OpenRollup>();
  /** Recently closed minutes by `camera\nstart`. */
  private readonly closed = new Map<string, RollupRecord>();

  constructor(
    private readonly d: Dbs,
    private readonly gate: WriteGate,
  ) {}

  /** Adds an observation to its minute (sound is not rolled up), closing minutes it leaves behind. */
  add(o: Observation): void {
    if (o.kind === 'audio' || o.kind === 'speech') return;
    const ts = o.kind === 'segment' ? o.start : o.ts;
    const m0 = floorTo(ts, MINUTE_MS);
    let open = this.minute.get(o.camera);
    if (!open) {
      open = new Map<number, OpenRollup>();
      this.minute.set(o.camera, open);
    }
    let cur = open.get(m0);
    if (!cur) {
      // recently closed minutes may not be committed yet: the in-memory copy wins
      const prev = this.closed.get(`${o.camera}\n${m0}`) ?? this.d.minutes.get([o.camera, m0]);
      cur = prev ? { rec: { ...prev }, ids: new Set(prev.objectIds) } : { rec: emptyRollup(o.camera, m0, MINUTE_MS), ids: new Set() };
      if (prev && !prev.partial) this.subtractFromHour(prev);
      open.set(m0, cur);
      for (const [start, m] of open) {
        if (start + MINUTE_MS + ROLLUP_LAG_MS <= m0) {
          this.closeMinute(m, false);
          open.delete(start);
        }
      }
    }
    addObservation(cur.rec, cur.ids, o);
  }

  /** Stores every open minute and its hour marked partial; they stay open in memory. */
  flush(): void {
    for (const [camera, open] of this.minute) {
      const byHour = new Map<number, RollupRecord[]>();
      for (const m of open.values()) {
        this.closeMinute(m, true);
        const h0 = floorTo(m.rec.start, HOUR_MS);
        byHour.set(h0, [...(byHour.get(h0) ?? []), snapshot(m, true)]);
      }
      for (const [h0, list] of byHour) this.storeHour(camera, h0, list, false);
    }
  }

  /** A reopened closed minute will be merged into its hour again: rebuild the hour without it first. */
  private subtractFromHour(m: RollupRecord): void {
    const h0 = floorTo(m.start, HOUR_MS);
    const h: OpenRollup = { rec: emptyRollup(m.camera, h0, HOUR_MS), ids: new Set() };
    const mins = new Map<number, RollupRecord>();
    for (const { value } of this.d.minutes.getRange({ start: [m.camera, h0], end: [m.camera, h0 + HOUR_MS] })) mins.set(value.start, value);
    for (const c of this.closed.values()) if (c.camera === m.camera && c.start >= h0 && c.start < h0 + HOUR_MS) mins.set(c.start, c);
    for (const value of mins.values()) if (value.start !== m.start && !value.partial) mergeRollup(h.rec, h.ids, value);
    this.hour.set(`${m.camera}\n${h0}`, h);
  }

  /** Stores a minute and merges it into its hour (stored too). */
  private closeMinute(m: OpenRollup, partial: boolean): void {
    const rec = snapshot(m, partial);
    if (!partial) {
      this.closed.set(`${rec.camera}\n${rec.start}`, rec);
      for (const k of this.closed.keys()) {
        if (this.closed.size <= MAX_CLOSED) break;
        this.closed.delete(k);
      }
    }
    this.gate.track(this.d.minutes.put([rec.camera, rec.start], rec));
    if (!partial) this.storeHour(rec.camera, floorTo(rec.start, HOUR_MS), [rec], true);
  }

  /**
   * Stores an hour: its closed minutes (kept in memory) plus `extra` minutes. Closed minutes are
   * kept in the in-memory hour (`keep`); partial ones only reach the stored copy.
   */
  private storeHour(camera: string, h0: number, extra: RollupRecord[], keep: boolean): void {
    const hk = `${camera}\n${h0}`;
    let h = this.hour.get(hk);
    if (!h) {
      const prev = this.d.hours.get([camera, h0]);
      h = prev ? { rec: { ...prev }, ids: new Set(prev.objectIds) } : { rec: emptyRollup(camera, h0, HOUR_MS), ids: new Set() };
    }
    // a kept hour is merged in place; a partial one (flush) into a copy, leaving the open hour as it was
    const r = h.rec;
    const merged: OpenRollup = keep
      ? h
      : {
          rec: { ...r, maxCounts: { ...r.maxCounts }, maxCountsAt: { ...r.maxCountsAt }, maxOccupancy: { ...r.maxOccupancy }, maxOccupancyAt: { ...r.maxOccupancyAt }, events: { ...r.events }, captions: [...r.captions] },
          ids: new Set(h.ids),
        };
    for (const m of extra) mergeRollup(merged.rec, merged.ids, m);
    if (keep) this.hour.set(hk, merged);
    for (const [k, v] of this.hour) if (v.rec.camera === camera && v.rec.start < h0 - HOUR_MS) this.hour.delete(k);
    let lastEnd = -Infinity;
    for (const m of extra) lastEnd = Math.max(lastEnd, m.end);
    const partial = extra.some((m) => m.partial) || lastEnd < h0 + HOUR_MS;
    this.gate.track(this.d.hours.put([camera, h0], snapshot(merged, partial)));
  }
}
