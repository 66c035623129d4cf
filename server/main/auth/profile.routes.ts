import type { FastifyInstance } from 'fastify';
import { changeFirstLogin, updateProfile } from '../../../src/contracts/main/auth.contract';
import type { ApiDeps } from '../../platform/deps';
import { badRequest } from '../../platform/errors';
import { serve, workspaceUser } from '../../platform/serve';
import { endFirstLogin, updateOwnProfile } from './profile.service';
import { currentUser } from './auth.routes';

/** The signed-in person's own profile: their name and language, and the first-login welcome. */
export async function profileRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  serve(app, updateProfile, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    ctx.reply.header('cache-control', 'private, no-store');
    const refusal = await updateOwnProfile(
      deps.db,
      { workspaceId: workspace.id, userId: user.userId, ip: ctx.request.ip },
      ctx.body,
    );
    if (refusal) throw badRequest(refusal.message, { [refusal.field]: refusal.message });
    return currentUser(deps.db, user);
  });

  serve(app, changeFirstLogin, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    ctx.reply.header('cache-control', 'private, no-store');
    await endFirstLogin(deps.db, { workspaceId: workspace.id, userId: user.userId });
    return currentUser(deps.db, user);
  });
}
