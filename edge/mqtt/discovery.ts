/**
 * Home Assistant MQTT discovery (behind `mqtt.homeAssistant.discovery`): one sensor per count
 * topic (announced the first time the count is published) and one sensor per alert rule whose
 * state is the last alert's message, with the alert as attributes. All share one device per node
 * and the node status topic as availability; count sensors also need their camera streaming.
 */
import type { CountState, RuleInfo } from '../api/wire.js';
import { MQTT_TOPICS } from '../api/wire.js';

/** Announces entities. */
export class Discovery {
  private readonly announced = new Set<string>();

  constructor(
    private readonly node: string,
    private readonly prefix: string,
    private readonly publish: (topic: string, payload: string) => void,
  ) {}

  private device(): object {
    return { identifiers: [`vigil_${this.node}`], name: `Vigil ${this.node}`, manufacturer: 'Vigil' };
  }

  private announce(uid: string, config: object): void {
    if (this.announced.has(uid)) return;
    this.announced.add(uid);
    const node = { availability_topic: MQTT_TOPICS.status(this.node), payload_available: 'online', payload_not_available: 'offline' };
    const base = { unique_id: uid, object_id: uid, device: this.device(), ...('availability' in config ? {} : node) };
    this.publish(`${this.prefix}/sensor/${uid}/config`, JSON.stringify({ ...base, ...config }));
  }

  /**
   * A count sensor, once per topic. It is available while the node is online and its camera is
   * streaming (the camera status topic), so a camera that is down shows its counts unavailable;
   * the `unknown` payload reads as no value.
   */
  count(c: CountState, topic: string): void {
    const uid = `vigil_${this.node}_${c.camera}_${c.zone}_${c.class}_count`.replace(/[^A-Za-z0-9_-]/g, '_');
    this.announce(uid, {
      name: `${c.camera} ${c.zone} ${c.class} count`,
      state_topic: topic,
      state_class: 'measurement',
      unit_of_measurement: 'objects',
      value_template: "{{ value | int if value != 'unknown' else None }}",
      availability_mode: 'all',
      availability: [
        { topic: MQTT_TOPICS.status(this.node), payload_available: 'online', payload_not_available: 'offline' },
        { topic: MQTT_TOPICS.cameraStatus(this.node, c.camera), value_template: "{{ 'online' if value_json.state == 'streaming' else 'offline' }}", payload_available: 'online', payload_not_available: 'offline' },
      ],
    });
  }

  /** An alert sensor per rule. */
  rules(rules: RuleInfo[]): void {
    for (const r of rules) {
      const uid = `vigil_${this.node}_alert_${r.id}`.replace(/[^A-Za-z0-9_-]/g, '_');
      const topic = MQTT_TOPICS.alert(this.node, r.id);
      this.announce(uid, { name: `alert ${r.id}`, state_topic: topic, value_template: '{{ value_json.message }}', json_attributes_topic: topic, icon: 'mdi:alert' });
    }
  }
}
