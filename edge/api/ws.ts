/**
 * The WebSocket API (`/api/ws` on the daemon's HTTP port): typed requests with correlation ids,
 * streamed ask progress, live pushes after `subscribe`, a heartbeat, a payload limit answered
 * with an error (a hard limit above it closes with 1009) and slow clients dropped (1013).
 * Requests pass the admission gate shared with MQTT (see `admission.ts`): over its bound they wait,
 * beyond its queue they get `BUSY` with their id; a slot is held until the reply is written.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { Logger } from '../../ingest/types.js';
import type { EventBus } from '../bus.js';
import { busyError, type AdmissionStats } from './admission.js';
import type { Auth } from './auth.js';
import { VigilError } from '../../ingest/errors/catalogue.js';
import { errorOf } from '../../ingest/errors/reply.js';
import { guarded, type Guard, type UnexpectedErrors } from './guard.js';
import { rawErrorResponse } from '../http/router.js';
import type { ApiHandlers } from './handlers.js';
import { cameraState, type LiveState } from './live.js';
import { parseRequest } from './validate.js';
import { WS_CLOSE_SLOW, WS_HEARTBEAT_MS, WS_MAX_BUFFERED, WS_MAX_PAYLOAD, type Channel, type Scope, type WsPush, type WsRequest, type WsRequestType, type WsServerMessage } from './wire.js';

/** Path of the API socket. */
export const WS_PATH = '/api/ws';
/** Requests one connection may have in flight or waiting for admission. */
const MAX_IN_FLIGHT = 8;
/** Requests that are O(1) and bound to the connection: they skip the admission gate. */
const UNGATED: ReadonlySet<WsRequestType> = new Set<WsRequestType>(['ping', 'unsubscribe', 'ask.cancel']);
/** Longest time a slot waits for a reply to be written before it is given back anyway, ms. */
const FLUSH_WAIT_MS = 10_000;

/** Options (the limits default to the wire constants; tests shorten them). */
export interface WsApiOptions {
  node: string;
  version: string;
  /** IANA zone the daemon reads and writes wall times in (config `timezone`), told to clients in the hello. */
  timeZone?: string;
  handlers: ApiHandlers;
  live: LiveState;
  bus: EventBus;
  auth: Auth;
  log: Logger;
  heartbeatMs?: number;
  maxPayload?: number;
  maxBuffered?: number;
}

interface Client {
  ws: WebSocket;
  scope: Scope;
  name: string | null;
  alive: boolean;
  channels: Set<Channel>;
  cameras: Set<string> | null;
  asks: Map<string, AbortController>;
  inFlight: number;
}

/** The API socket server. */
export class WsApi {
  private readonly wss: WebSocketServer;
  private readonly clients = new Set<Client>();
  private timer: NodeJS.Timeout | null = null;
  private readonly maxPayload: number;
  private readonly maxBuffered: number;
  private readonly guard: Guard;

  constructor(private readonly o: WsApiOptions) {
    this.guard = { errors: o.handlers.unexpected, log: o.log };
    this.maxPayload = o.maxPayload ?? WS_MAX_PAYLOAD;
    this.maxBuffered = o.maxBuffered ?? WS_MAX_BUFFERED;
    // the hard limit closes the socket (1009); below it, an oversized message gets an error reply
    this.wss = new WebSocketServer({ noServer: true, maxPayload: this.maxPayload * 4 });
  }

  /** Number of connected clients. */
  get clientCount(): number {
    return this.clients.size;
  }

  /** The unexpected-error counter of the guarded boundary (shared with MQTT and HTTP). */
  get unexpected(): UnexpectedErrors {
    return this.guard.errors;
  }

  /** Counters of the admission gate (shared with MQTT). */
  admissionStats(): AdmissionStats {
    return this.o.handlers.admission.stats();
  }

  /** Registers bus listeners and the heartbeat. */
  start(): void {
    const bus = this.o.bus;
    bus.on('camera', 'ws', (s) => this.push({ type: 'push', channel: 'cameras', data: cameraState(s, s.state !== 'disabled') }, s.id));
    bus.on('alert', 'ws', (a) => this.push({ type: 'push', channel: 'alerts', data: a }, a.camera));
    bus.on('count', 'ws', (c) => this.push({ type: 'push', channel: 'counts', data: c }, c.camera));
    bus.on('object', 'ws', (e) => this.push({ type: 'push', channel: 'events', data: e }, e.camera));
    bus.on('zones', 'ws', (z) => this.push({ type: 'push', channel: 'zones', data: z }, z.camera));
    bus.on('fleet', 'ws', (d) => this.push({ type: 'push', channel: 'fleet', data: d }, null));
    const every = this.o.heartbeatMs ?? WS_HEARTBEAT_MS;
    this.timer = setInterval(() => {
      for (const c of this.clients) {
        if (!c.alive) {
          this.o.log.info({ client: c.name }, 'WebSocket client missed a pong; terminated');
          c.ws.terminate();
          continue;
        }
        c.alive = false;
        c.ws.ping();
      }
    }, every);
    this.timer.unref();
  }

