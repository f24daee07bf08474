/**
 * TFLite operator -> ONNX node translations for float models (the ops of MobileNet-SSD style
 * graphs): DEQUANTIZE (fp16 constants folded to fp32 at conversion time), CONV_2D,
 * DEPTHWISE_CONV_2D, ADD, RESHAPE and CONCATENATION, with fused activations.
 *
 * TFLite activations are NHWC; ONNX convolutions are NCHW. Each converted value remembers its
 * layout: `nchw` (a 4-D activation stored channels-first) or `plain` (stored exactly as TFLite
 * sees it). Layout-sensitive consumers (RESHAPE, graph outputs) get a Transpose back to NHWC only
 * where needed, so a conv chain runs with no transposes.
 */
import type { OnnxBuilder } from './onnx-builder.js';
import { constFloat32, constInt32, opOptions, type TfliteModel, type TfliteOperator, type TfliteTensor } from './tflite-reader.js';

/** How a converted value is stored in the ONNX graph. */
export type ValueLayout = 'nchw' | 'plain';

/** A converted value: an ONNX name in some layout, and/or a folded constant. */
export interface ConvertedValue {
  /** The ONNX value name, once materialised. */
  name?: string;
  layout: ValueLayout;
  /** Folded constant data (TFLite layout), for weights and dequantized tensors. */
  data?: Float32Array;
}

/** State shared by the op translations while one graph is converted. */
export class ConvertContext {
  /** Converted values by TFLite tensor index. */
  readonly values = new Map<number, ConvertedValue>();
  private scalars = new Map<number, string>();

  /** Starts a conversion of `model` into `b`. */
  constructor(
    readonly model: TfliteModel,
    readonly b: OnnxBuilder,
  ) {}

  /** The TFLite tensor at `index`. */
  tensor(index: number): TfliteTensor {
    const t = this.model.tensors[index];
    if (!t) throw new Error(`TFLite tensor ${index} does not exist`);
    return t;
  }

  /** Constant data of a tensor (its buffer, or a folded DEQUANTIZE), or undefined. */
  constant(index: number): Float32Array | undefined {
    const v = this.values.get(index);
    if (v?.data) return v.data;
    if (v) return undefined;
    return constFloat32(this.model, this.tensor(index));
  }

  /** A float scalar initializer (shared per value). */
  scalar(v: number): string {
    let n = this.scalars.get(v);
    if (!n) this.scalars.set(v, (n = this.b.float32(`const_${v}`, v)));
    return n;
  }

  /**
   * The ONNX name of tensor `index` in `layout`, materialising constants as initializers and
   * inserting a Transpose when the stored layout differs.
   */
  get(index: number, layout: ValueLayout): string {
    const t = this.tensor(index);
    const v = this.values.get(index);
    if (!v || (v.data && !v.name)) {
      const data = v?.data ?? constFloat32(this.model, t);
      if (!data) throw new Error(`TFLite tensor ${t.name} is read before it is computed`);
      const nchw = layout === 'nchw' && t.shape.length === 4;
      const name = this.b.initializer(t.name || `t${index}`, nchw ? nhwcToNchw(data, t.shape) : data, nchw ? toNchwShape(t.shape) : t.shape);
      return name;
    }
    if (!v.name) throw new Error(`TFLite tensor ${t.name} has no value`);
    if (v.layout === layout || t.shape.length !== 4) return v.name;
    const perm = layout === 'nchw' ? [0, 3, 1, 2] : [0, 2, 3, 1];
    const [out] = this.b.node('Transpose', [v.name], { perm });
    return out!;
  }

  /** Records the ONNX value computed for tensor `index`. */
  set(index: number, name: string, layout: ValueLayout): void {
    this.values.set(index, { name, layout });
  }
}

/** NHWC shape -> NCHW shape. */
export function toNchwShape(s: readonly number[]): number[] {
  return [s[0]!, s[3]!, s[1]!, s[2]!];
}

