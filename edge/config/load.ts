/**
 * Loads, overrides, validates and freezes the configuration, once, at boot.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { VigilError } from '../../ingest/errors/catalogue.js';
import { applyEnv } from './env.js';
import { semanticProblems } from './checks.js';
import { environmentChecks, rawEnvironmentErrors } from './environment.js';
import { configKeyNames } from './json-schema.js';
import { applyOverlay, EMPTY_OVERLAY, overlayPath, readOverlay, type ZoneOverlay } from './overlay.js';
import { problemLines, type ConfigProblem } from './places.js';
import { plainIssueMessage } from './issue-words.js';
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
 * Every problem of a raw object, as `place: message` lines in the order of the file, places
 * named by ids (`cameras[shelf].zones[bench].polygon[2]`): the schema, the cross-field checks and
 * the checks against the cameras and detectors (rules, classes, sources, duplicate ids and
 * secrets), all in one pass; the cross-references also run on the parts the schema refuses.
 * @returns the parsed config when there is no problem
 */
export function configProblems(raw: unknown): { config: Config | null; problems: ConfigProblem[] } {
  const r = configSchema.safeParse(raw);
  const found: ConfigProblem[] = r.success ? [] : r.error.issues.map((i) => ({ path: i.path, message: plainIssueMessage(i, raw) }));
  found.push(...crossCheck(raw), ...semanticProblems(raw));
  return { config: r.success && found.length === 0 ? (r.data) : null, problems: found };
}

/** {@link configProblems} as `place: message` lines (the zone editor compares these before and after a change). */
export function configProblemLines(raw: unknown): string[] {
  return problemLines(raw, configProblems(raw).problems);
}

/**
 * Validates a raw object with {@link configProblems}. `vigil config check` and `vigil start` both
 * run exactly this (and then `environmentChecks` of environment.ts).
 * @param earlier problems found before it (environment overrides that could not be applied)
 * @throws ConfigError listing every problem
 */
export function validateConfig(raw: unknown, source: string, earlier: readonly string[] = []): Config {
  const { config, problems } = configProblems(raw);
  if (!config || earlier.length > 0) throw new ConfigError([...earlier, ...problemLines(raw, problems)], source);
  return deepFreeze(config);
}

/** A checked configuration and what it will run without. */
export interface CheckedConfig {
  config: Config;
  /** What the daemon runs degraded with (`place: message`), logged as warnings at start. */
  warnings: string[];
}

/**
 * Everything `vigil config check` and `vigil start` check, in one pass: {@link configProblems}
 * and the checks against this machine (environment.ts: the data directory, TLS files, camera
 * video files), also when the schema refuses other parts.
 * @param earlier problems found before it (environment overrides that could not be applied)
 * @throws ConfigError listing every error, then the warnings (`warning: ...`)
 */
export function checkConfig(raw: unknown, source: string, earlier: readonly string[] = []): CheckedConfig {
  const { config, problems } = configProblems(raw);
  if (!config) throw new ConfigError([...earlier, ...problemLines(raw, [...problems, ...rawEnvironmentErrors(raw)])], source);
  const env = environmentChecks(config);
  if (earlier.length > 0 || env.errors.length > 0) throw new ConfigError([...earlier, ...env.errors, ...env.warnings.map((w) => `warning: ${w}`)], source);
  return { config: deepFreeze(config), warnings: env.warnings };
}

/** Reads the file, `VIGIL_*` environment and command-line flags into one raw object. */
function gather(opts: LoadOptions): { raw: Record<string, unknown>; source: string; problems: string[] } {
  const env = opts.env ?? process.env;
  const file = opts.file ?? env.VIGIL_CONFIG;
  const raw = file ? readConfigFile(file) : {};
  const { config, problems } = applyEnv(raw, env, configKeyNames());
  if (opts.port !== undefined) config.http = { ...((config.http) ?? {}), port: opts.port };
  if (opts.data !== undefined) config.data = opts.data;
  return { raw: config, source: file ?? 'defaults', problems };
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
 * Applies the zones overlay of the data directory of a raw config (`data`, default `./data`).
 * @throws ConfigError when the overlay file itself is damaged
 */
export function withZonesOverlay(raw: Record<string, unknown>, source: string, earlier: readonly string[] = []): { raw: Record<string, unknown>; source: string; overlay: OverlayInfo } {
  const path = overlayPath(typeof raw.data === 'string' && raw.data ? raw.data : './data');
  const read = readOverlay(path);
  if (read.state === 'bad') throw new ConfigError([...earlier, ...read.problems.map((p) => `${path}: ${p} (fix it, restore ${path}.prev, or delete it to use the zones of the config)`)], source);
  const overlay = read.state === 'ok' ? read.overlay : EMPTY_OVERLAY;
  const o = applyOverlay(raw, overlay);
  return { raw: o.config, source: o.applied.length > 0 ? `${source} with the zones of ${path}` : source, overlay: { path, overlay, applied: o.applied, ignored: o.ignored } };
}

/**
 * Applies the zones overlay of the data directory of a raw config and validates the result.
 * @throws ConfigError with every problem (of the overlay file, or of the config with it)
 */
export function validateWithOverlay(raw: Record<string, unknown>, source: string, earlier: readonly string[] = []): { config: Config; overlay: OverlayInfo } {
  const w = withZonesOverlay(raw, source, earlier);
  return { config: validateConfig(w.raw, w.source, earlier), overlay: w.overlay };
}

/**
 * Loads the configuration: file, then `VIGIL_*` environment, then command-line flags, then the
 * zones overlay of its data directory.
 * @throws ConfigError with every bad path at once
 */
export function loadConfigWithOverlay(opts: LoadOptions = {}): { config: Config; overlay: OverlayInfo } {
  const { raw, source, problems } = gather(opts);
  return validateWithOverlay(raw, source, problems);
}

/**
 * Loads the configuration as {@link loadConfigWithOverlay} does.
 * @throws ConfigError with every bad path at once
 */
export function loadConfig(opts: LoadOptions = {}): Config {
  return loadConfigWithOverlay(opts).config;
}

/**
 * {@link loadConfigWithOverlay} with the checks against this machine, as `vigil start` runs it.
 * @throws ConfigError with every error at once
 */
export function loadCheckedConfig(opts: LoadOptions = {}): CheckedConfig & { overlay: OverlayInfo } {
  const { raw, source, problems } = gather(opts);
  const w = withZonesOverlay(raw, source, problems);
  return { ...checkConfig(w.raw, w.source, problems), overlay: w.overlay };
}
