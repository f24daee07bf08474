/**
 * The dashboard's one connection to the daemon: the typed WebSocket API (`/api/ws`).
 * Requests carry correlation ids; replies, ask progress and pushes are routed by them.
 * Reconnects with backoff; requests in flight when the socket drops fail.
 */
import type { Answer, AskProgress } from '../../planner/answer.js';
import type { WsHello, WsPush, WsRequestMap, WsRequestType, WsServerMessage } from '../../edge/api/wire.js';
import { wsUrl } from './auth.js';

/** An error reply of the API (or a dropped connection: code `DISCONNECTED`). */
export class WireError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Connection state shown in the header. */
export type LinkState = 'connecting' | 'open' | 'closed';

interface Pending {
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
  progress?: (p: AskProgress) => void;
}

/** What the client reports to the app. */
export interface ClientEvents {
  hello(h: WsHello): void;
  push(p: WsPush): void;
  link(s: LinkState): void;
}

/** Typed request/response client over one WebSocket. */
export class WireClient {
  private ws: WebSocket | null = null;
  private readonly pending = new Map<string, Pending>();
  private seq = 0;
  private retryMs = 500;
  private closed = false;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly on: ClientEvents) {}

  /** Opens the socket (and reopens it after drops until `close`). */
  connect(): void {
    this.closed = false;
    this.on.link('connecting');
    const ws = new WebSocket(wsUrl('/api/ws'));
    this.ws = ws;
    ws.onopen = () => {
      this.retryMs = 500;
      this.on.link('open');
    };
    ws.onmessage = (ev: MessageEvent) => this.receive(String(ev.data));
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      for (const [id, p] of this.pending) {
        p.reject(new WireError('DISCONNECTED', 'the connection to the daemon dropped'));
        this.pending.delete(id);
      }
      this.on.link('closed');
      if (!this.closed) {
        this.timer = setTimeout(() => this.connect(), this.retryMs);
        this.retryMs = Math.min(this.retryMs * 2, 10_000);
      }
    };
  }

  /** Closes for good. */
  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.ws?.close();
  }

  /** A fresh correlation id. */
  nextId(): string {
    return `d${++this.seq}`;
  }

  /** Sends a request; resolves with its result or rejects with a {@link WireError}. */
  request<K extends WsRequestType>(type: K, params: WsRequestMap[K]['params'], progress?: (p: AskProgress) => void, id = this.nextId()): Promise<WsRequestMap[K]['result']> {
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN) return Promise.reject(new WireError('DISCONNECTED', 'not connected to the daemon'));
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, ...(progress ? { progress } : {}) });
      ws.send(JSON.stringify({ ...params, id, type }));
    });
  }

  /**
   * Sends a request of a type this build of the dashboard does not know (e.g. `fleet.ask` before
   * its wire types are merged): the result is untyped; an unknown type rejects with `UNKNOWN_TYPE`.
   */
  requestRaw(type: string, params: object, id = this.nextId()): Promise<unknown> {
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN) return Promise.reject(new WireError('DISCONNECTED', 'not connected to the daemon'));
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      ws.send(JSON.stringify({ ...params, id, type }));
    });
  }

  /**
   * Asks a question; progress streams to `progress` before the answer resolves. `id` (from
   * {@link nextId}) lets the caller cancel it with `ask.cancel`.
   */
  ask(question: string, progress: (p: AskProgress) => void, planner?: WsRequestMap['ask']['params']['planner'], id = this.nextId()): Promise<Answer> {
    return this.request('ask', planner ? { question, planner } : { question }, progress, id);
  }

  private receive(text: string): void {
    let m: WsServerMessage;
    try {
      m = JSON.parse(text) as WsServerMessage;
    } catch {
      return;
    }
    if (!('status' in m)) {
      if (m.type === 'hello') this.on.hello(m);
      else if (m.type === 'push') this.on.push(m);
      else if (m.type === 'progress') this.pending.get(m.id)?.progress?.(m.progress);
      return;
    }
    if (m.id === null) return;
    const p = this.pending.get(m.id);
    if (!p) return;
    this.pending.delete(m.id);
    if (m.status === 'ok') p.resolve(m.result);
    else p.reject(new WireError(m.code, m.message));
  }
}
