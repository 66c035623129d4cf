import { createHash, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  EMAIL_CONFIRMATION_HOURS,
  SIGN_UP_CLOSED,
  SIGN_UP_NOT_ALLOWED,
  type SignUpBody,
} from '../../../src/contracts/main/signup.contract';
import { checkPassword, describePasswordProblem } from '../../../src/domain/auth/password-policy';
import { audit } from '../../platform/audit';
import type { Database, Sql } from '../../platform/db/database';
import { templates } from '../../platform/message-templates';
import type { Mailer } from '../../platform/messages';
import type { PasswordHasher } from '../../platform/passwords';
import type { PeopleEvents } from '../../platform/people-events';
import type { Limit, RateLimits } from '../../platform/rate-limiter';
import { ok, refuse, type Outcome } from '../../platform/refusal';
import type { WorkspaceRow } from '../../platform/tenancy';
import { userLimitRefusal } from '../../platform/user-limit';
import { isAllowedToSignUp } from '../platform-tools/allow-list.repository';
import * as repo from './signup.repository';
import { recipientOf } from '../../platform/languages';

const confirmationHash = (code: string) => createHash('sha256').update(code).digest('hex');

/** The one answer of a sign-up and a resend, whether or not an account exists or was created. */
const CHECK_YOUR_EMAIL = {
  ok: true as const,
  message:
    'Check your email. If this address can use this workspace, we have sent it a link to confirm it (or a note if it already has an account).',
};

// The same allowances as the code requests: they apply whether or not the account exists.
const WHAT = 'sign-up and confirmation requests';
const PER_ACCOUNT: Limit = { name: 'sign-up:account', max: 5, windowMs: 15 * 60_000, what: WHAT };
const PER_ADDRESS: Limit = { name: 'sign-up:address', max: 30, windowMs: 15 * 60_000, what: WHAT };
const PER_WORKSPACE: Limit = { name: 'sign-up:workspace', max: 1000, windowMs: 15 * 60_000, what: WHAT };

/** Where the request came from: the caller's address, and the site's origin that links in mails point to. */
export interface SignUpRequest {
  ip: string;
  origin: string;
}

/** Sign-up on a workspace that allows it, and the email confirmation that must follow before the first sign-in. */
export class SignUps {
  constructor(
    private readonly db: Database,
    private readonly mail: Mailer,
    private readonly passwords: PasswordHasher,
    private readonly limits: RateLimits,
    private readonly people: PeopleEvents,
  ) {}

  async signUp(
    workspace: WorkspaceRow,
    body: z.output<typeof SignUpBody>,
    request: SignUpRequest,
  ): Promise<Outcome<typeof CHECK_YOUR_EMAIL>> {
    if (!workspace.bulk_signup_enabled) {
      return refuse(
        'forbidden',
        SIGN_UP_CLOSED,
        `${workspace.company_name} does not take sign-ups. Ask your administrator for an invitation.`,
      );
    }
    // The workspace's own minimum (passwordPolicyFor's rule; the site lookup already carries it).
    const problem = checkPassword(body.userPassword, {
      minimumLength: workspace.min_password_length,
      words: ['safeplace', workspace.company_name, workspace.slug, body.firstName, body.lastName, body.userEmail],
    });
    if (problem) {
      const reason = describePasswordProblem(problem);
      return refuse('invalid', 'VALIDATION', reason, { userPassword: reason });
    }
    await this.limit(workspace.id, body.userEmail, request.ip);
    // While mail is known to be failing, every caller gets the same 503, whether or not the account exists.
    this.mail.assertAvailable();
    const hashed = await this.passwords.hash(body.userPassword);
    const done = await this.db.tenant(workspace.id, async (tx): Promise<Outcome<string | null>> => {
      if (!(await isAllowedToSignUp(tx, workspace.id, body.userEmail))) {
        return refuse(
          'forbidden',
          SIGN_UP_NOT_ALLOWED,
          `This email cannot sign up to ${workspace.company_name}: only addresses its administrators allow may. Ask your administrator for an invitation.`,
          { userEmail: 'Not allowed to sign up here' },
        );
      }
      // Before looking for the account: at the limit, a known and an unknown email get the same 409.
      const full = await userLimitRefusal(tx, workspace.id, 1);
      if (full) return full;
      const branchId = await repo.headquartersId(tx, workspace.id);
      const created = await repo.insertSignedUpUser(tx, workspace.id, {
        email: body.userEmail,
        passwordHash: hashed,
        firstName: body.firstName,
        lastName: body.lastName,
        branchId,
      });
      if (created) {
        await this.sendConfirmation(tx, workspace, request.origin, created);
        await audit(tx, {
          workspaceId: workspace.id,
          actorUserId: created.id,
          action: 'USER_SIGNED_UP',
          target: created.id,
          ip: request.ip,
          details: { email: created.email, branchId },
        });
        return ok(created.id);
      }
      const existing = await repo.accountByEmail(tx, workspace.id, body.userEmail);
      if (!existing) return ok(null);
      if (!existing.email_confirmed && existing.status === 'ACTIVE') {
        // Signed up before and never confirmed: a new link (the password stays the one first chosen).
        await this.sendConfirmation(tx, workspace, request.origin, existing);
      } else {
        const content = templates.signUpExistingAccount({
          ...(await recipientOf(tx, workspace.id, existing.id)),
          workspaceName: workspace.company_name,
          signInLink: `${request.origin}/signin`,
          resetLink: `${request.origin}/forgot-password`,
        });
        await this.mail.send({ workspaceId: workspace.id, to: existing.email, ...content }, tx);
      }
      await audit(tx, {
        workspaceId: workspace.id,
        action: 'SIGN_UP_EXISTING_ACCOUNT',
        target: existing.id,
        ip: request.ip,
      });
      return ok(null);
    });
    if (!done.ok) return done;
    // A new member: courses whose auto-assignment rule they match are theirs (docs/learning.md).
    if (done.value) await this.people.changed(workspace.id, [done.value]);
    return ok(CHECK_YOUR_EMAIL);
  }

