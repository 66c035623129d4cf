import type { Role } from '../../../src/domain/auth/roles';
import type { Sql } from '../../platform/db/database';

/** The ids among these that are business units of the workspace. */
export async function knownUnits(tx: Sql, workspaceId: string, branchIds: readonly string[]): Promise<Set<string>> {
  const found = await tx.query<{ id: string }>(
    `SELECT id FROM branches WHERE workspace_id = $1 AND id = ANY($2::uuid[])`,
    [workspaceId, branchIds],
  );
  return new Set(found.map((r) => r.id));
}

/** The business unit of each of these departments of the workspace. */
export async function unitsOfDepartments(
  tx: Sql,
  workspaceId: string,
  departmentIds: readonly string[],
): Promise<Map<string, string>> {
  const rows = await tx.query<{ id: string; branch_id: string }>(
    `SELECT id, branch_id FROM departments WHERE workspace_id = $1 AND id = ANY($2::uuid[])`,
    [workspaceId, departmentIds],
  );
  return new Map(rows.map((d) => [d.id, d.branch_id]));
}

/**
 * The status of each account of the workspace with one of these (lower-cased) emails. The people are found through
 * `user_ids_by_email` (migration 0177), which reads the email index: on users directly, in a tenant transaction,
 * `lower(email) = ...` is a filter over every user of the workspace (row-level security keeps a non-leakproof
 * condition off the index). The same for the two lookups below.
 */
export async function accountsByEmail(
  tx: Sql,
  workspaceId: string,
  emails: readonly string[],
): Promise<Map<string, string>> {
  const existing = await tx.query<{ email: string; status: string }>(
    `SELECT e.email, u.status FROM user_ids_by_email($1::uuid, $2::text[]) e
       JOIN users u ON u.workspace_id = $1 AND u.id = e.id`,
    [workspaceId, emails],
  );
  return new Map(existing.map((e) => [e.email, e.status]));
}

export interface NewInvitee {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  branchId: string;
  departmentId?: string | null;
}

/** The new people, invited, with an (unsent) invitation each. */
export async function insertInvitees(tx: Sql, workspaceId: string, fresh: readonly NewInvitee[]): Promise<void> {
  await tx.query(
    `INSERT INTO users (workspace_id, id, email, first_name, last_name, role, branch_id, department_id, status)
     SELECT $1, t.id, t.email, t.first_name, t.last_name, t.role, t.branch_id, t.department_id, 'INVITED'
       FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::uuid[], $8::uuid[])
            AS t(id, email, first_name, last_name, role, branch_id, department_id)`,
    [
      workspaceId,
      fresh.map((f) => f.id),
      fresh.map((f) => f.email),
      fresh.map((f) => f.firstName),
      fresh.map((f) => f.lastName),
      fresh.map((f) => f.role),
      fresh.map((f) => f.branchId),
      fresh.map((f) => f.departmentId ?? null),
    ],
  );
  await tx.query(
    `INSERT INTO invites (workspace_id, user_id, branch_id) SELECT $1, t.user_id, t.branch_id FROM unnest($2::uuid[], $3::uuid[]) AS t(user_id, branch_id)`,
    [workspaceId, fresh.map((f) => f.id), fresh.map((f) => f.branchId)],
  );
}

export interface InvitedPersonRow {
  id: string;
  role: Role;
  status: string;
  has_password: boolean;
  has_invite: boolean;
  claimed: boolean;
}

/** The person with this email in this unit (and within `reach`, a unit or null for all), locked; or null. */
export async function invitedPersonRow(
  tx: Sql,
  workspaceId: string,
  branchId: string,
  email: string,
  reach: string | null,
): Promise<InvitedPersonRow | null> {
  const [person] = await tx.query<InvitedPersonRow>(
    `SELECT u.id, u.role, u.status, u.password_hash IS NOT NULL AS has_password, i.user_id IS NOT NULL AS has_invite, i.claimed_at IS NOT NULL AS claimed
       FROM user_ids_by_email($1::uuid, ARRAY[$2::text]) e
       JOIN users u ON u.workspace_id = $1 AND u.id = e.id
       LEFT JOIN invites i ON i.workspace_id = u.workspace_id AND i.user_id = u.id
      WHERE u.branch_id = $3 AND ($4::uuid IS NULL OR u.branch_id = $4)
      FOR UPDATE OF u`,
    [workspaceId, email, branchId, reach],
  );
  return person ?? null;
}

/** The ids of the people with these (lower-cased) emails, within `reach` (a unit, or null for all). */
export async function peopleByEmail(
  tx: Sql,
  workspaceId: string,
  emails: readonly string[],
  reach: string | null,
): Promise<string[]> {
  const people = await tx.query<{ id: string }>(
    `SELECT u.id FROM user_ids_by_email($1::uuid, $2::text[]) e
       JOIN users u ON u.workspace_id = $1 AND u.id = e.id
      WHERE ($3::uuid IS NULL OR u.branch_id = $3)`,
    [workspaceId, emails, reach],
  );
  return people.map((p) => p.id);
}

export async function deleteInvitedUser(tx: Sql, workspaceId: string, userId: string): Promise<void> {
  await tx.query(`DELETE FROM users WHERE workspace_id = $1 AND id = $2`, [workspaceId, userId]);
}

export async function deleteInvitation(tx: Sql, workspaceId: string, userId: string): Promise<void> {
  await tx.query(`DELETE FROM invites WHERE workspace_id = $1 AND user_id = $2`, [workspaceId, userId]);
}
