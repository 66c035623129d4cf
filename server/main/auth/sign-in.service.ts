import type { Role } from '../../../src/domain/auth/roles';
import type { CurrentUser, SignInBody } from '../../../src/contracts/main/auth.contract';
import { tenantBatch, type Database } from '../../platform/db/database';
import { audit } from '../../platform/audit';
import { ok, refuse, type Outcome, type Refusal } from '../../platform/refusal';
import type { PasswordHasher } from '../../platform/passwords';
import type { Limit, LimitKey, LimitReading, RateLimits } from '../../platform/rate-limiter';
import { newToken, type Principal, type SessionRepository } from '../../platform/sessions';
import type { Site } from '../../platform/tenancy';
import { currentUser, workspaceUserFrom } from './current-user';
import {
  candidateStatement,
  mainSiteAccount,
  passwordSignInStatement,
  type Candidate,
  type OpenedSession,
} from './sign-in.repository';

/** One message for every wrong identifier or password: it never tells whether the account exists. */
export const INVALID_CREDENTIALS = 'The email, username or password is not correct.';

export const EMAIL_NOT_CONFIRMED =
  'Confirm your email first: open the link we emailed you when you signed up, or ask for a new one.';

const MINUTE = 60_000;

/**
 * The password sign-in's allowances (docs/architecture.md, "Identity and sessions"):
 * - per address: 30 failures in 15 minutes, whatever the account;
 * - per account and address: 5 failures in 15 minutes, the strict limit, which only its own address can use up;
 * - per account: 50 failures an hour from all addresses together, a much slower schedule that caps a guesser with
 *   many addresses; it does not apply to an address that signed in to this account in the last 30 days, so
 *   strangers using it up do not lock the owner out of their usual place (and code sign-in and the password reset
 *   stay open everywhere).
 */
export const SIGN_IN_LIMITS = {
  perAddress: { name: 'sign-in:address', max: 30, windowMs: 15 * MINUTE, what: 'failed attempts' },
  perAccountAddress: { name: 'sign-in:account+address', max: 5, windowMs: 15 * MINUTE, what: 'failed attempts' },
  perAccount: { name: 'sign-in:account', max: 50, windowMs: 60 * MINUTE, what: 'failed attempts on this account' },
  knownAddress: { name: 'sign-in:known-address', max: 1, windowMs: 30 * 24 * 60 * MINUTE, what: 'sign-ins' },
} satisfies Record<string, Limit>;

export type SignInOutcome = { token: string; expiresAt: string; user: CurrentUser };

export class SignInService {
  constructor(
    private readonly db: Database,
    private readonly sessions: SessionRepository,
    private readonly passwords: PasswordHasher,
    private readonly limits: RateLimits,
  ) {}

  async signIn(site: Site, body: SignInBody, ip: string, userAgent?: string): Promise<Outcome<SignInOutcome>> {
    if (site.kind === 'unknown') return refuse('not-found', 'NOT_FOUND', 'There is no workspace at this address');
    const identifier = (body.userEmail ?? body.username ?? '').toLowerCase();
    const account = `${site.kind === 'workspace' ? site.workspace.id : 'main'}:${identifier}`;
    const keys = {
      address: { limit: SIGN_IN_LIMITS.perAddress, key: ip },
      accountAddress: { limit: SIGN_IN_LIMITS.perAccountAddress, key: `${account}@${ip}` },
      account: { limit: SIGN_IN_LIMITS.perAccount, key: account },
      known: { limit: SIGN_IN_LIMITS.knownAddress, key: `${account}@${ip}` },
    } satisfies Record<string, LimitKey>;

    // One statement reads every allowance; at a workspace, in one call with the account it names (nothing is verified
    // before the allowances are checked).
    const limitKeys = Object.values(keys);
    let candidate: Candidate | undefined;
    let reading: LimitReading;
    if (site.kind === 'workspace') {
      const [limitRows, candidates] = (await tenantBatch(this.db, site.workspace.id, [
        this.limits.readStatement(limitKeys),
        candidateStatement(site.workspace.id, body),
      ])) as [unknown[], Candidate[]];
      reading = this.limits.readingOf(limitKeys, limitRows);
      candidate = candidates[0];
    } else {
      reading = await this.limits.read(limitKeys);
    }
    reading.assertAllowed(
      reading.seen(keys.known)
        ? [keys.address, keys.accountAddress]
        : [keys.address, keys.accountAddress, keys.account],
    );

    // The right password ends the run of failures, and the address is now one this account uses, whichever
    // identifier was typed (the code limits look it up by email). At a workspace, that is written in the transaction
    // that opens the session, and only if it opened (`workspaceSignIn`); on the main site, after it.
    const onSuccess = (email: string) =>
      [
        [keys.accountAddress],
        [
          keys.known,
          {
            limit: SIGN_IN_LIMITS.knownAddress,
            key: `${site.kind === 'workspace' ? site.workspace.id : 'main'}:${email.toLowerCase()}@${ip}`,
          },
        ],
      ] as const;
    const outcome =
      site.kind === 'workspace'
        ? await this.workspaceSignIn(site.workspace.id, candidate, body, ip, userAgent, onSuccess)
        : await this.mainSiteSignIn(body, ip, userAgent);

    // A refusal the right password earns (the email not confirmed) is no failure: nothing recorded, nothing reset.
    if (outcome && 'ok' in outcome) return outcome;
    if (!outcome) {
      await this.limits.record([keys.address, keys.accountAddress, keys.account]);
      await this.db.system((tx) =>
        audit(tx, {
          workspaceId: site.kind === 'workspace' ? site.workspace.id : null,
          action: 'SIGN_IN_FAILED',
          target: identifier,
          ip,
        }),
      );
      return refuse('unauthorized', 'INVALID_CREDENTIALS', INVALID_CREDENTIALS);
    }
    if (site.kind === 'workspace') await this.limits.afterBatch();
    else await this.limits.resetAndRecord(...onSuccess(outcome.user.email));
    return ok(outcome);
  }

