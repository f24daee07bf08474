/**
 * A cache of converted models on disk: `<dir>/<name>` plus a sidecar `<dir>/<name>.json` holding
 * the key (sha256 of the source bytes and the converter version) and the sha256 of the converted
 * bytes. Both files are written atomically (temporary file, fsync, rename; the sidecar last, so it
 * only ever names a complete model). A cached model is reused when the key matches and its bytes
 * still hash to the recorded value; otherwise it is rebuilt.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** The sidecar's content. */
export interface ModelCacheRecord {
  /** sha256 (hex) of the source model bytes. */
  sourceSha256: string;
  /** Converter version; a new version invalidates old conversions. */
  converter: string;
  /** sha256 (hex) of the converted bytes. */
  sha256: string;
  /** Size of the converted bytes. */
  bytes: number;
  /** When it was written (ISO time). */
  created: string;
}

/** Options of {@link cachedModel}. */
export interface CachedModelOptions {
  /** Cache directory (created when missing). */
  dir: string;
  /** File name of the converted model, e.g. `ssd-oidv4.onnx`. */
  name: string;
  /** The source model bytes the conversion reads. */
  source: Uint8Array;
  /** Converter version string. */
  converter: string;
  /** Builds the converted bytes (called on a miss). */
  build: () => Uint8Array | Promise<Uint8Array>;
}

/** Result of {@link cachedModel}. */
export interface CachedModel {
  path: string;
  bytes: Uint8Array;
  /** True when the cached file was reused. */
  hit: boolean;
}

/** sha256 of `bytes` in hex. */
export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Writes `bytes` to `path` atomically (same-directory temporary file, fsync, rename). */
export async function writeFileAtomic(path: string, bytes: Uint8Array | string): Promise<void> {
  const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const fh = await open(tmp, 'w');
  try {
    await fh.writeFile(bytes);
    await fh.sync();
  } finally {
    await fh.close();
  }
  try {
    await rename(tmp, path);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}

async function readRecord(path: string): Promise<ModelCacheRecord | undefined> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as ModelCacheRecord;
  } catch {
    return undefined;
  }
}

/** Returns the cached conversion of `source`, building and storing it on a miss. */
export async function cachedModel(opts: CachedModelOptions): Promise<CachedModel> {
  const path = join(opts.dir, opts.name);
  const sidecar = `${path}.json`;
  const sourceSha256 = sha256(opts.source);
  const rec = await readRecord(sidecar);
  if (rec && rec.sourceSha256 === sourceSha256 && rec.converter === opts.converter) {
    const bytes = await readFile(path).catch(() => undefined);
    if (bytes && bytes.length === rec.bytes && sha256(bytes) === rec.sha256) return { path, bytes, hit: true };
  }
  const bytes = await opts.build();
  await mkdir(opts.dir, { recursive: true });
  await writeFileAtomic(path, bytes);
  const record: ModelCacheRecord = { sourceSha256, converter: opts.converter, sha256: sha256(bytes), bytes: bytes.length, created: new Date().toISOString() };
  await writeFileAtomic(sidecar, `${JSON.stringify(record, null, 2)}\n`);
  return { path, bytes, hit: false };
}
