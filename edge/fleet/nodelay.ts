/**
 * Nagle's algorithm off on an MQTT client's TCP socket. A fleet question is a burst of small
 * QoS 1 packets (PUBACK then the part, the ask then its PUBACK): with Nagle on, the second waits
 * for the peer's delayed ACK, 40 ms a hop on Linux.
 */
import type { MqttClient } from 'mqtt';

/** Sets TCP_NODELAY on the client's socket now and after every reconnect (no-op on non-TCP streams). */
export function noDelay(client: MqttClient): void {
  const set = (): void => {
    const s = client.stream as unknown as { setNoDelay?: (on: boolean) => void; socket?: { setNoDelay?: (on: boolean) => void } };
    if (typeof s.setNoDelay === 'function') s.setNoDelay(true);
    else s.socket?.setNoDelay?.(true);
  };
  set();
  client.on('connect', set);
}
