/**
 * The one way an error becomes an API reply: any thrown value goes in, the HTTP status and the
 * {@link ErrorBody} come out. Used by the HTTP router, the WebSocket API and the MQTT requests.
 */
import { ERROR_CATALOGUE, isVigilError, VigilError, type ErrorBody, type PublicErrorCode } from './catalogue.js';

/** What an API boundary sends for an error. */
export interface ErrorReply {
  /** HTTP status (the catalogue's for the error's code; 500 for an unknown error). */
  status: number;
  body: ErrorBody;
  /**
   * True when the error is not a {@link VigilError} (a bug, or a hostile input that found one) or
   * its public code is `INTERNAL`: the boundary logs it with its stack.
   */
  unexpected: boolean;
}

/** Options of {@link errorReply}. */
export interface ErrorReplyOptions {
  /** The request's correlation id, copied into the body when given. */
  id?: string | null | undefined;
  /** Public code of an error that is not a {@link VigilError} (default `INTERNAL`). */
  fallback?: PublicErrorCode;
  /**
   * Whether the body of an unknown error carries its message (default true: the WebSocket and
   * MQTT APIs say what failed); false sends the catalogue's default message (HTTP).
   */
  reveal?: boolean;
}

/** The reply to any thrown value; an unknown error becomes `INTERNAL` (or `fallback`). */
export function errorReply(e: unknown, o: ErrorReplyOptions = {}): ErrorReply {
  const withId = (b: ErrorBody): ErrorBody => (o.id !== undefined ? { ...b, id: o.id } : b);
  if (isVigilError(e)) {
    const entry = ERROR_CATALOGUE[e.code];
    return { status: entry.status, body: withId({ status: 'error', code: entry.wire, message: e.message }), unexpected: entry.wire === 'INTERNAL' };
  }
  const code = o.fallback ?? 'INTERNAL';
  const message = o.reveal === false ? ERROR_CATALOGUE[code].message : e instanceof Error ? e.message : String(e);
  return { status: ERROR_CATALOGUE[code].status, body: withId({ status: 'error', code, message }), unexpected: true };
}

/** The body of {@link errorReply}. */
export function errorBody(e: unknown, o: ErrorReplyOptions = {}): ErrorBody {
  return errorReply(e, o).body;
}

/** The body of an error the boundary raises itself (a code and a message, no throw). */
export function errorOf(code: PublicErrorCode, message?: string, id?: string | null): ErrorBody {
  return errorBody(new VigilError(code, message), { id });
}
