import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { locateFfmpeg } from '../../../ingest/ffmpeg/locate.js';
import { createDetector } from '../../../ingest/perception/detectors.js';
import { initTfjs } from '../../../ingest/perception/tfjs-backend.js';
import { TfjsDetector } from '../../../ingest/perception/tfjs-detector.js';
import { WorkerDetector } from '../../../ingest/perception/worker-detector.js';
import type { RgbImage } from '../../../ingest/perception/types.js';
import { detectorConformance, options, type Scene } from './detector-conformance.js';
import { SHARED_VIDEOS } from '../../helpers/rtsp-server.js';


const VIDEOS = SHARED_VIDEOS;

/** One frame at `t` seconds, scaled to 640 wide, as packed RGB. */
function frame(clip: string, t: number): RgbImage {
  const args = ['-v', 'error', '-ss', String(t), '-i', join(VIDEOS, clip), '-frames:v', '1', '-vf', 'scale=640:-2'];
  const data = execFileSync(locateFfmpeg().path, [...args, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], { maxBuffer: 64 << 20 });
  const height = data.length / (640 * 3);
  assert.ok(Number.isInteger(height) && height > 0, `unexpected frame size ${data.length}`);
  return { width: 640, height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

// Looked at by eye: at 30 s one person stands at the table, seen from behind (640x360 frame).
const person: Scene = {
  name: 'one-by-one-person-detection.mp4 at 30 s',
  image: frame('one-by-one-person-detection.mp4', 30),
  known: [{ label: 'person', region: { x1: 318, y1: 4, x2: 452, y2: 318 }, minIou: 0.7 }],
  scoreThreshold: 0.25,
};
// Three bottles on a bench at 2 s.
const bottles: Scene = {
  name: 'bottle-detection.mp4 at 2 s',
  image: frame('bottle-detection.mp4', 2),
  known: [
    { label: 'bottle', region: { x1: 57, y1: 108, x2: 122, y2: 313 }, minIou: 0.7 },
    { label: 'bottle', region: { x1: 286, y1: 111, x2: 345, y2: 312 }, minIou: 0.7 },
    { label: 'bottle', region: { x1: 508, y1: 109, x2: 571, y2: 314 }, minIou: 0.7 },
  ],
  scoreThreshold: 0.3,
};
const blank: RgbImage = { width: 640, height: 360, data: new Uint8Array(640 * 360 * 3).fill(128) };

for (const model of ['centernet', 'nanodet'] as const) {
  detectorConformance(`tfjs ${model}`, () => createDetector({ model }), { blank, scenes: [person, bottles], portrait: true });
}
// the daemon runs detectors in worker threads: the same contract must hold there
detectorConformance('worker-thread centernet', () => new WorkerDetector({ model: 'centernet' }, 2), { blank, scenes: [person, bottles], portrait: true });

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
