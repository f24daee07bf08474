/**
 * Fleet questions on a real broker cluster: two Mosquitto nodes bridged to each other, three
 * Vigil daemons (box a on node A; boxes b and c on node B), each with its own memory (cameras
 * a1 a2, b1, c1; people overlapping in time across boxes). Asked from the CLI, over WebSocket and
 * from a plain MQTT client: counts are the sum of the boxes' own answers, "at once" sums the
 * overlapping timelines, first/last are right, evidence names each box; a daemon killed as the
 * question goes out and a broker node killed give partial answers by the deadline, naming the box.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { TEST_FLEET, writeBoxMemory } from '../../bench/fleet-memory.js';
import { FleetAsker } from '../../edge/fleet/asker.js';
import type { FleetAnswer } from '../../planner/fleet/protocol.js';
import { freeTcpPort, runCli, startDaemon, tempDir, type DaemonHandle } from '../helpers/daemon.js';
import { startBrokerCluster, type BrokerCluster } from '../helpers/mosquitto-cluster.js';
import { mqttConnect, mqttNext, WsTestClient } from './clients.js';

const T0 = Date.parse('2026-11-21T09:00:00Z');
const END = T0 + 240_000;
const PREFIX = `vigil-fleet/test-${Math.random().toString(36).slice(2, 8)}`;
const ids = Object.fromEntries(Object.keys(TEST_FLEET).map((n) => [n, `fleet-${n}-${Math.random().toString(36).slice(2, 6)}`])) as Record<'a' | 'b' | 'c', string>;
let cluster: BrokerCluster;
const daemons = new Map<string, DaemonHandle>();

before(async () => {
  cluster = await startBrokerCluster();
  const [A, B] = cluster.nodes;
  await Promise.all(
    Object.entries(TEST_FLEET).map(async ([box, cams]) => {
      const data = tempDir(`fleet-${box}`);
      await writeBoxMemory(data, T0, END, cams);
      const url = box === 'a' ? A.url : B.url;
      const d = startDaemon({ port: await freeTcpPort(), data, config: { node: ids[box as 'a'], timezone: 'UTC', cameras: [], mqtt: { url, keepaliveSeconds: 2 }, fleet: { enabled: true, prefix: PREFIX, deadlineMs: 4000 }, ...(box === 'b' ? { api: { maxInFlight: 1 } } : {}) } });
      daemons.set(box, d);
    }),
  );
  const watcher = await mqttConnect(B.url);
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

const node = (box: 'a' | 'b' | 'c'): string => ids[box];

/** A box's own answer over its MQTT ask topic. */
async function ownAnswer(box: 'a' | 'b' | 'c', question: string): Promise<number> {
  const c = await mqttConnect(cluster.nodes[1].url);
  try {
    const replyTo = `test-replies/${Math.random().toString(36).slice(2)}`;
    const got = mqttNext(c, replyTo, 20_000);
    await c.publishAsync(`vigil/${node(box)}/ask`, JSON.stringify({ question, replyTo, id: 'own' }), { qos: 1 });
    return (JSON.parse((await got).payload.toString()) as { value: number }).value;
  } finally {
    await c.endAsync(true);
  }
}

/** An asker on broker node B, as an automation would run it. */
async function askOnB(question: string, deadlineMs = 4000): Promise<FleetAnswer & { ms: number }> {
  const client = await mqttConnect(cluster.nodes[1].url);
  try {
    const asker = new FleetAsker({ client, prefix: PREFIX });
    await asker.start();
    await new Promise((r) => setTimeout(r, 300));
    const a = await asker.ask(question, { deadlineMs, timeZone: 'UTC', now: END });
    asker.stop();
    return a;
  } finally {
    await client.endAsync(true);
  }
}

test('vigil ask --fleet from another machine: the fleet count is the sum of each box\'s own answer', async () => {
  const r = await runCli(['ask', '--fleet', 'how many people came?', '--mqtt', cluster.nodes[0].url, '--prefix', PREFIX, '--now', new Date(END).toISOString(), '--tz', 'UTC', '--deadline', '8000', '--json']);
  assert.equal(r.code, 0, r.stderr);
  const a = JSON.parse(r.stdout) as FleetAnswer;
  const own = await Promise.all((['a', 'b', 'c'] as const).map((b) => ownAnswer(b, 'how many people came?')));
  assert.deepEqual(own, [3, 3, 2]);
  assert.equal(a.value, own.reduce((x, y) => x + y, 0));
  assert.equal(a.partial, false);
  assert.deepEqual(a.boxes.map((b) => [b.node, b.status]).sort(), (['a', 'b', 'c'] as const).map((b) => [node(b), 'ok']).sort());
  for (const b of ['a', 'b', 'c'] as const) assert.match(a.answer, new RegExp(`${node(b)} ${own[['a', 'b', 'c'].indexOf(b)]} \\(`));
  const text = await runCli(['ask', '--fleet', 'how many people came at camera b1?', '--mqtt', cluster.nodes[0].url, '--prefix', PREFIX, '--tz', 'UTC', '--deadline', '8000']);
  assert.equal(text.code, 0, text.stderr);
  assert.match(text.stdout, /^Fleet answer from 1 box: 3\./);
  assert.match(text.stdout, new RegExp(`No matching camera: (${node('a')}, ${node('c')}|${node('c')}, ${node('a')})`));
});

