import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import type { ApiDeps } from '../../platform/deps';
import { SESSION_LIFETIME_DAYS } from '../../platform/sessions';
import { OidcProviders, PLATFORM_OF, SOCIAL_PROVIDERS, type SocialProvider } from './oidc-providers';
import { SocialSignIn, type Completed, type SocialSignInError } from './social-sign-in.service';

/** The browser-binding cookie of a pending sign-in: HttpOnly, this host only, this provider's callback path only. */
const PENDING_COOKIE = 'sp_oidc';
const PENDING_MINUTES = 10;
/** The web app's token cookie (src/infrastructure/session/cookie-session-store.ts): the app reads it to send it as a bearer token. */
const TOKEN_COOKIE = 'sp_token';

export const callbackPath = (provider: SocialProvider) => `/api/auth/oidc/${provider}/callback`;

function cookie(request: FastifyRequest, name: string): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/**
 * Google and Microsoft sign-in (OpenID Connect authorization code flow with PKCE, state and nonce) on a workspace's
 * own host:
 * - `GET /api/auth/oidc/{provider}/start` sends the browser to the provider;
 * - `GET /api/auth/oidc/{provider}/callback` takes it back, links or finds the identity (social-sign-in.service.ts),
 *   and signs in like a password sign-in does (a session, the token cookie, /dashboard).
 * Refusals land on `/signin?signInError=<reason>&provider=<provider>`, where the page explains them.
 */
export async function socialSignInRoutes(app: FastifyInstance, deps: ApiDeps, providers: OidcProviders): Promise<void> {
  const social = new SocialSignIn(deps.db, deps.limits, providers);

  const refuse = (reply: FastifyReply, provider: SocialProvider, reason: SocialSignInError) => {
    reply.header('cache-control', 'no-store');
    return reply.redirect(`/signin?signInError=${reason}&provider=${provider}`, 302);
  };
  // The workspace's configured public address (its stored workspace_url), never the request's Host header.
  const origin = (request: FastifyRequest) => (request.ctx.site.kind === 'workspace' ? request.ctx.site.origin : '');
  const secure = (request: FastifyRequest) => (request.protocol === 'https' ? '; Secure' : '');

  /** The provider of the path, on a workspace that enables it; else the answer to give. */
  const resolve = (request: FastifyRequest<{ Params: { provider: string } }>, reply: FastifyReply) => {
    const site = request.ctx.site;
    const provider = request.params.provider as SocialProvider;
    if (site.kind !== 'workspace' || !SOCIAL_PROVIDERS.includes(provider)) {
      void reply.code(404).send({ code: 'NOT_FOUND', message: `No such route: GET ${request.url.split('?')[0]}` });
      return null;
    }
    if (!site.workspace.social_platforms.includes(PLATFORM_OF[provider])) {
      void refuse(reply, provider, 'not-enabled');
      return null;
    }
    if (!providers.isConfigured(provider)) {
      void refuse(reply, provider, 'unavailable');
      return null;
    }
    return { provider, workspace: site.workspace };
  };

  app.get<{ Params: { provider: string } }>('/api/auth/oidc/:provider/start', async (request, reply) => {
    const resolved = resolve(request, reply);
    if (!resolved) return reply;
    const { provider, workspace } = resolved;
    // Maintenance closes the workspace's APIs, password sign-in included; this way in closes with them.
    if (await deps.gates?.flagOn('maintenance', workspace.id)) return refuse(reply, provider, 'unavailable');
    if (!(await social.mayStart(request.ip))) return refuse(reply, provider, 'rate-limited');
    let config: oidc.Configuration;
    try {
      config = await providers.configuration(provider);
    } catch (error) {
      request.log.error({ err: error, provider }, 'OpenID Connect discovery failed');
      return refuse(reply, provider, 'unavailable');
    }
    const binding = randomBytes(32).toString('base64url');
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const verifier = oidc.randomPKCECodeVerifier();
    const redirectUri = `${origin(request)}${callbackPath(provider)}`;
    await social.savePending(workspace.id, provider, {
      binding,
      state,
      nonce,
      verifier,
      redirectUri,
      minutes: PENDING_MINUTES,
    });
    const target = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    reply.header(
      'set-cookie',
      `${PENDING_COOKIE}=${binding}; Max-Age=${PENDING_MINUTES * 60}; Path=${callbackPath(provider)}; HttpOnly; SameSite=Lax${secure(request)}`,
    );
    reply.header('cache-control', 'no-store');
    return reply.redirect(target.href, 302);
  });

  app.get<{ Params: { provider: string }; Querystring: Record<string, string> }>(
    '/api/auth/oidc/:provider/callback',
    async (request, reply) => {
      const resolved = resolve(request, reply);
      if (!resolved) return reply;
      const { provider, workspace } = resolved;
      // The pending cookie is single use whatever happens next.
      reply.header(
        'set-cookie',
        `${PENDING_COOKIE}=; Max-Age=0; Path=${callbackPath(provider)}; HttpOnly; SameSite=Lax${secure(request)}`,
      );
      if (await deps.gates?.flagOn('maintenance', workspace.id)) return refuse(reply, provider, 'unavailable');
      if (!(await social.mayFinish(request.ip))) return refuse(reply, provider, 'rate-limited');
      let outcome: Completed = await social.complete(workspace, provider, {
        binding: cookie(request, PENDING_COOKIE),
        query: request.query,
        url: request.url,
        ip: request.ip,
      });
      if (outcome.ok) {
        try {
          const session = await deps.sessions.create({
            workspaceId: workspace.id,
            userId: outcome.userId,
            ip: request.ip,
            userAgent: request.headers['user-agent'],
          });
          reply.header('set-cookie', [
            reply.getHeader('set-cookie') as string,
            `${TOKEN_COOKIE}=${encodeURIComponent(session.token)}; Max-Age=${SESSION_LIFETIME_DAYS * 24 * 60 * 60}; Path=/; SameSite=Strict${secure(request)}`,
          ]);
          reply.header('cache-control', 'no-store');
          return reply.redirect('/dashboard', 302);
        } catch (error) {
          outcome = { ok: false, reason: 'failed', error };
        }
      }
      if (outcome.error) request.log.warn({ err: outcome.error, provider }, 'OpenID Connect sign-in failed');
      await social.failed(workspace.id, provider, outcome.reason, request.ip);
      return refuse(reply, provider, outcome.reason);
    },
  );
}
