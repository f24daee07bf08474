/**
 * Fleet discovery on the real Mosquitto with two real daemons: box B's retained manifest (and its
 * republish on a rule change and on a camera being disabled), box A's fleet view over WebSocket
 * (both boxes, their cameras, B's alerts pushed on the `fleet` channel, B offline once stopped),
 * and B's snapshot through A's proxy with A's auth in front and B's token behind.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { MqttClient } from 'mqtt';
import type { FleetManifest, FleetPushData, FleetViewState } from '../../edge/api/fleet-view-wire.js';
import type { Alert, WsPush, WsServerMessage } from '../../edge/api/wire.js';
import { BROKER, startFleetBoxes, type FleetBoxes } from '../helpers/fleet-boxes.js';
import { clearRetained, mqttConnect, mqttNext, WsTestClient } from './clients.js';

describe('fleet discovery (two daemons, Mosquitto)', { timeout: 300_000 }, () => {
  let f: FleetBoxes;
  let watcher: MqttClient;
  let wsA: WsTestClient;

  before(async () => {
    watcher = await mqttConnect(BROKER, { protocolVersion: 5 });
    f = await startFleetBoxes();
    wsA = await WsTestClient.connect(`${f.a.baseUrl.replace('http', 'ws')}/api/ws`, f.tokenA);
  });

  after(async () => {
    wsA?.close();
    await f?.stop();
    if (f) for (const n of [f.nodeA, f.nodeB]) await clearRetained(watcher, `vigil/${n}`);
    watcher?.end(true);
  });

  it("publishes a retained manifest with the box's cameras, zones, rules, URL and coverage", async () => {
    const m = await mqttNext(watcher, `vigil/${f.nodeB}/manifest`, 30_000);
    assert.equal(m.retain, true, 'retained');
    const man = JSON.parse(m.payload.toString()) as FleetManifest;
    assert.equal(man.v, 1);
    assert.equal(man.node, f.nodeB);
    assert.equal(man.publicUrl, f.b.baseUrl);
    assert.deepEqual(man.cameras, [{ id: 'dock', enabled: true, zones: ['floor'], lines: [], classes: [], model: 'none' }]);
    assert.deepEqual(man.rules, ['empty-dock']);
    assert.match(man.version, /^\d+\.\d+\.\d+/);
    assert.ok(Date.parse(man.updatedAt) > Date.now() - 120_000);
  });

  it("A's view holds both boxes online with their cameras streaming", async () => {
    const st = await f.a.waitFor(
      async () => {
        const r = await wsA.request({ type: 'fleet.state' });
        if (r.status !== 'ok') throw new Error(JSON.stringify(r));
        const s = (r as unknown as { result: FleetViewState<Alert> }).result;
        const mine = s.boxes.filter((b) => b.node === f.nodeA || b.node === f.nodeB);
        return mine.length === 2 && mine.every((b) => b.online && b.manifest && b.cameras[0]?.state === 'streaming') ? s : undefined;
      },
      60_000,
      'both boxes in the view',
    );
    assert.equal(st.enabled, true);
    assert.equal(st.node, f.nodeA);
    const a = st.boxes.find((b) => b.node === f.nodeA);
    const b = st.boxes.find((x) => x.node === f.nodeB);
    assert.equal(a?.self, true);
    assert.equal(b?.self, false);
    assert.deepEqual(b?.cameras.map((c) => c.id), ['dock']);
    // the retained camera statuses are refreshed with the measured fps
    await f.a.waitFor(async () => {
      const r = (await wsA.request({ type: 'fleet.state' })) as unknown as { result: FleetViewState<Alert> };
      const cam = r.result.boxes.find((x) => x.node === f.nodeB)?.cameras[0];
      return (cam?.fps ?? 0) > 0 && cam?.lastFrameAt !== null;
    }, 40_000, "B's camera fps in A's view");
  });

  it("B's alerts reach A's fleet alert list and, live, A's fleet channel", async () => {
    // the config rule fired once (edge-triggered) soon after B started
    await f.a.waitFor(async () => {
      const r = (await wsA.request({ type: 'fleet.state' })) as unknown as { result: FleetViewState<Alert> };
      return r.result.alerts.some((x) => x.node === f.nodeB && x.rule === 'empty-dock' && x.camera === 'dock');
    }, 30_000, "B's first alert in A's view");
    const sub = await wsA.request({ type: 'subscribe', channels: ['fleet'] });
    assert.equal(sub.status, 'ok');
    const isPush = (m: WsServerMessage): m is WsPush => 'type' in m && m.type === 'push';
    const pushed = wsA.next((m) => isPush(m) && m.channel === 'fleet' && m.data.kind === 'alert' && m.data.alert.rule === 'empty-now', 30_000) as Promise<{ data: FleetPushData<Alert> }>;
    // a rule added on B now fires a second later
    const wsB = await WsTestClient.connect(`${f.b.baseUrl.replace('http', 'ws')}/api/ws`, f.tokenB);
    try {
      const put = await wsB.request({ type: 'rules.put', rule: { id: 'empty-now', camera: 'dock', class: 'person', trigger: { type: 'absence', seconds: 1 } } });
      assert.equal(put.status, 'ok');
      const push = await pushed;
      assert.equal(push.data.kind === 'alert' && push.data.alert.node, f.nodeB);
    } finally {
      wsB.close();
    }
  });

  it("serves B's snapshot through A's proxy behind A's auth, with B's token kept on A", async () => {
    const path = `/api/fleet/${f.nodeB}/cameras/dock/snapshot.jpg`;
    const r = await fetch(f.a.baseUrl + path, { headers: { authorization: `Bearer ${f.tokenA}` } });
    assert.equal(r.status, 200, await r.clone().text());
    assert.equal(r.headers.get('content-type'), 'image/jpeg');
    const jpg = Buffer.from(await r.arrayBuffer());
    assert.deepEqual([...jpg.subarray(0, 2)], [0xff, 0xd8]);
    for (const [, v] of r.headers) assert.ok(!v.includes(f.tokenB));
    assert.equal((await fetch(f.a.baseUrl + path)).status, 401, "A's own auth guards the proxy");
    const unknown = await fetch(`${f.a.baseUrl}/api/fleet/nobody${f.nodeA}/cameras/dock/snapshot.jpg`, { headers: { authorization: `Bearer ${f.tokenA}` } });
    assert.equal(unknown.status, 404);
    const noCam = await fetch(`${f.a.baseUrl}/api/fleet/${f.nodeB}/cameras/nope/snapshot.jpg`, { headers: { authorization: `Bearer ${f.tokenA}` } });
    assert.deepEqual([noCam.status, ((await noCam.json()) as { code: string }).code], [404, 'NOT_FOUND']);
    // B holds no token for A: A refuses B, and B says so clearly
    const refused = await fetch(`${f.b.baseUrl}/api/fleet/${f.nodeA}/cameras/gate/snapshot.jpg`, { headers: { authorization: `Bearer ${f.tokenB}` } });
    const body = (await refused.json()) as { code: string; message: string };
    assert.deepEqual([refused.status, body.code], [502, 'FLEET_PEER_REFUSED']);
    assert.match(body.message, new RegExp(`fleet\\.peers\\.${f.nodeA}\\.token`));
  });

  it('republishes the manifest when a rule is added and when a camera is disabled', async () => {
    const wsB = await WsTestClient.connect(`${f.b.baseUrl.replace('http', 'ws')}/api/ws`, f.tokenB);
    try {
      const next = mqttNext(watcher, `vigil/${f.nodeB}/manifest`, 20_000, (_t, p) => (JSON.parse(p.toString()) as FleetManifest).rules?.includes('crowd') ?? false);
      const put = await wsB.request({ type: 'rules.put', rule: { id: 'crowd', camera: 'dock', class: 'person', trigger: { type: 'count', op: 'ge', n: 5 } } });
      assert.equal(put.status, 'ok');
      assert.ok(await next);
      const off = mqttNext(watcher, `vigil/${f.nodeB}/manifest`, 20_000, (_t, p) => (JSON.parse(p.toString()) as FleetManifest).cameras[0]?.enabled === false);
      assert.equal((await wsB.request({ type: 'camera.enable', camera: 'dock', enabled: false })).status, 'ok');
      assert.ok(await off);
      await f.a.waitFor(async () => {
        const r = (await wsA.request({ type: 'fleet.state' })) as unknown as { result: FleetViewState<Alert> };
        return r.result.boxes.find((b) => b.node === f.nodeB)?.cameras[0]?.state === 'disabled';
      }, 20_000, "B's camera disabled in A's view");
    } finally {
      wsB.close();
    }
  });

  it('shows B offline once B stops', async () => {
    await f.b.stop();
    await f.a.waitFor(async () => {
      const r = (await wsA.request({ type: 'fleet.state' })) as unknown as { result: FleetViewState<Alert> };
      return r.result.boxes.find((b) => b.node === f.nodeB)?.online === false;
    }, 20_000, 'B offline in A');
  });
});
