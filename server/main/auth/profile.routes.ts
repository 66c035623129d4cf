import type { FastifyInstance } from 'fastify';
import { changeFirstLogin, updateProfile } from '../../../src/contracts/main/auth.contract';
import { audit } from '../../platform/audit';
import type { ApiDeps } from '../../platform/deps';
import { serve, workspaceUser } from '../../platform/serve';
import { currentUser } from './auth.routes';

/** The signed-in person's own profile: their name, and the first-login welcome. */
export async function profileRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  serve(app, updateProfile, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    ctx.reply.header('cache-control', 'private, no-store');
    await deps.db.tenant(workspace.id, async (tx) => {
      await tx.query(`UPDATE users SET first_name = $3, last_name = $4, updated_at = now() WHERE workspace_id = $1 AND id = $2`, [
        workspace.id,
        user.userId,
        ctx.body.firstName,
        ctx.body.lastName,
      ]);
      await audit(tx, { workspaceId: workspace.id, actorUserId: user.userId, action: 'PROFILE_UPDATED', target: user.userId, ip: ctx.request.ip });
    });
    return currentUser(deps.db, user);
  });

  serve(app, changeFirstLogin, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    ctx.reply.header('cache-control', 'private, no-store');
    await deps.db.tenant(workspace.id, (tx) =>
      tx.query(`UPDATE users SET first_login = false, updated_at = now() WHERE workspace_id = $1 AND id = $2`, [workspace.id, user.userId]),
    );
    return currentUser(deps.db, user);
  });
}
