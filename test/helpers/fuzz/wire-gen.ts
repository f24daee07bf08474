/**
 * Wire requests for the fuzzers: a valid request of every type in `wire.ts` (camera, zone and rule
 * ids from the target's config), then mutated, or replaced by hostile JSON texts (deep nesting,
 * huge strings within the size limit, bare values).
 */
import { WS_REQUEST_TYPES, type WsRequestType } from '../../../edge/api/wire.js';
import { junkString, longString } from './junk.js';
import { jsonText, junkValue, mutateJson, type Json } from './json-mutate.js';
import type { Rng } from './prng.js';

/** What the generators know of the daemon under test. */
export interface FuzzTarget {
  node: string;
  cameras: string[];
  zones: string[];
  lines: string[];
}

const CHANNELS = ['cameras', 'counts', 'events', 'alerts', 'fleet'];
const EVENT_TYPES = ['zone_enter', 'zone_exit', 'line_cross', 'appear', 'disappear', 'count_change', 'camera_online', 'camera_offline'];
const QUESTIONS = ['how many people are there now?', 'when did a person last enter table?', 'what happened in the last hour?', 'is the door open?', 'how long was the car there?', 'count bottles', 'what did they say?'];

function cameraId(rng: Rng, t: FuzzTarget): string {
  return rng.chance(0.7) && t.cameras.length ? rng.pick(t.cameras) : junkString(rng, 70);
}

function ruleId(rng: Rng): string {
  return rng.chance(0.8) ? `fz${rng.int(0, 9)}` : junkString(rng, 70);
}

/** A valid (or nearly valid) rule for the target. */
export function ruleFor(rng: Rng, t: FuzzTarget): Json {
  const trigger = rng.pick<Json>([
    { type: 'count', op: rng.pick(['ge', 'gt', 'le', 'lt', 'eq'] as const), n: rng.int(0, 5), forSeconds: rng.int(0, 10) },
    { type: 'dwell', seconds: rng.int(1, 60) },
    { type: 'absence', seconds: rng.int(1, 60) },
    { type: 'line', line: rng.pick([...t.lines, 'nope']), direction: rng.pick(['forward', 'backward', 'any']) },
    { type: 'sound', minDbfs: -rng.int(0, 60) },
  ]);
  const rule: Record<string, Json> = { id: ruleId(rng), trigger };
  if (rng.chance(0.5)) rule.camera = cameraId(rng, t);
  if (rng.chance(0.5)) rule.class = rng.pick(['person', 'car', 'bottle', 'unicorn']);
  if (rng.chance(0.3)) rule.zone = rng.pick([...t.zones, 'nowhere']);
  if (rng.chance(0.2)) rule.timeOfDay = { from: '22:00', to: '06:00', days: [1, 2, 3] };
  if (rng.chance(0.2)) rule.enabled = rng.chance(0.5);
  if (rng.chance(0.2)) rule.cooldownSeconds = rng.int(0, 600);
  return rule;
}

/** A time range near now, or a hostile one. */
function range(rng: Rng): { from: Json; to: Json } {
  const now = Date.now();
  if (rng.chance(0.7)) {
    const from = now - rng.int(0, 48) * 3_600_000;
    return { from, to: from + rng.int(1, 6 * 3_600_000) };
  }
  return { from: rng.pick<Json>([-8.64e15, 0, now, 1e300, -1]), to: rng.pick<Json>([8.64e15, now - 1, 1e300, 0, now + 1e12]) };
}

