/**
 * Issue 23, acceptance: a rogue MQTT client forging parts or a manifest changes no fleet answer
 * (each forged part is dropped and named) and receives no token. Two Mosquitto nodes bridged to
 * each other (anonymous, no ACL: the signatures alone must hold), two real daemons that pin each
 * other's fleet key (line1 on node A holds line2's read token and URL; line2 on node B), a third
 * pinned box, line3, online with a signed manifest but silent (so every question runs to its
 * deadline and every forgery arrives in time to be judged), and a rogue client on node B that is
 * not a box. The rogue records line2's real parts, then answers every question as line2 with a
 * count of 1000: unsigned, with a recorded signature, under its own key, replayed, on line3's
 * topic, and as a box nobody pinned; and it retains forged manifests of line2 (and of a box of
 * its own) naming its own HTTP server, which records every request it gets.
 */
import assert from 'node:assert/strict';
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { MqttClient } from 'mqtt';
import { TEST_FLEET, writeBoxMemory } from '../../bench/fleet-memory.js';
import type { FleetManifest, FleetViewState } from '../../edge/api/fleet-view-wire.js';
import type { Alert } from '../../edge/api/wire.js';
import { loadOrCreateFleetKey, publicKeyText } from '../../edge/fleet/keys.js';
import { signManifest, signPart, splitSigned } from '../../edge/fleet/sign.js';
import { FLEET_TOPICS, FleetAsk, FleetPart, type FleetAnswer } from '../../planner/fleet/protocol.js';
import { freeTcpPort, runCli, startDaemon, tempDir, type DaemonHandle } from '../helpers/daemon.js';
import { startBrokerCluster, type BrokerCluster } from '../helpers/mosquitto-cluster.js';
import { mqttConnect, mqttNext, WsTestClient } from './clients.js';

const PREFIX = `vigil-fleet/rogue${Math.random().toString(36).slice(2, 6)}`;
const T0 = Date.now() - 15 * 60_000;
const END = T0 + 240_000;
const Q = 'how many people came?';
const TOKEN1 = `line1-admin-${Math.random().toString(36).slice(2)}`;
const TOKEN2 = `line2-read-${Math.random().toString(36).slice(2)}`;
const DEADLINE = 2500;
let cluster: BrokerCluster;
let line1: DaemonHandle;
let line2: DaemonHandle;
let rogue: MqttClient;
let line3: MqttClient;
let trap: Server;
let trapUrl = '';
/** Every request the rogue's HTTP server received. */
const trapped: { url: string; headers: IncomingHttpHeaders }[] = [];
/** line2's real parts, as the rogue recorded them from the shared reply topics. */
const recorded: { topic: string; payload: string }[] = [];
let askerConfig = '';
/** The answers asked before the rogue attacks. */
const baseline: { ws?: FleetAnswer; cli?: FleetAnswer } = {};

/** Asks through line1's WebSocket `fleet.ask` (its daemon asker). */
async function askWs(): Promise<FleetAnswer> {
  const ws = await WsTestClient.connect(`${line1.baseUrl.replace('http', 'ws')}/api/ws`, TOKEN1);
  try {
    const r = await ws.request({ type: 'fleet.ask', question: Q, deadlineMs: DEADLINE, timeZone: 'UTC' }, 20_000);
    assert.equal(r.status, 'ok', JSON.stringify(r));
    return (r as unknown as { result: FleetAnswer }).result;
  } finally {
    ws.close();
  }
}

/** Asks with `vigil ask --fleet` on broker node B, pinning the boxes' keys in its config. */
async function askCli(): Promise<FleetAnswer> {
  const r = await runCli(['ask', '--fleet', Q, '--config', askerConfig, '--mqtt', cluster.nodes[1].url, '--prefix', PREFIX, '--now', new Date(END).toISOString(), '--tz', 'UTC', '--deadline', String(DEADLINE), '--json']);
  assert.ok(r.code === 0 || r.code === 3, r.stderr);
  return JSON.parse(r.stdout) as FleetAnswer;
}

