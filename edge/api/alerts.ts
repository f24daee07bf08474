/**
 * The alert history request (`alerts` over WebSocket and MQTT, `GET /api/alerts`): a page of the
 * memory's stored alerts, with an opaque cursor to the next page, and the absolute picture URL
 * every alert sent out carries when `fleet.publicUrl` is set.
 */
import { VigilError } from '../../ingest/errors/catalogue.js';
import type { AlertCursor, MemoryStore } from '../../memory/store.js';
import { resolveWindow } from './window.js';
import type { Alert, WsRequestMap, WsRequestOf } from './wire.js';

/** Alerts in a page when the request does not say. */
export const DEFAULT_ALERT_LIMIT = 50;

/** The cursor of a page's last alert, as the client sends it back (base64url of JSON). */
export function encodeCursor(c: AlertCursor): string {
  return Buffer.from(JSON.stringify([c.ts, c.camera, c.id])).toString('base64url');
}

/** A cursor read back. @throws VigilError BAD_REQUEST when it is not one this daemon made */
export function decodeCursor(text: string): AlertCursor {
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    v = null;
  }
  if (!Array.isArray(v) || v.length !== 3 || typeof v[0] !== 'number' || !Number.isFinite(v[0]) || typeof v[1] !== 'string' || typeof v[2] !== 'string') {
    throw new VigilError('BAD_REQUEST', 'cursor: not a cursor of this API (send back the "next" of the previous page unchanged)');
  }
  return { ts: v[0], camera: v[1], id: v[2] };
}

/**
 * The alert as sent out: with `publicUrl` (e.g. `http://10.0.0.5:8080`, or a base with a path
 * behind a proxy) a snapshot path becomes an absolute URL under it; without, it is unchanged.
 */
export function publicAlert(a: Alert, publicUrl: string | null | undefined): Alert {
  const snap = a.evidence.snapshot;
  if (!publicUrl || !snap.startsWith('/')) return a;
  return { ...a, evidence: { ...a.evidence, snapshot: publicUrl.replace(/\/+$/, '') + snap } };
}

/** Runs an `alerts` request against the memory. @throws VigilError BAD_REQUEST on a bad cursor */
export function alertHistory(memory: MemoryStore, req: Omit<WsRequestOf<'alerts'>, 'id' | 'type'>, publicUrl: string | null | undefined, now = Date.now()): WsRequestMap['alerts']['result'] {
  const w = resolveWindow(req, now);
  const after = req.cursor !== undefined ? decodeCursor(req.cursor) : undefined;
  const page = memory.alerts({
    ...w,
    limit: req.limit ?? DEFAULT_ALERT_LIMIT,
    ...(req.rule !== undefined ? { rule: req.rule } : {}),
    ...(req.camera !== undefined ? { camera: req.camera } : {}),
    ...(req.order ? { order: req.order } : {}),
    ...(after ? { after } : {}),
  });
  return { alerts: page.rows.map((a) => publicAlert(a, publicUrl)), truncated: page.next !== null, next: page.next ? encodeCursor(page.next) : null };
}
