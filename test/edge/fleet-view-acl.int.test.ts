/**
 * The broker ACL the README gives for a fleet with the fleet view (deploy/mosquitto/fleet-view.acl),
 * on a private Mosquitto with a password file: a real daemon logged in as its node id publishes its
 * status, manifest and camera statuses, and its fleet view reads another box's status, camera
 * status, counts and alerts; a box that publishes another box's status is not heard (Mosquitto
 * drops a publish the ACL refuses).
 */
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, copyFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { packageRoot } from '../../edge/paths.js';
import { freeTcpPort, startDaemon, tempDir } from '../helpers/daemon.js';
import { mqttConnect, mqttNext, WsTestClient } from './clients.js';
import type { FleetManifest, FleetViewState } from '../../edge/api/fleet-view-wire.js';
import type { Alert } from '../../edge/api/wire.js';

test('the fleet view ACL: each box publishes only under its own node id and reads the fleet view topics', { timeout: 120_000 }, async () => {
  const dir = tempDir('fleet-acl');
  const users = { boxa: 'pw-a-0123456789', boxb: 'pw-b-0123456789' };
  execFileSync('mosquitto_passwd', ['-c', '-b', join(dir, 'passwd'), 'boxa', users.boxa], { stdio: 'pipe' });
  execFileSync('mosquitto_passwd', ['-b', join(dir, 'passwd'), 'boxb', users.boxb], { stdio: 'pipe' });
  copyFileSync(join(packageRoot(), 'deploy', 'mosquitto', 'fleet-view.acl'), join(dir, 'fleet.acl'));
  const port = await freeTcpPort();
  writeFileSync(join(dir, 'mosquitto.conf'), [`listener ${port} 127.0.0.1`, 'allow_anonymous false', `password_file ${join(dir, 'passwd')}`, `acl_file ${join(dir, 'fleet.acl')}`, 'persistence false', 'log_dest stdout', ''].join('\n'));
  // started as root, mosquitto drops to its own user: let it read this throwaway folder
  chmodSync(dir, 0o755);
  for (const f of readdirSync(dir)) chmodSync(join(dir, f), 0o644);
  const broker = spawn('mosquitto', ['-c', join(dir, 'mosquitto.conf')], { stdio: 'ignore' });
  const url = `mqtt://127.0.0.1:${port}`;
  let daemon: ReturnType<typeof startDaemon> | null = null;
  try {
    let b: Awaited<ReturnType<typeof mqttConnect>> | null = null;
    for (let i = 0; i < 50 && !b; i++) b = await mqttConnect(url, { username: 'boxb', password: users.boxb }).catch(async () => (await new Promise((r) => setTimeout(r, 100)), null));
    assert.ok(b, 'mosquitto started');
    daemon = startDaemon({
      port: await freeTcpPort(),
      config: { node: 'boxa', mqtt: { url, username: 'boxa', password: users.boxa }, fleet: { enabled: true, prefix: 'vigil-fleet/site1' }, cameras: [{ id: 'cam', url: 'builtin:demo', fps: 1, width: 320, detector: { model: 'none' }, audio: { enabled: false } }] },
    });
    // box A's own topics pass the ACL and box B reads them
    const manifest = mqttNext(b, 'vigil/boxa/manifest', 60_000);
    const status = mqttNext(b, 'vigil/boxa/cam/status', 60_000, (_t, p) => p.toString().includes('streaming'));
    assert.equal((JSON.parse((await manifest).payload.toString()) as FleetManifest).node, 'boxa');
    assert.ok(await status);
    // box B may publish its own topics, not box A's (the broker drops them)
    const spoof = mqttNext(b, 'vigil/boxa/status', 3000, (_t, p) => p.toString() === 'offline');
    await b.publishAsync('vigil/boxa/status', 'offline', { qos: 1, retain: true });
    await assert.rejects(spoof, /no MQTT message/);
    const own = mqttNext(b, 'vigil/boxb/status', 5000);
    await b.publishAsync('vigil/boxb/status', 'online', { qos: 1, retain: true });
    assert.equal((await own).payload.toString(), 'online');
    await b.publishAsync('vigil/boxb/dock/status', JSON.stringify({ camera: 'dock', state: 'streaming', enabled: true, fps: 2, lastFrameAt: null, reconnects: 0, error: null }), { qos: 1, retain: true });
    await b.publishAsync('vigil/boxb/dock/all/person/count', '2', { qos: 0, retain: true });
    const alert = { id: 'al1', rule: 'r', node: 'boxb', camera: 'dock', class: 'person', zone: null, message: 'person in view', frameTs: 1, firedAt: 2, evidence: { start: 'a', end: 'b', objectIds: [], snapshot: '/x' } };
    // box A reads the fleet: its view has box B online, and not the spoofed offline of itself
    const ws = await WsTestClient.connect(`${daemon.baseUrl.replace('http', 'ws')}/api/ws`);
    try {
      const boxes = await daemon.waitFor(async () => {
        const r = (await ws.request({ type: 'fleet.state' })) as unknown as { result: FleetViewState<Alert> };
        const got = r.result.boxes;
        return got.some((x) => x.node === 'boxb' && x.online && x.cameras[0]?.counts[0]?.count === 2) ? got : undefined;
      }, 30_000, "box B's camera and count in the view of box A");
      assert.equal(boxes.find((x) => x.node === 'boxb')?.cameras[0]?.state, 'streaming');
      assert.equal(boxes.find((x) => x.node === 'boxa')?.online, true, 'the spoofed offline was dropped');
      // alerts are live only: published once A's view is subscribed
      await b.publishAsync('vigil/boxb/alerts/r', JSON.stringify(alert), { qos: 1 });
      await daemon.waitFor(async () => {
        const r = (await ws.request({ type: 'fleet.state' })) as unknown as { result: FleetViewState<Alert> };
        return r.result.alerts.some((x) => x.id === 'al1');
      }, 10_000, "box B's alert in the view of box A");
    } finally {
      ws.close();
    }
    b.end(true);
  } finally {
    await daemon?.stop();
    broker.kill('SIGTERM');
  }
});
