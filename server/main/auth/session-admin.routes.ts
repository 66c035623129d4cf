import type { FastifyInstance } from 'fastify';
import { changePassword, signOutEverywhere, unlockAccount } from '../../../src/contracts/main/sessions.contract';
import { checkPassword, describePasswordProblem } from '../../../src/domain/auth/password-policy';
import { audit } from '../../platform/audit';
import type { ApiDeps } from '../../platform/deps';
import { badRequest, HttpError, notFound } from '../../platform/errors';
import { templates } from '../../platform/message-templates';
import { sendNotice } from '../../platform/messages';
import type { Limit } from '../../platform/rate-limiter';
import { serve, workspaceUser } from '../../platform/serve';
import { passwordPolicyFor } from '../../platform/workspace-policy';
import { recipientOf } from '../../platform/languages';

const WRONG_PASSWORD = 'Your current password is not correct.';

/** Ending sessions: an admin's "sign out everywhere" for a user, and a password change ending one's other sessions. */
export async function sessionAdminRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  /** Wrong current passwords: 5 per user per 15 minutes, as for sign-in. */
  const wrongPasswords: Limit = {
    name: 'change-password:user',
    max: 5,
    windowMs: 15 * 60_000,
    what: 'failed attempts',
  };

  serve(app, signOutEverywhere, async (ctx) => {
    const { user: admin, workspace } = workspaceUser(ctx);
    const ended = await deps.db.tenant(workspace.id, async (tx) => {
      const [target] = await tx.query<{ id: string }>('SELECT id FROM users WHERE workspace_id = $1 AND id = $2', [
        workspace.id,
        ctx.params.userId,
      ]);
      // Another workspace's user (or none) answers 404, like any object of another workspace.
      if (!target) return null;
      const revoked = await tx.query<{ id: string }>(
        'UPDATE sessions SET revoked_at = now() WHERE workspace_id = $1 AND user_id = $2 AND revoked_at IS NULL RETURNING id',
        [workspace.id, target.id],
      );
      await audit(tx, {
        workspaceId: workspace.id,
        actorUserId: admin.userId,
        action: 'user.signed_out_everywhere',
        target: target.id,
        ip: ctx.request.ip,
        details: { sessionsEnded: revoked.length },
      });
      return revoked.length;
    });
    if (ended === null) throw notFound('There is no such user in this workspace');
    return { ok: true as const, sessionsEnded: ended };
  });

  // Lifts a lock taken after too many wrong one-time codes (one-time-codes.ts); the count starts again from zero.
  serve(app, unlockAccount, async (ctx) => {
    const { user: admin, workspace } = workspaceUser(ctx);
    const outcome = await deps.db.tenant(workspace.id, async (tx) => {
      const [target] = await tx.query<{ id: string; locked: boolean }>(
        'SELECT id, (locked_until > now()) IS TRUE AS locked FROM users WHERE workspace_id = $1 AND id = $2 FOR UPDATE',
        [workspace.id, ctx.params.userId],
      );
      // Another workspace's user (or none) answers 404, like any object of another workspace.
      if (!target) return null;
      await tx.query(
        'UPDATE users SET locked_at = NULL, locked_until = NULL, code_failures = 0 WHERE workspace_id = $1 AND id = $2',
        [workspace.id, target.id],
      );
      if (target.locked) {
        await audit(tx, {
          workspaceId: workspace.id,
          actorUserId: admin.userId,
          action: 'ACCOUNT_UNLOCKED',
          target: target.id,
          ip: ctx.request.ip,
        });
      }
      return { wasLocked: target.locked };
    });
    if (!outcome) throw notFound('There is no such user in this workspace');
    return { ok: true as const, wasLocked: outcome.wasLocked };
  });

  serve(app, changePassword, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    const { currentPassword, userNewPassword } = ctx.body;
    const key = { limit: wrongPasswords, key: `${workspace.id}:${user.userId}` };
    await deps.limits.check([key]);
    const [[row], policy] = await deps.db.tenant(
      workspace.id,
      async (tx) =>
        [
          await tx.query<{ password_hash: string | null; email: string; first_name: string; last_name: string }>(
            'SELECT password_hash, email, first_name, last_name FROM users WHERE workspace_id = $1 AND id = $2',
            [workspace.id, user.userId],
          ),
          await passwordPolicyFor(tx, workspace.id),
        ] as const,
    );
    if (!row) throw notFound('There is no such user in this workspace');
    const right = row.password_hash
      ? await deps.passwords.verify(row.password_hash, currentPassword)
      : (await deps.passwords.verifyNothing(currentPassword), false);
    if (!right) {
      await deps.limits.record([key]);
      await deps.db.tenant(workspace.id, (tx) =>
        audit(tx, {
          workspaceId: workspace.id,
          actorUserId: user.userId,
          action: 'PASSWORD_CHANGE_FAILED',
          target: user.userId,
          ip: ctx.request.ip,
        }),
      );
      throw new HttpError(400, 'VALIDATION', WRONG_PASSWORD, { currentPassword: WRONG_PASSWORD });
    }
    const problem = checkPassword(userNewPassword, {
      minimumLength: policy.minimumLength,
      words: ['safeplace', workspace.company_name, workspace.slug, row.first_name, row.last_name, row.email],
    });
    if (problem) {
      const message = describePasswordProblem(problem);
      throw badRequest(message, { userNewPassword: message });
    }
    if (userNewPassword === currentPassword)
      throw badRequest('Choose a password you have not used here', {
        userNewPassword: 'This is your current password',
      });
    const hashed = await deps.passwords.hash(userNewPassword);
    const ended = await deps.db.tenant(workspace.id, async (tx) => {
      await tx.query('UPDATE users SET password_hash = $3, updated_at = now() WHERE workspace_id = $1 AND id = $2', [
        workspace.id,
        user.userId,
        hashed,
      ]);
      // A new password ends every other session of the user; this one stays signed in.
      const revoked = await tx.query<{ id: string }>(
        'UPDATE sessions SET revoked_at = now() WHERE workspace_id = $1 AND user_id = $2 AND id <> $3 AND revoked_at IS NULL RETURNING id',
        [workspace.id, user.userId, user.sessionId],
      );
      await audit(tx, {
        workspaceId: workspace.id,
        actorUserId: user.userId,
        action: 'PASSWORD_CHANGED',
        target: user.userId,
        ip: ctx.request.ip,
        details: { otherSessionsEnded: revoked.length },
      });
      await sendNotice(async () =>
        deps.mail.send(
          {
            workspaceId: workspace.id,
            to: row.email,
            ...templates.passwordChanged({
              workspaceName: workspace.company_name,
              keptThisSession: true,
              ...(await recipientOf(tx, workspace.id, user.userId)),
            }),
          },
          tx,
        ),
      );
      return revoked.length;
    });
    await deps.limits.reset([key]);
    return { ok: true as const, sessionsEnded: ended };
  });
}
