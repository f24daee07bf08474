/**
 * Object records and their index entries. Each object record also carries what the store derives
 * for it: `segmentsSeen` (with first/last segment start, from segments' `objectIds`) and a fact
 * `description`. Index entries (spans, zone and camera visits) follow every rewrite.
 */
import type { ObjectFact } from '../ingest/observations.js';
import { writeCameraVisits, writeReturns } from './camera-visits.js';
import type { Dbs } from './dbs.js';
import { describeObject } from './describe.js';
import { putLive, removeLive } from './live.js';
import type { SpanBounds } from './spans.js';
import type { ObjectRecord } from './types.js';
import { writeVisits, type VisitSource } from './visits.js';
import type { WriteGate } from './write-gate.js';

/** Objects whose segment statistics are kept in memory. */
const MAX_SEG_STATS = 20_000;

/** Per-object segment statistics kept while segments arrive. */
interface SegStats {
  n: number;
  first: number;
  last: number;
  /** The object record is stored (so segment updates rewrite it). */
  stored: boolean;
  /** Its final (`end`) record is stored: later segments rewrite it at once. */
  ended: boolean;
  /** Stats changed since the record was last written. */
  dirty: boolean;
  /** The identity facts and zone visits of the record last written (or stored), which its index entries reflect. */
  written?: VisitSource;
}

/** A copy of the facts of an object its index entries are built from. */
function factsOf(o: VisitSource): VisitSource {
  return { objectId: o.objectId, camera: o.camera, label: o.label, firstSeen: o.firstSeen, lastSeen: o.lastSeen, zones: o.zones.map((z) => ({ ...z })), ...(o.visits ? { visits: o.visits.map((v) => ({ ...v })) } : {}) };
}

/** The object writer of one open store. */
export class ObjectLog {
  private readonly stats = new Map<string, SegStats>();
  /**
   * Object records put in batches that are not committed yet: reads of `objects` still return the
   * committed copy until then, so a rewrite must start from the record written last.
   */
  private readonly unsettled = new Map<string, { rec: ObjectRecord; batch: Promise<boolean> }>();
  private hookedBatch: Promise<boolean> | null = null;

  constructor(
    private readonly d: Dbs,
    private readonly gate: WriteGate,
    private readonly spans: SpanBounds,
    /** Told of every object whose visit entries were written (an index build in progress skips it). */
    private readonly wroteVisits: (objectId: string) => void,
  ) {}

  /**
   * Stores an object record and its index entries (spans, zone visits). The facts written last
   * (kept with its segment statistics) tell which old entries to drop, even while that write is
   * still uncommitted; the stored record is read only for objects not seen since the store opened.
   */
  write(fact: ObjectFact, ended: boolean, presence: 'present' | 'away' = 'present'): Promise<boolean> {
    const { d, gate } = this;
    this.writeLive(fact, ended, presence);
    const prev = this.statsOf(fact.objectId).written;
    const ob = this.derive(fact, ended);
    // one span entry per object: drop the old one when its first sighting or class changed
    if (prev && (prev.firstSeen !== ob.firstSeen || prev.label !== ob.label || prev.camera !== ob.camera)) {
      gate.track(d.spans.remove([prev.camera, prev.firstSeen, ob.objectId]));
      gate.track(d.lspans.remove([prev.camera, prev.label, prev.firstSeen, ob.objectId]));
    }
    this.put(ob);
    gate.track(d.lspans.put([ob.camera, ob.label, ob.firstSeen, ob.objectId], ob.lastSeen));
    const v = writeVisits(d.visits, prev, ob);
    if (v) gate.track(v);
    const cv = writeCameraVisits(d.cvisits, prev, ob);
    if (cv) gate.track(cv);
    const cr = d.creturns && writeReturns(d.creturns, prev, ob);
    if (cr) gate.track(cr);
    this.wroteVisits(ob.objectId);
    // the span bounds index scans: it covers zone visits entered before the first sighting too
    let span = ob.lastSeen - ob.firstSeen;
    for (const z of ob.zones) span = Math.max(span, ob.lastSeen - z.enteredAt);
    const w = this.spans.widen(ob.camera, span);
    if (w) gate.track(w);
    return gate.tracked(d.spans.put([ob.camera, ob.firstSeen, ob.objectId], ob.lastSeen));
  }

