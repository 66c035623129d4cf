import type { BusinessUnit } from '../../../src/contracts/main/organisation.contract';
import type { Sql } from '../../platform/db/database';
import { likeText } from './organisation.repository';

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
export async function lockUnits(
  tx: Sql,
  workspaceId: string,
): Promise<{ id: string; name: string; headquarter: boolean }[]> {
  return tx.query(`SELECT id, name, headquarter FROM branches WHERE workspace_id = $1 ORDER BY id FOR UPDATE`, [
    workspaceId,
  ]);
}

export async function clearHeadquarters(tx: Sql, workspaceId: string): Promise<void> {
  await tx.query(`UPDATE branches SET headquarter = false WHERE workspace_id = $1 AND headquarter`, [workspaceId]);
}

export async function insertBusinessUnit(
  tx: Sql,
  workspaceId: string,
  name: string,
  headquarter: boolean,
): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO branches (workspace_id, name, headquarter) VALUES ($1, $2, $3) RETURNING id`,
    [workspaceId, name, headquarter],
  );
  return row.id;
}

export async function renameBusinessUnit(tx: Sql, workspaceId: string, id: string, name: string): Promise<void> {
  await tx.query(`UPDATE branches SET name = $3 WHERE workspace_id = $1 AND id = $2`, [workspaceId, id, name]);
}

/** Moves the headquarters to the unit `id` (a workspace has one). */
export async function moveHeadquarters(tx: Sql, workspaceId: string, id: string): Promise<void> {
  await clearHeadquarters(tx, workspaceId);
  await tx.query(`UPDATE branches SET headquarter = true WHERE workspace_id = $1 AND id = $2`, [workspaceId, id]);
}

export async function countPeopleIn(tx: Sql, workspaceId: string, unitIds: string[]): Promise<number> {
  const [{ people }] = await tx.query<{ people: number }>(
    `SELECT count(*)::int AS people FROM users WHERE workspace_id = $1 AND branch_id = ANY($2::uuid[])`,
    [workspaceId, unitIds],
  );
  return people;
}

/**
 * Deletes the units, with their departments. People move to `target` with no department (their old departments go
 * with the unit); anyone elsewhere still pointing at a doomed department loses only the department; invites follow
 * their people; workflow versions drop the deleted units from their lists (workflow_branches rows go by cascade;
 * widening a workflow to the target unit is left to its owner).
 */
export async function deleteBusinessUnits(
  tx: Sql,
  workspaceId: string,
  unitIds: string[],
  target: string | null,
): Promise<{ movedUsers: number; deletedDepartments: number }> {
  const moved = target
    ? await tx.query<{ id: string }>(
        `UPDATE users SET branch_id = $3, department_id = NULL, updated_at = now()
          WHERE workspace_id = $1 AND branch_id = ANY($2::uuid[]) RETURNING id`,
        [workspaceId, unitIds, target],
      )
    : [];
  await tx.query(
    `UPDATE users SET department_id = NULL, updated_at = now()
      WHERE workspace_id = $1 AND department_id IN (SELECT id FROM departments WHERE workspace_id = $1 AND branch_id = ANY($2::uuid[]))`,
    [workspaceId, unitIds],
  );
  await tx.query(`UPDATE invites SET branch_id = $3 WHERE workspace_id = $1 AND branch_id = ANY($2::uuid[])`, [
    workspaceId,
    unitIds,
    target,
  ]);
  await tx.query(
    `UPDATE workflow_versions SET branch_ids = ARRAY(SELECT x FROM unnest(branch_ids) AS x WHERE x <> ALL($2::uuid[])), updated_at = now()
      WHERE workspace_id = $1 AND branch_ids && $2::uuid[]`,
    [workspaceId, unitIds],
  );
  const departments = await tx.query<{ id: string }>(
    `DELETE FROM departments WHERE workspace_id = $1 AND branch_id = ANY($2::uuid[]) RETURNING id`,
    [workspaceId, unitIds],
  );
  await tx.query(`DELETE FROM branches WHERE workspace_id = $1 AND id = ANY($2::uuid[])`, [workspaceId, unitIds]);
  return { movedUsers: moved.length, deletedDepartments: departments.length };
}

/** Sets a unit's colour; false when there is no such unit. */
export async function setBusinessUnitColour(
  tx: Sql,
  workspaceId: string,
  id: string,
  colour: string,
): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE branches SET background_color = $3 WHERE workspace_id = $1 AND id = $2 RETURNING id`,
    [workspaceId, id, colour],
  );
  return rows.length > 0;
}
