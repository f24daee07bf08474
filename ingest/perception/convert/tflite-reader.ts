/**
 * A minimal reader of TFLite model files (the `tflite` FlatBuffers schema, `schema.fbs`), written
 * as hand-made accessors over `flatbuffers.ByteBuffer` for just the tables a converter needs:
 * Model, SubGraph, Tensor, Buffer, Operator and OperatorCode, plus the builtin options of the
 * operators handled by `tflite-ops.ts`. Field numbers follow TensorFlow's `schema.fbs`; a field's
 * vtable slot is `4 + 2 * index`.
 */
import * as flatbuffers from 'flatbuffers';

/** TFLite `TensorType` codes by name (the subset a float model uses). */
export const TFLITE_TYPE = { float32: 0, float16: 1, int32: 2, uint8: 3, int64: 4, bool: 6, int8: 9 } as const;

/** Names of the TFLite `BuiltinOperator` codes the converter knows, by code. */
export const TFLITE_OPS: Readonly<Record<number, string>> = {
  0: 'ADD',
  1: 'AVERAGE_POOL_2D',
  2: 'CONCATENATION',
  3: 'CONV_2D',
  4: 'DEPTHWISE_CONV_2D',
  6: 'DEQUANTIZE',
  9: 'FULLY_CONNECTED',
  14: 'LOGISTIC',
  17: 'MAX_POOL_2D',
  18: 'MUL',
  19: 'RELU',
  21: 'RELU6',
  22: 'RESHAPE',
  25: 'SOFTMAX',
  28: 'TANH',
  34: 'PAD',
  39: 'TRANSPOSE',
  41: 'SUB',
  43: 'SQUEEZE',
};

/** One tensor of a subgraph. */
export interface TfliteTensor {
  index: number;
  name: string;
  shape: number[];
  /** TFLite `TensorType` code ({@link TFLITE_TYPE}). */
  type: number;
  /** Index into the model's buffers; buffer 0 is the empty sentinel. */
  buffer: number;
}

/** One operator of a subgraph. Optional inputs absent in the file are `-1`. */
export interface TfliteOperator {
  /** Builtin code (the larger of `deprecated_builtin_code` and `builtin_code`). */
  code: number;
  /** Name from {@link TFLITE_OPS}, else `BUILTIN_<code>` (or `CUSTOM:<name>`). */
  opName: string;
  inputs: number[];
  outputs: number[];
  /** Absolute position of the builtin options table, or 0 when absent. */
  optionsPos: number;
}

/** A parsed TFLite model: the first subgraph and the raw buffers. */
export interface TfliteModel {
  version: number;
  description: string;
  tensors: TfliteTensor[];
  operators: TfliteOperator[];
  inputs: number[];
  outputs: number[];
  /** Constant data per buffer index (empty when the tensor is computed). */
  buffers: Uint8Array[];
  /** The byte buffer, for reading operator options with {@link TfliteOptions}. */
  bb: flatbuffers.ByteBuffer;
}

/** Absolute position of field `index` of the table at `pos`, or 0 when absent. */
function field(bb: flatbuffers.ByteBuffer, pos: number, index: number): number {
  const off = bb.__offset(pos, 4 + 2 * index);
  return off ? pos + off : 0;
}

/** Reads the `[int]` / `[uint]` vector in field `index` of the table at `pos`. */
function intVector(bb: flatbuffers.ByteBuffer, pos: number, index: number): number[] {
  const f = field(bb, pos, index);
  if (!f) return [];
  const start = bb.__vector(f);
  const len = bb.__vector_len(f);
  const out: number[] = [];
  for (let i = 0; i < len; i++) out.push(bb.readInt32(start + 4 * i));
  return out;
}

/** Absolute positions of the tables in the `[Table]` vector in field `index`. */
function tableVector(bb: flatbuffers.ByteBuffer, pos: number, index: number): number[] {
  const f = field(bb, pos, index);
  if (!f) return [];
  const start = bb.__vector(f);
  const len = bb.__vector_len(f);
  const out: number[] = [];
  for (let i = 0; i < len; i++) out.push(bb.__indirect(start + 4 * i));
  return out;
}

function str(bb: flatbuffers.ByteBuffer, pos: number, index: number): string {
  const f = field(bb, pos, index);
  return f ? String(bb.__string(f)) : '';
}

/** Typed readers of scalar fields of an options table (defaults as in `schema.fbs`). */
export class TfliteOptions {
  /** Wraps the options table at `pos` (0 = absent: every read returns its default). */
  constructor(
    private readonly bb: flatbuffers.ByteBuffer,
    private readonly pos: number,
  ) {}

  /** An `int` field. */
  int(index: number, def = 0): number {
    const f = this.pos ? field(this.bb, this.pos, index) : 0;
    return f ? this.bb.readInt32(f) : def;
  }

  /** A `byte`/`ubyte`/`bool`/enum(byte) field. */
  byte(index: number, def = 0): number {
    const f = this.pos ? field(this.bb, this.pos, index) : 0;
    return f ? this.bb.readInt8(f) : def;
  }

  /** A `float` field. */
  float(index: number, def = 0): number {
    const f = this.pos ? field(this.bb, this.pos, index) : 0;
    return f ? this.bb.readFloat32(f) : def;
  }

