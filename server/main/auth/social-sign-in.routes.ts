import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import { audit } from '../../platform/audit';
import type { Sql } from '../../platform/db/database';
import type { ApiDeps } from '../../platform/deps';
import type { Limit } from '../../platform/rate-limiter';
import { SESSION_LIFETIME_DAYS } from '../../platform/sessions';
import type { WorkspaceRow } from '../../platform/tenancy';
import { OidcProviders, PLATFORM_OF, SOCIAL_PROVIDERS, type SocialProvider } from './oidc-providers';
import { isEmailAddress } from '../../../src/domain/people/email-address';

/** The browser-binding cookie of a pending sign-in: HttpOnly, this host only, this provider's callback path only. */
const PENDING_COOKIE = 'sp_oidc';
const PENDING_MINUTES = 10;
/** The web app's token cookie (src/infrastructure/session/cookie-session-store.ts): the app reads it to send it as a bearer token. */
const TOKEN_COOKIE = 'sp_token';

/** Why a social sign-in ended without a session; the sign-in page shows a message for each (src/ui/auth/messages.ts). */
export type SocialSignInError =
  | 'not-enabled'
  | 'unavailable'
  | 'expired'
  | 'cancelled'
  | 'failed'
  | 'unverified-email'
  | 'not-invited'
  | 'already-linked'
  | 'locked'
  | 'rate-limited';

class Refused extends Error {
  constructor(readonly reason: SocialSignInError) {
    super(reason);
  }
}

export const callbackPath = (provider: SocialProvider) => `/api/auth/oidc/${provider}/callback`;
const hash = (value: string) => createHash('sha256').update(value).digest('hex');

function cookie(request: FastifyRequest, name: string): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/**
 * The email a provider vouches for, or null: only such an email may link an identity to an existing user.
 * - Google: `email` with `email_verified: true`.
 * - Microsoft: Microsoft sends no `email_verified`; its `email` claim is optional and, by default, not verified
 *   (an admin of any tenant can set it), and `preferred_username` is mutable and documented as not for
 *   authorisation decisions. So `email` counts only with the `xms_edov` optional claim true (the email's domain
 *   is verified by the tenant that owns it), and `preferred_username` never counts.
 */
export function verifiedEmail(provider: SocialProvider, claims: oidc.IDToken): string | null {
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!email || !isEmailAddress(email)) return null;
  if (provider === 'google') return claims.email_verified === true ? email : null;
  return claims.xms_edov === true || claims.xms_edov === '1' || claims.xms_edov === 1 ? email : null;
}

interface SignedInUser {
  id: string;
}

/**
 * Google and Microsoft sign-in (OpenID Connect authorization code flow with PKCE, state and nonce) on a workspace's
 * own host:
 * - `GET /api/auth/oidc/{provider}/start` sends the browser to the provider;
 * - `GET /api/auth/oidc/{provider}/callback` takes it back, links or finds the identity, and signs in like a
 *   password sign-in does (a session, the token cookie, /dashboard).
 * Refusals land on `/signin?signInError=<reason>&provider=<provider>`, where the page explains them.
 */
