import type { FastifyInstance } from 'fastify';
import { updateWorkspaceUser, userRecord } from '../../../src/contracts/main/platform-users.contract';
import type { ApiDeps } from '../../platform/deps';
import { answer } from '../../platform/refusal';
import { serve } from '../../platform/serve';
import { PlatformUsersService } from './platform-users.service';
import { platformAdminActor } from '../../platform/actor';

/** The platform admin's user lookup and fixes: always for the (workspaceId, userId) pair given, never across it. */
export async function platformUserRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const users = new PlatformUsersService(deps.db, deps.mail);
  serve(app, updateWorkspaceUser, async (ctx) => answer(await users.update(platformAdminActor(ctx), ctx.body)));
  serve(app, userRecord, async (ctx) => answer(await users.record(platformAdminActor(ctx), ctx.body)));
}
