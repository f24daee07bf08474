/**
 * The MQTT bridge: publishes node and camera status, object events, counts, occupancy and
 * alerts (with `mqtt.homeAssistant.discovery`, the discovery configs and the image entities'
 * pictures too), and answers questions and requests. Connects to `mqtt.url`, or to the embedded broker when none is
 * configured. While the broker is unreachable, messages wait in a bounded queue (oldest dropped).
 */
import { readFileSync } from 'node:fs';
import mqtt, { type IClientOptions, type IClientPublishOptions, type MqttClient } from 'mqtt';
import { redactUrl } from '../../ingest/redact.js';
import type { Logger } from '../../ingest/types.js';
import type { ApiHandlers } from '../api/handlers.js';
import type { Auth } from '../api/auth.js';
import { manifestTopic } from '../api/fleet-view-wire.js';
import { cameraState } from '../api/live.js';
import { MQTT_TOPICS, type MqttNodeStatus } from '../api/wire.js';
import type { EventBus } from '../bus.js';
import type { CameraConfig, Config } from '../config/schema.js';
import type { FleetResponder } from '../fleet/responder.js';
import { noDelay } from '../fleet/nodelay.js';
import type { Component } from '../lifecycle.js';
import { startEmbeddedBroker, type EmbeddedBroker } from './broker.js';
import { Discovery } from './discovery.js';
import type { MqttExtension } from './extension.js';
import { HaImages, type PictureSource } from './ha-images.js';
import { OccupancyStates } from './occupancy.js';
import { MqttRequests } from './requests.js';
import { countTopics } from './topics.js';

export { topicLevel } from './topics.js';

/** Resolves when `p` settles or after `ms`, whichever is first. */
function within(ms: number, p: Promise<void>): Promise<void> {
  return Promise.race([p, new Promise<void>((r) => setTimeout(r, ms).unref())]);
}

interface Queued {
  topic: string;
  payload: string | Buffer;
  opts: IClientPublishOptions;
}

/** Bridge dependencies. */
export interface MqttBridgeDeps {
  cfg: Config['mqtt'];
  node: string;
  bus: EventBus;
  handlers: ApiHandlers;
  log: Logger;
  /** Checks the token of each request (the same scopes as HTTP and WebSocket). */
  auth: Auth;
  /** Answers fleet asks (with `fleet.enabled`). */
  fleet?: FleetResponder | null;
  /** The daemon's version (Home Assistant device and origin). */
  version?: string;
  /** `fleet.publicUrl` (Home Assistant device links and absolute snapshot URLs). */
  publicUrl?: string | null;
  /** The configured cameras (Home Assistant entities). */
  cameras?: readonly CameraConfig[];
  /** Camera and alert pictures for Home Assistant's image entities. */
  pictures?: PictureSource;
}

/** The MQTT component. */
export class MqttBridge implements Component {
  readonly name = 'mqtt';
  private client: MqttClient | null = null;
  private broker: EmbeddedBroker | null = null;
  private readonly queue: Queued[] = [];
  private dropped = 0;
  private published = 0;
  private readonly extensions: MqttExtension[] = [];
  private readonly occupancy = new OccupancyStates();
  /** Home Assistant discovery and pictures (with `mqtt.homeAssistant.discovery`). */
  private readonly discovery: Discovery | null = null;
  private readonly images: HaImages | null = null;
  /** Why MQTT is off, when it is. */
  disabledReason: string | null = null;
  /** URL the client connects to. */
  url: string | null = null;

  constructor(private readonly d: MqttBridgeDeps) {
    const ha = d.cfg.homeAssistant;
    if (!d.cfg.enabled || !ha.discovery) return;
    const retained = (t: string, p: string): void => this.publish(t, p, { retain: true, qos: 1 });
    const ctx = { node: d.node, prefix: ha.prefix, version: d.version ?? '0.0.0', publicUrl: d.publicUrl ?? null };
    this.discovery = new Discovery({ ...ctx, cameras: d.cameras ?? [], rules: () => d.handlers.ruleList(), publish: retained });
    this.use(this.discovery);
    if (!d.pictures) return;
    const cameras = (d.cameras ?? []).map((c) => c.id);
    this.images = new HaImages({ node: d.node, cameras, everyMs: ha.snapshotSeconds * 1000, pictures: d.pictures, bus: d.bus, isConnected: () => this.connected, publish: (t, p, o) => this.publish(t, p, o), log: d.log });
    this.use(this.images);
  }

  /** The connected client (for the fleet asker), or null while MQTT is off. */
  get mqttClient(): MqttClient | null {
    return this.client;
  }

