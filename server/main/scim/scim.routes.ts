import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../platform/errors';
import type { ApiDeps } from '../../platform/deps';
import type { Limit } from '../../platform/rate-limiter';
import { REFUSAL_STATUS, type Outcome } from '../../platform/refusal';
import {
  ScimBulkRequest,
  SCIM_BULK_MAX_OPERATIONS,
  SCIM_BULK_MAX_PAYLOAD,
} from '../../../src/contracts/main/scim.contract';
import { SCIM_CONTENT_TYPE, scimError, scimTypeOf, type ScimUser } from './scim-resources';
import { ScimBulkService } from './scim-bulk.service';
import { resourceTypes, schemas, serviceProviderConfig } from './scim-schemas';
import { scimBase, ScimService, type PatchBody } from './scim.service';
import { keyActor } from '../../platform/actor';

/** Per key: an identity provider's sync, with room for a first full push (docs/integrations.md). */
export const SCIM_LIMIT: Limit = { name: 'scim', max: 6000, windowMs: 60_000, what: 'Too many SCIM requests' };

/**
 * A Bulk request counts against SCIM_LIMIT by its operations: one request per this many operations (rounded up), the
 * measured cost of an operation inside a Bulk against a single request's (docs/integrations.md, "Rate limit").
 */
export const BULK_OPERATIONS_PER_REQUEST = 20;

type ListQuery = { filter?: string; startIndex?: string; count?: string; excludedAttributes?: string };

/**
 * SCIM 2.0 (RFC 7643/7644) at `/scim/v2` on a workspace's host: Users and Groups, for Entra ID and Okta. Not a contract
 * route: SCIM has its own media type, error schema and discovery documents. A key with the `scim` scope only.
 */
