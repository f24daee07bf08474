/**
 * Topic levels made from ids and names, and the topics of one count (its value and whether it is
 * above 0), shared by the bridge that publishes them and the Home Assistant discovery that reads them.
 */
import { MQTT_TOPICS } from '../api/wire.js';

/** Replaces characters MQTT topics reserve (`/`, `+`, `#`) and spaces in one topic level. */
export function topicLevel(s: string): string {
  return s.replace(/[/+#\s]/g, '_');
}

/** What a count is of. */
export interface CountKey {
  camera: string;
  zone: string;
  class: string;
}

/** The count topic and the occupancy topic of one camera, zone and class. */
export function countTopics(node: string, k: CountKey): { count: string; occupancy: string } {
  const zone = topicLevel(k.zone);
  const cls = topicLevel(k.class);
  return { count: MQTT_TOPICS.count(node, k.camera, zone, cls), occupancy: MQTT_TOPICS.occupancy(node, k.camera, zone, cls) };
}
