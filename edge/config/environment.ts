/**
 * Checks of a valid configuration against the machine it runs on: the ones `vigil start` would
 * otherwise meet only when a part fails (a data path that is a file, a data directory it cannot
 * write, a TLS file it cannot read) are errors; the ones it runs degraded with (a missing ONNX
 * model or recording, fleet without MQTT, the embedded broker on the HTTP port) are warnings.
 * `vigil config check` and `vigil start` both run them, so a config that checks clean starts.
 */
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { isNetworkUrl } from '../../ingest/ffmpeg/args.js';
import { DEMO_URL, type Config } from './schema.js';

/** What the checks found, as `path: message` strings. */
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
function dataProblems(data: string): string[] {
  const path = resolve(data);
  if (existsSync(path)) {
    if (!statSync(path).isDirectory()) return [`data: ${path} is a file, not a directory`];
    return can(path, constants.W_OK | constants.X_OK) ? [] : [`data: ${path} is not writable by this user`];
  }
  let parent = dirname(path);
  while (!existsSync(parent) && dirname(parent) !== parent) parent = dirname(parent);
  if (!statSync(parent).isDirectory()) return [`data: cannot create ${path}: ${parent} is a file`];
  return can(parent, constants.W_OK | constants.X_OK) ? [] : [`data: cannot create ${path}: ${parent} is not writable by this user`];
}

/** The MQTT TLS files, when MQTT is on. */
function tlsProblems(m: Config['mqtt']): string[] {
  if (!m.enabled) return [];
  const out: string[] = [];
  for (const key of ['ca', 'cert', 'key'] as const) {
    const file = m.tls[key];
    if (file !== null && !can(file, constants.R_OK)) out.push(`mqtt.tls.${key}: cannot read ${resolve(file)}${existsSync(file) ? ' (permission denied)' : ' (no such file)'}`);
  }
  return out;
}

/** What the daemon would run without: models, recordings, folders, a fleet without MQTT, a port clash. */
function degraded(cfg: Config): string[] {
  const out: string[] = [];
  cfg.cameras.forEach((c, i) => {
    // a path or file:// URL, as ingest reads it (not a stream, not the built-in demo)
    const file = c.url.startsWith('file://') ? c.url.slice('file://'.length) : c.url;
    if (c.enabled && c.url !== DEMO_URL && !isNetworkUrl(c.url) && !existsSync(file)) out.push(`cameras.${i}.url: camera "${c.id}" plays ${resolve(file)}, which does not exist: it will stay in error`);
    const onnx = c.detector.model === 'onnx' ? c.detector.onnx : undefined;
    if (onnx && !existsSync(onnx.path)) out.push(`cameras.${i}.detector.onnx.path: ${resolve(onnx.path)} does not exist: camera "${c.id}" will run without detection`);
  });
  const a = cfg.models.answering;
  for (const [key, dir] of [['docs', a.docs], ['tables', a.tables], ['recordings', a.recordings]] as const) {
    if (dir !== null && !existsSync(dir)) out.push(`models.answering.${key}: ${resolve(dir)} does not exist: its tool will find nothing`);
  }
  if (cfg.fleet.enabled && !cfg.mqtt.enabled) out.push('fleet.enabled: the fleet needs MQTT, and mqtt.enabled is false: this box will take no part in it');
  if (cfg.mqtt.enabled && cfg.mqtt.url === null && cfg.mqtt.embedded.port === cfg.http.port && cfg.http.port !== 0) {
    out.push(`mqtt.embedded.port: ${cfg.http.port} is also http.port: the embedded broker cannot listen there and MQTT will be off`);
  }
  return out;
}

/** Runs every check. */
export function environmentChecks(cfg: Config): EnvironmentReport {
  return { errors: [...dataProblems(cfg.data), ...tlsProblems(cfg.mqtt)], warnings: degraded(cfg) };
}
