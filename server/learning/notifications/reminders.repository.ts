import type { CourseLanguage } from '../../../src/domain/courses/course';
import type { Sql } from '../../platform/db/database';

/**
 * The SQL of the reminders (docs/learning.md "Reminders"): every reminder's idempotency key (learner, course or
 * policy, kind, day) is inserted first, and only the keys inserted now are mailed.
 */

export async function activeWorkspaces(db: Sql): Promise<{ id: string }[]> {
  return db.query<{ id: string }>(`SELECT id FROM workspaces WHERE active`);
}

export async function workspaceRow(
  db: Sql,
  workspaceId: string,
): Promise<{ company_name: string; workspace_url: string; active: boolean } | null> {
  const [ws] = await db.query<{ company_name: string; workspace_url: string; active: boolean }>(
    `SELECT company_name, workspace_url, active FROM workspaces WHERE id = $1`,
    [workspaceId],
  );
  return ws ?? null;
}

export async function reminderCourse(
  tx: Sql,
  workspaceId: string,
  courseId: string,
): Promise<{ title: string; reminder_enabled: boolean } | null> {
  const [course] = await tx.query<{ title: string; reminder_enabled: boolean }>(
    `SELECT title, reminder_enabled FROM courses WHERE workspace_id = $1 AND id = $2`,
    [workspaceId, courseId],
  );
  return course ?? null;
}

/** The course's active learners with an address who have not completed it: of a unit, of the chosen, or all. */
export function learnersToRemind(
  tx: Sql,
  workspaceId: string,
  courseId: string,
  unitId: string | null,
  userIds: readonly string[] | null,
): Promise<{ user_id: string; due_on: string | null }[]> {
  return tx.query<{ user_id: string; due_on: string | null }>(
    `SELECT a.user_id, to_char(a.due_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS due_on
       FROM course_assignments a JOIN users u ON u.workspace_id = a.workspace_id AND u.id = a.user_id
      WHERE a.workspace_id = $1 AND a.course_id = $2 AND a.unassigned_at IS NULL AND a.status <> 'COMPLETED'
        AND u.status <> 'INACTIVE' AND u.email IS NOT NULL AND u.email <> ''
        AND ($3::uuid IS NULL OR u.branch_id = $3) AND ($4::uuid[] IS NULL OR a.user_id = ANY($4::uuid[]))`,
    [workspaceId, courseId, unitId, userIds],
  );
}

/**
 * The course reminders' keys of the day, for learners not reminded of the course today (by any kind); only the
 * rows inserted now come back, with the learner's address and first name.
 */
export function insertCourseReminderKeys(
  tx: Sql,
  workspaceId: string,
  courseId: string,
  today: string,
  targets: readonly { user_id: string; kind: string }[],
): Promise<{ user_id: string; kind: string; email: string; first_name: string; language: CourseLanguage }[]> {
  return tx.query<{ user_id: string; kind: string; email: string; first_name: string; language: CourseLanguage }>(
    `WITH r AS (
       INSERT INTO course_reminders (workspace_id, user_id, course_id, kind, on_day, cycle, sent_to)
       SELECT $1, x.user_id, $2, x.kind, $3::date, a.cycle, u.email
         FROM json_to_recordset($4::json) AS x(user_id uuid, kind text)
         JOIN course_assignments a ON a.workspace_id = $1 AND a.course_id = $2 AND a.user_id = x.user_id
         JOIN users u ON u.workspace_id = $1 AND u.id = x.user_id
        WHERE NOT EXISTS (SELECT 1 FROM course_reminders o WHERE o.workspace_id = $1 AND o.user_id = x.user_id AND o.course_id = $2
                             AND o.on_day = $3::date AND o.kind IN ('BEFORE_DUE', 'ON_DUE', 'OVERDUE', 'MANUAL'))
       ON CONFLICT (workspace_id, user_id, course_id, kind, on_day) DO NOTHING
       RETURNING user_id, kind
     )
     SELECT r.user_id, r.kind, u.email, u.first_name,
           coalesce(u.language, (SELECT w.default_language FROM workspaces w WHERE w.id = u.workspace_id)) AS language
      FROM r JOIN users u ON u.workspace_id = $1 AND u.id = r.user_id`,
    [workspaceId, courseId, today, JSON.stringify(targets)],
  );
}

