/**
 * The daemon's HTTP server: dashboard files, `/healthz`, `/metrics`, camera REST, snapshots and
 * the live preview WebSocket (`/api/cameras/:id/preview`).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { PreviewRelay } from '../../ingest/preview.js';
import { encodeJpeg, encodePng } from '../../ingest/jpeg.js';
import type { FfmpegInfo } from '../../ingest/ffmpeg/locate.js';
import type { Logger } from '../../ingest/types.js';
import type { Auth } from '../api/auth.js';
import { WS_PATH, type WsApi } from '../api/ws.js';
import { VigilError } from '../../ingest/errors/catalogue.js';
import { errorOf, errorReply } from '../../ingest/errors/reply.js';
import { guarded, UnexpectedErrors, type Guard } from '../api/guard.js';
import { renderClockMetrics, renderMetrics } from '../http/metrics.js';
import { malformedTarget, rawErrorResponse, requestUrl, Router, safeDecode, sendJson } from '../http/router.js';
import { serveKeyframe } from '../http/keyframe.js';
import { serveAlertPicture, serveAlerts } from '../http/alerts.js';
import type { WsRequestMap, WsRequestOf } from '../api/wire.js';
import { serveDashboard } from '../http/static.js';
import { readJsonBody } from '../http/body.js';
import type { RequestContext } from '../api/handlers.js';
import { validateRequest } from '../api/validate.js';
import type { WsRequest } from '../api/wire.js';
import type { Component, Readiness } from '../lifecycle.js';
import type { CameraManager } from './cameras.js';
import type { MemoryComponent } from './memory.js';
import type { PerceptionComponent } from './perception.js';

/** What the HTTP server serves. */
export interface HttpDeps {
  host: string;
  port: number;
  node: string;
  version: string;
  cameras: CameraManager;
  perception: PerceptionComponent;
  memory: MemoryComponent;
  /** The wall clock watched for steps (`vigil_clock_steps_total`); absent: no clock metrics. */
  clock?: { readonly steps: number; readonly behindMs: number };
  /** Audio of the cameras that listen (optional: absent in minimal setups). */
  audio?: { statuses(): object[] };
  ffmpeg: () => FfmpegInfo;
  log: Logger;
  /** Token check of `/api/*` and `/metrics` (and every WebSocket); absent: open. */
  auth?: Auth;
  /** The WebSocket API on `/api/ws`. */
  wsApi?: WsApi;
  /** MQTT bridge state for `/healthz`. */
  mqtt?: () => object;
  /** The stored picture of an alert, or null. */
  alertPictures?: (id: string) => Buffer | null;
  /** Runs API requests (the WebSocket's handlers): the zones routes use them. */
  requests?: { handle(req: WsRequest, ctx: RequestContext): Promise<unknown> };
  /** A page of the alert history (`GET /api/alerts`); absent: the route answers NOT_FOUND. */
  alerts?: (p: Omit<WsRequestOf<'alerts'>, 'id' | 'type'>) => WsRequestMap['alerts']['result'];
  /** The fleet image proxy (with `fleet.enabled`). */
  fleetProxy?: { snapshot(node: string, camera: string, res: ServerResponse): Promise<void> } | null;
  /**
   * Which components are up. The server starts first, so until the others are up `/healthz` says
   * `starting` and a route that needs one answers `NOT_READY`. Absent: every component is up.
   */
  readiness?: Readiness;
  /** The unexpected-error counter shared by every interface (default: the WebSocket API's, else its own). */
  errors?: UnexpectedErrors;
}

/** The `/healthz` body (`api`: the admission gate's counters, when the WebSocket API is served). */
export interface HealthBody {
  /** `starting`/`stopping` (HTTP 503) until every component is up / once stopping begins. */
  status: 'ok' | 'degraded' | 'starting' | 'stopping';
  /** While starting: the components not up yet, in start order. */
  starting?: string[];
  node: string;
  version: string;
  uptimeSeconds: number;
  cameras: object[];
  detectors: object[];
  audio: object[];
  memory: object;
  mqtt?: object;
  api?: object;
}

/** Paths that need a token when auth is on (health and dashboard files stay open). */
function protectedPath(path: string): boolean {
  return path.startsWith('/api/') || path === '/metrics';
}

