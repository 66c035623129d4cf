import type { FastifyInstance } from 'fastify';
import { workspaceOptions } from '../../../src/contracts/main/workspace-options.contract';
import type { ApiDeps } from '../../platform/deps';
import { serve } from '../../platform/serve';
import { WorkspaceOptionsService } from './workspace-options.service';

/** The platform tools' workspace pickers: a small search over every workspace (platform admin, cross-tenant by nature). */
export async function workspaceOptionRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const options = new WorkspaceOptionsService(deps.db);
  serve(app, workspaceOptions, async ({ query }) => options.search(query.q));
}
