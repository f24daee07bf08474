/**
 * Fleet questions on a real broker cluster: two Mosquitto nodes bridged to each other, three
 * Vigil daemons whose memories come from `vigil replay` of the shared clips as different cameras
 * (box a on node A: one-by-one-person-detection.mp4 as table-a from 09:00:00; boxes b and c on
 * node B: the same clip as table-b from 09:00:30, store-aisle-detection.mp4 as aisle-c from
 * 09:00:28, so people overlap in time across boxes), and two daemons that are not in the fleet
 * (box x with fleet off, which left a stale manifest of the fleet behind; box y in another fleet).
 * Asked from the CLI, over WebSocket and from a plain MQTT client: counts are the sum of the
 * boxes' own answers (`vigil ask --data`), "at once" sums the overlapping timelines, first/last
 * are right, evidence names each box, and x and y are never waited for; a daemon killed as the
 * question goes out and a broker node killed give partial answers by the deadline, naming the box.
 * Every box pins the others' fleet keys (created before start, as `vigil fleet key` does), and so
 * do the askers.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { FleetManifest } from '../../edge/api/fleet-view-wire.js';
import { FleetAsker } from '../../edge/fleet/asker.js';
import { loadOrCreateFleetKey } from '../../edge/fleet/keys.js';
import { FleetKeyRing } from '../../edge/fleet/sign.js';
import { packageRoot } from '../../edge/paths.js';
import type { FleetAnswer } from '../../planner/fleet/protocol.js';
import { freeTcpPort, runCli, startDaemon, tempDir, type DaemonHandle } from '../helpers/daemon.js';
import { startBrokerCluster, type BrokerCluster } from '../helpers/mosquitto-cluster.js';
import { mqttConnect, mqttNext, WsTestClient } from './clients.js';
import { recentMorning } from '../helpers/recent-morning.js';

const SHARED = join(packageRoot(), '..', 'shared', 'videos');
const T0 = recentMorning();
const at = (s: number): string => new Date(T0 + s * 1000).toISOString();
type Box = 'a' | 'b' | 'c';
const BOXES: Box[] = ['a', 'b', 'c'];
/** What each box replays: clip, camera, start (s after T0), broker node. */
const REPLAYS: Record<Box, { clip: string; camera: string; start: number; node: 0 | 1 }> = {
  a: { clip: 'one-by-one-person-detection.mp4', camera: 'table-a', start: 0, node: 0 },
  b: { clip: 'one-by-one-person-detection.mp4', camera: 'table-b', start: 30, node: 1 },
  c: { clip: 'store-aisle-detection.mp4', camera: 'aisle-c', start: 28, node: 1 },
};
const Q = { count: 'how many people came?', once: 'what is the most people seen at once across all cameras?', first: 'when did the first person arrive?', last: 'when did the last person leave?' } as const;
const NOW = new Date(T0 + 3_600_000).toISOString();
const tag = Math.random().toString(36).slice(2, 6);
const PREFIX = `vigil-fleet/test-${tag}`;
const ids = { a: `fleet-a-${tag}`, b: `fleet-b-${tag}`, c: `fleet-c-${tag}`, x: `fleet-x-${tag}`, y: `fleet-y-${tag}` };
let cluster: BrokerCluster;
const daemons = new Map<string, DaemonHandle>();
/** Each box's own answers (`vigil ask --data` on its data directory), by question. */
const own = {} as Record<keyof typeof Q, Record<Box, unknown>>;
/** Every daemon's pinned public key, by node id (`fleet.peers`). */
const peers: Record<string, { key: string }> = {};
/** A config file for `vigil ask --fleet` pinning every box's key. */
let askerConfig = '';
const keyRing = (): FleetKeyRing => FleetKeyRing.ofPeers(peers);

/** A box's own answer to a question, from its memory. */
async function askData(data: string, question: string): Promise<unknown> {
  const r = await runCli(['ask', question, '--data', data, '--json', '--tz', 'UTC', '--now', NOW]);
  assert.equal(r.code, 0, r.stderr);
  return (JSON.parse(r.stdout) as { value: unknown }).value;
}

