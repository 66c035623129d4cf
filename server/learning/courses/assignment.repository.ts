import type { AssignmentSettings } from '../../../src/contracts/learning/courses.contract';
import type { Sql } from '../../platform/db/database';

/** The SQL of course assignment (docs/learning.md "Assignment"): assignments, their history, the workspace's cadence. */

export const DEFAULT_SETTINGS: AssignmentSettings = {
  defaultDueDays: 30,
  beforeDays: [7, 1],
  onDueDate: true,
  overdueEveryDays: 7,
  overdueTimes: 3,
  managerAfterDays: 14,
  recertifyDaysBefore: 30,
  creditNoticeDaysBefore: 60,
};

/** The workspace's due period and cadence (the defaults when it never set them). */
export async function assignmentSettings(tx: Sql, workspaceId: string): Promise<AssignmentSettings> {
  const [row] = await tx.query<{
    default_due_days: number | null;
    before_days: number[];
    on_due_date: boolean;
    overdue_every_days: number;
    overdue_times: number;
    manager_after_days: number | null;
    recertify_days_before: number;
    credit_notice_days_before: number;
  }>(`SELECT * FROM course_assignment_settings WHERE workspace_id = $1`, [workspaceId]);
  if (!row) return DEFAULT_SETTINGS;
  return {
    defaultDueDays: row.default_due_days,
    beforeDays: row.before_days,
    onDueDate: row.on_due_date,
    overdueEveryDays: row.overdue_every_days,
    overdueTimes: row.overdue_times,
    managerAfterDays: row.manager_after_days,
    recertifyDaysBefore: row.recertify_days_before,
    creditNoticeDaysBefore: row.credit_notice_days_before,
  };
}

export async function saveSettings(
  tx: Sql,
  actor: { workspaceId: string; userId: string | null; ip: string | null },
  settings: AssignmentSettings,
): Promise<void> {
  await tx.query(
    `INSERT INTO course_assignment_settings (workspace_id, default_due_days, before_days, on_due_date, overdue_every_days, overdue_times,
                                             manager_after_days, updated_at, updated_by, recertify_days_before, credit_notice_days_before)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now(), $8, $9, $10)
     ON CONFLICT (workspace_id) DO UPDATE SET default_due_days = EXCLUDED.default_due_days, before_days = EXCLUDED.before_days,
       on_due_date = EXCLUDED.on_due_date, overdue_every_days = EXCLUDED.overdue_every_days, overdue_times = EXCLUDED.overdue_times,
       manager_after_days = EXCLUDED.manager_after_days, updated_at = now(), updated_by = EXCLUDED.updated_by,
       recertify_days_before = EXCLUDED.recertify_days_before, credit_notice_days_before = EXCLUDED.credit_notice_days_before`,
    [
      actor.workspaceId,
      settings.defaultDueDays,
      settings.beforeDays,
      settings.onDueDate,
      settings.overdueEveryDays,
      settings.overdueTimes,
      settings.managerAfterDays,
      actor.userId,
      settings.recertifyDaysBefore ?? 30,
      settings.creditNoticeDaysBefore ?? 60,
    ],
  );
  await tx.query(
    `INSERT INTO audit_events (workspace_id, actor_user_id, action, target, ip, details)
     VALUES ($1, $2, 'course.assignment-settings-changed', 'workspace', $3, $4::jsonb)`,
    [actor.workspaceId, actor.userId, actor.ip, JSON.stringify(settings)],
  );
}

/**
 * The one statement that assigns: `params` are $1 workspace, $2 course, $3 now, $4 actor, $5 due day, $6 via, $7 ip,
 * $8 how, $9 skip-ever-assigned, $10 the credit cap (null: none), then whatever `targetSql` added. It restarts the
 * cycles of people unassigned before (archiving the old one), inserts the others and writes one audit event each.
 */
