/**
 * Conversion state shared by the TF.js -> ONNX converter and its op handlers: the TF values seen
 * so far (ONNX name, TF shape, dtype, layout, constant data) and the layout helpers.
 */
import type { OnnxBuilder, OnnxElemType } from './onnx-builder.js';
import type { TfDtype, TfWeight } from './tfjs-graph.js';

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
      v.name = this.b.initializer('const', data, v.shape, onnxType(v.dtype));
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

