import type { DepartmentManager, DepartmentRow, UserChoice } from '../../../src/contracts/main/organisation.contract';
import type { Sql } from '../../platform/db/database';
import { likeText } from './organisation.repository';

export async function departmentRows(
  tx: Sql,
  workspaceId: string,
  filter: {
    ids?: string[] | null;
    branchId?: string | null;
    search?: string | null;
    limit?: number;
    offset?: number;
  } = {},
): Promise<{ items: DepartmentRow[]; total: number }> {
  const rows = await tx.query<{
    id: string;
    name: string;
    branch_id: string;
    branch_name: string;
    user_count: number;
    manager_count: number;
    created_at: Date;
    total: number;
  }>(
    `SELECT d.id, d.name, d.branch_id, b.name AS branch_name, d.created_at,
            (SELECT count(*)::int FROM users u WHERE u.workspace_id = d.workspace_id AND u.department_id = d.id) AS user_count,
            (SELECT count(*)::int FROM department_managers m WHERE m.workspace_id = d.workspace_id AND m.department_id = d.id) AS manager_count,
            count(*) OVER ()::int AS total
       FROM departments d
       JOIN branches b ON b.workspace_id = d.workspace_id AND b.id = d.branch_id
      WHERE d.workspace_id = $1
        AND ($2::uuid[] IS NULL OR d.id = ANY($2))
        AND ($3::uuid IS NULL OR d.branch_id = $3)
        AND ($4::text IS NULL OR d.name ILIKE '%' || $4 || '%')
      ORDER BY lower(d.name), lower(b.name), d.id
      LIMIT $5 OFFSET $6`,
    [
      workspaceId,
      filter.ids ?? null,
      filter.branchId ?? null,
      likeText(filter.search),
      filter.limit ?? 1000,
      filter.offset ?? 0,
    ],
  );
  return {
    items: rows.map((r) => ({
      departmentId: r.id,
      departmentName: r.name,
      branchId: r.branch_id,
      branchName: r.branch_name,
      userCount: r.user_count,
      managerCount: r.manager_count,
      createdAt: new Date(r.created_at).toISOString(),
    })),
    total: rows[0]?.total ?? 0,
  };
}

