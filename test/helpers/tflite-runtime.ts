/**
 * The real TensorFlow Lite interpreter, for checking conversions against their source runtime:
 * the WebAssembly build that the npm package `@tensorflow/tfjs-tflite` ships (TFLite with its
 * XNNPACK delegate, compiled by Emscripten for browsers). The package's own client fetches the
 * wasm over HTTP and needs a DOM; under Node this loads the Emscripten module directly, hands it
 * the wasm bytes read from the package, and drives its `TFLiteWebModelRunner` binding.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** A tensor's memory as the interpreter exposes it. */
export type TfliteData = Float32Array | Uint8Array | Int8Array | Int16Array | Int32Array | Uint32Array | Float64Array;

/** One input or output tensor of the interpreter (a view into wasm memory, valid until the next call that grows it). */
export interface TfliteTensor {
  /** Tensor name in the flatbuffer. */
  name: string;
  /** Shape, e.g. `[1, 300, 300, 3]`. */
  shape: number[];
  /** Element type (`float32`, `uint8`, ...). */
  dataType: string;
  /** The tensor's memory. */
  data(): TfliteData;
}

/** A loaded model in the TFLite interpreter. */
export interface TfliteInterpreter {
  /** Input tensors, in the model's order. */
  inputs: TfliteTensor[];
  /** Output tensors, in the model's order. */
  outputs: TfliteTensor[];
  /** Runs the model on what was written into the input tensors; outputs are copied out. */
  run(inputs: readonly Float32Array[]): Float32Array[];
  /** Frees the interpreter and its copy of the model. */
  dispose(): void;
}

interface EmVector<T> {
  size(): number;
  get(i: number): T;
  delete(): void;
}
interface EmTensorInfo {
  name: string;
  shape: string;
  dataType: string;
  data(): TfliteData;
}
interface EmRunner {
  GetInputs(): EmVector<EmTensorInfo>;
  GetOutputs(): EmVector<EmTensorInfo>;
  Infer(): boolean;
  delete(): void;
}
interface EmModule {
  HEAPU8: Uint8Array;
  _malloc(n: number): number;
  _free(p: number): void;
  TFLiteWebModelRunner: {
    CreateFromBufferAndOptions(ptr: number, len: number, opts: { numThreads: number; enableProfiling: boolean; maxProfilingBufferEntries: number }): {
      ok(): boolean;
      errorMessage(): string;
      value(): EmRunner;
    };
  };
}
type EmFactory = (overrides: Record<string, unknown>) => Promise<EmModule>;

/** Directory of the package's wasm files, or undefined when the package is not installed. */
export function tfliteWasmDir(): string | undefined {
  try {
    const pkg = createRequire(import.meta.url).resolve('@tensorflow/tfjs-tflite/package.json');
    return join(dirname(pkg), 'wasm');
  } catch {
    return undefined;
  }
}

let modulePromise: Promise<EmModule> | undefined;

/** Instantiates the SIMD, single-threaded build once per process (TFLite's own log lines are dropped). */
function tfliteModule(): Promise<EmModule> {
  const dir = tfliteWasmDir();
  if (!dir) return Promise.reject(new Error('@tensorflow/tfjs-tflite is not installed (a devDependency: run npm install)'));
  const factory = createRequire(import.meta.url)(join(dir, 'tflite_web_api_cc_simd.js')) as EmFactory;
  modulePromise ??= factory({
    wasmBinary: readFileSync(join(dir, 'tflite_web_api_cc_simd.wasm')),
    print: () => undefined,
    printErr: () => undefined,
  });
  return modulePromise;
}

function toArray<T>(v: EmVector<T>): T[] {
  const out = Array.from({ length: v.size() }, (_, i) => v.get(i));
  v.delete();
  return out;
}

/** Loads a TFLite flatbuffer into the interpreter (one thread: the wasm build has none under Node). */
export async function loadTflite(model: Uint8Array): Promise<TfliteInterpreter> {
  const m = await tfliteModule();
  const ptr = m._malloc(model.length);
  m.HEAPU8.set(model, ptr);
  const status = m.TFLiteWebModelRunner.CreateFromBufferAndOptions(ptr, model.length, { numThreads: 1, enableProfiling: false, maxProfilingBufferEntries: 1024 });
  if (!status.ok()) {
    m._free(ptr);
    throw new Error(`TFLite refused the model: ${status.errorMessage()}`);
  }
  const runner = status.value();
  const wrap = (t: EmTensorInfo): TfliteTensor => ({ name: t.name, shape: t.shape.split(',').map(Number), dataType: t.dataType, data: () => t.data() });
  const ins = toArray(runner.GetInputs());
  const outs = toArray(runner.GetOutputs());
  return {
    inputs: ins.map(wrap),
    outputs: outs.map(wrap),
    run(inputs) {
      if (inputs.length !== ins.length) throw new Error(`the model takes ${ins.length} inputs, got ${inputs.length}`);
      inputs.forEach((x, k) => {
        const dst = ins[k]!.data();
        if (!(dst instanceof Float32Array) || dst.length !== x.length) throw new Error(`input ${ins[k]!.name}: ${ins[k]!.dataType}[${dst.length}], got float32[${x.length}]`);
        dst.set(x);
      });
      if (!runner.Infer()) throw new Error('TFLite inference failed');
      return outs.map((t) => Float32Array.from(t.data()));
    },
    dispose() {
      runner.delete();
      m._free(ptr);
    },
  };
}