  /** An `[int]` field. */
  ints(index: number): number[] {
    return this.pos ? intVector(this.bb, this.pos, index) : [];
  }
}

/**
 * Parses a TFLite flatbuffer (`bytes` starting at the file's first byte, identifier `TFL3`).
 * Only the first subgraph is read; the buffers are views into `bytes`, not copies.
 */
export function readTflite(bytes: Uint8Array): TfliteModel {
  const bb = new flatbuffers.ByteBuffer(bytes);
  if (bytes.length < 8 || !bb.__has_identifier('TFL3')) throw new Error('not a TFLite model (no TFL3 identifier)');
  const model = bb.readInt32(bb.position()) + bb.position();
  const vf = field(bb, model, 0);
  const version = vf ? bb.readUint32(vf) : 0;
  const codes = tableVector(bb, model, 1).map((p) => {
    const dep = field(bb, p, 0);
    const custom = str(bb, p, 1);
    const bc = field(bb, p, 3);
    const code = Math.max(dep ? bb.readInt8(dep) : 0, bc ? bb.readInt32(bc) : 0);
    return { code, name: custom ? `CUSTOM:${custom}` : (TFLITE_OPS[code] ?? `BUILTIN_${code}`) };
  });
  const buffers = tableVector(bb, model, 4).map((p) => {
    const f = field(bb, p, 0);
    if (!f) return new Uint8Array(0);
    const start = bb.__vector(f);
    return bytes.subarray(start, start + bb.__vector_len(f));
  });
  const subgraphs = tableVector(bb, model, 2);
  const sg = subgraphs[0];
  if (sg === undefined) throw new Error('TFLite model has no subgraph');
  const tensors = tableVector(bb, sg, 0).map((p, index): TfliteTensor => {
    const tf = field(bb, p, 1);
    const bf = field(bb, p, 2);
    return { index, name: str(bb, p, 3), shape: intVector(bb, p, 0), type: tf ? bb.readInt8(tf) : 0, buffer: bf ? bb.readUint32(bf) : 0 };
  });
  const operators = tableVector(bb, sg, 3).map((p): TfliteOperator => {
    const oi = field(bb, p, 0);
    const c = codes[oi ? bb.readUint32(oi) : 0];
    if (!c) throw new Error('TFLite operator refers to a missing operator code');
    const of = field(bb, p, 4);
    return { code: c.code, opName: c.name, inputs: intVector(bb, p, 1), outputs: intVector(bb, p, 2), optionsPos: of ? bb.__indirect(of) : 0 };
  });
  return {
    version,
    description: str(bb, model, 3),
    tensors,
    operators,
    inputs: intVector(bb, sg, 1),
    outputs: intVector(bb, sg, 2),
    buffers,
    bb,
  };
}

/** The options table of `op` (defaults when the file has none). */
export function opOptions(model: TfliteModel, op: TfliteOperator): TfliteOptions {
  return new TfliteOptions(model.bb, op.optionsPos);
}

/** Converts IEEE 754 half-precision bits to a float. */
export function halfToFloat(h: number): number {
  const s = h & 0x8000 ? -1 : 1;
  const e = (h >> 10) & 0x1f;
  const m = h & 0x3ff;
  if (e === 0) return s * m * 2 ** -24;
  if (e === 31) return m ? NaN : s * Infinity;
  return s * (1 + m / 1024) * 2 ** (e - 15);
}

/**
 * The constant value of tensor `t` as float32 (float16 widened, int32 converted), or undefined
 * when the tensor has no data (computed at run time).
 */
export function constFloat32(model: TfliteModel, t: TfliteTensor): Float32Array | undefined {
  const raw = model.buffers[t.buffer];
  if (!raw || raw.length === 0) return undefined;
  const dv = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  if (t.type === TFLITE_TYPE.float32) {
    const out = new Float32Array(raw.length / 4);
    for (let i = 0; i < out.length; i++) out[i] = dv.getFloat32(4 * i, true);
    return out;
  }
  if (t.type === TFLITE_TYPE.float16) {
    const out = new Float32Array(raw.length / 2);
    for (let i = 0; i < out.length; i++) out[i] = halfToFloat(dv.getUint16(2 * i, true));
    return out;
  }
  if (t.type === TFLITE_TYPE.int32) {
    const out = new Float32Array(raw.length / 4);
    for (let i = 0; i < out.length; i++) out[i] = dv.getInt32(4 * i, true);
    return out;
  }
  throw new Error(`TFLite tensor ${t.name}: constant of type ${t.type} not supported`);
}

/** The constant value of an int32 tensor (e.g. a RESHAPE shape), or undefined when computed. */
export function constInt32(model: TfliteModel, t: TfliteTensor): number[] | undefined {
  const raw = model.buffers[t.buffer];
  if (!raw || raw.length === 0) return undefined;
  const dv = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  if (t.type === TFLITE_TYPE.int32) return Array.from({ length: raw.length / 4 }, (_, i) => dv.getInt32(4 * i, true));
  if (t.type === TFLITE_TYPE.int64) return Array.from({ length: raw.length / 8 }, (_, i) => Number(dv.getBigInt64(8 * i, true)));
  throw new Error(`TFLite tensor ${t.name}: expected an int32 constant, got type ${t.type}`);
}
