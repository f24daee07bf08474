/**
 * A tiny method+path router for the daemon's HTTP API, with JSON errors.
 */
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import { VigilError, type PublicErrorCode } from '../../ingest/errors/catalogue.js';
import { errorReply } from '../../ingest/errors/reply.js';
import type { Logger } from '../../ingest/types.js';
import { guarded, UnexpectedErrors, type Guard } from '../api/guard.js';

/** Route handler; `params` holds the `:name` segments. */
export type Handler = (req: IncomingMessage, res: ServerResponse, params: Record<string, string>) => Promise<void> | void;

interface Route {
  method: string;
  parts: string[];
  handler: Handler;
}

/** Sends a JSON body. */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(text);
}

/**
 * A whole HTTP/1.1 error response as text, for an upgrade refused on the raw socket (there is no
 * ServerResponse then): the catalogue's status for `code` and the error body.
 */
export function rawErrorResponse(code: PublicErrorCode, message: string): string {
  const r = errorReply(new VigilError(code, message));
  const body = JSON.stringify(r.body);
  return `HTTP/1.1 ${r.status} ${STATUS_CODES[r.status] ?? ''}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`;
}

const quiet: Logger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {}, child: () => quiet };

/** Routes requests; unknown paths get a 404 error body, known paths with another method 405. */
export class Router {
  private readonly routes: Route[] = [];

  /**
   * @param guard where every route's unexpected errors (not a VigilError, or one answered INTERNAL)
   *   are logged with their stack and counted, before the 500 (default: counted here, not logged)
   */
  constructor(private readonly guard: Guard = { errors: new UnexpectedErrors(), log: quiet }) {}

  /** Registers a route like `/api/cameras/:id/snapshot.jpg`. */
  on(method: string, path: string, handler: Handler): this {
    this.routes.push({ method, parts: path.split('/').filter(Boolean), handler });
    return this;
  }

  /** Finds the route for a path, with its parameters. */
  match(method: string, pathname: string): { handler: Handler; params: Record<string, string> } | null {
    const parts = pathname.split('/').filter(Boolean);
    for (const r of this.routes) {
      if (r.method !== method && !(method === 'HEAD' && r.method === 'GET')) continue;
      if (r.parts.length !== parts.length) continue;
      const params: Record<string, string> = {};
      let ok = true;
      r.parts.forEach((p, i) => {
        const seg = parts[i] ?? '';
        if (p.startsWith(':')) {
          const dot = p.indexOf('.');
          if (dot > 0) {
            const suffix = p.slice(dot);
            if (!seg.endsWith(suffix)) ok = false;
            params[p.slice(1, dot)] = safeDecode(seg.slice(0, seg.length - suffix.length));
          } else params[p.slice(1)] = safeDecode(seg);
        } else if (p !== seg) ok = false;
      });
      if (ok) return { handler: r.handler, params };
    }
    return null;
  }

  /** Handles one request, through the guard: whatever a route throws becomes an error body. */
  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const parsed = requestUrl(req.url);
    await guarded('http', () => this.dispatch(req, res, parsed), {
      ...this.guard,
      where: `${req.method ?? 'GET'} ${parsed?.pathname ?? req.url ?? ''}`,
      reveal: false,
      onError: (r) => {
        if (!res.headersSent) sendJson(res, r.status, r.body);
        else res.end();
      },
    });
  }

  private async dispatch(req: IncomingMessage, res: ServerResponse, url: URL | null): Promise<void> {
    if (!url) throw malformedTarget();
    const method = req.method ?? 'GET';
    const m = this.match(method, url.pathname);
    if (!m) {
      const allowed = ['GET', 'POST', 'PUT', 'DELETE'].filter((x) => x !== method && this.match(x, url.pathname));
      if (allowed.length > 0) {
        res.setHeader('allow', allowed.includes('GET') ? [...allowed, 'HEAD'].join(', ') : allowed.join(', '));
        throw new VigilError('METHOD_NOT_ALLOWED', `${method} is not allowed on ${url.pathname} (allowed: ${allowed.join(', ')})`);
      }
      throw new VigilError('NOT_FOUND', `no route for ${method} ${url.pathname}`);
    }
    await m.handler(req, res, m.params);
  }
}

/**
 * The URL of a request target, or null when it cannot be parsed: a target such as `//%zz` or
 * `//a:99999` is read as an authority and makes `new URL` throw, which must never escape a handler.
 */
export function requestUrl(raw: string | undefined): URL | null {
  try {
    return new URL(raw ?? '/', 'http://local');
  } catch {
    return null;
  }
}

/** The 400 of a request target that {@link requestUrl} cannot parse. */
export function malformedTarget(): VigilError {
  return new VigilError('BAD_REQUEST', 'malformed request target');
}

/** Decodes a URL component; a malformed one (`%E0%A4%A`) is kept as it is, never thrown. */
export function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
