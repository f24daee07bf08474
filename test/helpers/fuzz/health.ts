/**
 * Liveness checks of the daemon under fuzz: the process is running, `/healthz` answers within
 * 2 s, and the count of unexpected errors at the API boundary from `/metrics`.
 */

/** Time `/healthz` must answer in, ms. */
export const HEALTH_TIMEOUT_MS = 2000;

/** True when `/healthz` answers 200 within {@link HEALTH_TIMEOUT_MS} (one retry: a loaded machine can miss once). */
export async function healthzAnswers(baseUrl: string): Promise<{ ok: boolean; ms: number; error: string }> {
  let error = '';
  for (let attempt = 0; attempt < 2; attempt++) {
    const t0 = Date.now();
    try {
      const r = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) });
      await r.arrayBuffer();
      if (r.status === 200) return { ok: true, ms: Date.now() - t0, error: '' };
      error = `status ${r.status}`;
    } catch (e) {
      error = `${(e as Error).name}: ${(e as Error).message}`;
    }
  }
  return { ok: false, ms: HEALTH_TIMEOUT_MS, error };
}

/** `vigil_unexpected_errors_total` by interface, from `/metrics`. */
export async function unexpectedErrors(baseUrl: string, token: string | null): Promise<Record<string, number>> {
  const r = await fetch(`${baseUrl}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: AbortSignal.timeout(10_000) });
  const text = await r.text();
  const out: Record<string, number> = {};
  for (const m of text.matchAll(/^vigil_unexpected_errors_total\{interface="([^"]+)"\} (\d+)$/gm)) out[m[1] ?? '?'] = Number(m[2]);
  return out;
}