  /** Adds a party on this connection (before `start`): its filters are subscribed on every connect. */
  use(x: MqttExtension): void {
    this.extensions.push(x);
  }

  /** Whether the client is connected now. */
  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  /** State for `/healthz`: connected or why not, queue counters (the URL without credentials). */
  stats(): { connected: boolean; url: string | null; disabled: string | null; queued: number; dropped: number; published: number; embeddedPort: number | null } {
    return {
      connected: this.client?.connected ?? false,
      url: this.url ? redactUrl(this.url) : null,
      disabled: this.disabledReason,
      queued: this.queue.length,
      dropped: this.dropped,
      published: this.published,
      embeddedPort: this.broker?.port ?? null,
    };
  }

  async start(signal: AbortSignal): Promise<void> {
    const c = this.d.cfg;
    if (!c.enabled) {
      this.disabledReason = 'mqtt.enabled is false';
      return;
    }
    this.images?.start();
    let protocolVersion: 4 | 5 = c.protocolVersion;
    if (c.url) this.url = c.url;
    else {
      const b = await startEmbeddedBroker({ host: c.embedded.host, port: c.embedded.port, username: c.username, password: c.password });
      if ('busy' in b) {
        this.disabledReason = `embedded MQTT broker not started: ${b.busy}`;
        this.d.log.warn(`${this.disabledReason}. MQTT is disabled; to publish to that broker set mqtt.url (e.g. mqtt://127.0.0.1:${c.embedded.port}), or choose another mqtt.embedded.port`);
        return;
      }
      this.broker = b;
      // aedes speaks MQTT 3.1.1 only
      protocolVersion = 4;
      const local = b.host === '0.0.0.0' || b.host === '::' ? '127.0.0.1' : b.host;
      this.url = `mqtt://${local.includes(':') ? `[${local}]` : local}:${b.port}`;
      this.d.log.info({ port: b.port, host: b.host }, 'embedded MQTT broker listening');
    }
    if (signal.aborted) return;
    this.connect(protocolVersion);
    await this.firstConnect(signal, 5000);
  }

  private connect(protocolVersion: 4 | 5): void {
    const c = this.d.cfg;
    const status = MQTT_TOPICS.status(this.d.node);
    const opts: IClientOptions = {
      protocolVersion,
      clientId: c.clientId ?? `vigil-${this.d.node}-${Math.random().toString(16).slice(2, 8)}`,
      reconnectPeriod: 2000,
      keepalive: c.keepaliveSeconds,
      connectTimeout: 10_000,
      queueQoSZero: false,
      will: { topic: status, payload: Buffer.from('offline' satisfies MqttNodeStatus), qos: 1, retain: true },
      ...(c.username !== null ? { username: c.username } : {}),
      ...(c.password !== null ? { password: c.password } : {}),
      ...(c.tls.ca ? { ca: readFileSync(c.tls.ca) } : {}),
      ...(c.tls.cert ? { cert: readFileSync(c.tls.cert) } : {}),
      ...(c.tls.key ? { key: readFileSync(c.tls.key) } : {}),
      rejectUnauthorized: c.tls.rejectUnauthorized,
    };
    const client = mqtt.connect(this.url ?? '', opts);
    this.client = client;
    noDelay(client);
    const requests = new MqttRequests({ node: this.d.node, handlers: this.d.handlers, auth: this.d.auth, log: this.d.log, reply: (t, p, o, done) => this.publish(t, p, o, done) });
    const discovery = this.discovery;
    let wasConnected = false;
    client.on('connect', () => {
      this.d.log.info({ url: this.url, protocolVersion, reconnect: wasConnected }, 'MQTT connected');
      wasConnected = true;
      this.publish(status, 'online' satisfies MqttNodeStatus, { retain: true, qos: 1 });
      for (const s of this.d.handlers.cameraStates()) this.publish(MQTT_TOPICS.cameraStatus(this.d.node, s.camera), JSON.stringify(s), { retain: true, qos: 1 });
      // a box out of the fleet publishes no manifest: it clears one left from when it was in one
      // (fleet askers wait for the online boxes whose manifest names their fleet)
      if (!this.extensions.some((x) => x.name === 'manifest')) this.publish(manifestTopic(this.d.node), '', { retain: true, qos: 1 });
      client.subscribe([MQTT_TOPICS.ask(this.d.node), MQTT_TOPICS.request(this.d.node), ...(this.d.fleet ? [this.d.fleet.askTopic] : [])], { qos: 1 }, (err) => {
        if (err) this.d.log.error({ err: err.message }, 'MQTT subscribe failed');
      });
      const filters = this.extensions.flatMap((x) => x.filters);
      if (filters.length) client.subscribe(filters, { qos: 1 }, (err) => err && this.d.log.error({ err: err.message, filters }, 'MQTT subscribe failed'));
      // counts no frame has reported yet read not occupied (not the retained state of an earlier run)
      for (const k of discovery?.countKeys() ?? []) {
        const topic = countTopics(this.d.node, k).occupancy;
        const s = this.occupancy.initial(topic);
        if (s) this.publish(topic, s, { retain: true, qos: 1 });
      }
      this.flush();
      for (const x of this.extensions) x.connected();
    });
    client.on('message', (topic, payload, packet) => {
      if (!this.d.fleet?.onMessage(topic, payload)) requests.onMessage(topic, payload, packet);
      for (const x of this.extensions) {
        try {
          x.message(topic, payload, packet.retain);
        } catch (e) {
          this.d.log.warn({ extension: x.name, topic, err: (e as Error).message }, 'MQTT message handler failed');
        }
      }
    });
    client.on('error', (e) => this.d.log.warn({ err: e.message, url: this.url }, 'MQTT error'));
    client.on('offline', () => this.d.log.warn({ url: this.url }, 'MQTT broker unreachable; queueing'));
    const node = this.d.node;
    const bus = this.d.bus;
    bus.on('camera', 'mqtt', (s) => this.publish(MQTT_TOPICS.cameraStatus(node, s.id), JSON.stringify(cameraState(s, s.state !== 'disabled')), { retain: true, qos: 1 }));
    bus.on('object', 'mqtt', (e) => this.publish(MQTT_TOPICS.events(node, e.camera), JSON.stringify(e), { qos: 0 }));
    bus.on('count', 'mqtt', (n) => {
      const topics = countTopics(node, n);
      discovery?.count(n);
      // a camera that is down has no counts: `unknown` (Home Assistant also marks the sensor unavailable)
      this.publish(topics.count, n.count === null ? 'unknown' : String(n.count), { retain: true, qos: 0 });
      const occupied = this.occupancy.next(topics.occupancy, n.count);
      if (occupied) this.publish(topics.occupancy, occupied, { retain: true, qos: 1 });
    });
    bus.on('alert', 'mqtt', (a) => this.publish(MQTT_TOPICS.alert(node, a.rule), JSON.stringify(a), { qos: 1 }));
    bus.on('rule', 'mqtt', () => discovery?.rulesChanged());
    bus.on('zones', 'mqtt', (z) => discovery?.zonesChanged(z.camera, z.zones));
  }