before(async () => {
  cluster = await startBrokerCluster();
  const dirs = {} as Record<Box, string>;
  // the replays, two at a time (two cores), then each box's own answers
  await Promise.all(
    [['a'], ['b', 'c']].map(async (group) => {
      for (const box of group as Box[]) {
        const p = REPLAYS[box];
        dirs[box] = tempDir(`fleet-${box}`);
        const r = await runCli(['replay', join(SHARED, p.clip), '--camera', p.camera, '--start', at(p.start), '--data', dirs[box]]);
        assert.equal(r.code, 0, r.stderr);
      }
    }),
  );
  for (const q of Object.keys(Q) as (keyof typeof Q)[]) {
    own[q] = {} as Record<Box, unknown>;
    await Promise.all(BOXES.map(async (b) => void (own[q][b] = await askData(dirs[b], Q[q]))));
  }
  // box x was in the fleet once: its retained manifest still names the fleet
  const A = await mqttConnect(cluster.nodes[0].url);
  const stale: FleetManifest = { v: 1, node: ids.x, version: 'old', publicUrl: null, cameras: [], coverage: { from: null, to: null }, fleet: { prefix: PREFIX }, updatedAt: at(0) };
  await A.publishAsync(`vigil/${ids.x}/manifest`, JSON.stringify(stale), { qos: 1, retain: true });
  await A.endAsync(true);
  const data = { ...dirs, x: tempDir('fleet-x'), y: tempDir('fleet-y') };
  for (const [name, dir] of Object.entries(data)) peers[ids[name as 'a']] = { key: loadOrCreateFleetKey(dir).key.publicText };
  askerConfig = join(tempDir('fleet-asker'), 'asker.yaml');
  writeFileSync(askerConfig, JSON.stringify({ data: join(askerConfig, '..', 'data'), fleet: { peers } }));
  const start = async (name: string, url: string, fleet: object, extra: object = {}): Promise<void> => {
    daemons.set(name, startDaemon({ port: await freeTcpPort(), data: data[name as 'a'], config: { node: ids[name as 'a'], timezone: 'UTC', cameras: [], mqtt: { url, keepaliveSeconds: 2 }, fleet: { ...fleet, peers }, ...extra } }));
  };
  for (const b of BOXES) await start(b, cluster.nodes[REPLAYS[b].node].url, { enabled: true, prefix: PREFIX, deadlineMs: 4000 }, b === 'b' ? { api: { maxInFlight: 1 } } : {});
  await start('x', cluster.nodes[0].url, { enabled: false, prefix: PREFIX });
  await start('y', cluster.nodes[1].url, { enabled: true, prefix: `${PREFIX}-other` });
  const watcher = await mqttConnect(cluster.nodes[1].url);
  for (const [box, d] of daemons) {
    await d.waitFor(async () => (await fetch(`${d.baseUrl}/healthz`)).ok, 60_000, 'healthz');
    await mqttNext(watcher, `vigil/${ids[box as 'a']}/status`, 30_000, (_t, p) => p.toString() === 'online');
  }
  await watcher.endAsync(true);
});

after(async () => {
  for (const d of daemons.values()) if (d.child.exitCode === null && d.child.signalCode === null) await d.stop();
  await cluster?.stop();
});

const node = (box: Box): string => ids[box];
const sum = (q: keyof typeof Q): number => BOXES.reduce((s, b) => s + Number(own[q][b]), 0);

/** An asker on broker node B, as an automation would run it. */
async function askOnB(question: string, deadlineMs = 4000): Promise<FleetAnswer & { ms: number }> {
  const client = await mqttConnect(cluster.nodes[1].url);
  try {
    const asker = new FleetAsker({ client, prefix: PREFIX, keys: keyRing() });
    await asker.start();
    const a = await asker.ask(question, { deadlineMs, timeZone: 'UTC', now: Date.parse(NOW) });
    asker.stop();
    return a;
  } finally {
    await client.endAsync(true);
  }
}

