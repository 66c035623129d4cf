import type { Sql } from '../../platform/db/database';

export interface PlatformAuditRow {
  id: string;
  at: Date;
  action: string;
  actor: string | null;
  workspace: string | null;
  target: string | null;
  ip: string | null;
  details: Record<string, unknown>;
}

/** A page of the events a platform admin caused, in one workspace or all (null), newest first. */
export async function platformAuditRows(
  tx: Sql,
  workspaceId: string | null,
  limit: number,
  offset: number,
): Promise<PlatformAuditRow[]> {
  return tx.query<PlatformAuditRow>(
    `SELECT e.id::text, e.at, e.action, p.email AS actor,
            coalesce(w.company_name, e.details->>'companyName') AS workspace, e.target, e.ip, e.details
       FROM audit_events e
       LEFT JOIN platform_admins p ON p.id = e.actor_platform_admin_id
       LEFT JOIN workspaces w ON w.id = e.workspace_id
      WHERE e.actor_platform_admin_id IS NOT NULL AND ($1::uuid IS NULL OR e.workspace_id = $1)
      ORDER BY e.at DESC, e.id DESC
      LIMIT $2 OFFSET $3`,
    [workspaceId, limit, offset],
  );
}

export async function platformAuditCount(tx: Sql, workspaceId: string | null): Promise<number> {
  const [count] = await tx.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM audit_events e WHERE e.actor_platform_admin_id IS NOT NULL AND ($1::uuid IS NULL OR e.workspace_id = $1)`,
    [workspaceId],
  );
  return count?.total ?? 0;
}
