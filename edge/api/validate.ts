/**
 * Validation of incoming wire requests (WebSocket messages, MQTT request payloads): JSON, a
 * correlation id, a known type and well-typed parameters, each failure with a stable code. The
 * parameter schemas are those of `requests.ts`, from which the request types are inferred.
 */
import type { ErrorBody, PublicErrorCode } from '../../ingest/errors/catalogue.js';
import { errorOf } from '../../ingest/errors/reply.js';
import { REQUEST_SCHEMAS, type RequestType } from './requests.js';
import { WS_REQUEST_TYPES, type WsRequest } from './wire.js';

/** A parsed request, or the error to send back (with the request id when one was readable). */
export type ParseResult = { ok: true; request: WsRequest } | { ok: false; id: string | null; error: ErrorBody };

function fail(id: string | null, code: PublicErrorCode, message: string): ParseResult {
  return { ok: false, id, error: errorOf(code, message) };
}

function isRequestType(t: string): t is RequestType {
  return Object.hasOwn(REQUEST_SCHEMAS, t);
}

/** Validates a decoded JSON value as a request. */
export function validateRequest(v: unknown): ParseResult {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return fail(null, 'BAD_JSON', 'a request must be a JSON object {id, type, ...}');
  const o = v as Record<string, unknown>;
  const id = typeof o.id === 'string' && o.id.length > 0 && o.id.length <= 128 ? o.id : null;
  if (id === null) return fail(null, 'BAD_REQUEST', 'id: a string of 1-128 characters is required (correlation id)');
  if (typeof o.type !== 'string') return fail(id, 'BAD_REQUEST', 'type: a string is required');
  const type = o.type;
  if (!isRequestType(type)) return fail(id, 'UNKNOWN_TYPE', `unknown request type "${type.slice(0, 64)}"; known: ${WS_REQUEST_TYPES.join(', ')}`);
  const r = REQUEST_SCHEMAS[type].safeParse(o);
  if (!r.success) {
    // A rule that is there but malformed is a RULE_INVALID, as the engine's own checks are.
    // Zones and lines that are there but malformed are a ZONES_INVALID, as the geometry checks are.
    const code =
      type === 'rules.put' && o.rule !== undefined && r.error.issues.every((i) => i.path[0] === 'rule')
        ? 'RULE_INVALID'
        : type === 'zones.put' && r.error.issues.every((i) => (i.path[0] === 'zones' && o.zones !== undefined) || (i.path[0] === 'lines' && o.lines !== undefined))
          ? 'ZONES_INVALID'
          : 'BAD_REQUEST';
    return fail(id, code, r.error.issues.map((i) => `${i.path.join('.') || type}: ${i.message}`).join('; '));
  }
  return { ok: true, request: r.data };
}

/** Decodes and validates a text message. */
export function parseRequest(text: string): ParseResult {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    return fail(null, 'BAD_JSON', `malformed JSON: ${(e as Error).message}`);
  }
  return validateRequest(v);
}
