import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as ort from 'onnxruntime-node';
import { floatAttr, OnnxBuilder } from '../../../ingest/perception/convert/onnx-builder.js';

test('onnx-builder: a Conv + LeakyRelu + Reshape model runs in ONNX Runtime with the expected values', async () => {
  const b = new OnnxBuilder({ opset: 13, producerVersion: 'test' });
  const x = b.input('x', 'float32', [1, 1, 3, 3]);
  // 2 output channels: identity 1x1 and a x2 1x1 kernel with bias -10
  const w = b.initializer('w', new Float32Array([1, 2]), [2, 1, 1, 1]);
  const bias = b.float32('bias', [0, -10]);
  const [y] = b.node('Conv', [x, w, bias], { kernel_shape: [1, 1], pads: [0, 0, 0, 0] });
  const [z] = b.node('LeakyRelu', [y!], { alpha: floatAttr(0.5) });
  const shape = b.int64('shape', [1, 18]);
  const [r] = b.node('Reshape', [z!, shape]);
  b.output(r!, 'float32', [1, 18], 'out');
  b.metadata('names', '["a"]');
  const bytes = b.encode();
  const session = await ort.InferenceSession.create(bytes);
  const input = Float32Array.from({ length: 9 }, (_, i) => i);
  const res = await session.run({ x: new ort.Tensor('float32', input, [1, 1, 3, 3]) });
  const out = res.out!;
  assert.deepEqual(out.dims, [1, 18]);
  const expected = [...input, ...[...input].map((v) => (2 * v - 10 >= 0 ? 2 * v - 10 : 0.5 * (2 * v - 10)))];
  assert.deepEqual([...(out.data as Float32Array)], expected);
  await session.release();
});

test('onnx-builder: names stay unique, a value read before it is defined is refused, floats must be wrapped', () => {
  const b = new OnnxBuilder();
  assert.equal(b.fresh('a'), 'a');
  assert.equal(b.fresh('a'), 'a_1');
  b.input('x', 'float32', ['batch', 4]);
  assert.throws(() => b.input('x', 'float32', [1]), /already defined/);
  b.node('Relu', ['later']);
  assert.throws(() => b.encode(), /reads "later" before it is defined/);
  assert.throws(() => b.node('LeakyRelu', ['x'], { alpha: 0.1 }), /not an integer/);
});
