import type { FastifyInstance } from 'fastify';
import {
  createFeatureFlag,
  deleteFeatureFlag,
  featureFlags,
  setFlagWorkspaces,
  updateFeatureFlag,
} from '../../../src/contracts/main/flags.contract';
import { isBuiltInFlag } from '../../../src/domain/platform/feature-flags';
import { audit } from '../../platform/audit';
import type { Sql } from '../../platform/db/database';
import type { ApiDeps } from '../../platform/deps';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { serve } from '../../platform/serve';
import type { Principal } from '../../platform/sessions';
import {
  deleteFlag,
  insertFlag,
  listFlags,
  lockFlag,
  readFlag,
  replaceFlagWorkspaces,
  updateFlagValue,
  workspacesByUrl,
} from './flags.repository';

const platformAdminOf = (principal: Principal | null) =>
  principal?.kind === 'platform-admin' ? principal.platformAdminId : null;

export async function flagRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  serve(app, featureFlags, async ({ site, principal }) => {
    // Only the platform admin may learn which customers a flag is on for; a workspace sees itself only.
    const everything = principal?.kind === 'platform-admin';
    const here = site.kind === 'workspace' ? site.workspace.workspace_url : null;
    return listFlags(deps.db, (url) => everything || url === here);
  });

  serve(app, setFlagWorkspaces, async ({ body, principal, request }) => {
    const flag = await deps.db.system(async (tx: Sql) => {
      if (!(await lockFlag(tx, body.key))) throw notFound(`There is no feature flag "${body.key}"`);
      const urls = [...new Set(body.enabledWorkspaces.map((w) => w.workspaceUrl))];
      const found = await workspacesByUrl(tx, urls);
      const unknown = urls.filter((url) => !found.some((w) => w.workspace_url === url));
      if (unknown.length)
        throw badRequest(`Unknown workspace: ${unknown.join(', ')}`, {
          enabledWorkspaces: `Unknown workspace: ${unknown.join(', ')}`,
        });
      const before = await replaceFlagWorkspaces(
        tx,
        body.key,
        found.map((w) => w.id),
      );
      await audit(tx, {
        workspaceId: null,
        actorPlatformAdminId: platformAdminOf(principal),
        action: 'FEATURE_FLAG_WORKSPACES_SET',
        target: body.key,
        ip: request.ip,
        details: { workspaces: urls },
      });
      // Also on the record of each workspace the change switches on or off, as the target of the action.
      const wasOn = new Set(before);
      const nowOn = new Set(found.map((w) => w.id));
      const changed = [
        ...found.filter((w) => !wasOn.has(w.id)).map((w) => ({ id: w.id, action: 'feature_flag.workspace_enabled' })),
        ...[...wasOn].filter((id) => !nowOn.has(id)).map((id) => ({ id, action: 'feature_flag.workspace_disabled' })),
      ];
      for (const change of changed) {
        await audit(tx, {
          workspaceId: change.id,
          actorPlatformAdminId: platformAdminOf(principal),
          action: change.action,
          target: body.key,
          ip: request.ip,
        });
      }
      return (await readFlag(tx, body.key))!;
    });
    // Committed: the workspace gates re-read the flags now rather than when their cache runs out.
    deps.gates?.forget();
    return flag;
  });

  serve(app, createFeatureFlag, async ({ body, principal, request }) =>
    deps.db.system(async (tx: Sql) => {
      if (!(await insertFlag(tx, body.key, body.value))) {
        throw conflict(`There is already a feature flag "${body.key}"`, { key: 'A flag with this key exists' });
      }
      await audit(tx, {
        workspaceId: null,
        actorPlatformAdminId: platformAdminOf(principal),
        action: 'feature_flag.created',
        target: body.key,
        ip: request.ip,
        details: { value: body.value },
      });
      return { key: body.key, value: body.value, enabledWorkspaces: [] };
    }),
  );

  serve(app, updateFeatureFlag, async ({ body, principal, request }) => {
    const flag = await deps.db.system(async (tx: Sql) => {
      const before = await lockFlag(tx, body.key);
      if (!before) throw notFound(`There is no feature flag "${body.key}"`);
      await updateFlagValue(tx, body.key, body.value);
      await audit(tx, {
        workspaceId: null,
        actorPlatformAdminId: platformAdminOf(principal),
        action: 'feature_flag.updated',
        target: body.key,
        ip: request.ip,
        details: { from: before.value, to: body.value },
      });
      return (await readFlag(tx, body.key))!;
    });
    // The value may switch a gate (maintenance, elevateip) on or off.
    deps.gates?.forget();
    return flag;
  });

  serve(app, deleteFeatureFlag, async ({ params, principal, request }) => {
    const { key } = params;
    await deps.db.system(async (tx: Sql) => {
      const before = await lockFlag(tx, key);
      if (!before) throw notFound(`There is no feature flag "${key}"`);
      if (isBuiltInFlag(key)) {
        throw conflict(
          `"${key}" is built into the platform and cannot be deleted. Set its value to off or remove its workspaces instead.`,
          {
            key: 'A built-in flag cannot be deleted',
          },
        );
      }
      const wasOn = await deleteFlag(tx, key);
      await audit(tx, {
        workspaceId: null,
        actorPlatformAdminId: platformAdminOf(principal),
        action: 'feature_flag.deleted',
        target: key,
        ip: request.ip,
        details: { value: before.value, workspaces: wasOn.length },
      });
      for (const id of wasOn) {
        await audit(tx, {
          workspaceId: id,
          actorPlatformAdminId: platformAdminOf(principal),
          action: 'feature_flag.workspace_disabled',
          target: key,
          ip: request.ip,
        });
      }
    });
    deps.gates?.forget();
    return { key };
  });
}
