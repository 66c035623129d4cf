import { createHash } from 'node:crypto';
import * as oidc from 'openid-client';
import { isEmailAddress } from '../../../src/domain/people/email-address';
import { audit } from '../../platform/audit';
import type { Database, Sql } from '../../platform/db/database';
import type { Limit, RateLimits } from '../../platform/rate-limiter';
import type { WorkspaceRow } from '../../platform/tenancy';
import { activate, confirmEmail } from './code-sign-in.repository';
import { PLATFORM_OF, type OidcProviders, type SocialProvider } from './oidc-providers';
import * as repo from './social-sign-in.repository';

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

/** A refusal raised inside a sign-in (its transaction's writes roll back); `complete` turns it into its reason. */
class SocialRefusal extends Error {
  constructor(readonly reason: SocialSignInError) {
    super(reason);
  }
}

const STARTS_PER_ADDRESS: Limit = {
  name: 'oidc:starts:address',
  max: 30,
  windowMs: 15 * 60_000,
  what: 'sign-in attempts',
};
/** The same allowance as password sign-in: 30 failures per address per 15 minutes. */
const FAILURES_PER_ADDRESS: Limit = {
  name: 'oidc:failures:address',
  max: 30,
  windowMs: 15 * 60_000,
  what: 'failed attempts',
};

const hash = (value: string) => createHash('sha256').update(value).digest('hex');

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

/** What the provider's callback brought back: the browser's binding cookie, the query and the URL. */
export interface Callback {
  binding: string | null;
  query: Record<string, string>;
  url: string;
  ip: string;
}

export type Completed =
  | { ok: true; userId: string }
  | { ok: false; reason: SocialSignInError; /** An unexpected failure, for the log. */ error?: unknown };

/**
 * Google and Microsoft sign-in's rules (OpenID Connect authorization code flow with PKCE, state and nonce): the
 * allowances per address, the pending request, and who a callback signs in (the identity linked, or the workspace's
 * user with the provider's verified email, linked then). Nobody is created silently.
 */
export class SocialSignIn {
  constructor(
    private readonly db: Database,
    private readonly limits: RateLimits,
    private readonly providers: OidcProviders,
  ) {}

  /** Whether this address may start a sign-in (too many failures, or starts, refuse it). */
  async mayStart(ip: string): Promise<boolean> {
    try {
      await this.limits.check([{ limit: FAILURES_PER_ADDRESS, key: ip }]);
      await this.limits.take([{ limit: STARTS_PER_ADDRESS, key: ip }]);
      return true;
    } catch {
      return false;
    }
  }

  /** Whether this address may finish one (too many failures refuse it). */
  async mayFinish(ip: string): Promise<boolean> {
    try {
      await this.limits.check([{ limit: FAILURES_PER_ADDRESS, key: ip }]);
      return true;
    } catch {
      return false;
    }
  }

  /** Keeps a started sign-in's secrets for its callback, under the hash of the browser's binding. */
  async savePending(
    workspaceId: string,
    provider: SocialProvider,
    pending: { binding: string; state: string; nonce: string; verifier: string; redirectUri: string; minutes: number },
  ): Promise<void> {
    await this.db.tenant(workspaceId, (tx) =>
      repo.savePendingRequest(tx, workspaceId, {
        platform: PLATFORM_OF[provider],
        bindingHash: hash(pending.binding),
        state: pending.state,
        nonce: pending.nonce,
        codeVerifier: pending.verifier,
        redirectUri: pending.redirectUri,
        minutes: pending.minutes,
      }),
    );
  }

  /** The user this callback signs in, or why not. */
  async complete(workspace: WorkspaceRow, provider: SocialProvider, callback: Callback): Promise<Completed> {
    try {
      return { ok: true, userId: await this.signInFromCallback(workspace, provider, callback) };
    } catch (error) {
      if (error instanceof SocialRefusal) return { ok: false, reason: error.reason };
      return { ok: false, reason: 'failed', error };
    }
  }

  /** A sign-in that ended without a session: counted against the address (unless cancelled), and audited. */
  async failed(workspaceId: string, provider: SocialProvider, reason: SocialSignInError, ip: string): Promise<void> {
    if (reason !== 'cancelled') await this.limits.record([{ limit: FAILURES_PER_ADDRESS, key: ip }]);
    await this.db.tenant(workspaceId, (tx) =>
      audit(tx, {
        workspaceId,
        action: 'SIGN_IN_FAILED',
        ip,
        details: { method: `oidc-${provider}`, reason },
      }),
    );
  }

  private async signInFromCallback(
    workspace: WorkspaceRow,
    provider: SocialProvider,
    callback: Callback,
  ): Promise<string> {
    const binding = callback.binding;
    if (!binding) throw new SocialRefusal('expired');
    const pending = await this.db.tenant(workspace.id, (tx) =>
      repo.spendPendingRequest(tx, workspace.id, hash(binding), PLATFORM_OF[provider]),
    );
    if (!pending) throw new SocialRefusal('expired');
    if (typeof callback.query.error === 'string')
      throw new SocialRefusal(callback.query.error === 'access_denied' ? 'cancelled' : 'failed');

    const config = await this.providers.configuration(provider).catch(() => {
      throw new SocialRefusal('unavailable');
    });
    const currentUrl = new URL(callback.url, pending.redirect_uri);
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
    if (!claims) throw new SocialRefusal('failed');
    const tenants = this.providers.settingsOf(provider)?.tenants;
    if (provider === 'microsoft' && tenants?.length && !tenants.includes(String(claims.tid)))
      throw new SocialRefusal('not-invited');

    return this.db.tenant(workspace.id, (tx) => this.findOrLink(tx, workspace, provider, claims, callback.ip));
  }

  /** The user of this (issuer, subject); on a first sign-in, the workspace's user with the provider's verified email. */
  private async findOrLink(
    tx: Sql,
    workspace: WorkspaceRow,
    provider: SocialProvider,
    claims: oidc.IDToken,
    ip: string,
  ): Promise<string> {
    const method = `oidc-${provider}`;
    const email = verifiedEmail(provider, claims);
    const linked = await repo.linkedIdentity(tx, workspace.id, claims.iss, claims.sub);
    let userId: string;
    if (linked) {
      userId = linked.user_id;
      await repo.identityUsed(tx, workspace.id, linked.id, typeof claims.email === 'string' ? claims.email : null);
    } else {
      if (!email) throw new SocialRefusal('unverified-email');
      const user = await repo.userForLink(tx, workspace.id, email, PLATFORM_OF[provider]);
      // Nobody is created silently: an unknown email is told to ask for an invite.
      if (!user) throw new SocialRefusal('not-invited');
      if (user.has_identity) throw new SocialRefusal('already-linked');
      await repo.linkIdentity(tx, workspace.id, {
        userId: user.id,
        platform: PLATFORM_OF[provider],
        issuer: claims.iss,
        subject: claims.sub,
        email,
      });
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
    const user = await repo.userState(tx, workspace.id, userId);
    if (!user || user.status === 'INACTIVE') throw new SocialRefusal('not-invited');
    if (user.locked) throw new SocialRefusal('locked');
    // The provider vouched for the invited person's email: their account is active from now on, as with an emailed code.
    if (user.status === 'INVITED') await activate(tx, workspace.id, userId);
    // The provider vouched for the email when the identity was linked: a sign-up waiting for confirmation is confirmed.
    await confirmEmail(tx, workspace.id, userId);
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
