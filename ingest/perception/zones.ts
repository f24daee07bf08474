/**
 * Zones (polygons) and directed lines per camera. Coordinates are normalised 0..1 of the frame,
 * so they survive a change of analysis width. An object is placed by its anchor point: the
 * bottom centre of its box (where a person stands), unless configured otherwise.
 */
import type { Box } from './types.js';

/** A zone polygon. */
export interface ZoneSpec {
  id: string;
  /** Vertices [x, y], normalised 0..1. */
  polygon: [number, number][];
}

/** A directed line: crossing from its left side to its right side (looking from `from` to `to`) is "forward". */
export interface LineSpec {
  id: string;
  from: [number, number];
  to: [number, number];
}

/** Which point of a box counts as the object's position. */
export type Anchor = 'bottom' | 'center';

/** A zone or line event. */
export type ZoneEvent =
  | { type: 'zone_enter'; zone: string; trackId: number; ts: number }
  | { type: 'zone_exit'; zone: string; trackId: number; ts: number; enteredAt: number; dwellSeconds: number }
  | { type: 'line_cross'; line: string; trackId: number; ts: number; direction: 'forward' | 'backward' };

/** One visit of a track to a zone. */
export interface ZoneVisit {
  zone: string;
  enteredAt: number;
  exitedAt: number | null;
  dwellSeconds: number;
}

/** Point in polygon (even-odd rule). */
export function inPolygon(x: number, y: number, poly: readonly [number, number][]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i] ?? [0, 0];
    const [xj, yj] = poly[j] ?? [0, 0];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function side(ax: number, ay: number, bx: number, by: number, px: number, py: number): number {
  return (bx - ax) * (py - ay) - (by - ay) * (px - ax);
}

/** Whether segment p->q crosses the line a->b, and in which direction. */
export function crossing(a: [number, number], b: [number, number], p: [number, number], q: [number, number]): 'forward' | 'backward' | null {
  const s1 = side(a[0], a[1], b[0], b[1], p[0], p[1]);
  const s2 = side(a[0], a[1], b[0], b[1], q[0], q[1]);
  if (s1 === 0 || s2 === 0 || s1 > 0 === s2 > 0) return null;
  const s3 = side(p[0], p[1], q[0], q[1], a[0], a[1]);
  const s4 = side(p[0], p[1], q[0], q[1], b[0], b[1]);
  if (s3 > 0 === s4 > 0) return null;
  // image y points down: a negative cross product is the left side when looking along a->b
  return s1 < 0 ? 'forward' : 'backward';
}

/** Tracks objects against a camera's zones and lines. */
export class ZoneTracker {
  private readonly last = new Map<number, [number, number]>();
  private readonly inside = new Map<number, Map<string, number>>();
  readonly visits = new Map<number, ZoneVisit[]>();

  constructor(
    private zones: readonly ZoneSpec[],
    private lines: readonly LineSpec[],
    private readonly anchor: Anchor = 'bottom',
  ) {}

  /** The zones and lines tracked now. */
  get geometry(): { zones: readonly ZoneSpec[]; lines: readonly LineSpec[] } {
    return { zones: this.zones, lines: this.lines };
  }

  /**
   * Replaces the zones and lines (drawn anew while running). A track inside a zone that is gone
   * exits it at `ts`; a zone kept under its id keeps its visitors, and the next `update` moves
   * them in or out of its new polygon. Lines take effect from the next position on.
   * @returns the exits from the zones that are gone
   */
  setGeometry(zones: readonly ZoneSpec[], lines: readonly LineSpec[], ts: number): ZoneEvent[] {
    const kept = new Set(zones.map((z) => z.id));
    const events: ZoneEvent[] = [];
    for (const [trackId, ins] of this.inside) {
      for (const [zone, since] of [...ins]) if (!kept.has(zone)) events.push(this.exit(trackId, zone, since, Math.max(ts, since)));
    }
    this.zones = zones.map((z) => ({ id: z.id, polygon: z.polygon.map(([x, y]): [number, number] => [x, y]) }));
    this.lines = lines.map((l) => ({ id: l.id, from: [l.from[0], l.from[1]], to: [l.to[0], l.to[1]] }));
    return events;
  }