  private async workspaceSignIn(
    workspaceId: string,
    candidate: Candidate | undefined,
    body: SignInBody,
    ip: string,
    userAgent: string | undefined,
    onSuccess: (email: string) => readonly [readonly LimitKey[], readonly LimitKey[]],
  ): Promise<SignInOutcome | Refusal | null> {
    if (!candidate || !candidate.password_hash || candidate.status === 'INACTIVE') {
      await this.passwords.verifyNothing(body.userPassword);
      return null;
    }
    if (!(await this.passwords.verify(candidate.password_hash, body.userPassword))) return null;
    // Only the holder of the right password learns that the account waits for its email to be confirmed.
    if (!candidate.email_confirmed) return refuse('forbidden', 'EMAIL_NOT_CONFIRMED', EMAIL_NOT_CONFIRMED);
    // One transaction and one round trip: the account is still the one whose password was checked, the session and
    // its audit are written and the user's details come back in one statement, and (as the owner: the rate limits are
    // no tenant table) the allowances are updated if the session was opened; nothing is read again after the commit.
    const { token, hash } = newToken();
    const [forget, count] = onSuccess(candidate.email);
    const [opened] = (await tenantBatch(
      this.db,
      workspaceId,
      [
        passwordSignInStatement({
          workspaceId,
          userId: candidate.id,
          passwordHash: candidate.password_hash,
          tokenHash: hash,
          ip,
          userAgent,
        }),
      ],
      [
        this.limits.resetAndRecordStatement(forget, count, {
          sql: 'EXISTS (SELECT 1 FROM sessions WHERE workspace_id = $6::uuid AND token_hash = $7::text)',
          values: [workspaceId, hash],
        }),
      ],
    )) as [OpenedSession[]];
    const still = opened[0];
    // Deactivated, or the password changed, while the hash was being checked.
    if (!still) return null;
    const principal: Principal = {
      kind: 'user',
      sessionId: still.session_id,
      workspaceId,
      userId: candidate.id,
      role: still.role,
      branchId: still.branch_id,
      email: still.email,
    };
    return {
      token,
      expiresAt: new Date(still.expires_at).toISOString(),
      user: workspaceUserFrom(still, principal),
    };
  }

  /**
   * On the main site a platform admin signs in to run the platform; a workspace member signs in only to
   * find their workspaces (the session is worth nothing at any workspace host). Exactly one password
   * verification whatever the email: the platform admin's hash, else the hash of the member's most recently
   * updated account, else a decoy; so the time does not tell how many workspaces an email belongs to.
   */
  private async mainSiteSignIn(body: SignInBody, ip: string, userAgent?: string): Promise<SignInOutcome | null> {
    const email = body.userEmail;
    const found = email ? await mainSiteAccount(this.db, email) : undefined;
    if (!email || !found) {
      await this.passwords.verifyNothing(body.userPassword);
      return null;
    }
    if (!(await this.passwords.verify(found.password_hash, body.userPassword))) return null;
    const session = await this.db.system(async (tx) => {
      if (found.kind === 'admin') {
        const created = await this.sessions.create(
          { workspaceId: null, platformAdminId: found.id!, ip, userAgent },
          tx,
        );
        await audit(tx, { workspaceId: null, actorPlatformAdminId: found.id, action: 'SIGN_IN', ip });
        return {
          ...created,
          principal: {
            kind: 'platform-admin',
            sessionId: created.sessionId,
            platformAdminId: found.id!,
            email: found.email,
          } as Principal,
        };
      }
      const created = await this.sessions.create({ workspaceId: null, accountEmail: email, ip, userAgent }, tx);
      return { ...created, principal: { kind: 'account', sessionId: created.sessionId, email } as Principal };
    });
    return { token: session.token, expiresAt: session.expiresAt, user: await currentUser(this.db, session.principal) };
  }
}
