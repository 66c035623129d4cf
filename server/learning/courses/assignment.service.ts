import type {
  AddUsersBody,
  AssignCourseBody,
  AssignCourseResult,
  AssignmentSettings,
  DueChoice,
  UnassignBody,
} from '../../../src/contracts/learning/courses.contract';
import { canAssign } from '../../../src/domain/courses/course';
import { dueDate, type DueRule } from '../../../src/domain/courses/assignment-lifecycle';
import { daysBetween } from '../../../src/domain/shared/calendar';
import type { Clock } from '../../platform/clock';
import { emitWebhookEvents, webhookListens } from '../../platform/webhooks/webhook-outbox';
import { systemClock, utcDay } from '../../platform/clock';
import type { Database, Sql } from '../../platform/db/database';
import { badRequest, conflict, HttpError, notFound } from '../../platform/errors';
import {
  consumeCatalogueCredits,
  creditBalance,
  isCatalogueCourse,
  lockCourseCredits,
  returnCatalogueCredit,
} from '../credits/credit-ledger';
import { checkFilterTargets, findPeople, peopleWhere, type UnitScope } from './user-directory';

export interface Assigner {
  workspaceId: string;
  /** Null for the system (an auto-assignment rule). */
  userId: string | null;
  scope: UnitScope;
  ip: string | null;
}

export type AssignedVia = 'ADMIN' | 'AUTO' | 'BULK';

/** Ids already checked, or a query of user ids written on the statement's parameters (`$1` is the workspace). */
export type AssignTargets = readonly string[] | ((params: unknown[]) => string);

export interface AssignOptions {
  /** A catalogue course with too few credits: 'refuse' everyone (409, the default) or assign as many as 'fit'. */
  credits?: 'refuse' | 'fit';
  /** Leave alone people who had the course and were unassigned (rules do not override an admin's unassign). */
  skipEverAssigned?: boolean;
}

/** The counts of an assignment; `notAssigned`: matched but left out for want of catalogue credits. */
export type AssignOutcome = AssignCourseResult & { notAssigned: number };

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

/** What an assignment made today with this choice is due on (YYYY-MM-DD), or null. A fixed date must not be past. */
export function resolveDue(choice: DueChoice | undefined, settings: AssignmentSettings, today: string): string | null {
  const c = choice ?? { kind: 'DEFAULT' as const };
  const rule: DueRule =
    c.kind === 'DEFAULT'
      ? settings.defaultDueDays === null
        ? { kind: 'NONE' }
        : { kind: 'DAYS_AFTER_ASSIGNMENT', days: settings.defaultDueDays }
      : c.kind === 'NONE'
        ? { kind: 'NONE' }
        : c.kind === 'DAYS'
          ? { kind: 'DAYS_AFTER_ASSIGNMENT', days: c.days }
          : { kind: 'FIXED', date: c.date };
  if (rule.kind === 'FIXED' && daysBetween(today, rule.date) < 0) {
    throw badRequest('The due date is in the past', { 'due.date': 'Choose today or a later date' });
  }
  return dueDate(rule, today);
}

/**
 * Assigns a published course (to the people a filter matches, or to listed people), unassigns it keeping the history,
 * and changes due dates; each write is one transaction with its audit events. Assigning twice changes nothing; assigning
 * someone who was unassigned starts a new cycle (the old one is archived in course_assignment_history). New learners
 * are marked for the assignment mail, which the `assignment-mail` job sends (`afterAssign` queues it).
 */
