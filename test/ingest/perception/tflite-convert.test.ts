/**
 * The TFLite -> ONNX converter checked op by op on the real SSD-OIDv4 file: single operators (and
 * the reshape/concat head) cut out of the graph, converted, run by ONNX Runtime on random inputs
 * and compared with direct TypeScript implementations of the TFLite ops.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import * as ort from 'onnxruntime-node';
import { readSsdOidv4Source } from '../../../ingest/perception/convert/ssd-oidv4-onnx.js';
import { convertTflite, operatorInventory } from '../../../ingest/perception/convert/tflite-onnx.js';
import { constFloat32, halfToFloat, opOptions, readTflite, type TfliteModel, type TfliteOperator } from '../../../ingest/perception/convert/tflite-reader.js';

/** Deterministic pseudo-random values in [-1, 1). */
function random(n: number, seed: number): Float32Array {
  let s = seed >>> 0;
  return Float32Array.from({ length: n }, () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 31 - 1;
  });
}

/** A filter or bias: the fp16 constant behind its DEQUANTIZE op. */
function weights(m: TfliteModel, tensor: number): Float32Array {
  const deq = m.operators.find((o) => o.outputs[0] === tensor);
  assert.equal(deq?.opName, 'DEQUANTIZE');
  return constFloat32(m, m.tensors[deq.inputs[0]!]!)!;
}

/** TFLite CONV_2D / DEPTHWISE_CONV_2D on NHWC data, straight from the op's definition. */
function refConv(m: TfliteModel, op: TfliteOperator, x: Float32Array): Float32Array {
  const dw = op.opName === 'DEPTHWISE_CONV_2D';
  const o = opOptions(m, op);
  const [, ih, iw, ic] = m.tensors[op.inputs[0]!]!.shape as [number, number, number, number];
  const [, kh, kw, wc] = m.tensors[op.inputs[1]!]!.shape as [number, number, number, number];
  const [, oh, ow, oc] = m.tensors[op.outputs[0]!]!.shape as [number, number, number, number];
  const same = o.byte(0) === 0;
  const [sw, sh] = [o.int(1), o.int(2)];
  const act = o.byte(dw ? 4 : 3);
  const w = weights(m, op.inputs[1]!);
  const b = weights(m, op.inputs[2]!);
  const padT = same ? Math.floor(Math.max((oh - 1) * sh + kh - ih, 0) / 2) : 0;
  const padL = same ? Math.floor(Math.max((ow - 1) * sw + kw - iw, 0) / 2) : 0;
  const mult = dw ? oc / ic : 1;
  const out = new Float32Array(oh * ow * oc);
  for (let y = 0; y < oh; y++) {
    for (let xo = 0; xo < ow; xo++) {
      for (let c = 0; c < oc; c++) {
        let acc = b[c]!;
        for (let dy = 0; dy < kh; dy++) {
          const yy = y * sh - padT + dy;
          if (yy < 0 || yy >= ih) continue;
          for (let dx = 0; dx < kw; dx++) {
            const xx = xo * sw - padL + dx;
            if (xx < 0 || xx >= iw) continue;
            const px = (yy * iw + xx) * ic;
            if (dw) acc += x[px + Math.floor(c / mult)]! * w[(dy * kw + dx) * wc + c]!;
            else for (let k = 0; k < ic; k++) acc += x[px + k]! * w[((c * kh + dy) * kw + dx) * wc + k]!;
          }
        }
        out[(y * ow + xo) * oc + c] = act === 3 ? Math.min(Math.max(acc, 0), 6) : act === 1 ? Math.max(acc, 0) : acc;
      }
    }
  }
  return out;
}

async function run(bytes: Uint8Array, feeds: Record<string, { data: Float32Array; dims: number[] }>): Promise<Float32Array[]> {
  const s = await ort.InferenceSession.create(bytes, { intraOpNumThreads: 1 });
  try {
    const res = await s.run(Object.fromEntries(Object.entries(feeds).map(([k, v]) => [k, new ort.Tensor('float32', v.data, v.dims)])));
    return s.outputNames.map((n) => res[n]!.data as Float32Array);
  } finally {
    await s.release();
  }
}

function assertClose(got: Float32Array, want: Float32Array, what: string): void {
  assert.equal(got.length, want.length, `${what}: length`);
  let worst = 0;
  for (let i = 0; i < got.length; i++) worst = Math.max(worst, Math.abs(got[i]! - want[i]!) / (1 + Math.abs(want[i]!)));
  assert.ok(worst < 1e-4, `${what}: max relative error ${worst}`);
}