/** Keys first: only the rows inserted now (not sent today already, of any kind) come back, with the first name. */
export function insertPolicyReminderKeys(
  tx: Sql,
  workspaceId: string,
  keys: readonly { user_id: string; policy_id: string; version: number; kind: string; on_day: string; email: string }[],
  today: string,
): Promise<{ user_id: string; policy_id: string; kind: string; first_name: string }[]> {
  return tx.query(
    `WITH r AS (
       INSERT INTO policy_reminders (workspace_id, user_id, policy_id, version, kind, on_day, sent_to)
       SELECT $1, x.user_id, x.policy_id, x.version, x.kind, x.on_day, x.email
         FROM json_to_recordset($2::json) AS x(user_id uuid, policy_id uuid, version int, kind text, on_day date, email text)
        WHERE NOT EXISTS (SELECT 1 FROM policy_reminders o WHERE o.workspace_id = $1 AND o.user_id = x.user_id AND o.policy_id = x.policy_id
                             AND (o.on_day = $3::date OR (o.kind = 'MANUAL' AND o.on_day = x.on_day)))
       ON CONFLICT (workspace_id, user_id, policy_id, kind, on_day) DO NOTHING
       RETURNING user_id, policy_id, kind
     )
     SELECT r.user_id, r.policy_id, r.kind, u.first_name FROM r JOIN users u ON u.workspace_id = $1 AND u.id = r.user_id`,
    [workspaceId, JSON.stringify(keys), today],
  );
}

export interface AwaitingRow {
  course_id: string;
  title: string;
  reminder_enabled: boolean;
  status: string;
  due_on: string | null;
  expires_on: string | null;
  completed_on: string | null;
  last_reminded_on: string | null;
}

/** The learner's assignments of published courses, with their latest completion and last reminder of the cycle. */
export function awaitingRows(tx: Sql, workspaceId: string, userId: string): Promise<AwaitingRow[]> {
  return tx.query<AwaitingRow>(
    `SELECT a.course_id, c.title, c.reminder_enabled, a.status,
            to_char(a.due_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS due_on,
            to_char(cc.expires_on, 'YYYY-MM-DD') AS expires_on, to_char(cc.completed_on, 'YYYY-MM-DD') AS completed_on,
            (SELECT to_char(max(r.on_day), 'YYYY-MM-DD') FROM course_reminders r WHERE r.workspace_id = a.workspace_id AND r.user_id = a.user_id
                AND r.course_id = a.course_id AND r.cycle = a.cycle AND r.kind IN ('BEFORE_DUE', 'ON_DUE', 'OVERDUE', 'MANUAL')) AS last_reminded_on
       FROM course_assignments a JOIN courses c ON c.workspace_id = a.workspace_id AND c.id = a.course_id
       LEFT JOIN LATERAL (SELECT expires_on, completed_on FROM course_completions x WHERE x.workspace_id = a.workspace_id AND x.assignment_id = a.id
                             AND x.cycle = a.cycle ORDER BY x.completed_at DESC LIMIT 1) cc ON true
      WHERE a.workspace_id = $1 AND a.user_id = $2 AND a.unassigned_at IS NULL AND c.status = 'PUBLISHED'`,
    [workspaceId, userId],
  );
}

export interface PendingCompletionRow {
  id: string;
  source: string;
  user_id: string;
  course_id: string;
  course_title: string;
  completed_on: string;
  expires_on: string | null;
  email: string | null;
  first_name: string;
  code: string | null;
}

/** A batch of completions whose mail is pending, locked (another process takes the next ones). */
export function pendingCompletionMails(tx: Sql, workspaceId: string, batch: number): Promise<PendingCompletionRow[]> {
  return tx.query<PendingCompletionRow>(
    `SELECT cc.id, cc.source, cc.user_id, cc.course_id, cc.course_title, to_char(cc.completed_on, 'YYYY-MM-DD') AS completed_on,
            to_char(cc.expires_on, 'YYYY-MM-DD') AS expires_on, u.email, u.first_name,
            (SELECT ce.code FROM certificates ce WHERE ce.workspace_id = cc.workspace_id AND ce.completion_id = cc.id LIMIT 1) AS code
       FROM course_completions cc JOIN users u ON u.workspace_id = cc.workspace_id AND u.id = cc.user_id
      WHERE cc.workspace_id = $1 AND cc.mail_pending
      LIMIT $2 FOR UPDATE OF cc SKIP LOCKED`,
    [workspaceId, batch],
  );
}

export async function markCompletionsMailed(tx: Sql, workspaceId: string, ids: readonly string[]): Promise<void> {
  await tx.query(
    `UPDATE course_completions SET mail_pending = false WHERE workspace_id = $1 AND id = ANY($2::uuid[])`,
    [workspaceId, ids],
  );
}
