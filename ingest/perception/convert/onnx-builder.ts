/**
 * A small, general ONNX graph builder over `onnx-proto`: graph inputs and outputs, initializers
 * (stored as little-endian raw bytes), nodes with typed attributes, metadata, and encoding to the
 * bytes ONNX Runtime loads. Converters (TF.js graph models, TFLite) build their models with it;
 * it knows nothing of any source format.
 *
 * Usage:
 * ```ts
 * const b = new OnnxBuilder({ opset: 13 });
 * const x = b.input('image', 'float32', [1, 3, 224, 224]);
 * const w = b.initializer('w', new Float32Array(8 * 3 * 9), [8, 3, 3, 3]);
 * const [y] = b.node('Conv', [x, w], { pads: [1, 1, 1, 1], strides: [1, 1] });
 * b.output(b.node('Relu', [y!])[0]!, 'float32', [1, 8, 224, 224], 'features');
 * const bytes = b.encode();
 * ```
 */
import onnxProto from 'onnx-proto';

const { onnx } = onnxProto;

/** Element types the builder writes (ONNX `TensorProto.DataType` by name). */
export type OnnxElemType = 'float32' | 'float16' | 'int8' | 'uint8' | 'int32' | 'int64' | 'bool';

/** ONNX `TensorProto.DataType` codes of {@link OnnxElemType}. */
export const ONNX_DATA_TYPE: Readonly<Record<OnnxElemType, number>> = {
  float32: 1,
  uint8: 2,
  int8: 3,
  int32: 6,
  int64: 7,
  bool: 9,
  float16: 10,
};

/** A dimension: a fixed size, or a symbolic name (e.g. `'batch'`) for a dynamic one. */
export type OnnxDim = number | string;

/** Tensor data accepted by {@link OnnxBuilder.initializer}. Plain arrays are converted to `type`. */
export type OnnxTensorData = Float32Array | Int32Array | BigInt64Array | Uint8Array | Int8Array | Uint16Array | readonly number[];

/**
 * An attribute value with its ONNX type made explicit. Plain values passed to
 * {@link OnnxBuilder.node} are read as: integer `number` -> INT, `number[]` -> INTS,
 * `string` -> STRING; anything else (floats, tensors) must use these wrappers.
 */
export type OnnxAttr =
  | { kind: 'int'; value: number }
  | { kind: 'float'; value: number }
  | { kind: 'ints'; value: readonly number[] }
  | { kind: 'floats'; value: readonly number[] }
  | { kind: 'string'; value: string }
  | { kind: 'tensor'; value: OnnxTensorData; dims: readonly number[]; type: OnnxElemType };

/** Attribute values accepted by {@link OnnxBuilder.node}: plain (see {@link OnnxAttr}) or wrapped. */
export type OnnxAttrValue = number | readonly number[] | string | OnnxAttr;

/** A FLOAT attribute (plain numbers are INT). */
export const floatAttr = (value: number): OnnxAttr => ({ kind: 'float', value });
/** A FLOATS attribute (plain arrays are INTS). */
export const floatsAttr = (value: readonly number[]): OnnxAttr => ({ kind: 'floats', value });
/** An INT attribute (explicit form of a plain integer). */
export const intAttr = (value: number): OnnxAttr => ({ kind: 'int', value });
/** A TENSOR attribute (e.g. `Constant`'s `value`). */
export const tensorAttr = (value: OnnxTensorData, dims: readonly number[], type: OnnxElemType = 'float32'): OnnxAttr => ({ kind: 'tensor', value, dims, type });

/** Options for {@link OnnxBuilder}. */
export interface OnnxBuilderOptions {
  /** Graph name. Default `graph`. */
  name?: string;
  /** Default-domain opset version. Default 13 (ONNX Runtime 1.x runs 7..21+). */
  opset?: number;
  /** Extra opset imports, e.g. `{ 'com.microsoft': 1 }`. */
  domains?: Readonly<Record<string, number>>;
  /** `producer_name` in the model. Default `vigil`. */
  producer?: string;
  /** `producer_version` in the model (e.g. the converter version). */
  producerVersion?: string;
  /** ONNX IR version. Default 8 (onnx 1.10, the schema `onnx-proto` ships). */
  irVersion?: number;
}

/** Options of one {@link OnnxBuilder.node} call. */
export interface OnnxNodeOptions {
  /** Output names (default: fresh names from the op type), or the number of outputs wanted. */
  outputs?: readonly string[] | number;
  /** Node name (default: from the first output). */
  name?: string;
  /** Operator domain (default: the ONNX default domain). */
  domain?: string;
}

