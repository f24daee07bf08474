import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it, test } from 'node:test';
import { createDetector } from '../../../ingest/perception/detectors.js';
import { letterbox, letterboxBox, letterboxGeometry, resizeRgb, unletterboxBox } from '../../../ingest/perception/letterbox.js';
import { OnnxDetector, parseLabels } from '../../../ingest/perception/onnx-detector.js';
import type { TiledDetector } from '../../../ingest/perception/tiled-detector.js';
import { classScoreThresholds, decodeYolo, iou, nms, postprocess } from '../../../ingest/perception/postprocess.js';
import type { Box, Detection, RgbImage } from '../../../ingest/perception/types.js';
import { detectorConformance, options } from './detector-conformance.js';
import { FLOAT, INT64, OnnxModel as ModelProto } from '../../fixtures/onnx-proto.js';


const valueInfo = (name: string, type: number, dims: (number | string)[]) => ({
  name,
  type: { tensorType: { elemType: type, shape: { dim: dims.map((d) => (typeof d === 'number' ? { dimValue: d } : { dimParam: d })) } } },
});
const node = (opType: string, input: string[], output: string[], attribute: object[] = []) => ({ opType, input, output, attribute });

/**
 * A graph that takes `images` and outputs fixed tensors scaled by (max - min) of the image:
 * the known values for an image spanning 0..255, zeros for a uniform (blank) image.
 */
function model(opts: {
  outputs: { name: string; dims: number[]; values: number[]; int64?: boolean }[];
  inputDims?: (number | string)[];
  sizesInput?: boolean;
  names?: string;
}): Uint8Array {
  const initializer = [];
  const nodes = [
    node('ReduceMax', ['images'], ['mx'], [{ name: 'keepdims', i: 0, type: 2 }]),
    node('ReduceMin', ['images'], ['mn'], [{ name: 'keepdims', i: 0, type: 2 }]),
    node('Sub', ['mx', 'mn'], ['range']),
  ];
  const input = [valueInfo('images', FLOAT, opts.inputDims ?? [1, 3, 640, 640])];
  if (opts.sizesInput) {
    // RT-DETR deploy export: boxes are scaled by orig_target_sizes (w, h).
    input.push(valueInfo('orig_target_sizes', INT64, [1, 2]));
    nodes.push(node('Cast', ['orig_target_sizes'], ['sizes_f'], [{ name: 'to', i: FLOAT, type: 2 }]));
    nodes.push(node('Concat', ['sizes_f', 'sizes_f'], ['whwh'], [{ name: 'axis', i: 1, type: 2 }]));
  }
  for (const o of opts.outputs) {
    const k = `${o.name}_k`;
    if (o.int64) {
      initializer.push({ name: k, dims: o.dims, dataType: INT64, int64Data: o.values });
      nodes.push(node('Identity', [k], [o.name]));
      continue;
    }
    initializer.push({ name: k, dims: o.dims, dataType: FLOAT, floatData: o.values });
    const scaled = opts.sizesInput && o.dims.length === 3 ? `${o.name}_px` : k;
    if (scaled !== k) nodes.push(node('Mul', [k, 'whwh'], [scaled]));
    nodes.push(node('Mul', [scaled, 'range'], [o.name]));
  }
  const output = opts.outputs.map((o) => valueInfo(o.name, o.int64 ? INT64 : FLOAT, o.dims));
  const msg = {
    irVersion: 8,
    producerName: 'vigil-test',
    opsetImport: [{ domain: '', version: 13 }],
    metadataProps: opts.names ? [{ key: 'names', value: opts.names }] : [],
    graph: { name: 'fixed', node: nodes, initializer, input, output },
  };
  return ModelProto.encode(ModelProto.create(msg)).finish();
}

// Objects in original pixels of a 1280x720 scene; a 640x640 input letterboxes it at scale 0.5 with 140 px bars.
interface Obj { classId: number; box: Box; score: number }
const OBJECTS: Obj[] = [
  { classId: 0, box: { x1: 200, y1: 100, x2: 400, y2: 600 }, score: 0.9 },
  { classId: 0, box: { x1: 210, y1: 110, x2: 410, y2: 610 }, score: 0.8 }, // duplicate: NMS drops it
  { classId: 56, box: { x1: 200, y1: 100, x2: 400, y2: 600 }, score: 0.5 }, // same box, other class: kept
  { classId: 39, box: { x1: 800, y1: 300, x2: 900, y2: 500 }, score: 0.6 },
  { classId: 2, box: { x1: 1000, y1: 50, x2: 1200, y2: 250 }, score: 0.2 }, // under the default threshold
  { classId: 0, box: { x1: 1200, y1: 600, x2: 1400, y2: 800 }, score: 0.7 }, // crosses the edge: clipped
];
const toInput = (b: Box, size = 640): Box => letterboxBox(b, letterboxGeometry(1280, 720, size, size));

