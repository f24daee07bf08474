/**
 * TF op -> ONNX op mapping for {@link convertTfjsGraph}: convolutions (plain, depthwise, fused
 * with bias and activation), pooling, means, element-wise arithmetic, concatenation, resizing and
 * the tensor plumbing of detection heads (Reshape, ExpandDims, StridedSlice, GatherV2, TopKV2).
 * Each handler returns the TF value(s) of its node; shapes are TF's (NHWC for images).
 */
import { floatAttr } from './onnx-builder.js';
import { broadcastShape, onnxAxis, onnxType, TO_NCHW, type ConvertContext, type Val } from './tfjs-context.js';
import type { TfDtype, TfNode } from './tfjs-graph.js';

/** Converts one TF node; returns its output value(s). */
export type OpHandler = (node: TfNode, cx: ConvertContext) => Val | Val[];

const ins = (node: TfNode, cx: ConvertContext): Val[] => node.inputs.map((i) => cx.get(i));
const numel = (shape: readonly number[]): number => shape.reduce((a, b) => a * b, 1);
const out = (name: string, shape: number[], dtype: TfDtype, nchw = false): Val => ({ name, shape, dtype, nchw });

function checkNhwc(node: TfNode): void {
  const f = node.attrs.data_format;
  if (f !== undefined && f !== 'NHWC') throw new Error(`tfjs-ops: ${node.name}: data_format ${String(f)} is not supported`);
}

/** Output size and [before, after] padding of one spatial dim, as TF computes them. */
function spatial(size: number, k: number, stride: number, dilation: number, padding: unknown, node: TfNode): [number, number, number] {
  const eff = (k - 1) * dilation + 1;
  if (padding === 'VALID') return [Math.ceil((size - eff + 1) / stride), 0, 0];
  if (padding !== 'SAME') throw new Error(`tfjs-ops: ${node.name}: padding ${String(padding)} is not supported`);
  const o = Math.ceil(size / stride);
  const total = Math.max((o - 1) * stride + eff - size, 0);
  return [o, Math.floor(total / 2), total - Math.floor(total / 2)];
}

function clip(cx: ConvertContext, x: string, lo: number, hi: number): string {
  return cx.b.node('Clip', [x, cx.b.float32('clip_min', lo), cx.b.float32('clip_max', hi)])[0]!;
}

/** Applies a fused activation by its TF name. */
function activation(cx: ConvertContext, x: string, op: string, node: TfNode): string {
  switch (op) {
    case 'Relu': return cx.b.node('Relu', [x])[0]!;
    case 'Relu6': return clip(cx, x, 0, 6);
    case 'Elu': return cx.b.node('Elu', [x])[0]!;
    case 'Sigmoid': return cx.b.node('Sigmoid', [x])[0]!;
    case 'LeakyRelu': return cx.b.node('LeakyRelu', [x], { alpha: floatAttr(Number(node.attrs.leakyrelu_alpha ?? 0.2)) })[0]!;
    default: throw new Error(`tfjs-ops: ${node.name}: fused activation ${op} is not supported`);
  }
}

/** Conv2D / DepthwiseConv2dNative, plain or fused (BiasAdd then an activation). */
function conv(depthwise: boolean): OpHandler {
  return (node, cx) => {
    checkNhwc(node);
    const [x, w, ...args] = ins(node, cx) as [Val, Val, ...Val[]];
    if (!w.const) throw new Error(`tfjs-ops: ${node.name}: filter must be a constant`);
    const [kh, kw, cin, k3] = w.shape as [number, number, number, number];
    const [n, h, wd] = x.shape as [number, number, number, number];
    const strides = (node.attrs.strides as number[] | undefined) ?? [1, 1, 1, 1];
    const dil = (node.attrs.dilations as number[] | undefined) ?? [1, 1, 1, 1];
    const [oh, pt, pb] = spatial(h, kh, strides[1]!, dil[1]!, node.attrs.padding, node);
    const [ow, pl, pr] = spatial(wd, kw, strides[2]!, dil[2]!, node.attrs.padding, node);
    const cout = depthwise ? cin * k3 : k3;
    // TF [kh, kw, in, out|mult] -> ONNX [out, in/group, kh, kw]
    const src = w.const.data as Float32Array;
    const dst = new Float32Array(src.length);
    const inPer = depthwise ? 1 : cin;
    for (let y = 0; y < kh; y++) {
      for (let xx = 0; xx < kw; xx++) {
        for (let i = 0; i < cin; i++) {
          for (let j = 0; j < k3; j++) {
            const o = depthwise ? i * k3 + j : j;
            const ii = depthwise ? 0 : i;
            dst[((o * inPer + ii) * kh + y) * kw + xx] = src[((y * kw + xx) * cin + i) * k3 + j]!;
          }
        }
      }
    }
    const wName = cx.b.initializer('filter', dst, [cout, inPer, kh, kw]);
    const fused = (node.attrs.fused_ops as string[] | undefined) ?? [];
    const inputs = [cx.use(x, 'nchw'), wName];
    let acts = fused;
    if (fused[0] === 'BiasAdd') {
      if (!args[0]) throw new Error(`tfjs-ops: ${node.name}: BiasAdd without a bias input`);
      inputs.push(cx.use(args[0]));
      acts = fused.slice(1);
    } else if (fused.length > 0 && fused[0] !== undefined && !['Relu', 'Relu6', 'Elu', 'Sigmoid', 'LeakyRelu'].includes(fused[0])) {
      throw new Error(`tfjs-ops: ${node.name}: fused op ${fused[0]} is not supported`);
    }
    let y = cx.b.node('Conv', inputs, {
      kernel_shape: [kh, kw],
      strides: [strides[1]!, strides[2]!],
      dilations: [dil[1]!, dil[2]!],
      pads: [pt, pl, pb, pr],
      group: depthwise ? cin : 1,
    })[0]!;
    for (const a of acts) y = activation(cx, y, a, node);
    return out(y, [n, oh, ow, cout], 'float32', true);
  };
}

