import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorBody,
  toFastifyPath,
  type BodyOf,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
  type RouteContract,
} from '../../src/contracts/route';
import { actAs } from './api-keys';
import { MAIN_SITE_WORKSPACE_ID } from './db/database';
import { forbidden, HttpError, notFound, unauthorized } from './errors';
import type { Principal } from './sessions';
import type { Site, WorkspaceRow } from './tenancy';

export interface HandlerContext<C extends RouteContract> {
  params: ParamsOf<C>;
  query: QueryOf<C>;
  body: BodyOf<C>;
  site: Site;
  principal: Principal | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type UserPrincipal = Extract<Principal, { kind: 'user' }>;

/** Every contract the process serves, for the OpenAPI-driven access tests. */
export const servedContracts: RouteContract[] = [];

/**
 * Declares a Fastify route from its contract: the same zod schemas validate the input and the output,
 * and the contract's `access` is checked before the handler runs.
 */
export function serve<C extends RouteContract>(
  app: FastifyInstance,
  contract: C,
  handler: (ctx: HandlerContext<C>) => Promise<ResponseOf<C> | void>,
  options: { config?: RouteShorthandOptions['config']; bodyLimit?: number } = {},
): void {
  servedContracts.push(contract);
  const responses: Record<number, z.ZodType> = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
  if (contract.response) responses[200] = contract.response;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: contract.method,
    url: toFastifyPath(contract.path),
    // The contract rides along for the permission gate (server/platform/permissions.ts).
    config: { ...options.config, contract },
    bodyLimit: options.bodyLimit,
    schema: {
      summary: contract.summary,
      tags: [contract.api],
      description: `Access: ${describeAccess(contract.access)}`,
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.body ? { body: contract.body } : {}),
      ...(contract.multipart ? { consumes: ['multipart/form-data'] } : {}),
      response: responses,
    },
    // Before validation: who may call is decided before anything about the input is said.
    preValidation: async (request) => authorise(contract, request.ctx.site, request.ctx.principal),
    handler: async (request, reply) => {
      const result = await actAs(request.ctx.principal, () =>
        handler({
          params: request.params as ParamsOf<C>,
          query: request.query as QueryOf<C>,
          body: request.body as BodyOf<C>,
          site: request.ctx.site,
          principal: request.ctx.principal,
          request,
          reply,
        }),
      );
      if (reply.sent) return reply;
      return result;
    },
  });
}

function describeAccess(access: RouteContract['access']): string {
  return typeof access === 'string' ? access : access.join(', ');
}

export function authorise(contract: RouteContract, site: Site, principal: Principal | null): void {
  if (site.kind === 'unknown') throw notFound('There is no workspace at this address');
  const access = contract.access;
  if (access === 'public') return;
  if (!principal) throw unauthorized();
  if (principal.kind === 'api-key') {
    // A key reaches only the routes whose contract names one of its scopes (docs/integrations.md).
    if (contract.apiKeyScope && principal.scopes.includes(contract.apiKeyScope)) return;
    throw new HttpError(403, 'API_KEY_SCOPE', "This API key's scopes do not reach this call");
  }
  if (access === 'signed-in') return;
  if (access === 'platform-admin') {
    if (principal.kind !== 'platform-admin') throw forbidden();
    return;
  }
  if (contract.catalogueAuthor && principal.kind === 'platform-admin' && site.kind === 'main') return;
  if (principal.kind !== 'user' || !access.includes(principal.role)) throw forbidden();
}

/**
 * Whose courses a call of a `catalogueAuthor` route works on: the signed-in workspace user's workspace, or, for the
 * platform admin on the main site, the platform's catalogue (the main site's nil workspace id).
 */
export function courseSpace(ctx: { site: Site; principal: Principal | null }): {
  workspaceId: string;
  userId: string;
  platformAdmin: boolean;
  user: UserPrincipal | null;
} {
  if (ctx.site.kind === 'main' && ctx.principal?.kind === 'platform-admin') {
    return {
      workspaceId: MAIN_SITE_WORKSPACE_ID,
      userId: ctx.principal.platformAdminId,
      platformAdmin: true,
      user: null,
    };
  }
  const { user, workspace } = workspaceUser(ctx);
  return { workspaceId: workspace.id, userId: user.userId, platformAdmin: false, user };
}

/** The signed-in workspace user of a route whose access is a role list. */
export function workspaceUser(ctx: { site: Site; principal: Principal | null }): {
  user: UserPrincipal;
  workspace: WorkspaceRow;
} {
  const workspace = currentWorkspace(ctx.site);
  if (!ctx.principal) throw unauthorized();
  if (ctx.principal.kind === 'api-key' && ctx.principal.workspaceId === workspace.id) {
    // Only routes that name a key scope let a key this far (`authorise`): the key works across the whole workspace as a
    // workspace admin would, within the limits of `keyRefusal`, and its writes are audited as the key's (`actAs`).
    return {
      user: {
        kind: 'user',
        sessionId: '',
        workspaceId: workspace.id,
        userId: ctx.principal.createdBy ?? MAIN_SITE_WORKSPACE_ID,
        role: 'WORKSPACE_ADMIN',
        branchId: null,
        email: '',
      },
      workspace,
    };
  }
  if (ctx.principal.kind !== 'user') throw forbidden();
  return { user: ctx.principal, workspace };
}

export function currentWorkspace(site: Site): WorkspaceRow {
  if (site.kind !== 'workspace') throw new HttpError(404, 'NOT_FOUND', 'This call is only served on a workspace');
  return site.workspace;
}
