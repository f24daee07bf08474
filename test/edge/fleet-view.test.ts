/**
 * The fleet view's reading of the broker's topics (status, Last Will, manifest, camera status,
 * counts, alerts), its bounds and checks, and the manifest a box builds from its config.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { generateKeyPairSync } from 'node:crypto';
import { publicKeyText } from '../../edge/fleet/keys.js';
import { FleetKeyRing, signManifest } from '../../edge/fleet/sign.js';
import { FLEET_VIEW_FILTERS, FleetView } from '../../edge/fleet/view.js';
import { buildManifest, ManifestPublisher } from '../../edge/mqtt/manifest.js';
import { EventBus } from '../../edge/bus.js';
import { silentLogger } from '../helpers/logger.js';
import { configSchema } from '../../edge/config/schema.js';
import type { FleetManifest, FleetPushData } from '../../edge/api/fleet-view-wire.js';
import type { Alert } from '../../edge/api/wire.js';
import { topicMatches } from './clients.js';

const manifest = (node: string, cams: string[]): string =>
  JSON.stringify({ v: 1, node, version: '0.1.0', publicUrl: 'http://10.0.0.5:8080', cameras: cams.map((id) => ({ id, zones: ['door'], lines: [], classes: ['person'], model: 'centernet', extra: 1 })), coverage: { from: null, to: null }, updatedAt: new Date().toISOString() });

const alert = (node: string, id: string): Alert => ({ id, rule: 'r', node, camera: 'c1', class: 'person', zone: null, message: 'person in view', frameTs: 1, firedAt: 2, evidence: { start: 'a', end: 'b', objectIds: [], snapshot: `/api/alerts/${id}/snapshot.jpg` } });

const feed = (v: FleetView, topic: string, payload: string | object): boolean => v.message(topic, Buffer.from(typeof payload === 'string' ? payload : JSON.stringify(payload)));

test('boxes, cameras, counts and alerts from the topics; offline from the Last Will', () => {
  const v = new FleetView({ node: 'a' });
  assert.ok(feed(v, 'vigil/a/status', 'online'));
  assert.ok(feed(v, 'vigil/a/manifest', manifest('a', ['c1', 'c2'])));
  assert.ok(feed(v, 'vigil/b/status', 'online'));
  assert.ok(feed(v, 'vigil/b/c9/status', { camera: 'c9', state: 'streaming', enabled: true, fps: 2.5, lastFrameAt: null, reconnects: 0, error: null }));
  assert.ok(feed(v, 'vigil/b/c9/all/person/count', '3'));
  assert.ok(feed(v, 'vigil/b/c9/all/person/count', '2'));
  assert.ok(feed(v, 'vigil/b/c9/door/all/count', '1'));
  assert.ok(feed(v, 'vigil/b/alerts/r', alert('b', 'x1')));
  assert.equal(feed(v, 'vigil/b/alerts/r', alert('b', 'x1')), false, 'a duplicate (QoS 1) alert is kept once');
  const s = v.state();
  assert.equal(s.enabled, true);
  assert.deepEqual(s.boxes.map((b) => [b.node, b.online, b.self]), [['a', true, true], ['b', true, false]]);
  const a = s.boxes[0];
  assert.deepEqual(a?.cameras.map((c) => [c.id, c.state]), [['c1', 'unknown'], ['c2', 'unknown']]);
  assert.equal(a?.manifest?.publicUrl, 'http://10.0.0.5:8080');
  assert.equal((a?.manifest?.cameras[0] as unknown as Record<string, unknown>).extra, undefined, 'unknown fields are dropped');
  const c9 = s.boxes[1]?.cameras[0];
  assert.equal(c9?.state, 'streaming');
  assert.equal(c9?.fps, 2.5);
  assert.deepEqual(c9?.counts, [{ zone: 'all', class: 'person', count: 2 }, { zone: 'door', class: 'all', count: 1 }]);
  assert.deepEqual(s.alerts.map((x) => x.id), ['x1']);
  assert.ok(feed(v, 'vigil/b/status', 'offline'));
  assert.equal(v.get('b')?.online, false);
  // retained messages (read on subscribing) are old news: the box is not heard from now
  assert.ok(v.message('vigil/old/status', Buffer.from('online'), true));
  assert.deepEqual([v.get('old')?.online, v.get('old')?.lastSeen], [true, 0]);
  assert.ok((v.get('b')?.lastSeen ?? 0) > 0);
});

test('bad payloads and foreign topics are dropped; alerts are bounded to 100, newest first', () => {
  const v = new FleetView({ node: 'a' });
  assert.equal(feed(v, 'vigil/b/status', 'maybe'), false);
  assert.equal(feed(v, 'vigil/b/manifest', '{not json'), false);
  assert.equal(feed(v, 'vigil/b/manifest', manifest('c', ['x'])), false, "a box cannot publish another box's manifest");
  assert.equal(feed(v, 'vigil/b/c1/status', { camera: 'c1', state: 'flying', fps: 1 }), false);
  assert.equal(feed(v, 'vigil/b/c1/all/person/count', '-1'), false);
  assert.equal(feed(v, 'vigil/b/c1/all/person/count', 'lots'), false);
  assert.equal(feed(v, 'vigil/b/alerts/r', alert('c', 'y')), false, "an alert naming another node is not that box's");
  assert.equal(feed(v, 'vigil/b c/status', 'online'), false, 'a node id that is not one');
  assert.equal(feed(v, 'other/b/status', 'online'), false);
  assert.equal(v.dropped, 8);
  assert.equal(v.state().boxes.length, 0);
  for (let i = 0; i < 120; i++) feed(v, 'vigil/b/alerts/r', alert('b', `a${i}`));
  const s = v.state();
  assert.equal(s.alerts.length, 100);
  assert.equal(s.alerts[0]?.id, 'a119');
  // an emptied retained manifest removes it
  feed(v, 'vigil/b/manifest', manifest('b', ['c1']));
  assert.ok(v.get('b')?.manifest);
  feed(v, 'vigil/b/manifest', '');
  assert.equal(v.get('b')?.manifest, null);
});

test('changes are pushed coalesced per box; alerts at once', async () => {
  const pushed: FleetPushData<Alert>[] = [];
  const v = new FleetView({ node: 'a', coalesceMs: 20, onChange: (d) => pushed.push(d) });
  feed(v, 'vigil/b/status', 'online');
  for (let n = 0; n < 50; n++) feed(v, 'vigil/b/c1/all/person/count', String(n));
  feed(v, 'vigil/b/alerts/r', alert('b', 'z'));
  assert.deepEqual(pushed.map((p) => p.kind), ['alert']);
  await new Promise((r) => setTimeout(r, 60));
  assert.deepEqual(pushed.map((p) => p.kind), ['alert', 'box']);
  const box = pushed[1]?.kind === 'box' ? pushed[1].box : null;
  assert.equal(box?.cameras[0]?.counts[0]?.count, 49);
  v.stop();
});

test("the view's filters take every topic it reads and not the events or requests", () => {
  const takes = (t: string): boolean => FLEET_VIEW_FILTERS.some((f) => topicMatches(f, t));
  for (const t of ['vigil/b/status', 'vigil/b/manifest', 'vigil/b/c1/status', 'vigil/b/c1/all/person/count', 'vigil/b/alerts/r']) assert.ok(takes(t), t);
  for (const t of ['vigil/b/c1/events', 'vigil/b/ask', 'vigil/b/request', 'vigil-fleet/ask']) assert.equal(takes(t), false, t);
});

test('the manifest lists cameras with zones, lines, classes (the model vocabulary when none are chosen) and coverage', () => {
  const cfg = configSchema.parse({
    node: 'box1',
    fleet: { enabled: true, publicUrl: 'http://10.0.0.5:8080', peers: { box2: { token: 'a-token-of-16-chars' } } },
    cameras: [
      { id: 'door', url: 'x.mp4', zones: [{ id: 'in', polygon: [[0, 0], [1, 0], [1, 1]] }], lines: [{ id: 'l', from: [0, 0], to: [1, 1] }], detector: { classes: ['person'] } },
      { id: 'yard', url: 'y.mp4' },
    ],
  });
  assert.equal(cfg.fleet.peers.box2?.url, null);
  const m = buildManifest({ node: cfg.node, version: '9', publicUrl: cfg.fleet.publicUrl, cameras: cfg.cameras, enabled: (id) => id === 'door', rules: () => ['r1'], coverage: () => ({ from: '2026-01-01T00:00:00.000Z', to: '2026-01-01T01:00:00.000Z' }) }, 0);
  assert.deepEqual(m.cameras[0], { id: 'door', enabled: true, zones: ['in'], lines: ['l'], classes: ['person'], model: 'auto' });
  assert.equal(m.cameras[1]?.enabled, false);
  assert.ok(m.cameras[1]?.classes.includes('car'), 'the COCO vocabulary');
  assert.deepEqual([m.v, m.node, m.version, m.publicUrl, m.rules, m.updatedAt], [1, 'box1', '9', 'http://10.0.0.5:8080', ['r1'], '1970-01-01T00:00:00.000Z']);
  assert.equal(m.coverage.to, '2026-01-01T01:00:00.000Z');
  // a broken store still publishes a manifest
  assert.deepEqual(buildManifest({ node: 'n', version: '9', publicUrl: null, cameras: [], enabled: () => true, rules: () => [], coverage: () => { throw new Error('closed'); } }).coverage, { from: null, to: null });
});

test('config: fleet defaults off; publicUrl and peers are checked', () => {
  const d = configSchema.parse({});
  assert.deepEqual([d.fleet.enabled, d.fleet.publicUrl, d.fleet.peers], [false, null, {}]);
  assert.equal(configSchema.safeParse({ fleet: { publicUrl: 'ftp://x' } }).success, false);
  assert.equal(configSchema.safeParse({ fleet: { publicUrl: 'http://u:p@x:8080' } }).success, false);
  assert.equal(configSchema.safeParse({ fleet: { peers: { b: { token: 'short' } } } }).success, false);
  assert.equal(configSchema.safeParse({ fleet: { peers: { 'b/c': { token: 'a-token-of-16-chars' } } } }).success, false);
  assert.equal(configSchema.safeParse({ fleet: { peers: { b: { url: 'http://10.0.0.7:8080' } } } }).success, false, 'a peer needs its key or its token');
  assert.equal(configSchema.safeParse({ fleet: { peers: { b: { key: 'ed25519:short' } } } }).success, false);
  const key = publicKeyText(generateKeyPairSync('ed25519').publicKey);
  assert.equal(configSchema.parse({ fleet: { peers: { b: { key } } } }).fleet.peers.b?.key, key, 'a key alone pins a box that answers questions');
});

test('the manifest of a box whose key is pinned is read only when that key signed it; the last verified one is kept', () => {
  const kb = generateKeyPairSync('ed25519');
  const v = new FleetView({ node: 'a', keys: new FleetKeyRing({ b: publicKeyText(kb.publicKey) }) });
  const signedOf = (node: string, url: string, key = kb.privateKey): string => signManifest({ ...(JSON.parse(manifest(node, ['c1'])) as FleetManifest), publicUrl: url }, key);
  assert.ok(feed(v, 'vigil/b/manifest', signedOf('b', 'http://10.0.0.7:8080')));
  assert.equal(feed(v, 'vigil/b/manifest', manifest('b', ['c1'])), false, 'unsigned');
  assert.equal(feed(v, 'vigil/b/manifest', signedOf('b', 'http://evil:1', generateKeyPairSync('ed25519').privateKey)), false, 'signed by another key');
  const forgedBody = signedOf('b', 'http://10.0.0.7:8080').replace('10.0.0.7', '10.6.6.6');
  assert.equal(feed(v, 'vigil/b/manifest', forgedBody), false, 'altered after signing');
  assert.equal(v.get('b')?.manifest?.publicUrl, 'http://10.0.0.7:8080');
  // a box with no pinned key is shown from its manifest, as before
  assert.ok(feed(v, 'vigil/c/manifest', manifest('c', ['c2'])));
});

test('the manifest is published retained on connect, every period, once per burst of rule changes, never while offline', async () => {
  const bus = new EventBus(silentLogger());
  const sent: { topic: string; retain: boolean | undefined }[] = [];
  let connected = true;
  const p = new ManifestPublisher({ node: 'n1', version: '1', publicUrl: null, cameras: [], enabled: () => true, rules: () => [], coverage: () => ({ from: null, to: null }), publish: (topic, _payload, o) => void sent.push({ topic, retain: o.retain }), isConnected: () => connected, bus, log: silentLogger(), everyMs: 100 });
  p.start();
  p.connected();
  assert.deepEqual([...sent], [{ topic: 'vigil/n1/manifest', retain: true }]);
  await new Promise((r) => setTimeout(r, 250));
  assert.ok(sent.length >= 3, `periodic (${sent.length})`);
  p.stop();
  const n = sent.length;
  const q = new ManifestPublisher({ node: 'n1', version: '1', publicUrl: null, cameras: [], enabled: () => true, rules: () => [], coverage: () => ({ from: null, to: null }), publish: (topic, _payload, o) => void sent.push({ topic, retain: o.retain }), isConnected: () => connected, bus, log: silentLogger(), everyMs: 60_000 });
  q.start();
  const rule = { rule: { id: 'r', trigger: { type: 'absence' as const, seconds: 1 }, source: 'runtime' as const, lastFiredAt: null }, removed: false };
  for (let i = 0; i < 5; i++) bus.emit('rule', rule);
  await new Promise((r) => setTimeout(r, 700));
  assert.equal(sent.length, n + 1, 'one manifest for the burst');
  connected = false;
  q.publishNow();
  assert.equal(sent.length, n + 1, 'nothing queued while offline');
  q.stop();
});
