/**
 * Loads, overrides, validates and freezes the configuration, once, at boot.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { VigilError } from '../../ingest/errors/catalogue.js';
import { applyEnv } from './env.js';
import { semanticChecks } from './checks.js';
import { configKeyNames } from './json-schema.js';
import { applyOverlay, EMPTY_OVERLAY, overlayPath, readOverlay, type ZoneOverlay } from './overlay.js';
import { configSchema, crossCheck, type Config } from './schema.js';

/** Configuration problems (code `CONFIG_INVALID`), every one of them, with their paths (also its `details`). */
export class ConfigError extends VigilError<'CONFIG_INVALID'> {
  constructor(
    readonly problems: string[],
    source: string,
  ) {
    super('CONFIG_INVALID', `invalid configuration (${source}):\n${problems.map((p) => `  - ${p}`).join('\n')}`, problems);
  }
}

/** Where the config comes from and what the command line overrides. */
export interface LoadOptions {
  /** YAML or JSON file; none means defaults. */
  file?: string | undefined;
  env?: NodeJS.ProcessEnv;
  /** Command-line overrides, applied last. */
  port?: number | undefined;
  data?: string | undefined;
}

function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object') {
    for (const v of Object.values(o)) deepFreeze(v);
    Object.freeze(o);
  }
  return o;
}

/** Reads a YAML (or JSON, which is YAML) file into a plain object. */
export function readConfigFile(file: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new ConfigError([`cannot read file: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`], file);
  }
  let raw: unknown;
  try {
    raw = parse(text, { prettyErrors: true });
  } catch (e) {
    throw new ConfigError([`not valid YAML/JSON: ${(e as Error).message.split('\n')[0] ?? ''}`], file);
  }
  if (raw === null || raw === undefined) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new ConfigError(['the top level must be a mapping of keys'], file);
  return raw as Record<string, unknown>;
}

/**
 * Every problem of a raw configuration: the schema, the cross-field checks and the checks against
 * the cameras and detectors (rules, classes, sources, zones and lines, duplicate ids and secrets),
 * as `path: message` strings; empty when it is valid.
 */
export function configProblems(raw: unknown): string[] {
  const r = configSchema.safeParse(raw);
  const problems = r.success ? [] : r.error.issues.map((i) => `${i.path.length ? i.path.join('.') : '(root)'}: ${i.message}`);
  problems.push(...crossCheck(raw), ...semanticChecks(raw));
  return problems;
}

/**
 * Validates a raw object with {@link configProblems}. `vigil config check` and `vigil start` both
 * run exactly this.
 * @param earlier problems found before it (environment overrides that could not be applied)
 * @throws ConfigError listing every problem
 */
export function validateConfig(raw: unknown, source: string, earlier: readonly string[] = []): Config {
  const problems = [...earlier, ...configProblems(raw)];
  const r = configSchema.safeParse(raw);
  if (!r.success || problems.length > 0) throw new ConfigError(problems, source);
  return deepFreeze(r.data as Config);
}

/** The zones overlay a configuration was loaded with. */
export interface OverlayInfo {
  /** The overlay file (it may not exist). */
  path: string;
  /** Its content (no camera when there is no file). */
  overlay: ZoneOverlay;
  /** Cameras whose zones and lines come from it. */
  applied: string[];
  /** Cameras it names that the configuration does not have (left out). */
  ignored: string[];
}

/**
 * Applies the zones overlay of the data directory of a raw config (`data`, default `./data`) and
 * validates the result.
 * @throws ConfigError with every problem (of the overlay file, or of the config with it)
 */
export function validateWithOverlay(raw: Record<string, unknown>, source: string, earlier: readonly string[] = []): { config: Config; overlay: OverlayInfo } {
  const path = overlayPath(typeof raw.data === 'string' && raw.data ? raw.data : './data');
  const read = readOverlay(path);
  if (read.state === 'bad') throw new ConfigError([...earlier, ...read.problems.map((p) => `${path}: ${p} (fix it, restore ${path}.prev, or delete it to use the zones of the config)`)], source);
  const overlay = read.state === 'ok' ? read.overlay : EMPTY_OVERLAY;
  const o = applyOverlay(raw, overlay);
  const config = validateConfig(o.config, o.applied.length > 0 ? `${source} with the zones of ${path}` : source, earlier);
  return { config, overlay: { path, overlay, applied: o.applied, ignored: o.ignored } };
}

/**
 * Loads the configuration: file, then `VIGIL_*` environment, then command-line flags, then the
 * zones overlay of its data directory.
 * @throws ConfigError with every bad path at once
 */
export function loadConfigWithOverlay(opts: LoadOptions = {}): { config: Config; overlay: OverlayInfo } {
  const env = opts.env ?? process.env;
  const file = opts.file ?? env.VIGIL_CONFIG;
  const raw = file ? readConfigFile(file) : {};
  const { config, problems } = applyEnv(raw, env, configKeyNames());
  if (opts.port !== undefined) config.http = { ...((config.http) ?? {}), port: opts.port };
  if (opts.data !== undefined) config.data = opts.data;
  return validateWithOverlay(config, file ?? 'defaults', problems);
}

/**
 * Loads the configuration as {@link loadConfigWithOverlay} does.
 * @throws ConfigError with every bad path at once
 */
export function loadConfig(opts: LoadOptions = {}): Config {
  return loadConfigWithOverlay(opts).config;
}
