/**
 * The box's side of fleet questions: listens on `<prefix>/ask` (only with `fleet.enabled` and MQTT
 * on), validates each ask, answers its part (see `planner/fleet/part.ts`), signs it for that ask
 * with the box's key (`sign.ts`) and publishes it on `<replyTo>/<node>`, where `replyTo` must be
 * `<prefix>/reply/<asker>`: a box answers only within its fleet prefix, on a topic of its own
 * that a broker ACL can reserve to it. Malformed asks are logged and dropped, never answered and never fatal. Parts go through
 * the admission gate shared with the WebSocket and MQTT APIs, so a flood of asks waits or is
 * refused (`refused`, "busy") and never starves the cameras.
 */
import type { IClientPublishOptions } from 'mqtt';
import type { Logger } from '../../ingest/types.js';
import type { MemoryStore } from '../../memory/store.js';
import { fleetPart } from '../../planner/fleet/part.js';
import type { KeyObject } from 'node:crypto';
import { FLEET_TOPICS, FLEET_VERSION, FleetAsk, type FleetPart } from '../../planner/fleet/protocol.js';
import { yieldToLoop, type AdmissionGate } from '../api/admission.js';
import type { FleetConfig } from '../config/fleet.js';
import { publishableTopic } from '../mqtt/requests.js';
import { signPart } from './sign.js';

/** Largest ask payload read, bytes. */
export const FLEET_MAX_ASK = 16 * 1024;

/** Responder dependencies. */
export interface FleetResponderDeps {
  cfg: FleetConfig;
  node: string;
  /** The box's private key (read when a part is signed: the key is loaded when the fleet starts). */
  key: () => KeyObject;
  memory: MemoryStore;
  admission: AdmissionGate;
  /** Zone for asks that name none. */
  timeZone: string;
  log: Logger;
  publish: (topic: string, payload: string, opts: IClientPublishOptions, done?: () => void) => void;
  /** Whether an ask is this daemon's own question in flight: its part then runs under the slot the question's request holds. */
  ownAsk?: (id: string) => boolean;
}

/** Counters for `/healthz` and tests. */
export interface FleetResponderStats {
  answered: number;
  dropped: number;
  busy: number;
}

/** Answers fleet asks. */
export class FleetResponder {
  readonly stats: FleetResponderStats = { answered: 0, dropped: 0, busy: 0 };

  constructor(private readonly d: FleetResponderDeps) {}

  /** The topic to subscribe to. */
  get askTopic(): string {
    return FLEET_TOPICS.ask(this.d.cfg.prefix);
  }

  /** Handles a message; false when the topic is not the fleet's. */
  onMessage(topic: string, payload: Buffer): boolean {
    if (topic !== this.askTopic) return false;
    const ask = this.validate(payload);
    if (ask) void this.answer(ask, Date.now());
    return true;
  }

  /** A valid ask with an allowed reply topic, or null (logged). */
  validate(payload: Buffer): FleetAsk | null {
    const drop = (why: string): null => {
      this.stats.dropped++;
      this.d.log.warn({ why, bytes: payload.length }, 'fleet ask dropped');
      return null;
    };
    if (payload.length > FLEET_MAX_ASK) return drop(`payload over ${FLEET_MAX_ASK} bytes`);
    let v: unknown;
    try {
      v = JSON.parse(payload.toString('utf8'));
    } catch {
      return drop('not JSON');
    }
    const r = FleetAsk.safeParse(v);
    if (!r.success) return drop(r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ').slice(0, 300));
    const want = FLEET_TOPICS.reply(this.d.cfg.prefix, r.data.asker);
    if (r.data.replyTo !== want || r.data.asker.includes('/') || !publishableTopic(FLEET_TOPICS.replyFrom(want, this.d.node))) return drop(`replyTo "${r.data.replyTo.slice(0, 200)}" is not ${FLEET_TOPICS.replyRoot(this.d.cfg.prefix)}<asker>`);
    return r.data;
  }

  private reply(ask: FleetAsk, part: FleetPart, done?: () => void): void {
    this.d.publish(FLEET_TOPICS.replyFrom(ask.replyTo, this.d.node), signPart(ask, part, this.d.key()), { qos: 1 }, done);
  }

  /** Answers one ask through the admission gate (a slot is held until the broker has the part). */
  private async answer(ask: FleetAsk, received: number): Promise<void> {
    const slot = this.d.ownAsk?.(ask.id) ? Promise.resolve(() => undefined) : this.d.admission.acquire();
    if (!slot) {
      this.stats.busy++;
      this.reply(ask, { v: FLEET_VERSION, id: ask.id, node: this.d.node, status: 'refused', ms: 0, coverage: null, cameras: [], why: 'the box is busy (api.maxInFlight, api.maxQueued)' });
      return;
    }
    const release = await slot;
    try {
      // the asker stops listening at its deadline: a part that waited past it is not worth computing
      if (Date.now() - received > ask.deadlineMs) {
        this.stats.dropped++;
        release();
        return;
      }
      await yieldToLoop();
      const part = fleetPart(ask, this.d.memory, { node: this.d.node, defaultTimeZone: this.d.timeZone });
      this.stats.answered++;
      this.reply(ask, part, release);
    } catch (e) {
      this.d.log.error({ err: (e as Error).message }, 'fleet part failed');
      release();
    }
  }
}
