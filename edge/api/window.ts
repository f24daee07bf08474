/**
 * Time windows of browsing requests: `[from, to)` in epoch ms, or the `last` duration before `to`
 * ("30m", "24h", "7d"). One grammar for the WebSocket, MQTT and HTTP forms.
 */

/** A duration: a number and a unit, s(econds), m(inutes), h(ours), d(ays) or w(eeks), e.g. `90s`, `1.5h`, `7d`. */
export const DURATION = /^(\d{1,9}(?:\.\d{1,3})?)\s*(s|m|h|d|w)$/;

const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3600_000, d: 86_400_000, w: 604_800_000 };

/** A duration's length in ms, or null when it does not match {@link DURATION} or is zero. */
export function durationMs(text: string): number | null {
  const m = DURATION.exec(text.trim());
  if (!m) return null;
  const ms = Number(m[1]) * (UNIT_MS[m[2] ?? ''] ?? Number.NaN);
  return Number.isFinite(ms) && ms > 0 ? ms : null;
}

/** What a request says of its window. */
export interface WindowParams {
  from?: number | undefined;
  to?: number | undefined;
  last?: string | undefined;
}

/**
 * The window `[from, to)` a request asks for: `to` defaults to open-ended (everything up to now
 * and after), `from` to `to - last` with `last`, else to the beginning of what is kept.
 * (Callers validate first: `last` matches {@link DURATION}, and not both `from` and `last`.)
 */
export function resolveWindow(p: WindowParams, now: number): { from: number; to: number } {
  const to = p.to ?? Infinity;
  const last = p.last !== undefined ? durationMs(p.last) : null;
  const from = p.from ?? (last !== null ? (Number.isFinite(to) ? to : now) - last : -Infinity);
  return { from, to };
}
