import type { Sql } from '../../platform/db/database';
import type { Assigner } from './assignment.service';

/** The SQL of bulk-add-users (docs/learning.md "Auto-assignment"). */

/** The listed courses of the workspace, held against deletion or unpublishing until the transaction ends. */
export function coursesForShare(
  tx: Sql,
  workspaceId: string,
  courseIds: readonly string[],
): Promise<{ id: string; title: string; status: 'DRAFT' | 'PUBLISHED' }[]> {
  return tx.query<{ id: string; title: string; status: 'DRAFT' | 'PUBLISHED' }>(
    `SELECT id, title, status FROM courses WHERE workspace_id = $1 AND id = ANY($2::uuid[]) ORDER BY title FOR SHARE`,
    [workspaceId, courseIds],
  );
}

export function peopleByEmail(
  tx: Sql,
  workspaceId: string,
  emails: readonly string[],
): Promise<{ id: string; email: string; status: string; branch_id: string | null }[]> {
  return tx.query<{ id: string; email: string; status: string; branch_id: string | null }>(
    `SELECT id, lower(email) AS email, status, branch_id FROM users WHERE workspace_id = $1 AND lower(email) = ANY($2::text[])`,
    [workspaceId, emails],
  );
}

/** Which of these people hold an active assignment of the course. */
export async function activelyAssigned(
  tx: Sql,
  workspaceId: string,
  courseId: string,
  userIds: readonly string[],
): Promise<Set<string>> {
  const rows = await tx.query<{ user_id: string }>(
    `SELECT user_id FROM course_assignments WHERE workspace_id = $1 AND course_id = $2 AND user_id = ANY($3::uuid[]) AND unassigned_at IS NULL`,
    [workspaceId, courseId, userIds],
  );
  return new Set(rows.map((r) => r.user_id));
}

export async function auditBulkAssigned(tx: Sql, actor: Assigner, fileName: string, details: object): Promise<void> {
  await tx.query(
    `INSERT INTO audit_events (workspace_id, actor_user_id, action, target, ip, details)
     VALUES ($1, $2, 'course.bulk-assigned', $3, $4, $5::jsonb)`,
    [actor.workspaceId, actor.userId, fileName, actor.ip, JSON.stringify(details)],
  );
}
