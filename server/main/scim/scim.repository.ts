import type { Database, Sql } from '../../platform/db/database';

/** A person as SCIM reads them (docs/integrations.md, "Mapping"). */
export interface ScimUserRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  designation: string | null;
  employee_id: string | null;
  status: 'INVITED' | 'ACTIVE' | 'INACTIVE';
  role: string;
  scim_external_id: string | null;
  manager_id: string | null;
  branch_id: string | null;
  department_id: string | null;
  department_name: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface ScimGroupRow {
  id: string;
  name: string;
  created_at: Date | string;
  members: { id: string; name: string }[];
}

export type GroupKind = 'DEPARTMENT' | 'BUSINESS_UNIT';

/** The attributes a filter may compare, and their columns. */
export type UserFilter = { column: 'email' | 'scim_external_id' | 'id'; value: string } | null;

/**
 * Ids come from the provider as text. Compared as uuids (`id = $1::uuid`), never as `id::text = $1`, which no index
 * serves: that scanned every person of the workspace on each call. Text that is no uuid names no one.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (id: string) => UUID.test(id);
const uuids = (ids: readonly string[]) => ids.filter(isUuid);

const USER_COLUMNS = `u.id, u.email, u.first_name, u.last_name, u.designation, u.employee_id, u.status, u.role,
  u.scim_external_id, u.manager_id, u.branch_id, u.department_id, d.name AS department_name, u.created_at, u.updated_at`;
const USER_FROM = `users u LEFT JOIN departments d ON d.workspace_id = u.workspace_id AND d.id = u.department_id`;

export async function groupKindOf(db: Database, workspaceId: string): Promise<GroupKind> {
  const [row] = await db.system((tx) =>
    tx.query<{ scim_groups: GroupKind }>(`SELECT scim_groups FROM workspaces WHERE id = $1`, [workspaceId]),
  );
  return row?.scim_groups ?? 'DEPARTMENT';
}

export async function setGroupKind(db: Database, workspaceId: string, kind: GroupKind): Promise<void> {
  await db.system((tx) => tx.query(`UPDATE workspaces SET scim_groups = $2 WHERE id = $1`, [workspaceId, kind]));
}

export async function listUsers(
  tx: Sql,
  workspaceId: string,
  filter: UserFilter,
  offset: number,
  limit: number,
): Promise<{ total: number; rows: ScimUserRow[] }> {
  const where = ['u.workspace_id = $1', 'u.scim_deleted_at IS NULL'];
  const params: unknown[] = [workspaceId];
  if (filter?.column === 'id' && !isUuid(filter.value)) return { total: 0, rows: [] };
  if (filter) {
    params.push(filter.value);
    // Through the email index (`user_ids_by_email`, migration 0177): `lower(u.email) = ...` in a tenant transaction
    // is a filter over every user of the workspace (row-level security keeps it off the index).
    if (filter.column === 'email')
      where.push(`u.id IN (SELECT e.id FROM user_ids_by_email($1::uuid, ARRAY[$${params.length}::text]) e)`);
    else if (filter.column === 'id') where.push(`u.id = $${params.length}::uuid`);
    else where.push(`u.scim_external_id = $${params.length}`);
  }
  const [{ total }] = await tx.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM users u WHERE ${where.join(' AND ')}`,
    params,
  );
  const rows = await tx.query<ScimUserRow>(
    `SELECT ${USER_COLUMNS} FROM ${USER_FROM} WHERE ${where.join(' AND ')}
      ORDER BY u.created_at, u.id OFFSET $${params.length + 1} LIMIT $${params.length + 2}`,
    [...params, offset, limit],
  );
  return { total, rows };
}

export async function findUser(tx: Sql, workspaceId: string, id: string, lock = false): Promise<ScimUserRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await tx.query<ScimUserRow>(
    `SELECT ${USER_COLUMNS} FROM ${USER_FROM}
      WHERE u.workspace_id = $1 AND u.id = $2::uuid AND u.scim_deleted_at IS NULL ${lock ? 'FOR UPDATE OF u' : ''}`,
    [workspaceId, id],
  );
  return row ?? null;
}

/** Anyone holding this email or external id, deleted by SCIM or not: a create must not make a second account. */
export async function findByIdentity(
  tx: Sql,
  workspaceId: string,
  email: string,
  externalId: string | null,
): Promise<{ id: string; deleted: boolean; email: string; external_id: string | null }[]> {
  return tx.query(
    // Two index lookups (the email's, the external id's) rather than one OR, which a generic plan may scan for. The
    // email's through `user_ids_by_email` (migration 0177): on users directly, under row-level security, `lower(email)`
    // is a filter over every user of the workspace.
    `SELECT u.id, u.scim_deleted_at IS NOT NULL AS deleted, u.email, u.scim_external_id AS external_id
       FROM user_ids_by_email($1::uuid, ARRAY[$2::text]) e JOIN users u ON u.workspace_id = $1 AND u.id = e.id
     UNION
     SELECT id, scim_deleted_at IS NOT NULL AS deleted, email, scim_external_id AS external_id FROM users
      WHERE workspace_id = $1 AND scim_external_id = $3::text`,
    [workspaceId, email, externalId],
  );
}

