/**
 * Fleet discovery and the fleet view as a daemon component (with `fleet.enabled` and MQTT on):
 * the box's fleet key (loaded, or created at first start, when the component starts), the signed
 * retained manifest of this box, the view of every box on the broker (pushed on the bus as
 * `fleet` events for the WebSocket channel) and the peer image proxy (only to the URLs pinned in
 * `fleet.peers`). It also refreshes the
 * retained camera statuses every {@link STATUS_EVERY_MS} (the bridge publishes them on state
 * changes only), so the fleet sees each camera's measured fps and last frame time.
 */
import type { Logger } from '../../ingest/types.js';
import { MQTT_TOPICS, type CameraState } from '../api/wire.js';
import type { EventBus } from '../bus.js';
import type { FleetConfig } from '../config/fleet.js';
import type { CameraConfig } from '../config/schema.js';
import { FleetProxy } from '../fleet/proxy.js';
import { loadFleetKey, type FleetTrust } from '../fleet/service.js';
import { signManifest } from '../fleet/sign.js';
import { FleetView } from '../fleet/view.js';
import type { Component } from '../lifecycle.js';
import { ManifestPublisher } from '../mqtt/manifest.js';
import type { MqttBridge } from '../mqtt/bridge.js';

/** What the component needs. */
export interface FleetViewDeps {
  cfg: FleetConfig;
  node: string;
  /** The box's key and the keys it pins. */
  trust: FleetTrust;
  version: string;
  /** The fleet prefix whose questions this box answers (stated in the manifest), or null. */
  fleetPrefix: string | null;
  cameras: readonly CameraConfig[];
  enabled(camera: string): boolean;
  rules(): string[];
  coverage(): { from: string | null; to: string | null };
  /** Camera states now (for the status refresh). */
  cameraStates(): CameraState[];
  bus: EventBus;
  mqtt: MqttBridge;
  log: Logger;
}

/** How often the retained camera statuses are refreshed, ms. */
export const STATUS_EVERY_MS = 15_000;

/** Manifest, view and proxy of this box. */
export class FleetViewComponent implements Component {
  readonly name = 'fleet-view';
  readonly manifest: ManifestPublisher;
  readonly view: FleetView;
  readonly proxy: FleetProxy;
  private timer: NodeJS.Timeout | null = null;

  /** Registers the manifest and the view on the MQTT bridge (call before the bridge starts). */
  constructor(private readonly d: FleetViewDeps) {
    this.manifest = new ManifestPublisher({
      node: d.node,
      version: d.version,
      publicUrl: d.cfg.publicUrl,
      fleetPrefix: d.fleetPrefix,
      cameras: d.cameras,
      enabled: (id) => d.enabled(id),
      rules: () => d.rules(),
      coverage: () => d.coverage(),
      publish: (t, p, o) => d.mqtt.publish(t, p, o),
      sign: (m) => signManifest(m, d.trust.identity.key.privateKey),
      isConnected: () => d.mqtt.connected,
      bus: d.bus,
      log: d.log,
    });
    const peers = d.cfg.peers;
    this.view = new FleetView({
      node: d.node,
      keys: d.trust.keys,
      onChange: (c) => d.bus.emit('fleet', c),
      canProxy: (node) => Boolean(Object.hasOwn(peers, node) && peers[node]?.url),
      log: d.log,
    });
    this.proxy = new FleetProxy({ peers: d.cfg.peers, known: (node) => this.view.get(node) !== undefined });
    d.mqtt.use(this.manifest);
    d.mqtt.use(this.view);
  }

  start(): Promise<void> {
    try {
      // before MQTT connects: the first manifest and the first part are signed
      loadFleetKey(this.d.trust, this.d.node, this.d.log);
    } catch (e) {
      return Promise.reject(e instanceof Error ? e : new Error(String(e)));
    }
    this.manifest.start();
    this.timer = setInterval(() => this.refreshStatuses(), STATUS_EVERY_MS);
    this.timer.unref();
    this.d.log.info({ publicUrl: this.d.cfg.publicUrl, peers: Object.keys(this.d.cfg.peers) }, 'fleet view on');
    return Promise.resolve();
  }

  /** Republishes every camera's retained status (skipped while disconnected). */
  refreshStatuses(): void {
    if (!this.d.mqtt.connected) return;
    for (const s of this.d.cameraStates()) this.d.mqtt.publish(MQTT_TOPICS.cameraStatus(this.d.node, s.camera), JSON.stringify(s), { retain: true, qos: 1 });
  }

  stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.manifest.stop();
    this.view.stop();
    return Promise.resolve();
  }
}
