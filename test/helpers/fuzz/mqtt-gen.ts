/**
 * MQTT inputs for the fuzzer: publishes on the request and ask topics (valid, mutated and random
 * payloads) and on random topics under the node's prefix, with a reply route (MQTT 5 response
 * topic with correlation data, or a 3.1.1 `replyTo` in the payload) so every reply is matched to
 * the input that caused it.
 */
import { MQTT_MAX_REQUEST } from '../../../edge/mqtt/requests.js';
import { junkString, longString } from './junk.js';
import { jsonText, junkValue, mutateJson, type Json } from './json-mutate.js';
import type { Rng } from './prng.js';
import { requestText, type FuzzTarget } from './wire-gen.js';

/** One publish. */
export interface MqttInput {
  topic: string;
  payload: Buffer;
  qos: 0 | 1;
  /** MQTT 5 response topic property (a topic the fuzzer listens on), when set. */
  responseTopic: string | null;
  correlation: Buffer | null;
  /** True when the daemon must publish exactly one reply to the fuzzer's reply topic for it. */
  expectReply: boolean;
}

/** Prefix of the topics the fuzzer listens on for replies. */
export function replyPrefix(t: FuzzTarget): string {
  return `fuzzreply/${t.node}`;
}

/**
 * Replaces what a broker refuses in a topic name (wildcards, NUL, control characters, surrogates,
 * non-characters): Mosquitto disconnects a client that publishes them, so they never reach the daemon.
 */
function legalTopic(s: string): string {
  return Array.from(s, (ch) => {
    const c = ch.codePointAt(0) ?? 0;
    return c === 0x2b || c === 0x23 || c <= 0x1f || (c >= 0x7f && c <= 0x9f) || (c >= 0xd800 && c <= 0xdfff) || (c >= 0xfdd0 && c <= 0xfdef) || (c & 0xfffe) === 0xfffe ? '_' : ch;
  }).join('');
}

/** A topic level that is legal to publish but odd. */
function oddLevel(rng: Rng): string {
  const level = rng.chance(0.5) ? junkString(rng, 20) : rng.pick(['', '$SYS', 'request', 'ask', 'status', 'alerts', '..', ' ', 'é', longString(rng, 300).replace(/\//g, '_')]);
  return legalTopic(level);
}

function topic(rng: Rng, t: FuzzTarget): string {
  const base = `vigil/${t.node}`;
  return rng.weighted<string>([
    [10, `${base}/request`],
    [4, `${base}/ask`],
    [1, `${base}/request/${oddLevel(rng)}`],
    [1, `${base}/${oddLevel(rng)}`],
    [1, `${base}/${rng.pick(t.cameras.length ? t.cameras : ['cam'])}/${oddLevel(rng)}`],
    [1, `${base}/${oddLevel(rng)}/${oddLevel(rng)}/${oddLevel(rng)}`],
  ]);
}

/** An ask payload (`{question, planner?, replyTo?, id?}`), valid or mutated. */
function askPayload(rng: Rng, replyTo: string | null, id: string): Json {
  const v: Record<string, Json> = { question: rng.chance(0.8) ? rng.pick(['how many people now?', 'what happened today?', 'is anyone at the table?']) : junkString(rng, 100) };
  if (rng.chance(0.3)) v.planner = rng.pick(['offline', 'react', 'mcts', 'nope']);
  if (replyTo !== null) v.replyTo = replyTo;
  v.id = rng.chance(0.9) ? id : (junkValue(rng));
  return rng.chance(0.5) ? v : mutateJson(rng, v, 2);
}

/**
 * Builds one publish.
 * @param v5 whether the fuzz client speaks MQTT 5 (response topic property) or 3.1.1 (`replyTo`)
 * @param token the target's admin token when auth is on: most JSON payloads carry it, so the
 *   fuzzing reaches the handlers behind the token check
 */
export function mqttInput(rng: Rng, t: FuzzTarget, index: number, v5: boolean, token: string | null = null): MqttInput {
  const top = topic(rng, t);
  const replyTopic = `${replyPrefix(t)}/${index}`;
  const useProps = v5 && rng.chance(0.85);
  const replyTo = !v5 || rng.chance(0.2) ? replyTopic : null;
  const id = `m${index}`;
  let text: string;
  const mode = rng.int(0, 9);
  if (mode === 0) text = rng.bytes(rng.size(3000)).toString('latin1');
  else if (mode === 1) text = rng.chance(0.5) ? '' : junkString(rng, 200);
  else if (top.endsWith('/ask')) text = jsonText(rng, askPayload(rng, replyTo, id));
  else {
    const r = requestText(rng, t, id, MQTT_MAX_REQUEST);
    text = r.text;
    if (replyTo !== null && r.text.startsWith('{') && rng.chance(0.9)) text = `{"replyTo":${JSON.stringify(replyTo)},${r.text.slice(1)}`;
  }
  if (token !== null && text.startsWith('{') && rng.chance(0.8)) text = `{"token":${JSON.stringify(token)}${text.slice(1).trimStart().startsWith('}') ? '' : ','}${text.slice(1)}`;
  let payload = mode === 0 ? Buffer.from(text, 'latin1') : Buffer.from(text, 'utf8');
  if (rng.chance(0.02)) payload = Buffer.concat([payload, Buffer.alloc(MQTT_MAX_REQUEST + 1 - Math.min(payload.length, MQTT_MAX_REQUEST), 0x20)]);
  const toRequest = top === `vigil/${t.node}/request` || top === `vigil/${t.node}/ask`;
  let expectReply = false;
  if (toRequest) {
    if (useProps) expectReply = true;
    else if (replyTo !== null && payload.length <= MQTT_MAX_REQUEST) {
      try {
        const v = JSON.parse(payload.toString('utf8')) as unknown;
        expectReply = Boolean(v && typeof v === 'object' && (v as { replyTo?: unknown }).replyTo === replyTo);
      } catch {
        expectReply = false;
      }
    }
  }
  // QoS 0 may be dropped on the way: only QoS 1 requests must be answered
  const qos: 0 | 1 = rng.chance(0.8) ? 1 : 0;
  return {
    topic: top,
    payload,
    qos,
    responseTopic: useProps ? replyTopic : null,
    correlation: useProps && rng.chance(0.8) ? rng.bytes(rng.size(64)) : null,
    expectReply: expectReply && qos === 1,
  };
}
