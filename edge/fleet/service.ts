/**
 * The daemon's fleet wiring: the box's signing key and the keys it pins (its {@link FleetTrust}),
 * the responder (with `fleet.enabled` and MQTT on) and the asker behind the WebSocket `fleet.ask`
 * request, which rides on the MQTT bridge's own connection.
 */
import type { IClientPublishOptions, MqttClient } from 'mqtt';
import { VigilError } from '../../ingest/errors/catalogue.js';
import type { Logger } from '../../ingest/types.js';
import type { MemoryStore } from '../../memory/store.js';
import type { AdmissionGate } from '../api/admission.js';
import type { FleetAskFn } from '../api/fleet-wire.js';
import type { Config } from '../config/schema.js';
import { FleetAsker } from './asker.js';
import { FleetIdentity } from './keys.js';
import { FleetResponder } from './responder.js';
import { FleetKeyRing } from './sign.js';

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

/** The daemon's key (loaded at the fleet's start) and the public keys it verifies parts and manifests with. */
export interface FleetTrust {
  identity: FleetIdentity;
  /** `fleet.peers.<node>.key`, and this box's own key once loaded ({@link loadFleetKey}). */
  keys: FleetKeyRing;
}

/** The trust of a config: the key in `<data>/fleet-key.pem` and the pinned peer keys. */
export function fleetTrust(cfg: Config, dataDir: string): FleetTrust {
  return { identity: new FleetIdentity(dataDir), keys: FleetKeyRing.ofPeers(cfg.fleet.peers) };
}

/**
 * Loads (at first start creates) the box's key and trusts it for the box's own node id; logs its
 * public key (what the other boxes pin).
 * @throws VigilError FLEET_KEY when the key file cannot be read or created
 */
export function loadFleetKey(t: FleetTrust, node: string, log: Logger): void {
  const l = t.identity.load();
  t.keys.trust(node, l.key.publicKey);
  if (l.created) log.info({ path: l.path, publicKey: l.key.publicText }, `fleet key created; pin it on the other boxes and askers as fleet.peers.${node}.key`);
  else log.info({ publicKey: l.key.publicText }, 'fleet key loaded');
  if (l.tightened) log.warn({ path: l.path }, 'the fleet key file was readable by others; made owner-only (0600)');
}

/**
 * The responder for a config, or null when fleet questions are off.
 * @param own the daemon's asker: the box's part of its own question runs under the slot that
 *   question's request already holds (else a gate of one slot would make the box miss its own question)
 */
export function fleetResponder(cfg: Config, d: { trust: FleetTrust; memory: MemoryStore; admission: AdmissionGate; timeZone: string; log: Logger; mqtt: () => FleetLink; own?: DaemonAsker }): FleetResponder | null {
  if (!cfg.fleet.enabled || !cfg.mqtt.enabled) return null;
  const own = d.own;
  return new FleetResponder({ cfg: cfg.fleet, node: cfg.node, key: () => d.trust.identity.key.privateKey, memory: d.memory, admission: d.admission, timeZone: d.timeZone, log: d.log, publish: (t, p, o, done) => d.mqtt().publish(t, p, o, done), ...(own ? { ownAsk: (id: string) => own.owns(id) } : {}) });
}

/**
 * The daemon's asker: asks over the bridge's connection with the reply topic `<prefix>/reply/<node>-ws`.
 * Its `ask` throws VigilError FLEET_OFF without `fleet.enabled` or a connected broker.
 */
export function fleetAsker(cfg: Config, d: { trust: FleetTrust; timeZone: string; log: Logger; mqtt: () => FleetLink }): DaemonAsker {
  let asker: FleetAsker | null = null;
  return {
    owns: (id) => asker?.has(id) ?? false,
    ask: async (question, o) => {
      const client = d.mqtt().mqttClient;
      if (!cfg.fleet.enabled || !client?.connected) throw new VigilError('FLEET_OFF', cfg.fleet.enabled ? 'the MQTT broker is not connected' : 'fleet.enabled is false in the config');
      if (!asker) {
        asker = new FleetAsker({ client, prefix: cfg.fleet.prefix, keys: d.trust.keys, asker: `${cfg.node}-ws`, self: cfg.node, log: d.log });
        // resolves once the retained statuses and manifests are in
        await asker.start();
      }
      const { ms: _ms, bytes: _b, ...answer } = await asker.ask(question, { deadlineMs: o.deadlineMs ?? cfg.fleet.deadlineMs, timeZone: o.timeZone ?? d.timeZone });
      return answer;
    },
  };
}
