/**
 * Starts and stops the real daemon for the live benchmarks, the way the README tells a user to:
 * `node dist/edge/cli/main.js start --config FILE`, with a YAML config in a fresh data directory
 * under /tmp, HTTP on a port of the benchmark's, MQTT off and no auth tokens (local use).
 */
import { readAdminToken } from '../../edge/api/admin-token.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify } from 'yaml';

/** The repository root (this file runs as dist/bench/live/daemon.js). */
export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The shared clips (`<repo>/../shared/videos`, or VIGIL_VIDEOS). */
export const VIDEOS = process.env.VIGIL_VIDEOS ?? join(ROOT, '..', 'shared', 'videos');

/** The compiled CLI. */
export const CLI = join(ROOT, 'dist', 'edge', 'cli', 'main.js');

/** One camera of the daemon's config (the fields the live benchmarks set). */
export interface CameraConfig {
  id: string;
  url: string;
  fps: number;
  width?: number;
  zones?: { id: string; polygon: [number, number][] }[];
}

/** What `/api/cameras` reports per camera (the fields read here). */
export interface CameraStatus {
  id: string;
  state: string;
  lastFrameAt: string | null;
  reconnects: number;
  framesIn: number;
  error: string | null;
}

/** A running daemon. */
export interface LiveDaemon {
  /** `http://127.0.0.1:PORT` */
  baseUrl: string;
  port: number;
  data: string;
  /** Where its stdout and stderr go. */
  logFile: string;
  child: ChildProcess;
  /** GET a JSON document from the daemon. */
  getJson<T>(path: string): Promise<T>;
  /** Camera statuses (`GET /api/cameras`). */
  cameras(): Promise<CameraStatus[]>;
  /** SIGTERM, then SIGKILL after 15 s; resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** A fresh data directory `/tmp/livebench-<tag>-XXXXXX`. */
export function freshDataDir(tag: string): string {
  return mkdtempSync(`/tmp/livebench-${tag}-`);
}

/**
 * Writes the config into `data/config.yaml` and starts `vigil start --config` on it.
 * @param opts port, data directory and cameras
 */
export function startDaemon(opts: { port: number; data: string; cameras: CameraConfig[] }): LiveDaemon {
  const config = { node: 'livebench', data: opts.data, http: { port: opts.port }, mqtt: { enabled: false }, cameras: opts.cameras };
  const file = join(opts.data, 'config.yaml');
  writeFileSync(file, stringify(config));
  const logFile = join(opts.data, 'daemon.log');
  const log = createWriteStream(logFile);
  // the same allocator setting `npm start` gives the daemon
  const env = { ...process.env, MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '131072' };
  const child = spawn(process.execPath, [CLI, 'start', '--config', file], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  // the daemon never outlives the benchmark: stopped on Ctrl-C or SIGTERM, killed on exit
  const onSignal = (): void => {
    child.kill('SIGTERM');
    void exited.then(() => process.exit(130));
  };
  process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
  process.once('exit', () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const baseUrl = `http://127.0.0.1:${opts.port}`;
  const getJson = async <T>(path: string): Promise<T> => {
    // authentication is on, as by default: the token the daemon generated in its data directory
    const token = readAdminToken(opts.data);
    const r = await fetch(baseUrl + path, { signal: AbortSignal.timeout(5000), ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}) });
    if (!r.ok) throw new Error(`GET ${path}: HTTP ${r.status}`);
    return (await r.json()) as T;
  };
  return {
    baseUrl,
    port: opts.port,
    data: opts.data,
    logFile,
    child,
    getJson,
    cameras: async () => (await getJson<{ cameras: CameraStatus[] }>('/api/cameras')).cameras,
    async stop(): Promise<number | null> {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const code = await exited;
      clearTimeout(timer);
      log.end();
      return code;
    },
  };
}

/**
 * Waits until every camera streams and has delivered a frame.
 * @param timeoutMs fails after this long (the first start converts the detector to ONNX)
 */
export async function waitStreaming(d: LiveDaemon, timeoutMs = 240_000): Promise<void> {
  const t0 = Date.now();
  let last = 'no answer yet';
  while (Date.now() - t0 < timeoutMs) {
    if (d.child.exitCode !== null) throw new Error(`the daemon exited with code ${d.child.exitCode}; see ${d.logFile}`);
    try {
      const cams = await d.cameras();
      if (cams.length > 0 && cams.every((c) => c.state === 'streaming' && c.framesIn > 0)) return;
      last = cams.map((c) => `${c.id}: ${c.state}${c.error ? ` (${c.error})` : ''}`).join(', ');
    } catch (e) {
      last = (e as Error).message;
    }
    await sleep(250);
  }
  throw new Error(`cameras not streaming after ${timeoutMs} ms (${last}); see ${d.logFile}`);
}

/**
 * The wall time of each camera's first frame, from the daemon's log line "camera streaming" (logged
 * when the first frame arrives): a cross-check of the clip clock's anchor.
 */
export function firstFrames(logFile: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    if (!line.includes('"camera streaming"')) continue;
    try {
      const e = JSON.parse(line) as { camera?: string; time?: number };
      if (e.camera && typeof e.time === 'number' && !(e.camera in out)) out[e.camera] = new Date(e.time).toISOString();
    } catch {
      // not a JSON log line
    }
  }
  return out;
}

/** Resolves after `ms`. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