function toBytes(data: OnnxTensorData, type: OnnxElemType): Uint8Array {
  let typed: ArrayBufferView;
  if (Array.isArray(data)) {
    const arr = data as readonly number[];
    switch (type) {
      case 'float32': typed = Float32Array.from(arr); break;
      case 'int32': typed = Int32Array.from(arr); break;
      case 'int64': typed = BigInt64Array.from(arr, (v) => BigInt(Math.trunc(v))); break;
      case 'uint8':
      case 'bool': typed = Uint8Array.from(arr); break;
      case 'int8': typed = Int8Array.from(arr); break;
      case 'float16': throw new Error('onnx-builder: float16 data must be given as a Uint16Array of half-float bits');
    }
  } else {
    typed = data as ArrayBufferView;
  }
  // Copy: the proto keeps a reference and the caller may reuse its buffer.
  return new Uint8Array(typed.buffer.slice(typed.byteOffset, typed.byteOffset + typed.byteLength));
}

function tensorProto(name: string, data: OnnxTensorData, dims: readonly number[], type: OnnxElemType): onnxProto.onnx.ITensorProto {
  const count = dims.reduce((a, b) => a * b, 1);
  if (data.length !== count) throw new Error(`onnx-builder: tensor ${name} has ${data.length} values for dims [${dims.join(',')}]`);
  return { name, dims: [...dims], dataType: ONNX_DATA_TYPE[type], rawData: toBytes(data, type) };
}

function attrProto(name: string, v: OnnxAttrValue): onnxProto.onnx.IAttributeProto {
  const T = onnx.AttributeProto.AttributeType;
  if (typeof v === 'string') return { name, type: T.STRING, s: new TextEncoder().encode(v) };
  if (typeof v === 'number') {
    if (!Number.isInteger(v)) throw new Error(`onnx-builder: attribute ${name}=${v} is not an integer; wrap floats with floatAttr()`);
    return { name, type: T.INT, i: v };
  }
  if (Array.isArray(v)) {
    const ints = v as readonly number[];
    if (!ints.every(Number.isInteger)) throw new Error(`onnx-builder: attribute ${name} has non-integers; wrap floats with floatsAttr()`);
    return { name, type: T.INTS, ints: [...ints] };
  }
  const a = v as OnnxAttr;
  switch (a.kind) {
    case 'int': return { name, type: T.INT, i: a.value };
    case 'float': return { name, type: T.FLOAT, f: a.value };
    case 'ints': return { name, type: T.INTS, ints: [...a.value] };
    case 'floats': return { name, type: T.FLOATS, floats: [...a.value] };
    case 'string': return { name, type: T.STRING, s: new TextEncoder().encode(a.value) };
    case 'tensor': return { name, type: T.TENSOR, t: tensorProto(name, a.value, a.dims, a.type) };
  }
}

function valueInfo(name: string, type: OnnxElemType, dims: readonly OnnxDim[]): onnxProto.onnx.IValueInfoProto {
  const dim = dims.map((d) => (typeof d === 'number' ? { dimValue: d } : { dimParam: d }));
  return { name, type: { tensorType: { elemType: ONNX_DATA_TYPE[type], shape: { dim } } } };
}

/**
 * Builds one ONNX model. Names are checked for uniqueness; {@link OnnxBuilder.fresh} makes new
 * ones. Nodes must be added in topological order (each input defined before use), as ONNX
 * requires; {@link OnnxBuilder.encode} checks this.
 */
export class OnnxBuilder {
  private readonly nodes: onnxProto.onnx.INodeProto[] = [];
  private readonly inits: onnxProto.onnx.ITensorProto[] = [];
  private readonly inputs: onnxProto.onnx.IValueInfoProto[] = [];
  private readonly outputs: onnxProto.onnx.IValueInfoProto[] = [];
  private readonly infos: onnxProto.onnx.IValueInfoProto[] = [];
  private readonly meta: { key: string; value: string }[] = [];
  private readonly names = new Set<string>();
  private readonly counters = new Map<string, number>();

  /** Creates an empty model. */
  constructor(private readonly opts: OnnxBuilderOptions = {}) {}

  /** A name not used yet, derived from `hint` (`hint`, `hint_1`, `hint_2`, ...). Reserves it. */
  fresh(hint: string): string {
    const base = hint.replace(/[^\w./:-]/g, '_') || 'v';
    let n = this.counters.get(base) ?? 0;
    let name = n === 0 ? base : `${base}_${n}`;
    while (this.names.has(name)) name = `${base}_${++n}`;
    this.counters.set(base, n + 1);
    this.names.add(name);
    return name;
  }

  /** Whether `name` is already defined (input, initializer or node output). */
  has(name: string): boolean {
    return this.names.has(name);
  }

  private claim(name: string): string {
    if (this.names.has(name)) throw new Error(`onnx-builder: name "${name}" is already defined`);
    this.names.add(name);
    return name;
  }

  /** Declares a graph input; returns its name. */
  input(name: string, type: OnnxElemType, dims: readonly OnnxDim[]): string {
    this.inputs.push(valueInfo(this.claim(name), type, dims));
    return name;
  }

