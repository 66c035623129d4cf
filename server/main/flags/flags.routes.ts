import type { FastifyInstance } from 'fastify';
import { createFeatureFlag, featureFlags, setFlagWorkspaces, updateFeatureFlag, type FeatureFlag } from '../../../src/contracts/main/flags.contract';
import { audit } from '../../platform/audit';
import type { Sql } from '../../platform/db/database';
import type { ApiDeps } from '../../platform/deps';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { serve } from '../../platform/serve';

interface FlagRow {
  key: string;
  value: string;
  urls: string[];
}

const FLAGS_SQL = `
  SELECT f.key, f.value,
         coalesce(array_agg(w.workspace_url ORDER BY w.workspace_url) FILTER (WHERE w.id IS NOT NULL), '{}') AS urls
    FROM feature_flags f
    LEFT JOIN feature_flag_workspaces fw ON fw.flag_key = f.key
    LEFT JOIN workspaces w ON w.id = fw.workspace_id
   WHERE $1::text IS NULL OR f.key = $1
   GROUP BY f.key, f.value ORDER BY f.key`;

function toFlag(row: FlagRow, visible: (url: string) => boolean): FeatureFlag {
  return { key: row.key, value: row.value, enabledWorkspaces: row.urls.filter(visible).map((workspaceUrl) => ({ workspaceUrl })) };
}

export async function flagRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  serve(app, featureFlags, async ({ site, principal }) => {
    const rows = await deps.db.query<FlagRow>(FLAGS_SQL, [null]);
    // Only the platform admin may learn which customers a flag is on for; a workspace sees itself only.
    const everything = principal?.kind === 'platform-admin';
    const here = site.kind === 'workspace' ? site.workspace.workspace_url : null;
    return rows.map((row) => toFlag(row, (url) => everything || url === here));
  });

  serve(app, setFlagWorkspaces, async ({ body, principal, request }) => {
    const flag = await deps.db.system(async (tx: Sql) => {
      const [flag] = await tx.query<{ key: string }>('SELECT key FROM feature_flags WHERE key = $1 FOR UPDATE', [body.key]);
      if (!flag) throw notFound(`There is no feature flag "${body.key}"`);
      const urls = [...new Set(body.enabledWorkspaces.map((w) => w.workspaceUrl))];
      const found = await tx.query<{ id: string; workspace_url: string }>(
        'SELECT id, workspace_url FROM workspaces WHERE workspace_url = ANY($1::text[])',
        [urls],
      );
      const unknown = urls.filter((url) => !found.some((w) => w.workspace_url === url));
      if (unknown.length) throw badRequest(`Unknown workspace: ${unknown.join(', ')}`, { enabledWorkspaces: `Unknown workspace: ${unknown.join(', ')}` });
      const before = await tx.query<{ workspace_id: string }>('SELECT workspace_id FROM feature_flag_workspaces WHERE flag_key = $1', [body.key]);
      await tx.query('DELETE FROM feature_flag_workspaces WHERE flag_key = $1', [body.key]);
      await tx.query(
        'INSERT INTO feature_flag_workspaces (flag_key, workspace_id) SELECT $1, unnest($2::uuid[])',
        [body.key, found.map((w) => w.id)],
      );
      await tx.query('UPDATE feature_flags SET updated_at = now() WHERE key = $1', [body.key]);
      await audit(tx, {
        workspaceId: null,
        actorPlatformAdminId: principal?.kind === 'platform-admin' ? principal.platformAdminId : null,
        action: 'FEATURE_FLAG_WORKSPACES_SET',
        target: body.key,
        ip: request.ip,
        details: { workspaces: urls },
      });
      // Also on the record of each workspace the change switches on or off, as the target of the action.
      const wasOn = new Set(before.map((r) => r.workspace_id));
      const nowOn = new Set(found.map((w) => w.id));
      const changed = [
        ...found.filter((w) => !wasOn.has(w.id)).map((w) => ({ id: w.id, action: 'feature_flag.workspace_enabled' })),
        ...[...wasOn].filter((id) => !nowOn.has(id)).map((id) => ({ id, action: 'feature_flag.workspace_disabled' })),
      ];
      for (const change of changed) {
        await audit(tx, {
          workspaceId: change.id,
          actorPlatformAdminId: principal?.kind === 'platform-admin' ? principal.platformAdminId : null,
          action: change.action,
          target: body.key,
          ip: request.ip,
        });
      }
      const [row] = await tx.query<FlagRow>(FLAGS_SQL, [body.key]);
      return toFlag(row, () => true);
    });
    // Committed: the workspace gates re-read the flags now rather than when their cache runs out.
    deps.gates?.forget();
    return flag;
  });

  serve(app, createFeatureFlag, async ({ body, principal, request }) =>
    deps.db.system(async (tx: Sql) => {
      const [created] = await tx.query<{ key: string }>(
        'INSERT INTO feature_flags (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING RETURNING key',
        [body.key, body.value],
      );
      if (!created) throw conflict(`There is already a feature flag "${body.key}"`, { key: 'A flag with this key exists' });
      await audit(tx, {
        workspaceId: null,
        actorPlatformAdminId: principal?.kind === 'platform-admin' ? principal.platformAdminId : null,
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
      const [before] = await tx.query<{ value: string }>('SELECT value FROM feature_flags WHERE key = $1 FOR UPDATE', [body.key]);
      if (!before) throw notFound(`There is no feature flag "${body.key}"`);
      await tx.query('UPDATE feature_flags SET value = $2, updated_at = now() WHERE key = $1', [body.key, body.value]);
      await audit(tx, {
        workspaceId: null,
        actorPlatformAdminId: principal?.kind === 'platform-admin' ? principal.platformAdminId : null,
        action: 'feature_flag.updated',
        target: body.key,
        ip: request.ip,
        details: { from: before.value, to: body.value },
      });
      const [row] = await tx.query<FlagRow>(FLAGS_SQL, [body.key]);
      return toFlag(row, () => true);
    });
    // The value may switch a gate (maintenance, elevateip) on or off.
    deps.gates?.forget();
    return flag;
  });
}
