/**
 * The SSD-OIDv4 conversion against its source runtime: the TFLite flatbuffer read from
 * `@mediapipe/objectron` runs in the real TensorFlow Lite interpreter (the wasm build of
 * `@tensorflow/tfjs-tflite`, XNNPACK kernels) and, converted, in ONNX Runtime through the
 * detector's own `raw()`, on the same real frames decoded by ffmpeg from the shared clips. The raw
 * outputs (box regressors and class logits for all 1917 anchors) must agree, and so must the
 * decoded detections.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { locateFfmpeg } from '../../../ingest/ffmpeg/locate.js';
import { readSsdOidv4Source } from '../../../ingest/perception/convert/ssd-oidv4-onnx.js';
import { resizeRgb } from '../../../ingest/perception/letterbox.js';
import { type Candidate, iou } from '../../../ingest/perception/postprocess.js';
import { decodeSsd, OIDV4_SSD, ssdAnchors } from '../../../ingest/perception/ssd-decode.js';
import { SsdOidv4Detector } from '../../../ingest/perception/ssd-oidv4-detector.js';
import type { RgbImage } from '../../../ingest/perception/types.js';
import { SHARED_VIDEOS } from '../../helpers/rtsp-server.js';
import { loadTflite, type TfliteInterpreter } from '../../helpers/tflite-runtime.js';

/**
 * Largest differences allowed between the runtimes. Measured on these ten frames: box regressors
 * at most 1.4e-4 apart, logits at most 9e-5 (they span about -80..10). Both runtimes compute in
 * float32 from the same fp16 weights (XNNPACK and ONNX Runtime's kernels sum in different orders),
 * so the limits leave about 7x headroom. Broken conversions tried: ReLU6 clipped at 6.5 moved the
 * box regressors by 4.0, SAME padding's odd pixel put first instead of last by 8.3.
 */
const BOX_TOL = 1e-3;
const LOGIT_TOL = 1e-3;

/** One frame of `clip` at `t` seconds, at the clip's size, as packed RGB. */
function frameAt(clip: string, t: number, width: number, height: number): RgbImage {
  const args = ['-v', 'error', '-ss', String(t), '-i', join(SHARED_VIDEOS, clip), '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'];
  const data = execFileSync(locateFfmpeg().path, args, { maxBuffer: 64 << 20 });
  assert.equal(data.length, width * height * 3, `${clip} at ${t} s: ${data.length} bytes`);
  return { width, height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

const FRAMES: { name: string; image: RgbImage }[] = [
  ...[0, 1, 2, 3].map((t) => ({ name: `person-bicycle-car at ${t} s`, image: frameAt('person-bicycle-car-detection.mp4', t, 480, 270) })),
  ...[0, 12, 24, 32].map((t) => ({ name: `bottle at ${t} s`, image: frameAt('bottle-detection.mp4', t, 640, 360) })),
  { name: 'worker-zone at 2 s', image: frameAt('worker-zone-detection.mp4', 2, 480, 270) },
  { name: 'store-aisle at 2 s', image: frameAt('store-aisle-detection.mp4', 2, 480, 270) },
];

/** The TFLite input for `img`: the same 300x300 stretch the detector makes, NHWC, scaled to -1..1 as `toChwRange` does. */
function tfliteInput(img: RgbImage): Float32Array {
  const { width, height, range } = OIDV4_SSD.input;
  const small = resizeRgb(img, width, height);
  const k = (range[1] - range[0]) / 255;
  return Float32Array.from(small.data, (v) => v * k + range[0]);
}

function maxAbsDiff(a: Float32Array, b: Float32Array): number {
  assert.equal(a.length, b.length);
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i]! - b[i]!));
  return m;
}

describe('ssd-oidv4: converted ONNX model vs the TFLite interpreter on real frames', () => {
  let dir = '';
  let tflite: TfliteInterpreter;
  let det: SsdOidv4Detector;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vigil-ssd-tflite-'));
    det = new SsdOidv4Detector({ cacheDir: dir });
    await det.load();
    tflite = await loadTflite((await readSsdOidv4Source()).tflite);
  });
  after(async () => {
    tflite?.dispose();
    await det?.dispose();
    await rm(dir, { recursive: true, force: true });
  });

  it('the interpreter sees the model the converter reads: one 300x300x3 input, boxes and class logits out', () => {
    assert.deepEqual(tflite.inputs.map((t) => t.shape), [[1, 300, 300, 3]]);
    assert.deepEqual(tflite.outputs.map((t) => t.shape), [[1, 1917, 4], [1, 1917, OIDV4_SSD.decode.numClasses]]);
  });

  it(`raw outputs agree on every frame (boxes within ${BOX_TOL}, logits within ${LOGIT_TOL})`, async () => {
    const worst = { boxes: 0, scores: 0 };
    for (const { name, image } of FRAMES) {
      const [tBoxes, tScores] = tflite.run([tfliteInput(image)]);
      const o = await det.raw(image);
      const db = maxAbsDiff(tBoxes!, o.boxes);
      const ds = maxAbsDiff(tScores!, o.scores);
      worst.boxes = Math.max(worst.boxes, db);
      worst.scores = Math.max(worst.scores, ds);
      assert.ok(db <= BOX_TOL, `${name}: box regressors differ by ${db}`);
      assert.ok(ds <= LOGIT_TOL, `${name}: class logits differ by ${ds}`);
    }
    console.log(`# ssd-oidv4 onnx vs tflite over ${FRAMES.length} frames: max |d| boxes ${worst.boxes.toExponential(2)}, logits ${worst.scores.toExponential(2)}`);
  });

  it('decoded detections agree: each candidate at 0.35 has a twin of its class (IoU above 0.99, score within 1e-4) at 0.3', async () => {
    const anchors = ssdAnchors(OIDV4_SSD.anchors);
    const at = (t: number) => new Float64Array(OIDV4_SSD.decode.numClasses).fill(t);
    const twins = (name: string, from: Candidate[], loose: Candidate[]) => {
      for (const c of from) {
        const twin = loose.find((d) => d.classId === c.classId && Math.abs(d.score - c.score) < 1e-4 && iou(d.box, c.box) > 0.99);
        assert.ok(twin, `${name}: no twin for class ${c.classId} ${c.score.toFixed(4)} ${JSON.stringify(c.box)}`);
      }
    };
    let total = 0;
    for (const { name, image } of FRAMES) {
      const [tBoxes, tScores] = tflite.run([tfliteInput(image)]);
      const o = await det.raw(image);
      const decode = (b: Float32Array, s: Float32Array, t: number) => decodeSsd(b, s, anchors, OIDV4_SSD.decode, at(t));
      const tf = decode(tBoxes!, tScores!, 0.35);
      const ox = decode(o.boxes, o.scores, 0.35);
      twins(`${name} (tflite -> onnx)`, tf, decode(o.boxes, o.scores, 0.3));
      twins(`${name} (onnx -> tflite)`, ox, decode(tBoxes!, tScores!, 0.3));
      total += tf.length;
    }
    assert.ok(total >= FRAMES.length, `the frames hold objects the model finds (${total} candidates)`);
  });
});
