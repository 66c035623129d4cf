/**
 * Whether an error means the database cannot serve now (refused, lost, shutting down, too busy, or a statement or
 * connection that timed out), as opposed to a fault in the request or the code. Such a request is answered 503 with
 * `Retry-After` (errors.ts): the client may try again and nothing of it was committed.
 */
export function databaseUnavailable(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      // SQLSTATE class 08: connection exception; 57P01-03: the server is shutting down or starting; 53300: too many
      // connections; 57014: a statement cancelled (statement_timeout); 25P03: idle-in-transaction timeout.
      if (/^08[0-9A-Z]{3}$/.test(code) || ['57P01', '57P02', '57P03', '53300', '57014', '25P03'].includes(code))
        return `SQLSTATE ${code}`;
      if (
        ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN'].includes(code)
      )
        return code;
    }
    const message = e instanceof Error ? e.message : '';
    // pg-pool's and pg's own words for a connection that could not be had or was lost.
    if (
      /timeout exceeded when trying to connect|Connection terminated|connection error and is not queryable|Connection terminated unexpectedly/i.test(
        message,
      )
    ) {
      return message;
    }
  }
  return null;
}
