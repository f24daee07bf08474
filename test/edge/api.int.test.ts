/**
 * The WebSocket and MQTT interfaces end to end: a real RTSP server plays the one-by-one clip, the
 * real daemon (CLI child process) perceives it and publishes through the real Mosquitto at
 * 127.0.0.1:1883; separate clients receive the alert and ask questions.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { MqttClient } from 'mqtt';
import type { Alert, AlertRule, CameraState, RuleTrigger, WsHello } from '../../edge/api/wire.js';
import { freeTcpPort, startDaemon, type DaemonHandle } from '../helpers/daemon.js';
import { SHARED_VIDEOS, startRtspServer, type RtspServerHandle } from '../helpers/rtsp-server.js';
import { clearRetained, mqttConnect, mqttNext, WsTestClient } from './clients.js';

const BROKER = 'mqtt://127.0.0.1:1883';
const NODE = `t${randomBytes(4).toString('hex')}`;
const ADMIN = `admin-${randomBytes(12).toString('hex')}`;
const READER = `read-${randomBytes(12).toString('hex')}`;

let rtsp: RtspServerHandle;
let daemon: DaemonHandle;
let watcher: MqttClient;
let alertP: Promise<{ topic: string; payload: Buffer }>;
let wsUrl: string;

before(async () => {
  rtsp = await startRtspServer({ mounts: [{ path: '/table', file: join(SHARED_VIDEOS, 'one-by-one-person-detection.mp4') }] });
  // the watcher subscribes before the daemon starts, as an automation box would
  watcher = await mqttConnect(BROKER, { protocolVersion: 5 });
  alertP = mqttNext(watcher, `vigil/${NODE}/alerts/#`, 150_000);
  const port = await freeTcpPort();
  daemon = startDaemon({
    port,
    config: {
      node: NODE,
      mqtt: { url: BROKER },
      auth: { tokens: [{ name: 'ops', token: ADMIN, scope: 'admin' }, { name: 'viewer', token: READER, scope: 'read' }] },
      cameras: [{ id: 'table', url: rtsp.url('/table'), fps: 2, width: 480, zones: [{ id: 'table', polygon: [[0, 0], [1, 0], [1, 1], [0, 1]] }] }],
      rules: [{ id: 'at-table', camera: 'table', class: 'person', zone: 'table', trigger: { type: 'dwell', seconds: 2 }, cooldownSeconds: 600 }],
    },
  });
  wsUrl = `ws://127.0.0.1:${port}/api/ws`;
  await daemon.waitFor(async () => (await fetch(`${daemon.baseUrl}/healthz`)).ok, 60_000, 'healthz');
});

after(async () => {
  const code = await daemon?.stop();
  await rtsp?.stop();
  // a clean stop leaves the retained status offline (a crash does too, through the Last Will)
  const st = await mqttNext(watcher, `vigil/${NODE}/status`, 5000, (_t, p) => p.toString() === 'offline');
  assert.equal(st.payload.toString(), 'offline');
  assert.ok((await clearRetained(watcher, `vigil/${NODE}`)) >= 3, 'status, camera status and counts were retained');
  watcher?.end(true);
  assert.equal(code, 0, daemon?.output().slice(-2000));
  assert.ok(!daemon.output().includes(ADMIN) && !daemon.output().includes(READER), 'tokens never logged');
});

test('a rule fires when a person stands at the table and a separate MQTT client receives the alert', async () => {
  const { topic, payload } = await alertP;
  assert.equal(topic, `vigil/${NODE}/alerts/at-table`);
  const a = JSON.parse(payload.toString()) as Alert;
  assert.equal(a.rule, 'at-table');
  assert.equal(a.camera, 'table');
  assert.equal(a.node, NODE);
  assert.equal(a.class, 'person');
  assert.match(a.evidence.objectIds[0] ?? '', /^table:person:/);
  assert.ok((a.evidence.dwellSeconds ?? 0) >= 2);
  // the alert names the frame that fired it, kept on disk and served with a token
  assert.equal(a.evidence.snapshot, `/api/alerts/${encodeURIComponent(a.id)}/snapshot.jpg`);
  const pic = await fetch(daemon.baseUrl + a.evidence.snapshot, { headers: { authorization: `Bearer ${READER}` } });
  assert.equal(pic.status, 200);
  assert.equal(pic.headers.get('content-type'), 'image/jpeg');
  const jpg = Buffer.from(await pic.arrayBuffer());
  assert.deepEqual([jpg[0], jpg[1]], [0xff, 0xd8], 'a JPEG');
  assert.equal((await fetch(daemon.baseUrl + a.evidence.snapshot)).status, 401, 'not without a token');
  assert.equal((await fetch(`${daemon.baseUrl}/api/alerts/nope/snapshot.jpg`, { headers: { authorization: `Bearer ${READER}` } })).status, 404);
  assert.ok(a.firedAt - a.frameTs < 5000, `fired ${a.firedAt - a.frameTs} ms after the frame`);
  // the camera's frames went through turns at its detector
  const h = (await (await fetch(`${daemon.baseUrl}/healthz`)).json()) as { detectors: { cameras: string[]; turns?: { granted: number; waiting: number } }[] };
  const det = h.detectors.find((d) => d.cameras.includes('table'));
  assert.ok((det?.turns?.granted ?? 0) > 0, JSON.stringify(h.detectors));
  // the retained status topics are there for a late subscriber
  const status = await mqttNext(watcher, `vigil/${NODE}/status`, 5000);
  assert.equal(status.payload.toString(), 'online');
  assert.equal(status.retain, true);
  const cam = await mqttNext(watcher, `vigil/${NODE}/table/status`, 5000);
  assert.equal((JSON.parse(cam.payload.toString()) as CameraState).state, 'streaming');
  const count = await mqttNext(watcher, `vigil/${NODE}/table/all/person/count`, 30_000);
  assert.match(count.payload.toString(), /^\d+$/);
});

test('a question over MQTT 5 (response topic + correlation data) is answered', async () => {
  const asker = await mqttConnect(BROKER, { protocolVersion: 5 });
  try {
    const responseTopic = `test/${NODE}/answers/v5`;
    const correlationData = Buffer.from(randomBytes(8));
    const replyP = mqttNext(asker, responseTopic, 30_000, (_t, _p, props) => Boolean(props.correlationData?.equals(correlationData)));
    await new Promise((r) => setTimeout(r, 200));
    // the reader's token as an MQTT 5 user property
    await asker.publishAsync(`vigil/${NODE}/ask`, JSON.stringify({ question: 'how many people were at the table?' }), { qos: 1, properties: { responseTopic, correlationData, userProperties: { token: READER } } });
    const reply = JSON.parse((await replyP).payload.toString()) as { answer: string; coverage: unknown; evidence: unknown[]; planner: string };
    assert.equal(typeof reply.answer, 'string');
    assert.ok(reply.answer.length > 0);
    assert.ok(reply.coverage && Array.isArray(reply.evidence));
    assert.equal(reply.planner, 'offline');
  } finally {
    asker.end(true);
  }
});

test('with tokens configured, anonymous MQTT requests are refused: rules.put and camera.enable change nothing, a read token cannot manage rules', async () => {
  const rogue = await mqttConnect(BROKER, { protocolVersion: 4 });
  try {
    const replyTo = `test/${NODE}/answers/rogue`;
    const reply = async (body: object, id: string): Promise<{ status: string; code?: string }> => {
      const p = mqttNext(rogue, replyTo, 10_000, (_t, pl) => (JSON.parse(pl.toString()) as { id?: string }).id === id);
      await rogue.publishAsync(`vigil/${NODE}/request`, JSON.stringify({ ...body, id, replyTo }), { qos: 1 });
      return JSON.parse((await p).payload.toString()) as { status: string; code?: string };
    };
    await new Promise((r) => setTimeout(r, 200));
    const put = await reply({ type: 'rules.put', rule: { id: 'rogue', class: 'person', trigger: { type: 'count', op: '>=', value: 1 } } }, 'rg1');
    assert.deepEqual([put.status, put.code], ['error', 'UNAUTHORIZED']);
    const off = await reply({ type: 'camera.enable', camera: 'table', enabled: false }, 'rg2');
    assert.deepEqual([off.status, off.code], ['error', 'UNAUTHORIZED']);
    const wrong = await reply({ type: 'camera.enable', camera: 'table', enabled: false, token: 'not-a-token-at-all' }, 'rg3');
    assert.deepEqual([wrong.status, wrong.code], ['error', 'UNAUTHORIZED']);
    const reader = await reply({ type: 'rules.put', token: READER, rule: { id: 'rogue', class: 'person', trigger: { type: 'count', op: '>=', value: 1 } } }, 'rg4');
    assert.deepEqual([reader.status, reader.code], ['error', 'FORBIDDEN']);
    const askP = mqttNext(rogue, replyTo, 10_000, (_t, pl) => (JSON.parse(pl.toString()) as { id?: string }).id === 'rg5');
    await rogue.publishAsync(`vigil/${NODE}/ask`, JSON.stringify({ question: 'was anyone at the table?', replyTo, id: 'rg5' }), { qos: 1 });
    assert.equal((JSON.parse((await askP).payload.toString()) as { code?: string }).code, 'UNAUTHORIZED', 'no question without a token either');
    const cams = (await (await fetch(`${daemon.baseUrl}/api/cameras`, { headers: { authorization: `Bearer ${READER}` } })).json()) as { cameras: { id: string; state: string }[] };
    const table = cams.cameras.find((c) => c.id === 'table');
    assert.ok(table && table.state !== 'disabled', `the camera was not disabled: ${JSON.stringify(cams)}`);
    const ws = await WsTestClient.connect(wsUrl, READER);
    const list = (await ws.request({ type: 'rules.list' })) as unknown as { result: { rules: { id: string }[] } };
    ws.close();
    assert.ok(!list.result.rules.some((r) => r.id === 'rogue'), 'no rule was stored');
  } finally {
    rogue.end(true);
  }
});

test('a question over MQTT 3.1.1 (replyTo + id in the payload) is answered; malformed JSON gets an error', async () => {
  const asker = await mqttConnect(BROKER, { protocolVersion: 4 });
  try {
    const replyTo = `test/${NODE}/answers/v311`;
    const replyP = mqttNext(asker, replyTo, 30_000, (_t, p) => (JSON.parse(p.toString()) as { id?: string }).id === 'q-311');
    await new Promise((r) => setTimeout(r, 200));
    await asker.publishAsync(`vigil/${NODE}/ask`, JSON.stringify({ question: 'was anyone at the table?', replyTo, id: 'q-311', token: READER }), { qos: 1 });
    const reply = JSON.parse((await replyP).payload.toString()) as { id: string; answer: string };
    assert.equal(reply.id, 'q-311');
    assert.ok(reply.answer.length > 0);
    // a structured rule added over MQTT's request topic
    const ruleP = mqttNext(asker, replyTo, 10_000, (_t, p) => (JSON.parse(p.toString()) as { id?: string }).id === 'rq1');
    await asker.publishAsync(`vigil/${NODE}/request`, JSON.stringify({ id: 'rq1', type: 'rules.put', replyTo, token: ADMIN, rule: { id: 'crowd', class: 'person', trigger: { type: 'count', op: '>=', value: 5 } } }), { qos: 1 });
    const rr = JSON.parse((await ruleP).payload.toString()) as { status: string; result: { rule: { id: string; source: string } } };
    assert.equal(rr.status, 'ok');
    assert.deepEqual([rr.result.rule.id, rr.result.rule.source], ['crowd', 'runtime']);
    // a rule in words over MQTT, with no model: read offline, with its Read-as line
    const wordsP = mqttNext(asker, replyTo, 10_000, (_t, p) => (JSON.parse(p.toString()) as { id?: string }).id === 'rq2');
    await asker.publishAsync(`vigil/${NODE}/request`, JSON.stringify({ id: 'rq2', type: 'rules.compile', replyTo, token: ADMIN, text: 'notify me when more than 2 people are at camera table' }), { qos: 1 });
    const wr = JSON.parse((await wordsP).payload.toString()) as { status: string; result: { rule: AlertRule; reader: string; readAs: string } };
    assert.equal(wr.status, 'ok', JSON.stringify(wr));
    assert.deepEqual([wr.result.reader, wr.result.rule.camera, wr.result.rule.trigger], ['words', 'table', { type: 'count', op: 'gt', n: 2 }]);
    assert.equal(wr.result.readAs, 'Read as: alert when more than 2 people are in camera table.');
  } finally {
    asker.end(true);
  }
  const v5 = await mqttConnect(BROKER, { protocolVersion: 5 });
  try {
    const responseTopic = `test/${NODE}/answers/bad`;
    const replyP = mqttNext(v5, responseTopic, 10_000);
    await new Promise((r) => setTimeout(r, 200));
    await v5.publishAsync(`vigil/${NODE}/ask`, '{"question": ', { qos: 1, properties: { responseTopic } });
    const err = JSON.parse((await replyP).payload.toString()) as { status: string; code: string };
    assert.deepEqual([err.status, err.code], ['error', 'BAD_JSON']);
  } finally {
    v5.end(true);
  }
});

test('WebSocket: ask with streamed result, subscriptions, rules; bad input and bad tokens get clear errors and the daemon keeps serving', async () => {
  await assert.rejects(WsTestClient.connect(wsUrl), /HTTP 401/);
  await assert.rejects(WsTestClient.connect(wsUrl, 'not-a-token'), /HTTP 401/);
  assert.equal((await fetch(`${daemon.baseUrl}/api/cameras`)).status, 401);
  assert.equal((await fetch(`${daemon.baseUrl}/api/cameras`, { headers: { authorization: `Bearer ${READER}` } })).status, 200);

  const ws = await WsTestClient.connect(`${wsUrl}?token=${READER}`);
  const hello = (await ws.next((m) => 'type' in m && m.type === 'hello')) as WsHello;
  assert.deepEqual([hello.node, hello.scope], [NODE, 'read']);
  const ans = await ws.request({ id: 'ask1', type: 'ask', question: 'how many people were at the table?' });
  assert.equal(ans.status, 'ok', JSON.stringify(ans));
  assert.equal(typeof (ans as { result: { answer: string } }).result.answer, 'string');
  const steps = ws.progress('ask1').map((p) => p.progress.type);
  assert.deepEqual([steps[0], steps.at(-1)], ['plan', 'final'], 'progress streamed before the result');
  assert.ok(ws.messages.findIndex((m) => 'type' in m && m.type === 'progress' && m.id === 'ask1') < ws.messages.indexOf(ans));
  const forbidden = await ws.request({ type: 'rules.put', rule: { id: 'x', trigger: { type: 'count', op: 'ge', n: 1 } } });
  assert.deepEqual([forbidden.status, (forbidden as { code?: string }).code], ['error', 'FORBIDDEN']);
  assert.equal(((await ws.raw('{"id": 1, "type"')) as { code: string }).code, 'BAD_JSON');
  assert.equal(((await ws.raw(JSON.stringify({ id: 'u', type: 'self-destruct' }))) as { code: string }).code, 'UNKNOWN_TYPE');
  assert.equal(((await ws.raw(JSON.stringify({ id: 'big', type: 'ask', question: 'x'.repeat(100_000) }))) as { code: string }).code, 'PAYLOAD_TOO_LARGE');
  assert.equal((await ws.request({ type: 'ping' })).status, 'ok', 'the connection survives the errors');
  // far above the limit: the socket is closed with 1009, the daemon keeps serving
  ws.ws.send(Buffer.alloc(1024 * 1024, 0x20));
  await new Promise((r) => setTimeout(r, 1000));
  assert.equal(ws.closed?.code, 1009);

  const admin = await WsTestClient.connect(wsUrl, ADMIN);
  const sub = await admin.request({ type: 'subscribe', channels: ['alerts', 'counts', 'cameras', 'events'] });
  assert.equal(sub.status, 'ok');
  // the older count form ('>=' with value) is still accepted on the wire and read as {op: 'ge', n}
  const put = await admin.request({ type: 'rules.put', rule: { id: 'anyone', camera: 'table', class: 'person', trigger: { type: 'count', op: '>=', value: 1 } as unknown as RuleTrigger, cooldownSeconds: 0 } });
  assert.equal(put.status, 'ok', JSON.stringify(put));
  assert.deepEqual((put as unknown as { result: { rule: AlertRule } }).result.rule.trigger, { type: 'count', op: 'ge', n: 1 });
  const bad = await admin.request({ type: 'rules.put', rule: { id: 'nowhere', zone: 'kitchen', trigger: { type: 'dwell', seconds: 1 } } });
  assert.equal((bad as { code?: string }).code, 'RULE_INVALID');
  // rules in words without a model: read offline, or refused with a code naming the words
  const nl = (await admin.request({ type: 'rules.compile', text: 'tell me when anyone is at the table for 3 seconds' })) as unknown as { result: { rule: AlertRule; reader: string; readAs: string } };
  assert.equal(nl.result.reader, 'words', JSON.stringify(nl));
  assert.match(nl.result.readAs, /^Read as: alert when /);
  const unread = await admin.request({ type: 'rules.compile', text: 'tell me when the blue van parks badly' });
  assert.equal((unread as { code?: string }).code, 'RULE_NOT_READ', JSON.stringify(unread));
  const list = (await admin.request({ type: 'rules.list' })) as unknown as { result: { rules: { id: string; source: string }[] } };
  assert.deepEqual(list.result.rules.map((r) => `${r.id}:${r.source}`).sort(), ['anyone:runtime', 'at-table:config', 'crowd:runtime']);
  const push = await admin.next((m) => 'type' in m && m.type === 'push' && (m.channel === 'counts' || m.channel === 'events'), 60_000);
  assert.ok(push);
  const now = Date.now();
  const segs = (await admin.request({ type: 'segments', camera: 'table', from: now - 600_000, to: now })) as unknown as { result: { segments: { camera: string }[] } };
  assert.ok(segs.result.segments.length > 0);
  const evs = (await admin.request({ type: 'events', from: now - 600_000, to: now, types: ['appear'] })) as unknown as { result: { events: { objectId?: string }[] } };
  const oid = evs.result.events[0]?.objectId;
  assert.ok(oid, 'an appear event');
  const obj = (await admin.request({ type: 'object', objectId: oid })) as unknown as { result: { object: { trajectory: unknown[]; embedding?: unknown } } };
  assert.ok(Array.isArray(obj.result.object.trajectory) && obj.result.object.embedding === undefined);
  const missing = await admin.request({ type: 'object', objectId: 'nope' });
  assert.equal((missing as { code?: string }).code, 'NOT_FOUND');
  const off = await admin.request({ type: 'camera.enable', camera: 'table', enabled: false });
  assert.equal((off as unknown as { result: { camera: CameraState } }).result.camera.state, 'disabled');
  const on = await admin.request({ type: 'camera.enable', camera: 'table', enabled: true });
  assert.equal((on as unknown as { result: { camera: CameraState } }).result.camera.enabled, true);
  admin.close();
  assert.ok((await fetch(`${daemon.baseUrl}/healthz`)).ok, 'still serving');
});
