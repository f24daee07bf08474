/**
 * Time-of-day windows of alert rules, read in the daemon's time zone.
 */
import type { TimeOfDay } from '../api/wire.js';

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** Local clock of a time zone: minutes since midnight and ISO weekday. */
export class LocalClock {
  private readonly fmt: Intl.DateTimeFormat;

  constructor(timeZone: string) {
    this.fmt = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', hour: '2-digit', minute: '2-digit', weekday: 'short' });
  }

  /** Minutes since local midnight and ISO weekday (1 = Monday) at `ts`. */
  at(ts: number): { minutes: number; weekday: number } {
    let h = 0;
    let m = 0;
    let weekday = 1;
    for (const p of this.fmt.formatToParts(ts)) {
      if (p.type === 'hour') h = Number(p.value);
      else if (p.type === 'minute') m = Number(p.value);
      else if (p.type === 'weekday') weekday = WEEKDAYS[p.value] ?? 1;
    }
    return { minutes: h * 60 + m, weekday };
  }

  /** Whether `ts` falls inside the window (`from` > `to` wraps midnight; the weekday is the window's start day). */
  inside(w: TimeOfDay, ts: number): boolean {
    const { minutes, weekday } = this.at(ts);
    const from = hhmm(w.from);
    const to = hhmm(w.to);
    if (from === to) return !w.days || w.days.includes(weekday);
    const wraps = from > to;
    const inWindow = wraps ? minutes >= from || minutes < to : minutes >= from && minutes < to;
    if (!inWindow) return false;
    if (!w.days) return true;
    const day = wraps && minutes < to ? ((weekday + 5) % 7) + 1 : weekday;
    return w.days.includes(day);
  }
}

function hhmm(s: string): number {
  const [h, m] = s.split(':');
  return Number(h) * 60 + Number(m);
}
