/**
 * The fleet asker against a simulated broker that behaves like Mosquitto: retained messages reach
 * the client after the subscription is acknowledged, in order with what is published later. The
 * asker waits only for online boxes whose retained manifest names its fleet prefix: a box online
 * with fleet questions off (no manifest, a cleared one, or `fleet: null`) or in another fleet is
 * not waited for and not named missing; a box of its fleet that stays silent is, even when its
 * retained messages arrive after the acknowledgement.
 */
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { test } from 'node:test';
import type { MqttClient } from 'mqtt';
import type { FleetManifest } from '../../edge/api/fleet-view-wire.js';
import { FleetAsker } from '../../edge/fleet/asker.js';
import { FleetAsk, type FleetPart } from '../../planner/fleet/protocol.js';

const PREFIX = 'vigil-fleet/site1';

function manifest(node: string, fleet: FleetManifest['fleet']): string {
  const m: FleetManifest = { v: 1, node, version: 't', publicUrl: null, cameras: [], coverage: { from: null, to: null }, updatedAt: '2026-11-21T09:00:00.000Z', ...(fleet !== undefined ? { fleet } : {}) };
  return JSON.stringify(m);
}

function matches(filter: string, topic: string): boolean {
  const f = filter.split('/');
  const t = topic.split('/');
  return f.length === t.length && f.every((l, i) => l === '+' || l === t[i]);
}

/**
 * A one-client broker: retained messages, an ordered delivery queue (one message every 2 ms, so
 * the retained ones arrive well after the acknowledgement), and boxes that answer asks on PREFIX.
 */
class FakeBroker extends EventEmitter {
  readonly retained = new Map<string, string>();
  readonly subs = new Set<string>();
  /** Boxes that answer an ask (after the given delay, ms). */
  readonly answering = new Map<string, number>();
  /** Whether the broker drops what the client publishes on its reply topic (an ACL). */
  denyReplyWrites = false;
  private readonly queue: [string, string][] = [];
  private pumping = false;

  get client(): MqttClient {
    return this as unknown as MqttClient;
  }

  subscribe(map: Record<string, unknown>, cb: (err: Error | null) => void): void {
    const topics = Object.keys(map).filter((t) => t !== 'resubscribe');
    for (const t of topics) this.subs.add(t);
    for (const [topic, payload] of this.retained) if (topics.some((f) => matches(f, topic))) this.deliver(topic, payload);
    setImmediate(() => cb(null));
  }

  unsubscribe(topics: string[]): void {
    for (const t of topics) this.subs.delete(t);
  }

  publish(topic: string, payload: string, _o: unknown, cb?: (err?: Error) => void): void {
    cb?.();
    if (topic === `${PREFIX}/ask`) {
      const ask = FleetAsk.parse(JSON.parse(payload));
      for (const [node, ms] of this.answering) setTimeout(() => this.deliver(ask.replyTo, JSON.stringify(part(ask.id, node))), ms);
      return;
    }
    if (topic.startsWith(`${PREFIX}/reply/`) && this.denyReplyWrites) return;
    this.deliver(topic, payload);
  }

  deliver(topic: string, payload: string): void {
    if (![...this.subs].some((f) => matches(f, topic))) return;
    this.queue.push([topic, payload]);
    if (this.pumping) return;
    this.pumping = true;
    const pump = (): void => {
      const m = this.queue.shift();
      if (!m) {
        this.pumping = false;
        return;
      }
      this.emit('message', m[0], Buffer.from(m[1]));
      setTimeout(pump, 2);
    };
    setTimeout(pump, 2);
  }
}

function part(id: string, node: string): FleetPart {
  return { v: 1, id, node, status: 'none', ms: 1, coverage: null, cameras: [], why: 'no camera called "dock"' };
}

