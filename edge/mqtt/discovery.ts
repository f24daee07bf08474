/**
 * Home Assistant MQTT discovery (behind `mqtt.homeAssistant.discovery`): announces the entities of
 * `ha-entities.ts`, retained, on every connect (only the configs not yet sent), again when Home
 * Assistant says it came online (its birth message on `<prefix>/status`), when rules change, and
 * for a count of a class first seen. Which classes get count and occupancy entities: the camera's
 * `detector.classes`, else the classes its rules name, else every class it sees. A camera with
 * one class gets no "objects" (any class) entities: they would repeat that class's. Configs of
 * entities that are gone (a deleted rule, the alert sensors of earlier versions, an "objects"
 * duplicate) are cleared with an empty retained payload.
 */
import { ALL } from '../api/live.js';
import type { CountState, RuleInfo } from '../api/wire.js';
import type { CameraConfig } from '../config/schema.js';
import type { MqttExtension } from './extension.js';
import { boxEntities, cameraEntities, configTopic, countEntities, legacyAlertSensorTopic, ruleEntity, type HaContext, type HaEntity } from './ha-entities.js';
import type { CountKey } from './topics.js';

/** What discovery needs. */
export interface DiscoveryDeps extends HaContext {
  /** The configured cameras (their zones and classes). */
  cameras: readonly Pick<CameraConfig, 'id' | 'zones' | 'detector'>[];
  /** The rules now. */
  rules(): RuleInfo[];
  /** Publishes retained (QoS 1); an empty payload removes an entity. */
  publish(topic: string, payload: string): void;
}

/** Announces entities; a party on the bridge's connection (for Home Assistant's birth message). */
export class Discovery implements MqttExtension {
  readonly name = 'ha-discovery';
  readonly filters: readonly string[];
  /** Config topic -> payload sent (an empty string: cleared). */
  private readonly sent = new Map<string, string>();
  /** Counts seen of classes no config or rule names (announced when nothing is named). */
  private readonly seen = new Map<string, CountKey>();
  /** Rule event topics announced, to clear those of rules that are gone. */
  private ruleTopics = new Set<string>();
  /** Counts already looked at (most counts change often; each is decided once, again after rules change). */
  private readonly counted = new Set<string>();

  /** The cameras with their zones now (zones drawn while running replace the config's). */
  private cameras: { id: string; zones: readonly { id: string }[]; detector: Pick<CameraConfig['detector'], 'classes'> }[];

  constructor(private readonly d: DiscoveryDeps) {
    this.filters = [`${d.prefix}/status`];
    this.cameras = [...d.cameras];
  }

  /**
   * A camera's zones were drawn again (the dashboard's editor, `zones.put`): entities of new zones
   * are announced and those of zones that are gone cleared, without a restart.
   */
  zonesChanged(camera: string, zones: readonly { id: string }[]): void {
    const i = this.cameras.findIndex((c) => c.id === camera);
    const cam = this.cameras[i];
    if (!cam) return;
    const before = this.zoneTopics(camera);
    this.cameras[i] = { ...cam, zones: zones.map((z) => ({ id: z.id })) };
    this.counted.clear();
    this.announceAll();
    const now = new Set(this.zoneTopics(camera));
    for (const t of before) if (!now.has(t)) this.clear(t);
  }

  /** Config topics of a camera's zone count entities. */
  private zoneTopics(camera: string): string[] {
    return this.countKeys()
      .filter((k) => k.camera === camera && k.zone !== ALL)
      .flatMap((k) => countEntities(this.d, k).map((e) => configTopic(this.d, e.component, e.uid)));
  }

  connected(): void {
    this.announceAll();
  }

  /** Home Assistant came online (not a retained replay): it lost what it had, so everything is sent again. */
  message(topic: string, payload: Buffer, retained: boolean): void {
    if (topic !== `${this.d.prefix}/status` || retained || payload.toString() !== 'online') return;
    this.sent.clear();
    this.counted.clear();
    this.announceAll();
  }

  /** The classes that get entities on a camera: configured, else named by its rules; empty: every class seen. */
  classesOf(camera: string): string[] {
    const cam = this.cameras.find((c) => c.id === camera);
    if (cam?.detector.classes.length) return [...cam.detector.classes];
    const named = this.d.rules().filter((r) => r.class && (r.camera === undefined || r.camera === camera));
    return [...new Set(named.map((r) => r.class ?? ''))];
  }

  /** A count changed: announces its entities when its class should have some and has none yet. */
  count(c: CountState): void {
    const key = `${c.camera}\u0000${c.zone}\u0000${c.class}`;
    if (this.counted.has(key)) return;
    this.counted.add(key);
    const classes = this.classesOf(c.camera);
    if (c.class === ALL) {
      if (c.zone === ALL || classes.length === 1) return;
    } else if (classes.length > 0) {
      if (!classes.includes(c.class)) return;
    } else {
      this.seen.set(key, { camera: c.camera, zone: c.zone, class: c.class });
    }
    for (const e of countEntities(this.d, c)) this.send(e);
  }

  /** Rules changed: their events, and count entities of the classes they name. */
  rulesChanged(): void {
    this.counted.clear();
    this.announceAll();
  }

  /**
   * The counts that get entities whatever is seen: per camera, the whole frame and each zone for
   * each of its classes, plus "objects" per zone unless it has one class.
   */
  countKeys(): CountKey[] {
    const keys: CountKey[] = [];
    for (const cam of this.cameras) {
      const classes = this.classesOf(cam.id);
      const zones = cam.zones.map((z) => z.id);
      for (const zone of [ALL, ...zones]) for (const cls of classes) keys.push({ camera: cam.id, zone, class: cls });
      if (classes.length !== 1) for (const zone of zones) keys.push({ camera: cam.id, zone, class: ALL });
    }
    return keys;
  }

  /** Sends every config not sent yet, and clears what is gone. */
  private announceAll(): void {
    for (const e of boxEntities(this.d)) this.send(e);
    for (const cam of this.cameras) for (const e of cameraEntities(this.d, cam.id)) this.send(e);
    for (const k of this.countKeys()) for (const e of countEntities(this.d, k)) this.send(e);
    for (const cam of this.cameras) {
      if (this.classesOf(cam.id).length !== 1) continue;
      // one class: "objects" would repeat it (and earlier versions announced it)
      for (const z of cam.zones) for (const e of countEntities(this.d, { camera: cam.id, zone: z.id, class: ALL })) this.clear(configTopic(this.d, e.component, e.uid));
    }
    for (const k of this.seen.values()) if (this.classesOf(k.camera).length === 0) for (const e of countEntities(this.d, k)) this.send(e);
    this.announceRules();
  }

  private announceRules(): void {
    const now = new Set<string>();
    for (const r of this.d.rules()) {
      const e = ruleEntity(this.d, r);
      now.add(configTopic(this.d, e.component, e.uid));
      this.send(e);
      this.clear(legacyAlertSensorTopic(this.d, r.id));
    }
    for (const t of this.ruleTopics) if (!now.has(t)) this.clear(t);
    this.ruleTopics = now;
  }

  private send(e: HaEntity): void {
    const topic = configTopic(this.d, e.component, e.uid);
    const payload = JSON.stringify(e.config);
    if (this.sent.get(topic) === payload) return;
    this.sent.set(topic, payload);
    this.d.publish(topic, payload);
  }

  private clear(topic: string): void {
    if (this.sent.get(topic) === '') return;
    this.sent.set(topic, '');
    this.d.publish(topic, '');
  }
}