test('vigil ask --fleet from another machine: the fleet count is the sum of each box\'s own answer; boxes out of the fleet are not waited for', async () => {
  assert.ok(BOXES.every((b) => Number(own.count[b]) > 0), `each replay saw people: ${JSON.stringify(own.count)}`);
  const t0 = Date.now();
  const r = await runCli(['ask', '--fleet', Q.count, '--config', askerConfig, '--mqtt', cluster.nodes[0].url, '--prefix', PREFIX, '--now', NOW, '--tz', 'UTC', '--deadline', '8000', '--json']);
  assert.equal(r.code, 0, r.stderr);
  assert.ok(Date.now() - t0 < 7000, 'done once the three boxes answered, not at the deadline');
  const a = JSON.parse(r.stdout) as FleetAnswer;
  assert.equal(a.value, sum('count'), a.answer);
  assert.equal(a.partial, false, a.answer);
  assert.deepEqual(a.missing, []);
  assert.deepEqual(a.dropped, [], 'every part verified');
  assert.deepEqual(a.boxes.map((b) => [b.node, b.status]).sort(), BOXES.map((b) => [node(b), 'ok']).sort(), 'x (fleet off) and y (another fleet) do not answer');
  for (const b of BOXES) assert.match(a.answer, new RegExp(`${node(b)} ${String(own.count[b])} \\(`));
  assert.doesNotMatch(a.answer, new RegExp(`${ids.x}|${ids.y}`));
  const text = await runCli(['ask', '--fleet', 'how many people came at camera table-b?', '--config', askerConfig, '--mqtt', cluster.nodes[0].url, '--prefix', PREFIX, '--tz', 'UTC', '--deadline', '8000']);
  assert.equal(text.code, 0, text.stderr);
  assert.match(text.stdout, new RegExp(`^Fleet answer from 1 box: ${String(own.count.b)}\\.`));
  assert.match(text.stdout, new RegExp(`No matching camera: (${node('a')}, ${node('c')}|${node('c')}, ${node('a')})`));
});

test('the asker expects the boxes whose manifest names its fleet: x cleared its stale manifest, y names another fleet', async () => {
  const client = await mqttConnect(cluster.nodes[0].url);
  try {
    // the connection already follows these topics, as a daemon's does for its fleet view: the asker
    // still gets the retained messages
    await client.subscribeAsync(['vigil/+/status', 'vigil/+/manifest'], { qos: 1 });
    await new Promise((r) => setTimeout(r, 300));
    const asker = new FleetAsker({ client, prefix: PREFIX, keys: keyRing() });
    await asker.start();
    assert.ok(asker.onlineBoxes().includes(ids.x) && asker.onlineBoxes().includes(ids.y), 'x and y are online');
    assert.deepEqual(asker.expectedBoxes().sort(), BOXES.map(node).sort());
    assert.equal(asker.fleets.has(ids.x), false, 'x cleared the manifest it left');
    assert.equal(asker.fleets.get(ids.y), `${PREFIX}-other`);
    asker.stop();
  } finally {
    await client.endAsync(true);
  }
});

test('over WebSocket (box b, a gate of one slot: its own part runs under its question\'s slot): "at once" across all cameras sums the boxes\' overlapping timelines, plainly it is the most in one place; the evidence names each box', async () => {
  const ws = await WsTestClient.connect(`${daemons.get('b')?.baseUrl.replace('http', 'ws') ?? ''}/api/ws`);
  try {
    const r = await ws.request({ type: 'fleet.ask', question: Q.once, deadlineMs: 8000, timeZone: 'UTC' }, 20_000);
    assert.equal(r.status, 'ok', JSON.stringify(r));
    const a = (r as unknown as { result: FleetAnswer }).result;
    // one person at table-a (09:00:23-09:00:44) while three shoppers stand in aisle-c (09:00:29.5-09:00:32);
    // table-b's first visitor comes at 09:00:36: not the sum of the maxima (1 + 1 + 3), nor their max
    assert.deepEqual(BOXES.map((b) => own.once[b]), [1, 1, 3], 'each box alone');
    assert.equal(a.value, 4, a.answer);
    assert.equal(a.partial, false);
    // asked plainly, "at once" is in one place: the three shoppers in aisle-c
    const plain = await ws.request({ type: 'fleet.ask', question: 'what is the most people seen at once?', deadlineMs: 8000, timeZone: 'UTC' }, 20_000);
    assert.equal((plain as unknown as { result: FleetAnswer }).result.value, 3, JSON.stringify(plain));
    assert.deepEqual([...new Set(a.evidence.map((e) => e.node))].sort(), BOXES.map(node).sort());
    for (const b of a.boxes) assert.ok(b.coverage && b.answer, `${b.node} has its coverage and sentence`);
    const t0 = Date.now();
    const count = await ws.request({ type: 'fleet.ask', question: Q.count, deadlineMs: 8000 }, 20_000);
    assert.ok(Date.now() - t0 < 6000, `the daemon's asker knows its fleet: done once the boxes answered, not at the deadline (${Date.now() - t0} ms)`);
    const c = (count as unknown as { result: FleetAnswer }).result;
    assert.equal(c.value, sum('count'));
    assert.deepEqual([...new Set(c.evidence.map((e) => e.node))].sort(), BOXES.map(node).sort());
  } finally {
    ws.close();
  }
});

