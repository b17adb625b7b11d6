/** The fixed set of error codes that cross the boundary (DESIGN.md, style rule 3). */
export const ERROR_CODES = [
  'offline',
  'unauthorized',
  'forbidden',
  'not_found',
  'invalid_input',
  'rate_limited',
  'server_error',
  'unknown_outcome',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ErrorInfo {
  code: ErrorCode;
  message: string;
}

/** Thrown on the main side; the dispatcher turns it into `{type:'error'}` unchanged. */
export class FleetError extends Error {
  readonly code: ErrorCode;
  /** Seconds the server asked us to wait (429 Retry-After), when it said. */
  readonly retryAfterS?: number;
  constructor(code: ErrorCode, message: string, options?: { cause?: unknown; retryAfterS?: number }) {
    super(message, options?.cause !== undefined ? { cause: options.cause } : undefined);
    this.name = 'FleetError';
    this.code = code;
    if (options?.retryAfterS !== undefined) this.retryAfterS = options.retryAfterS;
  }
}

export function isFleetError(e: unknown): e is FleetError {
  return e instanceof FleetError;
}

/** Words a person understands, for each code; the renderer shows these with the server's message. */
export const ERROR_TEXT: Record<ErrorCode, string> = {
  // No "showing what was last seen": an error means nothing was served; a screen that shows
  // a kept copy says so itself ("Last copy from …"), and a refused write shows nothing.
  offline: 'The fleet service cannot be reached.',
  unauthorized: 'Your session has ended. Sign in again.',
  forbidden: 'Your account is not allowed to do this.',
  not_found: 'It no longer exists on the server.',
  invalid_input: 'The request was not valid.',
  rate_limited: 'The server asked us to slow down. Retrying shortly.',
  server_error: 'The fleet service failed to answer properly.',
  unknown_outcome:
    'The connection dropped before the server confirmed. The outcome is unknown: check the object’s events before trying again.',
};