function pool(onnxOp: 'MaxPool' | 'AveragePool'): OpHandler {
  return (node, cx) => {
    checkNhwc(node);
    const [x] = ins(node, cx) as [Val];
    const k = node.attrs.ksize as number[];
    const s = node.attrs.strides as number[];
    const [n, h, w, c] = x.shape as [number, number, number, number];
    const [oh, pt, pb] = spatial(h, k[1]!, s[1]!, 1, node.attrs.padding, node);
    const [ow, pl, pr] = spatial(w, k[2]!, s[2]!, 1, node.attrs.padding, node);
    // TF's SAME average excludes the padding: count_include_pad 0 (the ONNX default).
    const y = cx.b.node(onnxOp, [cx.use(x, 'nchw')], { kernel_shape: [k[1]!, k[2]!], strides: [s[1]!, s[2]!], pads: [pt, pl, pb, pr] })[0]!;
    return out(y, [n, oh, ow, c], 'float32', true);
  };
}

const mean: OpHandler = (node, cx) => {
  const [x] = ins(node, cx) as [Val];
  const axes = cx.constValues(node.inputs[1]!).map((a) => (a < 0 ? a + x.shape.length : a));
  const keep = node.attrs.keep_dims === true;
  const shape = keep ? x.shape.map((d, i) => (axes.includes(i) ? 1 : d)) : x.shape.filter((_, i) => !axes.includes(i));
  const v = keep ? x : { ...x, nchw: false };
  const name = cx.use(v, keep ? 'any' : 'tf');
  const y = cx.b.node('ReduceMean', [name], { axes: axes.map((a) => onnxAxis(v, a)), keepdims: keep ? 1 : 0 })[0]!;
  return out(y, shape, x.dtype, keep && x.nchw);
};

/** An operand of an element-wise op in the layout of the result. */
function operand(cx: ConvertContext, v: Val, nchw: boolean): string {
  if (!nchw || v.shape.length === 4) return cx.use(v, nchw ? 'nchw' : 'tf');
  if (numel(v.shape) === 1) return cx.use(v);
  const shape4 = [...Array<number>(4 - v.shape.length).fill(1), ...v.shape];
  const r = cx.b.node('Reshape', [cx.use(v), cx.int64(shape4)])[0]!;
  return cx.b.node('Transpose', [r], { perm: TO_NCHW })[0]!;
}

function elementwise(onnxOp: string, result?: TfDtype): OpHandler {
  return (node, cx) => {
    const vals = ins(node, cx);
    const shape = vals.map((v) => v.shape).reduce((a, b) => broadcastShape(a, b));
    const nchw = shape.length === 4 && vals.some((v) => v.nchw);
    const y = cx.b.node(onnxOp, vals.map((v) => operand(cx, v, nchw)))[0]!;
    return out(y, shape, result ?? vals[0]!.dtype, nchw);
  };
}

function unary(build: (cx: ConvertContext, x: string, node: TfNode) => string): OpHandler {
  return (node, cx) => {
    const [x] = ins(node, cx) as [Val];
    return out(build(cx, cx.use(x), node), [...x.shape], x.dtype, x.nchw);
  };
}