export class CourseAssignmentService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock = systemClock,
    private readonly afterAssign: (workspaceId: string) => Promise<void> = async () => {},
  ) {}

  async assign(actor: Assigner, body: AssignCourseBody): Promise<AssignCourseResult> {
    const result = await this.db.tenant(actor.workspaceId, async (tx) => {
      await this.lockPublished(tx, actor.workspaceId, body.courseId);
      const targets = body.userIds ? await this.listed(tx, actor, body.userIds) : await this.matching(tx, actor, body);
      return this.assignTo(tx, actor, body.courseId, targets, body.due, body.userIds ? 'userIds' : 'filter', 'ADMIN');
    });
    if (result.assigned > 0) await this.afterAssign(actor.workspaceId);
    return { assigned: result.assigned, alreadyAssigned: result.alreadyAssigned };
  }

  async addUsers(actor: Assigner, body: AddUsersBody, via: AssignedVia = 'ADMIN'): Promise<AssignCourseResult> {
    const result = await this.db.tenant(actor.workspaceId, async (tx) => {
      await this.lockPublished(tx, actor.workspaceId, body.courseId);
      const targets = await this.listed(tx, actor, body.userIds);
      return this.assignTo(tx, actor, body.courseId, targets, body.due, 'add-users', via);
    });
    if (result.assigned > 0) await this.afterAssign(actor.workspaceId);
    return { assigned: result.assigned, alreadyAssigned: result.alreadyAssigned };
  }

  /**
   * Inside a transaction that holds the course: assigns `targets` (ids already checked, or a query of user ids built on
   * the statement's parameters, `$1` being the workspace) and returns the counts. One statement assigns them all
   * (restarting the cycles of people unassigned before, inserting the others, one audit event each), so a rule's
   * 100,000 people cost one INSERT ... SELECT, not a loop. A catalogue course consumes a credit per new assignee:
   * `credits: 'refuse'` (the default) refuses them all when the credits are too few (409, nothing written);
   * `'fit'` assigns as many as the credits allow and reports the others as `notAssigned`.
   * `skipEverAssigned`: someone who had the course and was unassigned is left alone (an auto-assignment rule never
   * overrides an admin's unassign).
   */
  async assignTo(
    tx: Sql,
    actor: Assigner,
    courseId: string,
    targets: AssignTargets,
    due: DueChoice | undefined,
    how: string,
    via: AssignedVia,
    dueDaysOverride?: number | null,
    options: AssignOptions = {},
  ): Promise<AssignOutcome> {
    if (Array.isArray(targets) && targets.length === 0) return { assigned: 0, alreadyAssigned: 0, notAssigned: 0 };
    const now = this.clock.now();
    const settings = await assignmentSettings(tx, actor.workspaceId);
    const dueOn = resolveDue(dueDaysOverride ? { kind: 'DAYS', days: dueDaysOverride } : due, settings, utcDay(now));
    const catalogue = await isCatalogueCourse(tx, actor.workspaceId, courseId);
    // The assigned people's ids come back only when a catalogue course spends credits or a webhook listens.
    const hooked = await webhookListens(tx, actor.workspaceId, 'course.assigned');
    let limit: number | null = null;
    if (catalogue && options.credits === 'fit') {
      // Spend what there is: the balance, read under the course's credit lock, caps the people assigned.
      await lockCourseCredits(tx, actor.workspaceId, courseId);
      limit = await creditBalance(tx, actor.workspaceId, courseId);
    }
    const params: unknown[] = [
      actor.workspaceId,
      courseId,
      now,
      actor.userId,
      dueOn,
      via,
      actor.ip,
      how,
      options.skipEverAssigned ?? false,
      limit,
    ];
    const targetSql = Array.isArray(targets)
      ? `SELECT unnest($${params.push(targets)}::uuid[])`
      : (targets as (p: unknown[]) => string)(params);
    const [row] = await tx.query<{ targets: number; pending: number; assigned: number; ids: string[] | null }>(
      // A query of people yields each once (users' key); only a listed array can repeat someone.
      `WITH t AS (SELECT ${Array.isArray(targets) ? 'DISTINCT' : ''} s.id FROM (${targetSql}) AS s(id)),
       pending AS (
         SELECT t.id FROM t
          WHERE NOT EXISTS (SELECT 1 FROM course_assignments x
                             WHERE x.workspace_id = $1 AND x.course_id = $2 AND x.user_id = t.id AND (x.unassigned_at IS NULL OR $9::boolean))
       ),
       chosen AS (
         SELECT id FROM pending ${limit === null ? '' : 'ORDER BY id'} LIMIT $10::int
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
              ${catalogue || hooked ? '(SELECT array_agg(user_id) FROM assigned)' : 'NULL::uuid[]'} AS ids`,
      params,
    );
    // A catalogue course: each new assignee consumes a credit (docs/policies.md); too few credits refuse them all
    // (in 'fit' mode the cap above made them enough).
    if (catalogue)
      await consumeCatalogueCredits(tx, actor.workspaceId, courseId, row.ids ?? [], actor.userId ?? 'system');
    if (hooked)
      await emitWebhookEvents(
        tx,
        actor.workspaceId,
        'course.assigned',
        (row.ids ?? []).map((userId) => ({ userId, courseId, dueDate: dueOn })),
      );
    const notAssigned = limit === null ? 0 : Math.max(0, row.pending - limit);
    return { assigned: row.assigned, alreadyAssigned: row.targets - row.assigned - notAssigned, notAssigned };
  }

  /** Unassigns listed people: the row, its progress and completion stay (unassigned_at set); returns how many were assigned. */
  async unassign(actor: Assigner, body: UnassignBody): Promise<{ unassigned: number }> {
    return this.db.tenant(actor.workspaceId, async (tx) => {
      await this.course(tx, actor.workspaceId, body.courseId);
      const targets = await this.listed(tx, actor, body.userIds);
      const rows = await tx.query<{ user_id: string; status: string }>(
        `UPDATE course_assignments SET unassigned_at = $4, unassigned_by = $5, assignment_mail_pending = false
          WHERE workspace_id = $1 AND course_id = $2 AND user_id = ANY($3::uuid[]) AND unassigned_at IS NULL
          RETURNING user_id, status`,
        [actor.workspaceId, body.courseId, targets, this.clock.now(), actor.userId],
      );
      // A catalogue course's credit comes back when the person had not started it (docs/policies.md).
      for (const row of rows) {
        if (row.status === 'ASSIGNED')
          await returnCatalogueCredit(tx, actor.workspaceId, body.courseId, row.user_id, actor.userId ?? 'system');
      }
      if (rows.length > 0) {
        await tx.query(
          `INSERT INTO audit_events (workspace_id, actor_user_id, action, target, ip, details)
           SELECT $1, $2, 'course.unassigned', t.id::text, $3, jsonb_build_object('courseId', $4::text) FROM unnest($5::uuid[]) AS t(id)`,
          [actor.workspaceId, actor.userId, actor.ip, body.courseId, rows.map((r) => r.user_id)],
        );
      }
      return { unassigned: rows.length };
    });
  }

  async changeDueDate(
    actor: Assigner,
    courseId: string,
    userId: string,
    dueOn: string | null,
  ): Promise<{ userId: string; dueOn: string | null }> {
    return this.db.tenant(actor.workspaceId, async (tx) => {
      await this.course(tx, actor.workspaceId, courseId);
      const [row] = await tx.query<{ branch_id: string | null; old: string | null }>(
        `SELECT u.branch_id, to_char(a.due_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS old
           FROM course_assignments a JOIN users u ON u.workspace_id = a.workspace_id AND u.id = a.user_id
          WHERE a.workspace_id = $1 AND a.course_id = $2 AND a.user_id = $3 AND a.unassigned_at IS NULL
          FOR UPDATE OF a`,
        [actor.workspaceId, courseId, userId],
      );
      // A learner of another unit is, for a business-unit admin, no learner at all.
      if (!row || (actor.scope && row.branch_id !== actor.scope))
        throw notFound('This person does not have the course');
      if (dueOn && daysBetween(utcDay(this.clock.now()), dueOn) < 0)
        throw badRequest('The due date is in the past', { dueOn: 'Choose today or a later date' });
      await tx.query(
        `UPDATE course_assignments SET due_at = ($4::date)::timestamp AT TIME ZONE 'UTC'
          WHERE workspace_id = $1 AND course_id = $2 AND user_id = $3`,
        [actor.workspaceId, courseId, userId, dueOn],
      );
      await tx.query(
        `INSERT INTO audit_events (workspace_id, actor_user_id, action, target, ip, details)
         VALUES ($1, $2, 'course.due-date-changed', $3, $4, jsonb_build_object('courseId', $5::text, 'from', $6::text, 'to', $7::text))`,
        [actor.workspaceId, actor.userId, userId, actor.ip, courseId, row.old, dueOn],
      );
      return { userId, dueOn };
    });
  }

  async saveSettings(actor: Assigner, settings: AssignmentSettings): Promise<AssignmentSettings> {
    const beforeDays = [...new Set(settings.beforeDays)].sort((a, b) => b - a);
    return this.db.tenant(actor.workspaceId, async (tx) => {
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
          beforeDays,
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
        [actor.workspaceId, actor.userId, actor.ip, JSON.stringify({ ...settings, beforeDays })],
      );
      return { ...settings, beforeDays };
    });
  }

  /** FOR SHARE: the course cannot be unpublished or deleted while people are being assigned to it. */
  private async lockPublished(tx: Sql, workspaceId: string, courseId: string): Promise<void> {
    const [course] = await tx.query<{ status: 'DRAFT' | 'PUBLISHED' }>(
      `SELECT status FROM courses WHERE workspace_id = $1 AND id = $2 FOR SHARE`,
      [workspaceId, courseId],
    );
    if (!course) throw notFound('Course not found');
    if (!canAssign(course.status))
      throw conflict('Only a published course can be assigned', { courseId: 'This course is not published' });
  }

  private async course(tx: Sql, workspaceId: string, courseId: string): Promise<void> {
    const [course] = await tx.query(`SELECT 1 FROM courses WHERE workspace_id = $1 AND id = $2`, [
      workspaceId,
      courseId,
    ]);
    if (!course) throw notFound('Course not found');
  }

  /** Listed people must be of this workspace (else 404) and, for a business-unit admin, of their unit (else 400); both name them. */
  private async listed(tx: Sql, actor: Assigner, userIds: readonly string[]): Promise<string[]> {
    const ids = [...new Set(userIds)];
    const found = await findPeople(tx, actor.workspaceId, ids);
    const unknown = ids.filter((id) => !found.has(id));
    // Someone of another workspace is indistinguishable from no one: 404, naming the ids.
    if (unknown.length > 0) {
      throw new HttpError(404, 'NOT_FOUND', `Users not found: ${unknown.join(', ')}`, {
        userIds: `No such users: ${unknown.join(', ')}`,
      });
    }
    const outside = actor.scope ? ids.filter((id) => found.get(id) !== actor.scope) : [];
    if (outside.length > 0) {
      throw badRequest(`Users outside your business unit: ${outside.join(', ')}`, {
        userIds: `Not in your business unit: ${outside.join(', ')}`,
      });
    }
    return ids;
  }

  /** The people a filter matches, as a query on the assigning statement's parameters (never read into the process). */
  private async matching(tx: Sql, actor: Assigner, filter: AssignCourseBody): Promise<AssignTargets> {
    await checkFilterTargets(tx, actor.workspaceId, filter, actor.scope);
    return (params) => `SELECT u.id FROM users u WHERE ${peopleWhere(filter, actor.scope, params)}`;
  }
}
