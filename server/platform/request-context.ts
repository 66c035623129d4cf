import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { bearerToken, type Principal, type SessionRepository } from './sessions';
import { crossSiteOrigin, requestHost, type Site, type SiteResolver } from './tenancy';
import { HttpError } from './errors';
import { looksLikeApiKey } from '../../src/domain/integrations/api-keys';
import { invalidApiKey, type ApiKeyAuthenticator } from './api-keys';

export interface RequestContext {
  site: Site;
  principal: Principal | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route for people without an account: any signed-in session sent is ignored (intake.routes.ts). */
    anonymous?: boolean;
  }
  interface FastifyRequest {
    /** Which site (main or a workspace) the request is for, and who is calling: set once per request. */
    ctx: RequestContext;
  }
}

export interface RequestContextOptions {
  sites: SiteResolver;
  sessions: SessionRepository;
  apiKeys: ApiKeyAuthenticator;
}

/** Resolves the site from the host and the caller from the bearer token, once, before any route runs. */
export const requestContext = fp<RequestContextOptions>(
  async (app, { sites, sessions, apiKeys }) => {
    app.decorateRequest('ctx', null as unknown as RequestContext);
    app.addHook('onRequest', async (request: FastifyRequest) => {
      if (crossSiteOrigin(request.headers)) {
        throw new HttpError(
          403,
          'CROSS_SITE_REQUEST',
          'This request came from another site than the one it is addressed to.',
        );
      }
      const host = requestHost(request.headers);
      // A route for reporters without an account (server/case/complaints/intake.routes.ts) ignores any signed-in
      // session the browser sends: it is neither resolved nor touched.
      const anonymous = request.routeOptions.config?.anonymous === true;
      const token = anonymous ? null : bearerToken(request.headers.authorization);
      if (token && looksLikeApiKey(token)) {
        // A machine's key: only ever its own workspace's, and a refused key is a 401 whatever the route.
        const site = await sites.resolve(host);
        if (site.kind !== 'workspace') throw invalidApiKey();
        const principal = await apiKeys.principal(site.workspace.id, token);
        if (!principal) throw invalidApiKey();
        request.ctx = { site, principal };
        return;
      }
      if (token && !sites.isMainHost(host)) {
        // A signed-in call to a workspace: its row and the caller in one statement.
        const { workspace, principal } = await sessions.workspaceAndPrincipal(host, token);
        request.ctx = { site: sites.siteOf(host, workspace), principal };
        return;
      }
      const site = await sites.resolve(host);
      let principal: Principal | null = null;
      if (token && site.kind !== 'unknown') principal = await sessions.principal(token, null);
      request.ctx = { site, principal };
    });
  },
  { name: 'request-context' },
);