  /** The anchor of a box, normalised. */
  point(box: Box, width: number, height: number): [number, number] {
    const x = (box.x1 + box.x2) / 2 / width;
    const y = (this.anchor === 'bottom' ? box.y2 : (box.y1 + box.y2) / 2) / height;
    return [x, y];
  }

  /**
   * Updates with the tracks visible at `ts` and returns the events. Tracks that disappeared must
   * be passed to `end()`.
   */
  update(tracks: readonly { trackId: number; box: Box }[], width: number, height: number, ts: number): ZoneEvent[] {
    const events: ZoneEvent[] = [];
    for (const t of tracks) {
      const p = this.point(t.box, width, height);
      const prev = this.last.get(t.trackId);
      if (prev) {
        for (const l of this.lines) {
          const dir = crossing(l.from, l.to, prev, p);
          if (dir) events.push({ type: 'line_cross', line: l.id, trackId: t.trackId, ts, direction: dir });
        }
      }
      this.last.set(t.trackId, p);
      const ins = this.inside.get(t.trackId) ?? new Map<string, number>();
      this.inside.set(t.trackId, ins);
      for (const z of this.zones) {
        const now = inPolygon(p[0], p[1], z.polygon);
        const since = ins.get(z.id);
        if (now && since === undefined) {
          ins.set(z.id, ts);
          events.push({ type: 'zone_enter', zone: z.id, trackId: t.trackId, ts });
          this.visitsOf(t.trackId).push({ zone: z.id, enteredAt: ts, exitedAt: null, dwellSeconds: 0 });
        } else if (!now && since !== undefined) {
          events.push(this.exit(t.trackId, z.id, since, ts));
        } else if (now && since !== undefined) {
          const v = this.openVisit(t.trackId, z.id);
          if (v) v.dwellSeconds = (ts - v.enteredAt) / 1000;
        }
      }
    }
    return events;
  }

  /** Ends a track: exits every zone it was in at `ts` (its last sighting). */
  end(trackId: number, ts: number): ZoneEvent[] {
    const events: ZoneEvent[] = [];
    for (const [zone, since] of this.inside.get(trackId) ?? []) events.push(this.exit(trackId, zone, since, ts));
    this.inside.delete(trackId);
    this.last.delete(trackId);
    return events;
  }

  /** Number of tracks inside each zone right now (only the tracks in `only`, when given). */
  occupancy(only?: ReadonlySet<number>): Record<string, number> {
    const occ: Record<string, number> = Object.fromEntries(this.zones.map((z) => [z.id, 0]));
    for (const [id, ins] of this.inside) if (!only || only.has(id)) for (const z of ins.keys()) occ[z] = (occ[z] ?? 0) + 1;
    return occ;
  }

  /** The zones a track is in (at its last position). */
  zonesOf(trackId: number): string[] {
    return [...(this.inside.get(trackId)?.keys() ?? [])];
  }

  /** Forgets a track's visits (after they were stored). */
  forget(trackId: number): void {
    this.visits.delete(trackId);
  }

  private visitsOf(trackId: number): ZoneVisit[] {
    const v = this.visits.get(trackId) ?? [];
    this.visits.set(trackId, v);
    return v;
  }

  private openVisit(trackId: number, zone: string): ZoneVisit | undefined {
    return this.visitsOf(trackId).find((v) => v.zone === zone && v.exitedAt === null);
  }

  private exit(trackId: number, zone: string, since: number, ts: number): ZoneEvent {
    this.inside.get(trackId)?.delete(zone);
    const dwellSeconds = (ts - since) / 1000;
    const v = this.openVisit(trackId, zone);
    if (v) {
      v.exitedAt = ts;
      v.dwellSeconds = dwellSeconds;
    }
    return { type: 'zone_exit', zone, trackId, ts, enteredAt: since, dwellSeconds };
  }
}
