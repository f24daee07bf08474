/**
 * `npm run bench:fleet`: fleet questions over a real two-node Mosquitto cluster (bridged) with
 * simulated boxes: light in-process responders speaking the real protocol (FleetAsk in, FleetPart
 * out), each with its own synthetic memory (LMDB on disk) and the real part code; half the boxes
 * on each broker node, the asker on the first. Each box signs its parts and manifest with its own
 * Ed25519 key, which the asker pins (as `fleet.peers.<node>.key`). Measures fan-out + merge latency (publish of the
 * ask to the merged answer, every box answering) and the MQTT payload bytes per question (the ask
 * delivered to every box plus every part), and writes bench/results/fleet.json.
 *
 * Env: FLEET_BOXES (100), FLEET_MINUTES of memory per box (20), FLEET_ROUNDS of the question set (5).
 */
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { manifestTopic, type FleetManifest } from '../edge/api/fleet-view-wire.js';
import { FleetAsker } from '../edge/fleet/asker.js';
import { publicKeyText } from '../edge/fleet/keys.js';
import { FleetKeyRing, signManifest, signPart } from '../edge/fleet/sign.js';
import { noDelay } from '../edge/fleet/nodelay.js';
import { packageRoot } from '../edge/paths.js';
import { MemoryStore } from '../memory/store.js';
import { fleetPart } from '../planner/fleet/part.js';
import { FLEET_TOPICS, FleetAsk } from '../planner/fleet/protocol.js';
import { startBrokerCluster } from '../test/helpers/mosquitto-cluster.js';
import { tempDir } from '../test/helpers/daemon.js';
import { fillMemory } from './fleet-memory.js';

const BOXES = Number(process.env.FLEET_BOXES ?? 100);
const MINUTES = Number(process.env.FLEET_MINUTES ?? 20);
const ROUNDS = Number(process.env.FLEET_ROUNDS ?? 5);
const PREFIX = 'vigil-fleet/bench';
const T0 = Date.parse('2026-11-21T09:00:00Z');
const END = T0 + MINUTES * 60_000;
const QUESTIONS = [
  'how many people came?',
  'what is the most people seen at once?',
  'when did the first person arrive?',
  'when did the last person leave?',
  'how long did people stay on average?',
  'how many times was line gate crossed?',
  'was anyone there at 09:05:00?',
  'how many people came at camera box7-cam?',
];

/** A simulated box: its memory and its MQTT connection, answering asks with the real part code. */
interface SimBox {
  node: string;
  store: MemoryStore;
  client: MqttClient;
  bytesIn: Map<string, number>;
  bytesOut: Map<string, number>;
  /** The public key the asker pins. */
  publicKey: KeyObject;
  /** Time spent signing parts, ms. */
  signMs: number;
}

async function simBox(i: number, url: string): Promise<SimBox> {
  const node = `box${i}`;
  const store = new MemoryStore({ dir: tempDir(`fleet-bench-${i}`) });
  store.open();
  await fillMemory(store, T0, END, { random: [`${node}-cam`], seed: 1000 + i });
  const client = await mqtt.connectAsync(url, { reconnectPeriod: 0, will: { topic: `vigil/${node}/status`, payload: Buffer.from('offline'), qos: 1, retain: true } });
  noDelay(client);
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const box: SimBox = { node, store, client, bytesIn: new Map(), bytesOut: new Map(), publicKey, signMs: 0 };
  client.on('message', (topic, payload) => {
    if (topic !== FLEET_TOPICS.ask(PREFIX)) return;
    const r = FleetAsk.safeParse(JSON.parse(payload.toString()));
    if (!r.success || !r.data.replyTo.startsWith(FLEET_TOPICS.replyRoot(PREFIX))) return;
    box.bytesIn.set(r.data.id, payload.length);
    const part = fleetPart(r.data, store, { node, defaultTimeZone: 'UTC' });
    const t = performance.now();
    const body = signPart(r.data, part, privateKey);
    box.signMs += performance.now() - t;
    box.bytesOut.set(r.data.id, Buffer.byteLength(body));
    client.publish(FLEET_TOPICS.replyFrom(r.data.replyTo, node), body, { qos: 1 });
  });
  await client.subscribeAsync(FLEET_TOPICS.ask(PREFIX), { qos: 1 });
  await client.publishAsync(`vigil/${node}/status`, 'online', { qos: 1, retain: true });
  // the manifest names the fleet: askers wait only for the boxes of their fleet
  const manifest: FleetManifest = { v: 1, node, version: 'bench', publicUrl: null, cameras: [{ id: `${node}-cam`, zones: [], lines: [], classes: ['person'], model: 'none' }], coverage: { from: new Date(T0).toISOString(), to: new Date(END).toISOString() }, fleet: { prefix: PREFIX }, updatedAt: new Date().toISOString() };
  await client.publishAsync(manifestTopic(node), signManifest(manifest, privateKey), { qos: 1, retain: true });
  return box;
}