export async function headquartersOf(tx: Sql, workspaceId: string): Promise<string | null> {
  const [row] = await tx.query<{ id: string }>(
    `SELECT id FROM branches WHERE workspace_id = $1 ORDER BY headquarter DESC, created_at LIMIT 1`,
    [workspaceId],
  );
  return row?.id ?? null;
}

/** A department of this name in the business unit, made when missing (the provider names departments as text). */
export async function departmentNamed(tx: Sql, workspaceId: string, branchId: string, name: string): Promise<string> {
  const [found] = await tx.query<{ id: string }>(
    `SELECT id FROM departments WHERE workspace_id = $1 AND branch_id = $2 AND lower(name) = lower($3)`,
    [workspaceId, branchId, name],
  );
  if (found) return found.id;
  const [made] = await tx.query<{ id: string }>(
    `INSERT INTO departments (workspace_id, branch_id, name) VALUES ($1, $2, $3) RETURNING id`,
    [workspaceId, branchId, name],
  );
  return made.id;
}

export async function userExists(tx: Sql, workspaceId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await tx.query(`SELECT 1 FROM users WHERE workspace_id = $1 AND id = $2::uuid`, [workspaceId, id]);
  return rows.length > 0;
}

export interface UserWrite {
  email: string;
  firstName: string;
  lastName: string;
  designation: string | null;
  employeeId: string | null;
  externalId: string | null;
  managerId: string | null;
  branchId: string | null;
  departmentId: string | null;
  active: boolean;
}

export async function insertUser(tx: Sql, workspaceId: string, user: UserWrite): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO users (workspace_id, email, first_name, last_name, designation, employee_id, scim_external_id, manager_id,
                        branch_id, department_id, role, status)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'EMPLOYEE', $11) RETURNING id`,
    [
      workspaceId,
      user.email,
      user.firstName,
      user.lastName,
      user.designation,
      user.employeeId,
      user.externalId,
      user.managerId,
      user.branchId,
      user.departmentId,
      user.active ? 'ACTIVE' : 'INACTIVE',
    ],
  );
  return row.id;
}

/** Writes every SCIM-held attribute; `status` only moves between ACTIVE and INACTIVE (an invited person stays invited). */
export async function updateUser(tx: Sql, workspaceId: string, id: string, user: UserWrite): Promise<void> {
  await tx.query(
    `UPDATE users SET email = $3, first_name = $4, last_name = $5, designation = $6, employee_id = $7,
            scim_external_id = $8, manager_id = $9, branch_id = $10, department_id = $11,
            status = CASE WHEN NOT $12::boolean THEN 'INACTIVE'
                          WHEN status = 'INACTIVE' THEN 'ACTIVE' ELSE status END,
            scim_deleted_at = NULL, updated_at = now()
      WHERE workspace_id = $1 AND id = $2`,
    [
      workspaceId,
      id,
      user.email,
      user.firstName,
      user.lastName,
      user.designation,
      user.employeeId,
      user.externalId,
      user.managerId,
      user.branchId,
      user.departmentId,
      user.active,
    ],
  );
}

/** Deprovisioned: inactive, every session ended at once. Rows (training, complaints) stay. */
export async function deactivate(tx: Sql, workspaceId: string, id: string, deleted: boolean): Promise<void> {
  await tx.query(
    `UPDATE users SET status = 'INACTIVE', updated_at = now(),
            scim_deleted_at = CASE WHEN $3 THEN now() ELSE scim_deleted_at END
      WHERE workspace_id = $1 AND id = $2`,
    [workspaceId, id, deleted],
  );
  await tx.query(
    `UPDATE sessions SET revoked_at = now() WHERE workspace_id = $1 AND user_id = $2 AND revoked_at IS NULL`,
    [workspaceId, id],
  );
}

export async function activeAdminsOtherThan(tx: Sql, workspaceId: string, id: string): Promise<number> {
  const [row] = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM users
      WHERE workspace_id = $1 AND id <> $2 AND role = 'WORKSPACE_ADMIN' AND status = 'ACTIVE'`,
    [workspaceId, id],
  );
  return row.n;
}

