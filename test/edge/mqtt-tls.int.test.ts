/**
 * MQTT over TLS with credentials, against a private Mosquitto with its own CA, and Home Assistant
 * discovery. A daemon that trusts the broker's CA connects, publishes its status and announces
 * its alert rules to Home Assistant; one that trusts another CA refuses the broker, says why, and
 * keeps serving. The broker password never reaches the log.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { freeTcpPort, startDaemon } from '../helpers/daemon.js';
import { startTlsBroker } from '../helpers/mosquitto-tls.js';
import { mqttConnect, mqttNext } from './clients.js';

test('the daemon talks MQTT over TLS with credentials, announces rules to Home Assistant, and refuses a broker it cannot verify', async () => {
  const broker = await startTlsBroker();
  const node = `t${randomBytes(4).toString('hex')}`;
  const prefix = `ha${randomBytes(3).toString('hex')}`;
  const camera = { id: 'demo', url: 'builtin:demo', detector: { model: 'none' } };
  const mqttCfg = (ca: string): object => ({ url: broker.url, username: broker.username, password: broker.password, tls: { ca }, homeAssistant: { discovery: true, prefix } });
  const rules = [{ id: 'door-busy', camera: 'demo', class: 'person', trigger: { type: 'count', op: '>=', value: 2 } }];
  const watcher = await mqttConnect(broker.url, { protocolVersion: 5, username: broker.username, password: broker.password, ca: readFileSync(broker.caFile) });
  // anonymous clients are refused by this broker: the daemon below must really log in
  await assert.rejects(mqttConnect(broker.url, { ca: readFileSync(broker.caFile) }), /Not authorized|Bad User Name or Password|not authorized/i);
  const good = startDaemon({ port: await freeTcpPort(), config: { node, mqtt: mqttCfg(broker.caFile), cameras: [camera], rules } });
  const bad = startDaemon({ port: await freeTcpPort(), config: { node: `${node}x`, mqtt: mqttCfg(broker.otherCaFile), cameras: [camera] } });
  try {
    const online = mqttNext(watcher, `vigil/${node}/status`, 60_000, (_t, p) => p.toString() === 'online');
    const announced = mqttNext(watcher, `${prefix}/event/+/config`, 60_000, (t) => t.includes('door-busy'));
    assert.equal((await online).payload.toString(), 'online');
    const cfg = JSON.parse((await announced).payload.toString()) as Record<string, unknown>;
    // a client that subscribes later (Home Assistant after a restart) still gets the config
    await watcher.unsubscribeAsync(`${prefix}/event/+/config`);
    const later = await mqttNext(watcher, `${prefix}/event/+/config`, 10_000, (t) => t.includes('door-busy'));
    assert.equal(later.retain, true, 'discovery configs are retained');
    assert.equal(cfg.state_topic, `vigil/${node}/alerts/door-busy`);
    assert.equal((cfg.availability as { topic: string }[])[0]?.topic, `vigil/${node}/status`);
    assert.equal(cfg.unique_id, `vigil_${node}_rule_door-busy`);
    assert.deepEqual((cfg.device as { identifiers: string[]; via_device: string }).identifiers, [`vigil_${node}_demo`]);
    assert.equal((cfg.device as { via_device: string }).via_device, `vigil_${node}`);

    // the daemon with the wrong CA: not connected, a readable reason in the log, still serving
    const health = await bad.waitFor(
      async () => {
        const r = await fetch(`${bad.baseUrl}/healthz`);
        const h = (await r.json()) as { mqtt?: { connected: boolean } };
        // 503 while starting: the MQTT component gives up waiting for its first connection after 5 s
        return r.status === 200 && /certificate|self[- ]signed|unable to verify/i.test(bad.output()) ? h : undefined;
      },
      30_000,
      'a TLS verification error in the log and the daemon up',
    );
    assert.equal(health.mqtt?.connected, false);
    const h2 = await fetch(`${bad.baseUrl}/healthz`);
    assert.equal(h2.status, 200);
    for (const d of [good, bad]) assert.ok(!d.output().includes(broker.password), 'the broker password is never logged');
  } finally {
    await Promise.all([good.stop(), bad.stop()]);
    // the retained configs and status live only in this private broker, which goes away
    watcher.end(true);
    await broker.stop();
  }
});
