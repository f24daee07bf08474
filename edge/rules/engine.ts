/**
 * The rule engine: structured alert rules evaluated on live observations as frames arrive.
 * Pure and synchronous: `observe()` takes one observation and returns the alerts it caused, so
 * the same engine runs in the daemon, the unit tests and the benchmark.
 */
import { VigilError } from '../../ingest/errors/catalogue.js';
import type { EventObservation, FrameObservation, Observation } from '../../ingest/observations.js';
import type { Alert, AlertRule, CountOp, RuleInfo } from '../api/wire.js';
import { DEFAULT_COOLDOWN_S, ruleSchema } from './schema.js';
import { plainIssueMessage } from '../config/issue-words.js';
import { holds } from '../../planner/query/execute-measures.js';
import { LocalClock } from './time.js';
import { counted, pluralOf } from './words.js';

/** Zones and lines each camera has, to validate rules against. */
export type CameraGeometry = Record<string, { zones: string[]; lines: string[] }>;

/** Why a rule was refused. */
export class RuleError extends VigilError<'RULE_INVALID' | 'NOT_FOUND' | 'RULE_NOT_READ'> {}

/**
 * Problems of a rule against the cameras' zones and lines (`path: message` each): an unknown
 * camera, a zone or a line that no camera it watches has.
 */
export function ruleGeometryProblems(rule: AlertRule, cameras: CameraGeometry): string[] {
  const out: string[] = [];
  const cams = rule.camera ? [rule.camera] : Object.keys(cameras);
  if (rule.camera && !cameras[rule.camera]) out.push(`camera: unknown camera "${rule.camera}"`);
  if (rule.zone && !cams.some((c) => cameras[c]?.zones.includes(rule.zone ?? ''))) out.push(`zone: no camera${rule.camera ? ` "${rule.camera}"` : ''} has zone "${rule.zone}"`);
  const t = rule.trigger;
  if (t.type === 'line' && !cams.some((c) => cameras[c]?.lines.includes(t.line))) out.push(`trigger.line: no camera${rule.camera ? ` "${rule.camera}"` : ''} has line "${t.line}"`);
  return out;
}

/** Engine options. */
export interface RuleEngineOptions {
  node: string;
  cameras: CameraGeometry;
  timeZone: string;
  /** Wall clock for `firedAt` (tests). */
  now?: () => number;
}

/** Per rule and camera evaluation state. */
interface State {
  /** When the count (or absence) condition started holding, or null. */
  since: number | null;
  /** Whether the rule fired during the current holding period (edge-triggered). */
  fired: boolean;
  lastFired: number | null;
  /** Dwell: objects already alerted for in their current visit. */
  alerted: Set<string>;
}

/** Zone membership learnt from zone events: zone -> objectId -> {label, enteredAt}. */
type Members = Map<string, Map<string, { label: string; enteredAt: number }>>;

/** A count comparison in words: "at least 2". */
const OP_WORDS: Record<CountOp, string> = { ge: 'at least', gt: 'more than', le: 'at most', lt: 'fewer than', eq: 'exactly', ne: 'other than' };

/**
 * The message of a count or absence alert: "2 bottles in bench (at least 2)", "1 person in table
 * (exactly 1 for 5 s)", "no people in table for 12 s".
 */
export function countMessage(r: AlertRule, count: number, heldMs: number): string {
  const label = r.class ?? 'object';
  const where = r.zone ? ` in ${r.zone}` : '';
  const t = r.trigger;
  if (t.type !== 'count') return `no ${pluralOf(label)}${where} for ${Math.round(heldMs / 1000)} s`;
  return `${counted(count, label)}${where} (${OP_WORDS[t.op]} ${t.n}${t.forSeconds ? ` for ${t.forSeconds} s` : ''})`;
}

/** Evaluates many rules over many cameras. */
export class RuleEngine {
  private readonly rules = new Map<string, RuleInfo>();
  private readonly states = new Map<string, State>();
  private readonly members = new Map<string, Members>();
  /** Camera -> objectId -> first frame seen (dwell without a zone). */
  private readonly inView = new Map<string, Map<string, number>>();
  private readonly clock: LocalClock;
  private seq = 0;

  constructor(private readonly o: RuleEngineOptions) {
    this.clock = new LocalClock(o.timeZone);
  }

  /**
   * Validates and adds (or replaces) a rule.
   * @throws RuleError RULE_INVALID with every problem listed
   */
  put(input: unknown, source: RuleInfo['source'] = 'runtime'): RuleInfo {
    const parsed = ruleSchema.safeParse(input);
    if (!parsed.success) throw new RuleError('RULE_INVALID', parsed.error.issues.map((i) => `${i.path.join('.') || 'rule'}: ${plainIssueMessage(i, input)}`).join('; '));
    const rule = parsed.data;
    const problems = this.check(rule);
    if (problems.length) throw new RuleError('RULE_INVALID', problems.join('; '));
    const prev = this.rules.get(rule.id);
    const info: RuleInfo = { ...rule, source: prev?.source === 'config' ? 'config' : source, lastFiredAt: prev?.lastFiredAt ?? null };
    this.rules.set(rule.id, info);
    // the label's plural, worked out now rather than when the first alert is on its way
    if (rule.class) pluralOf(rule.class);
    for (const k of [...this.states.keys()]) if (k.startsWith(`${rule.id}\u0000`)) this.states.delete(k);
    return info;
  }