// ---- Groups: departments or business units.

export async function listGroups(
  tx: Sql,
  workspaceId: string,
  kind: GroupKind,
  nameFilter: string | null,
  idFilter: string | null,
  offset: number,
  limit: number,
  withMembers: boolean,
): Promise<{ total: number; rows: ScimGroupRow[] }> {
  const table = kind === 'DEPARTMENT' ? 'departments' : 'branches';
  const memberColumn = kind === 'DEPARTMENT' ? 'department_id' : 'branch_id';
  const where = ['g.workspace_id = $1'];
  const params: unknown[] = [workspaceId];
  if (nameFilter !== null) {
    params.push(nameFilter);
    where.push(`lower(g.name) = lower($${params.length})`);
  }
  if (idFilter !== null) {
    if (!isUuid(idFilter)) return { total: 0, rows: [] };
    params.push(idFilter);
    where.push(`g.id = $${params.length}::uuid`);
  }
  const [{ total }] = await tx.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM ${table} g WHERE ${where.join(' AND ')}`,
    params,
  );
  const members = withMembers
    ? `coalesce((SELECT json_agg(json_build_object('id', u.id, 'name', trim(u.first_name || ' ' || u.last_name)) ORDER BY u.created_at)
           FROM users u WHERE u.workspace_id = g.workspace_id AND u.${memberColumn} = g.id AND u.scim_deleted_at IS NULL), '[]'::json)`
    : `'[]'::json`;
  const rows = await tx.query<ScimGroupRow>(
    `SELECT g.id, g.name, g.created_at, ${members} AS members FROM ${table} g WHERE ${where.join(' AND ')}
      ORDER BY g.created_at, g.id OFFSET $${params.length + 1} LIMIT $${params.length + 2}`,
    [...params, offset, limit],
  );
  return { total, rows };
}

export async function insertGroup(tx: Sql, workspaceId: string, kind: GroupKind, name: string): Promise<string> {
  if (kind === 'BUSINESS_UNIT') {
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO branches (workspace_id, name) VALUES ($1, $2) RETURNING id`,
      [workspaceId, name],
    );
    return row.id;
  }
  const hq = await headquartersOf(tx, workspaceId);
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO departments (workspace_id, branch_id, name) VALUES ($1, $2, $3) RETURNING id`,
    [workspaceId, hq, name],
  );
  return row.id;
}

export async function groupNameTaken(tx: Sql, workspaceId: string, kind: GroupKind, name: string): Promise<boolean> {
  const table = kind === 'DEPARTMENT' ? 'departments' : 'branches';
  const rows = await tx.query(`SELECT 1 FROM ${table} WHERE workspace_id = $1 AND lower(name) = lower($2)`, [
    workspaceId,
    name,
  ]);
  return rows.length > 0;
}

export async function renameGroup(
  tx: Sql,
  workspaceId: string,
  kind: GroupKind,
  id: string,
  name: string,
): Promise<void> {
  const table = kind === 'DEPARTMENT' ? 'departments' : 'branches';
  await tx.query(`UPDATE ${table} SET name = $3 WHERE workspace_id = $1 AND id = $2`, [workspaceId, id, name]);
}

/** Puts people in a group: their department (in the department's business unit) or their business unit. */
export async function addMembers(
  tx: Sql,
  workspaceId: string,
  kind: GroupKind,
  groupId: string,
  userIds: string[],
): Promise<number> {
  const rows =
    kind === 'DEPARTMENT'
      ? await tx.query(
          `UPDATE users u SET department_id = d.id, branch_id = d.branch_id, updated_at = now()
             FROM departments d
            WHERE u.workspace_id = $1 AND d.workspace_id = $1 AND d.id = $2 AND u.id = ANY($3::uuid[])
              AND u.scim_deleted_at IS NULL
           RETURNING u.id`,
          [workspaceId, groupId, uuids(userIds)],
        )
      : await tx.query(
          `UPDATE users u SET branch_id = $2, updated_at = now(),
                  department_id = CASE WHEN (SELECT d.branch_id FROM departments d
                                              WHERE d.workspace_id = u.workspace_id AND d.id = u.department_id) = $2
                                       THEN u.department_id END
            WHERE u.workspace_id = $1 AND u.id = ANY($3::uuid[]) AND u.scim_deleted_at IS NULL
              AND EXISTS (SELECT 1 FROM branches b WHERE b.workspace_id = $1 AND b.id = $2)
           RETURNING u.id`,
          [workspaceId, groupId, uuids(userIds)],
        );
  return rows.length;
}

/** Takes people out of a group: out of the department; out of a business unit back to the headquarters. */
export async function removeMembers(
  tx: Sql,
  workspaceId: string,
  kind: GroupKind,
  groupId: string,
  userIds: string[] | null,
): Promise<void> {
  if (kind === 'DEPARTMENT') {
    await tx.query(
      `UPDATE users SET department_id = NULL, updated_at = now()
        WHERE workspace_id = $1 AND department_id = $2 AND ($3::uuid[] IS NULL OR id = ANY($3::uuid[]))`,
      [workspaceId, groupId, userIds && uuids(userIds)],
    );
    return;
  }
  const hq = await headquartersOf(tx, workspaceId);
  await tx.query(
    `UPDATE users SET branch_id = $4, department_id = NULL, updated_at = now()
      WHERE workspace_id = $1 AND branch_id = $2 AND ($3::uuid[] IS NULL OR id = ANY($3::uuid[]))`,
    [workspaceId, groupId, userIds && uuids(userIds), hq],
  );
}

// ---- Bulk: the same reads and writes for many people in one statement each.

/** Everyone holding one of these emails (any case) or external ids, deleted by SCIM or not. */
export async function findByIdentities(
  tx: Sql,
  workspaceId: string,
  emails: string[],
  externalIds: string[],
): Promise<{ id: string; deleted: boolean; email: string; external_id: string | null }[]> {
  if (emails.length === 0 && externalIds.length === 0) return [];
  return tx.query(
    `SELECT u.id, u.scim_deleted_at IS NOT NULL AS deleted, e.email, u.scim_external_id AS external_id
       FROM user_ids_by_email($1::uuid, $2::text[]) e JOIN users u ON u.workspace_id = $1 AND u.id = e.id
     UNION
     SELECT id, scim_deleted_at IS NOT NULL AS deleted, lower(email) AS email, scim_external_id AS external_id FROM users
      WHERE workspace_id = $1 AND scim_external_id = ANY($3::text[])`,
    [workspaceId, emails, externalIds],
  );
}

/** Which of these ids are people of the workspace. */
export async function existingUserIds(tx: Sql, workspaceId: string, ids: string[]): Promise<Set<string>> {
  const valid = uuids(ids);
  if (valid.length === 0) return new Set();
  const rows = await tx.query<{ id: string }>(
    `SELECT id::text AS id FROM users WHERE workspace_id = $1 AND id = ANY($2::uuid[])`,
    [workspaceId, valid],
  );
  return new Set(rows.map((r) => r.id));
}

/** Inserts people as `insertUser` does, in one statement; answers their ids in the order given. */
export async function insertUsers(tx: Sql, workspaceId: string, users: UserWrite[]): Promise<string[]> {
  if (users.length === 0) return [];
  const column = <T>(pick: (u: UserWrite) => T) => users.map(pick);
  const rows = await tx.query<{ id: string; n: number }>(
    `WITH input AS (
       SELECT * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::uuid[],
                            $9::uuid[], $10::uuid[], $11::text[])
         WITH ORDINALITY AS t(email, first_name, last_name, designation, employee_id, scim_external_id, manager_id,
                              branch_id, department_id, status, n)
     ), made AS (
       INSERT INTO users (workspace_id, email, first_name, last_name, designation, employee_id, scim_external_id,
                          manager_id, branch_id, department_id, role, status)
       SELECT $1, email, first_name, last_name, designation, employee_id, scim_external_id, manager_id, branch_id,
              department_id, 'EMPLOYEE', status
         FROM input ORDER BY n
       RETURNING id, email
     )
     SELECT made.id, input.n::int AS n FROM made JOIN input ON input.email = made.email ORDER BY input.n`,
    [
      workspaceId,
      column((u) => u.email),
      column((u) => u.firstName),
      column((u) => u.lastName),
      column((u) => u.designation),
      column((u) => u.employeeId),
      column((u) => u.externalId),
      column((u) => u.managerId),
      column((u) => u.branchId),
      column((u) => u.departmentId),
      column((u) => (u.active ? 'ACTIVE' : 'INACTIVE')),
    ],
  );
  return rows.map((r) => r.id);
}
