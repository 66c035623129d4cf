import type { FastifyInstance } from 'fastify';
import { platformAuditEvents } from '../../../src/contracts/main/platform-audit.contract';
import type { ApiDeps } from '../../platform/deps';
import { serve } from '../../platform/serve';

/** The platform admins' trail: every event a platform admin caused, in any workspace (or none, once deleted). */
export async function platformAuditRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  serve(app, platformAuditEvents, async (ctx) => {
    const { page, pageSize, workspaceId } = ctx.query;
    return deps.db.system(async (tx) => {
      const rows = await tx.query<{
        id: string;
        at: Date;
        action: string;
        actor: string | null;
        workspace: string | null;
        target: string | null;
        ip: string | null;
        details: Record<string, unknown>;
      }>(
        `SELECT e.id::text, e.at, e.action, p.email AS actor,
                coalesce(w.company_name, e.details->>'companyName') AS workspace, e.target, e.ip, e.details
           FROM audit_events e
           LEFT JOIN platform_admins p ON p.id = e.actor_platform_admin_id
           LEFT JOIN workspaces w ON w.id = e.workspace_id
          WHERE e.actor_platform_admin_id IS NOT NULL AND ($1::uuid IS NULL OR e.workspace_id = $1)
          ORDER BY e.at DESC, e.id DESC
          LIMIT $2 OFFSET $3`,
        [workspaceId ?? null, pageSize, page * pageSize],
      );
      const [count] = await tx.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM audit_events e WHERE e.actor_platform_admin_id IS NOT NULL AND ($1::uuid IS NULL OR e.workspace_id = $1)`,
        [workspaceId ?? null],
      );
      return {
        items: rows.map((r) => ({ ...r, at: new Date(r.at).toISOString() })),
        page,
        pageSize,
        total: count?.total ?? 0,
      };
    });
  });
}