/** YOLOv8 layout [1, 4+nc, n]: cx,cy,w,h in input pixels, then class scores. */
function yoloValues(nc: number, n: number, objs: Obj[], size = 640): number[] {
  const v = new Array<number>((4 + nc) * n).fill(0);
  objs.forEach((o, j) => {
    const b = toInput(o.box, size);
    [(b.x1 + b.x2) / 2, (b.y1 + b.y2) / 2, b.x2 - b.x1, b.y2 - b.y1].forEach((x, k) => (v[k * n + j] = x));
    v[(4 + o.classId) * n + j] = o.score;
  });
  return v;
}

/** RT-DETR layout [1, n, 4+nc]: cx,cy,w,h normalised to the input, then class scores. */
function detrValues(nc: number, n: number, objs: Obj[]): number[] {
  const v = new Array<number>((4 + nc) * n).fill(0);
  objs.forEach((o, j) => {
    const b = toInput(o.box);
    [(b.x1 + b.x2) / 1280, (b.y1 + b.y2) / 1280, (b.x2 - b.x1) / 640, (b.y2 - b.y1) / 640].forEach((x, k) => (v[j * (4 + nc) + k] = x));
    v[j * (4 + nc) + 4 + o.classId] = o.score;
  });
  return v;
}

function scene(): RgbImage {
  const img: RgbImage = { width: 1280, height: 720, data: new Uint8Array(1280 * 720 * 3).fill(255) };
  for (const o of OBJECTS) {
    for (let y = Math.max(0, o.box.y1); y < Math.min(720, o.box.y2); y++) img.data.fill(0, (y * 1280 + o.box.x1) * 3, (y * 1280 + Math.min(1280, o.box.x2)) * 3);
  }
  return img;
}

