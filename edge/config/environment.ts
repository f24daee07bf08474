/**
 * Checks of a valid configuration against the machine it runs on: the ones `vigil start` would
 * otherwise meet only when a part fails (a data path that is a file, a data directory it cannot
 * write, a TLS file it cannot read, a camera's video file that is not there) are errors; the ones
 * it runs degraded with (a missing ONNX model or answering folder, fleet without MQTT, the
 * embedded broker on the HTTP port) are warnings. `vigil config check` and `vigil start` both run
 * them, so a config that checks clean starts. Places are named by ids, as in load.ts.
 */
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { isNetworkUrl } from '../../ingest/ffmpeg/args.js';
import { problemLines, type ConfigProblem } from './places.js';
import { DEMO_URL, type Config } from './schema.js';

/** What the checks found, as `place: message` strings. */
export interface EnvironmentReport {
  errors: string[];
  warnings: string[];
}

/** Whether a path can be accessed with `mode`. */
function can(path: string, mode: number): boolean {
  try {
    accessSync(path, mode);
    return true;
  } catch {
    return false;
  }
}

/** The data directory: a directory this user can write, or one it can create. */
function dataProblems(data: string): ConfigProblem[] {
  const path = resolve(data);
  const at = (message: string): ConfigProblem[] => [{ path: ['data'], message }];
  if (existsSync(path)) {
    if (!statSync(path).isDirectory()) return at(`${path} is a file, not a directory`);
    return can(path, constants.W_OK | constants.X_OK) ? [] : at(`${path} is not writable by this user`);
  }
  let parent = dirname(path);
  while (!existsSync(parent) && dirname(parent) !== parent) parent = dirname(parent);
  if (!statSync(parent).isDirectory()) return at(`cannot create ${path}: ${parent} is a file`);
  return can(parent, constants.W_OK | constants.X_OK) ? [] : at(`cannot create ${path}: ${parent} is not writable by this user`);
}

/** The MQTT TLS files, when MQTT is on. */
function tlsProblems(m: { enabled: boolean; tls: Pick<Config['mqtt']['tls'], 'ca' | 'cert' | 'key'> }): ConfigProblem[] {
  if (!m.enabled) return [];
  const out: ConfigProblem[] = [];
  for (const key of ['ca', 'cert', 'key'] as const) {
    const file = m.tls[key];
    if (file !== null && !can(file, constants.R_OK)) out.push({ path: ['mqtt', 'tls', key], message: `cannot read ${resolve(file)}${existsSync(file) ? ' (permission denied)' : ' (no such file)'}` });
  }
  return out;
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : null);

/**
 * Cameras that play a video file (a path or file:// URL, as ingest reads it) that is not there,
 * is a directory or cannot be read. Reads raw camera entries too (a config the schema refuses).
 */
function videoFileProblems(cameras: readonly unknown[]): ConfigProblem[] {
  const out: ConfigProblem[] = [];
  cameras.forEach((cam, i) => {
    const c = obj(cam);
    if (!c || c.enabled === false || typeof c.url !== 'string' || !c.url || c.url === DEMO_URL || c.url === 'file://' || isNetworkUrl(c.url) || /^[a-z][a-z0-9+.-]+:(?!\/\/)/i.test(c.url)) return;
    const file = resolve(c.url.startsWith('file://') ? c.url.slice('file://'.length) : c.url);
    const at = (message: string): void => {
      out.push({ path: ['cameras', i, 'url'], message });
    };
    const who = typeof c.id === 'string' ? `camera "${c.id}"` : 'the camera';
    if (!existsSync(file)) at(`no such file: ${who} would play ${file}, which does not exist (a relative path is read from the directory vigil starts in; a stream needs rtsp://, rtsps://, http:// or https://)`);
    else if (statSync(file).isDirectory()) at(`${file} is a directory, not a video file`);
    else if (!can(file, constants.R_OK)) at(`cannot read ${file} (permission denied)`);
  });
  return out;
}

/** What the daemon would run without: models, recordings, folders, a fleet without MQTT, a port clash. */
function degraded(cfg: Config): ConfigProblem[] {
  const out: ConfigProblem[] = [];
  cfg.cameras.forEach((c, i) => {
    const onnx = c.detector.model === 'onnx' ? c.detector.onnx : undefined;
    if (onnx && !existsSync(onnx.path)) out.push({ path: ['cameras', i, 'detector', 'onnx', 'path'], message: `${resolve(onnx.path)} does not exist: camera "${c.id}" will run without detection` });
  });
  const a = cfg.models.answering;
  for (const [key, dir] of [['docs', a.docs], ['tables', a.tables], ['recordings', a.recordings]] as const) {
    if (dir !== null && !existsSync(dir)) out.push({ path: ['models', 'answering', key], message: `${resolve(dir)} does not exist: its tool will find nothing` });
  }
  if (cfg.fleet.enabled && !cfg.mqtt.enabled) out.push({ path: ['fleet', 'enabled'], message: 'the fleet needs MQTT, and mqtt.enabled is false: this box will take no part in it' });
  if (cfg.mqtt.enabled && cfg.mqtt.url === null && cfg.mqtt.embedded.port === cfg.http.port && cfg.http.port !== 0) {
    out.push({ path: ['mqtt', 'embedded', 'port'], message: `${cfg.http.port} is also http.port: the embedded broker cannot listen there and MQTT will be off` });
  }
  return out;
}

/** Runs every check; places are named by the config's ids. */
export function environmentChecks(cfg: Config): EnvironmentReport {
  return {
    errors: problemLines(cfg, [...dataProblems(cfg.data), ...tlsProblems(cfg.mqtt), ...videoFileProblems(cfg.cameras)]),
    warnings: problemLines(cfg, degraded(cfg)),
  };
}

/**
 * The errors of {@link environmentChecks} that can be found in a config the schema refuses (its
 * camera files, its data directory, its MQTT TLS files), read from the raw input, so that one
 * run of `vigil config check` or `vigil start` lists them with the schema's problems.
 */
export function rawEnvironmentErrors(raw: unknown): ConfigProblem[] {
  const r = obj(raw) ?? {};
  const out: ConfigProblem[] = [...videoFileProblems(Array.isArray(r.cameras) ? r.cameras : [])];
  if (r.data === undefined || (typeof r.data === 'string' && r.data)) out.push(...dataProblems(typeof r.data === 'string' ? r.data : './data'));
  const m = obj(r.mqtt);
  const tls = obj(m?.tls);
  if (m?.enabled !== false && tls) {
    const file = (k: string): string | null => (typeof tls[k] === 'string' ? (tls[k]) : null);
    out.push(...tlsProblems({ enabled: true, tls: { ca: file('ca'), cert: file('cert'), key: file('key') } }));
  }
  return out;
}
