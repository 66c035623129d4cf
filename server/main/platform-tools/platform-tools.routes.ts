import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../../platform/deps';
import { allowListRoutes } from './allow-list.routes';
import { platformUserRoutes } from './platform-users.routes';
import { userManualRoutes } from './user-manual.routes';
import { workspaceOptionRoutes } from './workspace-options.routes';

/** The platform admin's tools (user manual, sign-up allow-list, user fixes) and the workspace readers' manual. */
export async function platformToolRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  await workspaceOptionRoutes(app, deps);
  await userManualRoutes(app, deps);
  await allowListRoutes(app, deps);
  await platformUserRoutes(app, deps);
}
