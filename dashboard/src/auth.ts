/**
 * The API token: kept in sessionStorage (gone when the tab closes), sent as `?token=` on
 * WebSocket upgrades and image URLs, and as a bearer header on fetches.
 */
const KEY = 'vigil.token';

/** The token of this tab, or null. */
export function getToken(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** Stores (or, with null, forgets) the token. */
export function setToken(token: string | null): void {
  try {
    if (token) sessionStorage.setItem(KEY, token);
    else sessionStorage.removeItem(KEY);
  } catch {
    // storage disabled: the token lives as long as the page
  }
}

/** A same-origin URL with the token added as `?token=` when there is one. */
export function withToken(path: string): string {
  const t = getToken();
  if (!t) return path;
  return `${path}${path.includes('?') ? '&' : '?'}token=${encodeURIComponent(t)}`;
}

/** A WebSocket URL on the page's host for a path, with the token. */
export function wsUrl(path: string): string {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${proto}//${location.host}${withToken(path)}`;
}

/** Does the daemon want a token we do not have (or reject ours)? Checks an authenticated REST route. */
export async function needsLogin(): Promise<boolean> {
  const t = getToken();
  const r = await fetch('/api/cameras', { headers: t ? { authorization: `Bearer ${t}` } : {}, cache: 'no-store' });
  return r.status === 401 || r.status === 403;
}
