import type { FastifyInstance } from 'fastify';
import { claimInvite } from '../../../src/contracts/main/invite-claim.contract';
import { resendUnusedInvites, unusedInviteCount } from '../../../src/contracts/main/invites.contract';
import type { ApiDeps } from '../../platform/deps';
import { unauthorized } from '../../platform/errors';
import { answer } from '../../platform/refusal';
import { currentWorkspace, serve, workspaceUser, type HandlerContext } from '../../platform/serve';
import { currentUser } from '../auth/auth.routes';
import { siteOrigin } from './invite-sender';
import { InvitationsService } from './invitations.service';
import { workspaceActor } from '../../platform/actor';

/** Sending invitations (a link each, valid 14 days) and claiming them (set a password, sign in). */
export async function invitationRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const invitations = new InvitationsService(deps.db, deps.mail, deps.passwords);

  serve(app, unusedInviteCount, async (ctx) =>
    invitations.counts(workspaceActor(ctx), ctx.query.filterOnlyExpired === 'true'),
  );

  serve(app, resendUnusedInvites, async (ctx) => {
    const actor = workspaceActor(ctx);
    return invitations.resendUnused(actor, siteOrigin(ctx.request));
  });

  serve(app, claimInvite, async ({ params, body, site, request }) => {
    const workspace = currentWorkspace(site);
    const { info, userId } = answer(await invitations.claim(workspace, params.code, body.userNewPassword, request.ip));
    if (!userId) return { invite: info, session: null };
    // The person is active now: courses whose auto-assignment rule they match are theirs (docs/learning.md).
    await deps.people.changed(workspace.id, [userId]);
    const session = await deps.sessions.create({
      workspaceId: workspace.id,
      userId,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    const principal = await deps.sessions.principal(session.token, workspace.id);
    if (!principal) throw unauthorized();
    return {
      invite: info,
      session: { token: session.token, expiresAt: session.expiresAt, user: await currentUser(deps.db, principal) },
    };
  });
}
