/**
 * Stable error codes and the wire shape of errors at every API boundary.
 */

/** Error codes of the edge room. */
export type EdgeErrorCode = 'NOT_FOUND' | 'METHOD_NOT_ALLOWED' | 'BAD_REQUEST' | 'NO_FRAME' | 'UNAUTHORIZED' | 'INTERNAL' | 'CONFIG_INVALID';

/** The body every API error is sent as. */
export interface ErrorBody {
  status: 'error';
  code: EdgeErrorCode;
  message: string;
}

/** An error that knows its code and HTTP status. */
export class EdgeError extends Error {
  constructor(
    readonly code: EdgeErrorCode,
    message: string,
    readonly httpStatus = 400,
  ) {
    super(message);
    this.name = 'EdgeError';
  }

  /** Wire form. */
  toBody(): ErrorBody {
    return { status: 'error', code: this.code, message: this.message };
  }
}
