/**
 * The generated admin token: made at the first start with authentication on (unless the config
 * lists an admin token of its own), kept in the data directory as `admin.token`, readable by its
 * owner only, and printed once, on the start that made it, with how to use it. Later starts read
 * it back and only name the file. `vigil token` prints it again for whoever can read the file.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError } from '../config/load.js';

/** Name of the token file inside the data directory. */
export const ADMIN_TOKEN_FILE = 'admin.token';

/** The admin token and whether this call made it. */
export interface AdminToken {
  token: string;
  path: string;
  created: boolean;
}

/** Path of the token file of a data directory. */
export function adminTokenPath(data: string): string {
  return join(resolve(data), ADMIN_TOKEN_FILE);
}

/** Reads the token of a data directory, or null when there is none. */
export function readAdminToken(data: string): string | null {
  const path = adminTokenPath(data);
  if (!existsSync(path)) return null;
  const token = readFileSync(path, 'utf8').trim();
  return token.length >= 16 ? token : null;
}

/**
 * The data directory's admin token, made (32 random bytes, base64url, file mode 0600) when missing.
 * A file whose mode lets others read it is tightened to 0600.
 * @throws ConfigError when the directory cannot hold it
 */
export function ensureAdminToken(data: string): AdminToken {
  const path = adminTokenPath(data);
  try {
    const existing = readAdminToken(data);
    if (existing) {
      if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
      return { token: existing, path, created: false };
    }
    mkdirSync(resolve(data), { recursive: true });
    const token = randomBytes(32).toString('base64url');
    writeFileSync(path, `${token}\n`, { mode: 0o600 });
    chmodSync(path, 0o600);
    return { token, path, created: true };
  } catch (e) {
    throw new ConfigError([`data: cannot keep the admin token in ${path}: ${(e as Error).message}`], "data directory");
  }
}

/** What the start that made the token prints (to the terminal, not the log). */
export function adminTokenBanner(t: AdminToken, httpPort: number): string {
  const line = '-'.repeat(72);
  return [
    line,
    'Vigil: authentication is on. An admin token was generated for this box:',
    '',
    `    ${t.token}`,
    '',
    `It is kept in ${t.path} (owner-only) and is not printed again;`,
    '`vigil token --data <dir>` shows it. Use it as:',
    `  dashboard   http://<this box>:${httpPort}/  (paste it at the login prompt)`,
    '  HTTP        Authorization: Bearer <token>',
    '  WebSocket   ?token=<token> on the upgrade URL',
    '  MQTT        "token": "<token>" in the request payload (or MQTT 5 user property "token")',
    'Tokens with read-only scope can be added under auth.tokens; `auth: off` turns this off.',
    line,
    '',
  ].join('\n');
}
