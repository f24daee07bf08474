/**
 * The fleet view: a box follows every box on the broker from their retained and live topics
 * (`vigil/+/status`, `vigil/+/manifest`, `vigil/+/+/status`, the count topics and
 * `vigil/+/alerts/+`) and keeps each box's state: online or offline (the retained status, whose
 * `offline` is the box's Last Will), its manifest, its cameras with state, fps and counts, and the
 * last {@link FLEET_MAX_ALERTS} fleet alerts. Changes are reported per box, coalesced, so a busy
 * count topic does not flood the dashboards.
 *
 * Anything on the broker can be published by any client the ACLs let through: payloads are
 * checked, sizes are bounded, and a bad message is dropped. The manifest of a box whose key is
 * pinned (`fleet.peers.<node>.key`) is read only when that key signed it (`sign.ts`); a forged
 * one is dropped and the last verified one kept. Nothing in a manifest decides where a token is
 * sent: the image proxy uses only the URLs pinned in the config.
 */
import { FLEET_MAX_ALERTS, type FleetViewBox, type FleetViewCamera, type FleetCameraStateName, type FleetManifest, type FleetPushData, type FleetViewState } from '../api/fleet-view-wire.js';
import type { Alert, CameraStateName } from '../api/wire.js';
import type { Same } from '../api/requests.js';
import type { MqttExtension } from '../mqtt/extension.js';
import type { Logger } from '../../ingest/types.js';
import { parseAlert, parseCameraStatus } from './payloads.js';
import { checkManifest, FleetKeyRing } from './sign.js';

/** The fleet's camera states are the wire's, plus `unknown`. */
const sameStates: Same<FleetCameraStateName, CameraStateName | 'unknown'> = true;
void sameStates;

/** Topic filters the view subscribes to. */
export const FLEET_VIEW_FILTERS = ['vigil/+/status', 'vigil/+/manifest', 'vigil/+/+/status', 'vigil/+/+/+/+/count', 'vigil/+/alerts/+'] as const;

/** Most boxes, cameras per box and counts per camera followed (more are ignored). */
export const FLEET_LIMITS = { boxes: 1000, cameras: 256, counts: 512, payloadBytes: 256 * 1024 } as const;

interface BoxEntry {
  node: string;
  online: boolean;
  manifest: FleetManifest | null;
  cameras: Map<string, FleetViewCamera>;
  lastSeen: number;
}

/** Options of the view. */
export interface FleetViewOptions {
  /** This box's node id. */
  node: string;
  /** The pinned keys manifests are verified with (default: none pinned, every manifest read unverified). */
  keys?: FleetKeyRing;
  /** Told of manifests dropped as forged. */
  log?: Logger;
  /** Whether this box can fetch a box's snapshots (default: it announces a publicUrl). */
  canProxy?: (node: string, manifest: FleetManifest | null) => boolean;
  /** Told of every change: a box (coalesced every `coalesceMs`) or an alert (at once). */
  onChange?: (d: FleetPushData<Alert>) => void;
  /** Delay that coalesces a box's changes, ms (default 250). */
  coalesceMs?: number;
  now?: () => number;
}

/** The state of every box, fed by MQTT messages. */
export class FleetView implements MqttExtension {
  readonly name = 'fleet-view';
  readonly filters: readonly string[] = FLEET_VIEW_FILTERS;
  private readonly boxes = new Map<string, BoxEntry>();
  private readonly alerts: Alert[] = [];
  private readonly dirty = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private readonly now: () => number;
  private readonly keys: FleetKeyRing;
  /** The last reason each box's manifest was dropped. */
  private readonly warned = new Map<string, string>();
  /** Messages dropped as malformed or over the limits. */
  dropped = 0;
  /** Whether the message being read is a retained one. */
  private retained = false;

  constructor(private readonly o: FleetViewOptions) {
    this.now = o.now ?? Date.now;
    this.keys = o.keys ?? new FleetKeyRing({});
  }

  connected(): void {
    // retained topics arrive after the subscription: nothing to do
  }

  /**
   * Feeds one message; returns whether it changed the view. A retained message (delivered on
   * subscribing) does not count as the box being heard from now.
   */
  message(topic: string, payload: Buffer, retained = false): boolean {
    const p = topic.split('/');
    if (p[0] !== 'vigil' || p.length < 3 || payload.length > FLEET_LIMITS.payloadBytes) return false;
    const node = p[1] ?? '';
    const text = payload.toString('utf8');
    this.retained = retained;
    const ok = this.route(node, p, text);
    if (!ok) this.dropped++;
    return ok;
  }

