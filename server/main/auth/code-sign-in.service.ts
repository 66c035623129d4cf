import { randomUUID } from 'node:crypto';
import type {
  CodeSent,
  ResetPasswordBody,
  SignInResponse,
  VerifyEmailCodeBody,
  VerifySmsCodeBody,
} from '../../../src/contracts/main/auth.contract';
import { ONE_TIME_CODE_TTL_MINUTES } from '../../../src/domain/auth/one-time-code';
import { checkPassword, describePasswordProblem } from '../../../src/domain/auth/password-policy';
import { normalisePhoneNumber } from '../../../src/domain/auth/phone-number';
import { audit } from '../../platform/audit';
import type { Sql } from '../../platform/db/database';
import type { ApiDeps } from '../../platform/deps';
import { recipientOf } from '../../platform/languages';
import { templates } from '../../platform/message-templates';
import { sendNotice } from '../../platform/messages';
import { ok, refuse, type Outcome } from '../../platform/refusal';
import type { WorkspaceRow } from '../../platform/tenancy';
import { passwordPolicyFor } from '../../platform/workspace-policy';
import * as repo from './code-sign-in.repository';
import type { CodeUser } from './code-sign-in.repository';
import { currentUser } from './current-user';
import { knownAddressKey, OneTimeCodes, type CodeOutcome } from './one-time-codes';
import type { Actor } from '../../platform/actor';

const WRONG_CODE = 'The code is not correct, or it has expired. Ask for a new one.';

/** Who asks: the caller's address and browser. */
type Workspace = Pick<WorkspaceRow, 'id' | 'company_name' | 'slug'>;

/**
 * Sign-in by emailed or texted code, and forgotten passwords. Answers never tell whether an account exists; the
 * limits (per address and account, checked before any work) and the lock after too many wrong codes are
 * OneTimeCodes'.
 */
export class CodeSignIn {
  private readonly codes: OneTimeCodes;

  constructor(
    private readonly deps: Pick<ApiDeps, 'db' | 'mail' | 'sms' | 'sessions' | 'passwords' | 'limits' | 'settings'>,
  ) {
    this.codes = new OneTimeCodes(deps.db, deps.mail, deps.limits, deps.settings.codeLockoutAfter);
  }

  private async startSession(
    workspaceId: string,
    userId: string,
    caller: Pick<Actor, 'ip' | 'userAgent'> & { ip: string },
  ): Promise<Outcome<SignInResponse>> {
    const session = await this.deps.sessions.create({
      workspaceId,
      userId,
      ip: caller.ip,
      userAgent: caller.userAgent ?? undefined,
    });
    const principal = await this.deps.sessions.principal(session.token, workspaceId);
    if (!principal) return refuse('unauthorized', 'UNAUTHORIZED', 'Please sign in');
    return ok({ token: session.token, expiresAt: session.expiresAt, user: await currentUser(this.deps.db, principal) });
  }

  private sent(otpRequestId: string): CodeSent {
    return { ok: true as const, otpRequestId, expiresInSeconds: ONE_TIME_CODE_TTL_MINUTES * 60 };
  }

  requestEmailCode(workspace: Workspace, userEmail: string, ip: string): Promise<CodeSent> {
    return this.mailCode(workspace, userEmail, ip, 'SIGN_IN_EMAIL');
  }

  forgotPassword(workspace: Workspace, userEmail: string, ip: string): Promise<CodeSent> {
    return this.mailCode(workspace, userEmail, ip, 'RESET_PASSWORD');
  }

  /** A code mailed to the account with this email, to sign in or to reset its password; the same answer for anyone. */
  private async mailCode(
    workspace: Workspace,
    userEmail: string,
    ip: string,
    purpose: 'SIGN_IN_EMAIL' | 'RESET_PASSWORD',
  ): Promise<CodeSent> {
    await this.codes.limit(workspace.id, userEmail, ip);
    // While mail is known to be failing, every caller gets the same 503, whether or not the account exists.
    this.deps.mail.assertAvailable();
    const requestId = await this.deps.db.tenant(workspace.id, async (tx) => {
      const user = await repo.findUser(tx, workspace.id, userEmail);
      if (!user) return randomUUID();
      if (user.locked_until) return this.tellLocked(tx, workspace, user, ip, 'email');
      const issued = await this.codes.issue(tx, { workspaceId: workspace.id, userId: user.id }, purpose);
      const words = {
        ...(await recipientOf(tx, workspace.id, user.id)),
        workspaceName: workspace.company_name,
        code: issued.code,
        minutes: ONE_TIME_CODE_TTL_MINUTES,
      };
      const content = purpose === 'SIGN_IN_EMAIL' ? templates.signInCode(words) : templates.passwordResetCode(words);
      await this.deps.mail.send({ workspaceId: workspace.id, to: user.email, ...content }, tx);
      await audit(
        tx,
        purpose === 'SIGN_IN_EMAIL'
          ? {
              workspaceId: workspace.id,
              action: 'SIGN_IN_CODE_REQUESTED',
              target: user.id,
              ip,
              details: { channel: 'email' },
            }
          : { workspaceId: workspace.id, action: 'PASSWORD_RESET_REQUESTED', target: user.id, ip },
      );
      return issued.requestId;
    });
    return this.sent(requestId);
  }