/** Parameters of a valid request of `type`. */
function params(rng: Rng, type: WsRequestType, t: FuzzTarget): Record<string, Json> {
  switch (type) {
    case 'ask':
      return { question: rng.chance(0.9) ? rng.pick(QUESTIONS) : junkString(rng, 200), ...(rng.chance(0.3) ? { planner: rng.pick(['offline', 'react', 'mcts']) } : {}), ...(rng.chance(0.2) ? { now: Date.now() - rng.int(0, 1e8) } : {}), ...(rng.chance(0.2) ? { timeZone: rng.pick(['UTC', 'Europe/Berlin', 'Mars/Olympus', '']) } : {}) };
    case 'ask.cancel':
      return { askId: junkString(rng, 20) || 'a' };
    case 'subscribe':
      return { channels: [rng.pick(CHANNELS)], ...(rng.chance(0.5) ? { cameras: [cameraId(rng, t)] } : {}) };
    case 'unsubscribe':
      return rng.chance(0.5) ? {} : { channels: [rng.pick(CHANNELS)] };
    case 'camera.enable':
      // mostly re-enabling: the fuzz run keeps its camera streaming
      return { camera: cameraId(rng, t), enabled: rng.chance(0.8) };
    case 'segments':
      return { ...range(rng), ...(rng.chance(0.5) ? { camera: cameraId(rng, t) } : {}), ...(rng.chance(0.5) ? { limit: rng.int(1, 2000) } : {}) };
    case 'events':
      return { ...range(rng), ...(rng.chance(0.5) ? { camera: cameraId(rng, t) } : {}), ...(rng.chance(0.5) ? { types: [rng.pick(EVENT_TYPES)] } : {}), ...(rng.chance(0.3) ? { limit: rng.int(1, 2000) } : {}) };
    case 'object':
      return { objectId: junkString(rng, 80) || 'o' };
    case 'objects':
      return { ...range(rng), ...(rng.chance(0.5) ? { camera: cameraId(rng, t) } : {}), ...(rng.chance(0.3) ? { class: 'person' } : {}), ...(rng.chance(0.3) ? { zone: rng.pick([...t.zones, 'z']) } : {}), ...(rng.chance(0.3) ? { limit: rng.int(1, 2000) } : {}) };
    case 'rules.put':
      return { rule: ruleFor(rng, t) };
    case 'rules.delete':
      return { ruleId: ruleId(rng) };
    case 'rules.compile':
      return { text: junkString(rng, 100) || 'alert when a person is in table', ...(rng.chance(0.3) ? { camera: cameraId(rng, t) } : {}) };
    default:
      return {};
  }
}

/** A valid request of a random type, with `id`. */
export function validRequest(rng: Rng, t: FuzzTarget, id: string): Record<string, Json> {
  const type = rng.pick(WS_REQUEST_TYPES);
  return { id, type, ...params(rng, type, t) };
}

/** Kinds of request text the generator makes. */
export type RequestShape = 'valid' | 'mutated' | 'junk' | 'deep' | 'huge';

/**
 * The text of one request message: valid, mutated, hostile JSON, deep nesting or huge strings
 * (the caller bounds the size).
 */
export function requestText(rng: Rng, t: FuzzTarget, id: string, maxBytes: number): { shape: RequestShape; text: string } {
  const shape = rng.weighted<RequestShape>([
    [3, 'valid'],
    [6, 'mutated'],
    [2, 'junk'],
    [1, 'deep'],
    [1, 'huge'],
  ]);
  const req = validRequest(rng, t, id);
  switch (shape) {
    case 'valid':
      return { shape, text: JSON.stringify(req) };
    case 'mutated':
      return { shape, text: jsonText(rng, mutateJson(rng, req, 3)) };
    case 'junk':
      return { shape, text: rng.chance(0.5) ? JSON.stringify(junkValue(rng)) : junkString(rng, 300) };
    case 'deep': {
      // written as text: too deep for JSON.stringify's recursion
      const depth = rng.int(100, Math.max(101, Math.floor(maxBytes / 8)));
      const key = rng.pick(Object.keys(req).filter((k) => k !== 'id' && k !== 'type').concat(['rule', 'x']));
      const { [key]: _drop, ...rest } = req;
      const deep = rng.chance(0.5) ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
      return { shape, text: `${JSON.stringify(rest).slice(0, -1)},${JSON.stringify(key)}:${deep}}`.slice(0, maxBytes) };
    }
    default: {
      const key = rng.pick(['id', 'type', 'question', 'camera', 'objectId', 'text', 'junk']);
      const room = Math.max(1, maxBytes - 200);
      return { shape, text: JSON.stringify({ ...req, [key]: longString(rng, room) }).slice(0, maxBytes) };
    }
  }
}