/** TF FloorDiv / FloorMod. Integer operands are indices here (non-negative): ONNX Div truncates. */
function floorOp(mod: boolean): OpHandler {
  return (node, cx) => {
    const [a, b] = ins(node, cx) as [Val, Val];
    const shape = broadcastShape(a.shape, b.shape);
    const nchw = shape.length === 4 && (a.nchw || b.nchw);
    const [x, y] = [operand(cx, a, nchw), operand(cx, b, nchw)];
    let r: string;
    if (a.dtype === 'int32') r = cx.b.node(mod ? 'Mod' : 'Div', [x, y], mod ? { fmod: 0 } : {})[0]!;
    else {
      const q = cx.b.node('Floor', [cx.b.node('Div', [x, y])[0]!])[0]!;
      r = mod ? cx.b.node('Sub', [x, cx.b.node('Mul', [q, y])[0]!])[0]! : q;
    }
    return out(r, shape, a.dtype, nchw);
  };
}

const DTYPES: Record<string, TfDtype> = { DT_FLOAT: 'float32', DT_INT32: 'int32', DT_BOOL: 'bool' };
const ONNX_TYPE_CODE: Record<string, number> = { float32: 1, int64: 7, bool: 9 };

const cast: OpHandler = (node, cx) => {
  const [x] = ins(node, cx) as [Val];
  const to = DTYPES[String(node.attrs.DstT)];
  if (!to) throw new Error(`tfjs-ops: ${node.name}: cast to ${String(node.attrs.DstT)} is not supported`);
  const y = cx.b.node('Cast', [cx.use(x)], { to: ONNX_TYPE_CODE[onnxType(to)]! })[0]!;
  return out(y, [...x.shape], to, x.nchw);
};

const concat: OpHandler = (node, cx) => {
  const vals = ins(node, cx);
  const axisVal = vals.pop()!;
  if (!axisVal.const) throw new Error(`tfjs-ops: ${node.name}: axis must be a constant`);
  const rank = vals[0]!.shape.length;
  const axis = ((Number(axisVal.const.data[0]) % rank) + rank) % rank;
  const nchw = rank === 4 && vals.some((v) => v.nchw);
  const shape = [...vals[0]!.shape];
  shape[axis] = vals.reduce((s, v) => s + v.shape[axis]!, 0);
  const y = cx.b.node('Concat', vals.map((v) => cx.use(v, nchw ? 'nchw' : 'tf')), { axis: nchw ? TO_NCHW.indexOf(axis) : axis })[0]!;
  return out(y, shape, vals[0]!.dtype, nchw);
};

const reshape: OpHandler = (node, cx) => {
  const [x] = ins(node, cx) as [Val];
  const spec = cx.constValues(node.inputs[1]!);
  const known = spec.reduce((a, d) => (d === -1 ? a : a * d), 1);
  const shape = spec.map((d) => (d === -1 ? numel(x.shape) / known : d));
  if (numel(shape) !== numel(x.shape)) throw new Error(`tfjs-ops: ${node.name}: cannot reshape [${x.shape.join(',')}] to [${spec.join(',')}]`);
  const y = cx.b.node('Reshape', [cx.use(x, 'tf'), cx.int64(shape)])[0]!;
  return out(y, shape, x.dtype);
};

const expandDims: OpHandler = (node, cx) => {
  const [x] = ins(node, cx) as [Val];
  const d = cx.constValues(node.inputs[1]!)[0]!;
  const axis = d < 0 ? d + x.shape.length + 1 : d;
  const shape = [...x.shape];
  shape.splice(axis, 0, 1);
  const y = cx.b.node('Unsqueeze', [cx.use(x, 'tf'), cx.int64([axis])])[0]!;
  return out(y, shape, x.dtype);
};

const stridedSlice: OpHandler = (node, cx) => {
  const [x] = ins(node, cx) as [Val];
  const [begin, end, step] = [1, 2, 3].map((i) => cx.constValues(node.inputs[i]!)) as [number[], number[], number[]];
  const bit = (m: string, i: number): boolean => ((Number(node.attrs[m] ?? 0) >> i) & 1) === 1;
  if (Number(node.attrs.ellipsis_mask ?? 0) || Number(node.attrs.new_axis_mask ?? 0)) {
    throw new Error(`tfjs-ops: ${node.name}: StridedSlice with ellipsis or new-axis masks is not supported`);
  }
  const starts: number[] = [];
  const ends: number[] = [];
  const shape: number[] = [];
  const squeeze: number[] = [];
  x.shape.forEach((dim, i) => {
    const s = step[i] ?? 1;
    const clampIdx = (v: number): number => Math.min(Math.max(v < 0 ? v + dim : v, s > 0 ? 0 : -1), s > 0 ? dim : dim - 1);
    let b = i < begin.length && !bit('begin_mask', i) ? clampIdx(begin[i]!) : s > 0 ? 0 : dim - 1;
    let e = i < end.length && !bit('end_mask', i) ? clampIdx(end[i]!) : s > 0 ? dim : -1;
    if (bit('shrink_axis_mask', i)) {
      b = clampIdx(begin[i]!);
      e = b + 1;
      squeeze.push(i);
    }
    starts.push(b);
    // ONNX reads a negative end as counted from the back; "before the start" must be written as -dim-1.
    ends.push(e < 0 ? -dim - 1 : e);
    shape.push(Math.max(0, Math.ceil((e - b) / s)));
  });
  const axes = x.shape.map((_, i) => i);
  let y = cx.b.node('Slice', [cx.use(x, 'tf'), cx.int64(starts), cx.int64(ends), cx.int64(axes), cx.int64(x.shape.map((_, i) => step[i] ?? 1))])[0]!;
  if (squeeze.length > 0) y = cx.b.node('Squeeze', [y, cx.int64(squeeze)])[0]!;
  return out(y, shape.filter((_, i) => !squeeze.includes(i)), x.dtype);
};

