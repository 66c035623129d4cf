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
import { ok, raise, refuse, refusing, type Outcome, type Refusal } from '../../platform/refusal';
import {
  consumeCatalogueCredits,
  creditBalance,
  isCatalogueCourse,
  lockCourseCredits,
  returnCatalogueCredit,
} from '../credits/credit-ledger';
import * as repo from './assignment.repository';
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

export { assignmentSettings, DEFAULT_SETTINGS } from './assignment.repository';
const { assignmentSettings } = repo;

/**
 * What an assignment made today with this choice is due on (YYYY-MM-DD), or null. A fixed date must not be past (a
 * refusal raised: the assigning transaction calls it).
 */
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
    raise(
      refuse('invalid', 'VALIDATION', 'The due date is in the past', { 'due.date': 'Choose today or a later date' }),
    );
  }
  return dueDate(rule, today);
}

const noCourse = () => refuse('not-found', 'NOT_FOUND', 'Course not found');

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

  async assign(actor: Assigner, body: AssignCourseBody): Promise<Outcome<AssignCourseResult>> {
    const result = await refusing(() =>
      this.db.tenant(actor.workspaceId, async (tx): Promise<Outcome<AssignOutcome>> => {
        const closed = await this.lockPublished(tx, actor.workspaceId, body.courseId);
        if (closed) return closed;
        let targets: AssignTargets;
        if (body.userIds) {
          const listed = await this.listed(tx, actor, body.userIds);
          if (!listed.ok) return listed;
          targets = listed.value;
        } else targets = await this.matching(tx, actor, body);
        const how = body.userIds ? 'userIds' : 'filter';
        return ok(await this.assignTo(tx, actor, body.courseId, targets, body.due, how, 'ADMIN'));
      }),
    );
    if (!result.ok) return result;
    if (result.value.assigned > 0) await this.afterAssign(actor.workspaceId);
    return ok({ assigned: result.value.assigned, alreadyAssigned: result.value.alreadyAssigned });
  }

  async addUsers(
    actor: Assigner,
    body: AddUsersBody,
    via: AssignedVia = 'ADMIN',
  ): Promise<Outcome<AssignCourseResult>> {
    const result = await refusing(() =>
      this.db.tenant(actor.workspaceId, async (tx): Promise<Outcome<AssignOutcome>> => {
        const closed = await this.lockPublished(tx, actor.workspaceId, body.courseId);
        if (closed) return closed;
        const listed = await this.listed(tx, actor, body.userIds);
        if (!listed.ok) return listed;
        return ok(await this.assignTo(tx, actor, body.courseId, listed.value, body.due, 'add-users', via));
      }),
    );
    if (!result.ok) return result;
    if (result.value.assigned > 0) await this.afterAssign(actor.workspaceId);
    return ok({ assigned: result.value.assigned, alreadyAssigned: result.value.alreadyAssigned });
  }

  /**
   * Inside a transaction that holds the course: assigns `targets` (ids already checked, or a query of user ids built on
   * the statement's parameters, `$1` being the workspace) and returns the counts. One statement assigns them all
   * (restarting the cycles of people unassigned before, inserting the others, one audit event each), so a rule's
   * 100,000 people cost one INSERT ... SELECT, not a loop. A catalogue course consumes a credit per new assignee:
   * `credits: 'refuse'` (the default) refuses them all when the credits are too few (a raised NO_CREDITS refusal
   * that rolls the transaction back: call it under `refusing`);
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
    const row = await repo.assignStatement(tx, params, targetSql, {
      listed: Array.isArray(targets),
      capped: limit !== null,
      ids: catalogue || hooked,
    });
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
  async unassign(actor: Assigner, body: UnassignBody): Promise<Outcome<{ unassigned: number }>> {
    return this.db.tenant(actor.workspaceId, async (tx) => {
      if (!(await repo.courseExists(tx, actor.workspaceId, body.courseId))) return noCourse();
      const targets = await this.listed(tx, actor, body.userIds);
      if (!targets.ok) return targets;
      const rows = await repo.unassign(
        tx,
        actor.workspaceId,
        body.courseId,
        targets.value,
        this.clock.now(),
        actor.userId,
      );
      // A catalogue course's credit comes back when the person had not started it (docs/policies.md).
      for (const row of rows) {
        if (row.status === 'ASSIGNED')
          await returnCatalogueCredit(tx, actor.workspaceId, body.courseId, row.user_id, actor.userId ?? 'system');
      }
      if (rows.length > 0) {
        await repo.auditUnassigned(
          tx,
          actor,
          body.courseId,
          rows.map((r) => r.user_id),
        );
      }
      return ok({ unassigned: rows.length });
    });
  }

  async changeDueDate(
    actor: Assigner,
    courseId: string,
    userId: string,
    dueOn: string | null,
  ): Promise<Outcome<{ userId: string; dueOn: string | null }>> {
    return this.db.tenant(actor.workspaceId, async (tx) => {
      if (!(await repo.courseExists(tx, actor.workspaceId, courseId))) return noCourse();
      const row = await repo.lockedAssignment(tx, actor.workspaceId, courseId, userId);
      // A learner of another unit is, for a business-unit admin, no learner at all.
      if (!row || (actor.scope && row.branch_id !== actor.scope))
        return refuse('not-found', 'NOT_FOUND', 'This person does not have the course');
      if (dueOn && daysBetween(utcDay(this.clock.now()), dueOn) < 0)
        return refuse('invalid', 'VALIDATION', 'The due date is in the past', {
          dueOn: 'Choose today or a later date',
        });
      await repo.changeDueDate(tx, actor, { courseId, userId, from: row.old, to: dueOn });
      return ok({ userId, dueOn });
    });
  }

  async saveSettings(actor: Assigner, settings: AssignmentSettings): Promise<AssignmentSettings> {
    const beforeDays = [...new Set(settings.beforeDays)].sort((a, b) => b - a);
    return this.db.tenant(actor.workspaceId, async (tx) => {
      await repo.saveSettings(tx, actor, { ...settings, beforeDays });
      return { ...settings, beforeDays };
    });
  }

  /** FOR SHARE: the course cannot be unpublished or deleted while people are being assigned to it. */
  private async lockPublished(tx: Sql, workspaceId: string, courseId: string): Promise<Refusal | null> {
    const status = await repo.courseStatusForShare(tx, workspaceId, courseId);
    if (!status) return noCourse();
    if (!canAssign(status))
      return refuse('conflict', 'CONFLICT', 'Only a published course can be assigned', {
        courseId: 'This course is not published',
      });
    return null;
  }

  /** Listed people must be of this workspace (else 404) and, for a business-unit admin, of their unit (else 400); both name them. */
  private async listed(tx: Sql, actor: Assigner, userIds: readonly string[]): Promise<Outcome<string[]>> {
    const ids = [...new Set(userIds)];
    const found = await findPeople(tx, actor.workspaceId, ids);
    const unknown = ids.filter((id) => !found.has(id));
    // Someone of another workspace is indistinguishable from no one: 404, naming the ids.
    if (unknown.length > 0) {
      return refuse('not-found', 'NOT_FOUND', `Users not found: ${unknown.join(', ')}`, {
        userIds: `No such users: ${unknown.join(', ')}`,
      });
    }
    const outside = actor.scope ? ids.filter((id) => found.get(id) !== actor.scope) : [];
    if (outside.length > 0) {
      return refuse('invalid', 'VALIDATION', `Users outside your business unit: ${outside.join(', ')}`, {
        userIds: `Not in your business unit: ${outside.join(', ')}`,
      });
    }
    return ok(ids);
  }

  /** The people a filter matches, as a query on the assigning statement's parameters (never read into the process). */
  private async matching(tx: Sql, actor: Assigner, filter: AssignCourseBody): Promise<AssignTargets> {
    await checkFilterTargets(tx, actor.workspaceId, filter, actor.scope);
    return (params) => `SELECT u.id FROM users u WHERE ${peopleWhere(filter, actor.scope, params)}`;
  }
}