before(async () => {
  cluster = await startBrokerCluster();
  trap = createServer((q, res) => {
    trapped.push({ url: q.url ?? '', headers: q.headers });
    res.writeHead(200, { 'content-type': 'image/jpeg' }).end(Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
  });
  await new Promise<void>((r) => trap.listen(0, '127.0.0.1', r));
  trapUrl = `http://127.0.0.1:${(trap.address() as AddressInfo).port}`;
  const [d1, d2] = [tempDir('rogue-line1'), tempDir('rogue-line2')];
  await writeBoxMemory(d1, T0, END, TEST_FLEET.a ?? []);
  await writeBoxMemory(d2, T0, END, TEST_FLEET.b ?? []);
  // the keys as `vigil fleet key --data DIR` prints them on each box; line3's is kept by the test
  const k3 = generateKeyPairSync('ed25519');
  const keys = { line1: loadOrCreateFleetKey(d1).key.publicText, line2: loadOrCreateFleetKey(d2).key.publicText, line3: publicKeyText(k3.publicKey) };
  const [p1, p2] = [await freeTcpPort(), await freeTcpPort()];
  const url2 = `http://127.0.0.1:${p2}`;
  const fleet = { enabled: true, prefix: PREFIX, deadlineMs: DEADLINE };
  line1 = startDaemon({
    port: p1,
    data: d1,
    config: { node: 'line1', timezone: 'UTC', cameras: [], mqtt: { url: cluster.nodes[0].url, keepaliveSeconds: 2 }, auth: { tokens: [{ name: 'admin', token: TOKEN1, scope: 'admin' }] }, fleet: { ...fleet, peers: { line2: { key: keys.line2, token: TOKEN2, url: url2 }, line3: { key: keys.line3 } } } },
  });
  line2 = startDaemon({
    port: p2,
    data: d2,
    config: {
      node: 'line2',
      timezone: 'UTC',
      cameras: [{ id: 'cam', url: 'builtin:demo', fps: 1, width: 320, detector: { model: 'none' }, audio: { enabled: false } }],
      mqtt: { url: cluster.nodes[1].url, keepaliveSeconds: 2 },
      auth: { tokens: [{ name: 'fleet-read', token: TOKEN2, scope: 'read' }] },
      fleet: { ...fleet, publicUrl: url2, peers: { line1: { key: keys.line1 } } },
    },
  });
  const dir = tempDir('rogue-asker');
  askerConfig = join(dir, 'asker.yaml');
  writeFileSync(askerConfig, JSON.stringify({ data: join(dir, 'data'), fleet: { peers: Object.fromEntries(Object.entries(keys).map(([n, key]) => [n, { key }])) } }));
  // line3: online, a signed manifest naming the fleet, and silent
  line3 = await mqttConnect(cluster.nodes[1].url);
  const m3: FleetManifest = { v: 1, node: 'line3', version: 'test', publicUrl: null, cameras: [], coverage: { from: null, to: null }, fleet: { prefix: PREFIX }, updatedAt: new Date().toISOString() };
  await line3.publishAsync('vigil/line3/manifest', signManifest(m3, k3.privateKey), { qos: 1, retain: true });
  await line3.publishAsync('vigil/line3/status', 'online', { qos: 1, retain: true });
  const watcher = await mqttConnect(cluster.nodes[0].url);
  for (const [n, d] of [['line1', line1], ['line2', line2]] as const) {
    await d.waitFor(async () => (await fetch(`${d.baseUrl}/healthz`)).ok, 60_000, 'healthz');
    await mqttNext(watcher, `vigil/${n}/manifest`, 30_000);
  }
  await watcher.endAsync(true);
  // the rogue listens to every reply (no ACL stops it) from before the first question
  rogue = await mqttConnect(cluster.nodes[1].url);
  rogue.on('message', (topic, payload) => {
    if (topic.endsWith('/line2') && topic.startsWith(`${PREFIX}/reply/`)) recorded.push({ topic, payload: payload.toString() });
  });
  await rogue.subscribeAsync(`${PREFIX}/reply/#`, { qos: 1 });
});

after(async () => {
  await Promise.all([line1?.stop(), line2?.stop()]);
  await Promise.all([rogue?.endAsync(true), line3?.endAsync(true)]);
  trap?.close();
  await cluster?.stop();
});

test('before the rogue: the fleet answers 3 + 3 from line1 and line2, line3 named missing', async () => {
  baseline.ws = await askWs();
  assert.equal(baseline.ws.value, 6, baseline.ws.answer);
  assert.deepEqual(baseline.ws.boxes.map((b) => [b.node, b.status]), [['line1', 'ok'], ['line2', 'ok']]);
  assert.deepEqual(baseline.ws.missing, ['line3']);
  assert.deepEqual(baseline.ws.dropped, []);
  baseline.cli = await askCli();
  assert.equal(baseline.cli.value, 6, baseline.cli.answer);
  assert.deepEqual(baseline.cli.dropped, []);
  assert.ok(recorded.length >= 2, 'the rogue recorded line2\'s real parts');
});

/** The rogue's forgeries for one ask: line2's recorded part, its count made 1000. */
function forge(ask: FleetAsk, rogueKey: KeyObject): [string, string][] {
  const last = recorded[recorded.length - 1] as { topic: string; payload: string };
  const real = FleetPart.parse(JSON.parse(splitSigned(last.payload).body));
  const fake: FleetPart = { ...real, id: ask.id, part: { kind: 'count', n: 1000 }, answer: '1000.' };
  const body = JSON.stringify(fake);
  const oldSig = /,"sig":"[^"]+"\}$/.exec(last.payload)?.[0] ?? '}';
  const on = (box: string): string => FLEET_TOPICS.replyFrom(ask.replyTo, box);
  return [
    [ask.replyTo, body], // the shared reply topic of before
    [on('line2'), body], // unsigned
    [on('line2'), `${body.slice(0, -1)}${oldSig}`], // a signature lifted from a real part
    [on('line2'), signPart(ask, fake, rogueKey)], // signed by the rogue's own key
    [on('line2'), last.payload], // a real part replayed as it was (another question's)
    [on('line3'), signPart(ask, fake, rogueKey)], // on another box's topic
    [on('ghost'), signPart(ask, { ...fake, node: 'ghost' }, rogueKey)], // a box nobody pinned
  ];
}