/** The broker of the tests: boxes a and b in the fleet, c with fleet off, d in another fleet, e with `fleet: null`, f older (no field), g offline. */
function broker(): FakeBroker {
  const b = new FakeBroker();
  for (const n of ['a', 'b', 'c', 'd', 'e', 'f']) b.retained.set(`vigil/${n}/status`, 'online');
  b.retained.set('vigil/g/status', 'offline');
  b.retained.set('vigil/a/manifest', manifest('a', { prefix: PREFIX }));
  b.retained.set('vigil/b/manifest', manifest('b', { prefix: PREFIX }));
  b.retained.set('vigil/d/manifest', manifest('d', { prefix: 'vigil-fleet/site2' }));
  b.retained.set('vigil/e/manifest', manifest('e', null));
  b.retained.set('vigil/f/manifest', manifest('f', undefined));
  b.retained.set('vigil/g/manifest', manifest('g', { prefix: PREFIX }));
  // many more boxes of other fleets: their retained messages take a while to arrive
  for (let i = 0; i < 20; i++) {
    b.retained.set(`vigil/x${i}/status`, 'online');
    b.retained.set(`vigil/x${i}/manifest`, manifest(`x${i}`, { prefix: 'vigil-fleet/elsewhere' }));
  }
  return b;
}

test('the asker waits only for the online boxes whose manifest names its prefix; the others are not missing', async () => {
  const b = broker();
  b.answering.set('c', 1).set('a', 5).set('b', 30);
  const asker = new FleetAsker({ client: b.client, prefix: PREFIX });
  await asker.start();
  assert.equal(asker.onlineBoxes().length, 26, 'every retained status is in once start resolves');
  assert.deepEqual(asker.expectedBoxes().sort(), ['a', 'b']);
  const t0 = Date.now();
  const r = await asker.ask('how many people came at camera dock?', { deadlineMs: 3000, timeZone: 'UTC' });
  assert.ok(Date.now() - t0 < 1500, `done once a and b answered, not at the deadline (${Date.now() - t0} ms)`);
  assert.equal(r.partial, false, r.answer);
  assert.deepEqual(r.missing, []);
  // a box with no manifest (fleet off) that answers anyway still counts
  assert.deepEqual(r.boxes.map((x) => x.node).sort(), ['a', 'b', 'c']);
  asker.stop();
});

test('a silent box of the fleet is named missing, though its retained messages arrive after the subscription is acknowledged', async () => {
  const b = broker();
  b.answering.set('a', 5).set('c', 5).set('d', 5);
  const asker = new FleetAsker({ client: b.client, prefix: PREFIX });
  await asker.start();
  const r = await asker.ask('how many people came at camera dock?', { deadlineMs: 400, timeZone: 'UTC' });
  assert.equal(r.partial, true);
  assert.deepEqual(r.missing, ['b'], r.answer);
  assert.match(r.answer, /Did not answer by the deadline: b\b/);
  assert.deepEqual(r.boxes.map((x) => x.node).sort(), ['a', 'c', 'd'], 'parts of boxes not expected are still merged');
  asker.stop();
});

test('a manifest that leaves the fleet (cleared, null or another prefix) or joins it is followed', async () => {
  const b = broker();
  const asker = new FleetAsker({ client: b.client, prefix: PREFIX });
  await asker.start();
  assert.deepEqual(asker.expectedBoxes().sort(), ['a', 'b']);
  b.deliver('vigil/a/manifest', '');
  b.deliver('vigil/b/manifest', manifest('b', { prefix: 'vigil-fleet/site2' }));
  b.deliver('vigil/c/manifest', manifest('c', { prefix: PREFIX }));
  b.deliver('vigil/c/manifest', '{not json');
  b.deliver('vigil/e/manifest', manifest('e', { prefix: PREFIX }));
  await new Promise((r) => setTimeout(r, 50));
  assert.deepEqual(asker.expectedBoxes(), ['e'], 'a malformed manifest says nothing of its fleet');
  asker.stop();
});

test('a probe the broker drops (an ACL) delays start by syncMs at most', async () => {
  const b = broker();
  b.denyReplyWrites = true;
  const asker = new FleetAsker({ client: b.client, prefix: PREFIX, syncMs: 200 });
  const t0 = Date.now();
  await asker.start();
  const ms = Date.now() - t0;
  assert.ok(ms >= 190 && ms < 1000, `${ms} ms`);
  asker.stop();
});
