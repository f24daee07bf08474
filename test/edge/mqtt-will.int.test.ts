/**
 * The Last Will: when the daemon dies without a clean stop, Mosquitto publishes the retained
 * `offline` on `vigil/<node>/status`.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { freeTcpPort, startDaemon } from '../helpers/daemon.js';
import { clearRetained, mqttConnect, mqttNext } from './clients.js';

test('a killed daemon reads as offline through its Last Will (Mosquitto)', async () => {
  const node = `w${randomBytes(4).toString('hex')}`;
  const watcher = await mqttConnect('mqtt://127.0.0.1:1883', { protocolVersion: 5 });
  const daemon = startDaemon({ port: await freeTcpPort(), config: { node, mqtt: { url: 'mqtt://127.0.0.1:1883', keepaliveSeconds: 1 }, cameras: [{ id: 'demo', url: 'builtin:demo', detector: { model: 'none' } }] } });
  try {
    const online = await mqttNext(watcher, `vigil/${node}/status`, 60_000, (_t, p) => p.toString() === 'online');
    assert.equal(online.payload.toString(), 'online');
    const offline = mqttNext(watcher, `vigil/${node}/status`, 15_000, (_t, p) => p.toString() === 'offline');
    daemon.child.kill('SIGKILL');
    assert.equal((await offline).payload.toString(), 'offline');
  } finally {
    await daemon.stop();
    await clearRetained(watcher, `vigil/${node}`);
    watcher.end(true);
  }
});
