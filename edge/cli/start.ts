/**
 * `vigil start`: runs the daemon until SIGINT/SIGTERM (or, under `npm start`, until npm exits).
 */
import { resolve } from 'node:path';
import { buildDaemon } from '../app.js';
import { holdDataDir } from '../data-lock.js';
import { loadCheckedConfig, type OverlayInfo } from '../config/load.js';
import type { Config } from '../config/schema.js';
import type { Logger } from '../../ingest/types.js';
import { createLogger } from '../log.js';
import { redactUrl } from '../../ingest/redact.js';
import { installProcessGuard } from '../process-guard.js';
import { SystemdNotifier } from '../systemd.js';
import { int, parse, str } from './args.js';
import { mallocNote } from './malloc-note.js';
import { watchNpmParent } from './parent-watch.js';

/** Help text. */
export const START_HELP = `vigil start [--config FILE] [--port N] [--data DIR]
  Runs the daemon. Without a config, one demo camera plays the bundled clip in a loop.
  --config FILE  YAML or JSON config (also VIGIL_CONFIG)
  --port N       HTTP port (overrides http.port)
  --data DIR     data directory (overrides data)`;

/** How long the clean stop after an uncaught exception may take before the process exits anyway, ms. */
const FATAL_STOP_MS = 10_000;

/** Runs the daemon; resolves with the exit code once stopped. */
export async function startCommand(argv: string[]): Promise<number> {
  const { values } = parse(argv, { config: { type: 'string' }, port: { type: 'string' }, data: { type: 'string' } });
  // the checks `vigil config check` makes, zones overlay and this machine included: errors refuse, warnings are logged
  const { config: cfg, warnings, overlay } = loadCheckedConfig({ file: str(values.config), port: int(values.port, 'port', 0, 65535), data: str(values.data) });
  const log = createLogger(cfg.log.level, 2, cfg.log.format);
  for (const w of warnings) log.warn(w);
  if (overlay.applied.length > 0) log.info({ file: overlay.path, cameras: overlay.applied }, 'zones and lines of these cameras come from the zones overlay');
  for (const id of overlay.ignored) log.warn({ file: overlay.path, camera: id }, 'the zones overlay names a camera the configuration does not have; left out');
  // one daemon per data directory: a second one stops here (exit 1), naming the first
  const lock = holdDataDir(resolve(cfg.data), 'start', log);
  try {
    return await run(cfg, log, overlay);
  } finally {
    lock.release();
  }
}

/** Builds, starts and runs the daemon until stopped; resolves with the exit code. */
async function run(cfg: Config, log: Logger, overlay: OverlayInfo): Promise<number> {
  const systemd = new SystemdNotifier(log);
  const daemon = buildDaemon(cfg, log, overlay);
  log.info({ node: cfg.node, data: cfg.data, cameras: cfg.cameras.map((c) => ({ id: c.id, url: redactUrl(c.url), enabled: c.enabled })) }, 'vigil starting');
  const note = mallocNote(process.env, process.platform);
  if (note) log.info(note);

  let exitCode = 0;
  let signalled = false;
  let unwatch = (): void => undefined;
  let stopped = (): void => undefined;
  const done = new Promise<void>((resolve) => (stopped = resolve));
  const stop = (why: { signal: NodeJS.Signals } | { reason: string }): void => {
    if (signalled) return;
    signalled = true;
    unwatch();
    log.info(why, 'stopping');
    void systemd.stopping();
    void daemon.lifecycle.stop().then(stopped);
  };
  process.once('SIGINT', (signal) => stop({ signal }));
  process.once('SIGTERM', (signal) => stop({ signal }));
  unwatch = watchNpmParent(() => stop({ reason: 'the npm that started the daemon exited' }));
  // an unhandled rejection is logged and counted; an uncaught exception also stops the daemon,
  // exit code 1, for the supervisor to restart it (see process-guard.ts for why)
  installProcessGuard({
    log: log.child({ ns: 'edge:process' }),
    count: () => daemon.http.unexpected.add('process'),
    fatal: () => {
      exitCode = 1;
      setTimeout(() => process.exit(1), FATAL_STOP_MS).unref();
      stop({ reason: 'uncaught exception' });
    },
  });
  try {
    await daemon.lifecycle.start();
    await systemd.ready(`serving on port ${daemon.http.port}`);
    log.info({ port: daemon.http.port }, 'vigil ready');
  } catch (e) {
    if (!signalled) {
      log.error({ err: e }, 'start failed');
      process.stderr.write(`vigil: ${(e as Error).message}\n`);
      exitCode = 1;
      await daemon.lifecycle.stop();
      return exitCode;
    }
  }
  await done;
  log.info('stopped');
  return exitCode;
}
