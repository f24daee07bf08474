/**
 * `vigil fleet key [--data DIR] [--config FILE]`: prints the box's fleet public key (creating the
 * key pair in the data directory if the box has none yet), the text the other boxes and askers pin
 * in `fleet.peers.<node>.key`.
 */
import { resolve } from 'node:path';
import { loadConfig } from '../config/load.js';
import { loadOrCreateFleetKey } from '../fleet/keys.js';
import { parse, str, UsageError } from './args.js';

/** Help text. */
export const FLEET_HELP = `vigil fleet key [--data DIR] [--config FILE]
  Prints this box's fleet public key (ed25519:...), creating the key pair (DIR/fleet-key.pem, owner-only)
  when there is none. Pin it on the other boxes and askers as fleet.peers.<node>.key.`;

/** Runs a fleet subcommand; resolves with the exit code. */
export function fleetCommand(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub !== 'key') throw new UsageError(`unknown fleet subcommand "${sub ?? ''}" (vigil fleet key)`);
  const { values, positionals } = parse(rest, { data: { type: 'string' }, config: { type: 'string' } });
  if (positionals.length) throw new UsageError(`unexpected argument "${positionals[0] ?? ''}"`);
  const cfg = loadConfig({ file: str(values.config), data: str(values.data) });
  const l = loadOrCreateFleetKey(resolve(cfg.data));
  if (l.created) process.stderr.write(`vigil: created the fleet key ${l.path}\n`);
  if (l.tightened) process.stderr.write(`vigil: ${l.path} was readable by others; made owner-only (0600)\n`);
  process.stdout.write(`${l.key.publicText}\n`);
  return Promise.resolve(0);
}