  async verifyEmailCode(
    workspace: Workspace,
    body: VerifyEmailCodeBody,
    caller: Pick<Actor, 'ip' | 'userAgent'> & { ip: string },
  ): Promise<Outcome<SignInResponse>> {
    const check = await this.codes.beforeCheck(workspace.id, body.userEmail, caller.ip);
    const checked = await this.deps.db.tenant(
      workspace.id,
      async (tx): Promise<{ outcome: CodeOutcome; userId?: string }> => {
        const user = await repo.findUser(tx, workspace.id, body.userEmail);
        if (!user) return { outcome: 'stale' };
        const outcome = await this.trySignInCode(tx, workspace.id, user.id, 'SIGN_IN_EMAIL', body, caller, check);
        const right = outcome === 'right';
        if (right && user.status === 'INVITED') await repo.activate(tx, workspace.id, user.id);
        // The emailed code proves the email, as the sign-up's confirmation link would.
        if (right) await repo.confirmEmail(tx, workspace.id, user.id);
        return { outcome, userId: user.id };
      },
    );
    // The failure was recorded above (committed) before answering.
    if (checked.outcome !== 'right' || !checked.userId) {
      await this.codes.wrongCode(check, checked.outcome);
      return refuse('unauthorized', 'INVALID_CODE', WRONG_CODE);
    }
    await this.codes.rightCode(check);
    return this.startSession(workspace.id, checked.userId, caller);
  }

  async requestSmsCode(workspace: Workspace, contactNumber: string, ip: string): Promise<Outcome<CodeSent>> {
    const phone = normalisePhoneNumber(contactNumber);
    if (!phone) {
      return refuse('invalid', 'VALIDATION', 'Enter a phone number', {
        contactNumber: 'Enter a phone number with 8 to 15 digits',
      });
    }
    await this.codes.limit(workspace.id, phone, ip);
    this.deps.sms.assertAvailable();
    const requestId = await this.deps.db.tenant(workspace.id, async (tx) => {
      const user = await repo.findUserByPhone(tx, workspace.id, phone);
      if (!user) return randomUUID();
      if (user.locked_until) return this.tellLocked(tx, workspace, user, ip, 'sms');
      const issued = await this.codes.issue(tx, { workspaceId: workspace.id, userId: user.id }, 'SIGN_IN_SMS');
      const content = templates.smsSignInCode({
        ...(await recipientOf(tx, workspace.id, user.id)),
        workspaceName: workspace.company_name,
        code: issued.code,
        minutes: ONE_TIME_CODE_TTL_MINUTES,
      });
      await this.deps.sms.send({ workspaceId: workspace.id, to: user.phone, ...content }, tx);
      await audit(tx, {
        workspaceId: workspace.id,
        action: 'SIGN_IN_CODE_REQUESTED',
        target: user.id,
        ip,
        details: { channel: 'sms' },
      });
      return issued.requestId;
    });
    return ok(this.sent(requestId));
  }

  async verifySmsCode(
    workspace: Workspace,
    body: VerifySmsCodeBody,
    caller: Pick<Actor, 'ip' | 'userAgent'> & { ip: string },
  ): Promise<Outcome<SignInResponse>> {
    const check = await this.codes.beforeCheck(
      workspace.id,
      normalisePhoneNumber(body.contactNumber) ?? body.contactNumber,
      caller.ip,
    );
    const checked = await this.deps.db.tenant(
      workspace.id,
      async (tx): Promise<{ outcome: CodeOutcome; user?: CodeUser }> => {
        const user = await repo.findUserByPhone(tx, workspace.id, body.contactNumber);
        if (!user) return { outcome: 'stale' };
        const outcome = await this.trySignInCode(tx, workspace.id, user.id, 'SIGN_IN_SMS', body, caller, check);
        return { outcome, user };
      },
    );
    if (checked.outcome !== 'right' || !checked.user) {
      await this.codes.wrongCode(check, checked.outcome);
      return refuse('unauthorized', 'INVALID_CODE', WRONG_CODE);
    }
    // The address now counts as one this account uses, by its number and by its email.
    await this.codes.rightCode(check, [knownAddressKey(workspace.id, checked.user.email, caller.ip)]);
    return this.startSession(workspace.id, checked.user.id, caller);
  }

