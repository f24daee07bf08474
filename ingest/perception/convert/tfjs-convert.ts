/**
 * Converts a TF.js graph model ({@link TfGraph}) into ONNX with {@link OnnxBuilder}. Shapes are
 * static (fixed at conversion), so padding, transposes and folded shape constants are resolved
 * here. TF activations are NHWC; convolution-like ops run in ONNX's NCHW, so each value records
 * whether its ONNX tensor is the NCHW permutation of the TF tensor and transposes are inserted only
 * where an op needs the other layout. TF int32 values become ONNX int64 (what TopK, Gather and
 * Reshape use). The op handlers live in `tfjs-ops.ts`.
 */
import { OnnxBuilder } from './onnx-builder.js';
import { ConvertContext, onnxType } from './tfjs-context.js';
import type { TfDtype, TfGraph, TfNode, TfWeight } from './tfjs-graph.js';
import { OP_HANDLERS } from './tfjs-ops.js';

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
