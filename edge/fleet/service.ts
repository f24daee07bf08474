/**
 * The daemon's fleet wiring: the responder (with `fleet.enabled` and MQTT on) and the asker behind
 * the WebSocket `fleet.ask` request, which rides on the MQTT bridge's own connection.
 */
import type { IClientPublishOptions, MqttClient } from 'mqtt';
import { VigilError } from '../../ingest/errors/catalogue.js';
import type { Logger } from '../../ingest/types.js';
import type { MemoryStore } from '../../memory/store.js';
import type { AdmissionGate } from '../api/admission.js';
import type { FleetAskFn } from '../api/fleet-wire.js';
import type { Config } from '../config/schema.js';
import { FleetAsker } from './asker.js';
import { FleetResponder } from './responder.js';

/** What the fleet needs of the MQTT bridge. */
export interface FleetLink {
  readonly mqttClient: MqttClient | null;
  publish(topic: string, payload: string, opts: IClientPublishOptions, done?: () => void): void;
}

/** The daemon's own asker: the `fleet.ask` function, and whether an ask id is one of its questions in flight. */
export interface DaemonAsker {
  ask: FleetAskFn;
  owns(id: string): boolean;
}

/**
 * The responder for a config, or null when fleet questions are off.
 * @param own the daemon's asker: the box's part of its own question runs under the slot that
 *   question's request already holds (else a gate of one slot would make the box miss its own question)
 */
export function fleetResponder(cfg: Config, d: { memory: MemoryStore; admission: AdmissionGate; timeZone: string; log: Logger; mqtt: () => FleetLink; own?: DaemonAsker }): FleetResponder | null {
  if (!cfg.fleet.enabled || !cfg.mqtt.enabled) return null;
  const own = d.own;
  return new FleetResponder({ cfg: cfg.fleet, node: cfg.node, memory: d.memory, admission: d.admission, timeZone: d.timeZone, log: d.log, publish: (t, p, o, done) => d.mqtt().publish(t, p, o, done), ...(own ? { ownAsk: (id: string) => own.owns(id) } : {}) });
}

/**
 * The daemon's asker: asks over the bridge's connection with the reply topic `<prefix>/reply/<node>-ws`.
 * Its `ask` throws VigilError FLEET_OFF without `fleet.enabled` or a connected broker.
 */
export function fleetAsker(cfg: Config, d: { timeZone: string; log: Logger; mqtt: () => FleetLink }): DaemonAsker {
  let asker: FleetAsker | null = null;
  return {
    owns: (id) => asker?.has(id) ?? false,
    ask: async (question, o) => {
      const client = d.mqtt().mqttClient;
      if (!cfg.fleet.enabled || !client?.connected) throw new VigilError('FLEET_OFF', cfg.fleet.enabled ? 'the MQTT broker is not connected' : 'fleet.enabled is false in the config');
      if (!asker) {
        asker = new FleetAsker({ client, prefix: cfg.fleet.prefix, asker: `${cfg.node}-ws`, log: d.log });
        // resolves once the retained statuses and manifests are in
        await asker.start();
      }
      const { ms: _ms, bytes: _b, ...answer } = await asker.ask(question, { deadlineMs: o.deadlineMs ?? cfg.fleet.deadlineMs, timeZone: o.timeZone ?? d.timeZone });
      return answer;
    },
  };
}