/** Transposes NHWC data to NCHW. */
export function nhwcToNchw(data: Float32Array, shape: readonly number[]): Float32Array {
  const [n = 1, h = 1, w = 1, c = 1] = shape;
  const out = new Float32Array(data.length);
  for (let b = 0; b < n; b++) {
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        for (let k = 0; k < c; k++) out[((b * c + k) * h + y) * w + x] = data[((b * h + y) * w + x) * c + k]!;
      }
    }
  }
  return out;
}

/** Applies a TFLite fused activation (0 none, 1 RELU, 2 RELU_N1_TO_1, 3 RELU6, 4 TANH). */
function activation(ctx: ConvertContext, x: string, act: number, op: TfliteOperator): string {
  switch (act) {
    case 0:
      return x;
    case 1:
      return ctx.b.node('Relu', [x])[0]!;
    case 2:
      return ctx.b.node('Clip', [x, ctx.scalar(-1), ctx.scalar(1)])[0]!;
    case 3:
      return ctx.b.node('Clip', [x, ctx.scalar(0), ctx.scalar(6)])[0]!;
    case 4:
      return ctx.b.node('Tanh', [x])[0]!;
    default:
      throw new Error(`${op.opName}: fused activation ${act} is not supported`);
  }
}

/** ONNX `pads` for TFLite padding (0 SAME, 1 VALID) along one spatial axis: [begin, end]. */
export function samePads(padding: number, input: number, kernel: number, stride: number, dilation: number): [number, number] {
  if (padding === 1) return [0, 0];
  const out = Math.ceil(input / stride);
  const total = Math.max((out - 1) * stride + (kernel - 1) * dilation + 1 - input, 0);
  const begin = Math.floor(total / 2);
  return [begin, total - begin];
}

/** Reorders a TFLite conv filter [O, KH, KW, I] to ONNX [O, I, KH, KW]. */
function convWeights(w: Float32Array, [o = 1, kh = 1, kw = 1, i = 1]: readonly number[]): Float32Array {
  const out = new Float32Array(w.length);
  for (let a = 0; a < o; a++) {
    for (let y = 0; y < kh; y++) {
      for (let x = 0; x < kw; x++) {
        for (let c = 0; c < i; c++) out[((a * i + c) * kh + y) * kw + x] = w[((a * kh + y) * kw + x) * i + c]!;
      }
    }
  }
  return out;
}

function conv(ctx: ConvertContext, op: TfliteOperator, depthwise: boolean): void {
  const o = opOptions(ctx.model, op);
  const [xi, wi, bi = -1] = op.inputs as [number, number, number?];
  const xt = ctx.tensor(xi);
  const wt = ctx.tensor(wi);
  const w = ctx.constant(wi);
  if (!w) throw new Error(`${op.opName}: filter ${wt.name} is not constant`);
  const padding = o.byte(0);
  const [sw, sh] = [o.int(1, 1), o.int(2, 1)];
  const act = o.byte(depthwise ? 4 : 3);
  const [dw, dh] = depthwise ? [o.int(5, 1), o.int(6, 1)] : [o.int(4, 1), o.int(5, 1)];
  const [, kh = 1, kw = 1, wc = 1] = wt.shape;
  const [, ih = 1, iw = 1, ic = 1] = xt.shape;
  let wName: string;
  let group = 1;
  if (depthwise) {
    // [1, KH, KW, C*M] -> [C*M, 1, KH, KW] (reordered as [1, C*M, KH, KW], the same bytes);
    // one group per input channel, output channel c*M+m reads input channel c as in TFLite.
    wName = ctx.b.initializer(`${wt.name}_oihw`, convWeights(w, [1, kh, kw, wc]), [wc, 1, kh, kw]);
    group = ic;
  } else {
    wName = ctx.b.initializer(`${wt.name}_oihw`, convWeights(w, wt.shape), [wt.shape[0]!, wc, kh, kw]);
  }
  const inputs = [ctx.get(xi, 'nchw'), wName];
  if (bi >= 0) {
    const bias = ctx.constant(bi);
    if (!bias) throw new Error(`${op.opName}: bias is not constant`);
    inputs.push(ctx.b.initializer(`${ctx.tensor(bi).name}_b`, bias, [bias.length]));
  }
  const [py0, py1] = samePads(padding, ih, kh, sh, dh);
  const [px0, px1] = samePads(padding, iw, kw, sw, dw);
  const [y] = ctx.b.node('Conv', inputs, {
    kernel_shape: [kh, kw],
    strides: [sh, sw],
    dilations: [dh, dw],
    pads: [py0, px0, py1, px1],
    group,
  });
  ctx.set(op.outputs[0]!, activation(ctx, y!, act, op), 'nchw');
}

