/**
 * Parties that share the bridge's one MQTT connection (the fleet manifest and the fleet view):
 * the bridge subscribes their filters on every connect, tells them it connected and hands them
 * every incoming message.
 */

/** A party on the bridge's connection. */
export interface MqttExtension {
  /** Name in logs. */
  readonly name: string;
  /** Topic filters subscribed (QoS 1) on every connect. */
  readonly filters: readonly string[];
  /** Called after each connect, once the bridge has published the node status. */
  connected(): void;
  /**
   * Every message the bridge receives (of any subscription): ignore the ones not meant for you.
   * `retained` is true for a retained message delivered because of the subscription (old news).
   */
  message(topic: string, payload: Buffer, retained: boolean): void;
}
