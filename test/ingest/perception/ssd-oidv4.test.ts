/**
 * SSD-OIDv4 pieces without the network: the options hard-coded in ssd-decode.ts against the
 * graph config the npm package ships, MediaPipe's anchor layout, box decoding, the label map and
 * the converted-model cache.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { cachedModel } from '../../../ingest/perception/convert/model-cache.js';
import { objectronDir, packedFiles, readSsdOidv4Source } from '../../../ingest/perception/convert/ssd-oidv4-onnx.js';
import { OIDV4_NAMES, oidv4Labels } from '../../../ingest/perception/oidv4-labels.js';
import { decodeSsd, OIDV4_SSD, ssdAnchors } from '../../../ingest/perception/ssd-decode.js';

/** Protobuf fields of a message: field number -> values (varints as numbers, fixed32 as floats, bytes as views). */
function fields(buf: Uint8Array): Map<number, (number | Uint8Array)[]> {
  const out = new Map<number, (number | Uint8Array)[]>();
  const dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  let pos = 0;
  const varint = (): number => {
    let v = 0;
    for (let mul = 1; ; mul *= 128) {
      const b = buf[pos++]!;
      v += (b & 0x7f) * mul;
      if (b < 0x80) return v;
    }
  };
  while (pos < buf.length) {
    const key = varint();
    const wire = key % 8;
    let v: number | Uint8Array;
    if (wire === 0) v = varint();
    else if (wire === 5) v = (pos += 4, Math.fround(dv.getFloat32(pos - 4, true)));
    else if (wire === 2) {
      const len = varint();
      v = buf.subarray(pos, (pos += len));
    } else throw new Error(`wire type ${wire}`);
    const f = Math.floor(key / 8);
    out.set(f, [...(out.get(f) ?? []), v]);
  }
  return out;
}

/** The options message of the calculator node named `calc` in the OIDv4 subgraph config. */
function calculatorOptions(wasm: Uint8Array, calc: string): Map<number, (number | Uint8Array)[]> {
  const text = Buffer.from(wasm).toString('latin1');
  const model = text.indexOf('object_detection_ssd_mobilenetv2_oidv4_fp16.tflite');
  assert.ok(model > 0, 'OIDv4 subgraph config not found in the wasm');
  // Node: 0x12 len calculator, then streams and side packets, then 0x3a len CalculatorOptions{ext}.
  const at = text.indexOf(`${String.fromCharCode(calc.length)}${calc}`, model - 600) - 1;
  assert.ok(at > 0 && wasm[at] === 0x12, `${calc} node not found`);
  const node = fields(wasm.subarray(at, at + 400).subarray(0, nodeLength(wasm, at)));
  const opts = node.get(7)?.[0] as Uint8Array;
  const [ext] = [...fields(opts).values()];
  return fields(ext![0] as Uint8Array);
}

/** Length of the node message fields starting at `at` (up to the next `0x0a` node or the end of options). */
function nodeLength(wasm: Uint8Array, at: number): number {
  let pos = at;
  for (;;) {
    const key = wasm[pos]!;
    // calculator, input/output streams, input/output side packets, options (fields 2..7, wire 2)
    if (![0x12, 0x1a, 0x22, 0x2a, 0x32, 0x3a].includes(key)) return pos - at;
    let len = 0;
    let p = pos + 1;
    for (let mul = 1; ; mul *= 128) {
      const b = wasm[p++]!;
      len += (b & 0x7f) * mul;
      if (b < 0x80) break;
    }
    pos = p + len;
  }
}

const close = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((v, i) => Math.abs(v - b[i]!) < 1e-6);

