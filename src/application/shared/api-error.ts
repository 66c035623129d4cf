/** A failed call to one of our APIs, carrying the contract's error body. Adapters throw it; screens show it. */
export class ApiError extends Error {
  /** From Retry-After, on a 429. */
  retryAfterSeconds?: number;

  constructor(
    readonly status: number,
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
}

/** A message fit to show a person, whatever was thrown. */
export function describeError(error: unknown): string {
  if (ApiError.is(error)) return error.message;
  if (error instanceof Error && /fetch|network/i.test(error.message)) {
    return 'The server could not be reached. Check your connection and try again.';
  }
  return 'Something went wrong. Please try again.';
}
