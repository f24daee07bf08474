/**
 * Errors of the wire API (WebSocket and MQTT): a stable code from `wire.ts` and a message.
 */
import type { WireErrorBody, WireErrorCode } from './wire.js';

/** An error that becomes `{status:"error", code, message}` at the API boundary. */
export class WireError extends Error {
  constructor(
    readonly code: WireErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'WireError';
  }
}

/** The wire body of any thrown value; unknown errors become INTERNAL (or `fallback`). */
export function errorBody(e: unknown, fallback: WireErrorCode = 'INTERNAL'): WireErrorBody {
  const err = e as { code?: unknown; message?: unknown };
  if (e instanceof WireError || (e instanceof Error && (err.code === 'RULE_INVALID' || err.code === 'NOT_FOUND' || err.code === 'RULES_NO_MODEL'))) {
    return { status: 'error', code: err.code as WireErrorCode, message: String(err.message) };
  }
  return { status: 'error', code: fallback, message: e instanceof Error ? e.message : String(e) };
}