describe('SSD-OIDv4 options, anchors and decoding', () => {
  it('the hard-coded options equal the ObjectDetectionOidV4Subgraph config in the package', async () => {
    const wasm = new Uint8Array(await readFile(join(objectronDir(), 'objectron_solution_wasm_bin.wasm')));
    const a = calculatorOptions(wasm, 'SsdAnchorsCalculator');
    const A = OIDV4_SSD.anchors;
    assert.deepEqual([a.get(1), a.get(2), a.get(7)], [[A.inputWidth], [A.inputHeight], [A.strides.length]]);
    assert.ok(close([a.get(3), a.get(4), a.get(5), a.get(6)].flat() as number[], [A.minScale, A.maxScale, A.anchorOffsetX, A.anchorOffsetY].map(Math.fround)));
    assert.deepEqual(a.get(10), A.strides);
    assert.ok(close(a.get(11) as number[], A.aspectRatios.map(Math.fround)));
    assert.deepEqual(a.get(12), [1]);
    assert.equal(a.get(13), undefined, 'interpolated_scale_aspect_ratio keeps its default 1');
    const d = calculatorOptions(wasm, 'TensorsToDetectionsCalculator');
    const D = OIDV4_SSD.decode;
    assert.deepEqual([d.get(1), d.get(2), d.get(3)], [[D.numClasses], [D.numBoxes], [4]]);
    assert.deepEqual([d.get(4), d.get(5), d.get(6), d.get(7)].flat(), [D.xScale, D.yScale, D.wScale, D.hScale]);
    assert.deepEqual([d.get(8), d.get(13), d.get(14), d.get(15), d.get(19)], [D.ignoreClasses, [1], undefined, [1], [D.minScoreThresh]]);
    const img = calculatorOptions(wasm, 'ImageToTensorCalculator');
    assert.deepEqual([img.get(1), img.get(2), img.get(3)], [[300], [300], [0]]);
    assert.deepEqual([...fields(img.get(4)![0] as Uint8Array).values()].flat(), [...OIDV4_SSD.input.range]);
  });

  it('anchors follow MediaPipe: 1917 of them, 3 per cell on the 19x19 map, 6 elsewhere', () => {
    const a = ssdAnchors(OIDV4_SSD.anchors);
    assert.equal(a.count, OIDV4_SSD.decode.numBoxes);
    const at = (i: number) => [...a.data.subarray(4 * i, 4 * i + 4)];
    assert.ok(close(at(0), [0.5 / 19, 0.5 / 19, 0.1, 0.1]));
    assert.ok(close(at(1), [0.5 / 19, 0.5 / 19, 0.2 * Math.SQRT2, 0.2 / Math.SQRT2]));
    assert.ok(close(at(3), [1.5 / 19, 0.5 / 19, 0.1, 0.1]));
    // second layer starts after 19*19*3: scale 0.35, ratios 1, 2, 0.5, 3, 1/3, then sqrt(0.35*0.5)
    assert.ok(close(at(1083), [0.05, 0.05, 0.35, 0.35]));
    assert.ok(close(at(1088), [0.05, 0.05, Math.sqrt(0.35 * 0.5), Math.sqrt(0.35 * 0.5)]));
    // last: the 1x1 map, interpolated anchor between 0.95 and 1
    assert.ok(close(at(1916), [0.5, 0.5, Math.sqrt(0.95), Math.sqrt(0.95)]));
  });

  it('decodes y, x, h, w offsets with the scales, sigmoid scores and the ignored background', () => {
    const a = ssdAnchors(OIDV4_SSD.anchors);
    const n = a.count;
    const nc = OIDV4_SSD.decode.numClasses;
    const boxes = new Float32Array(4 * n);
    const logits = new Float32Array(n * nc).fill(-10);
    // anchor 1088 (cx .05, cy .05, w=h=.418): shift y by one anchor height, double the width
    boxes.set([10, 0, 0, 5 * Math.log(2)], 4 * 1088);
    logits[1088 * nc + 23] = 2; // Car
    logits[5 * nc + 0] = 5; // background only: never reported
    const t = new Float64Array(nc).fill(0.5);
    const got = decodeSsd(boxes, logits, a, OIDV4_SSD.decode, t);
    assert.equal(got.length, 1);
    const [c] = got;
    const s = Math.sqrt(0.35 * 0.5);
    assert.equal(c!.classId, 23);
    assert.ok(Math.abs(c!.score - 1 / (1 + Math.exp(-2))) < 1e-9);
    assert.ok(close([c!.box.x1, c!.box.y1, c!.box.x2, c!.box.y2], [0.05 - s, 0.05 + s - s / 2, 0.05 + s, 0.05 + s + s / 2]));
    t[23] = 0.9;
    assert.equal(decodeSsd(boxes, logits, a, OIDV4_SSD.decode, t).length, 0, 'per-class threshold applies');
  });

  it('labels: the package label map, mapped to COCO names where they agree', async () => {
    const src = await readSsdOidv4Source();
    assert.deepEqual(src.names, OIDV4_NAMES);
    const labels = oidv4Labels(src.names);
    for (const [i, l] of [[4, 'person'], [23, 'car'], [1, 'bicycle'], [16, 'bottle'], [18, 'vehicle'], [9, 'mouse'], [12, 'mug'], [14, 'stationary bicycle']] as const) {
      assert.equal(labels[i], l);
    }
    assert.equal(new Set(labels).size, labels.length, 'labels are distinct');
    assert.deepEqual(packedFiles('"files": [{"filename": "/a/b.tflite", "start": 184, "end": 9987912}]').get('b.tflite'), { start: 184, end: 9987912 });
  });
});

describe('converted-model cache', () => {
  it('builds once, reuses while the source and converter match, rebuilds otherwise', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vigil-model-cache-'));
    try {
      let builds = 0;
      const opts = (source: Uint8Array, converter = 'v1') => ({
        dir: join(dir, 'models'),
        name: 'm.onnx',
        source,
        converter,
        build: () => Uint8Array.from([++builds, ...source]),
      });
      const src = Uint8Array.from([1, 2, 3]);
      const first = await cachedModel(opts(src));
      assert.equal(first.hit, false);
      const again = await cachedModel(opts(src));
      assert.deepEqual([again.hit, [...again.bytes]], [true, [1, 1, 2, 3]]);
      const side = JSON.parse(await readFile(`${first.path}.json`, 'utf8')) as { converter: string; bytes: number };
      assert.deepEqual([side.converter, side.bytes], ['v1', 4]);
      assert.equal((await cachedModel(opts(src, 'v2'))).hit, false, 'new converter version');
      assert.equal((await cachedModel(opts(Uint8Array.from([9])))).hit, false, 'new source');
      await cachedModel(opts(src));
      await writeFile(first.path, Uint8Array.from([0, 0, 0, 0])); // damaged file, same size
      const repaired = await cachedModel(opts(src));
      assert.deepEqual([repaired.hit, [...(await readFile(first.path))]], [false, [...repaired.bytes]]);
      assert.equal(builds, 5);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
