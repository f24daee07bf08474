/**
 * The Home Assistant entities of a Vigil box, as MQTT discovery configs (what is announced; the
 * `Discovery` class decides when). Per camera: a connectivity binary_sensor, an image of the
 * latest frame and one of the last alert's frame; per camera, zone and class: a count sensor
 * ("Table people", unit "people") and an occupancy binary_sensor ("Table person occupancy"); per
 * rule: an event entity; for the box, its own connectivity. The box is one device, each camera a device under it (`via_device`).
 * Everything is available while the daemon is online (its status topic, also its Last Will);
 * what needs the picture also needs its camera streaming (`availability_mode: all`).
 * Keys are written in full (no abbreviations) and checked against Home Assistant's documented
 * keys in `test/edge/discovery.test.ts`.
 */
import { plural } from '../../planner/classes.js';
import { ALL } from '../api/live.js';
import { MQTT_TOPICS, type AlertRule } from '../api/wire.js';
import { countTopics, type CountKey } from './topics.js';

/** What every config is made from. */
export interface HaContext {
  node: string;
  /** Discovery prefix (`homeassistant`). */
  prefix: string;
  version: string;
  /** `fleet.publicUrl`: the dashboard link of the devices and the base of absolute snapshot URLs. */
  publicUrl: string | null;
}

/** Platforms Vigil announces. */
export type HaComponent = 'sensor' | 'binary_sensor' | 'image' | 'event';

/** One entity: its platform, unique id and discovery config. */
export interface HaEntity {
  component: HaComponent;
  uid: string;
  config: Record<string, unknown>;
}

/** A unique id (and config topic level): only `[A-Za-z0-9_-]`, as Home Assistant asks. */
export function uniqueId(...parts: string[]): string {
  return ['vigil', ...parts].join('_').replace(/[^A-Za-z0-9_-]/g, '_');
}

/** The retained config topic of an entity. */
export function configTopic(ctx: HaContext, component: HaComponent, uid: string): string {
  return `${ctx.prefix}/${component}/${uid}/config`;
}

