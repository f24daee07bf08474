/**
 * API tokens for HTTP and WebSocket: `Authorization: Bearer <token>` or `?token=<token>` (the
 * query form exists because browsers cannot set headers on a WebSocket upgrade). With no token
 * configured, auth is off and every client gets the admin scope. Tokens are compared in
 * constant time and never logged: the token's `name` is logged instead.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { requestUrl } from '../http/router.js';
import type { Scope } from './wire.js';

/** A configured token. */
export interface ApiToken {
  name: string;
  token: string;
  scope: Scope;
}

/** Result of checking a request. */
export type AuthResult = { ok: true; scope: Scope; name: string | null } | { ok: false; message: string };

function digest(s: string): Buffer {
  return createHash('sha256').update(s).digest();
}

/** Checks tokens. */
export class Auth {
  private readonly tokens: { name: string; scope: Scope; digest: Buffer }[];

  constructor(tokens: readonly ApiToken[]) {
    this.tokens = tokens.map((t) => ({ name: t.name, scope: t.scope, digest: digest(t.token) }));
  }

  /** Whether any token is configured. */
  get enabled(): boolean {
    return this.tokens.length > 0;
  }

  /** Checks a presented token (undefined: none presented). */
  check(presented: string | undefined): AuthResult {
    if (!this.enabled) return { ok: true, scope: 'admin', name: null };
    if (!presented) return { ok: false, message: 'a token is required: send "Authorization: Bearer <token>" (or ?token=<token> on a WebSocket upgrade)' };
    const d = digest(presented);
    let found: { name: string; scope: Scope } | null = null;
    for (const t of this.tokens) if (timingSafeEqual(t.digest, d)) found = t;
    return found ? { ok: true, scope: found.scope, name: found.name } : { ok: false, message: 'unknown token' };
  }

  /** Checks an HTTP request: the bearer header, or (when `allowQuery`) the `token` query parameter. */
  checkRequest(req: IncomingMessage, allowQuery: boolean): AuthResult {
    const h = req.headers.authorization;
    const m = h ? /^Bearer\s+(.+)$/i.exec(h.trim()) : null;
    if (h && !m) return { ok: false, message: 'Authorization header must be "Bearer <token>"' };
    let token = m?.[1];
    if (!token && allowQuery) token = requestUrl(req.url)?.searchParams.get('token') ?? undefined;
    return this.check(token);
  }
}
