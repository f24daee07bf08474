import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import type { Tensor } from '@tensorflow/tfjs';
import * as ort from 'onnxruntime-node';
import { CenternetOnnxDetector } from '../../../ingest/perception/centernet-onnx-detector.js';
import { centernetCachePaths, centernetOnnxModel } from '../../../ingest/perception/convert/centernet-cache.js';
import { CENTERNET_INPUT, CENTERNET_OUTPUT, convertCenternet } from '../../../ingest/perception/convert/centernet-onnx.js';
import { createDetector } from '../../../ingest/perception/detectors.js';
import { letterbox } from '../../../ingest/perception/letterbox.js';
import { initTfjs } from '../../../ingest/perception/tfjs-backend.js';
import { fileModelHandler, humanModelsDir, TfjsDetector } from '../../../ingest/perception/tfjs-detector.js';
import type { Detection, RgbImage } from '../../../ingest/perception/types.js';
import { assertFound, detectorConformance, options } from './detector-conformance.js';
import { blankImage, bottleScene, frame, personScene } from './scenes.js';

const person = personScene();
const bottles = bottleScene();
const frames: [string, RgbImage][] = [
  ['bottles at 2 s', bottles.image],
  ['bottles at 9 s', frame('bottle-detection.mp4', 9)],
  ['person at 30 s', person.image],
  ['person at 12 s', frame('one-by-one-person-detection.mp4', 12)],
];
const cacheDir = mkdtempSync(join(tmpdir(), 'vigil-centernet-'));
after(() => rmSync(cacheDir, { recursive: true, force: true }));

// The default detector (ONNX Runtime, 512x288) must pass the suite every backend passes.
detectorConformance('onnx centernet 512x288', () => createDetector({ model: 'centernet', cacheDir }), { blank: blankImage(), scenes: [person, bottles], portrait: true });

describe('centernet converted to ONNX matches the TF.js graph', () => {
  it('gives the same top-100 rows as TF.js at 512x512 on real frames', async () => {
    const { tf } = await initTfjs();
    const graph = await tf.loadGraphModel(fileModelHandler(join(humanModelsDir(), 'centernet.json')));
    const session = await ort.InferenceSession.create(await convertCenternet(join(humanModelsDir(), 'centernet.json'), 512, 512));
    try {
      for (const [name, img] of frames) {
        const { data } = letterbox(img, 512, 512, { layout: 'hwc' });
        const t = graph.execute(tf.tensor(data, [1, 512, 512, 3]), CENTERNET_OUTPUT) as Tensor;
        const want = (await t.data()) as Float32Array;
        t.dispose();
        const got = (await session.run({ [CENTERNET_INPUT]: new ort.Tensor('float32', data, [1, 512, 512, 3]) }))[CENTERNET_OUTPUT]!.data as Float32Array;
        assert.equal(got.length, 600);
        let rows = 0;
        for (let i = 0; i < 100; i++) {
          const w = want.subarray(i * 6, i * 6 + 6);
          const g = got.subarray(i * 6, i * 6 + 6);
          if (w[4]! < 0.05) continue; // near-zero scores tie and may order differently; nothing is kept there
          rows++;
          assert.equal(g[5], w[5], `${name} row ${i}: class`);
          assert.ok(Math.abs(g[4]! - w[4]!) < 1e-3, `${name} row ${i}: score ${g[4]} vs ${w[4]}`);
          for (let k = 0; k < 4; k++) assert.ok(Math.abs(g[k]! - w[k]!) < 0.5, `${name} row ${i}: coordinate ${k} ${g[k]} vs ${w[k]}`);
        }
        assert.ok(rows >= 1, `${name}: TF.js found something to compare`);
      }
    } finally {
      graph.dispose();
      await session.release();
    }
  });

  it('detector outputs agree with the TF.js detector when both run at 512x512', async () => {
    const tfd = new TfjsDetector({ model: 'centernet' });
    const ond = new CenternetOnnxDetector({ inputSize: [512, 512], cacheDir });
    await Promise.all([tfd.load(), ond.load()]);
    try {
      for (const [name, img] of frames) {
        const key = (d: Detection) => `${d.label}`;
        const want = await tfd.detect(img, options({ scoreThreshold: 0.2 }));
        const got = await ond.detect(img, options({ scoreThreshold: 0.2 }));
        assert.deepEqual(got.map(key), want.map(key), `${name}: same labels in the same order`);
        got.forEach((g, i) => {
          const w = want[i]!;
          assert.ok(Math.abs(g.score - w.score) < 1e-3, `${name}: score ${g.score} vs ${w.score}`);
          for (const k of ['x1', 'y1', 'x2', 'y2'] as const) assert.ok(Math.abs(g.box[k] - w.box[k]) < 0.5, `${name}: ${k} ${g.box[k]} vs ${w.box[k]}`);
        });
      }
    } finally {
      await Promise.all([tfd.dispose(), ond.dispose()]);
    }
  });

  it('finds the bottles and the person at the default 512x288', async () => {
    const d = new CenternetOnnxDetector({ cacheDir });
    await d.load();
    assert.deepEqual(d.inputSize, [512, 288]);
    assert.equal(d.backend, 'onnx-cpu');
    for (const scene of [bottles, person]) assertFound(await d.detect(scene.image, options({ scoreThreshold: scene.scoreThreshold })), scene.known, scene.name);
    await d.dispose();
  });

  it('refuses input sizes that are not multiples of 32', () => {
    assert.throws(() => new CenternetOnnxDetector({ inputSize: [500, 288] }), /multiple of 32/);
  });
});

