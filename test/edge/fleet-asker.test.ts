/**
 * The fleet asker against a simulated broker that behaves like Mosquitto: retained messages reach
 * the client after the subscription is acknowledged, in order with what is published later. The
 * asker waits only for online boxes whose retained manifest, signed by their pinned key, names its
 * fleet prefix: a box online with fleet questions off (no manifest, a cleared one, or
 * `fleet: null`), in another fleet or with no pinned key is not waited for and not named missing;
 * a box of its fleet that stays silent is, even when its retained messages arrive after the
 * acknowledgement. Boxes reply on their own topics, `<replyTo>/<node>`, with signed parts.
 */
import assert from 'node:assert/strict';
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { test } from 'node:test';
import type { MqttClient } from 'mqtt';
import type { FleetManifest } from '../../edge/api/fleet-view-wire.js';
import { FleetAsker } from '../../edge/fleet/asker.js';
import { publicKeyText } from '../../edge/fleet/keys.js';
import { FleetKeyRing, signManifest, signPart } from '../../edge/fleet/sign.js';
import { FLEET_TOPICS, FleetAsk, type FleetPart } from '../../planner/fleet/protocol.js';

const PREFIX = 'vigil-fleet/site1';

/** Each box's key pair (boxes a to g; the x boxes of other fleets sign too). */
const KEYS = new Map<string, { privateKey: KeyObject; publicKey: KeyObject }>();
function keyOf(node: string): KeyObject {
  let k = KEYS.get(node);
  if (!k) KEYS.set(node, (k = generateKeyPairSync('ed25519')));
  return k.privateKey;
}
/** The keys the asker pins: boxes a to g (not z, whose key nobody pinned). */
function ring(): FleetKeyRing {
  const pins: Record<string, string> = {};
  for (const n of ['a', 'b', 'c', 'd', 'e', 'f', 'g']) {
    keyOf(n);
    pins[n] = publicKeyText(KEYS.get(n)?.publicKey as KeyObject);
  }
  return new FleetKeyRing(pins);
}

function manifest(node: string, fleet: FleetManifest['fleet'], key: KeyObject | null = keyOf(node)): string {
  const m: FleetManifest = { v: 1, node, version: 't', publicUrl: null, cameras: [], coverage: { from: null, to: null }, updatedAt: '2026-11-21T09:00:00.000Z', ...(fleet !== undefined ? { fleet } : {}) };
  return key ? signManifest(m, key) : JSON.stringify(m);
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
  /** Every ask the asker published. */
  readonly asks: FleetAsk[] = [];
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
      this.asks.push(ask);
      for (const [node, ms] of this.answering) setTimeout(() => this.deliver(FLEET_TOPICS.replyFrom(ask.replyTo, node), signPart(ask, part(ask.id, node), keyOf(node))), ms);
      this.emit('ask', ask);
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
  const asker = new FleetAsker({ client: b.client, prefix: PREFIX, keys: ring() });
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
  const asker = new FleetAsker({ client: b.client, prefix: PREFIX, keys: ring() });
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
  const asker = new FleetAsker({ client: b.client, prefix: PREFIX, keys: ring() });
  await asker.start();
  assert.deepEqual(asker.expectedBoxes().sort(), ['a', 'b']);
  b.deliver('vigil/a/manifest', '');
  b.deliver('vigil/b/manifest', manifest('b', { prefix: 'vigil-fleet/site2' }));
  b.deliver('vigil/c/manifest', manifest('c', { prefix: PREFIX }));
  b.deliver('vigil/c/manifest', '{not json');
  b.deliver('vigil/e/manifest', manifest('e', { prefix: PREFIX }));
  await new Promise((r) => setTimeout(r, 50));
  assert.deepEqual(asker.expectedBoxes().sort(), ['c', 'e'], "c's malformed manifest (it cannot be c's: it is not signed) changes nothing");
  asker.stop();
});

test('a probe the broker drops (an ACL) delays start by syncMs at most', async () => {
  const b = broker();
  b.denyReplyWrites = true;
  const asker = new FleetAsker({ client: b.client, prefix: PREFIX, keys: ring(), syncMs: 200 });
  const t0 = Date.now();
  await asker.start();
  const ms = Date.now() - t0;
  assert.ok(ms >= 190 && ms < 1000, `${ms} ms`);
  asker.stop();
});

