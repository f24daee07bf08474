/**
 * Reads a TF.js graph model (`model.json` with `modelTopology.node` and `weightsManifest`, plus
 * its weight shards) into plain nodes with decoded attributes and weights as typed arrays,
 * dequantizing float16 and uint8/uint16 affine-quantized weights. No TF.js runtime is needed.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** A decoded node attribute. */
export type TfAttr = number | boolean | string | number[] | string[] | undefined;

/** One graph node (TF `NodeDef`) with attributes decoded. */
export interface TfNode {
  name: string;
  op: string;
  /** Input names; `name:1` is the second output of `name`; `^name` control inputs are dropped. */
  inputs: string[];
  attrs: Record<string, TfAttr>;
}

/** Element types of weights as the converter sees them. */
export type TfDtype = 'float32' | 'int32' | 'bool';

/** One weight tensor, dequantized. */
export interface TfWeight {
  dtype: TfDtype;
  shape: number[];
  data: Float32Array | Int32Array | Uint8Array;
}

/** A loaded graph model. */
export interface TfGraph {
  nodes: TfNode[];
  weights: Map<string, TfWeight>;
  /** sha256 over `model.json` and its shards, in manifest order. */
  sha256: string;
}

interface RawAttr {
  i?: string | number;
  f?: number;
  b?: boolean;
  s?: string;
  type?: string;
  list?: { i?: (string | number)[]; f?: number[]; s?: string[]; type?: string[] };
  shape?: { dim?: { size?: string | number }[]; unknownRank?: boolean };
  tensor?: unknown;
}

interface ManifestEntry {
  name: string;
  shape: number[];
  dtype: string;
  quantization?: { dtype: string; scale?: number; min?: number; original_dtype?: string };
}

interface ModelJson {
  format?: string;
  modelTopology: { node: { name: string; op: string; input?: string[]; attr?: Record<string, RawAttr> }[] };
  weightsManifest: { paths: string[]; weights: ManifestEntry[] }[];
}

const b64 = (s: string): string => Buffer.from(s, 'base64').toString('utf8');

function decodeAttr(a: RawAttr): TfAttr {
  if (a.list) {
    if (a.list.i) return a.list.i.map(Number);
    if (a.list.f) return a.list.f.map(Number);
    if (a.list.s) return a.list.s.map(b64);
    if (a.list.type) return a.list.type;
    return [];
  }
  if (a.i !== undefined) return Number(a.i);
  if (a.f !== undefined) return Number(a.f);
  if (a.b !== undefined) return a.b;
  if (a.s !== undefined) return b64(a.s);
  if (a.type !== undefined) return a.type;
  if (a.shape) return (a.shape.dim ?? []).map((d) => Number(d.size ?? -1));
  return undefined;
}

/** Converts IEEE half-float bits to a number. */
export function halfToFloat(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exp = (h >> 10) & 0x1f;
  const frac = h & 0x3ff;
  if (exp === 0) return sign * 2 ** -14 * (frac / 1024);
  if (exp === 31) return frac ? NaN : sign * Infinity;
  return sign * 2 ** (exp - 15) * (1 + frac / 1024);
}

const BYTES: Record<string, number> = { float32: 4, int32: 4, bool: 1, float16: 2, uint8: 1, uint16: 2 };

function decodeWeight(e: ManifestEntry, buf: Buffer, offset: number): { weight: TfWeight; bytes: number } {
  const n = e.shape.reduce((a, b) => a * b, 1);
  const dv = new DataView(buf.buffer, buf.byteOffset + offset);
  const q = e.quantization;
  const stored = q?.dtype ?? e.dtype;
  const size = BYTES[stored];
  if (size === undefined) throw new Error(`tfjs-graph: weight ${e.name} has unsupported dtype ${stored}`);
  const bytes = n * size;
  if (offset + bytes > buf.length) throw new Error(`tfjs-graph: weight ${e.name} runs past the end of the weight data`);
  const original = q?.original_dtype ?? e.dtype;
  if (original !== 'float32' && original !== 'int32' && original !== 'bool') throw new Error(`tfjs-graph: weight ${e.name} has unsupported dtype ${original}`);
  const dtype: TfDtype = original;
  let data: Float32Array | Int32Array | Uint8Array;
  if (!q) {
    if (dtype === 'float32') data = Float32Array.from({ length: n }, (_, i) => dv.getFloat32(4 * i, true));
    else if (dtype === 'int32') data = Int32Array.from({ length: n }, (_, i) => dv.getInt32(4 * i, true));
    else data = Uint8Array.from({ length: n }, (_, i) => dv.getUint8(i));
  } else if (q.dtype === 'float16') {
    data = Float32Array.from({ length: n }, (_, i) => halfToFloat(dv.getUint16(2 * i, true)));
  } else {
    const scale = q.scale ?? 1;
    const min = q.min ?? 0;
    const read = q.dtype === 'uint8' ? (i: number) => dv.getUint8(i) : (i: number) => dv.getUint16(2 * i, true);
    const f = Float32Array.from({ length: n }, (_, i) => read(i) * scale + min);
    data = dtype === 'int32' ? Int32Array.from(f, Math.round) : f;
  }
  return { weight: { dtype, shape: [...e.shape], data }, bytes };
}

/** Reads `model.json` (a TF.js graph model) and its weight shards from disk. */
export async function readTfjsGraph(modelJsonPath: string): Promise<TfGraph> {
  const jsonBytes = await readFile(modelJsonPath);
  const json = JSON.parse(jsonBytes.toString('utf8')) as ModelJson;
  if (!json.modelTopology?.node) throw new Error(`${modelJsonPath}: not a TF.js graph model (no modelTopology.node)`);
  const hash = createHash('sha256').update(jsonBytes);
  const weights = new Map<string, TfWeight>();
  for (const group of json.weightsManifest) {
    const shards = await Promise.all(group.paths.map((p) => readFile(join(dirname(modelJsonPath), p))));
    for (const s of shards) hash.update(s);
    const buf = Buffer.concat(shards);
    let offset = 0;
    for (const e of group.weights) {
      const { weight, bytes } = decodeWeight(e, buf, offset);
      weights.set(e.name, weight);
      offset += bytes;
    }
  }
  const nodes: TfNode[] = json.modelTopology.node.map((n) => ({
    name: n.name,
    op: n.op,
    inputs: (n.input ?? []).filter((i) => !i.startsWith('^')),
    attrs: Object.fromEntries(Object.entries(n.attr ?? {}).map(([k, v]) => [k, decodeAttr(v)])),
  }));
  return { nodes, weights, sha256: hash.digest('hex') };
}