const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round((s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0) * 10) / 10;
};

async function main(): Promise<void> {
  const cluster = await startBrokerCluster();
  const [A, B] = cluster.nodes;
  const t0 = performance.now();
  const boxes: SimBox[] = [];
  for (let i = 0; i < BOXES; i++) boxes.push(await simBox(i, i % 2 === 0 || process.env.FLEET_ONE_NODE ? A.url : B.url));
  console.log(`${BOXES} boxes, ${MINUTES} min of memory each, set up in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const client = await mqtt.connectAsync(A.url, { reconnectPeriod: 0 });
  noDelay(client);
  const keys = new FleetKeyRing(Object.fromEntries(boxes.map((b) => [b.node, publicKeyText(b.publicKey)])));
  const asker = new FleetAsker({ client, prefix: PREFIX, keys, asker: 'bench' });
  await asker.start();
  const t1 = Date.now();
  while (asker.expectedBoxes().length < BOXES && Date.now() - t1 < 10_000) await new Promise((r) => setTimeout(r, 50));
  // warm-up: every question once (first reads of each memory, compiled code)
  for (const q of QUESTIONS) await asker.ask(q, { deadlineMs: 10_000, timeZone: 'UTC', now: END });
  const lat: number[] = [];
  const bytes: number[] = [];
  const per: Record<string, number[]> = {};
  let partial = 0;
  for (let r = 0; r < ROUNDS; r++) {
    for (const q of QUESTIONS) {
      const a = await asker.ask(q, { deadlineMs: 10_000, timeZone: 'UTC', now: END });
      if (a.partial || a.boxes.length !== BOXES) partial++;
      lat.push(a.ms);
      (per[q] ??= []).push(a.ms);
      const id = [...(boxes[0]?.bytesIn.keys() ?? [])].pop() ?? '';
      bytes.push(boxes.reduce((s, b) => s + (b.bytesIn.get(id) ?? 0) + (b.bytesOut.get(id) ?? 0), 0));
      if (r === 0) console.log(`${q}: ${a.ms} ms (box compute ${Math.round(a.boxes.reduce((x, b) => x + b.ms, 0))} ms in all), ${bytes[bytes.length - 1]} B -> ${a.answer.slice(0, 120)}`);
    }
  }
  const out = {
    command: 'npm run bench:fleet',
    machine: `${cpus().length} x ${cpus()[0]?.model ?? '?'}, node ${process.version}`,
    setup: `two Mosquitto nodes bridged (topic # both 1) on loopback; ${BOXES} simulated boxes in one process (half on each node), each its own LMDB memory (${MINUTES} min, one camera, a person about every 20 s) and the real part code; asker on node A; deadline 10 s, ends when every online box answered`,
    boxes: BOXES,
    questions: lat.length,
    latency_ms: { p50: pct(lat, 50), p95: pct(lat, 95), max: pct(lat, 100) },
    bytes_per_question: Math.round(bytes.reduce((a, b) => a + b, 0) / bytes.length),
    partial_answers: partial,
    sign_ms_per_part: Math.round((boxes.reduce((x, b) => x + b.signMs, 0) / boxes.reduce((x, b) => x + b.bytesOut.size, 0)) * 1000) / 1000,
    per_question_p50_ms: Object.fromEntries(Object.entries(per).map(([q, xs]) => [q, pct(xs, 50)])),
  };
  console.log(JSON.stringify(out, null, 2));
  writeFileSync(join(packageRoot(), 'bench', 'results', 'fleet.json'), `${JSON.stringify(out, null, 2)}\n`);
  asker.stop();
  await client.endAsync(true);
  for (const b of boxes) {
    await b.client.endAsync(true);
    await b.store.close();
  }
  await cluster.stop();
}

await main();