/** The asker's next ask, once published. */
const nextAsk = (b: FakeBroker): Promise<FleetAsk> => new Promise((r) => b.once('ask', r));

test('forged parts are dropped and named, change nothing, and do not stop the real part from counting', async () => {
  const b = broker();
  b.answering.set('a', 5).set('b', 60);
  const asker = new FleetAsker({ client: b.client, prefix: PREFIX, keys: ring() });
  await asker.start();
  const rogue = generateKeyPairSync('ed25519').privateKey;
  const forged: FleetPart = { v: 1, id: '', node: 'b', status: 'ok', ms: 1, coverage: null, cameras: ['dock'], answer: 'FORGED 1000' };
  const earlier = nextAsk(b);
  const first = asker.ask('how many people came at camera dock?', { deadlineMs: 400, timeZone: 'UTC' });
  const old = await earlier;
  await first;
  const pending = nextAsk(b).then((ask) => {
    const on = (node: string): string => FLEET_TOPICS.replyFrom(ask.replyTo, node);
    const f = { ...forged, id: ask.id };
    b.deliver(on('b'), JSON.stringify(f)); // unsigned
    b.deliver(on('b'), signPart(ask, f, rogue)); // signed by another key
    b.deliver(on('c'), signPart(ask, { ...f, node: 'a' }, keyOf('a'))); // a's part on c's topic
    b.deliver(on('b'), signPart(old, { ...f, id: ask.id }, keyOf('b'))); // signed for the previous question
    b.deliver(on('b'), signPart({ ...ask, question: 'how many cars came?' }, f, keyOf('b'))); // for an altered question
    b.deliver(on('z'), signPart(ask, { ...f, node: 'z' }, keyOf('z'))); // a box with no pinned key
  });
  const r = await asker.ask('how many people came at camera dock?', { deadlineMs: 3000, timeZone: 'UTC' });
  await pending;
  assert.equal(r.partial, false, r.answer);
  assert.deepEqual(r.boxes.map((x) => [x.node, x.status]), [['a', 'none'], ['b', 'none']], 'only the real parts');
  assert.doesNotMatch(r.answer, /FORGED/);
  assert.deepEqual(
    r.dropped.map((d) => `${d.node}: ${d.why}`).sort(),
    ['a: sent on the reply topic of box "c"', 'b: bad signature', 'b: unsigned', 'z: no key pinned for it (fleet.peers.z.key)'],
    'the replayed and altered parts are bad signatures too',
  );
  assert.match(r.answer, /Dropped a part claiming to be from b: unsigned\./);
  assert.match(r.answer, /Dropped a part claiming to be from b: bad signature\./);
  asker.stop();
});

test('a forged manifest of a pinned box changes nothing; an unpinned box is never waited for', async () => {
  const b = broker();
  b.retained.set('vigil/z/status', 'online');
  b.retained.set('vigil/z/manifest', manifest('z', { prefix: PREFIX }));
  const asker = new FleetAsker({ client: b.client, prefix: PREFIX, keys: ring() });
  await asker.start();
  assert.deepEqual(asker.expectedBoxes().sort(), ['a', 'b'], 'z has no pinned key');
  b.deliver('vigil/a/manifest', manifest('a', { prefix: 'vigil-fleet/elsewhere' }, null));
  b.deliver('vigil/b/manifest', manifest('b', null, generateKeyPairSync('ed25519').privateKey));
  b.deliver('vigil/c/manifest', manifest('c', { prefix: PREFIX }, keyOf('a')));
  await new Promise((r) => setTimeout(r, 50));
  assert.deepEqual(asker.expectedBoxes().sort(), ['a', 'b'], 'unsigned and mis-signed manifests are ignored');
  b.deliver('vigil/c/manifest', manifest('c', { prefix: PREFIX }));
  await new Promise((r) => setTimeout(r, 30));
  assert.deepEqual(asker.expectedBoxes().sort(), ['a', 'b', 'c'], 'a signed one is read');
  asker.stop();
});
