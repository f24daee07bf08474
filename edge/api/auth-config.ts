/**
 * The daemon's authentication from its config: off only when the config says so (and then every
 * start warns), else the configured tokens plus the data directory's generated admin token when no
 * admin token is configured. The token is printed once, on the start that made it, to the
 * terminal (stderr), never to the log.
 */
import type { Logger } from '../../ingest/types.js';
import type { Config } from '../config/schema.js';
import { adminTokenBanner, ensureAdminToken } from './admin-token.js';
import { Auth, type ApiToken } from './auth.js';

/** Where the banner of a newly made token goes (stderr by default). */
export type Print = (text: string) => void;

/**
 * Builds the {@link Auth} of a daemon.
 * @param data the resolved data directory
 */
export function daemonAuth(cfg: Config, data: string, log: Logger, print: Print = (t) => process.stderr.write(t)): Auth {
  if (!cfg.auth.enabled) {
    log.warn('authentication is OFF (auth: off): anyone who can reach the HTTP port or the MQTT request topics can change rules and cameras and see pictures');
    return new Auth([], { enabled: false });
  }
  const tokens: ApiToken[] = [...cfg.auth.tokens];
  if (!tokens.some((t) => t.scope === 'admin')) {
    const made = ensureAdminToken(data);
    tokens.push({ name: 'admin', token: made.token, scope: 'admin' });
    if (made.created) print(adminTokenBanner(made, cfg.http.port));
    log.info({ file: made.path, created: made.created }, made.created ? 'generated the admin token (printed above, once)' : 'authentication is on; the admin token is in the data directory (vigil token shows it)');
  } else log.info({ tokens: tokens.map((t) => `${t.name} (${t.scope})`) }, 'authentication is on');
  return new Auth(tokens, { enabled: true, mqttAnonymous: cfg.auth.mqttAnonymous });
}
