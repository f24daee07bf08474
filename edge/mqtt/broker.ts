/**
 * The embedded MQTT broker (aedes, MQTT 3.1/3.1.1) used when `mqtt.url` is null, so a default
 * install still publishes. If its port is taken (typically by a Mosquitto already running),
 * `startEmbeddedBroker` resolves with `null` and a reason instead of throwing: the daemon keeps
 * running without MQTT and says how to use that broker (`mqtt.url`).
 */
import { createServer, type Server } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import { Aedes } from 'aedes';

/** A running embedded broker. */
export interface EmbeddedBroker {
  port: number;
  host: string;
  /** Connected clients. */
  clients(): number;
  close(): Promise<void>;
}

/** Options of the embedded broker. */
export interface EmbeddedBrokerOptions {
  host: string;
  port: number;
  /** When set, clients must log in with these. */
  username: string | null;
  password: string | null;
}

function same(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Starts the broker.
 * @returns the broker, or `{ busy }` with a readable reason when the port is in use
 */
export async function startEmbeddedBroker(o: EmbeddedBrokerOptions): Promise<EmbeddedBroker | { busy: string }> {
  const aedes = await Aedes.createBroker({
    ...(o.username !== null
      ? {
          authenticate: (_c, username, password, done) => {
            const ok = username === o.username && same(password ?? Buffer.alloc(0), Buffer.from(o.password ?? ''));
            if (ok) done(null, true);
            else done(Object.assign(new Error('bad user name or password'), { returnCode: 4 as const }), false);
          },
        }
      : {}),
  });
  const server: Server = createServer((socket) => aedes.handle(socket));
  const err = await new Promise<NodeJS.ErrnoException | null>((resolve) => {
    server.once('error', (e: NodeJS.ErrnoException) => resolve(e));
    server.listen(o.port, o.host, () => resolve(null));
  });
  if (err) {
    await new Promise<void>((r) => aedes.close(() => r()));
    if (err.code === 'EADDRINUSE') return { busy: `port ${o.port} on ${o.host} is already in use (another MQTT broker such as Mosquitto?)` };
    throw new Error(`embedded MQTT broker failed to listen on ${o.host}:${o.port}: ${err.message}`);
  }
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : o.port;
  return {
    port,
    host: o.host,
    clients: () => aedes.connectedClients,
    close: async () => {
      await new Promise<void>((r) => aedes.close(() => r()));
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