/** HTTP + WebSocket front door. */
export class HttpComponent implements Component {
  readonly name = 'http';
  private server: Server | null = null;
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  private readonly relays = new Map<string, PreviewRelay>();
  private readonly startedAt = Date.now();
  /** Where routes and upgrades log and count unexpected errors (a bug or a hostile input that found one). */
  private readonly guard: Guard;
  private readonly router: Router;

  /** The one count of unexpected errors (every interface, and the process guard's `process`). */
  get unexpected(): UnexpectedErrors {
    return this.guard.errors;
  }

  constructor(private readonly deps: HttpDeps) {
    this.guard = { errors: deps.errors ?? deps.wsApi?.unexpected ?? new UnexpectedErrors(), log: deps.log };
    const r = (this.router = new Router(this.guard));
    r.on('GET', '/healthz', (_q, res) => {
      const h = this.health();
      sendJson(res, h.status === 'starting' || h.status === 'stopping' ? 503 : 200, h);
    });
    r.on('GET', '/metrics', (_q, res) => {
      res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' });
      const previews = Object.fromEntries([...this.relays].map(([id, r]) => [id, { viewers: r.viewerCount, running: r.running }]));
      const clock = deps.clock ? renderClockMetrics({ steps: deps.clock.steps, behindMs: deps.clock.behindMs }) : '';
      res.end(renderMetrics(deps.cameras.statuses(), (Date.now() - this.startedAt) / 1000, previews) + clock + this.guard.errors.metrics());
    });
    r.on('GET', '/api/cameras', (_q, res) => {
      this.need('cameras');
      sendJson(res, 200, { cameras: deps.cameras.statuses() });
    });
    // the latest analysis frame: JPEG to view, PNG for the exact pixels perception saw
    for (const [ext, type, encode] of [['jpg', 'image/jpeg', encodeJpeg], ['png', 'image/png', encodePng]] as const) {
      r.on('GET', `/api/cameras/:id/snapshot.${ext}`, async (_q, res, p) => {
        this.need('cameras');
        const s = deps.cameras.get(p.id ?? '');
        if (!s) throw new VigilError('NOT_FOUND', `unknown camera "${p.id ?? ''}"`);
        const f = s.latest();
        if (!f) throw new VigilError('NO_FRAME', `camera "${s.spec.id}" has no frame yet (state: ${s.status().state})`);
        const img = await encode(f);
        res.writeHead(200, { 'content-type': type, 'content-length': img.length, 'cache-control': 'no-store', 'x-frame-time': new Date(f.ts).toISOString() });
        res.end(img);
      });
    }
    // a camera's zones and lines: the WebSocket's zones.get and zones.put, over HTTP
    r.on('GET', '/api/cameras/:id/zones', async (req, res, p) => {
      const out = (await this.apiRequest(req, { type: 'zones.get', camera: p.id ?? '' })) as { cameras: unknown[] };
      sendJson(res, 200, out.cameras[0]);
    });
    r.on('PUT', '/api/cameras/:id/zones', async (req, res, p) => {
      const body = await readJsonBody(req);
      if (!body || typeof body !== 'object' || Array.isArray(body)) throw new VigilError('BAD_JSON', 'the body must be a JSON object {zones, lines}');
      const out = (await this.apiRequest(req, { ...body, type: 'zones.put', camera: p.id ?? '' })) as { camera: unknown };
      sendJson(res, 200, out.camera);
    });
    r.on('GET', '/api/alerts', (q, res) => {
      if (!deps.alerts) throw new VigilError('NOT_FOUND', 'this daemon keeps no alert history');
      this.need('memory');
      serveAlerts(q, res, deps.alerts);
    });
    r.on('GET', '/api/alerts/:id/snapshot.jpg', (_q, res, p) => {
      this.need('rules', 'memory');
      serveAlertPicture(res, p.id ?? '', deps.alertPictures?.(p.id ?? ''), deps.memory.store);
    });
    r.on('GET', '/api/fleet/:node/cameras/:camera/snapshot.jpg', async (_q, res, p) => {
      if (!deps.fleetProxy) throw new VigilError('NOT_FOUND', 'this box does not follow the fleet (fleet.enabled is false or MQTT is off)');
      this.need('mqtt', 'fleet-view');
      await deps.fleetProxy.snapshot(p.node ?? '', p.camera ?? '', res);
    });
    r.on('GET', '/api/cameras/:id/keyframe.jpg', (q, res, p) => {
      this.need('memory');
      return serveKeyframe(deps.memory.store, q, res, p.id ?? '');
    });
    r.on('GET', '/', (_q, res) => serveDashboard(res, 'index.html'));
    r.on('GET', '/:file', (_q, res, p) => serveDashboard(res, p.file ?? ''));
  }

