/**
 * On-disk cache of converted CenterNet ONNX models: `<cacheDir>/centernet-<W>x<H>.onnx` with a
 * sidecar `.json` holding a checksum over the TF.js source files, the converter version and the
 * input size (plus the ONNX file's own sha256). A matching sidecar means reuse; anything else
 * (new package version, converter change, a damaged file) means convert again. Files are written
 * to a temporary name and renamed, so concurrent loaders (worker threads) never read half a file.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { CENTERNET_CONVERTER_VERSION, centernetJson, checkCenternetSize, convertCenternet } from './centernet-onnx.js';
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

/** Sidecar contents. */
export interface CenternetCacheInfo {
  /** sha256 over the source files, the converter version and the input size. */
  checksum: string;
  /** sha256 of the `.onnx` file. */
  onnxSha256: string;
  converterVersion: string;
  width: number;
  height: number;
  source: string;
  createdAt: string;
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

const sha256 = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');

/** The checksum a valid cache entry for these sources and size carries. */
export async function centernetChecksum(modelDir: string, width: number, height: number): Promise<string> {
  const json = await readFile(centernetJson(modelDir));
  const manifest = (JSON.parse(json.toString('utf8')) as { weightsManifest: { paths: string[] }[] }).weightsManifest;
  const h = createHash('sha256').update(json);
  for (const p of manifest.flatMap((g) => g.paths)) h.update(await readFile(join(modelDir, p)));
  return h.update(`converter=${CENTERNET_CONVERTER_VERSION};size=${width}x${height}`).digest('hex');
}

async function readCached(onnxPath: string, sidecar: string, checksum: string): Promise<Uint8Array | undefined> {
  try {
    const info = JSON.parse(await readFile(sidecar, 'utf8')) as Partial<CenternetCacheInfo>;
    if (info.checksum !== checksum) return undefined;
    const bytes = await readFile(onnxPath);
    return sha256(bytes) === info.onnxSha256 ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) : undefined;
  } catch {
    return undefined; // missing or unreadable: convert again
  }
}

async function writeAtomic(path: string, data: Uint8Array | string): Promise<void> {
  const tmp = `${path}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    await writeFile(tmp, data);
    await rename(tmp, path);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}

/**
 * Returns the CenterNet ONNX model for `width x height`, from the cache when its checksum
 * matches, else converted now and cached (model first, sidecar last, each by rename).
 */
export async function centernetOnnxModel(opts: CenternetCacheOptions): Promise<CenternetModel> {
  const { width, height, modelDir } = opts;
  checkCenternetSize(width, height);
  const cacheDir = opts.cacheDir ?? defaultModelCacheDir();
  const paths = centernetCachePaths(cacheDir, width, height);
  const checksum = await centernetChecksum(modelDir, width, height);
  const cached = await readCached(paths.onnx, paths.sidecar, checksum);
  if (cached) return { path: paths.onnx, bytes: cached, converted: false };
  const bytes = await convertCenternet(await readTfjsGraph(centernetJson(modelDir)), width, height);
  const info: CenternetCacheInfo = {
    checksum,
    onnxSha256: sha256(bytes),
    converterVersion: CENTERNET_CONVERTER_VERSION,
    width,
    height,
    source: centernetJson(modelDir),
    createdAt: new Date().toISOString(),
  };
  try {
    await mkdir(cacheDir, { recursive: true });
    await writeAtomic(paths.onnx, bytes);
    await writeAtomic(paths.sidecar, `${JSON.stringify(info, null, 2)}\n`);
  } catch (err) {
    // A read-only or full disk must not stop detection: the model is in memory.
    process.emitWarning(`centernet: cannot cache the converted model in ${cacheDir}: ${(err as Error).message}`);
  }
  return { path: paths.onnx, bytes, converted: true };
}
