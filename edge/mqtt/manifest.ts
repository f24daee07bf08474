/**
 * The retained manifest `vigil/<node>/manifest` (QoS 1): node, version, public URL, cameras with
 * their zones, lines, classes and model, rules, the memory's coverage and the fleet whose questions
 * the box answers (askers wait only for the boxes of their fleet), so any box (or any MQTT
 * client) can discover the fleet from retained topics alone. Signed by the box's fleet key
 * (`edge/fleet/sign.ts`) when one is given: boxes that pin the key read it only when it verifies.
 * Published on every connect, on camera
 * and rule changes (debounced) and every minute (the coverage moves). It is not cleared on
 * shutdown: the retained `vigil/<node>/status` (`offline`, also the Last Will) says the box is gone.
 */
import type { IClientPublishOptions } from 'mqtt';
import type { Logger } from '../../ingest/types.js';
import { manifestTopic, type FleetManifest, type FleetManifestCamera } from '../api/fleet-view-wire.js';
import type { EventBus } from '../bus.js';
import { detectorVocabulary } from '../config/labels.js';
import type { CameraConfig } from '../config/schema.js';
import type { MqttExtension } from './extension.js';

/** How often the manifest is republished, ms. */
export const MANIFEST_EVERY_MS = 60_000;
/** Wait after a change before republishing (a burst of changes makes one manifest), ms. */
const DEBOUNCE_MS = 500;

/** What the manifest is made of. */
export interface ManifestDeps {
  node: string;
  version: string;
  publicUrl: string | null;
  /** The fleet prefix whose questions the box answers, or null when it answers none (default null). */
  fleetPrefix?: string | null;
  cameras: readonly CameraConfig[];
  /** Whether a camera's ingest is enabled now. */
  enabled(camera: string): boolean;
  /** Rule ids now. */
  rules(): string[];
  /** The memory's coverage (ISO times, null when empty). */
  coverage(): { from: string | null; to: string | null };
  publish(topic: string, payload: string, opts: IClientPublishOptions): void;
  /** The signed payload of a manifest (default: its plain JSON). */
  sign?: (m: FleetManifest) => string;
  /** Whether the MQTT client is connected (no manifest is queued while it is not: connecting publishes a fresh one). */
  isConnected(): boolean;
  bus: EventBus;
  log: Logger;
  /** Republish period (tests shorten it). */
  everyMs?: number;
}

/** A camera's manifest entry. */
export function manifestCamera(c: CameraConfig, enabled: boolean): FleetManifestCamera {
  const classes = c.detector.classes.length ? [...c.detector.classes] : [...(detectorVocabulary(c.detector).labels ?? [])];
  return { id: c.id, enabled, zones: c.zones.map((z) => z.id), lines: c.lines.map((l) => l.id), classes, model: c.detector.model };
}

/** The manifest now. */
export function buildManifest(d: Omit<ManifestDeps, 'publish' | 'sign' | 'isConnected' | 'bus' | 'log'>, now = Date.now()): FleetManifest {
  let coverage: FleetManifest['coverage'];
  try {
    coverage = d.coverage();
  } catch {
    coverage = { from: null, to: null };
  }
  return {
    v: 1,
    node: d.node,
    version: d.version,
    publicUrl: d.publicUrl,
    cameras: d.cameras.map((c) => manifestCamera(c, d.enabled(c.id))),
    coverage: { from: coverage.from, to: coverage.to },
    rules: d.rules(),
    fleet: d.fleetPrefix ? { prefix: d.fleetPrefix } : null,
    updatedAt: new Date(now).toISOString(),
  };
}

/** Publishes the manifest; a party on the bridge's connection. */
export class ManifestPublisher implements MqttExtension {
  readonly name = 'manifest';
  readonly filters: readonly string[] = [];
  private timer: NodeJS.Timeout | null = null;
  private pending: NodeJS.Timeout | null = null;
  private readonly disabled = new Map<string, boolean>();
  /** Manifests published so far. */
  count = 0;

  constructor(private readonly d: ManifestDeps) {}

  /** Follows camera and rule changes and starts the periodic republish. */
  start(): void {
    this.d.bus.on('rule', 'manifest', () => this.soon());
    this.d.bus.on('camera', 'manifest', (s) => {
      const off = s.state === 'disabled';
      if (this.disabled.get(s.id) === off) return;
      const known = this.disabled.has(s.id);
      this.disabled.set(s.id, off);
      if (known || off) this.soon();
    });
    this.timer = setInterval(() => this.publishNow(), this.d.everyMs ?? MANIFEST_EVERY_MS);
    this.timer.unref();
  }

  connected(): void {
    this.publishNow();
  }

  message(): void {
    // the manifest publisher subscribes to nothing
  }

  /** Publishes at once when connected (skipped while offline: the next connect publishes). */
  publishNow(): void {
    if (this.pending) clearTimeout(this.pending);
    this.pending = null;
    if (!this.d.isConnected()) return;
    const m = buildManifest(this.d);
    this.count++;
    this.d.publish(manifestTopic(this.d.node), this.d.sign ? this.d.sign(m) : JSON.stringify(m), { qos: 1, retain: true });
    this.d.log.debug({ cameras: m.cameras.length, coverage: m.coverage }, 'fleet manifest published');
  }

  private soon(): void {
    if (this.pending) return;
    this.pending = setTimeout(() => this.publishNow(), DEBOUNCE_MS);
    this.pending.unref();
  }

  stop(): void {
    this.d.bus.removeOwner('manifest');
    if (this.timer) clearInterval(this.timer);
    if (this.pending) clearTimeout(this.pending);
    this.timer = this.pending = null;
  }
}