  /** Handles an upgrade on {@link WS_PATH}: checks the token, then accepts. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const auth = this.o.auth.checkRequest(req, true);
    if (!auth.ok) {
      socket.end(rawErrorResponse('UNAUTHORIZED', auth.message));
      this.o.log.warn({ remote: req.socket.remoteAddress }, 'WebSocket upgrade refused: bad or missing token');
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws, auth.scope, auth.name));
  }

  private accept(ws: WebSocket, scope: Scope, name: string | null): void {
    const c: Client = { ws, scope, name, alive: true, channels: new Set(), cameras: null, asks: new Map(), inFlight: 0 };
    this.clients.add(c);
    ws.on('pong', () => (c.alive = true));
    // every message runs inside the guard: a throw anywhere on its path is an error reply, logged and counted
    ws.on('message', (data: RawData, isBinary: boolean) => {
      void guarded('ws', () => this.onMessage(c, data, isBinary), { ...this.guard, where: 'message', id: null, onError: (r) => this.send(c, { ...r.body, id: null }) });
    });
    ws.on('close', () => this.drop(c));
    ws.on('error', (e) => {
      this.o.log.info({ client: name, err: e.message }, 'WebSocket client error');
      this.drop(c);
    });
    this.send(c, { type: 'hello', node: this.o.node, version: this.o.version, scope, maxPayload: this.maxPayload, ...(this.o.timeZone ? { timeZone: this.o.timeZone } : {}) });
  }

  private drop(c: Client): void {
    if (!this.clients.delete(c)) return;
    for (const a of c.asks.values()) a.abort();
    c.asks.clear();
  }

  private send(c: Client, m: WsServerMessage): void {
    void this.sendFlushed(c, m);
  }

  /** Sends and resolves once the message is written to the socket (at once when it is not sent; at most {@link FLUSH_WAIT_MS}). */
  private sendFlushed(c: Client, m: WsServerMessage): Promise<void> {
    if (c.ws.readyState !== c.ws.OPEN) return Promise.resolve();
    if (c.ws.bufferedAmount > this.maxBuffered) {
      this.o.log.warn({ client: c.name, buffered: c.ws.bufferedAmount }, 'slow WebSocket client dropped');
      c.ws.close(WS_CLOSE_SLOW, 'slow client: too much unsent data');
      this.drop(c);
      setTimeout(() => c.ws.terminate(), 1000).unref();
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const t = setTimeout(resolve, FLUSH_WAIT_MS);
      c.ws.send(JSON.stringify(m), () => {
        clearTimeout(t);
        resolve();
      });
    });
  }

  /** Pushes to the clients subscribed to the channel (and the camera, when they chose cameras; `null`: not a camera's push). */
  private push(m: WsPush, camera: string | null): void {
    for (const c of this.clients) if (c.channels.has(m.channel) && (!c.cameras || camera === null || c.cameras.has(camera))) this.send(c, m);
  }

  private onMessage(c: Client, data: RawData, isBinary: boolean): Promise<void> | undefined {
    const buf = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
    if (buf.length > this.maxPayload) {
      this.send(c, { ...errorOf('PAYLOAD_TOO_LARGE', `message of ${buf.length} bytes exceeds the limit of ${this.maxPayload}`), id: null });
      return;
    }
    if (isBinary) {
      this.send(c, { ...errorOf('BAD_JSON', 'send text frames with JSON requests'), id: null });
      return;
    }
    const p = parseRequest(buf.toString('utf8'));
    if (!p.ok) {
      this.send(c, { ...p.error, id: p.id });
      return;
    }
    const req = p.request;
    if (UNGATED.has(req.type)) return this.execute(c, req);
    if (c.inFlight >= MAX_IN_FLIGHT) {
      this.send(c, { ...errorOf('BUSY', `at most ${MAX_IN_FLIGHT} requests in flight or waiting on one connection; retry later`), id: req.id });
      return;
    }
    const slot = this.o.handlers.admission.acquire();
    if (!slot) {
      this.send(c, { ...busyError(this.o.handlers.admission.limits), id: req.id });
      return;
    }
    c.inFlight++;
    return slot.then(async (release) => {
      try {
        // a client that left while its request waited gets nothing run for it
        if (this.clients.has(c)) await this.execute(c, req);
      } finally {
        release();
        c.inFlight--;
      }
    });
  }

  /** Runs a request through the guard and writes its reply. */
  private async execute(c: Client, req: WsRequest): Promise<void> {
    const out = await guarded('ws', () => this.run(c, req), { ...this.guard, where: req.type, id: req.id });
    const reply = out.ok ? ({ id: req.id, type: req.type, status: 'ok', result: out.value } as WsServerMessage) : { ...out.error.body, id: req.id };
    await this.sendFlushed(c, reply);
  }

  private async run(c: Client, req: WsRequest): Promise<unknown> {
    switch (req.type) {
      case 'subscribe': {
        for (const ch of req.channels) c.channels.add(ch);
        c.cameras = req.cameras ? new Set(req.cameras) : null;
        const cams = req.cameras;
        return {
          cameras: this.o.handlers.cameraStates().filter((s) => !cams || cams.includes(s.camera)),
          counts: this.o.live.snapshot(cams),
          rules: this.o.handlers.ruleList(),
        };
      }
      case 'unsubscribe':
        for (const ch of req.channels ?? [...c.channels]) c.channels.delete(ch);
        return { channels: [...c.channels] };
      case 'ask.cancel': {
        const a = c.asks.get(req.askId);
        a?.abort();
        return { cancelled: Boolean(a) };
      }
      case 'ask': {
        if (c.asks.has(req.id)) throw new VigilError('BAD_REQUEST', `an ask with id "${req.id}" is already running`);
        const ac = new AbortController();
        c.asks.set(req.id, ac);
        try {
          return await this.o.handlers.handle(req, { scope: c.scope, signal: ac.signal, onProgress: (progress) => this.send(c, { id: req.id, type: 'progress', progress }) });
        } finally {
          c.asks.delete(req.id);
        }
      }
      default:
        return this.o.handlers.handle(req, { scope: c.scope });
    }
  }

  /** Closes every connection and the heartbeat. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.o.bus.removeOwner('ws');
    for (const c of this.clients) {
      c.ws.close(1001, 'daemon stopping');
      c.ws.terminate();
      this.drop(c);
    }
  }
}
