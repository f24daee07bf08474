/**
 * `vigil config check FILE` and `vigil config example`.
 */
import { writeFileSync } from 'node:fs';
import { exampleConfigYaml } from '../config/example.js';
import { checkConfig, ConfigError, readConfigFile } from '../config/load.js';
import { parse, str, UsageError } from './args.js';

/** Help text. */
export const CONFIG_HELP = `vigil config check FILE      validate a config file; lists every problem at once
vigil config example [--out FILE]  print (or write) the example config generated from the schema`;

/** Runs a config subcommand; resolves with the exit code. */
export function configCommand(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === 'check') {
    const file = rest[0];
    if (!file) throw new UsageError('config check needs a FILE');
    try {
      // exactly what `vigil start` checks, this machine included: errors refuse, warnings run degraded
      const { config: cfg, warnings } = checkConfig(readConfigFile(file), file);
      for (const w of warnings) process.stderr.write(`warning: ${w}\n`);
      const n = warnings.length;
      process.stdout.write(`${file}: OK (${cfg.cameras.length} camera${cfg.cameras.length === 1 ? '' : 's'}${n ? `; ${n} warning${n === 1 ? '' : 's'}` : ''})\n`);
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