  /**
   * Declares `value` (an existing name) a graph output. With `as`, the output is renamed through
   * an `Identity` node (ONNX outputs are named values).
   */
  output(value: string, type: OnnxElemType, dims: readonly OnnxDim[], as?: string): string {
    let name = value;
    if (as !== undefined && as !== value) [name] = this.node('Identity', [value], {}, { outputs: [as] }) as [string];
    this.outputs.push(valueInfo(name, type, dims));
    return name;
  }

  /** Records a known type and shape of an intermediate value (optional; helps tools and checks). */
  valueInfo(name: string, type: OnnxElemType, dims: readonly OnnxDim[]): void {
    this.infos.push(valueInfo(name, type, dims));
  }

  /**
   * Adds a constant tensor (an initializer); returns its name, which is `name` made unique.
   * Plain number arrays are converted to `type` (default `float32`; typed arrays set no type of
   * their own, so pass `type` for anything but float32).
   */
  initializer(name: string, data: OnnxTensorData, dims: readonly number[], type: OnnxElemType = 'float32'): string {
    const n = this.fresh(name);
    this.inits.push(tensorProto(n, data, dims, type));
    return n;
  }

  /** Shorthand: an int64 initializer (shapes, axes, indices for ONNX ops that take them as inputs). */
  int64(name: string, values: readonly number[], dims: readonly number[] = [values.length]): string {
    return this.initializer(name, values, dims, 'int64');
  }

  /** Shorthand: a float32 initializer; a single number gives a scalar (dims `[]`). */
  float32(name: string, values: readonly number[] | number, dims?: readonly number[]): string {
    const arr = typeof values === 'number' ? [values] : values;
    return this.initializer(name, arr, dims ?? (typeof values === 'number' ? [] : [arr.length]), 'float32');
  }

  /**
   * Adds a node; returns its output names. An empty-string input marks an omitted optional
   * input, as in ONNX.
   * @param attrs attributes; plain integers and integer arrays are INT/INTS, strings STRING,
   *   floats need {@link floatAttr}/{@link floatsAttr}.
   */
  node(opType: string, inputs: readonly string[], attrs: Readonly<Record<string, OnnxAttrValue | undefined>> = {}, opts: OnnxNodeOptions = {}): string[] {
    const outs = opts.outputs;
    const outputs = Array.isArray(outs)
      ? (outs as readonly string[]).map((o) => this.claim(o))
      : Array.from({ length: typeof outs === 'number' ? outs : 1 }, () => this.fresh(opType));
    const attribute = Object.entries(attrs)
      .filter((e): e is [string, OnnxAttrValue] => e[1] !== undefined)
      .map(([k, v]) => attrProto(k, v));
    this.nodes.push({
      opType,
      input: [...inputs],
      output: outputs,
      name: opts.name ?? `${opType}:${outputs[0] ?? ''}`,
      domain: opts.domain ?? '',
      attribute,
    });
    return outputs;
  }

  /** Adds a `metadata_props` entry (e.g. class names, source checksum). */
  metadata(key: string, value: string): void {
    this.meta.push({ key, value });
  }

  /** Number of nodes so far. */
  get nodeCount(): number {
    return this.nodes.length;
  }

  /** Checks that every node input is defined before use and every output exists. */
  validate(): void {
    const defined = new Set<string>(['']);
    for (const i of this.inputs) defined.add(i.name!);
    for (const t of this.inits) defined.add(t.name!);
    for (const n of this.nodes) {
      for (const i of n.input ?? []) {
        if (!defined.has(i)) throw new Error(`onnx-builder: node ${n.name ?? n.opType} reads "${i}" before it is defined`);
      }
      for (const o of n.output ?? []) defined.add(o);
    }
    for (const o of this.outputs) if (!defined.has(o.name!)) throw new Error(`onnx-builder: output "${o.name}" is never produced`);
  }

  /** Validates and encodes the model as ONNX protobuf bytes (what `InferenceSession.create` takes). */
  encode(): Uint8Array {
    this.validate();
    const opsetImport = [{ domain: '', version: this.opts.opset ?? 13 }, ...Object.entries(this.opts.domains ?? {}).map(([domain, version]) => ({ domain, version }))];
    const model = onnx.ModelProto.create({
      irVersion: this.opts.irVersion ?? 8,
      opsetImport,
      producerName: this.opts.producer ?? 'vigil',
      producerVersion: this.opts.producerVersion ?? '',
      graph: {
        name: this.opts.name ?? 'graph',
        node: this.nodes,
        initializer: this.inits,
        input: this.inputs,
        output: this.outputs,
        valueInfo: this.infos,
      },
      metadataProps: this.meta,
    });
    return onnx.ModelProto.encode(model).finish();
  }
}
