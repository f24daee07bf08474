/**
 * Admission control against the real daemon (CLI child process, Mosquitto at 127.0.0.1:1883),
 * with a small gate (`api.maxInFlight: 1`, `api.maxQueued: 2`) and a seeded memory so each
 * `segments` request reads a full page: a burst over WebSocket and MQTT gets every request
 * answered, the excess with `BUSY` and its own id, and `/healthz` keeps answering quickly.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import type { MqttClient } from 'mqtt';
import { MemoryStore } from '../../memory/store.js';
import { freeTcpPort, startDaemon, tempDir, type DaemonHandle } from '../helpers/daemon.js';
import { mqttConnect, WsTestClient } from './clients.js';

const BROKER = 'mqtt://127.0.0.1:1883';
const NODE = `flood${randomBytes(4).toString('hex')}`;
const END = Date.now() - 60_000;
const FROM = END - 2 * 3_600_000;

let daemon: DaemonHandle;
let wsUrl: string;
let mqttClient: MqttClient;

interface Reply {
  id: string | null;
  status: string;
  code?: string;
  message?: string;
}

before(async () => {
  const data = tempDir('flood');
  const store = new MemoryStore({ dir: data });
  store.open();
  const emb = Array.from({ length: 384 }, (_, i) => i / 384);
  const writes: Promise<boolean>[] = [];
  for (const camera of ['a', 'b']) {
    for (let t = FROM; t < END; t += 2000) writes.push(store.writeSegment({ camera, start: t, end: t + 2000, frames: 4, firstFrameAt: t, lastFrameAt: t + 1500, caption: 'a person passes', textEmbedding: emb }));
  }
  await Promise.all(writes);
  await store.close();
  const port = await freeTcpPort();
  daemon = startDaemon({ port, data, config: { node: NODE, mqtt: { url: BROKER }, cameras: [], api: { maxInFlight: 1, maxQueued: 2 } } });
  wsUrl = `ws://127.0.0.1:${port}/api/ws`;
  await daemon.waitFor(async () => (await fetch(`${daemon.baseUrl}/healthz`)).ok, 60_000, 'healthz');
  mqttClient = await mqttConnect(BROKER, { protocolVersion: 5 });
});

after(async () => {
  mqttClient?.end(true);
  assert.equal(await daemon.stop(), 0, daemon.output().slice(-2000));
});

/** Polls /healthz every 50 ms until `done` settles; returns the latencies. */
async function healthDuring(done: Promise<unknown>): Promise<number[]> {
  const lat: number[] = [];
  let running = true;
  const stop = (): void => {
    running = false;
  };
  done.then(stop, stop);
  while (running) {
    const t0 = performance.now();
    assert.equal((await fetch(`${daemon.baseUrl}/healthz`)).status, 200);
    lat.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 50));
  }
  return lat;
}

function checkBusy(replies: Reply[], ids: string[]): void {
  assert.deepEqual(replies.map((r) => r.id).sort(), [...ids].sort(), 'every request answered once, with its id');
  const busy = replies.filter((r) => r.status === 'error');
  const ok = replies.filter((r) => r.status === 'ok');
  for (const r of busy) {
    assert.equal(r.code, 'BUSY', JSON.stringify(r));
    assert.match(r.message ?? '', /busy.*1 requests in flight and 2 waiting/);
  }
  // one runs, two wait: the rest of the burst is refused at once
  assert.ok(ok.length >= 3, `${ok.length} answered`);
  assert.ok(busy.length >= ids.length - 6, `only ${busy.length} of ${ids.length} refused: the gate did not bound the burst`);
}

test('a WebSocket burst over several connections: excess requests get BUSY with their ids; /healthz stays quick', async () => {
  const clients = await Promise.all(Array.from({ length: 4 }, () => WsTestClient.connect(wsUrl)));
  const ids: string[] = [];
  const all = Promise.all(
    clients.flatMap((c, i) =>
      Array.from({ length: 6 }, (_, j) => {
        const id = `ws-${i}-${j}`;
        ids.push(id);
        return c.request({ id, type: 'segments', from: FROM, to: END, limit: 2000 }, 60_000) as Promise<unknown> as Promise<Reply>;
      }),
    ),
  );
  const lat = await healthDuring(all);
  const replies = await all;
  checkBusy(replies, ids);
  const okReply = replies.find((r) => r.status === 'ok') as unknown as { result: { segments: unknown[]; truncated: boolean } };
  assert.equal(okReply.result.segments.length, 2000);
  assert.equal(okReply.result.truncated, true);
  assert.ok(Math.max(...lat) < 1000, `/healthz took ${Math.round(Math.max(...lat))} ms during the burst`);
  for (const c of clients) c.close();
  const h = await daemon.getJson<{ api: { maxInFlight: number; maxQueued: number; refused: number; inFlight: number } }>('/healthz');
  assert.equal(h.api.maxInFlight, 1);
  assert.ok(h.api.refused >= ids.length - 6);
});

test('an MQTT burst on the request topic: every request answered, the excess with BUSY and its id', async () => {
  const replyTo = `vigil-test/${NODE}/replies`;
  const n = 20;
  const replies: Reply[] = [];
  const all = new Promise<void>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`only ${replies.length} of ${n} MQTT replies`)), 60_000);
    mqttClient.on('message', (topic, payload) => {
      if (topic !== replyTo) return;
      const m = JSON.parse(payload.toString()) as Reply;
      replies.push({ id: m.id, status: m.status, ...(m.code ? { code: m.code } : {}), ...(m.message ? { message: m.message } : {}) });
      if (replies.length === n) {
        clearTimeout(t);
        resolve();
      }
    });
  });
  await mqttClient.subscribeAsync(replyTo, { qos: 1 });
  const ids = Array.from({ length: n }, (_, i) => `mq-${i}`);
  for (const id of ids) mqttClient.publish(`vigil/${NODE}/request`, JSON.stringify({ id, type: 'segments', from: FROM, to: END, limit: 2000, replyTo }), { qos: 1 });
  const lat = await healthDuring(all);
  await all;
  checkBusy(replies, ids);
  assert.ok(Math.max(...lat) < 1000, `/healthz took ${Math.round(Math.max(...lat))} ms during the burst`);
});
