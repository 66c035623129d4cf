import { checkPassword, describePasswordProblem } from '../../../src/domain/auth/password-policy';
import { audit } from '../../platform/audit';
import type { Database } from '../../platform/db/database';
import { templates } from '../../platform/message-templates';
import { sendNotice, type Mailer } from '../../platform/messages';
import type { PasswordHasher } from '../../platform/passwords';
import type { Limit, RateLimits } from '../../platform/rate-limiter';
import { ok, refuse, type Outcome } from '../../platform/refusal';
import { passwordPolicyFor } from '../../platform/workspace-policy';
import * as repo from './session-admin.repository';
import { recipientOf } from '../../platform/languages';
import type { Acting } from '../../platform/actor';

const WRONG_PASSWORD = 'Your current password is not correct.';

/** Wrong current passwords: 5 per user per 15 minutes, as for sign-in. */
const WRONG_PASSWORDS: Limit = {
  name: 'change-password:user',
  max: 5,
  windowMs: 15 * 60_000,
  what: 'failed attempts',
};

const noSuchUser = () => refuse('not-found', 'NOT_FOUND', 'There is no such user in this workspace');

/** Ending sessions: an admin's "sign out everywhere" for a user, and a password change ending one's other sessions. */
export class SessionAdmin {
  constructor(
    private readonly db: Database,
    private readonly passwords: PasswordHasher,
    private readonly limits: RateLimits,
    private readonly mail: Mailer,
  ) {}

  /** Another workspace's user (or none) is not found, like any object of another workspace. */
  async signOutEverywhere(
    admin: Acting<'workspaceId' | 'userId' | 'ip'>,
    userId: string,
  ): Promise<Outcome<{ ok: true; sessionsEnded: number }>> {
    return this.db.tenant(admin.workspaceId, async (tx) => {
      if (!(await repo.userExists(tx, admin.workspaceId, userId))) return noSuchUser();
      const ended = await repo.revokeSessions(tx, admin.workspaceId, userId, null);
      await audit(tx, {
        workspaceId: admin.workspaceId,
        actorUserId: admin.userId,
        action: 'user.signed_out_everywhere',
        target: userId,
        ip: admin.ip,
        details: { sessionsEnded: ended },
      });
      return ok({ ok: true as const, sessionsEnded: ended });
    });
  }

  /** Lifts a lock taken after too many wrong one-time codes (one-time-codes.ts); the count starts again from zero. */
  async unlock(
    admin: Acting<'workspaceId' | 'userId' | 'ip'>,
    userId: string,
  ): Promise<Outcome<{ ok: true; wasLocked: boolean }>> {
    return this.db.tenant(admin.workspaceId, async (tx) => {
      const target = await repo.lockedForUpdate(tx, admin.workspaceId, userId);
      if (!target) return noSuchUser();
      await repo.clearLock(tx, admin.workspaceId, userId);
      if (target.locked) {
        await audit(tx, {
          workspaceId: admin.workspaceId,
          actorUserId: admin.userId,
          action: 'ACCOUNT_UNLOCKED',
          target: userId,
          ip: admin.ip,
        });
      }
      return ok({ ok: true as const, wasLocked: target.locked });
    });
  }

  /** One's own password, checked against the current one and the workspace's policy; ends one's other sessions. */
  async changePassword(
    user: Acting<'workspaceId' | 'userId' | 'ip'>,
    sessionId: string,
    workspace: { company_name: string; slug: string },
    body: { currentPassword: string; userNewPassword: string },
  ): Promise<Outcome<{ ok: true; sessionsEnded: number }>> {
    const ws = user.workspaceId;
    const { currentPassword, userNewPassword } = body;
    const key = { limit: WRONG_PASSWORDS, key: `${ws}:${user.userId}` };
    await this.limits.check([key]);
    const [row, policy] = await this.db.tenant(
      ws,
      async (tx) => [await repo.passwordOwner(tx, ws, user.userId), await passwordPolicyFor(tx, ws)] as const,
    );
    if (!row) return noSuchUser();
    const right = row.password_hash
      ? await this.passwords.verify(row.password_hash, currentPassword)
      : (await this.passwords.verifyNothing(currentPassword), false);
    if (!right) {
      await this.limits.record([key]);
      await this.db.tenant(ws, (tx) =>
        audit(tx, {
          workspaceId: ws,
          actorUserId: user.userId,
          action: 'PASSWORD_CHANGE_FAILED',
          target: user.userId,
          ip: user.ip,
        }),
      );
      return refuse('invalid', 'VALIDATION', WRONG_PASSWORD, { currentPassword: WRONG_PASSWORD });
    }
    const problem = checkPassword(userNewPassword, {
      minimumLength: policy.minimumLength,
      words: ['safeplace', workspace.company_name, workspace.slug, row.first_name, row.last_name, row.email],
    });
    if (problem) {
      const message = describePasswordProblem(problem);
      return refuse('invalid', 'VALIDATION', message, { userNewPassword: message });
    }
    if (userNewPassword === currentPassword)
      return refuse('invalid', 'VALIDATION', 'Choose a password you have not used here', {
        userNewPassword: 'This is your current password',
      });
    const hashed = await this.passwords.hash(userNewPassword);
    const ended = await this.db.tenant(ws, async (tx) => {
      await repo.setPasswordHash(tx, ws, user.userId, hashed);
      // A new password ends every other session of the user; this one stays signed in.
      const revoked = await repo.revokeSessions(tx, ws, user.userId, sessionId);
      await audit(tx, {
        workspaceId: ws,
        actorUserId: user.userId,
        action: 'PASSWORD_CHANGED',
        target: user.userId,
        ip: user.ip,
        details: { otherSessionsEnded: revoked },
      });
      await sendNotice(async () =>
        this.mail.send(
          {
            workspaceId: ws,
            to: row.email,
            ...templates.passwordChanged({
              workspaceName: workspace.company_name,
              keptThisSession: true,
              ...(await recipientOf(tx, ws, user.userId)),
            }),
          },
          tx,
        ),
      );
      return revoked;
    });
    await this.limits.reset([key]);
    return ok({ ok: true as const, sessionsEnded: ended });
  }
}
