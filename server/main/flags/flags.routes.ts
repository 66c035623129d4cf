import type { FastifyInstance } from 'fastify';
import { featureFlags } from '../../../src/contracts/main/flags.contract';
import type { ApiDeps } from '../../platform/deps';
import { serve } from '../../platform/serve';

export async function flagRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  serve(app, featureFlags, async ({ site, principal }) => {
    const rows = await deps.db.query<{ key: string; value: string; urls: string[] }>(
      `SELECT f.key, f.value, coalesce(array_agg(w.workspace_url ORDER BY w.workspace_url) FILTER (WHERE w.id IS NOT NULL), '{}') AS urls
         FROM feature_flags f
         LEFT JOIN feature_flag_workspaces fw ON fw.flag_key = f.key
         LEFT JOIN workspaces w ON w.id = fw.workspace_id
        GROUP BY f.key, f.value ORDER BY f.key`,
    );
    // Only the platform admin may learn which customers a flag is on for.
    const everything = principal?.kind === 'platform-admin';
    const here = site.kind === 'workspace' ? site.workspace.workspace_url : null;
    return rows.map((r) => ({
      key: r.key,
      value: r.value,
      enabledWorkspaces: r.urls.filter((url) => everything || url === here).map((workspaceUrl) => ({ workspaceUrl })),
    }));
  });
}