  /**
   * Keeps the object's live entry: a visit in progress while its track lives, none once it ended.
   * An ended object whose entry was cut by a stop keeps it (answers say the visit was cut).
   */
  private writeLive(fact: ObjectFact, ended: boolean, presence: 'present' | 'away'): void {
    const { d, gate } = this;
    if (ended) {
      const prev = d.live.get([fact.camera, fact.objectId]);
      if (prev && prev.state !== 'cut') gate.track(removeLive(d.live, fact.camera, fact.objectId));
      return;
    }
    const v = fact.visits?.[fact.visits.length - 1] ?? { start: fact.firstSeen, end: fact.lastSeen };
    const zones = fact.zones.filter((z) => z.exitedAt === null).map((z): [string, number] => [z.zone, z.enteredAt]);
    gate.track(putLive(d.live, fact.camera, fact.objectId, { label: fact.label, start: v.start, lastSeen: fact.lastSeen, state: presence, zones }));
  }

  /** Counts a segment for each object it names; final records are updated at once, others on their next write or flush. */
  countSegment(start: number, ids: readonly string[]): void {
    for (const id of ids) {
      const st = this.statsOf(id);
      if (start === st.first || start === st.last) continue;
      st.n++;
      if (!(start >= st.first)) st.first = start;
      if (!(start <= st.last)) st.last = start;
      if (!st.stored) continue;
      if (st.ended) this.rewrite(id, st);
      else st.dirty = true;
    }
  }

  /** Rewrites every stored object whose segment statistics changed since it was written. */
  flush(): void {
    for (const [id, st] of this.stats) if (st.dirty && st.stored) this.rewrite(id, st);
  }

  /** Segment statistics of an object: from memory, else from its stored record, else empty. */
  private statsOf(id: string): SegStats {
    let st = this.stats.get(id);
    if (st) {
      // most recently used last: eviction drops the oldest
      this.stats.delete(id);
    } else {
      const prev = this.record(id);
      st = { n: prev?.segmentsSeen ?? 0, first: prev?.firstSegmentAt ?? NaN, last: prev?.lastSegmentAt ?? NaN, stored: prev !== undefined, ended: prev !== undefined, dirty: false };
      if (prev) st.written = factsOf(prev);
    }
    this.stats.set(id, st);
    if (this.stats.size > MAX_SEG_STATS) {
      for (const [k, v] of this.stats) {
        if (this.stats.size <= MAX_SEG_STATS) break;
        if (v.dirty && v.stored) this.rewrite(k, v);
        this.stats.delete(k);
      }
    }
    return st;
  }

  /** The record stored for an object fact: its segment statistics and description added. */
  private derive(ob: ObjectFact, ended: boolean): ObjectRecord {
    const st = this.statsOf(ob.objectId);
    st.stored = true;
    st.ended = ended;
    st.dirty = false;
    st.written = factsOf(ob);
    const rec: ObjectRecord = { ...ob, segmentsSeen: st.n, description: describeObject(ob) };
    if (st.n > 0) {
      rec.firstSegmentAt = st.first;
      rec.lastSegmentAt = st.last;
    }
    return rec;
  }

  /** Rewrites a stored object with its current segment statistics. */
  private rewrite(id: string, st: SegStats): void {
    const prev = this.record(id);
    st.dirty = false;
    if (!prev) return;
    this.put({ ...prev, segmentsSeen: st.n, firstSegmentAt: st.first, lastSegmentAt: st.last });
  }

  /** Puts an object record, remembered as the newest until its batch commits. */
  private put(rec: ObjectRecord): void {
    const p = this.d.objects.put(rec.objectId, rec);
    this.gate.track(p);
    this.unsettled.set(rec.objectId, { rec, batch: p });
    if (p !== this.hookedBatch) {
      this.hookedBatch = p;
      const settle = (): void => {
        for (const [id, e] of this.unsettled) if (e.batch === p) this.unsettled.delete(id);
      };
      p.then(settle, settle);
    }
  }

  /** The newest record of an object: one still being committed, else the stored one. */
  private record(id: string): ObjectRecord | undefined {
    return this.unsettled.get(id)?.rec ?? this.d.objects.get(id);
  }
}
