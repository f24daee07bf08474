import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { createDetector } from '../../../ingest/perception/detectors.js';
import { initTfjs } from '../../../ingest/perception/tfjs-backend.js';
import { TfjsDetector } from '../../../ingest/perception/tfjs-detector.js';
import { WorkerDetector } from '../../../ingest/perception/worker-detector.js';
import { detectorConformance, options } from './detector-conformance.js';
import { blankImage, bottleScene, personScene } from './scenes.js';

const person = personScene();
const bottles = bottleScene();
const blank = blankImage();
const cacheDir = mkdtempSync(join(tmpdir(), 'vigil-det-cache-'));

for (const model of ['centernet-tfjs', 'nanodet'] as const) {
  detectorConformance(`tfjs ${model}`, () => createDetector({ model }), { blank, scenes: [person, bottles], portrait: true });
}
// the daemon runs detectors in worker threads: the same contract must hold there (centernet: ONNX Runtime)
detectorConformance('worker-thread centernet', () => new WorkerDetector({ model: 'centernet', cacheDir }, 2), { blank, scenes: [person, bottles], portrait: true });

test('worker-thread detector: frame buffers come back and are reused, and each frame is its own', async () => {
  const d = new WorkerDetector({ model: 'centernet', cacheDir }, 2);
  await d.load();
  try {
    const inProcess = createDetector({ model: 'centernet', cacheDir });
    await inProcess.load();
    const scenes = [person.image, bottles.image, blank];
    const want = await Promise.all(scenes.map((s) => inProcess.detect(s, options())));
    await inProcess.dispose();
    // alternating scenes, two at a time: a stale or shared buffer would give one frame another's detections
    for (let round = 0; round < 6; round++) {
      const got = await Promise.all([0, 1].map((k) => d.detect(scenes[(round + k) % 3]!, options())));
      for (const [k, dets] of got.entries()) assert.deepEqual(dets.map((x) => x.label), want[(round + k) % 3]!.map((x) => x.label), `round ${round}, frame ${k}`);
    }
    assert.ok(d.framesAllocated <= 4, `12 frames used ${d.framesAllocated} buffers (at most the 2 in flight and 2 spares)`);
  } finally {
    await d.dispose();
  }
});

test('TF.js runtime: wasm here, with binaries from the installed package', async () => {
  const rt = await initTfjs();
  assert.ok(['tfjs-node-gpu', 'tfjs-node', 'tfjs-wasm'].includes(rt.backend));
  assert.equal(rt.tf.getBackend(), rt.backend === 'tfjs-wasm' ? 'wasm' : 'tensorflow');
  const d = new TfjsDetector({ model: 'centernet' });
  assert.equal(d.backend, 'tfjs');
  await d.load();
  assert.equal(d.backend, rt.backend);
  await d.dispose();
});

test('TF.js detectors do not leak tensors over 20 calls', async (t) => {
  const { tf } = await initTfjs();
  for (const model of ['centernet', 'nanodet'] as const) {
    const d = new TfjsDetector({ model });
    await d.load();
    await d.detect(bottles.image, options());
    const before = tf.memory().numTensors;
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      await d.detect(person.image, options());
      times.push(performance.now() - t0);
      assert.equal(tf.memory().numTensors, before, `${model}: tensor count grew on call ${i + 1}`);
    }
    times.sort((a, b) => a - b);
    t.diagnostic(`${model}: median ${times[10]!.toFixed(0)} ms per 640x360 frame`);
    await d.dispose();
    assert.ok(tf.memory().numTensors < before, `${model}: dispose freed the weights`);
  }
});

test('unknown TF.js model names are refused', () => {
  assert.throws(() => new TfjsDetector({ model: 'yolo' as 'nanodet' }), /unknown TF.js model/);
  assert.throws(() => createDetector({ model: 'onnx' }), /onnx.path/);
});