test('over WebSocket (box b, a gate of one slot: its own part runs under its question\'s slot): "at once" sums the boxes\' overlapping timelines; the evidence names each box', async () => {
  const ws = await WsTestClient.connect(`${daemons.get('b')?.baseUrl.replace('http', 'ws') ?? ''}/api/ws`);
  try {
    const r = await ws.request({ type: 'fleet.ask', question: 'what is the most people seen at once?', deadlineMs: 8000, timeZone: 'UTC' }, 20_000);
    assert.equal(r.status, 'ok', JSON.stringify(r));
    const a = (r as unknown as { result: FleetAnswer }).result;
    assert.equal(a.value, 5, `2 on a1 and 3 on b1 between 30 s and 60 s; each box alone says 2, 3, 2: ${a.answer}`);
    assert.equal(a.partial, false);
    assert.deepEqual([...new Set(a.evidence.map((e) => e.node))].sort(), [node('a'), node('b'), node('c')].sort());
    for (const b of a.boxes) assert.ok(b.coverage && b.answer, `${b.node} has its coverage and sentence`);
    const count = await ws.request({ type: 'fleet.ask', question: 'how many times was line gate crossed?', deadlineMs: 8000 }, 20_000);
    assert.equal((count as unknown as { result: FleetAnswer }).result.value, 8);
  } finally {
    ws.close();
  }
});

test('first and last across the boxes (after malformed asks, which the boxes drop without harm)', async () => {
  const c = await mqttConnect(cluster.nodes[0].url);
  const stray = mqttNext(c, 'vigil-elsewhere/#', 1500).then(() => 'answered', () => 'silent');
  await c.publishAsync(`${PREFIX}/ask`, '{not json', { qos: 1 });
  await c.publishAsync(`${PREFIX}/ask`, JSON.stringify({ v: 1, id: 'x', question: 'how many people came?' }), { qos: 1 });
  await c.publishAsync(`${PREFIX}/ask`, JSON.stringify({ v: 1, id: 'x', question: 'how many people came?', now: END, deadlineMs: 1000, replyTo: 'vigil-elsewhere/steal', asker: 'x' }), { qos: 1 });
  assert.equal(await stray, 'silent', 'no box replies outside <prefix>/reply/');
  await c.endAsync(true);
  const first = await askOnB('when did the first person arrive?', 8000);
  assert.equal(first.value, '2026-11-21T09:00:09.750Z', first.answer);
  assert.match(first.answer, new RegExp(`on a1 of box ${node('a')}`));
  const last = await askOnB('when did the last person leave?', 8000);
  assert.equal(last.value, '2026-11-21T09:03:00.250Z', last.answer);
  assert.match(last.answer, new RegExp(`on c1 of box ${node('c')}`));
});

test('a broker node killed: the boxes on the other node keep answering; the box behind it is named missing', async () => {
  await cluster.nodes[0].kill();
  const t0 = Date.now();
  const a = await askOnB('how many people came?', 3000);
  assert.ok(Date.now() - t0 < 5000, 'by the deadline');
  assert.equal(a.value, 5, `b 3 + c 2: ${a.answer}`);
  assert.equal(a.partial, true);
  assert.deepEqual(a.missing, [node('a')]);
  assert.match(a.answer, new RegExp(`Did not answer by the deadline: ${node('a')}`));
});

test('a daemon killed as the question goes out: the answer comes by the deadline, partial, naming the box', async () => {
  const client = await mqttConnect(cluster.nodes[1].url);
  try {
    const asker = new FleetAsker({ client, prefix: PREFIX });
    await asker.start();
    await new Promise((r) => setTimeout(r, 300));
    assert.ok(asker.onlineBoxes().includes(node('c')));
    const t0 = Date.now();
    const pending = asker.ask('how many people came?', { deadlineMs: 3000, timeZone: 'UTC', now: END });
    daemons.get('c')?.child.kill('SIGKILL');
    const a = await pending;
    const ms = Date.now() - t0;
    assert.ok(ms >= 2900 && ms < 4000, `answered at the deadline (${ms} ms)`);
    assert.equal(a.partial, true);
    assert.ok(a.missing.includes(node('c')), a.answer);
    assert.match(a.answer, new RegExp(`Did not answer by the deadline: .*${node('c')}`));
    assert.equal(a.value, 3, `box b alone: ${a.answer}`);
    asker.stop();
  } finally {
    await client.endAsync(true);
  }
});
