/**
 * Questions and requests over MQTT:
 * - `vigil/<node>/ask` with `{question, planner?}`: the answer goes to the MQTT 5 response topic
 *   with the request's correlation data, or (3.1.1) to `replyTo` from the payload, with `id` echoed;
 * - `vigil/<node>/request` with any WebSocket request `{id, type, ...}` (rules, cameras, browsing),
 *   replied the same way with the WebSocket result or error.
 * Requests without a reply topic are carried out and their result logged only. Each request is
 * checked like an HTTP or WebSocket one: its token (`token` in the payload, or the MQTT 5 user
 * property `token`) gives its scope; a request without one gets `auth.mqttAnonymous` (none by
 * default: refused `UNAUTHORIZED`). The broker's credentials and ACL decide who may publish at all.
 *
 * Both topics pass the admission gate shared with the WebSocket API: requests over its bound wait,
 * beyond its queue they are answered `BUSY` with their id at once. A slot is held until the reply
 * has been acknowledged by the broker, so a flood cannot pile up unsent replies in memory.
 */
import type { IClientPublishOptions, IPublishPacket } from 'mqtt';
import type { Logger } from '../../ingest/types.js';
import { busyError, type Release } from '../api/admission.js';
import type { ApiHandlers } from '../api/handlers.js';
import { validateRequest } from '../api/validate.js';
import { MQTT_TOPICS, type MqttAskReply } from '../api/wire.js';
import type { ErrorBody } from '../../ingest/errors/catalogue.js';
import { errorOf } from '../../ingest/errors/reply.js';
import { guarded, type Guard } from '../api/guard.js';
import type { Auth } from '../api/auth.js';
import type { Scope } from '../api/wire.js';

/** Largest request payload accepted, bytes. */
export const MQTT_MAX_REQUEST = 64 * 1024;
/** Questions answered at once over MQTT (more wait their turn, as many as the gate's queue). */
const MAX_ASKS = 4;
/** Longest time a slot waits for the broker to take a reply before it is given back anyway, ms. */
const FLUSH_WAIT_MS = 10_000;

/** Most levels a reply topic may have (the embedded broker refuses topics of more than 100). */
export const MAX_REPLY_TOPIC_LEVELS = 100;

/**
 * Whether brokers accept `topic` as the topic of a PUBLISH from the daemon: not empty, at most
 * 65535 bytes and {@link MAX_REPLY_TOPIC_LEVELS} levels, not a `$` topic (reserved for brokers),
 * no wildcards, and only characters MQTT allows in a topic name (no NUL, control characters,
 * surrogates or non-characters). Brokers close the connection of a client that sends such a topic.
 */
export function publishableTopic(topic: string): boolean {
  if (topic.length === 0 || topic.startsWith('$') || Buffer.byteLength(topic, 'utf8') > 65535 || topic.split('/').length > MAX_REPLY_TOPIC_LEVELS) return false;
  for (const ch of topic) {
    const c = ch.codePointAt(0) ?? 0;
    if (c === 0x2b || c === 0x23 || c <= 0x1f || (c >= 0x7f && c <= 0x9f) || (c >= 0xd800 && c <= 0xdfff) || (c >= 0xfdd0 && c <= 0xfdef) || (c & 0xfffe) === 0xfffe) return false;
  }
  return true;
}

/** Where the reply to a message goes, and the request id it echoes. */
interface Target {
  topic: string | null;
  correlation: Buffer | undefined;
  id: string | undefined;
  /** The token the request carries (payload `token`, else the MQTT 5 user property). */
  token: string | undefined;
}

/** The payload's `token` (a string), else the MQTT 5 user property `token` (its first value). */
function tokenOf(packet: IPublishPacket, body: unknown): string | undefined {
  const inBody = body && typeof body === 'object' ? (body as { token?: unknown }).token : undefined;
  if (typeof inBody === 'string') return inBody;
  const prop = packet.properties?.userProperties?.token;
  const v = Array.isArray(prop) ? prop[0] : prop;
  return typeof v === 'string' ? v : undefined;
}

/** The request without its token (which must not reach validation, handlers or logs). */
function withoutToken(v: unknown): unknown {
  if (!v || typeof v !== 'object' || Array.isArray(v) || !('token' in v)) return v;
  const { token: _t, ...rest } = v as Record<string, unknown>;
  return rest;
}

/** A payload read as JSON, or the error body saying why it could not be. */
type Decoded = { ok: true; value: unknown } | { ok: false; error: ErrorBody };

/** Publishes a reply; `done` is called once the broker has it (or it was queued or dropped). */
export type Reply = (topic: string, payload: string, opts: IClientPublishOptions, done?: () => void) => void;

/** Handles the request topics. */
export class MqttRequests {
  /** Questions being answered, and those waiting for a turn. */
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly guard: Guard;

  constructor(private readonly o: { node: string; handlers: ApiHandlers; auth: Auth; log: Logger; reply: Reply }) {
    this.guard = { errors: o.handlers.unexpected, log: o.log };
  }

  /**
   * Routes one incoming message, inside the guard: a throw anywhere on its path is logged and
   * counted, never lost (the request's own reply, when it has one, carries the error).
   */
  onMessage(topic: string, payload: Buffer, packet: IPublishPacket): void {
    const kind = topic === MQTT_TOPICS.ask(this.o.node) ? 'ask' : topic === MQTT_TOPICS.request(this.o.node) ? 'request' : null;
    if (!kind) return;
    let t: Target | null = null;
    const run = (): Promise<void> => {
      const d = this.decode(payload);
      t = this.target(packet, d.ok ? d.value : null);
      return kind === 'ask' ? this.ask(d, t) : this.request(d, t);
    };
    void guarded('mqtt', run, { ...this.guard, where: topic, onError: (r) => t && this.send(t, { ...r.body, id: t.id ?? null }, kind) });
  }

