/**
 * What kind of failure an API call met. The HTTP adapter (src/infrastructure/http/api-client.ts) alone reads
 * HTTP statuses and names the kind; the application and the screens reason about the kind only.
 */
export type ApiErrorReason =
  /** The input was refused (a field, a file, a state the request cannot apply to). */
  | 'invalid'
  /** The session is gone or the credentials were wrong. */
  | 'signed-out'
  /** The caller's role may not. */
  | 'forbidden'
  | 'not-found'
  /** The object's state conflicts with the request (taken name, frozen version, ...). */
  | 'conflict'
  /** It was there and is no more (a used or expired code or invite). */
  | 'gone'
  | 'too-large'
  | 'rate-limited'
  /** The server failed or is unavailable (maintenance, a transport down). */
  | 'server-error'
  /** Any other refusal. */
  | 'other';

/** A failed call to one of our APIs, carrying the contract's error body. Adapters throw it; screens show it. */
export class ApiError extends Error {
  /** From Retry-After, on a 429. */
  retryAfterSeconds?: number;

  constructor(
    readonly reason: ApiErrorReason,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  static is(error: unknown): error is ApiError {
    return error instanceof ApiError;
  }

  /** The server refused this request (as opposed to a lost session or a failure of the server). */
  static isRefusal(error: unknown): error is ApiError {
    return ApiError.is(error) && error.reason !== 'signed-out' && error.reason !== 'server-error';
  }
}

/** A message fit to show a person, whatever was thrown. */
export function describeError(error: unknown): string {
  if (ApiError.is(error)) return error.message;
  if (error instanceof Error && /fetch|network/i.test(error.message)) {
    return 'The server could not be reached. Check your connection and try again.';
  }
  return 'Something went wrong. Please try again.';
}