const dir = mkdtempSync(join(tmpdir(), 'vigil-onnx-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, bytes: Uint8Array | string): string => {
  writeFileSync(join(dir, name), bytes);
  return join(dir, name);
};
const N = 100; // more rows than 4 + 80 channels, as in real exports (8400 anchors, 300 queries)
const YOLO = write('yolo.onnx', model({ outputs: [{ name: 'output0', dims: [1, 84, N], values: yoloValues(80, N, OBJECTS) }] }));
const DETR = write('rtdetr.onnx', model({ outputs: [{ name: 'output0', dims: [1, N, 84], values: detrValues(80, N, OBJECTS) }] }));
const DETR_SPLIT = write(
  'rtdetr-deploy.onnx',
  model({
    sizesInput: true,
    outputs: [
      { name: 'labels', dims: [1, N], int64: true, values: Array.from({ length: N }, (_, j) => OBJECTS[j]?.classId ?? 0) },
      { name: 'boxes', dims: [1, N, 4], values: Array.from({ length: N }, (_, j) => { const b = OBJECTS[j] ? toInput(OBJECTS[j].box) : { x1: 0, y1: 0, x2: 0, y2: 0 }; return [b.x1 / 640, b.y1 / 640, b.x2 / 640, b.y2 / 640]; }).flat() },
      { name: 'scores', dims: [1, N], values: Array.from({ length: N }, (_, j) => OBJECTS[j]?.score ?? 0) },
    ],
  }),
);
const fixtures = {
  blank: { width: 1280, height: 720, data: new Uint8Array(1280 * 720 * 3).fill(128) },
  scenes: [{ name: 'synthetic 1280x720', image: scene(), known: [
    { label: 'person', region: OBJECTS[0]!.box, minIou: 0.99 },
    { label: 'bottle', region: OBJECTS[3]!.box, minIou: 0.99 },
    { label: 'chair', region: OBJECTS[2]!.box, minIou: 0.99 },
  ] }],
};

detectorConformance('onnx yolo', () => new OnnxDetector({ path: YOLO }), fixtures);
detectorConformance('onnx rtdetr', () => new OnnxDetector({ path: DETR }), fixtures);
detectorConformance('onnx rtdetr deploy', () => new OnnxDetector({ path: DETR_SPLIT }), fixtures);

const close = (a: Box, b: Box, eps = 0.01): boolean => Math.max(Math.abs(a.x1 - b.x1), Math.abs(a.y1 - b.y1), Math.abs(a.x2 - b.x2), Math.abs(a.y2 - b.y2)) <= eps;

describe('ONNX decode', () => {
  for (const [layout, path] of [['yolo', YOLO], ['rtdetr', DETR], ['rtdetr', DETR_SPLIT]] as const) {
    it(`${path.slice(dir.length + 1)}: detects layout ${layout}; boxes come back in original pixels, clipped, NMS per class`, async () => {
      const d = (createDetector({ model: 'onnx', onnx: { path } }) as TiledDetector).base as OnnxDetector;
      await d.load();
      assert.equal(d.layout, layout);
      assert.equal(d.backend, 'onnx-cpu');
      assert.equal(d.labels.length, 80, 'COCO names by default for 80 classes');
      const dets = await d.detect(scene(), options({ scoreThreshold: 0.1 }));
      const want = [OBJECTS[0]!, OBJECTS[5]!, OBJECTS[3]!, OBJECTS[2]!, OBJECTS[4]!];
      assert.deepEqual(dets.map((x) => [x.label, x.score.toFixed(3)]), want.map((o) => [d.labels[o.classId], o.score.toFixed(3)]));
      for (const [i, o] of want.entries()) {
        const expected = o === OBJECTS[5] ? { x1: 1200, y1: 600, x2: 1280, y2: 720 } : o.box;
        assert.ok(close(dets[i]!.box, expected, 0.05), `${JSON.stringify(dets[i]!.box)} vs ${JSON.stringify(expected)}`);
      }
      const loose = await d.detect(scene(), options({ scoreThreshold: 0.1, nmsIou: 0.95 }));
      assert.equal(loose.filter((x) => x.label === 'person').length, 3, 'duplicate kept when NMS IoU is high');
      await d.dispose();
    });
  }

  it('takes class names from a file (lines or JSON) or from the model metadata', async () => {
    const objs = [{ classId: 1, box: { x1: 100, y1: 100, x2: 300, y2: 300 }, score: 0.9 }, OBJECTS[0]!];
    const small = { outputs: [{ name: 'output0', dims: [1, 7, 8], values: yoloValues(3, 8, objs) }] };
    const plain = write('three.onnx', model(small));
    const meta = write('three-meta.onnx', model({ ...small, names: "{0: 'cat', 1: \"dog's\", 2: 'bird'}" }));
    const lines = write('three.txt', 'alpha\nbeta\r\ngamma\n');
    const json = write('three.json', '["a", "b", "c"]');
    const cases: [OnnxDetector, string[]][] = [
      [new OnnxDetector({ path: plain, labels: lines }), ['alpha', 'beta', 'gamma']],
      [new OnnxDetector({ path: plain, labels: json }), ['a', 'b', 'c']],
      [new OnnxDetector({ path: meta }), ['cat', "dog's", 'bird']],
      [new OnnxDetector({ path: plain }), ['class_0', 'class_1', 'class_2']],
    ];
    for (const [d, names] of cases) {
      await d.load();
      assert.deepEqual(d.labels, names);
      const dets = await d.detect(scene(), options());
      assert.deepEqual(dets.map((x) => x.label), [names[1], names[0]]);
      assert.ok(close(dets[0]!.box, objs[0]!.box, 0.05));
      await d.dispose();
    }
    await assert.rejects(new OnnxDetector({ path: YOLO, labels: lines }).load(), /3 class names but the model has 80 classes/);
    await assert.rejects(new OnnxDetector({ path: DETR_SPLIT, layout: 'yolo' }).load(), /RT-DETR layout/);
    assert.deepEqual(parseLabels('{"0": "x", "1": "y"}'), ['x', 'y']);
  });

  it('uses inputSize for dynamic input shapes', async () => {
    const path = write('dyn.onnx', model({ inputDims: [1, 3, 'h', 'w'], outputs: [{ name: 'output0', dims: [1, 84, N], values: yoloValues(80, N, OBJECTS, 320) }] }));
    const d = new OnnxDetector({ path, inputSize: 320 });
    await d.load();
    const dets = await d.detect(scene(), options());
    assert.ok(close(dets[0]!.box, OBJECTS[0]!.box, 0.05), JSON.stringify(dets[0]));
    await d.dispose();
  });

  it('reports unavailable execution providers clearly', async () => {
    await assert.rejects(new OnnxDetector({ path: YOLO, providers: ['tensorrt', 'cuda', 'cpu'] }).load(), /execution provider "tensorrt" is not available/);
    await assert.rejects(new OnnxDetector({ path: YOLO, providers: ['bogus'] }).load(), /bogus is not supported by onnxruntime-node/);
  });

  it('decodes a full-size YOLO output quickly', (t) => {
    const n = 8400;
    const data = new Float32Array(84 * n);
    for (let i = 0; i < data.length; i++) data[i] = ((i * 2654435761) % 1000) / 4000; // scores < 0.25
    for (let j = 0; j < 100; j++) data[(4 + (j % 80)) * n + j * 80] = 0.3 + j / 200; // 100 candidates
    const labels = Array.from({ length: 80 }, (_, i) => `c${i}`);
    const opts = options();
    const times: number[] = [];
    for (let r = 0; r < 21; r++) {
      const t0 = performance.now();
      const c = decodeYolo({ name: 'output0', dims: [1, 84, n], data }, classScoreThresholds(labels, opts));
      postprocess(c.map((x) => ({ ...x, label: '' })), opts, labels, 640, 640);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    t.diagnostic(`decode + postprocess of [1,84,8400]: median ${times[10]!.toFixed(2)} ms`);
    assert.ok(times[10]! < 100);
  });
});

test('letterbox geometry, tensor layout and resize', () => {
  const g = letterboxGeometry(1280, 720, 640, 640);
  assert.deepEqual([g.scale, g.padX, g.padY, g.resizedWidth, g.resizedHeight], [0.5, 0, 140, 640, 360]);
  const b = { x1: 10, y1: 20, x2: 300, y2: 700 };
  assert.ok(close(unletterboxBox(letterboxBox(b, g), g), b, 1e-9));
  assert.deepEqual(unletterboxBox({ x1: -50, y1: 0, x2: 700, y2: 640 }, g), { x1: 0, y1: 0, x2: 1280, y2: 720 });
  const red: RgbImage = { width: 4, height: 2, data: new Uint8Array([255, 0, 0, 255, 0, 0, 0, 0, 255, 0, 0, 255, 255, 0, 0, 255, 0, 0, 0, 0, 255, 0, 0, 255]) };
  const chw = letterbox(red, 4, 4, { layout: 'chw', std: [255, 255, 255] });
  assert.equal(chw.info.padY, 1);
  assert.ok(Math.abs(chw.data[0]! - 114 / 255) < 1e-6); // pad, channel R
  assert.equal(chw.data[4], 1); // row 1 col 0 is red: R plane
  assert.equal(chw.data[16 + 4], 0); // G plane
  const bgr = letterbox(red, 4, 4, { layout: 'hwc', channels: 'bgr', mean: [10, 20, 30], std: [2, 2, 2] });
  assert.deepEqual([...bgr.data.subarray(12, 15)], [(0 - 10) / 2, (0 - 20) / 2, (255 - 30) / 2]);
  const area = resizeRgb(red, 2, 1, 'area');
  assert.deepEqual([...area.data], [255, 0, 0, 0, 0, 255]);
  const bil = resizeRgb({ width: 2, height: 1, data: new Uint8Array([0, 0, 0, 200, 100, 50]) }, 4, 1, 'bilinear');
  assert.deepEqual([...bil.data], [0, 0, 0, 50, 25, 13, 150, 75, 38, 200, 100, 50]);
});

test('iou, class-aware nms and postprocess', () => {
  const det = (classId: number, score: number, x1: number): Detection => ({ classId, score, label: `c${classId}`, box: { x1, y1: 0, x2: x1 + 10, y2: 10 } });
  assert.equal(iou(det(0, 1, 0).box, det(0, 1, 5).box), 50 / 150);
  assert.equal(iou(det(0, 1, 0).box, det(0, 1, 20).box), 0);
  // another class at a box that overlaps but is not the same is kept; at (nearly) the same box it is one object under two labels
  const kept = nms([det(0, 0.5, 1), det(0, 0.9, 0), det(1, 0.8, 3)], 0.5);
  assert.deepEqual(kept.map((d) => d.score), [0.9, 0.8]);
  assert.deepEqual(nms([det(0, 0.9, 0), det(1, 0.8, 0), det(1, 0.7, 30)], 0.5, Infinity, 0.9).map((d) => d.score), [0.9, 0.7]);
  assert.deepEqual(nms([det(0, 0.9, 0), det(1, 0.8, 0)], 0.5).map((d) => d.score), [0.9, 0.8], 'by default every class is kept');
  const twice = postprocess([det(0, 0.9, 0), det(1, 0.8, 0)], { scoreThreshold: 0.25, nmsIou: 0.5, sameObjectIou: 0.9, maxDetections: 5 }, ['c0', 'c1'], 40, 40);
  assert.deepEqual(twice.map((d) => d.label), ['c0'], 'postprocess honours sameObjectIou');
  const labels = ['c0', 'c1'];
  const out = postprocess([det(0, 0.5, -5), det(1, 0.3, 0), det(0, 0.2, 50)], { scoreThreshold: 0.25, classThresholds: { c1: 0.4 }, nmsIou: 0.5, maxDetections: 5 }, labels, 40, 40);
  assert.deepEqual(out.map((d) => [d.label, d.box.x1, d.box.x2]), [['c0', 0, 5]]);
});
