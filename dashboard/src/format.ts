/**
 * Time and number formatting for the views: one format everywhere (`2026-11-25 18:42:40`, or
 * `18:42:40` for a time of day), in the daemon's configured time zone (told in the hello).
 */

/** The zone times are shown in; the browser's until the daemon names its own. */
let zone: string | undefined;

/** Sets the zone every view shows times in (the daemon's `timezone`). */
export function setTimeZone(tz: string | undefined): void {
  try {
    if (tz) new Intl.DateTimeFormat('en', { timeZone: tz });
    zone = tz;
  } catch {
    zone = undefined; // an unknown zone: the browser's
  }
}

/** The zone times are shown in. */
export function timeZone(): string {
  return zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Wall-clock parts of a moment in the shown zone. */
function parts(ts: number | string): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string> {
  const f = new Intl.DateTimeFormat('en-GB', { timeZone: timeZone(), year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
  const p = Object.fromEntries(f.formatToParts(new Date(ts)).map((x) => [x.type, x.value]));
  return { year: p.year ?? '', month: p.month ?? '', day: p.day ?? '', hour: p.hour ?? '', minute: p.minute ?? '', second: p.second ?? '' };
}

/** `14:03:27`. */
export function clock(ts: number | string): string {
  const p = parts(ts);
  return `${p.hour}:${p.minute}:${p.second}`;
}

/** `2026-11-25`. */
export function day(ts: number | string): string {
  const p = parts(ts);
  return `${p.year}-${p.month}-${p.day}`;
}

/** `2026-11-25 14:03:27`. */
export function dateTime(ts: number | string): string {
  return `${day(ts)} ${clock(ts)}`;
}

/** A span: `2026-11-25 14:03:27–14:05:00`, the date written once when both ends share it. */
export function span(from: number | string, to: number | string): string {
  return day(from) === day(to) ? `${dateTime(from)}–${clock(to)}` : `${dateTime(from)}–${dateTime(to)}`;
}

/** Text with ISO-8601 UTC times (`2026-11-25T17:42:40.000Z`) rewritten in the one format. */
export function localiseIso(text: string): string {
  return text.replace(/\b\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d:?\d\d)/g, (iso) => (Number.isFinite(Date.parse(iso)) ? dateTime(iso) : iso));
}

/** `3 min 20 s`, `42 s`, `1 h 5 min`. */
export function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ''}`;
  return `${Math.floor(s / 3600)} h${Math.floor((s % 3600) / 60) ? ` ${Math.floor((s % 3600) / 60)} min` : ''}`;
}

/** How long ago, `12 s ago`. */
export function ago(ts: number, now: number): string {
  return `${duration((now - ts) / 1000)} ago`;
}

/** `1st`, `2nd`, `3rd`, `11th`, `22nd`. */
export function ordinal(n: number): string {
  const t = n % 100;
  const suffix = t >= 11 && t <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** Start of the shown zone's calendar day holding `ts`, epoch ms. */
export function dayStart(ts: number): number {
  const wall = (t: number): number => {
    const p = parts(t);
    return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  };
  const p = parts(ts);
  const midnight = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day));
  let t = midnight - (wall(midnight) - midnight);
  t = midnight - (wall(t) - t); // a second pass settles a daylight-saving change between the two
  return t;
}