  /** Problems of a rule against the cameras' zones and lines. */
  check(rule: AlertRule): string[] {
    return ruleGeometryProblems(rule, this.o.cameras);
  }

  /** Removes a rule; false when there was none. */
  delete(id: string): boolean {
    for (const k of [...this.states.keys()]) if (k.startsWith(`${id}\u0000`)) this.states.delete(k);
    return this.rules.delete(id);
  }

  /** Every rule, in insertion order. */
  list(): RuleInfo[] {
    return [...this.rules.values()].map((r) => ({ ...r }));
  }

  /** One rule. */
  get(id: string): RuleInfo | undefined {
    return this.rules.get(id);
  }

  /** Feeds one observation; returns the alerts it caused. */
  observe(o: Observation): Alert[] {
    if (o.kind === 'event' && o.type === 'camera_offline') {
      this.forgetCamera(o.camera);
      return [];
    }
    if (o.kind === 'event') {
      this.track(o);
      return this.onEvent(o);
    }
    if (o.kind === 'object' && o.event === 'end') this.inView.get(o.camera)?.delete(o.object.objectId);
    if (o.kind !== 'frame') return [];
    return this.onFrame(o);
  }

  /** A camera went down: nothing that held before counts towards a condition after it. */
  private forgetCamera(camera: string): void {
    for (const [k, s] of this.states) {
      if (!k.endsWith(`\u0000${camera}`)) continue;
      s.since = null;
      s.fired = false;
      s.alerted.clear();
    }
    this.members.delete(camera);
    this.inView.delete(camera);
  }

  private track(e: EventObservation): void {
    if ((e.type !== 'zone_enter' && e.type !== 'zone_exit') || !e.zone || !e.objectId) return;
    const cam = this.members.get(e.camera) ?? new Map<string, Map<string, { label: string; enteredAt: number }>>();
    this.members.set(e.camera, cam);
    const zone = cam.get(e.zone) ?? new Map<string, { label: string; enteredAt: number }>();
    cam.set(e.zone, zone);
    if (e.type === 'zone_enter') zone.set(e.objectId, { label: e.label ?? '', enteredAt: e.ts });
    else zone.delete(e.objectId);
  }

  private applies(r: RuleInfo, camera: string, ts: number): boolean {
    if (r.enabled === false || (r.camera && r.camera !== camera)) return false;
    if (r.zone && !this.o.cameras[camera]?.zones.includes(r.zone)) return false;
    return !r.timeOfDay || this.clock.inside(r.timeOfDay, ts);
  }

  private state(rule: string, camera: string): State {
    const k = `${rule}\u0000${camera}`;
    let s = this.states.get(k);
    if (!s) {
      s = { since: null, fired: false, lastFired: null, alerted: new Set() };
      this.states.set(k, s);
    }
    return s;
  }

  private cooled(r: RuleInfo, s: State, ts: number): boolean {
    return s.lastFired === null || ts - s.lastFired >= (r.cooldownSeconds ?? DEFAULT_COOLDOWN_S) * 1000;
  }

  private onEvent(e: EventObservation): Alert[] {
    if (e.type === 'loud_sound') return this.onSound(e);
    if (e.type !== 'line_cross') return [];
    const out: Alert[] = [];
    for (const r of this.rules.values()) {
      const t = r.trigger;
      if (t.type !== 'line' || t.line !== e.line || !this.applies(r, e.camera, e.ts)) continue;
      if (r.class && e.label !== r.class) continue;
      if (t.direction && t.direction !== 'any' && t.direction !== e.direction) continue;
      const s = this.state(r.id, e.camera);
      if (!this.cooled(r, s, e.ts)) continue;
      out.push(this.fire(r, s, e.camera, e.ts, e.ts, `${e.label ?? 'object'} crossed ${e.line} ${e.direction ?? ''}`.trim(), { objectIds: e.objectId ? [e.objectId] : [], ...(e.direction ? { direction: e.direction } : {}) }));
    }
    return out;
  }

  private onSound(e: EventObservation): Alert[] {
    const out: Alert[] = [];
    for (const r of this.rules.values()) {
      const t = r.trigger;
      if (t.type !== 'sound' || !this.applies(r, e.camera, e.ts)) continue;
      if (t.minDbfs !== undefined && (e.dbfs ?? -Infinity) < t.minDbfs) continue;
      const s = this.state(r.id, e.camera);
      if (!this.cooled(r, s, e.ts)) continue;
      out.push(this.fire(r, s, e.camera, e.ts, e.ts, `loud sound${e.dbfs !== undefined ? ` (${e.dbfs} dBFS)` : ''}`, { ...(e.dbfs !== undefined ? { dbfs: e.dbfs } : {}) }));
    }
    return out;
  }

