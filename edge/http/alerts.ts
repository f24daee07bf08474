/**
 * `GET /api/alerts`: the alert history over HTTP, the same request as the WebSocket and MQTT
 * `alerts` (see `api/alerts.ts`) with its parameters in the query string: `from`/`to` (ISO-8601
 * or epoch ms), `last` (e.g. `24h`), `rule`, `camera`, `limit`, `order`, `cursor`.
 * `GET /api/alerts/:id/snapshot.jpg`: the frame that fired an alert, or, when it is no longer kept
 * on disk, the stored keyframe nearest the alert's time.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { VigilError } from '../../ingest/errors/catalogue.js';
import type { MemoryStore } from '../../memory/store.js';
import { REQUEST_SCHEMAS } from '../api/requests.js';
import type { WsRequestMap, WsRequestOf } from '../api/wire.js';
import { nearestKeyframe, parseTs } from './keyframe.js';
import { requestUrl, sendJson } from './router.js';

/** Query parameters `GET /api/alerts` reads (`token` is the auth's). */
const PARAMS = new Set(['from', 'to', 'last', 'rule', 'camera', 'limit', 'order', 'cursor', 'token']);

type AlertParams = Omit<WsRequestOf<'alerts'>, 'id' | 'type'>;

/** The request's query read as `alerts` parameters. @throws VigilError BAD_REQUEST naming every bad parameter */
export function alertQuery(req: IncomingMessage): AlertParams {
  const q = requestUrl(req.url)?.searchParams ?? new URLSearchParams();
  const problems: string[] = [];
  const raw: Record<string, unknown> = { id: 'http', type: 'alerts' };
  for (const [k, v] of q) {
    if (!PARAMS.has(k)) problems.push(`${k}: unknown parameter (known: ${[...PARAMS].filter((p) => p !== 'token').join(', ')})`);
    else if (k === 'from' || k === 'to') {
      const t = parseTs(v);
      if (t === null) problems.push(`${k}: an ISO-8601 time or epoch milliseconds`);
      else raw[k] = t;
    } else if (k === 'limit') raw[k] = /^\d+$/.test(v) ? Number(v) : v;
    else if (k !== 'token') raw[k] = v;
  }
  const r = REQUEST_SCHEMAS.alerts.safeParse(raw);
  if (!r.success) problems.push(...r.error.issues.map((i) => `${i.path.join('.') || 'query'}: ${i.message}`));
  if (problems.length || !r.success) throw new VigilError('BAD_REQUEST', problems.join('; '));
  const { id: _i, type: _t, ...params } = r.data;
  return params;
}

/** Answers `GET /api/alerts` with `run`'s page. */
export function serveAlerts(req: IncomingMessage, res: ServerResponse, run: (p: AlertParams) => WsRequestMap['alerts']['result']): void {
  sendJson(res, 200, run(alertQuery(req)));
}

/**
 * Answers `GET /api/alerts/:id/snapshot.jpg`: the kept frame, else the stored keyframe nearest
 * the stored alert's time (`x-frame-time` says which moment it shows).
 * @throws VigilError NOT_FOUND when neither is there
 */
export function serveAlertPicture(res: ServerResponse, id: string, kept: Buffer | null | undefined, memory: MemoryStore): void {
  if (kept) {
    res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': kept.length, 'cache-control': 'private, max-age=86400' });
    res.end(kept);
    return;
  }
  const a = memory.alert(id);
  const start = a ? nearestKeyframe(memory, a.camera, a.frameTs) : null;
  const jpg = a && start !== null ? memory.keyframe(a.camera, start) : undefined;
  if (!a || start === null || !jpg) throw new VigilError('NOT_FOUND', a ? `no picture is kept for alert "${id}" (its frame and the keyframes of its time are past retention)` : `no picture is kept for alert "${id}"`);
  res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': jpg.length, 'cache-control': 'private, max-age=3600', 'x-frame-time': new Date(start).toISOString() });
  res.end(jpg);
}
