/**
 * Picks the fastest TF.js runtime installed: `@tensorflow/tfjs-node-gpu`, then
 * `@tensorflow/tfjs-node` (both optional; their install scripts need internet), then
 * `@tensorflow/tfjs` with `@tensorflow/tfjs-backend-wasm`, which installs and runs offline.
 * The TF.js engine is process-wide, so the choice is made once per process.
 */
import { createRequire } from 'node:module';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type * as TfModule from '@tensorflow/tfjs';

/** The TF.js namespace (from `@tensorflow/tfjs`, or the one `tfjs-node` re-exports). */
export type Tf = typeof TfModule;

/** Names of the runtimes this module can pick. */
export type TfjsBackendName = 'tfjs-node-gpu' | 'tfjs-node' | 'tfjs-wasm';

/** An initialised TF.js runtime. */
export interface TfjsRuntime {
  /** Namespace to use for every tensor call (never mix with another import of tfjs). */
  tf: Tf;
  /** Which runtime was picked. */
  backend: TfjsBackendName;
  /** Threads the backend computes with (wasm under Node has none: 1); 0 = left to the native library. */
  threads: number;
}

/** Options for {@link initTfjs}. */
export interface TfjsBackendOptions {
  /** Runtimes to try, in order. Default: node-gpu, node, wasm. */
  prefer?: readonly TfjsBackendName[];
  /** Threads to ask the wasm backend for (honoured only where wasm threads exist). */
  threads?: number;
}

/** Default order: GPU build, CPU native build, then wasm. */
export const DEFAULT_TFJS_ORDER: readonly TfjsBackendName[] = ['tfjs-node-gpu', 'tfjs-node', 'tfjs-wasm'];

const NATIVE_PACKAGES: Record<Exclude<TfjsBackendName, 'tfjs-wasm'>, string> = {
  'tfjs-node-gpu': '@tensorflow/tfjs-node-gpu',
  'tfjs-node': '@tensorflow/tfjs-node',
};

let pending: Promise<TfjsRuntime> | undefined;

/** Imports a package that may be absent; resolves to null when it is missing or fails to load. */
async function optionalImport(spec: string): Promise<unknown> {
  try {
    return (await import(spec)) as unknown;
  } catch {
    return null;
  }
}

/**
 * True when a native TF.js package is installed with its compiled binding. npm keeps the package
 * files even when its install script (which downloads libtensorflow) failed or was not run;
 * importing such a package half-registers kernels and floods stderr, so it is skipped.
 */
function nativeBindingPresent(pkg: string): boolean {
  try {
    const require = createRequire(import.meta.url);
    const lib = join(dirname(require.resolve(`${pkg}/package.json`)), 'lib');
    return readdirSync(lib).some((d) => d.startsWith('napi-v') && existsSync(join(lib, d, 'tfjs_binding.node')));
  } catch {
    return false;
  }
}

async function tryNative(name: Exclude<TfjsBackendName, 'tfjs-wasm'>): Promise<TfjsRuntime | null> {
  if (!nativeBindingPresent(NATIVE_PACKAGES[name])) return null;
  const mod = (await optionalImport(NATIVE_PACKAGES[name])) as (Tf & { default?: Tf }) | null;
  if (!mod) return null;
  // CommonJS packages arrive with their exports on `default` too; either has the namespace.
  const tf = typeof mod.setBackend === 'function' ? mod : mod.default;
  if (!tf || typeof tf.setBackend !== 'function') return null;
  try {
    if (!(await tf.setBackend('tensorflow'))) return null;
    await tf.ready();
  } catch {
    return null;
  }
  return { tf, backend: name, threads: 0 };
}

async function initWasm(threads: number | undefined): Promise<TfjsRuntime> {
  const tf = await import('@tensorflow/tfjs');
  const wasm = await import('@tensorflow/tfjs-backend-wasm');
  if (tf.findBackend('wasm') && tf.getBackend() === 'wasm') {
    return { tf, backend: 'tfjs-wasm', threads: wasm.getThreadsCount() };
  }
  // Point the backend at the .wasm binaries inside the installed package (no fetch, works offline).
  const require = createRequire(import.meta.url);
  const dir = dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'));
  try {
    wasm.setWasmPaths(`${dir}/`);
    if (threads !== undefined && threads > 0) wasm.setThreadsCount(threads);
  } catch {
    // Already initialised by someone else in this process; their paths work too.
  }
  if (!(await tf.setBackend('wasm'))) throw new Error(`TF.js wasm backend failed to initialise (binaries in ${dir})`);
  await tf.ready();
  return { tf, backend: 'tfjs-wasm', threads: wasm.getThreadsCount() };
}

async function pick(opts: TfjsBackendOptions): Promise<TfjsRuntime> {
  const order = opts.prefer ?? DEFAULT_TFJS_ORDER;
  for (const name of order) {
    if (name === 'tfjs-wasm') return initWasm(opts.threads);
    const rt = await tryNative(name);
    if (rt) return rt;
  }
  throw new Error(`no TF.js backend available among ${order.join(', ')} (install @tensorflow/tfjs-backend-wasm)`);
}

/**
 * Initialises TF.js once per process and returns the runtime picked. Later calls return the same
 * runtime whatever their options (the engine's backend is global).
 */
export function initTfjs(opts: TfjsBackendOptions = {}): Promise<TfjsRuntime> {
  if (!pending) {
    pending = pick(opts);
    // A failed initialisation may be retried (e.g. with other options).
    pending.catch(() => {
      pending = undefined;
    });
  }
  return pending;
}