const gather: OpHandler = (node, cx) => {
  const [p, idx] = ins(node, cx) as [Val, Val];
  if (Number(node.attrs.batch_dims ?? 0) !== 0) throw new Error(`tfjs-ops: ${node.name}: GatherV2 batch_dims is not supported`);
  const a = cx.constValues(node.inputs[2]!)[0]!;
  const axis = a < 0 ? a + p.shape.length : a;
  const y = cx.b.node('Gather', [cx.use(p, 'tf'), cx.use(idx, 'tf')], { axis })[0]!;
  return out(y, [...p.shape.slice(0, axis), ...idx.shape, ...p.shape.slice(axis + 1)], p.dtype);
};

const topK: OpHandler = (node, cx) => {
  const [x] = ins(node, cx) as [Val];
  const k = cx.constValues(node.inputs[1]!)[0]!;
  const [values, indices] = cx.b.node('TopK', [cx.use(x, 'tf'), cx.int64([k])], { axis: -1, largest: 1, sorted: 1 }, { outputs: 2 }) as [string, string];
  const shape = [...x.shape.slice(0, -1), k];
  return [out(values, shape, x.dtype), out(indices, [...shape], 'int32')];
};

/** TF ResizeBilinear: `align_corners`, `half_pixel_centers` or TF's legacy asymmetric mapping. */
const resizeBilinear: OpHandler = (node, cx) => {
  const [x] = ins(node, cx) as [Val];
  const [h, w] = cx.constValues(node.inputs[1]!) as [number, number];
  const [n, , , c] = x.shape as [number, number, number, number];
  const mode = node.attrs.align_corners === true ? 'align_corners' : node.attrs.half_pixel_centers === true ? 'half_pixel' : 'asymmetric';
  const y = cx.b.node('Resize', [cx.use(x, 'nchw'), '', '', cx.int64([n, c, h, w])], { mode: 'linear', coordinate_transformation_mode: mode })[0]!;
  return out(y, [n, h, w, c], 'float32', true);
};

/** Handlers by TF op name. */
export const OP_HANDLERS: Readonly<Record<string, OpHandler>> = {
  Identity: (node, cx) => cx.get(node.inputs[0]!),
  Conv2D: conv(false),
  _FusedConv2D: conv(false),
  DepthwiseConv2dNative: conv(true),
  FusedDepthwiseConv2dNative: conv(true),
  MaxPool: pool('MaxPool'),
  AvgPool: pool('AveragePool'),
  Mean: mean,
  Add: elementwise('Add'),
  AddV2: elementwise('Add'),
  BiasAdd: elementwise('Add'),
  Sub: elementwise('Sub'),
  Mul: elementwise('Mul'),
  RealDiv: elementwise('Div'),
  Maximum: elementwise('Max'),
  Minimum: elementwise('Min'),
  Equal: elementwise('Equal', 'bool'),
  Greater: elementwise('Greater', 'bool'),
  Less: elementwise('Less', 'bool'),
  FloorDiv: floorOp(false),
  FloorMod: floorOp(true),
  Relu: unary((cx, x) => cx.b.node('Relu', [x])[0]!),
  Relu6: unary((cx, x) => clip(cx, x, 0, 6)),
  Sigmoid: unary((cx, x) => cx.b.node('Sigmoid', [x])[0]!),
  Tanh: unary((cx, x) => cx.b.node('Tanh', [x])[0]!),
  Exp: unary((cx, x) => cx.b.node('Exp', [x])[0]!),
  Cast: cast,
  ConcatV2: concat,
  Reshape: reshape,
  ExpandDims: expandDims,
  StridedSlice: stridedSlice,
  GatherV2: gather,
  TopKV2: topK,
  ResizeBilinear: resizeBilinear,
};
