import type { CourseLanguage } from '../../../src/domain/courses/course';
import type { Sql } from '../../platform/db/database';

export async function defaultLanguage(tx: Sql, workspaceId: string): Promise<CourseLanguage | null> {
  const [row] = await tx.query<{ default_language: CourseLanguage }>(
    `SELECT default_language FROM workspaces WHERE id = $1`,
    [workspaceId],
  );
  return row?.default_language ?? null;
}

export interface BranchRow {
  id: string;
  name: string;
  headquarter: boolean;
  background_color: string | null;
  user_count: number | null;
}

/** Every business unit (`all`) or only `ownBranchId`, headquarters first; with each one's headcount when asked. */
export async function branchRows(
  tx: Sql,
  workspaceId: string,
  all: boolean,
  withCounts: boolean,
  ownBranchId: string | null,
): Promise<BranchRow[]> {
  return tx.query<BranchRow>(
    `SELECT b.id, b.name, b.headquarter, b.background_color,
            CASE WHEN $3 THEN (SELECT count(*)::int FROM users u WHERE u.workspace_id = b.workspace_id AND u.branch_id = b.id) END AS user_count
       FROM branches b
      WHERE b.workspace_id = $1 AND ($2 OR b.id = $4)
      ORDER BY b.headquarter DESC, b.name`,
    [workspaceId, all, withCounts, ownBranchId],
  );
}

export interface DepartmentRow {
  id: string;
  name: string;
  branch_id: string;
  created_at: Date;
}

/** Departments of one business unit (or all, null), limited to `ownBranchId` unless `all`. */
export async function departmentRows(
  tx: Sql,
  workspaceId: string,
  branchId: string | null,
  all: boolean,
  ownBranchId: string | null,
): Promise<DepartmentRow[]> {
  return tx.query<DepartmentRow>(
    `SELECT d.id, d.name, d.branch_id, d.created_at FROM departments d
      WHERE d.workspace_id = $1 AND ($2::uuid IS NULL OR d.branch_id = $2) AND ($3 OR d.branch_id = $4)
      ORDER BY d.name LIMIT 300`,
    [workspaceId, branchId, all, ownBranchId],
  );
}