describe('centernet ONNX cache', () => {
  it('converts once, reuses a matching cache, and converts again when the checksum or file does not match', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vigil-centernet-cache-'));
    const modelDir = join(dir, 'src');
    cpSync(humanModelsDir(), modelDir, { recursive: true, filter: (p) => !/\.(json|bin)$/.test(p) || /centernet\.(json|bin)$/.test(p) });
    const opts = { cacheDir: join(dir, 'cache'), modelDir, width: 256, height: 160 };
    const paths = centernetCachePaths(opts.cacheDir, 256, 160);
    try {
      const first = await centernetOnnxModel(opts);
      assert.equal(first.converted, true);
      assert.equal(first.path, paths.onnx);
      assert.ok(Buffer.from(first.bytes).equals(readFileSync(paths.onnx)), 'the cached file holds the model');
      const second = await centernetOnnxModel(opts);
      assert.equal(second.converted, false, 'a matching cache is reused');
      assert.ok(Buffer.from(second.bytes).equals(Buffer.from(first.bytes)), 'the same model');

      // a sidecar from another converter version or source: converted again
      const info = JSON.parse(readFileSync(paths.sidecar, 'utf8')) as { sourceSha256: string; converter: string };
      writeFileSync(paths.sidecar, JSON.stringify({ ...info, converter: 'centernet-tfjs-onnx 0 256x160' }));
      assert.equal((await centernetOnnxModel(opts)).converted, true);
      writeFileSync(paths.sidecar, JSON.stringify({ ...info, sourceSha256: 'stale' }));
      assert.equal((await centernetOnnxModel(opts)).converted, true);
      assert.equal((await centernetOnnxModel(opts)).converted, false);

      // a damaged model file: converted again
      writeFileSync(paths.onnx, readFileSync(paths.onnx).subarray(0, 1000));
      assert.equal((await centernetOnnxModel(opts)).converted, true);

      // changed source files (a new package version): converted again
      const json = join(modelDir, 'centernet.json');
      writeFileSync(json, `${readFileSync(json, 'utf8')}\n`);
      const third = await centernetOnnxModel(opts);
      assert.equal(third.converted, true);
      assert.notEqual((JSON.parse(readFileSync(paths.sidecar, 'utf8')) as { sourceSha256: string }).sourceSha256, info.sourceSha256);

      // the cached model runs at its size
      const s = await ort.InferenceSession.create(third.bytes);
      const out = await s.run({ [CENTERNET_INPUT]: new ort.Tensor('float32', new Float32Array(160 * 256 * 3), [1, 160, 256, 3]) });
      assert.deepEqual(out[CENTERNET_OUTPUT]!.dims, [1, 100, 6]);
      await s.release();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
