/**
 * The alert history end to end: a real RTSP server plays the one-by-one clip, the real daemon
 * fires a count rule on the people at the table, keeps each alert in its LMDB memory and
 * publishes it through the real Mosquitto with an absolute picture URL (`fleet.publicUrl`). The
 * same past alerts are then read over HTTP (`GET /api/alerts`), WebSocket and MQTT requests, with
 * a read token only, paged and filtered; they survive a restart, and a short retention drops them
 * with their pictures.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { MqttClient } from 'mqtt';
import type { Alert, WsRequestMap } from '../../edge/api/wire.js';
import { freeTcpPort, startDaemon, tempDir, type DaemonHandle } from '../helpers/daemon.js';
import { SHARED_VIDEOS, startRtspServer, type RtspServerHandle } from '../helpers/rtsp-server.js';
import { mqttConnect, mqttNext, WsTestClient } from './clients.js';

const BROKER = 'mqtt://127.0.0.1:1883';
const NODE = `ah${randomBytes(4).toString('hex')}`;
const READER = `read-${randomBytes(12).toString('hex')}`;
const PUBLIC = 'http://vigil.test:8080';
type Page = WsRequestMap['alerts']['result'];

let rtsp: RtspServerHandle;
let daemon: DaemonHandle;
let watcher: MqttClient;
const data = tempDir('alert-history');
const published: Alert[] = [];

/** The daemon's config; `live: false` leaves the camera off (restarts that only read). */
function config(live: boolean, extra: object = {}): object {
  return {
    node: NODE,
    mqtt: { url: BROKER },
    auth: { tokens: [{ name: 'viewer', token: READER, scope: 'read' }] },
    fleet: { publicUrl: PUBLIC },
    cameras: [{ id: 'table', url: rtsp.url('/table'), enabled: live, fps: 2, width: 480, zones: [{ id: 'table', polygon: [[0, 0], [1, 0], [1, 1], [0, 1]] }] }],
    rules: [
      // a person at the table: fires each time someone arrives (after 10 s quiet)
      { id: 'someone', camera: 'table', class: 'person', zone: 'table', trigger: { type: 'count', op: '>=', value: 1 }, cooldownSeconds: 10 },
      { id: 'lingers', camera: 'table', class: 'person', zone: 'table', trigger: { type: 'dwell', seconds: 3 }, cooldownSeconds: 600 },
    ],
    ...extra,
  };
}

async function getAlerts(query: string, token: string | null = READER): Promise<{ status: number; body: Page & { code?: string; message?: string } }> {
  const r = await fetch(`${daemon.baseUrl}/api/alerts${query}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  return { status: r.status, body: (await r.json()) as Page & { code?: string; message?: string } };
}

async function start(cfg: object): Promise<void> {
  daemon = startDaemon({ port: await freeTcpPort(), data, config: cfg });
  await daemon.waitFor(async () => (await fetch(`${daemon.baseUrl}/healthz`)).status === 200 || undefined, 90_000, 'healthz');
}

before(async () => {
  rtsp = await startRtspServer({ mounts: [{ path: '/table', file: join(SHARED_VIDEOS, 'one-by-one-person-detection.mp4') }] });
  watcher = await mqttConnect(BROKER, { protocolVersion: 5 });
  await watcher.subscribeAsync(`vigil/${NODE}/alerts/#`, { qos: 1 });
  watcher.on('message', (topic, payload) => {
    if (topic.startsWith(`vigil/${NODE}/alerts/`)) published.push(JSON.parse(payload.toString()) as Alert);
  });
  await start(config(true));
});

after(async () => {
  await daemon?.stop();
  await rtsp?.stop();
  watcher?.end(true);
});

test('alerts fired live are published with an absolute picture URL and a readable message', async () => {
  // the first person arrives about 6 s into the clip, the second after the first left
  await daemon.waitFor(() => Promise.resolve(published.filter((a) => a.rule === 'someone').length >= 2), 200_000, 'two alerts of rule "someone" over MQTT');
  const a = published.find((x) => x.rule === 'someone');
  assert.ok(a);
  assert.equal(a.evidence.snapshot, `${PUBLIC}/api/alerts/${encodeURIComponent(a.id)}/snapshot.jpg`);
  assert.match(a.message, /^\d+ (person|people) in table \(at least 1\)$/);
  assert.match(a.message, /^(1 person|[02-9]\d* people) /, `the count agrees with its noun: ${a.message}`);
});

