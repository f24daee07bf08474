/**
 * systemd notifications (READY=1, WATCHDOG=1, STOPPING=1) when `NOTIFY_SOCKET` is set.
 * Node has no AF_UNIX datagram sockets, so this runs `systemd-notify --pid=<our pid>`; the unit
 * needs `NotifyAccess=all` (deploy/vigil.service sets it).
 */
import { execFile } from 'node:child_process';
import type { Logger } from '../ingest/types.js';

/** Sends sd_notify messages; every method is a no-op without NOTIFY_SOCKET. */
export class SystemdNotifier {
  private timer: NodeJS.Timeout | null = null;
  private warned = false;

  constructor(
    private readonly log: Logger,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {}

  /** True when running under a notify-type unit. */
  get enabled(): boolean {
    return Boolean(this.env.NOTIFY_SOCKET);
  }

  /** Sends one or more `KEY=VALUE` assignments. Resolves when sent (or failed, which is logged once). */
  notify(...assignments: string[]): Promise<void> {
    if (!this.enabled) return Promise.resolve();
    return new Promise((resolve) => {
      execFile('systemd-notify', [`--pid=${process.pid}`, ...assignments], { env: this.env, timeout: 5000 }, (err) => {
        if (err && !this.warned) {
          this.warned = true;
          this.log.warn({ err: err.message }, 'systemd-notify failed; READY/WATCHDOG not delivered');
        }
        resolve();
      });
    });
  }

  /** Sends READY=1 and starts WATCHDOG=1 pings at half of `WATCHDOG_USEC`, if set. */
  async ready(status: string): Promise<void> {
    await this.notify('--ready', `--status=${status}`);
    const usec = Number(this.env.WATCHDOG_USEC ?? 0);
    if (this.enabled && usec > 0) {
      const everyMs = Math.max(500, Math.floor(usec / 2000));
      this.timer = setInterval(() => void this.notify('WATCHDOG=1'), everyMs);
      this.timer.unref();
    }
  }

  /** Stops watchdog pings and says STOPPING=1. */
  async stopping(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.notify('STOPPING=1');
  }
}
