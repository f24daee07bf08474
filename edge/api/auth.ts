/**
 * API tokens, one check for every transport: HTTP (`Authorization: Bearer <token>`), the
 * WebSocket upgrade (the header or `?token=<token>`, because browsers cannot set headers on an
 * upgrade) and MQTT requests (`token` in the payload or the MQTT 5 user property `token`). Auth is
 * on unless the config says `auth: off`; then every client gets the admin scope. An MQTT request
 * without a token gets the scope the config gives anonymous MQTT clients (none by default).
 * Tokens are compared in constant time and never logged: the token's `name` is logged instead.
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
  private readonly on: boolean;
  private readonly mqttAnonymous: Scope | 'none';

  /**
   * @param tokens the accepted tokens
   * @param opts `enabled` (default: whether any token is given) and the scope of an MQTT request
   *   without a token (default none)
   */
  constructor(tokens: readonly ApiToken[], opts: { enabled?: boolean; mqttAnonymous?: Scope | 'none' } = {}) {
    this.tokens = tokens.map((t) => ({ name: t.name, scope: t.scope, digest: digest(t.token) }));
    this.on = opts.enabled ?? this.tokens.length > 0;
    this.mqttAnonymous = opts.mqttAnonymous ?? 'none';
  }

  /** Whether requests need a token. */
  get enabled(): boolean {
    return this.on;
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

  /**
   * Checks an MQTT request: its token when it carries one, else the anonymous MQTT scope.
   * @param presented the payload's `token` or the MQTT 5 user property, undefined when neither
   */
  checkMqtt(presented: string | undefined): AuthResult {
    if (!this.enabled || presented !== undefined) return this.check(presented);
    if (this.mqttAnonymous === 'none') return { ok: false, message: 'a token is required: put "token": "<token>" in the request (or the MQTT 5 user property "token"); auth.mqttAnonymous gives tokenless MQTT requests a scope' };
    return { ok: true, scope: this.mqttAnonymous, name: 'mqtt-anonymous' };
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
