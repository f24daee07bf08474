/**
 * TFLite -> ONNX graph conversion: walks the operators that compute the chosen outputs from the
 * chosen inputs (by default the whole first subgraph), translates each with `tflite-ops.ts` and
 * encodes the result with the project's {@link OnnxBuilder}. Float models only.
 */
import { OnnxBuilder } from './onnx-builder.js';
import { ConvertContext, convertOp, toNchwShape, type ValueLayout } from './tflite-ops.js';
import { TFLITE_TYPE, type TfliteModel, type TfliteOperator } from './tflite-reader.js';

/** Options of {@link convertTflite}. */
export interface TfliteConvertOptions {
  /** Tensor indices fed as graph inputs. Default: the subgraph's inputs. */
  inputs?: readonly number[];
  /** Tensor indices returned as graph outputs. Default: the subgraph's outputs. */
  outputs?: readonly number[];
  /**
   * Layout of 4-D graph inputs: `nchw` (ONNX convention, [N,C,H,W], default) or `nhwc` (as
   * TFLite). Outputs always keep TFLite's shapes.
   */
  inputLayout?: 'nchw' | 'nhwc';
  /** Output names (default: the TFLite tensor names). */
  outputNames?: readonly string[];
  /** Input names (default: the TFLite tensor names). */
  inputNames?: readonly string[];
  /** Graph name and producer version written into the model. */
  graphName?: string;
  producerVersion?: string;
  /** Metadata entries written into the model. */
  metadata?: Readonly<Record<string, string>>;
}

/** The operators needed to compute `outputs` from `inputs` (and constants), in file order. */
export function requiredOperators(model: TfliteModel, inputs: readonly number[], outputs: readonly number[]): TfliteOperator[] {
  const producer = new Map<number, TfliteOperator>();
  for (const op of model.operators) for (const o of op.outputs) producer.set(o, op);
  const fed = new Set(inputs);
  const need = new Set<TfliteOperator>();
  const stack = [...outputs];
  while (stack.length > 0) {
    const t = stack.pop()!;
    if (fed.has(t) || t < 0) continue;
    const op = producer.get(t);
    if (!op || need.has(op)) continue;
    need.add(op);
    stack.push(...op.inputs);
  }
  return model.operators.filter((op) => need.has(op));
}

/** Distinct operator names of a model with their counts (for reports and checks). */
export function operatorInventory(model: TfliteModel): Record<string, number> {
  const out: Record<string, number> = {};
  for (const op of model.operators) out[op.opName] = (out[op.opName] ?? 0) + 1;
  return out;
}

/** Converts a float TFLite graph (or the part between `inputs` and `outputs`) to ONNX bytes. */
export function convertTflite(model: TfliteModel, opts: TfliteConvertOptions = {}): Uint8Array {
  const inputs = opts.inputs ?? model.inputs;
  const outputs = opts.outputs ?? model.outputs;
  const b = new OnnxBuilder({ name: opts.graphName ?? 'tflite', opset: 13, producerVersion: opts.producerVersion ?? '' });
  const ctx = new ConvertContext(model, b);
  inputs.forEach((idx, k) => {
    const t = ctx.tensor(idx);
    if (t.type !== TFLITE_TYPE.float32) throw new Error(`TFLite input ${t.name} is not float32`);
    const nchw = (opts.inputLayout ?? 'nchw') === 'nchw' && t.shape.length === 4;
    const layout: ValueLayout = nchw ? 'nchw' : 'plain';
    ctx.set(idx, b.input(opts.inputNames?.[k] ?? t.name, 'float32', nchw ? toNchwShape(t.shape) : t.shape), layout);
  });
  for (const op of requiredOperators(model, inputs, outputs)) convertOp(ctx, op);
  outputs.forEach((idx, k) => {
    const t = ctx.tensor(idx);
    b.output(ctx.get(idx, 'plain'), 'float32', t.shape, opts.outputNames?.[k] ?? t.name);
  });
  for (const [key, value] of Object.entries(opts.metadata ?? {})) b.metadata(key, value);
  return b.encode();
}
