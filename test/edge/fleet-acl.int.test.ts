/**
 * The fleet ACL of deploy/mosquitto/fleet.acl on a real Mosquitto with passwords: a box logged in
 * as its node id answers fleet questions through it, an asker of its own user reads the (signed)
 * parts, and the box's credentials cannot publish under another node's id, nor on another box's
 * reply topic, nor outside the fleet's topics.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { TEST_FLEET, writeBoxMemory } from '../../bench/fleet-memory.js';
import { packageRoot } from '../../edge/paths.js';
import { FleetAsker } from '../../edge/fleet/asker.js';
import { loadOrCreateFleetKey } from '../../edge/fleet/keys.js';
import { FleetKeyRing } from '../../edge/fleet/sign.js';
import { freeTcpPort, startDaemon, tempDir, type DaemonHandle } from '../helpers/daemon.js';
import { mqttConnect, mqttNext } from './clients.js';
import { recentMorning } from '../helpers/recent-morning.js';

const T0 = recentMorning();
const END = T0 + 240_000;
const PREFIX = `vigil-fleet/acl${Math.random().toString(36).slice(2, 6)}`;
const NODE = `acl-box-${Math.random().toString(36).slice(2, 6)}`;
const BOX_PW = `pw-${Math.random().toString(36).slice(2)}`;
const ASKER_PW = `pw-${Math.random().toString(36).slice(2)}`;
let broker: ChildProcess;
let url = '';
let daemon: DaemonHandle;
let keys: FleetKeyRing;

before(async () => {
  const dir = tempDir('fleet-acl');
  chmodSync(dir, 0o755);
  execFileSync('mosquitto_passwd', ['-c', '-b', join(dir, 'passwd'), NODE, BOX_PW], { stdio: 'pipe' });
  execFileSync('mosquitto_passwd', ['-b', join(dir, 'passwd'), 'fleet-asker', ASKER_PW], { stdio: 'pipe' });
  writeFileSync(join(dir, 'fleet.acl'), readFileSync(join(packageRoot(), 'deploy', 'mosquitto', 'fleet.acl'), 'utf8').replaceAll('vigil-fleet/site1', PREFIX));
  const port = await freeTcpPort();
  writeFileSync(join(dir, 'm.conf'), [`listener ${port} 127.0.0.1`, 'allow_anonymous false', `password_file ${join(dir, 'passwd')}`, `acl_file ${join(dir, 'fleet.acl')}`, 'persistence false', 'log_dest stdout', ''].join('\n'));
  for (const f of ['passwd', 'fleet.acl', 'm.conf']) chmodSync(join(dir, f), 0o644);
  broker = spawn('mosquitto', ['-c', join(dir, 'm.conf')], { stdio: 'ignore' });
  url = `mqtt://127.0.0.1:${port}`;
  for (let i = 0; i < 50; i++) {
    try {
      const c = await mqttConnect(url, { username: 'fleet-asker', password: ASKER_PW });
      await c.endAsync(true);
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const data = tempDir('fleet-acl-box');
  await writeBoxMemory(data, T0, END, TEST_FLEET.b ?? []);
  keys = new FleetKeyRing({ [NODE]: loadOrCreateFleetKey(data).key.publicText });
  daemon = startDaemon({ port: await freeTcpPort(), data, config: { node: NODE, timezone: 'UTC', cameras: [], mqtt: { url, username: NODE, password: BOX_PW }, fleet: { enabled: true, prefix: PREFIX } } });
  await daemon.waitFor(async () => (await fetch(`${daemon.baseUrl}/healthz`)).ok, 60_000, 'healthz');
});

after(async () => {
  await daemon?.stop();
  broker?.kill('SIGKILL');
});

test('through the fleet ACL: the box answers, the asker (its own user) reads the merged parts', async () => {
  const client = await mqttConnect(url, { username: 'fleet-asker', password: ASKER_PW });
  try {
    await mqttNext(client, `vigil/${NODE}/status`, 30_000, (_t, p) => p.toString() === 'online');
    const asker = new FleetAsker({ client, prefix: PREFIX, keys, asker: 'fleet-asker' });
    await asker.start();
    await new Promise((r) => setTimeout(r, 200));
    const a = await asker.ask('how many people came?', { deadlineMs: 5000, timeZone: 'UTC', now: END });
    assert.equal(a.value, 3, a.answer);
    assert.equal(a.partial, false);
    assert.deepEqual(a.boxes.map((b) => b.node), [NODE]);
    asker.stop();
  } finally {
    await client.endAsync(true);
  }
});

test('a box\'s credentials publish under its own node id and into fleet replies, not under another node\'s id', async () => {
  const watcher = await mqttConnect(url, { username: 'fleet-asker', password: ASKER_PW });
  const box = await mqttConnect(url, { username: NODE, password: BOX_PW, protocolVersion: 5 });
  try {
    const forged = mqttNext(watcher, 'vigil/+/status', 1500, (t) => t === 'vigil/other-box/status').then(() => 'delivered', () => 'blocked');
    const replies = `${PREFIX}/reply/fleet-asker`;
    const asOther = mqttNext(watcher, `${replies}/+`, 1500, (t) => t === `${replies}/other-box`).then(() => 'delivered', () => 'blocked');
    const asItself = mqttNext(watcher, `${replies}/+`, 1500, (t) => t === `${replies}/${NODE}`).then(() => 'delivered', () => 'blocked');
    await new Promise((r) => setTimeout(r, 200));
    await box.publishAsync('vigil/other-box/status', 'online', { qos: 0 });
    await box.publishAsync(`${replies}/other-box`, '{}', { qos: 0 });
    await box.publishAsync(`${replies}/${NODE}`, '{}', { qos: 0 });
    assert.equal(await forged, 'blocked', 'another node id');
    assert.equal(await asOther, 'blocked', "another box's reply topic");
    assert.equal(await asItself, 'delivered', 'its own reply topic');
    const reader = await mqttConnect(url, { username: NODE, password: BOX_PW });
    const own = mqttNext(reader, `vigil/${NODE}/#`, 3000, (t) => t.endsWith('/probe')).then(() => 'delivered', () => 'blocked');
    await new Promise((r) => setTimeout(r, 200));
    await box.publishAsync(`vigil/${NODE}/probe`, 'x', { qos: 0 });
    assert.equal(await own, 'delivered', 'its own node id');
    await reader.endAsync(true);
  } finally {
    await Promise.all([watcher.endAsync(true), box.endAsync(true)]);
  }
});