export async function assignStatement(
  tx: Sql,
  params: unknown[],
  targetSql: string,
  options: { listed: boolean; capped: boolean; ids: boolean },
): Promise<{ targets: number; pending: number; assigned: number; ids: string[] | null }> {
  const [row] = await tx.query<{ targets: number; pending: number; assigned: number; ids: string[] | null }>(
    // A query of people yields each once (users' key); only a listed array can repeat someone.
    `WITH t AS (SELECT ${options.listed ? 'DISTINCT' : ''} s.id FROM (${targetSql}) AS s(id)),
     pending AS (
       SELECT t.id FROM t
        WHERE NOT EXISTS (SELECT 1 FROM course_assignments x
                           WHERE x.workspace_id = $1 AND x.course_id = $2 AND x.user_id = t.id AND (x.unassigned_at IS NULL OR $9::boolean))
     ),
     chosen AS (
       SELECT id FROM pending ${options.capped ? 'ORDER BY id' : ''} LIMIT $10::int
     ),
     -- Someone unassigned before: archive the old cycle and start a new one on the same row.
     old AS (
       SELECT a.* FROM course_assignments a JOIN chosen ON chosen.id = a.user_id
        WHERE a.workspace_id = $1 AND a.course_id = $2 AND a.unassigned_at IS NOT NULL
        FOR UPDATE OF a
     ), archived AS (
       INSERT INTO course_assignment_history (workspace_id, assignment_id, course_id, user_id, cycle, course_version, assigned_by,
                                              assigned_at, due_at, status, completed_at, unassigned_at, unassigned_by)
       SELECT workspace_id, id, course_id, user_id, cycle, course_version, assigned_by, assigned_at, due_at, status, completed_at,
              unassigned_at, unassigned_by FROM old
     ), restarted AS (
       UPDATE course_assignments a
          SET cycle = a.cycle + 1, unassigned_at = NULL, unassigned_by = NULL, assigned_at = $3, assigned_by = $4,
              due_at = ($5::date)::timestamp AT TIME ZONE 'UTC', status = 'ASSIGNED', completed_at = NULL,
              course_version = c.published_version, assignment_mail_pending = true, assigned_via = $6
         FROM old, courses c
        WHERE a.workspace_id = old.workspace_id AND a.id = old.id AND c.workspace_id = $1 AND c.id = $2
       RETURNING a.user_id
     ), inserted AS (
       INSERT INTO course_assignments (workspace_id, course_id, user_id, assigned_by, assigned_at, course_version, due_at,
                                       assignment_mail_pending, assigned_via)
       SELECT $1, $2, chosen.id, $4, $3, c.published_version, ($5::date)::timestamp AT TIME ZONE 'UTC', true, $6
         FROM chosen JOIN courses c ON c.workspace_id = $1 AND c.id = $2
        WHERE NOT EXISTS (SELECT 1 FROM old WHERE old.user_id = chosen.id)
       ON CONFLICT (workspace_id, course_id, user_id) DO NOTHING
       RETURNING user_id
     ), assigned AS (
       SELECT user_id, true AS new_cycle FROM restarted UNION ALL SELECT user_id, false FROM inserted
     ), audited AS (
       -- One audit event per assignment, in the same statement.
       INSERT INTO audit_events (workspace_id, actor_user_id, action, target, ip, details)
       SELECT $1, $4, 'course.assigned', user_id::text, $7, CASE WHEN new_cycle THEN d.renewed ELSE d.first END
         FROM assigned,
              -- The two possible details, built once rather than per row.
              (SELECT jsonb_build_object('courseId', $2::text, 'via', $8::text, 'dueOn', $5::text, 'newCycle', true) AS renewed,
                      jsonb_build_object('courseId', $2::text, 'via', $8::text, 'dueOn', $5::text, 'newCycle', false) AS first) d
     )
     SELECT (SELECT count(*) FROM t)::int AS targets, (SELECT count(*) FROM pending)::int AS pending,
            (SELECT count(*) FROM assigned)::int AS assigned,
            ${options.ids ? '(SELECT array_agg(user_id) FROM assigned)' : 'NULL::uuid[]'} AS ids`,
    params,
  );
  return row;
}

