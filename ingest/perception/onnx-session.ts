/**
 * ONNX Runtime session creation with readable provider errors.
 */
import type * as Ort from 'onnxruntime-node';

/**
 * Session options of a detector: one intra-op (and inter-op) thread with spinning off. The
 * daemon scales with detector worker threads (`detector.workers`, one per core) instead; with 2
 * intra-op threads and ORT's default spinning, throughput halved on a loaded 2-core machine.
 * @param threads intra-op threads (default 1)
 */
export function detectorSessionOptions(threads = 1): Ort.InferenceSession.SessionOptions {
  return {
    intraOpNumThreads: Math.max(1, Math.floor(threads)),
    interOpNumThreads: 1,
    extra: { session: { intra_op: { allow_spinning: '0' }, inter_op: { allow_spinning: '0' } } },
  };
}

/**
 * Creates an ONNX Runtime session, turning a missing or unknown execution provider into a
 * readable error. Shared by the ONNX detector and the re-ID encoder.
 * @param path the model file, named in other errors when given
 * @param options further session options (e.g. `intraOpNumThreads`, `extra`), merged over the defaults
 */
export async function createOnnxSession(
  ort: typeof Ort,
  bytes: Uint8Array,
  providers: readonly string[],
  path?: string,
  options: Ort.InferenceSession.SessionOptions = {},
): Promise<Ort.InferenceSession> {
  const known = ort.listSupportedBackends().map((b) => b.name);
  const unknown = providers.filter((p) => !known.includes(p));
  if (unknown.length > 0) {
    throw new Error(`ONNX execution provider ${unknown.join(', ')} is not supported by onnxruntime-node here (supported: ${known.join(', ')})`);
  }
  try {
    return await ort.InferenceSession.create(bytes, { graphOptimizationLevel: 'all', ...options, executionProviders: [...providers] });
  } catch (err) {
    const msg = err instanceof Error ? err.message : String(err);
    const m = /AppendExecutionProvider_(\w+)/.exec(msg);
    const which = m?.[1] ? m[1].toLowerCase() : providers.filter((p) => p !== 'cpu').join(', ');
    if (which && /shared library|load/i.test(msg)) {
      throw new Error(
        `ONNX execution provider "${which}" is not available: its libraries are not installed ` +
          `(onnxruntime-node ships CPU only unless installed with ONNXRUNTIME_NODE_INSTALL=cuda12 and a CUDA/TensorRT runtime). ` +
          `Use providers ['cpu'] or install them. (${msg})`,
        { cause: err },
      );
    }
    if (path === undefined) throw err;
    throw new Error(`${path}: cannot create an ONNX Runtime session: ${msg}`, { cause: err });
  }
}
