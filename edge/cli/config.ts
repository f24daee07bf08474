/**
 * `vigil config check FILE` and `vigil config example`.
 */
import { writeFileSync } from 'node:fs';
import { exampleConfigYaml } from '../config/example.js';
import { checkConfig, ConfigError, readConfigFile, withZonesOverlay, type OverlayInfo } from '../config/load.js';
import { parse, str, UsageError } from './args.js';

/** Help text. */
export const CONFIG_HELP = `vigil config check FILE [--data DIR]  validate a config file with the zones overlay of its data
                             directory (DIR/zones.overlay.json); lists every problem at once
vigil config example [--out FILE]  print (or write) the example config generated from the schema`;

/** The line saying which cameras' zones and lines come from the overlay (empty when none do). */
function overlayLine(o: OverlayInfo): string {
  if (o.applied.length === 0) return '';
  const cams = o.applied.map((id) => {
    const g = o.overlay.cameras[id];
    return `${id} (${g?.zones.length ?? 0} zone${g?.zones.length === 1 ? '' : 's'}, ${g?.lines.length ?? 0} line${g?.lines.length === 1 ? '' : 's'})`;
  });
  return `zones overlay ${o.path}: replaces the zones and lines of ${cams.join(', ')}\n`;
}

/** Runs a config subcommand; resolves with the exit code. */
export function configCommand(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === 'check') {
    const { values, positionals } = parse(rest, { data: { type: 'string' } });
    const file = positionals[0];
    if (!file) throw new UsageError('config check needs a FILE');
    try {
      const raw = readConfigFile(file);
      const data = str(values.data);
      // exactly what `vigil start` checks, zones overlay and this machine included: errors refuse, warnings run degraded
      const w = withZonesOverlay(data === undefined ? raw : { ...raw, data }, file);
      const { config: cfg, warnings: env } = checkConfig(w.raw, w.source);
      const overlay = w.overlay;
      const warnings = [...env, ...overlay.ignored.map((id) => `${overlay.path}: camera "${id}" is not in the configuration; its zones and lines are left out`)];
      for (const w of warnings) process.stderr.write(`warning: ${w}\n`);
      const n = warnings.length;
      process.stdout.write(`${file}: OK (${cfg.cameras.length} camera${cfg.cameras.length === 1 ? '' : 's'}${n ? `; ${n} warning${n === 1 ? '' : 's'}` : ''})\n${overlayLine(overlay)}`);
      return Promise.resolve(0);
    } catch (e) {
      if (!(e instanceof ConfigError)) throw e;
      process.stderr.write(`${e.message}\n`);
      return Promise.resolve(1);
    }
  }
  if (sub === 'example') {
    const { values } = parse(rest, { out: { type: 'string' } });
    const out = str(values.out);
    if (out) writeFileSync(out, exampleConfigYaml());
    else process.stdout.write(exampleConfigYaml());
    return Promise.resolve(0);
  }
  throw new UsageError(`unknown config subcommand "${sub ?? ''}"`);
}
