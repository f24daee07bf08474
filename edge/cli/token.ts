/**
 * `vigil token`: prints the data directory's generated admin token (to whoever can read the
 * owner-only file), or with `--rotate` replaces it; the running daemon takes a new token at its
 * next start.
 */
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { adminTokenPath, ensureAdminToken, readAdminToken } from '../api/admin-token.js';
import { loadConfig } from '../config/load.js';
import { parse, str } from './args.js';

/** Help text. */
export const TOKEN_HELP = `vigil token [--data DIR] [--config FILE] [--rotate]
  Prints the admin token generated at the first start (kept in <data>/admin.token, owner-only).
  --rotate  replaces it with a new one (restart the daemon to use it)`;

/** Runs the command; resolves with the exit code. */
export function tokenCommand(argv: string[]): Promise<number> {
  const { values } = parse(argv, { data: { type: 'string' }, config: { type: 'string' }, rotate: { type: 'boolean' } });
  const cfg = loadConfig({ file: str(values.config), data: str(values.data) });
  const data = resolve(cfg.data);
  if (values.rotate === true) {
    rmSync(adminTokenPath(data), { force: true });
    const t = ensureAdminToken(data);
    process.stdout.write(`${t.token}\n`);
    process.stderr.write(`vigil: a new admin token is in ${t.path}; restart the daemon to use it (the old one works until then)\n`);
    return Promise.resolve(0);
  }
  const token = readAdminToken(data);
  if (!token) {
    process.stderr.write(`vigil: no admin token in ${adminTokenPath(data)}: it is made at the first start with authentication on (unless the config lists an admin token)\n`);
    return Promise.resolve(1);
  }
  process.stdout.write(`${token}\n`);
  return Promise.resolve(0);
}
