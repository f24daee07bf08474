/**
 * Home Assistant's documented MQTT discovery options, written from its MQTT docs
 * (home-assistant.io/integrations/mqtt, binary_sensor.mqtt, sensor.mqtt, image.mqtt, event.mqtt
 * and the binary_sensor, sensor and event device classes), for the platforms Vigil announces.
 * Full key names only: an abbreviation (`stat_t`, `dev_cla`, ...) is refused like any unknown
 * key, and so is `object_id`, which Home Assistant 2026.4 stopped reading (`default_entity_id`
 * replaced it in 2025.10).
 */

/** Options every MQTT entity platform documents (availability, device, naming, attributes). */
const ENTITY = [
  'availability',
  'availability_mode',
  'availability_template',
  'availability_topic',
  'default_entity_id',
  'device',
  'enabled_by_default',
  'encoding',
  'entity_category',
  'entity_picture',
  'icon',
  'json_attributes_template',
  'json_attributes_topic',
  'name',
  'origin',
  'platform',
  'unique_id',
];

/** Documented options per platform. */
export const HA_KEYS: Record<string, ReadonlySet<string>> = {
  binary_sensor: new Set([
    ...ENTITY,
    'device_class',
    'expire_after',
    'force_update',
    'off_delay',
    'payload_available',
    'payload_not_available',
    'payload_off',
    'payload_on',
    'qos',
    'state_topic',
    'value_template',
  ]),
  sensor: new Set([
    ...ENTITY,
    'device_class',
    'expire_after',
    'force_update',
    'last_reset_value_template',
    'options',
    'payload_available',
    'payload_not_available',
    'qos',
    'state_class',
    'state_topic',
    'suggested_display_precision',
    'unit_of_measurement',
    'value_template',
  ]),
  image: new Set([...ENTITY, 'content_type', 'image_encoding', 'image_topic', 'url_template', 'url_topic']),
  event: new Set([...ENTITY, 'device_class', 'event_types', 'payload_available', 'payload_not_available', 'qos', 'state_topic', 'value_template']),
};

/** Options each platform requires. */
export const HA_REQUIRED: Record<string, readonly string[]> = {
  binary_sensor: ['state_topic'],
  sensor: ['state_topic'],
  image: [],
  event: ['state_topic', 'event_types'],
};

/** Keys of an `availability` list item. */
export const HA_AVAILABILITY_KEYS: ReadonlySet<string> = new Set(['payload_available', 'payload_not_available', 'topic', 'value_template']);
/** Keys of the `device` mapping. */
export const HA_DEVICE_KEYS: ReadonlySet<string> = new Set([
  'configuration_url',
  'connections',
  'hw_version',
  'identifiers',
  'manufacturer',
  'model',
  'model_id',
  'name',
  'serial_number',
  'suggested_area',
  'sw_version',
  'via_device',
]);
/** Keys of the `origin` mapping. */
export const HA_ORIGIN_KEYS: ReadonlySet<string> = new Set(['name', 'sw_version', 'support_url']);

/** Device classes per platform (image has none). */
export const HA_DEVICE_CLASSES: Record<string, ReadonlySet<string>> = {
  binary_sensor: new Set(
    'battery battery_charging carbon_monoxide cold connectivity door garage_door gas heat light lock moisture motion moving occupancy opening plug power presence problem running safety smoke sound tamper update vibration window'.split(' '),
  ),
  sensor: new Set(
    (
      'apparent_power aqi area atmospheric_pressure battery blood_glucose_concentration carbon_dioxide carbon_monoxide conductivity current data_rate data_size date distance duration energy energy_distance energy_storage enum frequency gas humidity illuminance irradiance moisture monetary nitrogen_dioxide nitrogen_monoxide nitrous_oxide ozone ph pm1 pm10 pm25 power power_factor precipitation precipitation_intensity pressure ' +
      'reactive_energy reactive_power signal_strength sound_pressure speed sulphur_dioxide temperature timestamp volatile_organic_compounds volatile_organic_compounds_parts voltage volume volume_flow_rate volume_storage water weight wind_direction wind_speed'
    ).split(' '),
  ),
  event: new Set(['button', 'doorbell', 'motion']),
  image: new Set(),
};

