/**
 * Converts a TF.js graph model ({@link TfGraph}) into ONNX with {@link OnnxBuilder}. Shapes are
 * static (fixed at conversion), so padding, transposes and folded shape constants are resolved
 * here. TF activations are NHWC; convolution-like ops run in ONNX's NCHW, so each value records
 * whether its ONNX tensor is the NCHW permutation of the TF tensor and transposes are inserted only
 * where an op needs the other layout. TF int32 values become ONNX int64 (what TopK, Gather and
 * Reshape use). The op handlers live in `tfjs-ops.ts`.
 */
import { OnnxBuilder, type OnnxElemType } from './onnx-builder.js';
import type { TfDtype, TfGraph, TfNode, TfWeight } from './tfjs-graph.js';
import { OP_HANDLERS } from './tfjs-ops.js';

/** A TF value during conversion. */
export interface Val {
  /** ONNX value name; empty for a constant not yet written as an initializer. */
  name: string;
  /** TF (logical, NHWC for images) shape. */
  shape: number[];
  dtype: TfDtype;
  /** True when the ONNX tensor holds the NCHW permutation of this 4-D TF value. */
  nchw: boolean;
  /** Constant data, when the value is a weight or a folded constant. */
  const?: TfWeight;
}

/** Options of {@link convertTfjsGraph}. */
export interface ConvertOptions {
  /** Input shape per placeholder name (TF layout, e.g. `[1, 288, 512, 3]`); default: the placeholder's own. */
  inputShapes?: Readonly<Record<string, readonly number[]>>;
  /** TF output names to expose (e.g. `tower_0/detections`); outputs are named after them. */
  outputs: readonly string[];
  /** Replacement values for constants folded from shapes, which must follow a new input size. */
  constants?: Readonly<Record<string, readonly number[]>>;
  /** Default-domain opset. Default 13. */
  opset?: number;
  /** Recorded as the model's producer version. */
  producerVersion?: string;
}

/** ONNX element type of a TF dtype (int32 is widened to int64). */
export const onnxType = (d: TfDtype): OnnxElemType => (d === 'float32' ? 'float32' : d === 'int32' ? 'int64' : 'bool');

/** Permutation NHWC -> NCHW and its inverse. */
export const TO_NCHW = [0, 3, 1, 2];
const TO_NHWC = [0, 2, 3, 1];

/** Conversion state shared with the op handlers. */
export class ConvertContext {
  /** The ONNX model being built. */
  readonly b: OnnxBuilder;
  private readonly vals = new Map<string, Val>();
  private readonly layoutCache = new Map<string, string>();

  constructor(b: OnnxBuilder) {
    this.b = b;
  }

  /** The value of a TF input reference (`name` or `name:k`). */
  get(ref: string): Val {
    const key = ref.endsWith(':0') ? ref.slice(0, -2) : ref;
    const v = this.vals.get(key);
    if (!v) throw new Error(`tfjs-convert: value "${ref}" is not defined (unsupported producer op?)`);
    return v;
  }

  /** Records the value(s) of node `name` (a list sets `name`, `name:1`, ...). */
  set(name: string, v: Val | Val[]): void {
    const list = Array.isArray(v) ? v : [v];
    list.forEach((val, i) => this.vals.set(i === 0 ? name : `${name}:${i}`, val));
  }

  /** The numbers of a constant input (throws if it is computed at run time). */
  constValues(ref: string): number[] {
    const v = this.get(ref);
    if (!v.const) throw new Error(`tfjs-convert: "${ref}" must be a constant`);
    return Array.from(v.const.data as ArrayLike<number>);
  }

  /**
   * The ONNX name of `v` in the wanted layout: `nchw` (4-D values permuted to NCHW), `tf` (the TF
   * layout) or `any` (as it is). Constants are written as initializers on first use.
   */
  use(v: Val, want: 'nchw' | 'tf' | 'any' = 'any'): string {
    if (v.const && v.name === '') {
      const data = v.const.dtype === 'int32' ? Array.from(v.const.data) : v.const.data;
      v.name = this.b.initializer('const', data as Float32Array | number[], v.shape, onnxType(v.dtype));
    }
    const rank4 = v.shape.length === 4;
    if (want === 'any' || !rank4 || (want === 'nchw') === v.nchw) return v.name;
    const key = `${v.name}|${want}`;
    let out = this.layoutCache.get(key);
    if (!out) {
      [out] = this.b.node('Transpose', [v.name], { perm: want === 'nchw' ? TO_NCHW : TO_NHWC }) as [string];
      this.layoutCache.set(key, out);
    }
    return out;
  }

