/**
 * A model per camera in one daemon: a camera looping the bottle clip on centernet (COCO) and one
 * looping the overhead parking lot on ssd-oidv4 (Open Images), both file cameras, one worker each.
 * /healthz lists both detectors, each with its own camera and frames it served, and what each
 * camera reports over MQTT (the real Mosquitto) is in its own model's labels.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { test } from 'node:test';
import mqtt from 'mqtt';
import type { ObjectEvent } from '../../edge/api/wire.js';
import type { DetectorStatus } from '../../edge/components/perception.js';
import { COCO_LABELS } from '../../ingest/perception/coco.js';
import { oidv4Labels } from '../../ingest/perception/oidv4-labels.js';
import { freeTcpPort, startDaemon, type Health } from '../helpers/daemon.js';
import { SHARED_VIDEOS } from '../helpers/rtsp-server.js';

const BROKER = 'mqtt://127.0.0.1:1883';

test('two cameras, two models in one daemon: centernet on the bench, ssd-oidv4 over the parking lot', { timeout: 240_000 }, async () => {
  const node = `models${randomBytes(3).toString('hex')}`;
  const client = await mqtt.connectAsync(BROKER, { protocolVersion: 5 });
  const labels = { bench: new Set<string>(), lot: new Set<string>() };
  client.on('message', (topic, payload) => {
    const m = /^vigil\/[^/]+\/(bench|lot)\/events$/.exec(topic);
    if (m) labels[m[1] as 'bench' | 'lot'].add((JSON.parse(payload.toString()) as ObjectEvent).after.label);
  });
  await client.subscribeAsync(`vigil/${node}/+/events`, { qos: 1 });
  const camera = (id: string, clip: string, model: string): object => ({ id, url: join(SHARED_VIDEOS, clip), fps: 2, width: 640, detector: { model, workers: 1 }, audio: { enabled: false } });
  const daemon = startDaemon({
    port: await freeTcpPort(),
    config: {
      node,
      mqtt: { url: BROKER },
      cameras: [camera('bench', 'bottle-detection.mp4', 'centernet'), camera('lot', 'person-bicycle-car-detection.mp4', 'ssd-oidv4')],
    },
    env: { VIGIL_LOG__LEVEL: 'warn' },
  });
  try {
    await daemon.waitFor(() => Promise.resolve(labels.bench.has('bottle') && labels.lot.has('car')), 180_000, 'bottles on the bench and a car in the lot');
    const health = await daemon.getJson<Health & { detectors: DetectorStatus[] }>('/healthz');
    assert.deepEqual(health.cameras.map((c) => [c.id, c.state]), [['bench', 'streaming'], ['lot', 'streaming']]);
    const byModel = new Map(health.detectors.map((d) => [d.model, d]));
    assert.deepEqual([...byModel.keys()].sort(), ['centernet', 'ssd-oidv4'], 'both models listed');
    for (const [model, cam] of [['centernet', 'bench'], ['ssd-oidv4', 'lot']] as const) {
      const d = byModel.get(model);
      assert.ok(d);
      assert.deepEqual(d.cameras, [cam], `${model} serves ${cam} only`);
      assert.equal(d.error, null);
      assert.match(d.backend, /^onnx-cpu/, `${model} runs on ONNX Runtime`);
      assert.ok((d.turns?.granted ?? 0) > 0, `${model} detected frames`);
    }
    // what each camera saw is in its own model's labels
    const coco = new Set(COCO_LABELS);
    const oid = new Set(oidv4Labels());
    for (const l of labels.bench) assert.ok(coco.has(l), `bench label ${l} is a COCO class (centernet)`);
    for (const l of labels.lot) assert.ok(oid.has(l), `lot label ${l} is an Open Images class (ssd-oidv4)`);
    console.log(`bench: ${[...labels.bench].join(', ')}; lot: ${[...labels.lot].join(', ')}`);
  } finally {
    await daemon.stop();
    await client.endAsync();
  }
});
