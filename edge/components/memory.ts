/**
 * The memory as a daemon component: checks the data file and opens the LMDB store on start (a
 * damaged file is moved aside, said in one log line, and a fresh memory starts), flushes and closes
 * it on stop.
 */
import type { Observation } from '../../ingest/observations.js';
import type { Logger } from '../../ingest/types.js';
import { MemoryStore } from '../../memory/store.js';
import { WallClock, type ClockStep } from '../../memory/clock.js';
import type { MemoryHealth } from '../../memory/types.js';
import type { Config } from '../config/schema.js';
import type { Component } from '../lifecycle.js';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** How often the wall clock is checked for a step, ms. */
const CLOCK_CHECK_MS = 1000;

/** "+25 h 0 min 3 s": a step's size for a log line. */
function stepText(ms: number): string {
  const a = Math.round(Math.abs(ms) / 1000) * 1000;
  const h = Math.floor(a / HOUR);
  const m = Math.floor((a % HOUR) / 60_000);
  const s = (a % 60_000) / 1000;
  return `${ms < 0 ? '-' : '+'}${h > 0 ? `${h} h ` : ''}${h > 0 || m > 0 ? `${m} min ` : ''}${s} s`;
}

/** Owns the store; `write` is the observation sink. */
export class MemoryComponent implements Component {
  readonly name = 'memory';
  readonly store: MemoryStore;
  private failed = 0;
  private timer: NodeJS.Timeout | null = null;
  private clockTimer: NodeJS.Timeout | null = null;
  private lastHealth: MemoryHealth | null = null;
  /** Read failures already logged. */
  private readsLogged = 0;
  /** Called with the ids of the alerts each sweep dropped (their pictures are kept outside the memory). */
  onAlertsDropped: ((ids: string[]) => void) | null = null;
  /** The wall clock, watched for steps; retention ages data by its steady time. */
  readonly clock: WallClock;

  constructor(
    dir: string,
    private readonly log: Logger,
    private readonly cfg: Config['memory'] | null = null,
  ) {
    const m = cfg;
    this.clock = new WallClock({ onStep: (s) => this.stepped(s) });
    this.store = new MemoryStore({
      dir,
      clock: this.clock,
      ...(m
        ? {
            retention: { rawMs: m.rawHours * HOUR, eventsMs: m.eventsDays * DAY, minutesMs: m.minutesDays * DAY, hoursMs: m.hoursDays * DAY },
            ...(m.budgetGB !== null ? { budgetGB: m.budgetGB } : {}),
            minFreeMB: m.minFreeMB,
          }
        : {}),
    });
  }

  async start(): Promise<void> {
    const st = await this.store.openChecked();
    if (st.state === 'recovered') {
      this.log.error({ aside: st.aside, reason: st.reason, checkMs: st.checkMs }, `memory data file was damaged (${st.reason ?? 'unknown'}): kept as ${st.aside ?? '?'}; starting with an empty memory`);
    } else if (st.state === 'unchecked') {
      this.log.warn({ reason: st.reason, checkMs: st.checkMs }, `memory data file could not be checked (${st.reason ?? 'unknown'}): opening it as it is`);
    } else this.log.info({ checkMs: st.checkMs }, 'memory data file checked');
    this.clockTimer = setInterval(() => this.clock.read(), CLOCK_CHECK_MS);
    this.clockTimer.unref();
    if (this.cfg) {
      this.timer = setInterval(() => this.sweep(), this.cfg.sweepSeconds * 1000);
      this.timer.unref();
    }
  }

  /** One bounded retention sweep; logs health changes (disk full and back). */
  sweep(): void {
    this.store
      .sweep({})
      .then((r) => {
        if (r.droppedAlerts.length) this.onAlertsDropped?.(r.droppedAlerts);
        if (r.deleted + r.evicted > 0) this.log.debug({ deleted: r.deleted, evicted: r.evicted, done: r.done, ms: r.ms, usedBytes: r.usedBytes, alerts: r.droppedAlerts.length }, 'retention sweep');
      })
      .catch((e: unknown) => this.log.error({ err: (e as Error).message }, 'retention sweep failed'));
    const h = this.store.health();
    // only real transitions: the first sweep of a healthy store is not "writable again"
    const was = this.lastHealth?.writable;
    if (h.writable && was === false) this.log.info('memory writable again');
    else if (!h.writable && was !== false) this.log.error({ reason: h.reason }, 'memory stopped writing');
    this.lastHealth = h;
    this.logReadFailures();
  }

  /** Logs read failures (a page damaged while running) when there are new ones. */
  private logReadFailures(): void {
    const n = this.store.readFailures;
    if (n === this.readsLogged) return;
    const st = this.store.storage();
    this.log.error({ readErrors: n, reason: st?.reason }, 'memory reads are failing: the data file is damaged; a restart checks it and moves it aside');
    this.readsLogged = n;
  }

  /** Logs a step of the wall clock (retention keeps ageing data by the steady clock; answers read the wall clock). */
  private stepped(s: ClockStep): void {
    this.log.warn(
      { stepMs: Math.round(s.deltaMs), now: new Date(s.at).toISOString(), steps: this.clock.steps },
      `wall clock stepped ${stepText(s.deltaMs)} (NTP or a manual change): retention ages data by the monotonic clock, and data stamped after now does not move "now"`,
    );
    const kept = (e: unknown): void => this.log.error({ err: (e as Error).message }, 'the clock step could not be kept in the memory');
    try {
      this.store.noteClockStep(s).catch(kept);
    } catch (e) {
      kept(e);
    }
  }

  /** Writable or not, and why: for /healthz. */
  health(): MemoryHealth {
    return this.store.health();
  }

  /** Stores an observation; a failed write is logged (once per burst) and counted, never thrown. */
  readonly write = (o: Observation): void => {
    this.store.write(o).catch((e: unknown) => {
      if (this.failed++ % 100 === 0) this.log.error({ camera: o.camera, err: e, failed: this.failed }, 'memory write failed');
    });
  };

  /** Writes that failed since start. */
  get failedWrites(): number {
    return this.failed;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    if (this.clockTimer) clearInterval(this.clockTimer);
    this.timer = this.clockTimer = null;
    await this.store.close();
  }
}