/** Unassigns the listed people who hold the course (their row, progress and completion stay); answers whom. */
export function unassign(
  tx: Sql,
  workspaceId: string,
  courseId: string,
  userIds: readonly string[],
  at: Date,
  by: string | null,
): Promise<{ user_id: string; status: string }[]> {
  return tx.query<{ user_id: string; status: string }>(
    `UPDATE course_assignments SET unassigned_at = $4, unassigned_by = $5, assignment_mail_pending = false
      WHERE workspace_id = $1 AND course_id = $2 AND user_id = ANY($3::uuid[]) AND unassigned_at IS NULL
      RETURNING user_id, status`,
    [workspaceId, courseId, userIds, at, by],
  );
}

export async function auditUnassigned(
  tx: Sql,
  actor: { workspaceId: string; userId: string | null; ip: string | null },
  courseId: string,
  userIds: readonly string[],
): Promise<void> {
  await tx.query(
    `INSERT INTO audit_events (workspace_id, actor_user_id, action, target, ip, details)
     SELECT $1, $2, 'course.unassigned', t.id::text, $3, jsonb_build_object('courseId', $4::text) FROM unnest($5::uuid[]) AS t(id)`,
    [actor.workspaceId, actor.userId, actor.ip, courseId, userIds],
  );
}

/** The person's active assignment of the course, locked: their unit and its due day. */
export async function lockedAssignment(
  tx: Sql,
  workspaceId: string,
  courseId: string,
  userId: string,
): Promise<{ branch_id: string | null; old: string | null } | null> {
  const [row] = await tx.query<{ branch_id: string | null; old: string | null }>(
    `SELECT u.branch_id, to_char(a.due_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS old
       FROM course_assignments a JOIN users u ON u.workspace_id = a.workspace_id AND u.id = a.user_id
      WHERE a.workspace_id = $1 AND a.course_id = $2 AND a.user_id = $3 AND a.unassigned_at IS NULL
      FOR UPDATE OF a`,
    [workspaceId, courseId, userId],
  );
  return row ?? null;
}

export async function changeDueDate(
  tx: Sql,
  actor: { workspaceId: string; userId: string | null; ip: string | null },
  change: { courseId: string; userId: string; from: string | null; to: string | null },
): Promise<void> {
  await tx.query(
    `UPDATE course_assignments SET due_at = ($4::date)::timestamp AT TIME ZONE 'UTC'
      WHERE workspace_id = $1 AND course_id = $2 AND user_id = $3`,
    [actor.workspaceId, change.courseId, change.userId, change.to],
  );
  await tx.query(
    `INSERT INTO audit_events (workspace_id, actor_user_id, action, target, ip, details)
     VALUES ($1, $2, 'course.due-date-changed', $3, $4, jsonb_build_object('courseId', $5::text, 'from', $6::text, 'to', $7::text))`,
    [actor.workspaceId, actor.userId, change.userId, actor.ip, change.courseId, change.from, change.to],
  );
}

/** The course's status, held (FOR SHARE) so it cannot be unpublished or deleted while people are assigned to it. */
export async function courseStatusForShare(
  tx: Sql,
  workspaceId: string,
  courseId: string,
): Promise<'DRAFT' | 'PUBLISHED' | null> {
  const [course] = await tx.query<{ status: 'DRAFT' | 'PUBLISHED' }>(
    `SELECT status FROM courses WHERE workspace_id = $1 AND id = $2 FOR SHARE`,
    [workspaceId, courseId],
  );
  return course?.status ?? null;
}

export async function courseExists(tx: Sql, workspaceId: string, courseId: string): Promise<boolean> {
  const rows = await tx.query(`SELECT 1 FROM courses WHERE workspace_id = $1 AND id = $2`, [workspaceId, courseId]);
  return rows.length > 0;
}