export async function department(
  tx: Sql,
  workspaceId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<{ name: string; branch_id: string } | null> {
  const [row] = await tx.query<{ name: string; branch_id: string }>(
    `SELECT name, branch_id FROM departments WHERE workspace_id = $1 AND id = $2${options.forUpdate ? ' FOR UPDATE' : ''}`,
    [workspaceId, id],
  );
  return row ?? null;
}

/** The units (all, or the one given) that have no department of this name yet. */
export async function unitsLackingDepartment(tx: Sql, workspaceId: string, name: string): Promise<string[]> {
  const rows = await tx.query<{ id: string }>(
    `SELECT b.id FROM branches b WHERE b.workspace_id = $1 AND NOT EXISTS (
       SELECT 1 FROM departments d WHERE d.workspace_id = b.workspace_id AND d.branch_id = b.id AND lower(d.name) = lower($2))`,
    [workspaceId, name],
  );
  return rows.map((r) => r.id);
}

export async function unitExists(tx: Sql, workspaceId: string, unitId: string): Promise<boolean> {
  return (
    (await tx.query(`SELECT 1 FROM branches WHERE workspace_id = $1 AND id = $2`, [workspaceId, unitId])).length > 0
  );
}

/** Whether the unit has a department of this name (case-insensitive), other than `exceptId`. */
export async function departmentNameTaken(
  tx: Sql,
  workspaceId: string,
  unitId: string,
  name: string,
  exceptId: string | null = null,
): Promise<boolean> {
  const rows = await tx.query(
    `SELECT 1 FROM departments WHERE workspace_id = $1 AND branch_id = $2 AND lower(name) = lower($3) AND ($4::uuid IS NULL OR id <> $4)`,
    [workspaceId, unitId, name, exceptId],
  );
  return rows.length > 0;
}

/** One department of this name in each unit given. */
export async function insertDepartments(
  tx: Sql,
  workspaceId: string,
  unitIds: string[],
  name: string,
  by: string,
): Promise<{ id: string; branch_id: string }[]> {
  return tx.query<{ id: string; branch_id: string }>(
    `INSERT INTO departments (workspace_id, branch_id, name, created_by)
     SELECT $1, unit, $3, $4 FROM unnest($2::uuid[]) AS unit RETURNING id, branch_id`,
    [workspaceId, unitIds, name, by],
  );
}

export async function renameDepartment(tx: Sql, workspaceId: string, id: string, name: string): Promise<void> {
  await tx.query(`UPDATE departments SET name = $3 WHERE workspace_id = $1 AND id = $2`, [workspaceId, id, name]);
}

export async function lockDepartments(
  tx: Sql,
  workspaceId: string,
  ids: string[],
): Promise<{ id: string; branch_id: string; name: string }[]> {
  return tx.query<{ id: string; branch_id: string; name: string }>(
    `SELECT id, branch_id, name FROM departments WHERE workspace_id = $1 AND id = ANY($2::uuid[]) FOR UPDATE`,
    [workspaceId, ids],
  );
}

/** Deletes the departments; their people keep their unit and lose the department. Answers how many people that was. */
export async function deleteDepartmentRows(tx: Sql, workspaceId: string, ids: string[]): Promise<number> {
  const cleared = await tx.query<{ id: string }>(
    `UPDATE users SET department_id = NULL, updated_at = now() WHERE workspace_id = $1 AND department_id = ANY($2::uuid[]) RETURNING id`,
    [workspaceId, ids],
  );
  await tx.query(`DELETE FROM departments WHERE workspace_id = $1 AND id = ANY($2::uuid[])`, [workspaceId, ids]);
  return cleared.length;
}

export async function activePersonExists(tx: Sql, workspaceId: string, userId: string): Promise<boolean> {
  return (
    (
      await tx.query(`SELECT 1 FROM users WHERE workspace_id = $1 AND id = $2 AND status <> 'INACTIVE'`, [
        workspaceId,
        userId,
      ])
    ).length > 0
  );
}

/** Appoints a manager, or changes the role of one already appointed. */
export async function upsertManager(
  tx: Sql,
  workspaceId: string,
  departmentId: string,
  userId: string,
  role: DepartmentManager['role'],
  by: string,
): Promise<void> {
  await tx.query(
    `INSERT INTO department_managers (workspace_id, department_id, user_id, role, appointed_by) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (workspace_id, department_id, user_id) DO UPDATE SET role = EXCLUDED.role`,
    [workspaceId, departmentId, userId, role, by],
  );
}

/** False when the person was not a manager of the department. */
export async function deleteManager(
  tx: Sql,
  workspaceId: string,
  departmentId: string,
  userId: string,
): Promise<boolean> {
  const removed = await tx.query(
    `DELETE FROM department_managers WHERE workspace_id = $1 AND department_id = $2 AND user_id = $3 RETURNING user_id`,
    [workspaceId, departmentId, userId],
  );
  return removed.length > 0;
}

export async function managers(tx: Sql, workspaceId: string, departmentId: string): Promise<DepartmentManager[]> {
  const rows = await tx.query<{
    user_id: string;
    first_name: string;
    last_name: string;
    email: string;
    role: 'HEAD' | 'MANAGER';
    appointed_at: Date;
  }>(
    `SELECT m.user_id, u.first_name, u.last_name, u.email, m.role, m.appointed_at
       FROM department_managers m JOIN users u ON u.workspace_id = m.workspace_id AND u.id = m.user_id
      WHERE m.workspace_id = $1 AND m.department_id = $2
      ORDER BY m.role, lower(u.first_name), lower(u.last_name)`,
    [workspaceId, departmentId],
  );
  return rows.map((r) => ({
    userId: r.user_id,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    role: r.role,
    appointedAt: new Date(r.appointed_at).toISOString(),
  }));
}

/** Up to 20 active people whose name or email contains the search. */
export async function managerCandidateRows(tx: Sql, workspaceId: string, search: string): Promise<UserChoice[]> {
  const rows = await tx.query<{
    id: string;
    first_name: string;
    last_name: string;
    email: string;
    branch_name: string | null;
  }>(
    `SELECT u.id, u.first_name, u.last_name, u.email, b.name AS branch_name
       FROM users u LEFT JOIN branches b ON b.workspace_id = u.workspace_id AND b.id = u.branch_id
      WHERE u.workspace_id = $1 AND u.status <> 'INACTIVE'
        AND ($2::text IS NULL OR u.email ILIKE '%' || $2 || '%' OR (u.first_name || ' ' || u.last_name) ILIKE '%' || $2 || '%')
      ORDER BY lower(u.first_name), lower(u.last_name), u.email
      LIMIT 20`,
    [workspaceId, likeText(search)],
  );
  return rows.map((r) => ({
    userId: r.id,
    name: `${r.first_name} ${r.last_name}`.trim() || r.email,
    email: r.email,
    branchName: r.branch_name,
  }));
}