test('GET /api/alerts returns the past alerts, newest first, filtered and paged; with a read token only', async () => {
  const ids = published.map((a) => a.id);
  assert.equal((await getAlerts('', null)).status, 401, 'not without a token');
  const all = await getAlerts('?last=1h');
  assert.equal(all.status, 200, JSON.stringify(all.body));
  const got = all.body.alerts.map((a) => a.id);
  for (const id of ids) assert.ok(got.includes(id), `alert ${id} is in the history`);
  const times = all.body.alerts.map((a) => a.frameTs);
  assert.deepEqual(times, [...times].sort((x, y) => y - x), 'newest first');
  // the history's alerts are the published ones, field for field
  const first = published[0];
  assert.deepEqual(all.body.alerts.find((a) => a.id === first?.id), first);
  // filters
  const someone = await getAlerts('?rule=someone&camera=table');
  assert.ok(someone.body.alerts.length >= 2 && someone.body.alerts.every((a) => a.rule === 'someone'));
  assert.ok(all.body.alerts.some((a) => a.rule === 'lingers'), 'the other rule fired too, and is filtered out above');
  assert.deepEqual((await getAlerts('?camera=elsewhere')).body.alerts, []);
  assert.deepEqual((await getAlerts(`?to=${(first?.frameTs ?? 0) - 1}`)).body.alerts, [], 'nothing before the first alert');
  // pages of one, following the cursor, give the same alerts in the same order
  const paged: string[] = [];
  let cursor: string | null = '';
  while (cursor !== null) {
    const p: { body: Page } = await getAlerts(`?rule=someone&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
    assert.ok(p.body.alerts.length <= 1);
    paged.push(...p.body.alerts.map((a) => a.id));
    assert.equal(p.body.truncated, p.body.next !== null);
    cursor = p.body.next;
  }
  assert.deepEqual(paged, someone.body.alerts.map((a) => a.id));
  // bad input: a clear coded error naming what is wrong
  const bad = await getAlerts('?last=yesterday&since=1&limit=0');
  assert.equal(bad.status, 400);
  assert.equal(bad.body.code, 'BAD_REQUEST');
  assert.match(bad.body.message ?? '', /since: unknown parameter/);
  assert.match(bad.body.message ?? '', /last: a duration/);
  assert.equal((await getAlerts('?cursor=forged')).body.code, 'BAD_REQUEST');
  // the picture at the URL's path: the frame that fired it, with credentials only
  const path = new URL(first?.evidence.snapshot ?? '').pathname;
  assert.equal((await fetch(daemon.baseUrl + path)).status, 401);
  const pic = await fetch(daemon.baseUrl + path, { headers: { authorization: `Bearer ${READER}` } });
  assert.equal(pic.status, 200);
  assert.equal(pic.headers.get('content-type'), 'image/jpeg');
  const jpg = Buffer.from(await pic.arrayBuffer());
  assert.deepEqual([jpg[0], jpg[1]], [0xff, 0xd8]);
});

test('the same history over a WebSocket request and an MQTT request', async () => {
  const http = (await getAlerts('?rule=someone')).body.alerts.map((a) => a.id);
  const ws = await WsTestClient.connect(`ws://127.0.0.1:${new URL(daemon.baseUrl).port}/api/ws`, READER);
  try {
    const r = (await ws.request({ type: 'alerts', rule: 'someone', last: '1h' })) as unknown as { status: string; result: Page };
    assert.equal(r.status, 'ok', JSON.stringify(r));
    assert.deepEqual(r.result.alerts.map((a) => a.id), http);
    assert.match(r.result.alerts[0]?.evidence.snapshot ?? '', new RegExp(`^${PUBLIC}/api/alerts/`));
    const bad = (await ws.request({ type: 'alerts', from: 0, last: '1h' } as never)) as unknown as { status: string; code: string };
    assert.deepEqual([bad.status, bad.code], ['error', 'BAD_REQUEST']);
  } finally {
    ws.close();
  }
  const asker = await mqttConnect(BROKER, { protocolVersion: 4 });
  try {
    const replyTo = `test/${NODE}/alert-history`;
    const replyP = mqttNext(asker, replyTo, 15_000, (_t, p) => (JSON.parse(p.toString()) as { id?: string }).id === 'h1');
    const anonP = mqttNext(asker, replyTo, 15_000, (_t, p) => (JSON.parse(p.toString()) as { id?: string }).id === 'h2');
    await new Promise((r) => setTimeout(r, 200));
    await asker.publishAsync(`vigil/${NODE}/request`, JSON.stringify({ id: 'h1', type: 'alerts', rule: 'someone', replyTo, token: READER }), { qos: 1 });
    await asker.publishAsync(`vigil/${NODE}/request`, JSON.stringify({ id: 'h2', type: 'alerts', replyTo }), { qos: 1 });
    const reply = JSON.parse((await replyP).payload.toString()) as { status: string; result: Page };
    assert.equal(reply.status, 'ok', JSON.stringify(reply));
    assert.deepEqual(reply.result.alerts.map((a) => a.id), http);
    assert.equal((JSON.parse((await anonP).payload.toString()) as { code: string }).code, 'UNAUTHORIZED', 'not without a token');
  } finally {
    asker.end(true);
  }
});

test('the history survives a restart, and a short retention drops old alerts with their pictures', async () => {
  const before = (await getAlerts('')).body.alerts.map((a) => a.id);
  assert.ok(before.length >= 2);
  assert.equal(await daemon.stop(), 0);
  await start(config(false));
  assert.deepEqual((await getAlerts('')).body.alerts.map((a) => a.id), before, 'kept on disk');
  const pictures = (): string[] => (existsSync(join(data, 'alerts')) ? readdirSync(join(data, 'alerts')).filter((f) => f.endsWith('.jpg')) : []);
  assert.ok(pictures().length >= 1, 'pictures are kept');
  assert.equal(await daemon.stop(), 0);
  // events (and alerts) kept about 1 s: the first sweep drops every alert and its picture
  await start(config(false, { memory: { eventsDays: 1 / 86_400, sweepSeconds: 1 } }));
  await daemon.waitFor(async () => (await getAlerts('')).body.alerts.length === 0, 30_000, 'the alerts to be dropped');
  await daemon.waitFor(() => Promise.resolve(pictures().length === 0), 10_000, 'their pictures to be deleted');
  assert.equal((await fetch(`${daemon.baseUrl}/api/alerts/${encodeURIComponent(before[0] ?? '')}/snapshot.jpg`, { headers: { authorization: `Bearer ${READER}` } })).status, 404);
});
