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

/** Summary of an object fact at `ts`. */
export function objectSummary(o: ObjectFact, ts: number): ObjectSummary {
  return {
    objectId: o.objectId,
    camera: o.camera,
    label: o.label,
    score: Math.round(o.score * 1000) / 1000,
    box: o.box,
    firstSeen: o.firstSeen,
    lastSeen: o.lastSeen,
    currentZones: o.zones.filter((z) => z.exitedAt === null).map((z) => z.zone),
    enteredZones: [...new Set(o.zones.map((z) => z.zone))],
    ageSeconds: Math.round((ts - o.firstSeen) / 100) / 10,
  };
}

/** Follows observations and reports count changes and object events. */
export class LiveState {
  private readonly counts = new Map<string, CountState>();
  private readonly objects = new Map<string, ObjectSummary>();

  /**
   * Feeds an observation.
   * @returns the counts that changed and the object event it makes, if any
   */
  observe(o: Observation): { counts: CountState[]; event: ObjectEvent | null } {
    if (o.kind === 'frame') {
      const changed: CountState[] = [];
      const next = new Map<string, number>();
      for (const [cls, n] of Object.entries(o.counts)) next.set(`${ALL}\u0000${cls}`, n);
      for (const [zone, n] of Object.entries(o.occupancy)) next.set(`${zone}\u0000${ALL}`, n);
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
      return { counts: changed, event: null };
    }
    if (o.kind !== 'object') return { counts: [], event: null };
    const after = objectSummary(o.object, o.ts);
    const before = o.event === 'new' ? null : (this.objects.get(o.object.objectId) ?? null);
    if (o.event === 'end') this.objects.delete(o.object.objectId);
    else this.objects.set(o.object.objectId, after);
    return { counts: [], event: { type: o.event, camera: o.camera, ts: o.ts, before, after } };
  }

  /** Current counts (optionally of some cameras). */
  snapshot(cameras?: readonly string[]): CountState[] {
    return [...this.counts.values()].filter((c) => !cameras || cameras.includes(c.camera));
  }
}