  /**
   * Runs an API request over HTTP: validated as on the WebSocket, with the scope of the request's
   * token (admin when auth is off).
   */
  private async apiRequest(req: IncomingMessage, fields: Record<string, unknown>): Promise<unknown> {
    this.need('perception', 'rules');
    if (!this.deps.requests) throw new VigilError('NOT_FOUND', 'this daemon serves no API requests over HTTP');
    const auth = this.deps.auth?.checkRequest(req, true) ?? { ok: true as const, scope: 'admin' as const, name: null };
    if (!auth.ok) throw new VigilError('UNAUTHORIZED', auth.message);
    const p = validateRequest({ ...fields, id: 'http' });
    if (!p.ok) throw new VigilError(p.error.code, p.error.message);
    return this.deps.requests.handle(p.request, { scope: auth.scope });
  }

  /** The `/healthz` body: `starting` (with the components not up yet) until the daemon is ready. */
  health(): HealthBody {
    const cams = this.deps.cameras.statuses();
    const memory = this.deps.memory.health();
    // a memory whose reads fail (a data file damaged while running) is degraded too
    const ok = memory.writable && memory.storage?.state !== 'damaged' && cams.every((c) => c.state === 'streaming' || c.state === 'disabled');
    const phase = this.deps.readiness?.phase() ?? 'ready';
    const choices = this.deps.perception.detectorChoices();
    const orientations = this.deps.perception.orientations();
    const status = phase === 'idle' || phase === 'starting' ? 'starting' : phase === 'ready' ? (ok ? 'ok' : 'degraded') : 'stopping';
    return {
      status,
      ...(status === 'starting' ? { starting: this.deps.readiness?.pending() ?? [] } : {}),
      node: this.deps.node,
      version: this.deps.version,
      uptimeSeconds: Math.round((Date.now() - this.startedAt) / 1000),
      cameras: cams.map(({ id, state, fps, lastFrameAt, reconnects, error }) => {
        const detector = choices[id];
        const orientation = orientations[id];
        return { id, state, fps, lastFrameAt, reconnects, error, ...(detector ? { detector } : {}), ...(orientation ? { orientation } : {}) };
      }),
      detectors: this.deps.perception.detectorStatus(),
      audio: this.deps.audio?.statuses() ?? [],
      memory,
      ...(this.deps.mqtt ? { mqtt: this.deps.mqtt() } : {}),
      ...(this.deps.wsApi ? { api: this.deps.wsApi.admissionStats() } : {}),
    };
  }

  /**
   * The `NOT_READY` error of a request that needs components that are not up (the daemon is
   * starting or stopping), or null when they are. No names: every component (the WebSocket API).
   */
  private notReady(components?: readonly string[]): VigilError | null {
    const r = this.deps.readiness;
    if (!r) return null;
    const down = components ? components.filter((c) => !r.isUp(c)) : r.pending().filter((c) => c !== this.name);
    if (down.length === 0) return null;
    const when = r.phase() === 'stopping' || r.phase() === 'stopped' ? 'any more: the daemon is stopping' : 'yet: the daemon is starting; retry shortly';
    return new VigilError('NOT_READY', `${down.join(', ')} ${down.length > 1 ? 'are' : 'is'} not running ${when}`);
  }

  /** Throws `NOT_READY` unless every named component is up. */
  private need(...components: string[]): void {
    const e = this.notReady(components);
    if (e) throw e;
  }

  /** The port actually bound (useful with port 0). */
  get port(): number {
    return (this.server?.address() as AddressInfo | null)?.port ?? this.deps.port;
  }

