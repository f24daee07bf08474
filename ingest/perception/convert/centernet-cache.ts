/**
 * On-disk cache of converted CenterNet ONNX models: `<cacheDir>/centernet-<W>x<H>.onnx` with a
 * sidecar `.json` (see `model-cache.ts`) holding the sha256 of the TF.js source files, the
 * converter version with the input size, and the ONNX file's own sha256. A matching sidecar means
 * reuse; anything else (new package version, converter change, a damaged file) means convert
 * again. Files are written to a temporary name and renamed, so concurrent loaders (worker
 * threads) never read half a file.
 */
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { CENTERNET_CONVERTER_VERSION, centernetJson, checkCenternetSize, convertCenternet } from './centernet-onnx.js';
import { cachedModel } from './model-cache.js';
import { readTfjsGraph } from './tfjs-graph.js';

/** Options of {@link centernetOnnxModel}. */
export interface CenternetCacheOptions {
  /** Folder of the cache. Default {@link defaultModelCacheDir}. */
  cacheDir?: string;
  /** Folder holding `centernet.json` and `centernet.bin`. */
  modelDir: string;
  width: number;
  height: number;
}

/** A cached (or freshly converted) model. */
export interface CenternetModel {
  path: string;
  bytes: Uint8Array;
  /** True when it was converted by this call rather than read from the cache. */
  converted: boolean;
}

/**
 * The cache folder used when the caller gives none: `$VIGIL_MODEL_CACHE`, else
 * `$XDG_CACHE_HOME/vigil/models`, else `~/.cache/vigil/models`. The daemon passes
 * `<data>/models` instead.
 */
export function defaultModelCacheDir(): string {
  return process.env.VIGIL_MODEL_CACHE ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'vigil', 'models');
}

/** Paths of the cached model and its sidecar. */
export function centernetCachePaths(cacheDir: string, width: number, height: number): { onnx: string; sidecar: string } {
  const onnx = join(cacheDir, `centernet-${width}x${height}.onnx`);
  return { onnx, sidecar: `${onnx}.json` };
}

/** The source files the conversion reads (`centernet.json` then its weight shards), concatenated. */
async function sourceBytes(modelDir: string): Promise<Buffer> {
  const json = await readFile(centernetJson(modelDir));
  const manifest = (JSON.parse(json.toString('utf8')) as { weightsManifest: { paths: string[] }[] }).weightsManifest;
  const shards = await Promise.all(manifest.flatMap((g) => g.paths).map((p) => readFile(join(modelDir, p))));
  return Buffer.concat([json, ...shards]);
}

/**
 * Returns the CenterNet ONNX model for `width x height`, from the cache when the sidecar's source
 * checksum and converter version (which includes the size) match, else converted now and cached.
 */
export async function centernetOnnxModel(opts: CenternetCacheOptions): Promise<CenternetModel> {
  const { width, height, modelDir } = opts;
  checkCenternetSize(width, height);
  const cacheDir = opts.cacheDir ?? defaultModelCacheDir();
  const m = await cachedModel({
    dir: cacheDir,
    name: `centernet-${width}x${height}.onnx`,
    source: await sourceBytes(modelDir),
    converter: `centernet-tfjs-onnx ${CENTERNET_CONVERTER_VERSION} ${width}x${height}`,
    build: async () => convertCenternet(await readTfjsGraph(centernetJson(modelDir)), width, height),
  });
  return { path: m.path, bytes: m.bytes, converted: !m.hit };
}
