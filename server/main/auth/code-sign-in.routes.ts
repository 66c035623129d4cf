import { randomUUID } from 'node:crypto';
import { recipientOf } from '../../platform/languages';
import type { FastifyInstance } from 'fastify';
import {
  forgotPassword,
  resetPassword,
  signInCreateOtp,
  signInCreateSmsOtp,
  signInVerifyOtp,
  signInVerifySmsOtp,
} from '../../../src/contracts/main/auth.contract';
import { normalisePhoneNumber } from '../../../src/domain/auth/phone-number';
import { ONE_TIME_CODE_TTL_MINUTES } from '../../../src/domain/auth/one-time-code';
import { checkPassword, describePasswordProblem } from '../../../src/domain/auth/password-policy';
import { passwordPolicyFor } from '../../platform/workspace-policy';
import { audit } from '../../platform/audit';
import { templates } from '../../platform/message-templates';
import { sendNotice } from '../../platform/messages';
import type { Sql } from '../../platform/db/database';
import type { ApiDeps } from '../../platform/deps';
import { badRequest, HttpError, unauthorized } from '../../platform/errors';
import { currentWorkspace, serve } from '../../platform/serve';
import { currentUser } from './auth.routes';
import { knownAddressKey, OneTimeCodes, type CodeOutcome } from './one-time-codes';

const WRONG_CODE = 'The code is not correct, or it has expired. Ask for a new one.';

interface CodeUser {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  status: string;
  /** Set while a lock after too many wrong codes lasts (users.locked_until, migration 0017). */
  locked_until: Date | null;
}

/** The user whose profile carries this number; a number on two profiles matches nobody (it proves no one). */
async function findUserByPhone(
  tx: Sql,
  workspaceId: string,
  contactNumber: string,
): Promise<(CodeUser & { phone: string }) | undefined> {
  const phone = normalisePhoneNumber(contactNumber);
  if (!phone) return undefined;
  const users = await tx.query<CodeUser & { phone: string }>(
    `SELECT id, email, first_name, last_name, status, CASE WHEN locked_until > now() THEN locked_until END AS locked_until, phone_number AS phone
       FROM users
      WHERE workspace_id = $1 AND phone_number IS NOT NULL
        AND regexp_replace(phone_number, '[^0-9+]', '', 'g') = $2 AND status <> 'INACTIVE'
      LIMIT 2`,
    [workspaceId, phone],
  );
  return users.length === 1 ? users[0] : undefined;
}

async function findUser(tx: Sql, workspaceId: string, email: string): Promise<CodeUser | undefined> {
  const [user] = await tx.query<CodeUser>(
    `SELECT id, email, first_name, last_name, status, CASE WHEN locked_until > now() THEN locked_until END AS locked_until
       FROM users WHERE workspace_id = $1 AND lower(email) = $2`,
    [workspaceId, email],
  );
  return user && user.status !== 'INACTIVE' ? user : undefined;
}

