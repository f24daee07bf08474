/**
 * MQTT requests are authorised like HTTP and WebSocket ones: the payload's `token` or the MQTT 5
 * user property `token` gives the scope; without one, `auth.mqttAnonymous` decides (none by
 * default); with auth off every request is admin. The token never reaches the handlers.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { IPublishPacket } from 'mqtt';
import { AdmissionGate } from '../../edge/api/admission.js';
import { Auth } from '../../edge/api/auth.js';
import type { ApiHandlers } from '../../edge/api/handlers.js';
import { UnexpectedErrors } from '../../edge/api/guard.js';
import { MqttRequests } from '../../edge/mqtt/requests.js';
import { silentLogger } from '../helpers/logger.js';

const ADMIN = 'a'.repeat(24);
const READER = 'r'.repeat(24);
const tokens = [
  { name: 'ops', token: ADMIN, scope: 'admin' as const },
  { name: 'viewer', token: READER, scope: 'read' as const },
];

/** Runs one request through MqttRequests; resolves with the reply and the handler's view of it. */
async function run(auth: Auth, body: object, packet: Partial<IPublishPacket> = {}, topic = 'vigil/n/request'): Promise<{ reply: Record<string, unknown>; seen: { scope: string; req: Record<string, unknown> } | null }> {
  let seen: { scope: string; req: Record<string, unknown> } | null = null;
  const handlers = {
    admission: new AdmissionGate(),
    unexpected: new UnexpectedErrors(),
    handle: (req: Record<string, unknown>, ctx: { scope: string }) => {
      seen = { scope: ctx.scope, req };
      return Promise.resolve({ answer: 'x' });
    },
  } as unknown as ApiHandlers;
  const reply = await new Promise<Record<string, unknown>>((resolve) => {
    const mq = new MqttRequests({ node: 'n', auth, handlers, log: silentLogger([]), reply: (_t, p, _o, done) => (resolve(JSON.parse(p) as Record<string, unknown>), done?.()) });
    mq.onMessage(topic, Buffer.from(JSON.stringify({ replyTo: 'me/r', id: 'm', ...body })), { properties: undefined, ...packet } as IPublishPacket);
  });
  return { reply, seen };
}

const put = { type: 'rules.put', rule: { id: 'x', trigger: { type: 'count', op: '>=', value: 1 } } };

test('with auth on, a request without a token is refused UNAUTHORIZED and never reaches the handlers', async () => {
  const r = await run(new Auth(tokens, { enabled: true }), put);
  assert.equal(r.reply.code, 'UNAUTHORIZED');
  assert.equal(r.seen, null);
  const q = await run(new Auth(tokens, { enabled: true }), { question: 'was anyone there?' }, {}, 'vigil/n/ask');
  assert.equal(q.reply.code, 'UNAUTHORIZED');
  const bad = await run(new Auth(tokens, { enabled: true }), { ...put, token: 'z'.repeat(24) });
  assert.equal(bad.reply.code, 'UNAUTHORIZED');
});

test('the token in the payload or as an MQTT 5 user property gives its scope; the token is not passed on', async () => {
  const inBody = await run(new Auth(tokens, { enabled: true }), { ...put, token: ADMIN });
  assert.equal(inBody.seen?.scope, 'admin');
  assert.equal('token' in (inBody.seen?.req ?? {}), false);
  const asProp = await run(new Auth(tokens, { enabled: true }), put, { properties: { userProperties: { token: READER } } });
  assert.equal(asProp.seen?.scope, 'read');
  const ask = await run(new Auth(tokens, { enabled: true }), { question: 'was anyone there?', token: READER }, {}, 'vigil/n/ask');
  assert.equal(ask.seen?.scope, 'read');
});

test('auth.mqttAnonymous gives tokenless requests a scope; auth off makes every request admin', async () => {
  const anon = await run(new Auth(tokens, { enabled: true, mqttAnonymous: 'read' }), put);
  assert.equal(anon.seen?.scope, 'read');
  const off = await run(new Auth([], { enabled: false }), put);
  assert.equal(off.seen?.scope, 'admin');
});