function add(ctx: ConvertContext, op: TfliteOperator): void {
  const [a, b] = op.inputs as [number, number];
  const outRank = ctx.tensor(op.outputs[0]!).shape.length;
  const computed = [a, b].filter((i) => ctx.values.get(i)?.name);
  const layout: ValueLayout = outRank === 4 && computed.some((i) => ctx.values.get(i)!.layout === 'nchw') ? 'nchw' : 'plain';
  const side = (i: number): string => {
    const t = ctx.tensor(i);
    const data = ctx.constant(i);
    // A per-channel constant broadcasts along TFLite's last axis: channels, [C,1,1] in NCHW.
    if (data && layout === 'nchw' && t.shape.length <= 1) return ctx.b.initializer(`${t.name}_c11`, data, [data.length, 1, 1]);
    return ctx.get(i, layout);
  };
  const [y] = ctx.b.node('Add', [side(a), side(b)]);
  ctx.set(op.outputs[0]!, activation(ctx, y!, opOptions(ctx.model, op).byte(0), op), layout);
}

function reshape(ctx: ConvertContext, op: TfliteOperator): void {
  const [xi, si = -1] = op.inputs as [number, number?];
  const shapeT = si >= 0 ? ctx.tensor(si) : undefined;
  let shape = shapeT ? constInt32(ctx.model, shapeT) : undefined;
  shape ??= opOptions(ctx.model, op).ints(0);
  if (shape.length === 0) shape = ctx.tensor(op.outputs[0]!).shape;
  const [y] = ctx.b.node('Reshape', [ctx.get(xi, 'plain'), ctx.b.int64('shape', shape)]);
  ctx.set(op.outputs[0]!, y!, 'plain');
}

function concat(ctx: ConvertContext, op: TfliteOperator): void {
  const o = opOptions(ctx.model, op);
  const rank = ctx.tensor(op.outputs[0]!).shape.length;
  let axis = o.int(0);
  if (axis < 0) axis += rank;
  const nchw = rank === 4 && op.inputs.some((i) => ctx.values.get(i)?.layout === 'nchw');
  const layout: ValueLayout = nchw ? 'nchw' : 'plain';
  const onnxAxis = nchw ? [0, 2, 3, 1][axis]! : axis;
  const [y] = ctx.b.node('Concat', op.inputs.map((i) => ctx.get(i, layout)), { axis: onnxAxis });
  ctx.set(op.outputs[0]!, activation(ctx, y!, o.byte(1), op), layout);
}

/** Translates one operator into `ctx`. Throws on an operator it does not know. */
export function convertOp(ctx: ConvertContext, op: TfliteOperator): void {
  switch (op.opName) {
    case 'DEQUANTIZE': {
      const data = ctx.constant(op.inputs[0]!);
      if (!data) throw new Error('DEQUANTIZE of a computed tensor is not supported (only fp16 weights)');
      ctx.values.set(op.outputs[0]!, { layout: 'plain', data });
      return;
    }
    case 'CONV_2D':
      return conv(ctx, op, false);
    case 'DEPTHWISE_CONV_2D':
      return conv(ctx, op, true);
    case 'ADD':
      return add(ctx, op);
    case 'RESHAPE':
      return reshape(ctx, op);
    case 'CONCATENATION':
      return concat(ctx, op);
    default:
      throw new Error(`TFLite operator ${op.opName} is not supported by the converter`);
  }
}