  /** An int64 initializer (shapes, axes, sizes). */
  int64(values: readonly number[], dims?: readonly number[]): string {
    return this.b.int64('i64', values, dims);
  }
}

/** Broadcast shape of TF operands (numpy rules). */
export function broadcastShape(a: readonly number[], b: readonly number[]): number[] {
  const n = Math.max(a.length, b.length);
  return Array.from({ length: n }, (_, i) => {
    const x = a[a.length - n + i] ?? 1;
    const y = b[b.length - n + i] ?? 1;
    if (x !== y && x !== 1 && y !== 1) throw new Error(`tfjs-convert: cannot broadcast [${a.join(',')}] with [${b.join(',')}]`);
    return x === 1 ? y : x;
  });
}

/** Maps a TF axis of a 4-D value to the ONNX axis for its layout. */
export function onnxAxis(v: Val, axis: number): number {
  const a = axis < 0 ? axis + v.shape.length : axis;
  return v.nchw ? TO_NCHW.indexOf(a) : a;
}

/** Converts `graph` to ONNX protobuf bytes. Throws naming the first unsupported op. */
export function convertTfjsGraph(graph: TfGraph, opts: ConvertOptions): Uint8Array {
  const b = new OnnxBuilder({ opset: opts.opset ?? 13, producer: 'vigil tfjs-convert', producerVersion: opts.producerVersion });
  const cx = new ConvertContext(b);
  for (const node of topoOrder(graph, opts.outputs)) {
    if (node.op === 'Const') {
      const override = opts.constants?.[node.name];
      const w = graph.weights.get(node.name);
      if (!w) throw new Error(`tfjs-convert: constant ${node.name} has no weight data`);
      const c: TfWeight = override ? { ...w, data: w.dtype === 'int32' ? Int32Array.from(override) : Float32Array.from(override) } : w;
      if (c.data.length !== w.data.length) throw new Error(`tfjs-convert: override of ${node.name} has ${c.data.length} values, not ${w.data.length}`);
      cx.set(node.name, { name: '', shape: [...w.shape], dtype: w.dtype, nchw: false, const: c });
    } else if (node.op === 'Placeholder') {
      const shape = [...(opts.inputShapes?.[node.name] ?? (node.attrs.shape as number[] | undefined) ?? [])];
      if (shape.some((d) => !(d > 0))) throw new Error(`tfjs-convert: input ${node.name} needs a static shape (got [${shape.join(',')}])`);
      const dtype: TfDtype = node.attrs.dtype === 'DT_INT32' ? 'int32' : 'float32';
      cx.set(node.name, { name: b.input(node.name, onnxType(dtype), shape), shape, dtype, nchw: false });
    } else {
      const handler = OP_HANDLERS[node.op];
      if (!handler) throw new Error(`tfjs-convert: op ${node.op} (node ${node.name}) is not supported`);
      cx.set(node.name, handler(node, cx));
    }
  }
  for (const out of opts.outputs) {
    const v = cx.get(out);
    b.output(cx.use(v, 'tf'), onnxType(v.dtype), v.shape, out);
  }
  return b.encode();
}

/** The nodes the outputs depend on, each after its inputs (depth-first from the outputs). */
function topoOrder(graph: TfGraph, outputs: readonly string[]): TfNode[] {
  const byName = new Map<string, TfNode>(graph.nodes.map((n) => [n.name, n]));
  const done = new Set<string>();
  const order: TfNode[] = [];
  const stack: { name: string; expanded: boolean }[] = outputs.map((o) => ({ name: o.split(':')[0]!, expanded: false }));
  while (stack.length > 0) {
    const top = stack.pop()!;
    if (done.has(top.name)) continue;
    const node = byName.get(top.name);
    if (!node) throw new Error(`tfjs-convert: "${top.name}" is not a node of the graph`);
    if (top.expanded) {
      done.add(top.name);
      order.push(node);
      continue;
    }
    stack.push({ name: top.name, expanded: true });
    for (const i of node.inputs) {
      const dep = i.split(':')[0]!;
      if (!done.has(dep)) stack.push({ name: dep, expanded: false });
    }
  }
  return order;
}
