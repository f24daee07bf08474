/**
 * The WebSocket and MQTT request paths answer every error with the one error body of the
 * catalogue: a VigilError with its public code, anything else INTERNAL and logged with its stack.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import type { IPublishPacket } from 'mqtt';
import WebSocket from 'ws';
import { VigilError } from '../../ingest/errors/catalogue.js';
import { MemoryError } from '../../memory/validate.js';
import { AdmissionGate } from '../../edge/api/admission.js';
import { UnexpectedErrors } from '../../edge/api/guard.js';
import { Auth } from '../../edge/api/auth.js';
import type { ApiHandlers } from '../../edge/api/handlers.js';
import { LiveState } from '../../edge/api/live.js';
import type { WsRequest } from '../../edge/api/wire.js';
import { WsApi } from '../../edge/api/ws.js';
import { EventBus } from '../../edge/bus.js';
import { MqttRequests } from '../../edge/mqtt/requests.js';
import { silentLogger } from '../helpers/logger.js';

/** Handlers whose requests fail: `object` with NOT_FOUND, `segments` with a plain bug, `events` with a memory error. */
const failing = {
  cameraStates: () => [],
  ruleList: () => [],
  admission: new AdmissionGate(),
  unexpected: new UnexpectedErrors(),
  handle: (req: WsRequest) => {
    if (req.type === 'object') return Promise.reject(new VigilError('NOT_FOUND', `unknown object "${req.objectId}"`));
    if (req.type === 'events') return Promise.reject(new MemoryError('MEMORY_NOT_OPEN', 'the memory is closed'));
    return Promise.reject(new TypeError('cannot read properties of undefined'));
  },
} as unknown as ApiHandlers;

test('MQTT requests: catalogue codes with the request id; a plain error is INTERNAL and logged', async () => {
  const lines: string[] = [];
  const sent: unknown[] = [];
  const mq = new MqttRequests({
    node: 'n',
    auth: new Auth([]),
    handlers: failing,
    log: silentLogger(lines),
    reply: (_topic, payload, _opts, done) => {
      sent.push(JSON.parse(payload));
      done?.();
    },
  });
  const ask = async (body: object): Promise<unknown> => {
    const before = sent.length;
    mq.onMessage('vigil/n/request', Buffer.from(JSON.stringify({ replyTo: 'me/r', ...body })), { properties: undefined } as unknown as IPublishPacket);
    for (let i = 0; i < 100 && sent.length === before; i++) await new Promise((r) => setTimeout(r, 5));
    return sent.at(-1);
  };
  assert.deepEqual(await ask({ id: 'o', type: 'object', objectId: 'x' }), { status: 'error', code: 'NOT_FOUND', message: 'unknown object "x"', id: 'o' });
  assert.equal(lines.filter((l) => l.startsWith('error')).length, 0);
  assert.deepEqual(await ask({ id: 's', type: 'segments', from: 0, to: 1 }), { status: 'error', code: 'INTERNAL', message: 'cannot read properties of undefined', id: 's' });
  assert.deepEqual(await ask({ id: 'e', type: 'events', from: 0, to: 1 }), { status: 'error', code: 'INTERNAL', message: 'the memory is closed', id: 'e' });
  const errors = lines.filter((l) => l.startsWith('error'));
  assert.equal(errors.length, 2, lines.join('\n'));
  assert.match(errors[0] ?? '', /unexpected error at the API boundary/);
  assert.deepEqual(await ask({ id: 'u', type: 'launch' }), { status: 'error', code: 'UNKNOWN_TYPE', message: (sent.at(-1) as { message: string }).message, id: 'u' });
});

test('WebSocket requests: the same bodies, id always set; a plain error is logged', async () => {
  const lines: string[] = [];
  const bus = new EventBus(silentLogger());
  const api = new WsApi({ node: 'n', version: '0', handlers: failing, live: new LiveState(), bus, auth: new Auth([]), log: silentLogger(lines) });
  const server = createServer();
  server.on('upgrade', (req, socket, head) => api.handleUpgrade(req, socket, head));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  api.start();
  const ws = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}/api/ws`);
  const replies: Record<string, unknown>[] = [];
  ws.on('message', (d: Buffer) => replies.push(JSON.parse(d.toString('utf8')) as Record<string, unknown>));
  await new Promise((r) => ws.once('open', r));
  for (let i = 0; i < 200 && replies.length === 0; i++) await new Promise((r) => setTimeout(r, 5));
  assert.equal(replies[0]?.type, 'hello');
  const send = async (m: object | string): Promise<Record<string, unknown>> => {
    const before = replies.length;
    ws.send(typeof m === 'string' ? m : JSON.stringify(m));
    for (let i = 0; i < 200 && replies.length === before; i++) await new Promise((r) => setTimeout(r, 5));
    return replies.at(-1) ?? {};
  };
  try {
    assert.deepEqual(await send({ id: 'o', type: 'object', objectId: 'x' }), { status: 'error', code: 'NOT_FOUND', message: 'unknown object "x"', id: 'o' });
    assert.deepEqual(await send({ id: 's', type: 'segments', from: 0, to: 1 }), { status: 'error', code: 'INTERNAL', message: 'cannot read properties of undefined', id: 's' });
    assert.deepEqual(await send('{nope'), { status: 'error', code: 'BAD_JSON', message: (replies.at(-1) as { message: string }).message, id: null });
    assert.equal(lines.filter((l) => l.startsWith('error') && /unexpected error at the API boundary/.test(l)).length, 1, lines.join('\n'));
  } finally {
    ws.close();
    api.stop();
    await new Promise((r) => server.close(r));
  }
});
