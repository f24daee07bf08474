#!/usr/bin/env -S MALLOC_MMAP_THRESHOLD_=131072 node
/**
 * The `vigil` command: start, replay, ask, config, fleet.
 */
import { ConfigError } from '../config/load.js';
import { packageVersion } from '../paths.js';
import { UsageError } from './args.js';
import { ASK_HELP, askCommand } from './ask.js';
import { CONFIG_HELP, configCommand } from './config.js';
import { FLEET_HELP, fleetCommand } from './fleet.js';
import { REPLAY_HELP, replayCommand } from './replay.js';
import { START_HELP, startCommand } from './start.js';
import { TOKEN_HELP, tokenCommand } from './token.js';

const HELP = `Vigil: edge daemon for live camera analytics and questions over camera history.

Usage:
${START_HELP}

${REPLAY_HELP}

${ASK_HELP}

${CONFIG_HELP}

${TOKEN_HELP}

${FLEET_HELP}

vigil --help | --version`;

/** Runs the CLI with the given arguments; resolves with the exit code. */
export async function main(argv: string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  try {
    switch (cmd) {
      case undefined:
      case '--help':
      case '-h':
      case 'help':
        process.stdout.write(`${HELP}\n`);
        return cmd === undefined ? 2 : 0;
      case '--version':
      case '-v':
        process.stdout.write(`${packageVersion()}\n`);
        return 0;
      case 'start':
        return await startCommand(rest);
      case 'replay':
        return await replayCommand(rest);
      case 'ask':
        return await askCommand(rest);
      case 'config':
        return await configCommand(rest);
      case 'token':
        return await tokenCommand(rest);
      case 'fleet':
        return await fleetCommand(rest);
      default:
        throw new UsageError(`unknown command "${cmd}"`);
    }
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`vigil: ${e.message}\nRun "vigil --help" for usage.\n`);
      return 2;
    }
    if (e instanceof ConfigError) {
      process.stderr.write(`vigil: ${e.message}\n`);
      return 1;
    }
    process.stderr.write(`vigil: ${(e as Error).message}\n`);
    return 1;
  }
}

const code = await main(process.argv.slice(2));
process.exitCode = code;
