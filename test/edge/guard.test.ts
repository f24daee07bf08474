/**
 * The one guarded boundary: an unexpected error in a handler of any interface (HTTP route,
 * WebSocket message, MQTT request or question) is answered with the error body, logged once with
 * its stack and counted in the one `vigil_unexpected_errors_total{interface}` of `/metrics`.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { IPublishPacket } from 'mqtt';
import WebSocket from 'ws';
import { AdmissionGate } from '../../edge/api/admission.js';
import { Auth } from '../../edge/api/auth.js';
import { guarded, UnexpectedErrors } from '../../edge/api/guard.js';
import type { ApiHandlers } from '../../edge/api/handlers.js';
import { LiveState } from '../../edge/api/live.js';
import { WsApi } from '../../edge/api/ws.js';
import { EventBus } from '../../edge/bus.js';
import { HttpComponent, type HttpDeps } from '../../edge/components/http.js';
import { MqttRequests } from '../../edge/mqtt/requests.js';
import { VigilError } from '../../ingest/errors/catalogue.js';
import { silentLogger } from '../helpers/logger.js';

/** Error lines of the log that carry a stack of an error whose message is `message`. */
const stacked = (lines: string[], message: string): string[] => lines.filter((l) => l.startsWith('error') && l.includes(message) && /"stack":"[^"]*\\n\s+at /.test(l));

const wait = async (done: () => boolean): Promise<void> => {
  for (let i = 0; i < 400 && !done(); i++) await new Promise((r) => setTimeout(r, 5));
};

test('guarded: a sync throw and a rejection become error replies; catalogue codes kept; one error counted once', async () => {
  const lines: string[] = [];
  const g = { errors: new UnexpectedErrors(), log: silentLogger(lines) };
  const known = await guarded('ws', () => Promise.reject(new VigilError('NOT_FOUND', 'no such thing')), { ...g, where: 'x', id: 'k' });
  assert.deepEqual(known, { ok: false, error: { status: 404, body: { status: 'error', code: 'NOT_FOUND', message: 'no such thing', id: 'k' }, unexpected: false } });
  const bug = new TypeError('sync bug');
  let replied: unknown;
  const out = await guarded('ws', () => { throw bug; }, { ...g, where: 'y', onError: (r) => (replied = r.body) });
  assert.equal(out.ok, false);
  assert.deepEqual(replied, { status: 'error', code: 'INTERNAL', message: 'sync bug' });
  // the same error crossing a second guard (and a reply that throws) is still one error, logged once
  await guarded('ws', () => Promise.reject(bug), { ...g, where: 'z' });
  await guarded('mqtt', () => Promise.reject(new Error('first')), { ...g, where: 'w', onError: () => { throw new Error('reply failed'); } });
  assert.deepEqual([g.errors.count('ws'), g.errors.count('mqtt')], [1, 2]);
  assert.equal(stacked(lines, 'sync bug').length, 1, lines.join('\n'));
  assert.equal(stacked(lines, 'reply failed').length, 1, lines.join('\n'));
  assert.match(g.errors.metrics(), /^vigil_unexpected_errors_total\{interface="mqtt"\} 2$/m);
});

