/**
 * Fleet discovery and the fleet view as a daemon component (with `fleet.enabled` and MQTT on):
 * the retained manifest of this box, the view of every box on the broker (pushed on the bus as
 * `fleet` events for the WebSocket channel) and the peer image proxy.
 */
import type { Logger } from '../../ingest/types.js';
import type { EventBus } from '../bus.js';
import type { FleetConfig } from '../config/fleet.js';
import type { CameraConfig } from '../config/schema.js';
import { FleetProxy } from '../fleet/proxy.js';
import { FleetView } from '../fleet/view.js';
import type { Component } from '../lifecycle.js';
import { ManifestPublisher } from '../mqtt/manifest.js';
import type { MqttBridge } from '../mqtt/bridge.js';

/** What the component needs. */
export interface FleetViewDeps {
  cfg: FleetConfig;
  node: string;
  version: string;
  cameras: readonly CameraConfig[];
  enabled(camera: string): boolean;
  rules(): string[];
  coverage(): { from: string | null; to: string | null };
  bus: EventBus;
  mqtt: MqttBridge;
  log: Logger;
}

/** Manifest, view and proxy of this box. */
export class FleetViewComponent implements Component {
  readonly name = 'fleet-view';
  readonly manifest: ManifestPublisher;
  readonly view: FleetView;
  readonly proxy: FleetProxy;

  /** Registers the manifest and the view on the MQTT bridge (call before the bridge starts). */
  constructor(private readonly d: FleetViewDeps) {
    this.manifest = new ManifestPublisher({
      node: d.node,
      version: d.version,
      publicUrl: d.cfg.publicUrl,
      cameras: d.cameras,
      enabled: (id) => d.enabled(id),
      rules: () => d.rules(),
      coverage: () => d.coverage(),
      publish: (t, p, o) => d.mqtt.publish(t, p, o),
      isConnected: () => d.mqtt.connected,
      bus: d.bus,
      log: d.log,
    });
    this.view = new FleetView({ node: d.node, onChange: (c) => d.bus.emit('fleet', c) });
    this.proxy = new FleetProxy({ peers: d.cfg.peers, manifestUrl: (node) => (this.view.get(node) ? (this.view.get(node)?.manifest?.publicUrl ?? null) : undefined) });
    d.mqtt.use(this.manifest);
    d.mqtt.use(this.view);
  }

  start(): Promise<void> {
    this.manifest.start();
    this.d.log.info({ publicUrl: this.d.cfg.publicUrl, peers: Object.keys(this.d.cfg.peers) }, 'fleet view on');
    return Promise.resolve();
  }

  stop(): Promise<void> {
    this.manifest.stop();
    this.view.stop();
    return Promise.resolve();
  }
}
