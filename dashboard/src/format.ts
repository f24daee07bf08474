/** Time and number formatting for the views (the browser's zone and locale). */

/** `14:03:27`. */
export function clock(ts: number | string): string {
  return new Date(ts).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });
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
