/**
 * Live state derived from observations: counts per camera, zone and class (with change
 * detection) and object lifecycle events with before/after, shared by the WebSocket pushes and
 * the MQTT topics.
 */
import type { ObjectFact, Observation } from '../../ingest/observations.js';
import type { CameraStatus } from '../../ingest/types.js';
import type { CameraState, CountState, ObjectEvent, ObjectSummary } from './wire.js';

/** Zone name of whole-frame counts and class name of zone (all-class) counts. */
export const ALL = 'all';

/** Wire form of a camera status. */
export function cameraState(s: CameraStatus, enabled: boolean): CameraState {
  return { camera: s.id, state: s.state, enabled, fps: Math.round(s.fps * 100) / 100, lastFrameAt: s.lastFrameAt, reconnects: s.reconnects, error: s.error };
}

/** Rounds to 4 decimals, like trajectories. */
function r4(x: number): number {
  return Math.round(x * 1e4) / 1e4;
}

/** A box normalised 0..1 of the frame and rounded to 4 decimals (pixels rounded when the frame size is unknown). */
export function normalisedBox(o: Pick<ObjectFact, 'box' | 'frameSize'>): ObjectSummary['box'] {
  const w = o.frameSize?.width ?? 0;
  const h = o.frameSize?.height ?? 0;
  const b = o.box;
  if (w <= 0 || h <= 0) return { x1: r4(b.x1), y1: r4(b.y1), x2: r4(b.x2), y2: r4(b.y2) };
  const c = (v: number, d: number): number => r4(Math.min(1, Math.max(0, v / d)));
  return { x1: c(b.x1, w), y1: c(b.y1, h), x2: c(b.x2, w), y2: c(b.y2, h) };
}

/** Summary of an object fact at `ts`. */
export function objectSummary(o: ObjectFact, ts: number): ObjectSummary {
  return {
    objectId: o.objectId,
    camera: o.camera,
    label: o.label,
    score: Math.round(o.score * 1000) / 1000,
    box: normalisedBox(o),
    firstSeen: o.firstSeen,
    lastSeen: o.lastSeen,
    currentZones: o.zones.filter((z) => z.exitedAt === null).map((z) => z.zone),
    enteredZones: [...new Set(o.zones.map((z) => z.zone))],
    ageSeconds: Math.round((ts - o.firstSeen) / 100) / 10,
    ...(o.colours ? { colours: o.colours } : {}),
  };
}

/** Last states of ended objects kept for the `before` of a later update (re-ID found them again). */
const ENDED_KEPT = 2000;

/** Follows observations and reports count changes and object events. */
export class LiveState {
  private readonly counts = new Map<string, CountState>();
  private readonly objects = new Map<string, ObjectSummary>();
  private readonly ended = new Map<string, ObjectSummary>();

  /**
   * Feeds an observation.
   * @returns the counts that changed and the object event it makes, if any
   */
  observe(o: Observation): { counts: CountState[]; event: ObjectEvent | null } {
    if (o.kind === 'frame') return { counts: this.frame(o), event: null };
    if (o.kind !== 'object') return { counts: [], event: null };
    const id = o.object.objectId;
    const after = objectSummary(o.object, o.ts);
    const before = o.event === 'new' ? null : (this.objects.get(id) ?? this.ended.get(id) ?? null);
    if (o.event === 'end') {
      this.objects.delete(id);
      this.ended.delete(id);
      this.ended.set(id, after);
      if (this.ended.size > ENDED_KEPT) this.ended.delete(this.ended.keys().next().value ?? '');
    } else {
      this.objects.set(id, after);
      this.ended.delete(id);
    }
    return { counts: [], event: { type: o.event, camera: o.camera, ts: o.ts, before, after } };
  }

  /**
   * A camera is down: every count it has becomes unknown (null) until its next frame.
   * @returns the counts that changed
   */
  unknown(camera: string, ts: number): CountState[] {
    const changed: CountState[] = [];
    for (const [k, c] of this.counts) {
      if (c.camera !== camera || c.count === null) continue;
      const u: CountState = { ...c, count: null, ts };
      this.counts.set(k, u);
      changed.push(u);
    }
    return changed;
  }

  /** A camera's zones changed: the counts of its zones not in `keep` are dropped. */
  forgetZones(camera: string, keep: ReadonlySet<string>): void {
    for (const [k, c] of this.counts) if (c.camera === camera && c.zone !== ALL && !keep.has(c.zone)) this.counts.delete(k);
  }

  /** Current counts (optionally of some cameras). */
  snapshot(cameras?: readonly string[]): CountState[] {
    return [...this.counts.values()].filter((c) => !cameras || cameras.includes(c.camera));
  }

  /** Counts of a frame: per class, per zone, and per zone and class. */
  private frame(o: Extract<Observation, { kind: 'frame' }>): CountState[] {
    const changed: CountState[] = [];
    const next = new Map<string, number>();
    for (const [cls, n] of Object.entries(o.counts)) next.set(`${ALL}\u0000${cls}`, n);
    for (const [zone, n] of Object.entries(o.occupancy)) next.set(`${zone}\u0000${ALL}`, n);
    for (const x of o.objects) for (const z of x.zones ?? []) next.set(`${z}\u0000${x.label}`, (next.get(`${z}\u0000${x.label}`) ?? 0) + 1);
    const prefix = `${o.camera}\u0000`;
    for (const [k, c] of this.counts) if (k.startsWith(prefix) && !next.has(`${c.zone}\u0000${c.class}`)) next.set(`${c.zone}\u0000${c.class}`, 0);
    for (const [zc, n] of next) {
      const key = prefix + zc;
      const prev = this.counts.get(key);
      if (prev && prev.count === n) continue;
      const [zone = ALL, cls = ALL] = zc.split('\u0000');
      const c: CountState = { camera: o.camera, zone, class: cls, count: n, ts: o.ts };
      this.counts.set(key, c);
      changed.push(c);
    }
    return changed;
  }
}