  /** Objects matching a rule's class and zone in a frame: their ids and count. */
  private matching(r: RuleInfo, f: FrameObservation): { count: number; ids: string[] } {
    if (r.zone) {
      const zone = r.zone;
      // the frame's objects carry their zones: counts follow what is seen (within the hold)
      if (f.objects.every((x) => x.zones)) {
        const ids = f.objects.filter((x) => x.zones?.includes(zone) && (!r.class || x.label === r.class)).map((x) => x.objectId);
        return { count: r.class ? ids.length : (f.occupancy[zone] ?? ids.length), ids };
      }
      // older observations without zones: membership from zone events
      const members = this.members.get(f.camera)?.get(zone);
      const occ = f.occupancy[zone] ?? 0;
      if (occ === 0) members?.clear();
      const ids = [...(members ?? new Map<string, { label: string }>())].filter(([, m]) => !r.class || m.label === r.class).map(([id]) => id);
      return { count: r.class ? ids.length : occ, ids };
    }
    const objs = f.objects.filter((x) => !r.class || x.label === r.class);
    const count = r.class ? (f.counts[r.class] ?? 0) : Object.values(f.counts).reduce((a, b) => a + b, 0);
    return { count, ids: objs.map((x) => x.objectId) };
  }

  private onFrame(f: FrameObservation): Alert[] {
    const seen = this.inView.get(f.camera) ?? new Map<string, number>();
    this.inView.set(f.camera, seen);
    const present = new Set(f.objects.map((x) => x.objectId));
    for (const id of present) if (!seen.has(id)) seen.set(id, f.ts);
    for (const id of seen.keys()) if (!present.has(id)) seen.delete(id);
    const out: Alert[] = [];
    for (const r of this.rules.values()) {
      if (r.trigger.type === 'line' || r.trigger.type === 'sound' || !this.applies(r, f.camera, f.ts)) continue;
      const s = this.state(r.id, f.camera);
      const m = this.matching(r, f);
      const t = r.trigger;
      if (t.type === 'dwell') {
        out.push(...this.dwell(r, s, f, m.ids, t.seconds));
        continue;
      }
      // the questions' own condition test: a rule and a question read "fewer than 3" alike
      const held = t.type === 'count' ? holds(m.count, t, 0) : m.count === 0;
      if (!held) {
        s.since = null;
        s.fired = false;
        continue;
      }
      s.since ??= f.ts;
      const need = (t.type === 'count' ? (t.forSeconds ?? 0) : t.seconds) * 1000;
      if (s.fired || f.ts - s.since < need || !this.cooled(r, s, f.ts)) continue;
      out.push(this.fire(r, s, f.camera, s.since, f.ts, countMessage(r, m.count, f.ts - s.since), { objectIds: m.ids, count: m.count }));
      s.fired = true;
    }
    return out;
  }

  private dwell(r: RuleInfo, s: State, f: FrameObservation, ids: string[], seconds: number): Alert[] {
    const out: Alert[] = [];
    const zone = r.zone ? this.members.get(f.camera)?.get(r.zone) : undefined;
    const inView = this.inView.get(f.camera);
    for (const id of s.alerted) if (!ids.includes(id)) s.alerted.delete(id);
    for (const id of ids) {
      const since = r.zone ? zone?.get(id)?.enteredAt : inView?.get(id);
      if (since === undefined || s.alerted.has(id) || f.ts - since < seconds * 1000 || !this.cooled(r, s, f.ts)) continue;
      s.alerted.add(id);
      const dwellSeconds = Math.round((f.ts - since) / 100) / 10;
      out.push(this.fire(r, s, f.camera, since, f.ts, `${r.class ?? 'object'} ${r.zone ? `in ${r.zone}` : 'in view'} for ${dwellSeconds} s`, { objectIds: [id], dwellSeconds }));
    }
    return out;
  }

  private fire(r: RuleInfo, s: State, camera: string, start: number, ts: number, message: string, ev: Partial<Alert['evidence']>): Alert {
    s.lastFired = ts;
    r.lastFiredAt = ts;
    return {
      id: `${r.id}-${camera}-${ts}-${++this.seq}`,
      rule: r.id,
      node: this.o.node,
      camera,
      class: r.class ?? null,
      zone: r.zone ?? null,
      message,
      frameTs: ts,
      firedAt: (this.o.now ?? Date.now)(),
      evidence: { start: new Date(start).toISOString(), end: new Date(ts).toISOString(), objectIds: [], ...ev, snapshot: `/api/cameras/${encodeURIComponent(camera)}/keyframe.jpg?ts=${ts}` },
    };
  }
}
