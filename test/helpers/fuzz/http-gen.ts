/**
 * Raw HTTP requests for the fuzzer: methods, paths built from the daemon's route table with
 * mutations (broken percent-encodings, overlong segments, `..`, unicode, nulls), hostile query
 * numbers, repeated parameters and odd headers (Authorization junk included). Requests are raw
 * bytes, so nothing a client library would refuse is left out; each ends with `Connection: close`.
 */
import { encodeSafe, junkString, longString, mutateMany, NUMBER_STRINGS, PERCENT_JUNK, UNICODE_JUNK } from './junk.js';
import type { Rng } from './prng.js';
import type { FuzzTarget } from './wire-gen.js';

/** The daemon's routes (edge/components/http.ts), `:name` for parameters. */
export const ROUTES = ['/healthz', '/metrics', '/api/cameras', '/api/cameras/:id/snapshot.jpg', '/api/cameras/:id/keyframe.jpg', '/', '/:file', '/api/ws', '/api/cameras/:id/preview'];
/** Query parameters the routes read. */
const PARAMS = ['ts', 'token', 'from', 'to', 'limit', 'camera', 'id'];
const FILES = ['index.html', 'app.js', 'app.css', 'favicon.svg', 'index.js.map', '..', '.', '.env', 'etc/passwd', '..%2f..%2fetc%2fpasswd', '%2e%2e%2fpackage.json', 'package.json', 'index.html%00.js'];
const METHODS = ['GET', 'GET', 'GET', 'GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH', 'TRACE', 'PROPFIND', 'get', 'G\u0000T', 'X'.repeat(40), 'M-SEARCH', 'PRI'];
const VERSIONS = ['HTTP/1.1', 'HTTP/1.1', 'HTTP/1.1', 'HTTP/1.1', 'HTTP/1.0', 'HTTP/2.0', 'HTTP/1.2', 'HTTP/9.9', 'http/1.1', 'HTTP/1.1 x'];

/** Tokens of the target when auth is on. */
export interface TokenSet {
  read: string;
  admin: string;
}

/** One generated request. */
export interface HttpInput {
  method: string;
  target: string;
  raw: Buffer;
  /** True when the request line asks for a path traversal (a 200 must not carry a system file). */
  traversal: boolean;
}

/** A value of a path parameter. */
function param(rng: Rng, name: string, t: FuzzTarget): string {
  if (name === 'id') return rng.chance(0.6) && t.cameras.length ? rng.pick(t.cameras) : encodeMaybe(rng, junkString(rng, 80));
  return rng.pick(FILES);
}

function encodeMaybe(rng: Rng, s: string): string {
  return rng.chance(0.5) ? encodeSafe(s) : s;
}

/** A path from the route table, filled in and mutated. */
export function fuzzPath(rng: Rng, t: FuzzTarget): string {
  const route = rng.chance(0.9) ? rng.pick(ROUTES) : `/${junkString(rng, 30)}`;
  let path = route
    .split('/')
    .map((seg) => (seg.startsWith(':') ? seg.replace(/^:(\w+)/, (_m, n: string) => param(rng, n, t)) : seg))
    .join('/');
  const mutations = rng.weighted([
    [4, 0],
    [4, 1],
    [2, 2],
  ]);
  for (let i = 0; i < mutations; i++) {
    const segs = path.split('/');
    const at = rng.int(0, segs.length - 1);
    switch (rng.int(0, 8)) {
      case 0:
        segs[at] = (segs[at] ?? '') + rng.pick(PERCENT_JUNK);
        break;
      case 1:
        segs[at] = longString(rng, rng.chance(0.8) ? 300 : 12000);
        break;
      case 2:
        segs.splice(at, 0, rng.pick(['..', '.', '', '%2e%2e', '...', '..;', '..\\']));
        break;
      case 3:
        segs[at] = (segs[at] ?? '') + rng.pick(UNICODE_JUNK);
        break;
      case 4:
        segs[at] = mutateMany(rng, segs[at] ?? '', 2);
        break;
      case 5:
        segs.push('');
        break;
      case 6:
        segs[at] = (segs[at] ?? '').toUpperCase();
        break;
      case 7:
        segs[at] = encodeMaybe(rng, rng.pick(UNICODE_JUNK) + (segs[at] ?? ''));
        break;
      default:
        segs.splice(at, 1);
    }
    path = segs.join('/');
  }
  if (!path.startsWith('/') && rng.chance(0.9)) path = `/${path}`;
  return path;
}

