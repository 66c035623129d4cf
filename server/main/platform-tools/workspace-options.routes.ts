import type { FastifyInstance } from 'fastify';
import { WORKSPACE_OPTIONS_LIMIT, workspaceOptions } from '../../../src/contracts/main/workspace-options.contract';
import type { ApiDeps } from '../../platform/deps';
import { serve } from '../../platform/serve';

/** The platform tools' workspace pickers: a small search over every workspace (platform admin, cross-tenant by nature). */
export async function workspaceOptionRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  serve(app, workspaceOptions, async ({ query }) => {
    const q = query.q ? `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const rows = await deps.db.system((tx) =>
      tx.query<{ id: string; workspace_url: string; company_name: string; active: boolean }>(
        `SELECT id, workspace_url, company_name, active FROM workspaces
          WHERE $1::text IS NULL OR lower(company_name) LIKE $1 OR workspace_url LIKE $1
          ORDER BY lower(company_name), workspace_url LIMIT $2`,
        [q, WORKSPACE_OPTIONS_LIMIT],
      ),
    );
    return rows.map((r) => ({
      workspaceId: r.id,
      workspaceUrl: r.workspace_url,
      companyName: r.company_name,
      active: r.active,
    }));
  });
}
