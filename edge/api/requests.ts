/**
 * The wire requests, written once: one zod schema per request type (`{id, type, ...params}`).
 * Validation (`validate.ts`) runs these schemas, and the request types of `wire.ts` are inferred
 * from them, so the checks and the types cannot drift apart.
 *
 * `wire.ts` imports this module with `import type` only, so browser bundles do not pull in zod.
 */
import { z } from 'zod';
import type { PlannerName } from '../../planner/answer.js';
import type { EventRecord } from '../../memory/types.js';
import { lineSchema, zoneSchema } from '../config/schema.js';
import { ruleSchema } from '../rules/schema.js';
import { DURATION } from './window.js';

const id = z.string().min(1).max(128);
const range = { from: z.number().finite(), to: z.number().finite() };
const limit = z.number().int().min(1).max(2000).optional();
const camera = z.string().min(1).max(64).optional();
const channel = z.enum(['cameras', 'counts', 'events', 'alerts', 'fleet', 'zones']);
const planner = z.enum(['offline', 'react', 'mcts']).optional();
const duration = z.string().regex(DURATION, 'a duration such as 90s, 30m, 24h or 7d');
const eventType = z.enum(['zone_enter', 'zone_exit', 'line_cross', 'appear', 'disappear', 'count_change', 'camera_online', 'camera_offline', 'loud_sound']);

/** A request schema: the correlation id, the literal type and the parameters. */
function request<T extends string, S extends z.ZodRawShape>(type: T, params: S) {
  return z.object({ id, type: z.literal(type), ...params });
}

/** Every request, by type (the `id` and `type` fields are checked apart first, for their own error codes). */
export const REQUEST_SCHEMAS = {
  ask: request('ask', { question: z.string().trim().min(1).max(2000), planner, now: z.number().finite().optional(), timeZone: z.string().min(1).max(64).optional() }),
  'ask.cancel': request('ask.cancel', { askId: z.string().min(1).max(128) }),
  subscribe: request('subscribe', { channels: z.array(channel).min(1), cameras: z.array(z.string().min(1).max(64)).optional() }),
  unsubscribe: request('unsubscribe', { channels: z.array(channel).optional() }),
  cameras: request('cameras', {}),
  'camera.enable': request('camera.enable', { camera: z.string().min(1).max(64), enabled: z.boolean() }),
  segments: request('segments', { ...range, camera, limit }),
  events: request('events', { ...range, camera, limit, types: z.array(eventType).optional() }),
  object: request('object', { objectId: z.string().min(1).max(256) }),
  objects: request('objects', { ...range, camera, limit, class: z.string().min(1).max(64).optional(), zone: z.string().min(1).max(64).optional() }),
  'rules.list': request('rules.list', {}),
  'rules.put': request('rules.put', { rule: ruleSchema }),
  'rules.delete': request('rules.delete', { ruleId: z.string().min(1).max(64) }),
  'rules.compile': request('rules.compile', { text: z.string().trim().min(1).max(1000), camera }),
  'zones.get': request('zones.get', { camera }),
  'zones.put': request('zones.put', { camera: z.string().min(1).max(64), zones: z.array(zoneSchema).max(64), lines: z.array(lineSchema).max(64) }),
  alerts: request('alerts', {
    from: z.number().finite().optional(),
    to: z.number().finite().optional(),
    last: duration.optional(),
    rule: z.string().min(1).max(64).optional(),
    camera,
    limit,
    order: z.enum(['newest', 'oldest']).optional(),
    cursor: z.string().min(1).max(1024).optional(),
  }).refine((r) => r.from === undefined || r.last === undefined, { message: 'give either from or last, not both', path: ['last'] }),
  ping: request('ping', {}),
  'fleet.ask': request('fleet.ask', { question: z.string().trim().min(1).max(2000), deadlineMs: z.number().int().min(100).max(60_000).optional(), timeZone: z.string().min(1).max(64).optional() }),
  'fleet.state': request('fleet.state', {}),
};

/** The request types, from the schemas. */
export type RequestType = keyof typeof REQUEST_SCHEMAS;

/** A valid request of one type, as validation returns it. */
export type RequestOf<K extends RequestType> = z.output<(typeof REQUEST_SCHEMAS)[K]>;

/** The parameters of a request of one type (the request without `id` and `type`). */
export type ParamsOf<K extends RequestType> = Omit<RequestOf<K>, 'id' | 'type'>;

/** Any valid request. */
export type AnyRequest = { [K in RequestType]: RequestOf<K> }[RequestType];

// Compile-time checks: the enums above are the domain types they stand for, and the rule schema
// outputs the wire AlertRule. A change on either side without the other fails the build.
/** True when A and B are the same type. */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const samePlanner: Same<z.output<typeof planner>, PlannerName | undefined> = true;
const sameEventType: Same<z.output<typeof eventType>, EventRecord['type']> = true;
void [samePlanner, sameEventType];
// (the checks against the wire's Channel, AlertRule and request types are in wire.ts, which
// imports from here: importing back would be a cycle)

/** A channel as the schema reads it (checked against the wire's `Channel` in wire.ts). */
export type ChannelParam = z.output<typeof channel>;
/** A rule as the schema reads it (checked against the wire's `AlertRule` in wire.ts). */
export type RuleParam = z.output<typeof ruleSchema>;