  private target(packet: IPublishPacket, body: unknown): Target {
    const props = packet.properties;
    const b = body && typeof body === 'object' ? (body as { replyTo?: unknown; id?: unknown }) : {};
    const wanted = props?.responseTopic ?? (typeof b.replyTo === 'string' ? b.replyTo : null);
    // a topic the broker refuses would get the daemon's own connection closed (and the refused
    // reply resent on every reconnect): such a request is carried out without a reply
    const topic = wanted !== null && publishableTopic(wanted) ? wanted : null;
    const id = typeof b.id === 'string' || typeof b.id === 'number' ? String(b.id) : undefined;
    return { topic, correlation: props?.correlationData, id, token: tokenOf(packet, body) };
  }

  /** Sends a reply; resolves once the broker has it (at most {@link FLUSH_WAIT_MS}). */
  private send(t: Target, body: object, what: string): Promise<void> {
    if (!t.topic) {
      this.o.log.info({ what, reply: body }, 'MQTT request had no response topic or replyTo; reply not sent');
      return Promise.resolve();
    }
    const topic = t.topic;
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, FLUSH_WAIT_MS);
      this.o.reply(topic, JSON.stringify(body), { qos: 1, ...(t.correlation ? { properties: { correlationData: t.correlation, contentType: 'application/json' } } : {}) }, () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** The scope of a request from its token, or the UNAUTHORIZED error body to answer with. */
  private scopeOf(t: Target): Scope | ErrorBody {
    const r = this.o.auth.checkMqtt(t.token);
    if (r.ok) return r.scope;
    this.o.log.debug({ reason: r.message }, 'MQTT request refused: no valid token');
    return errorOf('UNAUTHORIZED', r.message);
  }

  private decode(payload: Buffer): Decoded {
    if (payload.length > MQTT_MAX_REQUEST) return { ok: false, error: errorOf('PAYLOAD_TOO_LARGE', `payload of ${payload.length} bytes exceeds ${MQTT_MAX_REQUEST}`) };
    try {
      return { ok: true, value: JSON.parse(payload.toString('utf8')) };
    } catch (e) {
      return { ok: false, error: errorOf('BAD_JSON', `malformed JSON: ${(e as Error).message}`) };
    }
  }

  /** A turn to answer a question, or null when too many already wait. */
  private askSlot(): Promise<Release> | null {
    const grant = (): Release => {
      this.running++;
      let done = false;
      return () => {
        if (done) return;
        done = true;
        this.running--;
        this.waiting.shift()?.();
      };
    };
    if (this.running < MAX_ASKS) return Promise.resolve(grant());
    if (this.waiting.length >= this.o.handlers.admission.limits.maxQueued) return null;
    return new Promise((resolve) => this.waiting.push(() => resolve(grant())));
  }

  private async ask(d: Decoded, t: Target): Promise<void> {
    const withId = <T extends object>(b: T): T & { id?: string } => (t.id !== undefined ? { ...b, id: t.id } : b);
    if (!d.ok) return this.send(t, withId(d.error), 'ask');
    const scope = this.scopeOf(t);
    if (typeof scope !== 'string') return this.send(t, withId(scope), 'ask');
    const v = d.value as { question?: unknown; planner?: unknown };
    const req = validateRequest({ id: t.id ?? 'mqtt', type: 'ask', question: v?.question, ...(v?.planner !== undefined ? { planner: v.planner } : {}) });
    if (!req.ok) return this.send(t, withId(req.error), 'ask');
    // a turn at the question slots first, then a slot of the shared gate: waiting questions hold no gate slot
    const turn = this.askSlot();
    if (!turn) return this.send(t, withId(busyError(this.o.handlers.admission.limits)), 'ask');
    const endTurn = await turn;
    const slot = this.o.handlers.admission.acquire();
    if (!slot) {
      endTurn();
      return this.send(t, withId(busyError(this.o.handlers.admission.limits)), 'ask');
    }
    const release = await slot;
    try {
      const out = await guarded('mqtt', () => this.o.handlers.handle(req.request, { scope }), { ...this.guard, where: 'ask' });
      const reply: MqttAskReply = withId(out.ok ? (out.value as MqttAskReply) : out.error.body);
      endTurn();
      await this.send(t, reply, 'ask');
    } finally {
      endTurn();
      release();
    }
  }

  private async request(d: Decoded, t: Target): Promise<void> {
    if (!d.ok) return this.send(t, { ...d.error, id: null }, 'request');
    const scope = this.scopeOf(t);
    if (typeof scope !== 'string') return this.send(t, { ...scope, id: t.id ?? null }, 'request');
    const p = validateRequest(withoutToken(d.value));
    if (!p.ok) return this.send(t, { ...p.error, id: p.id }, 'request');
    const r = p.request;
    if (r.type === 'subscribe' || r.type === 'unsubscribe' || r.type === 'ask.cancel') {
      return this.send(t, errorOf('UNKNOWN_TYPE', `"${r.type}" is WebSocket-only; over MQTT, subscribe to the topics instead`, r.id), 'request');
    }
    const slot = this.o.handlers.admission.acquire();
    if (!slot) return this.send(t, busyError(this.o.handlers.admission.limits, r.id), 'request');
    const release = await slot;
    try {
      const out = await guarded('mqtt', () => this.o.handlers.handle(r, { scope }), { ...this.guard, where: r.type, id: r.id });
      await this.send(t, out.ok ? { id: r.id, type: r.type, status: 'ok', result: out.value } : out.error.body, 'request');
    } finally {
      release();
    }
  }
}