/** Sensor state classes. */
export const HA_STATE_CLASSES: ReadonlySet<string> = new Set(['measurement', 'measurement_angle', 'total', 'total_increasing']);
/** Entity categories. */
export const HA_ENTITY_CATEGORIES: ReadonlySet<string> = new Set(['config', 'diagnostic']);

/**
 * Every problem of one discovery message against the tables above (empty: it follows the docs).
 * @param topic `<prefix>/<platform>/<object id>/config`
 */
export function haConfigProblems(topic: string, config: Record<string, unknown>): string[] {
  const m = /^[^/]+\/([a-z_]+)\/([A-Za-z0-9_-]+)\/config$/.exec(topic);
  if (!m) return [`${topic}: not <prefix>/<platform>/<object id>/config with an id of [A-Za-z0-9_-]`];
  const platform = m[1] ?? '';
  const keys = HA_KEYS[platform];
  if (!keys) return [`${topic}: platform ${platform} is not one Vigil announces`];
  const out: string[] = [];
  const say = (s: string): number => out.push(`${topic}: ${s}`);
  for (const k of Object.keys(config)) if (!keys.has(k)) say(`unknown key ${k}`);
  for (const k of HA_REQUIRED[platform] ?? []) if (!(k in config)) say(`missing ${k}`);
  if (platform === 'image' && 'image_topic' in config === 'url_topic' in config) say('image needs exactly one of image_topic and url_topic');
  if ('content_type' in config && !('image_topic' in config)) say('content_type goes only with image_topic');
  if ('availability' in config && 'availability_topic' in config) say('availability and availability_topic together');
  /** A value as text (JSON for anything but a string). */
  const text = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));
  const dc = config.device_class;
  if (dc !== undefined && dc !== null && !HA_DEVICE_CLASSES[platform]?.has(text(dc))) say(`device_class ${text(dc)} is not one of ${platform}'s`);
  if (config.state_class !== undefined && (platform !== 'sensor' || !HA_STATE_CLASSES.has(text(config.state_class)))) say(`state_class ${text(config.state_class)}`);
  if (config.entity_category !== undefined && !HA_ENTITY_CATEGORIES.has(text(config.entity_category))) say(`entity_category ${text(config.entity_category)}`);
  if (config.availability_mode !== undefined && !['all', 'any', 'latest'].includes(text(config.availability_mode))) say(`availability_mode ${text(config.availability_mode)}`);
  if (typeof config.unique_id !== 'string' || config.unique_id !== m[2]) say('unique_id missing or not the object id of the topic');
  if (typeof config.default_entity_id !== 'string' || !new RegExp(`^${platform}\\.[a-z0-9]+(_[a-z0-9]+)*$`).test(config.default_entity_id)) say(`default_entity_id ${text(config.default_entity_id)} is not ${platform}.<slug>`);
  for (const a of Array.isArray(config.availability) ? (config.availability as Record<string, unknown>[]) : []) {
    for (const k of Object.keys(a)) if (!HA_AVAILABILITY_KEYS.has(k)) say(`unknown availability key ${k}`);
    if (typeof a.topic !== 'string') say('availability item without topic');
  }
  const device = (config.device ?? {}) as Record<string, unknown>;
  for (const k of Object.keys(device)) if (!HA_DEVICE_KEYS.has(k)) say(`unknown device key ${k}`);
  if (!Array.isArray(device.identifiers) || typeof device.name !== 'string') say('device without identifiers and name');
  for (const k of Object.keys((config.origin ?? {}))) if (!HA_ORIGIN_KEYS.has(k)) say(`unknown origin key ${k}`);
  if (platform === 'event' && (!Array.isArray(config.event_types) || config.event_types.length === 0)) say('event_types must be a non-empty list');
  return out;
}
