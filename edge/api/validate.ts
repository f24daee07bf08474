/**
 * Validation of incoming wire requests (WebSocket messages, MQTT request payloads): JSON, a
 * correlation id, a known type and well-typed parameters, each failure with a stable code.
 */
import { z } from 'zod';
import { ruleSchema } from '../rules/schema.js';
import { WS_REQUEST_TYPES, type WireErrorBody, type WsRequest, type WsRequestType } from './wire.js';

const range = { from: z.number().finite(), to: z.number().finite() };
const limit = z.number().int().min(1).max(2000).optional();
const camera = z.string().min(1).max(64).optional();
const channel = z.enum(['cameras', 'counts', 'events', 'alerts']);
const planner = z.enum(['offline', 'react', 'mcts']).optional();
const eventType = z.enum(['zone_enter', 'zone_exit', 'line_cross', 'appear', 'disappear', 'count_change', 'camera_online', 'camera_offline']);

/** Parameter schemas by request type (the `id` and `type` fields are checked apart). */
const PARAMS: { [K in WsRequestType]: z.ZodType } = {
  ask: z.object({ question: z.string().trim().min(1).max(2000), planner, now: z.number().finite().optional(), timeZone: z.string().min(1).max(64).optional() }),
  'ask.cancel': z.object({ askId: z.string().min(1).max(128) }),
  subscribe: z.object({ channels: z.array(channel).min(1), cameras: z.array(z.string().min(1).max(64)).optional() }),
  unsubscribe: z.object({ channels: z.array(channel).optional() }),
  cameras: z.object({}),
  'camera.enable': z.object({ camera: z.string().min(1).max(64), enabled: z.boolean() }),
  segments: z.object({ ...range, camera, limit }),
  events: z.object({ ...range, camera, limit, types: z.array(eventType).optional() }),
  object: z.object({ objectId: z.string().min(1).max(256) }),
  objects: z.object({ ...range, camera, limit, class: z.string().min(1).max(64).optional(), zone: z.string().min(1).max(64).optional() }),
  'rules.list': z.object({}),
  'rules.put': z.object({ rule: ruleSchema }),
  'rules.delete': z.object({ ruleId: z.string().min(1).max(64) }),
  'rules.compile': z.object({ text: z.string().trim().min(1).max(1000), camera }),
  ping: z.object({}),
};

/** A parsed request, or the error to send back (with the request id when one was readable). */
export type ParseResult = { ok: true; request: WsRequest } | { ok: false; id: string | null; error: WireErrorBody };

function fail(id: string | null, code: WireErrorBody['code'], message: string): ParseResult {
  return { ok: false, id, error: { status: 'error', code, message } };
}

/** Validates a decoded JSON value as a request. */
export function validateRequest(v: unknown): ParseResult {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return fail(null, 'BAD_JSON', 'a request must be a JSON object {id, type, ...}');
  const o = v as Record<string, unknown>;
  const id = typeof o.id === 'string' && o.id.length > 0 && o.id.length <= 128 ? o.id : null;
  if (id === null) return fail(null, 'BAD_REQUEST', 'id: a string of 1-128 characters is required (correlation id)');
  if (typeof o.type !== 'string') return fail(id, 'BAD_REQUEST', 'type: a string is required');
  if (!(WS_REQUEST_TYPES as readonly string[]).includes(o.type)) return fail(id, 'UNKNOWN_TYPE', `unknown request type "${o.type.slice(0, 64)}"; known: ${WS_REQUEST_TYPES.join(', ')}`);
  const type = o.type as WsRequestType;
  const { id: _id, type: _type, ...params } = o;
  const r = PARAMS[type].safeParse(params);
  if (!r.success) {
    // A rule that is there but malformed is a RULE_INVALID, as the engine's own checks are.
    const code = type === 'rules.put' && params.rule !== undefined && r.error.issues.every((i) => i.path[0] === 'rule') ? 'RULE_INVALID' : 'BAD_REQUEST';
    return fail(id, code, r.error.issues.map((i) => `${i.path.join('.') || type}: ${i.message}`).join('; '));
  }
  return { ok: true, request: { ...(r.data as object), id, type } as WsRequest };
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