/** "bench_2" -> "Bench 2". */
export function title(id: string): string {
  const s = id.replace(/[_-]+/g, ' ').trim();
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** An entity id slug: lower case letters, digits and single underscores. */
function slug(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}

/** `<domain>.<node>_<camera>_<entity name>`: readable, and stable across boxes. */
function defaultEntityId(ctx: HaContext, component: HaComponent, ...parts: string[]): string {
  return `${component}.${slug([ctx.node, ...parts].join(' '))}`;
}

/** The box as a device. */
export function boxDevice(ctx: HaContext): Record<string, unknown> {
  return {
    identifiers: [uniqueId(ctx.node)],
    name: `Vigil ${ctx.node}`,
    manufacturer: 'Vigil',
    model: 'Vigil edge video analytics',
    sw_version: ctx.version,
    ...(ctx.publicUrl ? { configuration_url: ctx.publicUrl } : {}),
  };
}

/** A camera as a device under the box. */
export function cameraDevice(ctx: HaContext, camera: string): Record<string, unknown> {
  const name = title(camera);
  return {
    identifiers: [uniqueId(ctx.node, camera)],
    name: /\bcam(era)?$/i.test(name) ? name : `${name} camera`,
    manufacturer: 'Vigil',
    model: 'Camera',
    via_device: uniqueId(ctx.node),
    ...(ctx.publicUrl ? { configuration_url: ctx.publicUrl } : {}),
  };
}

/** Online while the daemon is (its retained status; `offline` is also its Last Will). */
function nodeAvailability(ctx: HaContext): Record<string, string> {
  return { topic: MQTT_TOPICS.status(ctx.node), payload_available: 'online', payload_not_available: 'offline' };
}

/** Available while the daemon is online and, with a camera, while that camera streams. */
export function availability(ctx: HaContext, camera?: string): Record<string, unknown> {
  const list: Record<string, string>[] = [nodeAvailability(ctx)];
  if (camera) {
    list.push({
      topic: MQTT_TOPICS.cameraStatus(ctx.node, camera),
      value_template: "{{ 'online' if value_json.state == 'streaming' else 'offline' }}",
      payload_available: 'online',
      payload_not_available: 'offline',
    });
  }
  return { availability: list, availability_mode: 'all' };
}

/** Fields every entity has. */
function common(ctx: HaContext, component: HaComponent, uid: string, name: string, device: Record<string, unknown>, idParts: string[]): Record<string, unknown> {
  return { name, unique_id: uid, default_entity_id: defaultEntityId(ctx, component, ...idParts), device, origin: { name: 'Vigil', sw_version: ctx.version } };
}

/** What one count is called: "people", "bottles", or "objects" for every class. */
function noun(cls: string): string {
  return cls === ALL ? 'objects' : plural(cls, 2);
}

/** The count sensor and occupancy binary_sensor of a camera, zone (`all`: whole frame) and class (`all`: any). */
export function countEntities(ctx: HaContext, k: CountKey): HaEntity[] {
  const topics = countTopics(ctx.node, k);
  const where = k.zone === ALL ? '' : `${title(k.zone)} `;
  const countName = where ? `${where}${noun(k.class)}` : title(noun(k.class));
  const occName = `${where}${k.class === ALL ? '' : `${k.class} `}occupancy`;
  const occupancyName = occName.charAt(0).toUpperCase() + occName.slice(1);
  const device = cameraDevice(ctx, k.camera);
  const countUid = uniqueId(ctx.node, k.camera, k.zone, k.class, 'count');
  const occUid = uniqueId(ctx.node, k.camera, k.zone, k.class, 'occupancy');
  return [
    {
      component: 'sensor',
      uid: countUid,
      config: {
        ...common(ctx, 'sensor', countUid, countName, device, [k.camera, countName]),
        state_topic: topics.count,
        // `unknown` (the camera is down) reads as no value
        value_template: "{{ value | int if value != 'unknown' else None }}",
        state_class: 'measurement',
        ...(k.class === ALL ? {} : { unit_of_measurement: noun(k.class) }),
        suggested_display_precision: 0,
        icon: k.class === 'person' ? 'mdi:account-multiple' : 'mdi:counter',
        ...availability(ctx, k.camera),
      },
    },
    {
      component: 'binary_sensor',
      uid: occUid,
      config: {
        ...common(ctx, 'binary_sensor', occUid, occupancyName, device, [k.camera, occupancyName]),
        state_topic: topics.occupancy,
        device_class: 'occupancy',
        payload_on: 'ON',
        payload_off: 'OFF',
        ...availability(ctx, k.camera),
      },
    },
  ];
}

/**
 * The box's own connectivity binary_sensor: its status topic, `offline` on a clean stop and, through
 * the Last Will, when it dies; no availability, so a box that is gone reads "Disconnected".
 */
export function boxEntities(ctx: HaContext): HaEntity[] {
  const uid = uniqueId(ctx.node, 'status');
  return [
    {
      component: 'binary_sensor',
      uid,
      config: {
        ...common(ctx, 'binary_sensor', uid, 'Status', boxDevice(ctx), ['status']),
        state_topic: MQTT_TOPICS.status(ctx.node),
        payload_on: 'online',
        payload_off: 'offline',
        device_class: 'connectivity',
        entity_category: 'diagnostic',
      },
    },
  ];
}

/** A camera's connectivity binary_sensor and its two images (latest frame, last alert's frame). */
export function cameraEntities(ctx: HaContext, camera: string): HaEntity[] {
  const device = cameraDevice(ctx, camera);
  const status = MQTT_TOPICS.cameraStatus(ctx.node, camera);
  const stream = uniqueId(ctx.node, camera, 'stream');
  const snap = uniqueId(ctx.node, camera, 'snapshot');
  const last = uniqueId(ctx.node, camera, 'last_alert');
  return [
    {
      component: 'binary_sensor',
      uid: stream,
      config: {
        ...common(ctx, 'binary_sensor', stream, 'Stream', device, [camera, 'stream']),
        state_topic: status,
        value_template: "{{ 'ON' if value_json.state == 'streaming' else 'OFF' }}",
        device_class: 'connectivity',
        json_attributes_topic: status,
        // it says whether the camera streams, so it needs only the daemon
        ...availability(ctx),
      },
    },
    {
      component: 'image',
      uid: snap,
      config: { ...common(ctx, 'image', snap, 'Snapshot', device, [camera, 'snapshot']), image_topic: MQTT_TOPICS.snapshot(ctx.node, camera), content_type: 'image/jpeg', ...availability(ctx, camera) },
    },
    {
      component: 'image',
      uid: last,
      config: { ...common(ctx, 'image', last, 'Last alert', device, [camera, 'last alert']), image_topic: MQTT_TOPICS.alertSnapshot(ctx.node, camera), content_type: 'image/jpeg', ...availability(ctx) },
    },
  ];
}

/**
 * The event payload Home Assistant reads from an alert (`vigil/<node>/alerts/<rule>`): event_type
 * (the rule id), rule, camera, zone, class, count, message, alert id and the snapshot URL, made
 * absolute with `fleet.publicUrl` when the alert names a path.
 */
export function alertEventTemplate(publicUrl: string | null): string {
  const base = publicUrl ? publicUrl.replace(/\/+$/, '') : '';
  const snapshot = base ? `s if s[:4] == 'http' else ${JSON.stringify(base)} ~ s` : 's';
  return (
    "{% set e = value_json.evidence %}{% set s = e.snapshot | default('') %}" +
    "{{ {'event_type': value_json.rule, 'rule': value_json.rule, 'camera': value_json.camera, 'zone': value_json.zone, " +
    "'class': value_json['class'], 'count': e.count | default(none), 'message': value_json.message, 'alert_id': value_json.id, " +
    `'snapshot': ${snapshot}} | to_json }}`
  );
}

/** A rule's event entity (on its camera's device, or the box's for a rule over every camera). */
export function ruleEntity(ctx: HaContext, rule: Pick<AlertRule, 'id' | 'camera' | 'description'>): HaEntity {
  const uid = uniqueId(ctx.node, 'rule', rule.id);
  const name = ruleName(rule);
  return {
    component: 'event',
    uid,
    config: {
      ...common(ctx, 'event', uid, name, rule.camera ? cameraDevice(ctx, rule.camera) : boxDevice(ctx), [name]),
      state_topic: MQTT_TOPICS.alert(ctx.node, rule.id),
      event_types: [rule.id],
      value_template: alertEventTemplate(ctx.publicUrl),
      icon: 'mdi:bell-alert',
      ...availability(ctx, rule.camera),
    },
  };
}

/**
 * A rule's entity name: its sentence when it was written in words ("Anyone is at the table for 3
 * seconds"), else its id ("Crowd alert").
 */
export function ruleName(rule: Pick<AlertRule, 'id' | 'description'>): string {
  const said = (rule.description ?? '')
    .trim()
    .replace(/^(?:please\s+)?(?:tell me|alert me|notify me|let me know|warn me|ping me|alert|notify|warn)\s+(?:when(?:ever)?|if|as soon as)\s+/i, '')
    .replace(/[.!?]+$/, '');
  if (said.length === 0 || said.length > 60 || said === rule.description?.trim()) return `${title(rule.id)} alert`;
  return `${said.charAt(0).toUpperCase()}${said.slice(1)}`;
}

/** The config topic of the alert `sensor` earlier versions announced per rule (cleared: events replace it). */
export function legacyAlertSensorTopic(ctx: HaContext, rule: string): string {
  return configTopic(ctx, 'sensor', uniqueId(ctx.node, 'alert', rule));
}
