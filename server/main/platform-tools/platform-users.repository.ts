import type { PlatformUser } from '../../../src/contracts/main/platform-users.contract';
import type { Sql } from '../../platform/db/database';

export interface UserRow {
  id: string;
  workspace_id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: PlatformUser['role'];
  status: PlatformUser['status'];
  created_at: Date | string;
}

const USER_COLUMNS = 'id, workspace_id, email, first_name, last_name, role, status, created_at';

/** The workspace a platform action is about, or null. */
export async function targetWorkspace(tx: Sql, id: string): Promise<{ id: string } | null> {
  const [found] = await tx.query<{ id: string }>('SELECT id FROM workspaces WHERE id = $1', [id]);
  return found ?? null;
}

/** A user of the workspace by id and/or email (either may be absent), locked for update when asked; or null. */
export async function findUser(
  tx: Sql,
  workspaceId: string,
  by: { userId?: string; email?: string },
  lock = false,
): Promise<UserRow | null> {
  const [row] = await tx.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users
      WHERE workspace_id = $1 AND ($2::uuid IS NULL OR id = $2) AND ($3::text IS NULL OR lower(email) = $3)
      ${lock ? 'FOR UPDATE' : ''}`,
    [workspaceId, by.userId ?? null, by.email?.toLowerCase() ?? null],
  );
  return row ?? null;
}

/** Whether another user of the workspace than `exceptId` has this email (lower-cased). */
export async function emailTaken(tx: Sql, workspaceId: string, email: string, exceptId: string): Promise<boolean> {
  const [taken] = await tx.query('SELECT 1 FROM users WHERE workspace_id = $1 AND lower(email) = $2 AND id <> $3', [
    workspaceId,
    email,
    exceptId,
  ]);
  return Boolean(taken);
}

export async function updateUser(
  tx: Sql,
  workspaceId: string,
  userId: string,
  next: Pick<UserRow, 'first_name' | 'last_name' | 'email' | 'role' | 'status'>,
): Promise<UserRow> {
  const [row] = await tx.query<UserRow>(
    `UPDATE users SET first_name = $3, last_name = $4, email = $5, role = $6, status = $7, updated_at = now()
      WHERE workspace_id = $1 AND id = $2 RETURNING ${USER_COLUMNS}`,
    [workspaceId, userId, next.first_name, next.last_name, next.email, next.role, next.status],
  );
  return row;
}

export interface CourseRecordRow {
  course_id: string;
  title: string;
  status: 'ASSIGNED' | 'IN_PROGRESS' | 'COMPLETED';
  assigned_at: Date | string;
  completed_at: Date | string | null;
}

/** The person's course assignments, newest first. */
export async function courseRecords(tx: Sql, workspaceId: string, userId: string): Promise<CourseRecordRow[]> {
  return tx.query<CourseRecordRow>(
    `SELECT ca.course_id, c.title, ca.status, ca.assigned_at, ca.completed_at
           FROM course_assignments ca
           JOIN courses c ON c.workspace_id = ca.workspace_id AND c.id = ca.course_id
          WHERE ca.workspace_id = $1 AND ca.user_id = $2
          ORDER BY ca.assigned_at DESC, c.title`,
    [workspaceId, userId],
  );
}

export interface PolicyRecordRow {
  policy_id: string;
  title: string;
  current_version: number | null;
  accepted_version: number | null;
  accepted_at: Date | string | null;
}

/**
 * The policies published to this person (the whole workspace, or their business unit), each with their latest
 * acceptance against the newest version that has a document.
 */
export async function policyRecords(tx: Sql, workspaceId: string, userId: string): Promise<PolicyRecordRow[]> {
  return tx.query<PolicyRecordRow>(
    `SELECT w.id AS policy_id, p.title,
                (SELECT max(v.version) FROM catalogue_policy_versions v
                  WHERE v.policy_id = w.catalogue_policy_id
                    AND EXISTS (SELECT 1 FROM catalogue_policy_documents d WHERE d.policy_id = v.policy_id AND d.version = v.version AND d.status = 'CONFIRMED')) AS current_version,
                a.version AS accepted_version, a.accepted_at
           FROM workspace_policies w
           JOIN catalogue_policies p ON p.id = w.catalogue_policy_id
           JOIN users u ON u.workspace_id = w.workspace_id AND u.id = $2
           LEFT JOIN LATERAL (SELECT version, accepted_at FROM policy_acceptances
                               WHERE workspace_id = w.workspace_id AND policy_id = w.id AND user_id = $2
                               ORDER BY accepted_at DESC, id DESC LIMIT 1) a ON true
          WHERE w.workspace_id = $1
            AND (w.scope = 'WORKSPACE' OR EXISTS (SELECT 1 FROM workspace_policy_units pu
                                                   WHERE pu.workspace_id = w.workspace_id AND pu.policy_id = w.id AND pu.branch_id = u.branch_id))
          ORDER BY w.published_at DESC, w.id`,
    [workspaceId, userId],
  );
}