export async function scimRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const scim = new ScimService(deps.db, deps.mail);
  const bulk = new ScimBulkService(deps.db, scim);

  app.addContentTypeParser([SCIM_CONTENT_TYPE], { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, body === '' ? {} : JSON.parse(body as string));
    } catch {
      done(new HttpError(400, 'invalidSyntax', 'The body is not JSON'), undefined);
    }
  });

  // Every answer here, errors too, in SCIM's own shape (RFC 7644 3.12).
  app.setErrorHandler(
    (error: Error & { statusCode?: number; code?: string; headers?: Record<string, string> }, request, reply) => {
      const status = error instanceof HttpError ? error.statusCode : (error.statusCode ?? 500);
      if (status >= 500) request.log.error({ err: error }, 'scim request failed');
      if (error instanceof HttpError && error.headers) reply.headers(error.headers);
      const scimType = status === 400 ? (error.code === 'invalidSyntax' ? 'invalidSyntax' : 'invalidValue') : undefined;
      const detail = status >= 500 ? 'Something went wrong on our side' : error.message;
      return reply
        .code(status)
        .type(SCIM_CONTENT_TYPE)
        .send(scimError(status, detail, scimType));
    },
  );
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).type(SCIM_CONTENT_TYPE).send(scimError(404, 'There is no such SCIM endpoint')),
  );

  app.addHook('onRequest', async (request) => {
    const { site, principal } = request.ctx;
    if (site.kind !== 'workspace') throw new HttpError(404, 'NOT_FOUND', 'SCIM is served on a workspace');
    if (!principal || principal.kind !== 'api-key')
      throw new HttpError(401, 'UNAUTHORIZED', 'Send a workspace API key with the scim scope', undefined, {
        'www-authenticate': 'Bearer',
      });
    if (!principal.scopes.includes('scim')) throw new HttpError(403, 'FORBIDDEN', 'This API key has no scim scope');
    // A Bulk request is counted by its operations, once its body is read (the route below).
    if (!(request.routeOptions.config as { countedByOperations?: boolean } | undefined)?.countedByOperations)
      await deps.limits.take([{ limit: SCIM_LIMIT, key: principal.keyId }]);
  });

  const callerOf = (request: FastifyRequest) => {
    const { site, principal } = request.ctx;
    if (site.kind !== 'workspace' || principal?.kind !== 'api-key') throw new HttpError(401, 'UNAUTHORIZED', 'No key');
    return keyActor({ site, principal, request });
  };
  const send = <T>(reply: FastifyReply, outcome: Outcome<T>, status = 200) => {
    if (!outcome.ok)
      return reply
        .code(REFUSAL_STATUS[outcome.refusal])
        .type(SCIM_CONTENT_TYPE)
        .send(scimError(REFUSAL_STATUS[outcome.refusal], outcome.message, scimTypeOf(outcome.code)));
    if (outcome.value === null) return reply.code(204).send();
    return reply.code(status).type(SCIM_CONTENT_TYPE).send(outcome.value);
  };
  const listQuery = (q: ListQuery) => ({
    filter: q.filter,
    startIndex: q.startIndex === undefined ? undefined : Number(q.startIndex),
    count: q.count === undefined ? undefined : Number(q.count),
    excludedAttributes: q.excludedAttributes,
  });

  app.get('/ServiceProviderConfig', async (request, reply) =>
    reply.type(SCIM_CONTENT_TYPE).send(serviceProviderConfig(scimBase(callerOf(request)))),
  );
  app.get('/ResourceTypes', async (request, reply) =>
    reply.type(SCIM_CONTENT_TYPE).send(resourceTypes(scimBase(callerOf(request)))),
  );
  app.get('/Schemas', async (request, reply) =>
    reply.type(SCIM_CONTENT_TYPE).send(schemas(scimBase(callerOf(request)))),
  );

  app.get<{ Querystring: ListQuery }>('/Users', async (request, reply) =>
    send(reply, await scim.listUsers(callerOf(request), listQuery(request.query))),
  );
  app.get<{ Params: { id: string } }>('/Users/:id', async (request, reply) =>
    send(reply, await scim.getUser(callerOf(request), request.params.id)),
  );
  app.post<{ Body: ScimUser }>('/Users', async (request, reply) =>
    send(reply, await scim.createUser(callerOf(request), request.body), 201),
  );
  app.put<{ Params: { id: string }; Body: ScimUser }>('/Users/:id', async (request, reply) =>
    send(reply, await scim.replaceUser(callerOf(request), request.params.id, request.body)),
  );
  app.patch<{ Params: { id: string }; Body: PatchBody }>('/Users/:id', async (request, reply) =>
    send(reply, await scim.patchUser(callerOf(request), request.params.id, request.body)),
  );
  app.delete<{ Params: { id: string } }>('/Users/:id', async (request, reply) =>
    send(reply, await scim.deleteUser(callerOf(request), request.params.id)),
  );

  app.get<{ Querystring: ListQuery }>('/Groups', async (request, reply) =>
    send(reply, await scim.listGroups(callerOf(request), listQuery(request.query))),
  );
  app.get<{ Params: { id: string } }>('/Groups/:id', async (request, reply) =>
    send(reply, await scim.getGroup(callerOf(request), request.params.id)),
  );
  app.post<{ Body: Record<string, unknown> }>('/Groups', async (request, reply) =>
    send(reply, await scim.createGroup(callerOf(request), request.body), 201),
  );
  app.patch<{ Params: { id: string }; Body: PatchBody }>('/Groups/:id', async (request, reply) =>
    send(reply, await scim.patchGroup(callerOf(request), request.params.id, request.body)),
  );

  // RFC 7644 3.7: many operations in one request. Too many operations, or too many bytes, answer 413.
  app.post<{ Body: unknown }>(
    '/Bulk',
    { bodyLimit: SCIM_BULK_MAX_PAYLOAD, config: { countedByOperations: true } as object },
    async (request, reply) => {
      const body = request.body as { Operations?: unknown } | null;
      const count = Array.isArray(body?.Operations) ? body.Operations.length : 0;
      if (count > SCIM_BULK_MAX_OPERATIONS)
        throw new HttpError(413, 'tooLarge', `A Bulk request may hold at most ${SCIM_BULK_MAX_OPERATIONS} operations`);
      const parsed = ScimBulkRequest.safeParse(body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        const where = issue.path
          .map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`))
          .join('')
          .replace(/^\./, '');
        throw new HttpError(400, 'invalidSyntax', `${where || 'The body'}: ${issue.message}`);
      }
      const caller = callerOf(request);
      await deps.limits.takeMany(
        [{ limit: SCIM_LIMIT, key: caller.keyId }],
        Math.ceil(parsed.data.Operations.length / BULK_OPERATIONS_PER_REQUEST),
      );
      return send(reply, await bulk.run(caller, parsed.data));
    },
  );
}