/** Sign-in by emailed code, and forgotten passwords. Answers never tell whether an account exists. */
export async function codeSignInRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const codes = new OneTimeCodes(deps.db, deps.mail, deps.limits, deps.settings.codeLockoutAfter);
  const startSession = async (workspaceId: string, userId: string, ip: string, userAgent?: string) => {
    const session = await deps.sessions.create({ workspaceId, userId, ip, userAgent });
    const principal = await deps.sessions.principal(session.token, workspaceId);
    if (!principal) throw unauthorized();
    return { token: session.token, expiresAt: session.expiresAt, user: await currentUser(deps.db, principal) };
  };
  const sent = (otpRequestId: string) => ({
    ok: true as const,
    otpRequestId,
    expiresInSeconds: ONE_TIME_CODE_TTL_MINUTES * 60,
  });

  serve(app, signInCreateOtp, async ({ body, site, request }) => {
    const workspace = currentWorkspace(site);
    await codes.limit(workspace.id, body.userEmail, request.ip);
    // While mail is known to be failing, every caller gets the same 503, whether or not the account exists.
    deps.mail.assertAvailable();
    const requestId = await deps.db.tenant(workspace.id, async (tx) => {
      const user = await findUser(tx, workspace.id, body.userEmail);
      if (!user) return randomUUID();
      if (user.locked_until) return tellLocked(tx, workspace, user, request.ip, 'email');
      const issued = await codes.issue(tx, { workspaceId: workspace.id, userId: user.id }, 'SIGN_IN_EMAIL');
      const content = templates.signInCode({
        ...(await recipientOf(tx, workspace.id, user.id)),
        workspaceName: workspace.company_name,
        code: issued.code,
        minutes: ONE_TIME_CODE_TTL_MINUTES,
      });
      await deps.mail.send({ workspaceId: workspace.id, to: user.email, ...content }, tx);
      await audit(tx, {
        workspaceId: workspace.id,
        action: 'SIGN_IN_CODE_REQUESTED',
        target: user.id,
        ip: request.ip,
        details: { channel: 'email' },
      });
      return issued.requestId;
    });
    return sent(requestId);
  });

  serve(app, signInVerifyOtp, async ({ body, site, request }) => {
    const workspace = currentWorkspace(site);
    const check = await codes.beforeCheck(workspace.id, body.userEmail, request.ip);
    const checked = await deps.db.tenant(
      workspace.id,
      async (tx): Promise<{ outcome: CodeOutcome; userId?: string }> => {
        const user = await findUser(tx, workspace.id, body.userEmail);
        if (!user) return { outcome: 'stale' };
        const target = { workspaceId: workspace.id, userId: user.id };
        const outcome = await codes.consume(
          tx,
          target,
          'SIGN_IN_EMAIL',
          body.otpRequestId,
          body.userOtp,
          request.ip,
          check.knownAddress,
        );
        const right = outcome === 'right';
        await audit(tx, {
          workspaceId: workspace.id,
          action: right ? 'SIGN_IN' : 'SIGN_IN_FAILED',
          target: user.id,
          ip: request.ip,
          details: { method: 'email-code' },
        });
        if (right && user.status === 'INVITED') {
          await tx.query(`UPDATE users SET status = 'ACTIVE', updated_at = now() WHERE workspace_id = $1 AND id = $2`, [
            workspace.id,
            user.id,
          ]);
        }
        // The emailed code proves the email, as the sign-up's confirmation link would.
        if (right)
          await tx.query(
            `UPDATE users SET email_confirmed = true WHERE workspace_id = $1 AND id = $2 AND NOT email_confirmed`,
            [workspace.id, user.id],
          );
        return { outcome, userId: user.id };
      },
    );
    // The failure was recorded above (committed) before answering.
    if (checked.outcome !== 'right' || !checked.userId) {
      await codes.wrongCode(check, checked.outcome);
      throw new HttpError(401, 'INVALID_CODE', WRONG_CODE);
    }
    await codes.rightCode(check);
    return startSession(workspace.id, checked.userId, request.ip, request.headers['user-agent']);
  });

  serve(app, signInCreateSmsOtp, async ({ body, site, request }) => {
    const workspace = currentWorkspace(site);
    const phone = normalisePhoneNumber(body.contactNumber);
    if (!phone) throw badRequest('Enter a phone number', { contactNumber: 'Enter a phone number with 8 to 15 digits' });
    await codes.limit(workspace.id, phone, request.ip);
    deps.sms.assertAvailable();
    const requestId = await deps.db.tenant(workspace.id, async (tx) => {
      const user = await findUserByPhone(tx, workspace.id, phone);
      if (!user) return randomUUID();
      if (user.locked_until) return tellLocked(tx, workspace, user, request.ip, 'sms');
      const issued = await codes.issue(tx, { workspaceId: workspace.id, userId: user.id }, 'SIGN_IN_SMS');
      const content = templates.smsSignInCode({
        workspaceName: workspace.company_name,
        code: issued.code,
        minutes: ONE_TIME_CODE_TTL_MINUTES,
      });
      await deps.sms.send({ workspaceId: workspace.id, to: user.phone, ...content }, tx);
      await audit(tx, {
        workspaceId: workspace.id,
        action: 'SIGN_IN_CODE_REQUESTED',
        target: user.id,
        ip: request.ip,
        details: { channel: 'sms' },
      });
      return issued.requestId;
    });
    return sent(requestId);
  });

  serve(app, signInVerifySmsOtp, async ({ body, site, request }) => {
    const workspace = currentWorkspace(site);
    const check = await codes.beforeCheck(
      workspace.id,
      normalisePhoneNumber(body.contactNumber) ?? body.contactNumber,
      request.ip,
    );
    const checked = await deps.db.tenant(
      workspace.id,
      async (tx): Promise<{ outcome: CodeOutcome; user?: CodeUser }> => {
        const user = await findUserByPhone(tx, workspace.id, body.contactNumber);
        if (!user) return { outcome: 'stale' };
        const outcome = await codes.consume(
          tx,
          { workspaceId: workspace.id, userId: user.id },
          'SIGN_IN_SMS',
          body.otpRequestId,
          body.userOtp,
          request.ip,
          check.knownAddress,
        );
        const signedIn = outcome === 'right';
        await audit(tx, {
          workspaceId: workspace.id,
          action: signedIn ? 'SIGN_IN' : 'SIGN_IN_FAILED',
          target: user.id,
          ip: request.ip,
          details: { method: 'sms-code' },
        });
        return { outcome, user };
      },
    );
    if (checked.outcome !== 'right' || !checked.user) {
      await codes.wrongCode(check, checked.outcome);
      throw new HttpError(401, 'INVALID_CODE', WRONG_CODE);
    }
    // The address now counts as one this account uses, by its number and by its email.
    await codes.rightCode(check, [knownAddressKey(workspace.id, checked.user.email, request.ip)]);
    return startSession(workspace.id, checked.user.id, request.ip, request.headers['user-agent']);
  });

  serve(app, forgotPassword, async ({ body, site, request }) => {
    const workspace = currentWorkspace(site);
    await codes.limit(workspace.id, body.userEmail, request.ip);
    deps.mail.assertAvailable();
    const requestId = await deps.db.tenant(workspace.id, async (tx) => {
      const user = await findUser(tx, workspace.id, body.userEmail);
      if (!user) return randomUUID();
      if (user.locked_until) return tellLocked(tx, workspace, user, request.ip, 'email');
      const issued = await codes.issue(tx, { workspaceId: workspace.id, userId: user.id }, 'RESET_PASSWORD');
      const content = templates.passwordResetCode({
        ...(await recipientOf(tx, workspace.id, user.id)),
        workspaceName: workspace.company_name,
        code: issued.code,
        minutes: ONE_TIME_CODE_TTL_MINUTES,
      });
      await deps.mail.send({ workspaceId: workspace.id, to: user.email, ...content }, tx);
      await audit(tx, {
        workspaceId: workspace.id,
        action: 'PASSWORD_RESET_REQUESTED',
        target: user.id,
        ip: request.ip,
      });
      return issued.requestId;
    });
    return sent(requestId);
  });

  serve(app, resetPassword, async ({ body, site, request }) => {
    const workspace = currentWorkspace(site);
    // Limited like the code sign-in: wrong codes per address and per account, checked before any work.
    const check = await codes.beforeCheck(workspace.id, body.userEmail, request.ip);
    // The code is checked (and spent) before the new password is hashed: a guess costs no hash.
    type Checked = { problem: string } | { wrongCode: Exclude<CodeOutcome, 'right'> } | { user: CodeUser };
    const checked = await deps.db.tenant(workspace.id, async (tx): Promise<Checked> => {
      const user = await findUser(tx, workspace.id, body.userEmail);
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
      const outcome = await codes.consume(
        tx,
        { workspaceId: workspace.id, userId: user.id },
        'RESET_PASSWORD',
        body.otpRequestId,
        body.confirmationCode,
        request.ip,
        check.knownAddress,
      );
      return outcome === 'right' ? { user } : { wrongCode: outcome };
    });
    if ('problem' in checked)
      throw badRequest(checked.problem || 'Choose another password', { userNewPassword: checked.problem });
    if ('wrongCode' in checked) {
      await codes.wrongCode(check, checked.wrongCode);
      throw badRequest(WRONG_CODE, { confirmationCode: WRONG_CODE });
    }
    await codes.rightCode(check);
    const { user } = checked;
    const hashed = await deps.passwords.hash(body.userNewPassword);
    await deps.db.tenant(workspace.id, async (tx) => {
      await tx.query(
        `UPDATE users SET password_hash = $3, status = CASE WHEN status = 'INVITED' THEN 'ACTIVE' ELSE status END, email_confirmed = true, updated_at = now()
          WHERE workspace_id = $1 AND id = $2`,
        [workspace.id, user.id, hashed],
      );
      // A new password ends every session of the user at once.
      await tx.query(
        `UPDATE sessions SET revoked_at = now() WHERE workspace_id = $1 AND user_id = $2 AND revoked_at IS NULL`,
        [workspace.id, user.id],
      );
      await audit(tx, {
        workspaceId: workspace.id,
        actorUserId: user.id,
        action: 'PASSWORD_RESET',
        target: user.id,
        ip: request.ip,
      });
      await sendNotice(async () =>
        deps.mail.send(
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
    return { ok: true as const };
  });

  /**
   * A locked account asked for a code: no code, but the owner hears why (the answer stays the one every account
   * gets, so it tells a stranger nothing). Answers a request id like any other.
   */
  async function tellLocked(
    tx: Sql,
    workspace: { id: string; company_name: string },
    user: CodeUser & { phone?: string },
    ip: string,
    channel: 'email' | 'sms',
  ): Promise<string> {
    const lockedUntil = new Date(user.locked_until!);
    if (channel === 'sms' && user.phone) {
      await sendNotice(() =>
        deps.sms.send(
          {
            workspaceId: workspace.id,
            to: user.phone!,
            ...templates.smsAccountLocked({ workspaceName: workspace.company_name, lockedUntil }),
          },
          tx,
        ),
      );
    } else {
      await sendNotice(() =>
        deps.mail.send(
          {
            workspaceId: workspace.id,
            to: user.email,
            ...templates.accountLocked({ workspaceName: workspace.company_name, lockedUntil }),
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