  start(signal: AbortSignal): Promise<void> {
    const server = createServer((req, res) => {
      void guarded('http', () => this.request(req, res), {
        ...this.guard,
        where: `${req.method ?? 'GET'} ${req.url ?? ''}`,
        reveal: false,
        onError: (r) => (res.headersSent ? res.end() : sendJson(res, r.status, r.body)),
      });
    });
    this.deps.wsApi?.start();
    server.on('upgrade', (req, socket, head) => this.upgrade(req.url ?? '/', req, socket, head));
    this.server = server;
    return new Promise((resolve, reject) => {
      const onAbort = (): void => reject(new Error('HTTP start cancelled'));
      signal.addEventListener('abort', onAbort, { once: true });
      server.once('error', (e: NodeJS.ErrnoException) => {
        signal.removeEventListener('abort', onAbort);
        reject(new Error(e.code === 'EADDRINUSE' ? `HTTP port ${this.deps.port} is already in use` : `HTTP server failed: ${e.message}`));
      });
      server.listen(this.deps.port, this.deps.host, () => {
        signal.removeEventListener('abort', onAbort);
        this.deps.log.info({ port: this.port, host: this.deps.host }, 'HTTP listening');
        resolve();
      });
    });
  }

  /** One HTTP request: the token check, then the router (both inside the guard). */
  private async request(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const auth = this.deps.auth;
    const url = requestUrl(req.url);
    if (!url) {
      const r = errorReply(malformedTarget());
      sendJson(res, r.status, r.body);
      return;
    }
    if (auth?.enabled && protectedPath(url.pathname)) {
      const r = auth.checkRequest(req, true);
      if (!r.ok) {
        sendJson(res, 401, errorOf('UNAUTHORIZED', r.message));
        return;
      }
    }
    await this.router.handle(req, res);
  }

  /** Upgrades through the guard: nothing an upgrade request carries can throw out of it. */
  private upgrade(rawUrl: string, req: IncomingMessage, socket: Duplex, head: Buffer): void {
    void guarded('upgrade', () => this.upgradeUnguarded(rawUrl, req, socket, head), {
      ...this.guard,
      where: rawUrl,
      reveal: false,
      onError: (r) => {
        if (!socket.destroyed) socket.end(rawErrorResponse(r.body.code, r.body.message));
      },
    });
  }

  private upgradeUnguarded(rawUrl: string, req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const path = requestUrl(rawUrl)?.pathname;
    if (path === undefined) {
      socket.end(rawErrorResponse('BAD_REQUEST', 'malformed request target'));
      return;
    }
    if (path === WS_PATH && this.deps.wsApi) {
      // the WebSocket API reaches every component: it opens once the daemon is ready
      const waiting = this.notReady();
      if (waiting) socket.end(rawErrorResponse('NOT_READY', waiting.message));
      else this.deps.wsApi.handleUpgrade(req, socket, head);
      return;
    }
    const auth = this.deps.auth?.checkRequest(req, true);
    if (auth && !auth.ok) {
      socket.end(rawErrorResponse('UNAUTHORIZED', auth.message));
      return;
    }
    const m = /^\/api\/cameras\/([^/]+)\/preview$/.exec(path);
    const waiting = m ? this.notReady(['cameras']) : null;
    if (waiting) {
      socket.end(rawErrorResponse('NOT_READY', waiting.message));
      return;
    }
    const session = m ? this.deps.cameras.get(safeDecode(m[1] ?? '')) : undefined;
    if (!session) {
      socket.end(rawErrorResponse('NOT_FOUND', 'unknown preview path'));
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws: WebSocket) => {
      let relay = this.relays.get(session.spec.id);
      if (!relay) {
        relay = new PreviewRelay(session.spec, this.deps.ffmpeg(), this.deps.log.child({ preview: session.spec.id }));
        this.relays.set(session.spec.id, relay);
      }
      const r = relay;
      r.add(ws);
      ws.on('close', () => r.remove(ws));
      ws.on('error', () => r.remove(ws));
    });
  }

  async stop(): Promise<void> {
    this.deps.wsApi?.stop();
    await Promise.all([...this.relays.values()].map((r) => r.stop()));
    for (const c of this.wss.clients) c.terminate();
    const s = this.server;
    this.server = null;
    if (s) {
      s.closeAllConnections();
      await new Promise<void>((resolve) => s.close(() => resolve()));
    }
  }
}
