/**
 * The fleet image proxy: `GET /api/fleet/<node>/cameras/<camera>/snapshot.jpg` fetches the live
 * snapshot of a camera of another box (`<url>/api/cameras/<camera>/snapshot.jpg`) with that box's
 * token from `fleet.peers`, so a dashboard shows every box's cameras while the tokens stay on the
 * box. The peer's URL is only ever the one pinned in `fleet.peers.<node>.url`: a URL named in a
 * retained manifest (which anyone the broker lets publish it can forge) is never fetched, so the
 * token goes nowhere else (issue 23). The route itself sits behind this box's own HTTP auth.
 */
import type { ServerResponse } from 'node:http';
import { VigilError } from '../../ingest/errors/catalogue.js';
import type { FleetPeer } from '../config/fleet-peers.js';

/** Time a peer has to send the whole image, ms. */
export const PROXY_TIMEOUT_MS = 5000;
/** Largest image passed on, bytes. */
export const PROXY_MAX_BYTES = 8 * 1024 * 1024;

/** What the proxy needs. */
export interface FleetProxyDeps {
  peers: Readonly<Record<string, FleetPeer>>;
  /** Whether a box not in `peers` was seen on the broker (its error then says what to configure, not "unknown"). */
  known(node: string): boolean;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Reads the code of a Vigil error body, if it is one. */
function peerCode(text: string): string | null {
  try {
    const b = JSON.parse(text) as { status?: unknown; code?: unknown };
    return b.status === 'error' && typeof b.code === 'string' ? b.code : null;
  } catch {
    return null;
  }
}

/** Proxies peer snapshots. */
export class FleetProxy {
  constructor(private readonly d: FleetProxyDeps) {}

  /**
   * The peer URL of a camera's snapshot.
   * @throws VigilError NOT_FOUND for an unknown box, FLEET_PEER_UNREACHABLE when no URL is known
   */
  target(node: string, camera: string): URL {
    const peer = Object.hasOwn(this.d.peers, node) ? this.d.peers[node] : undefined;
    if (!peer && !this.d.known(node)) throw new VigilError('NOT_FOUND', `unknown box "${node}": no manifest seen from it and no fleet.peers entry`);
    const base = peer?.url ?? null;
    if (!base) throw new VigilError('FLEET_PEER_UNREACHABLE', `no URL pinned for box "${node}": set fleet.peers.${node}.url here (a URL announced in its manifest is never used)`);
    // validated by the config schema (http or https, no credentials)
    const url = new URL(base);
    url.pathname = `${url.pathname.replace(/\/+$/, '')}/api/cameras/${encodeURIComponent(camera)}/snapshot.jpg`;
    url.search = '';
    url.hash = '';
    return url;
  }

  /** Fetches the snapshot and writes it to `res`; throws a VigilError the router answers. */
  async snapshot(node: string, camera: string, res: ServerResponse): Promise<void> {
    const url = this.target(node, camera);
    const token = Object.hasOwn(this.d.peers, node) ? this.d.peers[node]?.token : undefined;
    const ms = this.d.timeoutMs ?? PROXY_TIMEOUT_MS;
    const signal = AbortSignal.timeout(ms);
    let r: Response;
    let body: Buffer;
    try {
      r = await (this.d.fetch ?? fetch)(url, { headers: { accept: 'image/jpeg', ...(token ? { authorization: `Bearer ${token}` } : {}) }, redirect: 'error', signal });
      const len = Number(r.headers.get('content-length') ?? 0);
      if (len > PROXY_MAX_BYTES) throw new VigilError('FLEET_PEER_FAILED', `box "${node}" sent an image of ${len} bytes (limit ${PROXY_MAX_BYTES})`);
      body = Buffer.from(await r.arrayBuffer());
    } catch (e) {
      if (e instanceof VigilError) throw e;
      if (signal.aborted) throw new VigilError('FLEET_PEER_TIMEOUT', `box "${node}" did not send the snapshot of "${camera}" within ${ms} ms`);
      const cause = e instanceof Error && e.cause instanceof Error ? e.cause.message : (e as Error).message;
      throw new VigilError('FLEET_PEER_UNREACHABLE', `box "${node}" could not be reached at ${url.origin}: ${cause}`);
    }
    if (r.status === 401 || r.status === 403) throw new VigilError('FLEET_PEER_REFUSED', `box "${node}" refused the request (HTTP ${r.status}): ${token ? `check fleet.peers.${node}.token` : `set fleet.peers.${node}.token`}`);
    if (!r.ok) {
      const code = peerCode(body.toString('utf8', 0, Math.min(body.length, 4096)));
      if (code === 'NOT_FOUND') throw new VigilError('NOT_FOUND', `box "${node}" has no camera "${camera}"`);
      if (code === 'NO_FRAME') throw new VigilError('NO_FRAME', `camera "${camera}" of box "${node}" has no frame yet`);
      throw new VigilError('FLEET_PEER_FAILED', `box "${node}" answered HTTP ${r.status}${code ? ` ${code}` : ''}`);
    }
    if (body.length > PROXY_MAX_BYTES) throw new VigilError('FLEET_PEER_FAILED', `box "${node}" sent more than ${PROXY_MAX_BYTES} bytes`);
    if (!(r.headers.get('content-type') ?? '').startsWith('image/')) throw new VigilError('FLEET_PEER_FAILED', `box "${node}" did not send an image`);
    const frameTime = r.headers.get('x-frame-time');
    res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': body.length, 'cache-control': 'no-store', 'x-fleet-node': node, ...(frameTime ? { 'x-frame-time': frameTime } : {}) });
    res.end(body);
  }
}
