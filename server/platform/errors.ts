import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody } from '../../src/contracts/route';
import { databaseUnavailable } from './db/unavailable';

/** An expected failure with its HTTP status and the contract's error body. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Not found') => new HttpError(404, 'NOT_FOUND', what);
export const forbidden = (what = 'You may not do this') => new HttpError(403, 'FORBIDDEN', what);
export const unauthorized = () => new HttpError(401, 'UNAUTHORIZED', 'Please sign in');
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new HttpError(400, 'VALIDATION', message, fields);
export const conflict = (message: string, fields?: Record<string, string>) =>
  new HttpError(409, 'CONFLICT', message, fields);

/** Maps every error to `{ code, message, fields? }`; bad input is a 4xx, never a 500. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.statusCode).send(body(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const path = (issue.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
        // An unknown field is named by itself, not by its parent object.
        const keys = (issue.params as { keys?: string[] } | undefined)?.keys;
        const names =
          issue.keyword === 'unrecognized_keys' && keys?.length
            ? keys.map((k) => (path ? `${path}.${k}` : k))
            : [path || 'body'];
        for (const name of names)
          fields[name] ??= issue.keyword === 'unrecognized_keys' ? 'Unknown field' : (issue.message ?? 'Invalid value');
      }
      const context = (error as FastifyError).validationContext ?? 'body';
      const names = Object.keys(fields).join(', ');
      return reply.code(400).send(body('VALIDATION', `Invalid ${context}: ${names}`, fields));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its contract');
      return reply.code(500).send(body('INTERNAL', 'The server could not complete this request'));
    }
    const status = (error as FastifyError).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const code = (error as FastifyError).code ?? 'BAD_REQUEST';
      if (status === 429) reply.header('retry-after', reply.getHeader('retry-after') ?? '60');
      return reply
        .code(status)
        .send(body(code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'VALIDATION' : code, error.message));
    }
    const unavailable = databaseUnavailable(error);
    if (unavailable) {
      // One line a request, without a stack: an outage is not a bug, and a stack per request would flood the log.
      request.log.warn({ reason: unavailable, url: request.url }, 'database unavailable: answered 503');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send(body('UNAVAILABLE', 'The service is briefly unavailable. Please try again in a few seconds.'));
    }
    if ((error as { code?: unknown }).code === 'ENOSPC') {
      request.log.error({ url: request.url }, 'no space left on the device: answered 507');
      return reply
        .code(507)
        .send(body('INSUFFICIENT_STORAGE', 'The server has no room to store this now. Please try again later.'));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send(body('INTERNAL', 'The server could not complete this request'));
  });
}

function body(code: string, message: string, fields?: Record<string, string>): ErrorBody {
  return fields && Object.keys(fields).length > 0 ? { code, message, fields } : { code, message };
}
