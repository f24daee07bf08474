/**
 * Live state over MQTT from the real daemon, a real RTSP server looping the bottle clip and the
 * real Mosquitto at 127.0.0.1:1883: payloads as the README documents them (status fps measured,
 * new objects in their zone, boxes normalised and rounded, before on updates), and a camera that
 * hangs for 30 s (the acceptance's outage): its counts read `unknown` within the watchdog time and
 * stay so, its Home Assistant count sensors read unavailable (as HA evaluates their availability)
 * until it streams again, its objects end at their last sighting, and no dwell spans the outage.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { test } from 'node:test';
import mqtt from 'mqtt';
import type { Alert, CameraState, ObjectEvent } from '../../edge/api/wire.js';
import { freeTcpPort, startDaemon } from '../helpers/daemon.js';
import { SHARED_VIDEOS, startRtspServer } from '../helpers/rtsp-server.js';

const BROKER = 'mqtt://127.0.0.1:1883';
const WATCHDOG_S = 3;
/** How long the camera hangs. */
const PAUSE_S = 30;
/** Allowed lateness of `unknown` / unavailable after the watchdog time. */
const MARGIN_S = 2;

async function until(what: string, ms: number, check: () => boolean): Promise<number> {
  const t0 = Date.now();
  while (!check()) {
    if (Date.now() - t0 > ms) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return Date.now();
}

test('MQTT payloads follow what is seen; a camera hung for 30 s reads unknown within the watchdog, its HA sensors unavailable, and no dwell spans the outage', { timeout: 360_000 }, async () => {
  const server = await startRtspServer({ mounts: [{ path: '/cam', file: join(SHARED_VIDEOS, 'bottle-detection.mp4') }] });
  const node = `live${randomBytes(3).toString('hex')}`;
  const count = `vigil/${node}/bench/bench/bottle/count`;
  const client = await mqtt.connectAsync(BROKER, { protocolVersion: 5 });
  const topics = new Map<string, string>();
  /** The count sensor's availability: every topic of its `availability` list reads online (mode all). */
  const haAvailable = (): boolean => {
    const cam = topics.get(`vigil/${node}/bench/status`);
    return topics.get(`vigil/${node}/status`) === 'online' && cam !== undefined && (JSON.parse(cam) as CameraState).state === 'streaming';
  };
  const events: ObjectEvent[] = [];
  const statuses: CameraState[] = [];
  const alerts: Alert[] = [];
  const ha: Record<string, unknown>[] = [];
  /** Every value of the count topic with its receipt time. */
  const counts: { at: number; v: string }[] = [];
  /** Every change of the count sensor's availability as Home Assistant evaluates it. */
  const availability: { at: number; up: boolean }[] = [];
  client.on('message', (topic, payload) => {
    const s = payload.toString();
    topics.set(topic, s);
    if (topic === count) counts.push({ at: Date.now(), v: s });
    const up = haAvailable();
    if (availability.at(-1)?.up !== up) availability.push({ at: Date.now(), up });
    if (topic.endsWith('/bench/events')) events.push(JSON.parse(s) as ObjectEvent);
    else if (topic === `vigil/${node}/bench/status`) statuses.push(JSON.parse(s) as CameraState);
    else if (topic.startsWith(`vigil/${node}/alerts/`)) alerts.push(JSON.parse(s) as Alert);
    // (an empty config removes an entity)
    else if (topic.startsWith('homeassistant/') && topic.includes(`vigil_${node}_`) && s !== '') ha.push(JSON.parse(s) as Record<string, unknown>);
  });
  await client.subscribeAsync([`vigil/${node}/#`, 'homeassistant/sensor/#'], { qos: 1 });
  const camera = {
    id: 'bench',
    url: server.url('/cam'),
    watchdogSeconds: WATCHDOG_S,
    zones: [{ id: 'bench', polygon: [[0, 0.7], [1, 0.7], [1, 1], [0, 1]] }],
  };
  const rules = [{ id: 'stay', camera: 'bench', class: 'bottle', zone: 'bench', trigger: { type: 'dwell', seconds: 6 }, cooldownSeconds: 0 }];
  const daemon = startDaemon({ port: await freeTcpPort(), config: { node, mqtt: { url: BROKER, homeAssistant: { discovery: true } }, cameras: [camera], rules }, env: { VIGIL_LOG__LEVEL: 'warn' } });
  try {
    await until('bottles counted in zone bench', 120_000, () => Number(topics.get(count)) >= 2);
    await until('a measured fps in the camera status', 20_000, () => statuses.some((s) => s.state === 'streaming' && s.fps > 1));
    await until('a dwell alert', 20_000, () => alerts.length > 0);
    // payloads
    const news = events.filter((e) => e.type === 'new' && e.after.label === 'bottle');
    assert.ok(news.length >= 2);
    assert.ok(news.some((e) => e.after.currentZones.includes('bench')), 'a bottle standing in the bench zone is in it');
    for (const e of events) {
      if (e.type !== 'new') assert.ok(e.before, `${e.type} carries before`);
      for (const v of Object.values(e.after.box)) assert.ok(v >= 0 && v <= 1 && Math.abs(v * 1e4 - Math.round(v * 1e4)) < 1e-6, `box ${JSON.stringify(e.after.box)}`);
    }
    const sensor = ha.find((c) => c.state_topic === count);
    assert.ok(sensor, 'a Home Assistant count sensor');
    assert.deepEqual(
      (sensor.availability as { topic: string }[]).map((a) => a.topic),
      [`vigil/${node}/status`, `vigil/${node}/bench/status`],
    );
    assert.equal(haAvailable(), true, 'the count sensor is available while the camera streams');

    // the camera hangs: counts unknown within the watchdog time
    const pausedAt = Date.now();
    const alertsBefore = alerts.length;
    const endsBefore = events.filter((e) => e.type === 'end').length;
    const live = events.filter((e) => e.type !== 'end').map((e) => e.after.objectId);
    server.pause();
    const unknownAt = await until('unknown counts', (WATCHDOG_S + 5) * 1000, () => topics.get(count) === 'unknown');
    console.log(`counts unknown ${unknownAt - pausedAt} ms after the camera hung (watchdog ${WATCHDOG_S} s)`);
    assert.ok(unknownAt - pausedAt <= (WATCHDOG_S + MARGIN_S) * 1000, `unknown after ${unknownAt - pausedAt} ms`);
    for (const [t, v] of topics) if (t.startsWith(`vigil/${node}/bench/`) && t.endsWith('/count')) assert.equal(v, 'unknown', t);
    assert.notEqual(statuses.at(-1)?.state, 'streaming');
    await until('the count sensor unavailable', Math.max(0, (WATCHDOG_S + MARGIN_S) * 1000 - (Date.now() - pausedAt)), () => !haAvailable());
    const downAt = availability.find((a) => a.at >= pausedAt && !a.up)?.at ?? Infinity;
    console.log(`Home Assistant count sensor unavailable ${downAt - pausedAt} ms after the camera hung`);
    assert.ok(downAt - pausedAt <= (WATCHDOG_S + MARGIN_S) * 1000, `unavailable after ${downAt - pausedAt} ms`);
    const ends = events.filter((e) => e.type === 'end').slice(endsBefore);
    assert.ok(ends.length >= 2, 'the objects it saw ended');
    for (const e of ends) assert.ok(e.after.lastSeen <= pausedAt + 500, 'ended at the last sighting');
    assert.ok(new Set(ends.map((e) => e.after.objectId)).size <= new Set(live).size);

    // 30 s later it answers again: counts come back, and dwell starts afresh
    await new Promise((r) => setTimeout(r, PAUSE_S * 1000 - (Date.now() - pausedAt)));
    server.resume();
    const resumedAt = Date.now();
    // all through the outage the counts read unknown and the sensor stayed unavailable
    const firstUnknown = counts.findIndex((c) => c.at >= pausedAt && c.v === 'unknown');
    assert.deepEqual([...new Set(counts.slice(firstUnknown).filter((c) => c.at < resumedAt).map((c) => c.v))], ['unknown']);
    assert.equal(topics.get(count), 'unknown');
    assert.deepEqual(availability.filter((a) => a.at >= downAt && a.at < resumedAt).map((a) => a.up), [false], 'unavailable until the camera streams again');
    assert.equal(events.filter((e) => e.ts > pausedAt + 500 && e.ts < resumedAt).length, 0, 'nothing seen while the camera hung');
    await until('counts back', 60_000, () => Number(topics.get(count)) >= 1);
    assert.equal(haAvailable(), true, 'the count sensor is available again');
    // alerts on frames from before the hang (a dwell reaching 6 s as the stream stopped) are not the question
    const afterOutage = (): Alert[] => alerts.slice(alertsBefore).filter((a) => a.frameTs >= resumedAt);
    assert.equal(alerts.slice(alertsBefore).filter((a) => a.frameTs > pausedAt + 1000 && a.frameTs < resumedAt).length, 0, 'no alert while the camera hung');
    await until('a dwell alert after the outage', 40_000, () => afterOutage().length > 0);
    await new Promise((r) => setTimeout(r, 2000));
    for (const a of afterOutage()) {
      assert.ok(Date.parse(a.evidence.start) >= resumedAt - 1000, `dwell from ${a.evidence.start}, not before the outage`);
      assert.ok((a.evidence.dwellSeconds ?? 0) < 20, `dwell ${a.evidence.dwellSeconds} s: it does not span the ${PAUSE_S} s gap`);
    }
  } finally {
    server.resume();
    await daemon.stop();
    await client.endAsync();
    await server.stop();
  }
});