  private firstConnect(signal: AbortSignal, ms: number): Promise<void> {
    const client = this.client;
    if (!client || client.connected) return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(t);
        client.off('connect', done);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const t = setTimeout(() => {
        this.d.log.warn({ url: this.url }, 'MQTT broker not reachable yet; the daemon runs on and keeps retrying');
        done();
      }, ms);
      client.once('connect', done);
      signal.addEventListener('abort', done, { once: true });
    });
  }

  /**
   * Publishes now, or queues (bounded) while disconnected.
   * @param done called once the broker has the message (QoS 1: acknowledged; QoS 0: written), or
   *   at once when it was queued or dropped
   */
  publish(topic: string, payload: string | Buffer, opts: IClientPublishOptions, done?: () => void): void {
    const client = this.client;
    if (client?.connected) {
      this.published++;
      client.publish(topic, payload, opts, (err) => {
        if (err) this.d.log.warn({ topic, err: err.message }, 'MQTT publish failed');
        done?.();
      });
      return;
    }
    done?.();
    if (this.d.cfg.queueSize === 0) {
      this.dropped++;
      return;
    }
    if (this.queue.length >= this.d.cfg.queueSize) {
      this.queue.shift();
      if (this.dropped++ % 100 === 0) this.d.log.warn({ dropped: this.dropped, queueSize: this.d.cfg.queueSize }, 'MQTT offline queue full; oldest messages dropped');
    }
    this.queue.push({ topic, payload, opts });
  }

  private flush(): void {
    const pending = this.queue.splice(0);
    for (const m of pending) this.publish(m.topic, m.payload, m.opts);
  }

  async stop(): Promise<void> {
    this.d.bus.removeOwner('mqtt');
    this.images?.stop();
    const client = this.client;
    this.client = null;
    if (client) {
      // a clean shutdown says offline itself (the Last Will covers crashes); bounded waits
      if (client.connected) await within(2000, new Promise<void>((r) => client.publish(MQTT_TOPICS.status(this.d.node), 'offline', { retain: true, qos: 1 }, () => r())));
      await within(2000, new Promise<void>((r) => client.end(false, {}, () => r())));
      if (!client.disconnected) client.end(true);
    }
    await this.broker?.close();
    this.broker = null;
  }
}
