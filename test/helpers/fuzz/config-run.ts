/**
 * Runs one generated config through the loader in-process, exactly as `vigil config check` and
 * `vigil start` do (file, environment overrides, schema, cross-field and semantic checks): it must
 * load or throw a ConfigError with a message, never anything else.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../../../edge/config/load.js';
import type { ConfigInput } from './config-gen.js';

/** Result of one config input. */
export type ConfigOutcome = { kind: 'loaded' } | { kind: 'config-error' } | { kind: 'bad-error'; message: string } | { kind: 'threw'; message: string };

/** Writes the input to `dir/fuzz.yaml` and loads it. */
export function runConfig(input: ConfigInput, dir: string): ConfigOutcome {
  const file = join(dir, 'fuzz.yaml');
  writeFileSync(file, input.text);
  // the YAML parser reports odd directives as process warnings: thousands of them would bury the test output
  const emitWarning = process.emitWarning.bind(process);
  process.emitWarning = () => undefined;
  try {
    loadConfig({ file, env: input.env });
    return { kind: 'loaded' };
  } catch (e) {
    if (e instanceof ConfigError) {
      if (e.problems.length > 0 && e.problems.every((p) => typeof p === 'string' && p.length > 0) && e.message.length > 0) return { kind: 'config-error' };
      return { kind: 'bad-error', message: `ConfigError without problems: ${e.message.slice(0, 300)}` };
    }
    const err = e as Error;
    return { kind: 'threw', message: `${err?.name ?? typeof e}: ${String(err?.message ?? e).slice(0, 300)}\n${String(err?.stack ?? '').split('\n').slice(1, 6).join('\n')}` };
  } finally {
    process.emitWarning = emitWarning;
  }
}
