import type { Sql } from '../../platform/db/database';

export interface WorkspaceOptionRow {
  id: string;
  workspace_url: string;
  company_name: string;
  active: boolean;
}

/** Workspaces whose name or address holds `pattern` (a LIKE pattern, already escaped; null: all), by name. */
export async function workspaceOptionRows(
  tx: Sql,
  pattern: string | null,
  limit: number,
): Promise<WorkspaceOptionRow[]> {
  return tx.query<WorkspaceOptionRow>(
    `SELECT id, workspace_url, company_name, active FROM workspaces
      WHERE $1::text IS NULL OR lower(company_name) LIKE $1 OR workspace_url LIKE $1
      ORDER BY lower(company_name), workspace_url LIMIT $2`,
    [pattern, limit],
  );
}
