import type { Sql } from '../../platform/db/database';
import { conflict, HttpError } from '../../platform/errors';
import type { BusinessUnit, DepartmentRow } from '../../../src/contracts/main/organisation.contract';

/** The business units of a workspace with their counts; `ids` narrows to some. */
export async function businessUnits(
  tx: Sql,
  workspaceId: string,
  filter: { ids?: string[] | null; search?: string | null; limit?: number; offset?: number } = {},
): Promise<{ items: BusinessUnit[]; total: number }> {
  const rows = await tx.query<{
    id: string;
    name: string;
    headquarter: boolean;
    background_color: string | null;
    user_count: number;
    department_count: number;
    total: number;
  }>(
    `SELECT b.id, b.name, b.headquarter, b.background_color,
            (SELECT count(*)::int FROM users u WHERE u.workspace_id = b.workspace_id AND u.branch_id = b.id) AS user_count,
            (SELECT count(*)::int FROM departments d WHERE d.workspace_id = b.workspace_id AND d.branch_id = b.id) AS department_count,
            count(*) OVER ()::int AS total
       FROM branches b
      WHERE b.workspace_id = $1
        AND ($2::uuid[] IS NULL OR b.id = ANY($2))
        AND ($3::text IS NULL OR b.name ILIKE '%' || $3 || '%')
      ORDER BY b.headquarter DESC, lower(b.name)
      LIMIT $4 OFFSET $5`,
    [workspaceId, filter.ids ?? null, likeText(filter.search), filter.limit ?? 1000, filter.offset ?? 0],
  );
  return {
    items: rows.map((r) => ({
      branchId: r.id,
      branchName: r.name,
      headquarter: r.headquarter,
      backgroundColor: r.background_color,
      userCount: r.user_count,
      departmentCount: r.department_count,
    })),
    total: rows[0]?.total ?? 0,
  };
}

export async function businessUnit(tx: Sql, workspaceId: string, id: string): Promise<BusinessUnit | null> {
  return (await businessUnits(tx, workspaceId, { ids: [id] })).items[0] ?? null;
}

/** Serialises changes to a workspace's units (one headquarters always) by locking its unit rows. */
export async function lockUnits(tx: Sql, workspaceId: string): Promise<{ id: string; name: string; headquarter: boolean }[]> {
  return tx.query(`SELECT id, name, headquarter FROM branches WHERE workspace_id = $1 ORDER BY id FOR UPDATE`, [workspaceId]);
}

export async function departmentRows(
  tx: Sql,
  workspaceId: string,
  filter: { ids?: string[] | null; branchId?: string | null; search?: string | null; limit?: number; offset?: number } = {},
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
    [workspaceId, filter.ids ?? null, filter.branchId ?? null, likeText(filter.search), filter.limit ?? 1000, filter.offset ?? 0],
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

/** `%` and `_` typed by a person are searched for literally. */
function likeText(search: string | null | undefined): string | null {
  const text = search?.trim();
  return text ? text.replace(/[\\%_]/g, (c) => `\\${c}`) : null;
}

/** A unique index (a name taken) answers 409 naming the field; a row still referenced answers 409 too, never 500. */
export function constraintError(error: unknown, field: string, message: string): unknown {
  const code = (error as { code?: string }).code;
  if (code === '23505') return conflict(message, { [field]: message });
  if (code === '23503') return new HttpError(409, 'CONFLICT', 'Something else still refers to this; nothing was changed');
  return error;
}
