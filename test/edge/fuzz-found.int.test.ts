/**
 * Regressions of what the fuzz run (fuzz.int.test.ts) found in the running daemon, each with the
 * smallest input that showed it, against the real CLI child process (auth on, embedded broker):
 * - a request target that `new URL` cannot parse (`//%zz`, `//a:99999`) threw out of the request
 *   handler and stopped the daemon;
 * - an MQTT request whose `replyTo` is a topic the broker refuses (300 levels) got the daemon's own
 *   connection closed, and the refused reply, resent on every reconnect, kept it closed;
 * - `camera.enable` requests at once each rebuilt the camera's session: the one overwritten kept
 *   its ffmpeg running, untracked, and the daemon never exited on SIGTERM.
 */
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, test } from 'node:test';
import type { MqttClient } from 'mqtt';
import { freeTcpPort, startDaemon, type DaemonHandle } from '../helpers/daemon.js';
import { SHARED_VIDEOS } from '../helpers/rtsp-server.js';
import { mqttConnect, mqttNext, WsTestClient } from './clients.js';

const TOKEN = 'fuzz-found-admin-token-0123';
let daemon: DaemonHandle;
let port: number;
let broker: string;
let client: MqttClient;

before(async () => {
  port = await freeTcpPort();
  const brokerPort = await freeTcpPort();
  broker = `mqtt://127.0.0.1:${brokerPort}`;
  const camera = { id: 'cam', url: `${SHARED_VIDEOS}/store-aisle-detection.mp4`, fps: 1, width: 320, detector: { model: 'none' }, audio: { enabled: false } };
  daemon = startDaemon({ port, config: { node: 'found', cameras: [camera], auth: { tokens: [{ name: 'a', token: TOKEN, scope: 'admin' }] }, mqtt: { embedded: { host: '127.0.0.1', port: brokerPort } } } });
  await daemon.waitFor(async () => (await fetch(`${daemon.baseUrl}/healthz`)).ok, 60_000, 'healthz');
  client = await mqttConnect(broker, { protocolVersion: 4 });
});

after(async () => {
  client?.end(true);
  await daemon.stop();
});

/** Sends a raw request and resolves with its status line. */
function statusLine(request: string): Promise<string> {
  return new Promise((resolve) => {
    let out = '';
    const s = connect(port, '127.0.0.1', () => s.write(request));
    s.on('data', (d: Buffer) => (out += d.toString('latin1')));
    s.on('close', () => resolve(out.split('\r\n')[0] ?? ''));
    s.on('error', () => undefined);
  });
}

test('a request target that is not a URL is a 400 and the daemon keeps serving', async () => {
  for (const target of ['//%zz', '//a:99999/api/cameras', '//@', '//[']) {
    assert.match(await statusLine(`GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`), /^HTTP\/1\.1 400/, target);
    assert.equal(daemon.child.exitCode, null, `still running after ${target}`);
  }
  assert.equal((await fetch(`${daemon.baseUrl}/healthz`)).status, 200);
  const r = await fetch(`${daemon.baseUrl}/api/cameras`, { headers: { authorization: `Bearer ${TOKEN}` } });
  assert.equal(r.status, 200);
});

test('a reply topic the broker would refuse gets no reply, and the daemon stays connected', async () => {
  client.publish('vigil/found/request', JSON.stringify({ id: 'bad', type: 'ping', replyTo: '/'.repeat(300) }), { qos: 1 });
  client.publish('vigil/found/ask', JSON.stringify({ question: 'how many people now?', replyTo: '$SYS/x' }), { qos: 1 });
  await new Promise((r) => setTimeout(r, 500));
  // the next request is answered: the daemon's own connection was not closed by the broker
  const reply = mqttNext(client, 'found-replies/ping', 10_000);
  client.publish('vigil/found/request', JSON.stringify({ id: 'good', type: 'ping', replyTo: 'found-replies/ping', token: TOKEN }), { qos: 1 });
  assert.match((await reply).payload.toString(), /"id":"good".*"status":"ok"/);
  assert.doesNotMatch(daemon.output(), /MQTT broker unreachable/);
});

test('camera.enable requests at once leave one camera session, and SIGTERM stops the daemon', async () => {
  const ws = await WsTestClient.connect(`ws://127.0.0.1:${port}/api/ws`, TOKEN);
  const toggle = (enabled: boolean, n: number) => Promise.all(Array.from({ length: n }, () => ws.request({ type: 'camera.enable', camera: 'cam', enabled })));
  for (const r of [...(await toggle(false, 2)), ...(await toggle(true, 3))]) assert.equal(r.status, 'ok', JSON.stringify(r));
  ws.close();
  const t0 = Date.now();
  // an orphaned session kept ffmpeg running: the daemon did not exit and was killed after 15 s (code null)
  assert.equal(await daemon.stop(), 0, daemon.output().slice(-2000));
  assert.ok(Date.now() - t0 < 10_000, `stopping took ${Date.now() - t0} ms`);
});
