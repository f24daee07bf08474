/**
 * The embedded broker path: with no `mqtt.url`, the daemon runs aedes on `mqtt.embedded.port`
 * (here a free port) with the configured credentials; when that port is taken, the daemon says
 * so and runs on without MQTT.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { freeTcpPort, startDaemon } from '../helpers/daemon.js';
import { mqttConnect, mqttNext } from './clients.js';

const camera = { id: 'demo', url: 'builtin:demo', detector: { model: 'none' } };

test('embedded aedes broker on a free port: credentials enforced, status retained, questions answered (3.1.1)', async () => {
  const node = `e${randomBytes(4).toString('hex')}`;
  const password = `pw-${randomBytes(12).toString('hex')}`;
  const mqttPort = await freeTcpPort();
  const daemon = startDaemon({ port: await freeTcpPort(), config: { node, mqtt: { username: 'vigil', password, embedded: { host: '127.0.0.1', port: mqttPort } }, cameras: [camera] } });
  try {
    await daemon.waitFor(async () => (await fetch(`${daemon.baseUrl}/healthz`)).ok, 60_000, 'healthz');
    const url = `mqtt://127.0.0.1:${mqttPort}`;
    await assert.rejects(mqttConnect(url, { protocolVersion: 4, username: 'vigil', password: 'wrong' }), /Bad username or password|Not authorized|bad user/i);
    const c = await mqttConnect(url, { protocolVersion: 4, username: 'vigil', password });
    try {
      const status = await mqttNext(c, `vigil/${node}/status`, 10_000);
      assert.equal(status.payload.toString(), 'online');
      const cam = await mqttNext(c, `vigil/${node}/demo/status`, 10_000);
      assert.equal(cam.retain, true);
      const replyTo = `test/${node}/reply`;
      const replyP = mqttNext(c, replyTo, 20_000);
      await new Promise((r) => setTimeout(r, 200));
      await c.publishAsync(`vigil/${node}/ask`, JSON.stringify({ question: 'how much was recorded?', replyTo, id: 7 }), { qos: 1 });
      const reply = JSON.parse((await replyP).payload.toString()) as { id: string; answer: string };
      assert.equal(reply.id, '7');
      assert.ok(reply.answer.length > 0);
    } finally {
      c.end(true);
    }
  } finally {
    const code = await daemon.stop();
    assert.equal(code, 0, daemon.output().slice(-2000));
    assert.ok(!daemon.output().includes(password), 'the MQTT password is never logged');
  }
});

test('embedded broker port busy (Mosquitto on 1883): MQTT is disabled with a clear warning, the daemon keeps serving', async () => {
  const daemon = startDaemon({ port: await freeTcpPort(), config: { node: `b${randomBytes(4).toString('hex')}`, mqtt: { embedded: { host: '127.0.0.1', port: 1883 } }, cameras: [camera] } });
  try {
    await daemon.waitFor(async () => (await fetch(`${daemon.baseUrl}/healthz`)).ok, 60_000, 'healthz');
    assert.match(daemon.output(), /port 1883 on 127\.0\.0\.1 is already in use.*MQTT is disabled; to publish to that broker set mqtt\.url/);
  } finally {
    assert.equal(await daemon.stop(), 0);
  }
});
