/**
 * Test clients of the wire API: a WebSocket client that correlates replies by id, and MQTT
 * helpers that wait for a message.
 */
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import WebSocket from 'ws';
import type { WsProgress, WsRequestDraft, WsServerMessage } from '../../edge/api/wire.js';

/** A connected WebSocket API client. */
export class WsTestClient {
  readonly messages: WsServerMessage[] = [];
  private waiters: { match: (m: WsServerMessage) => boolean; resolve: (m: WsServerMessage) => void }[] = [];
  closed: { code: number; reason: string } | null = null;
  private n = 0;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (d: Buffer) => {
      const m = JSON.parse(d.toString()) as WsServerMessage;
      this.messages.push(m);
      this.waiters = this.waiters.filter((w) => {
        if (!w.match(m)) return true;
        w.resolve(m);
        return false;
      });
    });
    ws.on('close', (code, reason) => (this.closed = { code, reason: reason.toString() }));
  }

  /** Connects; rejects with the HTTP status on a refused upgrade. */
  static connect(url: string, token?: string): Promise<WsTestClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, token ? { headers: { authorization: `Bearer ${token}` } } : {});
      const c = new WsTestClient(ws);
      ws.once('open', () => resolve(c));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      ws.once('error', reject);
    });
  }

  /** Waits for a message matching `match`. */
  next(match: (m: WsServerMessage) => boolean, ms = 30_000): Promise<WsServerMessage> {
    const seen = this.messages.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`no matching WebSocket message in ${ms} ms; got ${JSON.stringify(this.messages.slice(-5))}`)), ms);
      this.waiters.push({ match, resolve: (m) => (clearTimeout(t), resolve(m)) });
    });
  }

  /** Sends a request (id filled in) and waits for its result or error. */
  async request(req: WsRequestDraft, ms = 30_000): Promise<WsServerMessage & { id: string | null; status: 'ok' | 'error' }> {
    const id = req.id ?? `r${++this.n}`;
    this.ws.send(JSON.stringify({ ...req, id }));
    return (await this.next((m) => 'id' in m && m.id === id && 'status' in m, ms)) as WsServerMessage & { id: string | null; status: 'ok' | 'error' };
  }

  /** Sends raw text and waits for the next error. */
  async raw(text: string | Buffer, ms = 10_000): Promise<WsServerMessage> {
    const before = this.messages.length;
    this.ws.send(text);
    return this.next((m) => this.messages.indexOf(m) >= before && 'status' in m && m.status === 'error', ms);
  }

  /** Progress messages of a request. */
  progress(id: string): WsProgress[] {
    return this.messages.filter((m): m is WsProgress => 'type' in m && m.type === 'progress' && m.id === id);
  }

  close(): void {
    this.ws.close();
  }
}

/** Connects an MQTT client and waits for the connection. */
export function mqttConnect(url: string, opts: IClientOptions = {}): Promise<MqttClient> {
  return new Promise((resolve, reject) => {
    const c = mqtt.connect(url, { reconnectPeriod: 0, connectTimeout: 5000, ...opts });
    c.once('connect', () => resolve(c));
    c.once('error', (e) => {
      c.end(true);
      reject(e);
    });
  });
}

/** Subscribes and resolves with the first message on a topic (filter) matching `match`. */
export async function mqttNext(c: MqttClient, filter: string, ms: number, match: (topic: string, payload: Buffer, props: { correlationData?: Buffer; retain: boolean }) => boolean = () => true): Promise<{ topic: string; payload: Buffer; correlationData?: Buffer; retain: boolean }> {
  const p = new Promise<{ topic: string; payload: Buffer; correlationData?: Buffer; retain: boolean }>((resolve, reject) => {
    const t = setTimeout(() => {
      c.off('message', on);
      reject(new Error(`no MQTT message on ${filter} in ${ms} ms`));
    }, ms);
    const on = (topic: string, payload: Buffer, packet: mqtt.IPublishPacket): void => {
      const props = { ...(packet.properties?.correlationData ? { correlationData: packet.properties.correlationData } : {}), retain: packet.retain };
      if (!topicMatches(filter, topic) || !match(topic, payload, props)) return;
      clearTimeout(t);
      c.off('message', on);
      resolve({ topic, payload, ...props });
    };
    c.on('message', on);
  });
  await c.subscribeAsync(filter, { qos: 1 });
  return p;
}

/** MQTT filter matching (`+` and `#`). */
export function topicMatches(filter: string, topic: string): boolean {
  const f = filter.split('/');
  const t = topic.split('/');
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '#') return true;
    if (f[i] !== '+' && f[i] !== t[i]) return false;
  }
  return f.length === t.length;
}

/** Clears every retained message under `prefix/#` (tests use random node ids; this keeps the broker tidy). */
export async function clearRetained(c: MqttClient, prefix: string): Promise<number> {
  const topics = new Set<string>();
  const on = (topic: string, payload: Buffer, packet: mqtt.IPublishPacket): void => {
    if (packet.retain && payload.length && topicMatches(`${prefix}/#`, topic)) topics.add(topic);
  };
  c.on('message', on);
  await c.subscribeAsync(`${prefix}/#`, { qos: 0 });
  await new Promise((r) => setTimeout(r, 500));
  c.off('message', on);
  await c.unsubscribeAsync(`${prefix}/#`);
  for (const t of topics) await c.publishAsync(t, '', { retain: true, qos: 1 });
  return topics.size;
}