  private route(node: string, p: string[], text: string): boolean {
    if (p.length === 3 && p[2] === 'status') {
      if (text !== 'online' && text !== 'offline') return false;
      const b = this.box(node);
      if (!b) return false;
      b.online = text === 'online';
      return this.touched(b);
    }
    if (p.length === 3 && p[2] === 'manifest') {
      const c = text === '' ? null : checkManifest(text, node, this.keys);
      if (c && !c.ok) return this.forged(node, c.why);
      const m = c ? c.manifest : null;
      this.warned.delete(node);
      const b = this.box(node);
      if (!b) return false;
      b.manifest = m;
      for (const c of m?.cameras.slice(0, FLEET_LIMITS.cameras) ?? []) this.camera(b, c.id);
      return this.touched(b);
    }
    if (p.length === 4 && p[2] === 'alerts') {
      const a = parseAlert(text);
      if (a && a.node === node) return this.alert(a);
      // else: a camera called "alerts" publishing its status; fall through
    }
    if (p.length === 4 && p[3] === 'status') {
      const s = parseCameraStatus(text);
      const b = s ? this.box(node) : undefined;
      const c = s && b ? this.camera(b, p[2] ?? '') : undefined;
      if (!s || !b || !c) return false;
      Object.assign(c, { state: s.state, fps: s.fps, lastFrameAt: s.lastFrameAt, error: s.error });
      return this.touched(b);
    }
    if (p.length === 6 && p[5] === 'count') {
      const n = Number(text);
      if (!/^\d{1,9}$/.test(text.trim()) || !Number.isSafeInteger(n)) return false;
      const b = this.box(node);
      const c = b ? this.camera(b, p[2] ?? '') : undefined;
      if (!b || !c) return false;
      const zone = p[3] ?? '';
      const cls = p[4] ?? '';
      const i = c.counts.findIndex((x) => x.zone === zone && x.class === cls);
      if (i >= 0) {
        const prev = c.counts[i];
        if (prev) prev.count = n;
      } else if (c.counts.length < FLEET_LIMITS.counts) c.counts.push({ zone, class: cls, count: n });
      else return false;
      return this.touched(b);
    }
    return false;
  }

  /** A manifest that did not verify: dropped, logged once a box until the reason changes. */
  private forged(node: string, why: string): false {
    if (this.keys.pinned(node) && this.warned.get(node) !== why && this.warned.size < FLEET_LIMITS.boxes) {
      this.warned.set(node, why);
      this.o.log?.warn({ node, why }, 'fleet manifest not verified; dropped');
    }
    return false;
  }

  private box(node: string): BoxEntry | undefined {
    let b = this.boxes.get(node);
    if (!b) {
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(node) || this.boxes.size >= FLEET_LIMITS.boxes) return undefined;
      b = { node, online: false, manifest: null, cameras: new Map(), lastSeen: 0 };
      this.boxes.set(node, b);
    }
    return b;
  }

  private camera(b: BoxEntry, id: string): FleetViewCamera | undefined {
    let c = b.cameras.get(id);
    if (!c) {
      if (!id || id.length > 64 || b.cameras.size >= FLEET_LIMITS.cameras) return undefined;
      c = { id, state: 'unknown', fps: 0, lastFrameAt: null, error: null, counts: [] };
      b.cameras.set(id, c);
    }
    return c;
  }

  private touched(b: BoxEntry): true {
    if (!this.retained) b.lastSeen = this.now();
    if (this.o.onChange) {
      this.dirty.add(b.node);
      this.timer ??= setTimeout(() => this.flush(), this.o.coalesceMs ?? 250);
    }
    return true;
  }

  private alert(a: Alert): boolean {
    if (this.alerts.some((x) => x.id === a.id)) return false;
    const b = this.box(a.node);
    if (b) b.lastSeen = this.now();
    this.alerts.unshift(a);
    if (this.alerts.length > FLEET_MAX_ALERTS) this.alerts.length = FLEET_MAX_ALERTS;
    this.o.onChange?.({ kind: 'alert', alert: a });
    return true;
  }

  private flush(): void {
    this.timer = null;
    const nodes = [...this.dirty];
    this.dirty.clear();
    for (const n of nodes) {
      const b = this.boxes.get(n);
      if (b) this.o.onChange?.({ kind: 'box', box: this.boxOf(b) });
    }
  }

  private boxOf(b: BoxEntry): FleetViewBox {
    // cameras in the order of the manifest, then any others seen on their topics
    const order = b.manifest?.cameras.map((c) => c.id) ?? [];
    const ids = [...new Set([...order.filter((id) => b.cameras.has(id)), ...b.cameras.keys()])];
    const cameras = ids.map((id) => {
      const c = b.cameras.get(id) as FleetViewCamera;
      return { ...c, counts: c.counts.map((x) => ({ ...x })) };
    });
    const self = b.node === this.o.node;
    const snapshots = self || (this.o.canProxy ? this.o.canProxy(b.node, b.manifest) : Boolean(b.manifest?.publicUrl));
    return { node: b.node, online: b.online, manifest: b.manifest, cameras, lastSeen: b.lastSeen, self, snapshots };
  }

  /** One box, or undefined when it was never seen. */
  get(node: string): FleetViewBox | undefined {
    const b = this.boxes.get(node);
    return b ? this.boxOf(b) : undefined;
  }

  /** Every box (by node id) and the last alerts, newest first. */
  state(): FleetViewState<Alert> {
    const boxes = [...this.boxes.values()].sort((a, b) => a.node.localeCompare(b.node)).map((b) => this.boxOf(b));
    return { enabled: true, node: this.o.node, boxes, alerts: [...this.alerts] };
  }

  /** Stops the coalescing timer. */
  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.dirty.clear();
  }
}