test('the rogue forges parts and manifests: no answer changes, each forged part is dropped and named, and no token reaches it', async () => {
  const rogueKey = generateKeyPairSync('ed25519').privateKey;
  const published: Promise<unknown>[] = [];
  rogue.on('message', (topic, payload) => {
    if (topic !== FLEET_TOPICS.ask(PREFIX)) return;
    const ask = FleetAsk.parse(JSON.parse(payload.toString()));
    for (const [t, p] of forge(ask, rogueKey)) published.push(rogue.publishAsync(t, p, { qos: 1 }));
  });
  await rogue.subscribeAsync(FLEET_TOPICS.ask(PREFIX), { qos: 1 });
  // forged manifests, retained: line2's pointing at the rogue's server (unsigned, and under the
  // rogue's key), and one of a box of the rogue's own claiming the fleet
  const forged = (node: string): FleetManifest => ({ v: 1, node, version: 'evil', publicUrl: trapUrl, cameras: [{ id: 'cam', zones: [], lines: [], classes: ['person'], model: 'none' }], coverage: { from: null, to: null }, fleet: { prefix: PREFIX }, updatedAt: new Date().toISOString() });
  const seenOnA = await mqttConnect(cluster.nodes[0].url);
  const crossed = mqttNext(seenOnA, 'vigil/line2/manifest', 10_000, (_t, p) => p.toString().includes(trapUrl) && p.toString().includes('"sig"'));
  await rogue.publishAsync('vigil/line2/manifest', JSON.stringify(forged('line2')), { qos: 1, retain: true });
  await rogue.publishAsync('vigil/ghost/manifest', JSON.stringify(forged('ghost')), { qos: 1, retain: true });
  await rogue.publishAsync('vigil/ghost/status', 'online', { qos: 1, retain: true });
  await rogue.publishAsync('vigil/line2/manifest', signManifest(forged('line2'), rogueKey), { qos: 1, retain: true });
  await crossed;
  await seenOnA.endAsync(true);
  await new Promise((r) => setTimeout(r, 300));

  for (const [how, ask, base] of [['WebSocket', askWs, baseline.ws], ['CLI', askCli, baseline.cli]] as const) {
    const n = published.length;
    const a = await ask();
    assert.ok(published.length - n >= 7, `${how}: the rogue answered the question (${published.length - n} forgeries)`);
    assert.equal(a.value, 6, `${how}: ${a.answer}`);
    assert.equal(a.value, base?.value);
    assert.deepEqual(a.boxes.map((b) => [b.node, b.status]), base?.boxes.map((b) => [b.node, b.status]), how);
    for (const b of a.boxes) assert.match(b.answer ?? '', / 3\.$/, `${how}: ${b.node}'s own sentence is its own`);
    assert.deepEqual(a.missing, ['line3'], `${how}: line3 is still missing, the ghost is not waited for`);
    assert.doesNotMatch(a.answer, /1000/);
    const dropped = a.dropped.map((d) => `${d.node}: ${d.why}`).sort();
    assert.deepEqual(dropped, ['ghost: no key pinned for it (fleet.peers.ghost.key)', 'line2: bad signature', 'line2: sent on the reply topic of box "line3"', 'line2: unsigned'], how);
    assert.match(a.answer, /Dropped a part claiming to be from line2: bad signature\./);
    assert.match(a.answer, /Dropped a part claiming to be from line2: unsigned\./);
  }
  await Promise.all(published);

  // line1's view kept line2's signed manifest: the forged URL is nowhere
  const ws = await WsTestClient.connect(`${line1.baseUrl.replace('http', 'ws')}/api/ws`, TOKEN1);
  try {
    const st = ((await ws.request({ type: 'fleet.state' })) as unknown as { result: FleetViewState<Alert> }).result;
    const l2 = st.boxes.find((b) => b.node === 'line2');
    assert.equal(l2?.manifest?.publicUrl, line2.baseUrl, 'the forged manifest was dropped');
    assert.equal(l2?.manifest?.version === 'evil', false);
  } finally {
    ws.close();
  }
  // images: line2's through line1's proxy at the pinned URL, with line2's token; the ghost's not at all
  const snap = (node: string): Promise<Response> => fetch(`${line1.baseUrl}/api/fleet/${node}/cameras/cam/snapshot.jpg`, { headers: { authorization: `Bearer ${TOKEN1}` } });
  const img = await line1.waitFor(async () => {
    const r = await snap('line2');
    return r.status === 200 ? r : undefined;
  }, 60_000, "line2's snapshot through line1");
  assert.equal(img.headers.get('content-type'), 'image/jpeg');
  const ghost = await snap('ghost');
  assert.notEqual(ghost.status, 200, await ghost.clone().text());
  assert.deepEqual(trapped, [], 'the rogue received no request, so no token');
});
