/**
 * Home Assistant over the real Mosquitto (127.0.0.1:1883, a test-only discovery prefix): a running
 * daemon watching the one-by-one clip (played in real time as a live camera; the first person is
 * in view over clip seconds [6, 19]) publishes every discovery config retained, each one following
 * Home Assistant's documented keys and device classes (`ha-schema.ts`); the occupancy
 * binary_sensor's state topic reads OFF, then ON while the first person stands there, then OFF
 * when they have gone; the camera's snapshot image topic carries a JPEG, the rule's alert reaches
 * its event entity's state topic with what its template reads, and the last alert image gets the
 * alert's frame.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Alert } from '../../edge/api/wire.js';
import { startDaemon } from '../helpers/daemon.js';
import { SHARED_VIDEOS } from '../helpers/rtsp-server.js';
import { clearRetained, mqttConnect, mqttNext } from './clients.js';
import { haConfigProblems } from './ha-schema.js';

const BROKER = 'mqtt://127.0.0.1:1883';
const CLIP = join(SHARED_VIDEOS, 'one-by-one-person-detection.mp4');

/** A free port of this test's range (18300-18399). */
async function freePortInRange(from = 18340, to = 18399): Promise<number> {
  for (let p = from; p <= to; p++) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = createServer();
      s.once('error', () => resolve(false));
      s.listen(p, '127.0.0.1', () => s.close(() => resolve(true)));
    });
    if (ok) return p;
  }
  throw new Error(`no free port in ${from}-${to}`);
}

const isJpeg = (b: Buffer | undefined): boolean => !!b && b.length > 1000 && b[0] === 0xff && b[1] === 0xd8;

