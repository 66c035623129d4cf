import type { FastifyInstance } from 'fastify';
import { claimInvite, type InviteInfo } from '../../../src/contracts/main/invite-claim.contract';
import { resendUnusedInvites, unusedInviteCount } from '../../../src/contracts/main/invites.contract';
import { checkPassword, describePasswordProblem } from '../../../src/domain/auth/password-policy';
import { seesAllBusinessUnits } from '../../../src/domain/auth/roles';
import { audit } from '../../platform/audit';
import type { ApiDeps } from '../../platform/deps';
import { badRequest, HttpError, notFound, unauthorized } from '../../platform/errors';
import { currentWorkspace, serve, workspaceUser } from '../../platform/serve';
import { passwordPolicyFor } from '../../platform/workspace-policy';
import { currentUser } from '../auth/auth.routes';
import { inviteCodeHash, sendInvitations, siteOrigin } from './invite-sender';

/** Sending invitations (a link each, valid 14 days) and claiming them (set a password, sign in). */
export async function invitationRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  serve(app, unusedInviteCount, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    const unit = seesAllBusinessUnits(user.role) ? null : user.branchId;
    const [row] = await deps.db.tenant(workspace.id, (tx) =>
      tx.query<{ unused: number; unsent: number; expired: number }>(
        `SELECT count(*) FILTER (WHERE i.expires_at > now())::int AS unused,
                count(*) FILTER (WHERE i.sent_at IS NULL AND i.expires_at > now())::int AS unsent,
                count(*) FILTER (WHERE i.expires_at <= now())::int AS expired
           FROM invites i JOIN users u ON u.workspace_id = i.workspace_id AND u.id = i.user_id
          WHERE i.workspace_id = $1 AND i.claimed_at IS NULL AND ($2::uuid IS NULL OR u.branch_id = $2)`,
        [workspace.id, unit],
      ),
    );
    return ctx.query.filterOnlyExpired === 'true' ? { unused: 0, unsent: 0, expired: row.expired } : row;
  });

  serve(app, resendUnusedInvites, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    const unit = seesAllBusinessUnits(user.role) ? null : user.branchId;
    const origin = siteOrigin(ctx.request);
    const sent = await deps.db.tenant(workspace.id, async (tx) => {
      const pending = await tx.query<{ user_id: string }>(
        `SELECT i.user_id FROM invites i JOIN users u ON u.workspace_id = i.workspace_id AND u.id = i.user_id
          WHERE i.workspace_id = $1 AND i.claimed_at IS NULL AND u.status = 'INVITED' AND ($2::uuid IS NULL OR u.branch_id = $2)`,
        [workspace.id, unit],
      );
      const count = await sendInvitations(
        tx,
        deps.mail,
        workspace,
        origin,
        pending.map((p) => p.user_id),
      );
      await audit(tx, {
        workspaceId: workspace.id,
        actorUserId: user.userId,
        action: 'INVITES_SENT',
        ip: ctx.request.ip,
        details: { count },
      });
      return count;
    });
    return { sent };
  });

  serve(app, claimInvite, async ({ params, body, site, request }) => {
    const workspace = currentWorkspace(site);
    const outcome = await deps.db.tenant(workspace.id, async (tx) => {
      const [invite] = await tx.query<{
        user_id: string;
        email: string;
        first_name: string;
        last_name: string;
        expired: boolean;
        claimed: boolean;
        deactivated: boolean;
      }>(
        `SELECT i.user_id, u.email, u.first_name, u.last_name, i.expires_at <= now() AS expired, i.claimed_at IS NOT NULL AS claimed,
                u.status = 'INACTIVE' AS deactivated
           FROM invites i JOIN users u ON u.workspace_id = i.workspace_id AND u.id = i.user_id
          WHERE i.workspace_id = $1 AND i.code_hash = decode($2, 'hex')
          FOR UPDATE OF i`,
        [workspace.id, inviteCodeHash(params.code)],
      );
      // A deactivated person's invitation is void (deactivating also clears its code): claiming it must not reactivate them.
      if (!invite || invite.deactivated)
        return {
          error: notFound('This invitation link is not valid. Check that you opened the whole link from the email.'),
        };
      if (invite.claimed)
        return {
          error: new HttpError(
            410,
            'INVITE_USED',
            'This invitation was already used. Sign in with your email instead.',
          ),
        };
      if (invite.expired)
        return {
          error: new HttpError(
            410,
            'INVITE_EXPIRED',
            'This invitation has expired. Ask your administrator to send you a new one.',
          ),
        };
      const policy = await passwordPolicyFor(tx, workspace.id);
      const info: InviteInfo = {
        email: invite.email,
        firstName: invite.first_name,
        companyName: workspace.company_name,
        minPasswordLength: policy.minimumLength,
      };
      if (!body.userNewPassword) return { info };
      const problem = checkPassword(body.userNewPassword, {
        minimumLength: policy.minimumLength,
        words: ['safeplace', workspace.company_name, workspace.slug, invite.first_name, invite.last_name, invite.email],
      });
      if (problem) {
        const message = describePasswordProblem(problem);
        return { error: badRequest(message, { userNewPassword: message }) };
      }
      await tx.query(
        `UPDATE users SET password_hash = $3, status = 'ACTIVE', updated_at = now() WHERE workspace_id = $1 AND id = $2`,
        [workspace.id, invite.user_id, await deps.passwords.hash(body.userNewPassword)],
      );
      await tx.query(`UPDATE invites SET claimed_at = now() WHERE workspace_id = $1 AND user_id = $2`, [
        workspace.id,
        invite.user_id,
      ]);
      await audit(tx, {
        workspaceId: workspace.id,
        actorUserId: invite.user_id,
        action: 'INVITE_CLAIMED',
        target: invite.user_id,
        ip: request.ip,
      });
      return { info, userId: invite.user_id };
    });
    if ('error' in outcome && outcome.error) throw outcome.error;
    if (!('userId' in outcome) || !outcome.userId) return { invite: outcome.info!, session: null };
    // The person is active now: courses whose auto-assignment rule they match are theirs (docs/learning.md).
    await deps.people.changed(workspace.id, [outcome.userId]);
    const session = await deps.sessions.create({
      workspaceId: workspace.id,
      userId: outcome.userId,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    const principal = await deps.sessions.principal(session.token, workspace.id);
    if (!principal) throw unauthorized();
    return {
      invite: outcome.info!,
      session: { token: session.token, expiresAt: session.expiresAt, user: await currentUser(deps.db, principal) },
    };
  });
}
