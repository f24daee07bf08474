/**
 * Questions and requests over MQTT:
 * - `vigil/<node>/ask` with `{question, planner?}`: the answer goes to the MQTT 5 response topic
 *   with the request's correlation data, or (3.1.1) to `replyTo` from the payload, with `id` echoed;
 * - `vigil/<node>/request` with any WebSocket request `{id, type, ...}` (rules, cameras, browsing),
 *   replied the same way with the WebSocket result or error.
 * Requests without a reply topic are carried out and their result logged only. MQTT clients get
 * the admin scope: access is controlled by the broker's credentials and ACLs.
 */
import type { IClientPublishOptions, IPublishPacket } from 'mqtt';
import type { Logger } from '../../ingest/types.js';
import { errorBody } from '../api/errors.js';
import type { ApiHandlers } from '../api/handlers.js';
import { validateRequest } from '../api/validate.js';
import { MQTT_TOPICS, type MqttAskReply, type WireErrorBody } from '../api/wire.js';

/** Largest request payload accepted, bytes. */
export const MQTT_MAX_REQUEST = 64 * 1024;
/** Questions answered at once over MQTT (more wait their turn). */
const MAX_ASKS = 4;

type Reply = (topic: string, payload: string, opts: IClientPublishOptions) => void;

/** Handles the request topics. */
export class MqttRequests {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly o: { node: string; handlers: ApiHandlers; log: Logger; reply: Reply }) {}

  /** Routes one incoming message. */
  onMessage(topic: string, payload: Buffer, packet: IPublishPacket): void {
    if (topic === MQTT_TOPICS.ask(this.o.node)) void this.ask(payload, packet);
    else if (topic === MQTT_TOPICS.request(this.o.node)) void this.request(payload, packet);
  }

  private target(packet: IPublishPacket, body: unknown): { topic: string | null; correlation: Buffer | undefined; id: string | undefined } {
    const props = packet.properties;
    const b = body && typeof body === 'object' ? (body as { replyTo?: unknown; id?: unknown }) : {};
    const topic = props?.responseTopic ?? (typeof b.replyTo === 'string' && b.replyTo && !/[+#]/.test(b.replyTo) ? b.replyTo : null);
    const id = typeof b.id === 'string' || typeof b.id === 'number' ? String(b.id) : undefined;
    return { topic, correlation: props?.correlationData, id };
  }

  private send(t: { topic: string | null; correlation: Buffer | undefined }, body: object, what: string): void {
    if (!t.topic) {
      this.o.log.info({ what, reply: body }, 'MQTT request had no response topic or replyTo; reply not sent');
      return;
    }
    this.o.reply(t.topic, JSON.stringify(body), { qos: 1, ...(t.correlation ? { properties: { correlationData: t.correlation, contentType: 'application/json' } } : {}) });
  }

  private decode(payload: Buffer): { ok: true; value: unknown } | { ok: false; error: WireErrorBody } {
    if (payload.length > MQTT_MAX_REQUEST) return { ok: false, error: { status: 'error', code: 'PAYLOAD_TOO_LARGE', message: `payload of ${payload.length} bytes exceeds ${MQTT_MAX_REQUEST}` } };
    try {
      return { ok: true, value: JSON.parse(payload.toString('utf8')) };
    } catch (e) {
      return { ok: false, error: { status: 'error', code: 'BAD_JSON', message: `malformed JSON: ${(e as Error).message}` } };
    }
  }

  private async slot(): Promise<() => void> {
    if (this.running >= MAX_ASKS) await new Promise<void>((r) => this.waiting.push(r));
    this.running++;
    return () => {
      this.running--;
      this.waiting.shift()?.();
    };
  }

  private async ask(payload: Buffer, packet: IPublishPacket): Promise<void> {
    const d = this.decode(payload);
    const t = this.target(packet, d.ok ? d.value : null);
    const withId = <T extends object>(b: T): T & { id?: string } => (t.id !== undefined ? { ...b, id: t.id } : b);
    if (!d.ok) return this.send(t, withId(d.error), 'ask');
    const v = d.value as { question?: unknown; planner?: unknown };
    const req = validateRequest({ id: t.id ?? 'mqtt', type: 'ask', question: v?.question, ...(v?.planner !== undefined ? { planner: v.planner } : {}) });
    if (!req.ok) return this.send(t, withId(req.error), 'ask');
    const release = await this.slot();
    let reply: MqttAskReply;
    try {
      const answer = (await this.o.handlers.handle(req.request, { scope: 'admin' })) as MqttAskReply;
      reply = withId(answer);
    } catch (e) {
      reply = withId(errorBody(e, 'ASK_FAILED'));
    } finally {
      release();
    }
    this.send(t, reply, 'ask');
  }

  private async request(payload: Buffer, packet: IPublishPacket): Promise<void> {
    const d = this.decode(payload);
    const t = this.target(packet, d.ok ? d.value : null);
    if (!d.ok) return this.send(t, { id: null, ...d.error }, 'request');
    const p = validateRequest(d.value);
    if (!p.ok) return this.send(t, { id: p.id, ...p.error }, 'request');
    const r = p.request;
    if (r.type === 'subscribe' || r.type === 'unsubscribe' || r.type === 'ask.cancel') {
      return this.send(t, { id: r.id, status: 'error', code: 'UNKNOWN_TYPE', message: `"${r.type}" is WebSocket-only; over MQTT, subscribe to the topics instead` }, 'request');
    }
    try {
      const result = await this.o.handlers.handle(r, { scope: 'admin' });
      this.send(t, { id: r.id, type: r.type, status: 'ok', result }, 'request');
    } catch (e) {
      this.send(t, { id: r.id, ...errorBody(e) }, 'request');
    }
  }
}