test('HTTP, WebSocket and MQTT: an unexpected error is an error body, logged with its stack, counted per interface', async () => {
  const lines: string[] = [];
  const log = silentLogger(lines);
  const handlers = {
    cameraStates: () => [],
    ruleList: () => [],
    admission: new AdmissionGate(),
    unexpected: new UnexpectedErrors(),
    handle: () => Promise.reject(new TypeError('handler bug')),
  } as unknown as ApiHandlers;
  const bus = new EventBus(silentLogger());
  const wsApi = new WsApi({ node: 'n', version: '0', handlers, live: new LiveState(), bus, auth: new Auth([]), log });
  const deps = {
    host: '127.0.0.1',
    port: 0,
    node: 'n',
    version: '0',
    cameras: { statuses: () => [], get: () => undefined },
    perception: { detectorStatus: () => [] },
    memory: { health: () => ({ writable: true, reason: null }) },
    ffmpeg: () => ({}),
    log,
    wsApi,
    alertPictures: () => {
      throw new RangeError('route bug');
    },
  } as unknown as HttpDeps;
  const http = new HttpComponent(deps);
  await http.start(new AbortController().signal);
  const base = `http://127.0.0.1:${http.port}`;
  const ws = new WebSocket(`ws://127.0.0.1:${http.port}/api/ws`);
  const opened = new Promise((res) => ws.once('open', res));
  const replies: Record<string, unknown>[] = [];
  ws.on('message', (d: Buffer) => replies.push(JSON.parse(d.toString('utf8')) as Record<string, unknown>));
  try {
    // HTTP: a route that throws
    const r = await fetch(`${base}/api/alerts/a1/snapshot.jpg`);
    assert.equal(r.status, 500);
    assert.deepEqual(await r.json(), { status: 'error', code: 'INTERNAL', message: 'internal error' });
    assert.equal(stacked(lines, 'route bug').length, 1, lines.join('\n'));

    // WebSocket: a request whose handler rejects
    await opened;
    await wait(() => replies.length > 0);
    ws.send(JSON.stringify({ id: 's1', type: 'segments', from: 0, to: 1 }));
    await wait(() => replies.length > 1);
    assert.deepEqual(replies[1], { status: 'error', code: 'INTERNAL', message: 'handler bug', id: 's1' });

    // MQTT: a request and a question whose handler rejects
    const sent: unknown[] = [];
    const mq = new MqttRequests({ node: 'n', auth: new Auth([]), handlers, log, reply: (_t, p, _o, done) => (sent.push(JSON.parse(p)), done?.()) });
    const packet = { properties: undefined } as unknown as IPublishPacket;
    mq.onMessage('vigil/n/request', Buffer.from(JSON.stringify({ replyTo: 'me/r', id: 'm1', type: 'segments', from: 0, to: 1 })), packet);
    mq.onMessage('vigil/n/ask', Buffer.from(JSON.stringify({ replyTo: 'me/r', id: 'q1', question: 'how many people came?' })), packet);
    await wait(() => sent.length === 2);
    assert.deepEqual(sent, [
      { status: 'error', code: 'INTERNAL', message: 'handler bug', id: 'm1' },
      { status: 'error', code: 'INTERNAL', message: 'handler bug', id: 'q1' },
    ]);
    // each rejection was its own error: WebSocket 1, MQTT 2, each logged with its stack
    assert.equal(stacked(lines, 'handler bug').length, 3, lines.join('\n'));

    const metrics = await (await fetch(`${base}/metrics`)).text();
    assert.match(metrics, /^# TYPE vigil_unexpected_errors_total counter$/m);
    assert.match(metrics, /^vigil_unexpected_errors_total\{interface="http"\} 1$/m);
    assert.match(metrics, /^vigil_unexpected_errors_total\{interface="ws"\} 1$/m);
    assert.match(metrics, /^vigil_unexpected_errors_total\{interface="mqtt"\} 2$/m);
  } finally {
    ws.close();
    await http.stop();
  }
});

test('WebSocket and MQTT: a throw outside the handler (the admission gate) is answered and counted, not lost', async () => {
  const lines: string[] = [];
  const log = silentLogger(lines);
  const broken = Object.assign(new AdmissionGate(), {
    acquire: () => {
      throw new Error('gate bug');
    },
  });
  const handlers = { cameraStates: () => [], ruleList: () => [], admission: broken, unexpected: new UnexpectedErrors(), handle: () => Promise.resolve({}) } as unknown as ApiHandlers;
  const sent: unknown[] = [];
  const mq = new MqttRequests({ node: 'n', auth: new Auth([]), handlers, log, reply: (_t, p, _o, done) => (sent.push(JSON.parse(p)), done?.()) });
  mq.onMessage('vigil/n/request', Buffer.from(JSON.stringify({ replyTo: 'me/r', id: 'm2', type: 'cameras' })), { properties: undefined } as unknown as IPublishPacket);
  await wait(() => sent.length === 1);
  assert.deepEqual(sent, [{ status: 'error', code: 'INTERNAL', message: 'gate bug', id: 'm2' }]);
  assert.equal(handlers.unexpected.count('mqtt'), 1);

  const wsApi = new WsApi({ node: 'n', version: '0', handlers, live: new LiveState(), bus: new EventBus(silentLogger()), auth: new Auth([]), log });
  const http = new HttpComponent({ host: '127.0.0.1', port: 0, node: 'n', version: '0', log, wsApi, cameras: { statuses: () => [] } } as unknown as HttpDeps);
  await http.start(new AbortController().signal);
  const ws = new WebSocket(`ws://127.0.0.1:${http.port}/api/ws`);
  const opened = new Promise((res) => ws.once('open', res));
  try {
    const replies: Record<string, unknown>[] = [];
    ws.on('message', (d: Buffer) => replies.push(JSON.parse(d.toString('utf8')) as Record<string, unknown>));
    await opened;
    await wait(() => replies.length > 0);
    ws.send(JSON.stringify({ id: 'c1', type: 'cameras' }));
    await wait(() => replies.length > 1);
    assert.deepEqual(replies[1], { status: 'error', code: 'INTERNAL', message: 'gate bug', id: null });
    assert.equal(handlers.unexpected.count('ws'), 1);
    assert.equal(stacked(lines, 'gate bug').length, 2, lines.join('\n'));
  } finally {
    ws.close();
    await http.stop();
  }
});