test('first and last across the boxes (after malformed asks, which the boxes drop without harm)', async () => {
  const c = await mqttConnect(cluster.nodes[0].url);
  const stray = mqttNext(c, 'vigil-elsewhere/#', 1500).then(() => 'answered', () => 'silent');
  await c.publishAsync(`${PREFIX}/ask`, '{not json', { qos: 1 });
  await c.publishAsync(`${PREFIX}/ask`, JSON.stringify({ v: 1, id: 'x', question: Q.count }), { qos: 1 });
  await c.publishAsync(`${PREFIX}/ask`, JSON.stringify({ v: 1, id: 'x', question: Q.count, now: Date.parse(NOW), deadlineMs: 1000, replyTo: 'vigil-elsewhere/steal', asker: 'x' }), { qos: 1 });
  assert.equal(await stray, 'silent', 'no box replies outside <prefix>/reply/');
  await c.endAsync(true);
  const times = (q: 'first' | 'last'): [Box, number][] => BOXES.filter((b) => own[q][b] !== null).map((b) => [b, Date.parse(String(own[q][b]))]);
  const [fb, ft] = times('first').reduce((x, y) => (y[1] < x[1] ? y : x));
  const [lb, lt] = times('last').reduce((x, y) => (y[1] > x[1] ? y : x));
  assert.deepEqual([fb, lb], ['a', 'b'], `table-a starts first, table-b ends last: ${JSON.stringify(own)}`);
  const first = await askOnB(Q.first, 8000);
  assert.equal(first.value, new Date(ft).toISOString(), first.answer);
  assert.match(first.answer, new RegExp(`on ${REPLAYS[fb].camera} of box ${node(fb)}`));
  const last = await askOnB(Q.last, 8000);
  assert.equal(last.value, new Date(lt).toISOString(), last.answer);
  assert.match(last.answer, new RegExp(`on ${REPLAYS[lb].camera} of box ${node(lb)}`));
});

test('a broker node killed: the boxes on the other node keep answering; the box behind it is named missing', async () => {
  await cluster.nodes[0].kill();
  const t0 = Date.now();
  const a = await askOnB(Q.count, 3000);
  assert.ok(Date.now() - t0 < 5000, 'by the deadline');
  assert.equal(a.value, Number(own.count.b) + Number(own.count.c), `b + c: ${a.answer}`);
  assert.equal(a.partial, true);
  assert.deepEqual(a.missing, [node('a')], 'x, on the same node, was never in the fleet');
  assert.match(a.answer, new RegExp(`Did not answer by the deadline: ${node('a')}`));
});

test('a daemon killed as the question goes out: the answer comes by the deadline, partial, naming the box', async () => {
  const client = await mqttConnect(cluster.nodes[1].url);
  try {
    const asker = new FleetAsker({ client, prefix: PREFIX, keys: keyRing() });
    await asker.start();
    assert.ok(asker.expectedBoxes().includes(node('c')));
    const t0 = Date.now();
    const pending = asker.ask(Q.count, { deadlineMs: 3000, timeZone: 'UTC', now: Date.parse(NOW) });
    daemons.get('c')?.child.kill('SIGKILL');
    const a = await pending;
    const ms = Date.now() - t0;
    assert.ok(ms >= 2900 && ms < 4000, `answered at the deadline (${ms} ms)`);
    assert.equal(a.partial, true);
    assert.ok(a.missing.includes(node('c')), a.answer);
    assert.match(a.answer, new RegExp(`Did not answer by the deadline: .*${node('c')}`));
    assert.equal(a.value, own.count.b, `box b alone: ${a.answer}`);
    asker.stop();
  } finally {
    await client.endAsync(true);
  }
});
