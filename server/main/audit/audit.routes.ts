import type { FastifyInstance } from 'fastify';
import { auditEvents } from '../../../src/contracts/main/audit.contract';
import type { ApiDeps } from '../../platform/deps';
import { serve, workspaceUser } from '../../platform/serve';

export async function auditRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  serve(app, auditEvents, async (ctx) => {
    const { workspace } = workspaceUser(ctx);
    const { page, pageSize, action, category } = ctx.query;
    return deps.db.tenant(workspace.id, async (tx) => {
      const rows = await tx.query<{
        id: string;
        at: Date;
        action: string;
        actor: string | null;
        target: string | null;
        ip: string | null;
        details: Record<string, unknown>;
        total: number;
      }>(
        `SELECT e.id::text, e.at, e.action, u.email AS actor, coalesce(t.email, b.name, d.name, e.details->>'branchName', e.details->>'departmentName', e.target) AS target, e.ip, e.details,
                count(*) OVER ()::int AS total
           FROM audit_events e
           LEFT JOIN users u ON u.workspace_id = e.workspace_id AND u.id = e.actor_user_id
           LEFT JOIN users t ON t.workspace_id = e.workspace_id AND t.id::text = e.target
           -- Admin actions name a unit or department by id: show its name (kept in the details once it is deleted).
           LEFT JOIN branches b ON b.workspace_id = e.workspace_id AND b.id::text = e.target
           LEFT JOIN departments d ON d.workspace_id = e.workspace_id AND d.id::text = e.target
          WHERE e.workspace_id = $1 AND ($2::text IS NULL OR e.action = $2)
            AND ($5::text IS NULL OR ($5 = 'admin') = (e.action ~ '^[a-z][a-z_-]*[.]'))
          ORDER BY e.at DESC, e.id DESC
          LIMIT $3 OFFSET $4`,
        [workspace.id, action ?? null, pageSize, page * pageSize, category ?? null],
      );
      return {
        items: rows.map(({ total: _total, at, ...row }) => ({ ...row, at: new Date(at).toISOString() })),
        page,
        pageSize,
        total: rows[0]?.total ?? 0,
      };
    });
  });
}