/** A query string: known and junk names, hostile numbers, repeated parameters. */
export function fuzzQuery(rng: Rng, tokens: TokenSet | null): string {
  if (rng.chance(0.35)) return '';
  const parts: string[] = [];
  for (let n = rng.int(1, 5); n > 0; n--) {
    const name = rng.chance(0.8) ? rng.pick(PARAMS) : junkString(rng, 10);
    let value: string;
    if (name === 'token' && tokens && rng.chance(0.5)) value = rng.pick([tokens.read, tokens.admin]);
    else value = rng.chance(0.6) ? rng.pick(NUMBER_STRINGS) : junkString(rng, 40);
    if (rng.chance(0.5)) value = encodeMaybe(rng, value);
    parts.push(rng.chance(0.1) ? name : `${name}=${value}`);
    if (rng.chance(0.15)) parts.push(parts[parts.length - 1] ?? '');
  }
  if (rng.chance(0.05)) parts.push(`ts=${'1'.repeat(rng.int(1, 3000))}`);
  let q = `?${parts.join(rng.chance(0.9) ? '&' : rng.pick([';', '&&', '&amp;']))}`;
  if (rng.chance(0.05)) q += `#${junkString(rng, 10)}`;
  return q;
}

/** An Authorization header value: valid, wrong, malformed or huge. */
export function authHeader(rng: Rng, tokens: TokenSet | null): string | null {
  const valid = tokens ? rng.pick([tokens.read, tokens.admin]) : 'no-token-configured-000';
  return rng.weighted<string | null>([
    [6, null],
    [4, `Bearer ${valid}`],
    [1, 'Bearer'],
    [1, 'Bearer '],
    [1, `bearer\t${valid}`],
    [1, `Basic ${Buffer.from('a:b').toString('base64')}`],
    [1, `Bearer ${junkString(rng, 60)}`],
    [1, `Bearer ${longString(rng, 8000)}`],
    [1, `Bearer ${valid} extra`],
    [1, junkString(rng, 40)],
  ]);
}

/** Odd headers beyond Host and Authorization. */
function extraHeaders(rng: Rng): string[] {
  const out: string[] = [];
  for (let n = rng.size(4); n > 0; n--) {
    out.push(
      rng.pick([
        'Accept: */*',
        'Accept-Encoding: gzip, br, zstd',
        `Cookie: ${junkString(rng, 50)}`,
        `X-Forwarded-For: ${junkString(rng, 30)}`,
        'Upgrade: websocket',
        'Connection: keep-alive',
        'Range: bytes=0-10,-5',
        'If-None-Match: *',
        'Content-Type: application/json',
        `User-Agent: ${longString(rng, 2000)}`,
        `X-${junkString(rng, 8).replace(/[^A-Za-z0-9-]/g, 'a') || 'a'}: ${junkString(rng, 30)}`,
        `${junkString(rng, 8)}: x`,
        'Host: second.example',
        `Authorization: Bearer ${junkString(rng, 20)}`,
        'Expect: 100-continue',
        ' folded: header',
      ]),
    );
  }
  return out;
}

/** Line breaks inside a request line or header would only split the request (the parser's job, not the daemon's): they are escaped. */
export function noBreaks(s: string): string {
  return s.replace(/[\r\n]/g, (c) => (c === '\r' ? '%0D' : '%0A'));
}

/** Builds one raw HTTP request. */
export function httpInput(rng: Rng, t: FuzzTarget, tokens: TokenSet | null): HttpInput {
  const method = rng.pick(METHODS);
  const target = rng.chance(0.03) ? rng.pick(['*', 'http://local/healthz', '', 'healthz', '//healthz']) : fuzzPath(rng, t) + fuzzQuery(rng, tokens);
  const version = rng.pick(VERSIONS);
  const headers: string[] = [];
  if (rng.chance(0.95)) headers.push(`Host: ${rng.chance(0.9) ? '127.0.0.1' : junkString(rng, 20)}`);
  const auth = authHeader(rng, tokens);
  if (auth !== null) headers.push(`Authorization: ${auth}`);
  headers.push(...extraHeaders(rng));
  let body = '';
  if (method !== 'GET' && method !== 'HEAD' && rng.chance(0.5)) body = rng.chance(0.5) ? JSON.stringify({ id: 'x', type: 'ping' }) : junkString(rng, 200);
  const bodyBytes = Buffer.from(body, 'utf8');
  if (bodyBytes.length > 0 || rng.chance(0.1)) headers.push(`Content-Length: ${bodyBytes.length}`);
  headers.push('Connection: close');
  const head = `${method} ${noBreaks(target)} ${version}\r\n${headers.map(noBreaks).join('\r\n')}\r\n\r\n`;
  const traversal = /\.\.|%2e%2e|etc|passwd|package\.json|\.env/i.test(target);
  return { method, target, raw: Buffer.concat([Buffer.from(head, 'utf8'), bodyBytes]), traversal };
}