describe('TFLite -> ONNX conversion of the SSD-OIDv4 model', () => {
  let m: TfliteModel;
  before(async () => {
    m = readTflite((await readSsdOidv4Source()).tflite);
  });

  it('reads the flatbuffer: inputs, outputs, op inventory, fp16 weights', () => {
    assert.deepEqual(m.tensors[m.inputs[0]!]!.shape, [1, 300, 300, 3]);
    assert.deepEqual(m.outputs.map((i) => m.tensors[i]!.name), ['raw_outputs/box_encodings', 'raw_outputs/class_predictions']);
    assert.deepEqual(m.outputs.map((i) => m.tensors[i]!.shape), [[1, 1917, 4], [1, 1917, 24]]);
    assert.deepEqual(operatorInventory(m), { DEQUANTIZE: 144, CONV_2D: 55, DEPTHWISE_CONV_2D: 17, ADD: 10, RESHAPE: 13, CONCATENATION: 2 });
    const first = m.operators.find((o) => o.opName === 'CONV_2D')!;
    const o = opOptions(m, first);
    // MobileNetV2's stem: 3x3 conv, stride 2, SAME, RELU6, 32 channels
    assert.deepEqual([o.byte(0), o.int(1), o.int(2), o.byte(3)], [0, 2, 2, 3]);
    assert.deepEqual(m.tensors[first.outputs[0]!]!.shape, [1, 150, 150, 32]);
    const w = weights(m, first.inputs[1]!);
    assert.equal(w.length, 32 * 3 * 3 * 3);
    assert.ok(w.some((v) => v !== 0) && w.every(Number.isFinite));
  });

  it('half floats widen exactly', () => {
    assert.deepEqual([0x3c00, 0xc000, 0x7bff, 0x0001, 0x8000, 0x3555].map(halfToFloat), [1, -2, 65504, 2 ** -24, -0, 0.333251953125]);
  });

  // one op of each kind: the stride-2 stem (asymmetric SAME pads), a stride-1 and a stride-2
  // depthwise conv, a 1x1 projection without activation, and a residual ADD
  const pick = (kind: string, pred: (op: TfliteOperator) => boolean = () => true) => () => m.operators.find((op) => op.opName === kind && pred(op))!;
  const cases: [string, () => TfliteOperator][] = [
    ['CONV_2D 3x3 stride 2', pick('CONV_2D')],
    ['DEPTHWISE_CONV_2D stride 1', pick('DEPTHWISE_CONV_2D', (op) => opOptions(m, op).int(1) === 1)],
    ['DEPTHWISE_CONV_2D stride 2', pick('DEPTHWISE_CONV_2D', (op) => opOptions(m, op).int(1) === 2)],
    ['CONV_2D 1x1 linear', pick('CONV_2D', (op) => m.tensors[op.inputs[1]!]!.shape[1] === 1 && opOptions(m, op).byte(3) === 0)],
  ];
  for (const [name, get] of cases) {
    it(`${name} matches the reference (NHWC input)`, async () => {
      const op = get();
      const xt = m.tensors[op.inputs[0]!]!;
      const x = random(xt.shape.reduce((a, b) => a * b, 1), 7);
      const bytes = convertTflite(m, { inputs: [op.inputs[0]!], outputs: [op.outputs[0]!], inputLayout: 'nhwc', inputNames: ['x'] });
      const [y] = await run(bytes, { x: { data: x, dims: xt.shape } });
      assertClose(y!, refConv(m, op, x), name);
    });
  }

  it('ADD (residual) matches element-wise addition', async () => {
    const op = m.operators.find((o) => o.opName === 'ADD')!;
    const [a, b] = op.inputs.map((i) => m.tensors[i]!);
    const n = a!.shape.reduce((p, q) => p * q, 1);
    const [xa, xb] = [random(n, 1), random(n, 2)];
    const bytes = convertTflite(m, { inputs: op.inputs, outputs: op.outputs, inputLayout: 'nhwc', inputNames: ['a', 'b'] });
    const [y] = await run(bytes, { a: { data: xa, dims: a!.shape }, b: { data: xb, dims: b!.shape } });
    assertClose(y!, xa.map((v, i) => v + xb[i]!), 'ADD');
  });

  it('the RESHAPE/CONCATENATION heads flatten NHWC predictor maps in order (NCHW inputs)', async () => {
    for (const out of m.outputs) {
      const concat = m.operators.find((o) => o.opName === 'CONCATENATION' && (o.outputs[0] === out || m.operators.some((r) => r.inputs[0] === o.outputs[0] && r.outputs[0] === out)))!;
      // the predictor conv outputs feeding each RESHAPE before the concat
      const maps = concat.inputs.map((i) => m.operators.find((o) => o.outputs[0] === i)!.inputs[0]!);
      const feeds: Record<string, { data: Float32Array; dims: number[] }> = {};
      const nhwc: Float32Array[] = [];
      maps.forEach((t, k) => {
        const [n, h, w, c] = m.tensors[t]!.shape as [number, number, number, number];
        const data = random(n * h * w * c, 10 + k);
        nhwc.push(data);
        const nchw = new Float32Array(data.length);
        for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) for (let ch = 0; ch < c; ch++) nchw[(ch * h + y) * w + x] = data[(y * w + x) * c + ch]!;
        feeds[`m${k}`] = { data: nchw, dims: [n, c, h, w] };
      });
      const bytes = convertTflite(m, { inputs: maps, outputs: [out], inputLayout: 'nchw', inputNames: maps.map((_, k) => `m${k}`) });
      const [y] = await run(bytes, feeds);
      const want = new Float32Array(nhwc.reduce((s, a) => s + a.length, 0));
      let off = 0;
      for (const a of nhwc) {
        want.set(a, off);
        off += a.length;
      }
      assertClose(y!, want, m.tensors[out]!.name);
    }
  });

  it('an unsupported operator is refused by name', () => {
    const fake: TfliteModel = { ...m, operators: [{ ...m.operators.find((o) => o.opName === 'ADD')!, opName: 'BUILTIN_99', code: 99 }] };
    const op = fake.operators[0]!;
    assert.throws(() => convertTflite(fake, { inputs: op.inputs, outputs: op.outputs }), /BUILTIN_99 is not supported/);
  });
});