export async function socialSignInRoutes(app: FastifyInstance, deps: ApiDeps, providers: OidcProviders): Promise<void> {
  const startsPerAddress: Limit = {
    name: 'oidc:starts:address',
    max: 30,
    windowMs: 15 * 60_000,
    what: 'sign-in attempts',
  };
  /** The same allowance as password sign-in: 30 failures per address per 15 minutes. */
  const failuresPerAddress: Limit = {
    name: 'oidc:failures:address',
    max: 30,
    windowMs: 15 * 60_000,
    what: 'failed attempts',
  };

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
    try {
      await deps.limits.check([{ limit: failuresPerAddress, key: request.ip }]);
      await deps.limits.take([{ limit: startsPerAddress, key: request.ip }]);
    } catch {
      return refuse(reply, provider, 'rate-limited');
    }
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
    await deps.db.tenant(workspace.id, async (tx) => {
      await tx.query(
        `DELETE FROM oidc_sign_in_requests WHERE workspace_id = $1 AND expires_at < now() - interval '1 day'`,
        [workspace.id],
      );
      await tx.query(
        `INSERT INTO oidc_sign_in_requests (workspace_id, provider, binding_hash, state, nonce, code_verifier, redirect_uri, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(mins => $8))`,
        [workspace.id, PLATFORM_OF[provider], hash(binding), state, nonce, verifier, redirectUri, PENDING_MINUTES],
      );
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
      const method = `oidc-${provider}`;
      if (await deps.gates?.flagOn('maintenance', workspace.id)) return refuse(reply, provider, 'unavailable');
      try {
        await deps.limits.check([{ limit: failuresPerAddress, key: request.ip }]);
      } catch {
        return refuse(reply, provider, 'rate-limited');
      }
      try {
        const userId = await signInFromCallback(request, workspace, provider);
        const session = await deps.sessions.create({
          workspaceId: workspace.id,
          userId,
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
        const reason: SocialSignInError = error instanceof Refused ? error.reason : 'failed';
        if (!(error instanceof Refused)) request.log.warn({ err: error, provider }, 'OpenID Connect sign-in failed');
        if (reason !== 'cancelled') await deps.limits.record([{ limit: failuresPerAddress, key: request.ip }]);
        await deps.db.tenant(workspace.id, (tx) =>
          audit(tx, {
            workspaceId: workspace.id,
            action: 'SIGN_IN_FAILED',
            ip: request.ip,
            details: { method, reason },
          }),
        );
        return refuse(reply, provider, reason);
      }
    },
  );

  async function signInFromCallback(
    request: FastifyRequest<{ Params: { provider: string }; Querystring: Record<string, string> }>,
    workspace: WorkspaceRow,
    provider: SocialProvider,
  ): Promise<string> {
    const binding = cookie(request, PENDING_COOKIE);
    if (!binding) throw new Refused('expired');
    const pending = await deps.db.tenant(workspace.id, async (tx) => {
      const [row] = await tx.query<{
        id: string;
        state: string;
        nonce: string;
        code_verifier: string;
        redirect_uri: string;
        live: boolean;
      }>(
        `SELECT id, state, nonce, code_verifier, redirect_uri, (used_at IS NULL AND expires_at > now()) AS live
           FROM oidc_sign_in_requests WHERE workspace_id = $1 AND binding_hash = $2 AND provider = $3 FOR UPDATE`,
        [workspace.id, hash(binding), PLATFORM_OF[provider]],
      );
      if (row)
        await tx.query('UPDATE oidc_sign_in_requests SET used_at = now() WHERE workspace_id = $1 AND id = $2', [
          workspace.id,
          row.id,
        ]);
      return row?.live ? row : null;
    });
    if (!pending) throw new Refused('expired');
    if (typeof request.query.error === 'string')
      throw new Refused(request.query.error === 'access_denied' ? 'cancelled' : 'failed');

    const config = await providers.configuration(provider).catch(() => {
      throw new Refused('unavailable');
    });
    const currentUrl = new URL(request.url, pending.redirect_uri);
    // Throws on a wrong state, a wrong nonce, a bad signature, audience or issuer, or a PKCE mismatch at the provider.
    const tokens = await oidc.authorizationCodeGrant(
      config,
      currentUrl,
      {
        pkceCodeVerifier: pending.code_verifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      },
      { redirect_uri: pending.redirect_uri },
    );
    const claims = tokens.claims();
    if (!claims) throw new Refused('failed');
    const tenants = providers.settingsOf(provider)?.tenants;
    if (provider === 'microsoft' && tenants?.length && !tenants.includes(String(claims.tid)))
      throw new Refused('not-invited');

    return deps.db.tenant(workspace.id, (tx) => findOrLink(tx, workspace, provider, claims, request.ip));
  }

  /** The user of this (issuer, subject); on a first sign-in, the workspace's user with the provider's verified email. */
  async function findOrLink(
    tx: Sql,
    workspace: WorkspaceRow,
    provider: SocialProvider,
    claims: oidc.IDToken,
    ip: string,
  ): Promise<string> {
    const method = `oidc-${provider}`;
    const email = verifiedEmail(provider, claims);
    const [linked] = await tx.query<{ id: string; user_id: string }>(
      'SELECT id, user_id FROM user_identities WHERE workspace_id = $1 AND issuer = $2 AND subject = $3',
      [workspace.id, claims.iss, claims.sub],
    );
    let userId: string;
    if (linked) {
      userId = linked.user_id;
      await tx.query(
        'UPDATE user_identities SET last_used_at = now(), last_email = $3 WHERE workspace_id = $1 AND id = $2',
        [workspace.id, linked.id, typeof claims.email === 'string' ? claims.email : null],
      );
    } else {
      if (!email) throw new Refused('unverified-email');
      const [user] = await tx.query<SignedInUser & { has_identity: boolean }>(
        `SELECT u.id, EXISTS (SELECT 1 FROM user_identities i WHERE i.workspace_id = u.workspace_id AND i.user_id = u.id AND i.provider = $3) AS has_identity
           FROM users u WHERE u.workspace_id = $1 AND lower(u.email) = $2 AND u.status <> 'INACTIVE'`,
        [workspace.id, email, PLATFORM_OF[provider]],
      );
      // Nobody is created silently: an unknown email is told to ask for an invite.
      if (!user) throw new Refused('not-invited');
      if (user.has_identity) throw new Refused('already-linked');
      await tx.query(
        `INSERT INTO user_identities (workspace_id, user_id, provider, issuer, subject, linked_email, last_email) VALUES ($1, $2, $3, $4, $5, $6, $6)`,
        [workspace.id, user.id, PLATFORM_OF[provider], claims.iss, claims.sub, email],
      );
      await audit(tx, {
        workspaceId: workspace.id,
        actorUserId: user.id,
        action: 'IDENTITY_LINKED',
        target: user.id,
        ip,
        details: { provider: PLATFORM_OF[provider], issuer: claims.iss },
      });
      userId = user.id;
    }
    const [user] = await tx.query<{ status: string; locked: boolean }>(
      'SELECT status, (locked_until > now()) IS TRUE AS locked FROM users WHERE workspace_id = $1 AND id = $2',
      [workspace.id, userId],
    );
    if (!user || user.status === 'INACTIVE') throw new Refused('not-invited');
    if (user.locked) throw new Refused('locked');
    // The provider vouched for the invited person's email: their account is active from now on, as with an emailed code.
    if (user.status === 'INVITED') {
      await tx.query(`UPDATE users SET status = 'ACTIVE', updated_at = now() WHERE workspace_id = $1 AND id = $2`, [
        workspace.id,
        userId,
      ]);
    }
    // The provider vouched for the email when the identity was linked: a sign-up waiting for confirmation is confirmed.
    await tx.query(
      `UPDATE users SET email_confirmed = true WHERE workspace_id = $1 AND id = $2 AND NOT email_confirmed`,
      [workspace.id, userId],
    );
    await audit(tx, {
      workspaceId: workspace.id,
      actorUserId: userId,
      action: 'SIGN_IN',
      target: userId,
      ip,
      details: { method },
    });
    return userId;
  }
}
