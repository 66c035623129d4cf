import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  confirmEmail,
  EMAIL_CONFIRMATION_HOURS,
  resendConfirmationEmail,
  signUp,
  SIGN_UP_CLOSED,
  SIGN_UP_NOT_ALLOWED,
} from '../../../src/contracts/main/signup.contract';
import { checkPassword, describePasswordProblem } from '../../../src/domain/auth/password-policy';
import { audit } from '../../platform/audit';
import type { Sql } from '../../platform/db/database';
import type { ApiDeps } from '../../platform/deps';
import { badRequest, HttpError } from '../../platform/errors';
import { templates } from '../../platform/message-templates';
import type { Mailer } from '../../platform/messages';
import type { Limit } from '../../platform/rate-limiter';
import { currentWorkspace, serve } from '../../platform/serve';
import type { WorkspaceRow } from '../../platform/tenancy';
import { assertUserLimit } from '../../platform/user-limit';
import { siteOrigin } from '../invites/invite-sender';
import { isAllowedToSignUp } from '../platform-tools/allow-list.repository';
import { recipientOf } from '../../platform/languages';

const confirmationHash = (code: string) => createHash('sha256').update(code).digest('hex');

/** The one answer of a sign-up and a resend, whether or not an account exists or was created. */
const CHECK_YOUR_EMAIL = {
  ok: true as const,
  message:
    'Check your email. If this address can use this workspace, we have sent it a link to confirm it (or a note if it already has an account).',
};

/**
 * Mails a new confirmation link to an unconfirmed account, in the caller's transaction: the earlier link stops
 * working. The code is 256 random bits; only its hash is kept.
 */
async function sendConfirmation(
  tx: Sql,
  mail: Mailer,
  workspace: Pick<WorkspaceRow, 'id' | 'company_name'>,
  origin: string,
  user: { id: string; email: string; first_name: string },
): Promise<void> {
  const code = randomBytes(32).toString('base64url');
  await tx.query(
    `UPDATE email_confirmations SET superseded_at = now()
      WHERE workspace_id = $1 AND user_id = $2 AND used_at IS NULL AND superseded_at IS NULL`,
    [workspace.id, user.id],
  );
  await tx.query(
    `INSERT INTO email_confirmations (workspace_id, user_id, code_hash, expires_at) VALUES ($1, $2, $3, now() + make_interval(hours => $4))`,
    [workspace.id, user.id, confirmationHash(code), EMAIL_CONFIRMATION_HOURS],
  );
  const content = templates.emailConfirmation({
    ...(await recipientOf(tx, workspace.id, user.id)),
    workspaceName: workspace.company_name,
    firstName: user.first_name,
    link: `${origin}/email-verify/${code}`,
    hours: EMAIL_CONFIRMATION_HOURS,
  });
  await mail.send({ workspaceId: workspace.id, to: user.email, ...content }, tx);
}