  async resetPassword(workspace: Workspace, body: ResetPasswordBody, ip: string): Promise<Outcome<{ ok: true }>> {
    // Limited like the code sign-in: wrong codes per address and per account, checked before any work.
    const check = await this.codes.beforeCheck(workspace.id, body.userEmail, ip);
    // The code is checked (and spent) before the new password is hashed: a guess costs no hash.
    type Checked = { problem: string } | { wrongCode: Exclude<CodeOutcome, 'right'> } | { user: CodeUser };
    const checked = await this.deps.db.tenant(workspace.id, async (tx): Promise<Checked> => {
      const user = await repo.findUser(tx, workspace.id, body.userEmail);
      const problem = checkPassword(body.userNewPassword, {
        minimumLength: (await passwordPolicyFor(tx, workspace.id)).minimumLength,
        words: [
          'safeplace',
          workspace.company_name,
          workspace.slug,
          user?.first_name,
          user?.last_name,
          user?.email ?? body.userEmail,
        ],
      });
      // A password the policy refuses keeps the code for the next try.
      if (problem) return { problem: describePasswordProblem(problem) };
      if (!user) return { wrongCode: 'stale' };
      const outcome = await this.codes.consume(
        tx,
        { workspaceId: workspace.id, userId: user.id },
        'RESET_PASSWORD',
        body.otpRequestId,
        body.confirmationCode,
        ip,
        check.knownAddress,
      );
      return outcome === 'right' ? { user } : { wrongCode: outcome };
    });
    if ('problem' in checked) {
      return refuse('invalid', 'VALIDATION', checked.problem || 'Choose another password', {
        userNewPassword: checked.problem,
      });
    }
    if ('wrongCode' in checked) {
      await this.codes.wrongCode(check, checked.wrongCode);
      return refuse('invalid', 'VALIDATION', WRONG_CODE, { confirmationCode: WRONG_CODE });
    }
    await this.codes.rightCode(check);
    const { user } = checked;
    const hashed = await this.deps.passwords.hash(body.userNewPassword);
    await this.deps.db.tenant(workspace.id, async (tx) => {
      // A new password ends every session of the user at once.
      await repo.resetPassword(tx, workspace.id, user.id, hashed);
      await audit(tx, {
        workspaceId: workspace.id,
        actorUserId: user.id,
        action: 'PASSWORD_RESET',
        target: user.id,
        ip,
      });
      await sendNotice(async () =>
        this.deps.mail.send(
          {
            workspaceId: workspace.id,
            to: user.email,
            ...templates.passwordChanged({
              workspaceName: workspace.company_name,
              ...(await recipientOf(tx, workspace.id, user.id)),
            }),
          },
          tx,
        ),
      );
    });
    return ok({ ok: true as const });
  }

  /** Spends the user's sign-in code (right or wrong, as OneTimeCodes decides) and audits the attempt. */
  private async trySignInCode(
    tx: Sql,
    workspaceId: string,
    userId: string,
    purpose: 'SIGN_IN_EMAIL' | 'SIGN_IN_SMS',
    code: { otpRequestId: string; userOtp: string },
    caller: Pick<Actor, 'ip' | 'userAgent'> & { ip: string },
    check: { knownAddress: boolean },
  ): Promise<CodeOutcome> {
    const outcome = await this.codes.consume(
      tx,
      { workspaceId, userId },
      purpose,
      code.otpRequestId,
      code.userOtp,
      caller.ip,
      check.knownAddress,
    );
    const signedIn = outcome === 'right';
    await audit(tx, {
      workspaceId,
      action: signedIn ? 'SIGN_IN' : 'SIGN_IN_FAILED',
      target: userId,
      ip: caller.ip,
      details: { method: purpose === 'SIGN_IN_EMAIL' ? 'email-code' : 'sms-code' },
    });
    return outcome;
  }

  /**
   * A locked account asked for a code: no code, but the owner hears why (the answer stays the one every account
   * gets, so it tells a stranger nothing). Answers a request id like any other.
   */
  private async tellLocked(
    tx: Sql,
    workspace: Workspace,
    user: CodeUser & { phone?: string },
    ip: string,
    channel: 'email' | 'sms',
  ): Promise<string> {
    const lockedUntil = new Date(user.locked_until!);
    const words = {
      ...(await recipientOf(tx, workspace.id, user.id)),
      workspaceName: workspace.company_name,
      lockedUntil,
    };
    if (channel === 'sms' && user.phone) {
      await sendNotice(() =>
        this.deps.sms.send(
          {
            workspaceId: workspace.id,
            to: user.phone!,
            ...templates.smsAccountLocked(words),
          },
          tx,
        ),
      );
    } else {
      await sendNotice(() =>
        this.deps.mail.send(
          {
            workspaceId: workspace.id,
            to: user.email,
            ...templates.accountLocked(words),
          },
          tx,
        ),
      );
    }
    await audit(tx, {
      workspaceId: workspace.id,
      action: 'CODE_REFUSED_LOCKED',
      target: user.id,
      ip,
      details: { channel },
    });
    return randomUUID();
  }
}
