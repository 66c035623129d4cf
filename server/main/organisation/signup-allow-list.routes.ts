import type { FastifyInstance } from 'fastify';
import {
  addToWorkspaceAllowList,
  removeFromWorkspaceAllowList,
  workspaceAllowList,
} from '../../../src/contracts/main/allow-list.contract';
import { parseAllowListEntry } from '../../../src/domain/platform/allow-list';
import { audit } from '../../platform/audit';
import type { ApiDeps } from '../../platform/deps';
import { conflict, notFound } from '../../platform/errors';
import { serve, workspaceUser } from '../../platform/serve';
import { addEntries, listEntries, removeEntry } from '../platform-tools/allow-list.repository';

/**
 * The workspace admins' view of their own sign-up allow-list (the platform admin's is in platform-tools): the
 * workspace is the host's, so another workspace's entries are never listed and removing one answers 404.
 * Same repository, same audit actions.
 */
export async function signupAllowListRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  serve(app, workspaceAllowList, async (ctx) => {
    const { workspace } = workspaceUser(ctx);
    const { items, total } = await deps.db.tenant(workspace.id, (tx) => listEntries(tx, workspace.id, ctx.query));
    return { items, total, page: ctx.query.page, pageSize: ctx.query.pageSize };
  });

  serve(app, addToWorkspaceAllowList, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    const value = parseAllowListEntry(ctx.body.email)!;
    return deps.db.tenant(workspace.id, async (tx) => {
      const [added] = await addEntries(tx, workspace.id, [value], null, user.userId);
      if (!added) throw conflict(`${value.entry} is already on the list`, { email: 'Already on the list' });
      await audit(tx, {
        workspaceId: workspace.id,
        actorUserId: user.userId,
        action: 'allow_list.entry_added',
        target: added.entry,
        ip: ctx.request.ip,
      });
      return added;
    });
  });

  serve(app, removeFromWorkspaceAllowList, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    await deps.db.tenant(workspace.id, async (tx) => {
      const removed = await removeEntry(tx, workspace.id, ctx.params.entryId);
      if (!removed) throw notFound('There is no such entry on this workspace’s list');
      await audit(tx, {
        workspaceId: workspace.id,
        actorUserId: user.userId,
        action: 'allow_list.entry_removed',
        target: removed.entry,
        ip: ctx.request.ip,
      });
    });
    return { ok: true as const };
  });
}
