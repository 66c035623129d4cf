import type { Sql } from '../../platform/db/database';
import { notFound } from '../../platform/errors';

/**
 * The workspace's people, read straight from the main API's `users`, `branches` and `departments` tables.
 * In the default deployment both APIs share one database, so a join is the cheapest correct answer;
 * docs/learning.md describes the split-deployment alternative (a replicated directory). Only this file
 * knows the main API's tables.
 */
export interface PeopleFilter {
  branchId?: string;
  departmentId?: string;
  startJoiningDate?: string;
  endJoiningDate?: string;
  search?: string;
}

/** `null`: every business unit; otherwise the one unit the caller may see. */
export type UnitScope = string | null;

/** Builds the WHERE clause for users `u` of `$1` (the workspace); pushes its values after `params`. */
export function peopleWhere(filter: PeopleFilter, scope: UnitScope, params: unknown[]): string {
  const clauses = ['u.workspace_id = $1', `u.status <> 'INACTIVE'`];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    clauses.push(sql(`$${params.length}`));
  };
  if (scope) add((n) => `u.branch_id = ${n}::uuid`, scope);
  if (filter.branchId) add((n) => `u.branch_id = ${n}::uuid`, filter.branchId);
  if (filter.departmentId) add((n) => `u.department_id = ${n}::uuid`, filter.departmentId);
  if (filter.startJoiningDate) add((n) => `u.date_of_joining >= ${n}::date`, filter.startJoiningDate);
  if (filter.endJoiningDate) add((n) => `u.date_of_joining <= ${n}::date`, filter.endJoiningDate);
  if (filter.search) {
    const pattern = `%${filter.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    add((n) => `(lower(u.first_name || ' ' || u.last_name) LIKE ${n} OR lower(u.email) LIKE ${n})`, pattern);
  }
  return clauses.join(' AND ');
}

/**
 * A filter may only name a business unit and department of this workspace that the caller may see:
 * anything else is "not found", whether it belongs to another workspace or to another unit.
 */
export async function checkFilterTargets(
  tx: Sql,
  workspaceId: string,
  filter: PeopleFilter,
  scope: UnitScope,
): Promise<void> {
  if (filter.branchId) {
    const rows = await tx.query(`SELECT 1 FROM branches WHERE workspace_id = $1 AND id = $2`, [
      workspaceId,
      filter.branchId,
    ]);
    if (rows.length === 0 || (scope && filter.branchId !== scope)) throw notFound('Business unit not found');
  }
  if (filter.departmentId) {
    const rows = await tx.query<{ branch_id: string }>(
      `SELECT branch_id FROM departments WHERE workspace_id = $1 AND id = $2`,
      [workspaceId, filter.departmentId],
    );
    if (rows.length === 0 || (scope && rows[0].branch_id !== scope)) throw notFound('Department not found');
  }
}

/** The ids among `ids` that are people of this workspace, with their business unit. */
export async function findPeople(
  tx: Sql,
  workspaceId: string,
  ids: readonly string[],
): Promise<Map<string, string | null>> {
  const rows = await tx.query<{ id: string; branch_id: string | null }>(
    `SELECT id, branch_id FROM users WHERE workspace_id = $1 AND id = ANY($2::uuid[]) AND status <> 'INACTIVE'`,
    [workspaceId, ids],
  );
  return new Map(rows.map((r) => [r.id, r.branch_id]));
}

/** The joins that name a user's business unit and department. */
export const PEOPLE_JOINS = `
  LEFT JOIN branches b ON b.workspace_id = u.workspace_id AND b.id = u.branch_id
  LEFT JOIN departments d ON d.workspace_id = u.workspace_id AND d.id = u.department_id`;