/** Sign-up on a workspace that allows it, and the email confirmation that must follow before the first sign-in. */
export async function signUpRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  // The same allowances as the code requests: they apply whether or not the account exists.
  const what = 'sign-up and confirmation requests';
  const perAccount: Limit = { name: 'sign-up:account', max: 5, windowMs: 15 * 60_000, what };
  const perAddress: Limit = { name: 'sign-up:address', max: 30, windowMs: 15 * 60_000, what };
  const perWorkspace: Limit = { name: 'sign-up:workspace', max: 1000, windowMs: 15 * 60_000, what };
  const limit = (workspaceId: string, email: string, ip: string) =>
    deps.limits.take([
      { limit: perAddress, key: ip },
      { limit: perWorkspace, key: workspaceId },
      { limit: perAccount, key: `${workspaceId}:${email.toLowerCase()}` },
    ]);

  serve(app, signUp, async ({ body, site, request, reply }) => {
    const workspace = currentWorkspace(site);
    if (!workspace.bulk_signup_enabled) {
      throw new HttpError(
        403,
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
      throw badRequest(reason, { userPassword: reason });
    }
    await limit(workspace.id, body.userEmail, request.ip);
    // While mail is known to be failing, every caller gets the same 503, whether or not the account exists.
    deps.mail.assertAvailable();
    const hashed = await deps.passwords.hash(body.userPassword);
    const origin = siteOrigin(request);
    let signedUp = null as string | null;
    await deps.db.tenant(workspace.id, async (tx) => {
      signedUp = null;
      if (!(await isAllowedToSignUp(tx, workspace.id, body.userEmail))) {
        throw new HttpError(
          403,
          SIGN_UP_NOT_ALLOWED,
          `This email cannot sign up to ${workspace.company_name}: only addresses its administrators allow may. Ask your administrator for an invitation.`,
          { userEmail: 'Not allowed to sign up here' },
        );
      }
      // Before looking for the account: at the limit, a known and an unknown email get the same 409.
      await assertUserLimit(tx, workspace.id, 1);
      const [headquarters] = await tx.query<{ id: string }>(
        `SELECT id FROM branches WHERE workspace_id = $1 AND headquarter`,
        [workspace.id],
      );
      const [created] = await tx.query<{ id: string; email: string; first_name: string }>(
        `INSERT INTO users (workspace_id, email, password_hash, first_name, last_name, branch_id, role, status, email_confirmed, first_login)
         VALUES ($1, $2, $3, $4, $5, $6, 'EMPLOYEE', 'ACTIVE', false, true)
         ON CONFLICT DO NOTHING RETURNING id, email, first_name`,
        [workspace.id, body.userEmail, hashed, body.firstName, body.lastName, headquarters?.id ?? null],
      );
      if (created) {
        signedUp = created.id;
        await sendConfirmation(tx, deps.mail, workspace, origin, created);
        await audit(tx, {
          workspaceId: workspace.id,
          actorUserId: created.id,
          action: 'USER_SIGNED_UP',
          target: created.id,
          ip: request.ip,
          details: { email: created.email, branchId: headquarters?.id ?? null },
        });
        return;
      }
      const [existing] = await tx.query<{
        id: string;
        email: string;
        first_name: string;
        email_confirmed: boolean;
        status: string;
      }>(
        `SELECT id, email, first_name, email_confirmed, status FROM users WHERE workspace_id = $1 AND lower(email) = $2`,
        [workspace.id, body.userEmail],
      );
      if (!existing) return;
      if (!existing.email_confirmed && existing.status === 'ACTIVE') {
        // Signed up before and never confirmed: a new link (the password stays the one first chosen).
        await sendConfirmation(tx, deps.mail, workspace, origin, existing);
      } else {
        const content = templates.signUpExistingAccount({
          ...(await recipientOf(tx, workspace.id, existing.id)),
          workspaceName: workspace.company_name,
          signInLink: `${origin}/signin`,
          resetLink: `${origin}/forgot-password`,
        });
        await deps.mail.send({ workspaceId: workspace.id, to: existing.email, ...content }, tx);
      }
      await audit(tx, {
        workspaceId: workspace.id,
        action: 'SIGN_UP_EXISTING_ACCOUNT',
        target: existing.id,
        ip: request.ip,
      });
    });
    // A new member: courses whose auto-assignment rule they match are theirs (docs/learning.md).
    if (signedUp) await deps.people.changed(workspace.id, [signedUp]);
    reply.code(202);
    return CHECK_YOUR_EMAIL;
  });

  serve(app, confirmEmail, async ({ params, site, request }) => {
    const workspace = currentWorkspace(site);
    const outcome = await deps.db.tenant(workspace.id, async (tx) => {
      const [row] = await tx.query<{
        id: string;
        user_id: string;
        email: string;
        used: boolean;
        superseded: boolean;
        expired: boolean;
      }>(
        `SELECT c.id, c.user_id, u.email, c.used_at IS NOT NULL AS used, c.superseded_at IS NOT NULL AS superseded, c.expires_at <= now() AS expired
           FROM email_confirmations c JOIN users u ON u.workspace_id = c.workspace_id AND u.id = c.user_id
          WHERE c.workspace_id = $1 AND c.code_hash = $2
          FOR UPDATE OF c`,
        [workspace.id, confirmationHash(params.code)],
      );
      if (!row) {
        return {
          error: new HttpError(
            404,
            'CONFIRMATION_NOT_FOUND',
            'This confirmation link is not valid. Check that you opened the whole link from the email.',
          ),
        };
      }
      if (row.used)
        return { error: new HttpError(410, 'CONFIRMATION_USED', 'This email is already confirmed. Sign in.') };
      if (row.superseded || row.expired) {
        return {
          error: new HttpError(
            410,
            'CONFIRMATION_EXPIRED',
            row.superseded
              ? 'A newer confirmation link was sent: use the latest email, or ask for another.'
              : 'This confirmation link has expired. Ask for a new one.',
          ),
        };
      }
      await tx.query(`UPDATE email_confirmations SET used_at = now() WHERE workspace_id = $1 AND id = $2`, [
        workspace.id,
        row.id,
      ]);
      await tx.query(
        `UPDATE users SET email_confirmed = true, updated_at = now() WHERE workspace_id = $1 AND id = $2`,
        [workspace.id, row.user_id],
      );
      await audit(tx, {
        workspaceId: workspace.id,
        actorUserId: row.user_id,
        action: 'EMAIL_CONFIRMED',
        target: row.user_id,
        ip: request.ip,
      });
      return { email: row.email };
    });
    if ('error' in outcome) throw outcome.error;
    return { ok: true as const, email: outcome.email };
  });

  serve(app, resendConfirmationEmail, async ({ body, site, request, reply }) => {
    const workspace = currentWorkspace(site);
    await limit(workspace.id, body.userEmail, request.ip);
    deps.mail.assertAvailable();
    const origin = siteOrigin(request);
    await deps.db.tenant(workspace.id, async (tx) => {
      const [user] = await tx.query<{ id: string; email: string; first_name: string }>(
        `SELECT id, email, first_name FROM users
          WHERE workspace_id = $1 AND lower(email) = $2 AND NOT email_confirmed AND status = 'ACTIVE' AND (locked_until > now()) IS NOT TRUE`,
        [workspace.id, body.userEmail],
      );
      if (!user) return;
      await sendConfirmation(tx, deps.mail, workspace, origin, user);
      await audit(tx, {
        workspaceId: workspace.id,
        action: 'CONFIRMATION_EMAIL_RESENT',
        target: user.id,
        ip: request.ip,
      });
    });
    reply.code(202);
    return CHECK_YOUR_EMAIL;
  });
}
