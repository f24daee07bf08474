/**
 * `vigil ask --fleet "QUESTION"`: asks every box of a fleet over the MQTT broker (cluster) and
 * prints the merged answer. Runs from any machine that reaches the broker; needs no memory. Parts
 * are verified with the keys pinned in the config's `fleet.peers.<node>.key` (and the key of the
 * config's own box when its data directory holds one): others are dropped and named.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import mqtt, { type IClientOptions } from 'mqtt';
import { isTimeZone } from '../../planner/time.js';
import { defaultTimeZone } from '../../planner/ask.js';
import { FleetAsker } from '../fleet/asker.js';
import { existingPublicKey } from '../fleet/keys.js';
import { FleetKeyRing } from '../fleet/sign.js';
import { noDelay } from '../fleet/nodelay.js';
import { loadConfig } from '../config/load.js';
import { int, isoTime, str, UsageError } from './args.js';

/** Help lines of the fleet options. */
export const ASK_FLEET_HELP = `vigil ask --fleet "QUESTION" [--mqtt URL] [--prefix P] [--deadline MS] [--json] [--now ISO8601] [--tz ZONE] [--config FILE] [--data DIR]
  Asks every box of the fleet over MQTT (fleet.prefix) and merges their parts. --mqtt defaults to mqtt.url of the config.
  Parts count only when signed by the key pinned in the config's fleet.peers.<node>.key; others are dropped and named.
  --deadline  ms to wait for the boxes (default fleet.deadlineMs); the answer names the boxes that did not answer (exit code 3: partial)`;

/** Parsed values `askCommand` hands over. */
export interface FleetAskArgs {
  question: string;
  mqtt?: string;
  prefix?: string;
  deadline?: string;
  json?: boolean;
  now?: string;
  tz?: string;
  config?: string;
  /** Data directory (its fleet key is trusted for the own box); default: the config's. */
  data?: string;
}

/** Asks the fleet and prints; resolves with the exit code (0, or 3 when the answer is partial). */
export async function askFleetCommand(a: FleetAskArgs): Promise<number> {
  const cfg = loadConfig({ file: str(a.config), data: str(a.data) });
  const url = a.mqtt ?? cfg.mqtt.url ?? `mqtt://127.0.0.1:${cfg.mqtt.embedded.port}`;
  const timeZone = a.tz ?? cfg.timezone ?? defaultTimeZone();
  if (!isTimeZone(timeZone)) throw new UsageError(`--tz "${timeZone}" is not an IANA time zone`);
  const deadlineMs = int(a.deadline, 'deadline', 100, 60_000) ?? cfg.fleet.deadlineMs;
  const now = a.now === undefined ? Date.now() : isoTime(a.now, 'now');
  const c = cfg.mqtt;
  const opts: IClientOptions = {
    protocolVersion: c.protocolVersion,
    reconnectPeriod: 0,
    connectTimeout: 5000,
    ...(c.username !== null ? { username: c.username } : {}),
    ...(c.password !== null ? { password: c.password } : {}),
    ...(c.tls.ca ? { ca: readFileSync(c.tls.ca) } : {}),
    ...(c.tls.cert ? { cert: readFileSync(c.tls.cert) } : {}),
    ...(c.tls.key ? { key: readFileSync(c.tls.key) } : {}),
    rejectUnauthorized: c.tls.rejectUnauthorized,
  };
  const client = await mqtt.connectAsync(url, opts);
  noDelay(client);
  try {
    const keys = FleetKeyRing.ofPeers(cfg.fleet.peers);
    const own = existingPublicKey(resolve(cfg.data));
    if (own) keys.trust(cfg.node, own);
    // named after its MQTT user, so a broker ACL can give it <prefix>/reply/<user>/+ (else a random name)
    const asker = new FleetAsker({ client, prefix: a.prefix ?? cfg.fleet.prefix, keys, ...(c.username !== null ? { asker: c.username } : {}) });
    // resolves once the boxes' retained statuses and manifests are in (the boxes it waits for)
    await asker.start();
    const ans = await asker.ask(a.question, { deadlineMs, timeZone, now });
    process.stdout.write(a.json ? `${JSON.stringify(ans)}\n` : `${ans.answer}\n`);
    asker.stop();
    return ans.partial ? 3 : 0;
  } finally {
    await client.endAsync();
  }
}