test('a running daemon publishes Home Assistant configs retained and as documented, and the occupancy binary_sensor flips ON and OFF on a clip', { timeout: 240_000 }, async () => {
  const node = `ha${randomBytes(3).toString('hex')}`;
  const prefix = `hatest${randomBytes(3).toString('hex')}`;
  const watcher = await mqttConnect(BROKER, { protocolVersion: 5 });
  const occupancyTopic = `vigil/${node}/table/standing/person/occupancy`;
  const states: { at: number; v: string }[] = [];
  const alerts: Alert[] = [];
  const last = new Map<string, Buffer>();
  watcher.on('message', (topic, payload) => {
    last.set(topic, payload);
    if (topic === occupancyTopic) states.push({ at: Date.now(), v: payload.toString() });
    if (topic.startsWith(`vigil/${node}/alerts/`)) alerts.push(JSON.parse(payload.toString()) as Alert);
  });
  await watcher.subscribeAsync([`vigil/${node}/#`], { qos: 1 });
  const camera = { id: 'table', url: CLIP, fps: 2, detector: { classes: ['person'] }, zones: [{ id: 'standing', polygon: [[0, 0], [1, 0], [1, 1], [0, 1]] }] };
  const rules = [{ id: 'someone', camera: 'table', class: 'person', zone: 'standing', trigger: { type: 'count', op: '>=', value: 1 }, cooldownSeconds: 0 }];
  const daemon = startDaemon({
    port: await freePortInRange(),
    config: { node, mqtt: { url: BROKER, homeAssistant: { discovery: true, prefix, snapshotSeconds: 2 } }, cameras: [camera], rules },
    env: { VIGIL_LOG__LEVEL: 'warn' },
  });
  const until = async (what: string, ms: number, check: () => boolean): Promise<void> => {
    const t0 = Date.now();
    while (!check()) {
      if (Date.now() - t0 > ms) throw new Error(`timed out after ${ms} ms waiting for ${what}; daemon output:\n${daemon.output().slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  try {
    await mqttNext(watcher, `vigil/${node}/status`, 60_000, (_t, p) => p.toString() === 'online');
    // the first person arrives (clip second 6) and leaves (after 19): OFF, ON, OFF
    await until('occupancy ON', 120_000, () => states.some((s) => s.v === 'ON'));
    const onAt = states.find((s) => s.v === 'ON')?.at ?? 0;
    await until('occupancy OFF after ON', 40_000, () => states.some((s) => s.at >= onAt && s.v === 'OFF'));
    const seq = states.map((s) => s.v).filter((v, i, a) => i === 0 || a[i - 1] !== v);
    assert.deepEqual(seq.slice(0, 3), ['OFF', 'ON', 'OFF'], `occupancy states ${states.map((s) => s.v).join(' ')}`);
    const offAt = states.find((s) => s.at >= onAt && s.v === 'OFF')?.at ?? 0;
    console.log(`occupancy ON for ${((offAt - onAt) / 1000).toFixed(1)} s (the first person is in view over clip seconds 6-19)`);
    assert.ok(offAt - onAt >= 8_000 && offAt - onAt <= 20_000, `ON for ${offAt - onAt} ms`);

    // the alert reached the event entity's state topic with the fields its template reads
    await until('an alert', 10_000, () => alerts.length > 0);
    const a = alerts[0]!;
    assert.equal(a.rule, 'someone');
    assert.equal(a.camera, 'table');
    assert.ok(typeof a.evidence.snapshot === 'string' && a.evidence.snapshot.length > 0);
    assert.ok((a.evidence.count ?? 0) >= 1);
    await until('the last alert image', 10_000, () => isJpeg(last.get(`vigil/${node}/table/alert_snapshot`)));
    await until('a camera image', 10_000, () => isJpeg(last.get(`vigil/${node}/table/snapshot`)));
    console.log(`pictures: camera ${last.get(`vigil/${node}/table/snapshot`)?.length} bytes, last alert ${last.get(`vigil/${node}/table/alert_snapshot`)?.length} bytes`);

    // a client that subscribes now (Home Assistant starting) gets every config, retained
    const ha = await mqttConnect(BROKER, { protocolVersion: 5 });
    const configs = new Map<string, { payload: string; retain: boolean }>();
    ha.on('message', (topic, payload, packet) => {
      if (payload.length && topic.startsWith(`${prefix}/`)) configs.set(topic, { payload: payload.toString(), retain: packet.retain });
    });
    const images = new Map<string, boolean>();
    ha.on('message', (topic, payload, packet) => {
      // the first message is the retained one (a fresh picture may follow within the wait)
      if (topic.endsWith('snapshot') && !images.has(topic)) images.set(topic, packet.retain && isJpeg(payload));
    });
    await ha.subscribeAsync([`${prefix}/#`, `vigil/${node}/table/snapshot`, `vigil/${node}/table/alert_snapshot`], { qos: 1 });
    await new Promise((r) => setTimeout(r, 1500));
    await ha.endAsync();
    const expected = [
      `${prefix}/binary_sensor/vigil_${node}_status/config`,
      `${prefix}/binary_sensor/vigil_${node}_table_stream/config`,
      `${prefix}/image/vigil_${node}_table_snapshot/config`,
      `${prefix}/image/vigil_${node}_table_last_alert/config`,
      `${prefix}/sensor/vigil_${node}_table_standing_person_count/config`,
      `${prefix}/binary_sensor/vigil_${node}_table_standing_person_occupancy/config`,
      `${prefix}/sensor/vigil_${node}_table_all_person_count/config`,
      `${prefix}/binary_sensor/vigil_${node}_table_all_person_occupancy/config`,
      `${prefix}/event/vigil_${node}_rule_someone/config`,
    ];
    for (const t of expected) {
      assert.ok(configs.has(t), `${t} among ${[...configs.keys()].join(', ')}`);
      assert.equal(configs.get(t)?.retain, true, `${t} retained`);
    }
    const problems = [...configs].flatMap(([t, c]) => haConfigProblems(t, JSON.parse(c.payload) as Record<string, unknown>));
    assert.deepEqual(problems, []);
    assert.ok(![...configs.keys()].some((t) => t.includes('_all_count') || t.includes('_all_occupancy')), 'no "objects" duplicates of a people-only camera');
    const occ = JSON.parse(configs.get(`${prefix}/binary_sensor/vigil_${node}_table_standing_person_occupancy/config`)?.payload ?? '{}') as Record<string, unknown>;
    assert.equal(occ.state_topic, occupancyTopic);
    assert.equal(occ.name, 'Standing person occupancy');
    assert.deepEqual(images, new Map([[`vigil/${node}/table/snapshot`, true], [`vigil/${node}/table/alert_snapshot`, true]]), 'both pictures are retained JPEGs');
  } finally {
    await daemon.stop();
    await clearRetained(watcher, `vigil/${node}`);
    await clearRetained(watcher, prefix);
    await watcher.endAsync();
  }
});