  async confirm(workspace: WorkspaceRow, code: string, ip: string): Promise<Outcome<{ ok: true; email: string }>> {
    return this.db.tenant(workspace.id, async (tx) => {
      const row = await repo.confirmationForUpdate(tx, workspace.id, confirmationHash(code));
      if (!row)
        return refuse(
          'not-found',
          'CONFIRMATION_NOT_FOUND',
          'This confirmation link is not valid. Check that you opened the whole link from the email.',
        );
      if (row.used) return refuse('gone', 'CONFIRMATION_USED', 'This email is already confirmed. Sign in.');
      if (row.superseded || row.expired) {
        return refuse(
          'gone',
          'CONFIRMATION_EXPIRED',
          row.superseded
            ? 'A newer confirmation link was sent: use the latest email, or ask for another.'
            : 'This confirmation link has expired. Ask for a new one.',
        );
      }
      await repo.confirm(tx, workspace.id, row.id, row.user_id);
      await audit(tx, {
        workspaceId: workspace.id,
        actorUserId: row.user_id,
        action: 'EMAIL_CONFIRMED',
        target: row.user_id,
        ip,
      });
      return ok({ ok: true as const, email: row.email });
    });
  }

  async resend(workspace: WorkspaceRow, email: string, request: SignUpRequest): Promise<typeof CHECK_YOUR_EMAIL> {
    await this.limit(workspace.id, email, request.ip);
    this.mail.assertAvailable();
    await this.db.tenant(workspace.id, async (tx) => {
      const user = await repo.unconfirmedAccount(tx, workspace.id, email);
      if (!user) return;
      await this.sendConfirmation(tx, workspace, request.origin, user);
      await audit(tx, {
        workspaceId: workspace.id,
        action: 'CONFIRMATION_EMAIL_RESENT',
        target: user.id,
        ip: request.ip,
      });
    });
    return CHECK_YOUR_EMAIL;
  }

  private limit(workspaceId: string, email: string, ip: string): Promise<void> {
    return this.limits.take([
      { limit: PER_ADDRESS, key: ip },
      { limit: PER_WORKSPACE, key: workspaceId },
      { limit: PER_ACCOUNT, key: `${workspaceId}:${email.toLowerCase()}` },
    ]);
  }

  /**
   * Mails a new confirmation link to an unconfirmed account, in the caller's transaction: the earlier link stops
   * working. The code is 256 random bits; only its hash is kept.
   */
  private async sendConfirmation(
    tx: Sql,
    workspace: Pick<WorkspaceRow, 'id' | 'company_name'>,
    origin: string,
    user: { id: string; email: string; first_name: string },
  ): Promise<void> {
    const code = randomBytes(32).toString('base64url');
    await repo.replaceConfirmation(tx, workspace.id, user.id, confirmationHash(code), EMAIL_CONFIRMATION_HOURS);
    const content = templates.emailConfirmation({
      ...(await recipientOf(tx, workspace.id, user.id)),
      workspaceName: workspace.company_name,
      firstName: user.first_name,
      link: `${origin}/email-verify/${code}`,
      hours: EMAIL_CONFIRMATION_HOURS,
    });
    await this.mail.send({ workspaceId: workspace.id, to: user.email, ...content }, tx);
  }
}
