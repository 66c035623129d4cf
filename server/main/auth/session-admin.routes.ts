import type { FastifyInstance } from 'fastify';
import { changePassword, signOutEverywhere, unlockAccount } from '../../../src/contracts/main/sessions.contract';
import type { ApiDeps } from '../../platform/deps';
import { answer } from '../../platform/refusal';
import { serve, workspaceUser } from '../../platform/serve';
import { SessionAdmin } from './session-admin.service';
import { workspaceActor } from '../../platform/actor';

/** Ending sessions: an admin's "sign out everywhere" for a user, and a password change ending one's other sessions. */
export async function sessionAdminRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const sessions = new SessionAdmin(deps.db, deps.passwords, deps.limits, deps.mail);

  serve(app, signOutEverywhere, async (ctx) => {
    return answer(await sessions.signOutEverywhere(workspaceActor(ctx), ctx.params.userId));
  });

  serve(app, unlockAccount, async (ctx) => {
    return answer(await sessions.unlock(workspaceActor(ctx), ctx.params.userId));
  });

  serve(app, changePassword, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    return answer(await sessions.changePassword(workspaceActor(ctx), user.sessionId, workspace, ctx.body));
  });
}
