import type { FastifyInstance } from 'fastify';
import {
  createApiKey,
  listApiKeys,
  revokeApiKey,
  scimSettings,
  updateScimSettings,
} from '../../../src/contracts/main/api-keys.contract';
import { ScimSettingsService } from '../scim/scim-settings.service';
import type { ApiDeps } from '../../platform/deps';
import { answer } from '../../platform/refusal';
import { serve, workspaceUser } from '../../platform/serve';
import { ApiKeysService } from './api-keys.service';
import { workspaceActor } from '../../platform/actor';

/** Workspace API keys: list, create (the secret answered once), revoke (docs/integrations.md). */
export async function apiKeyRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const keys = new ApiKeysService(deps.db);
  const settings = new ScimSettingsService(deps.db);

  serve(app, scimSettings, async (ctx) => settings.read(workspaceUser(ctx).workspace.id));

  serve(app, updateScimSettings, async (ctx) => {
    return settings.update(workspaceActor(ctx), ctx.body);
  });

  serve(app, listApiKeys, async (ctx) => {
    const { workspace } = workspaceUser(ctx);
    return { items: await keys.list(workspace.id) };
  });

  serve(app, createApiKey, async (ctx) => {
    const actor = workspaceActor(ctx);
    ctx.reply.header('cache-control', 'no-store');
    return keys.create(actor, ctx.body);
  });

  serve(app, revokeApiKey, async (ctx) => {
    return answer(await keys.revoke(workspaceActor(ctx), ctx.params.id));
  });
}
