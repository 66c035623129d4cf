import type {
  AutoAssignRule,
  AutoAssignRuleBody,
  AutoAssignRun,
  AutoAssignSaved,
  AutoAssignState,
  ResetAutoAssignBody,
} from '../../../src/contracts/learning/auto-assign.contract';
import { canAssign } from '../../../src/domain/courses/course';
import type { Clock } from '../../platform/clock';
import type { Database, Sql } from '../../platform/db/database';
import { ok, refuse, refusing, type Outcome } from '../../platform/refusal';
import { templates } from '../../platform/message-templates';
import type { Mailer } from '../../platform/messages';
import { publicOrigin } from '../../platform/tenancy';
import type { Assigner, AssignOutcome, CourseAssignmentService } from './assignment.service';
import * as repo from './auto-assign.repository';
import { ruleTargets, type RuleRow } from './auto-assign.repository';
import { checkFilterTargets } from './user-directory';
import { instantText } from '../../../src/domain/shared/date-time';

function toRule(row: RuleRow): AutoAssignRule {
  return {
    courseId: row.course_id,
    branchId: row.branch_id,
    departmentId: row.department_id,
    startJoiningDate: row.start_joining_date,
    endJoiningDate: row.end_joining_date,
    role: row.role,
    enabled: row.enabled,
    dueDays: row.due_days,
    updatedAt: instantText(row.updated_at),
    lastRun: row.last_run_at
      ? {
          at: instantText(row.last_run_at),
          assigned: row.last_run_assigned,
          alreadyAssigned: row.last_run_already,
          notAssigned: row.last_run_not_assigned,
        }
      : null,
  };
}

export { ruleTargets } from './auto-assign.repository';

const noCourse = () => refuse('not-found', 'NOT_FOUND', 'Course not found');

export interface AutoAssignHooks {
  /** After a run that assigned someone commits: queue the assignment mails. */
  afterAssign: (workspaceId: string) => Promise<void>;
  log: (message: string, error?: unknown) => void;
}

/**
 * Auto-assignment (docs/learning.md "Auto-assignment"): one rule per course; saving an enabled rule assigns the course
 * to everyone who already matches, and `peopleChanged` (called by the main API after it creates or edits people)
 * assigns it to those who came to match. Every assignment goes through `CourseAssignmentService.assignTo` (due date,
 * credits, mail mark, audit) in one set-based statement; a catalogue course short of credits assigns as many as its
 * credits allow, and the workspace's admins are mailed about the others in the same transaction.
 */
export class AutoAssignService {
  constructor(
    private readonly db: Database,
    private readonly assignments: CourseAssignmentService,
    private readonly mail: Mailer,
    private readonly clock: Clock,
    private readonly publicUrl: string,
    private readonly hooks: AutoAssignHooks,
  ) {}

  async get(actor: Assigner, courseId: string): Promise<Outcome<AutoAssignState>> {
    return this.db.tenant(actor.workspaceId, async (tx) => {
      if (!(await repo.course(tx, actor.workspaceId, courseId, false))) return noCourse();
      const row = await repo.findRule(tx, actor.workspaceId, courseId);
      return ok({ rule: row ? toRule(row) : null });
    });
  }

  async save(actor: Assigner, courseId: string, body: AutoAssignRuleBody): Promise<Outcome<AutoAssignSaved>> {
    const saved = await refusing(() =>
      this.db.tenant(actor.workspaceId, async (tx): Promise<Outcome<AutoAssignSaved>> => {
        const course = await repo.course(tx, actor.workspaceId, courseId, true);
        if (!course) return noCourse();
        if (!canAssign(course.status))
          return refuse('conflict', 'CONFLICT', 'Only a published course can be assigned', {
            courseId: 'This course is not published',
          });
        // A business-unit admin's rule is held to their unit: no unit means theirs, another unit is "not found".
        const branchId = body.branchId ?? actor.scope ?? null;
        const departmentId = body.departmentId ?? null;
        await checkFilterTargets(
          tx,
          actor.workspaceId,
          { branchId: branchId ?? undefined, departmentId: departmentId ?? undefined },
          actor.scope,
        );
        if (branchId && departmentId && (await repo.departmentUnit(tx, actor.workspaceId, departmentId)) !== branchId)
          return refuse('invalid', 'VALIDATION', 'The department belongs to another business unit', {
            departmentId: 'Not in this business unit',
          });
        const existing = await repo.lockRuleUnit(tx, actor.workspaceId, courseId);
        if (existing && actor.scope && existing.branch_id !== actor.scope) {
          return refuse(
            'forbidden',
            'FORBIDDEN',
            "This course's rule covers other business units: only a workspace admin or employer may change it",
          );
        }
        const row = await repo.upsertRule(tx, actor.workspaceId, courseId, {
          enabled: body.enabled,
          branchId,
          departmentId,
          startJoiningDate: body.startJoiningDate ?? null,
          endJoiningDate: body.endJoiningDate ?? null,
          role: body.role ?? null,
          dueDays: body.dueDays ?? null,
          at: this.clock.now(),
          by: actor.userId,
        });
        await repo.audit(tx, actor, 'course.auto-assign-saved', courseId, {
          ...toRule(row),
          lastRun: undefined,
          updatedAt: undefined,
        });
        const outcome = row.enabled
          ? await this.run(tx, actor, row, course.title)
          : { assigned: 0, alreadyAssigned: 0, notAssigned: 0 };
        const after = (await repo.findRule(tx, actor.workspaceId, courseId))!;
        const run: AutoAssignRun = { at: instantText(this.clock.now()), ...outcome };
        return ok({ rule: toRule(after), run });
      }),
    );
    if (saved.ok && saved.value.run.assigned > 0) await this.hooks.afterAssign(actor.workspaceId);
    return saved;
  }

  async reset(actor: Assigner, body: ResetAutoAssignBody): Promise<Outcome<{ cleared: number }>> {
    return this.db.tenant(actor.workspaceId, async (tx) => {
      const ids = body.courseIds ? [...new Set(body.courseIds)] : null;
      if (ids) {
        const found = await repo.existingCourseIds(tx, actor.workspaceId, ids);
        const unknown = ids.filter((id) => !found.includes(id));
        if (unknown.length > 0) return refuse('not-found', 'NOT_FOUND', `Courses not found: ${unknown.join(', ')}`);
        if (actor.scope && (await repo.rulesBeyondUnit(tx, actor.workspaceId, ids, actor.scope)))
          return refuse(
            'forbidden',
            'FORBIDDEN',
            "A course's rule covers other business units: only a workspace admin or employer may clear it",
          );
      }
      return ok({ cleared: await repo.deleteRules(tx, actor, ids, actor.scope) });
    });
  }

  /**
   * The hook: these people of the workspace were created or changed (import, invite claim, sign-up, edit). Each enabled
   * rule of a published course assigns its course to those of them it matches, one transaction per rule; a rule that
   * fails is logged and does not stop the others (the person's own change is already committed).
   */
  async peopleChanged(workspaceId: string, userIds: readonly string[]): Promise<number> {
    if (userIds.length === 0) return 0;
    const rules = await this.db.tenant(workspaceId, (tx) => repo.enabledRules(tx, workspaceId));
    let assigned = 0;
    const system: Assigner = { workspaceId, userId: null, scope: null, ip: null };
    for (const rule of rules) {
      try {
        const outcome = await this.db.tenant(workspaceId, async (tx) => {
          const course = await repo.course(tx, workspaceId, rule.course_id, true);
          if (course?.status !== 'PUBLISHED') return null;
          return this.assign(tx, system, rule, rule.title, userIds);
        });
        assigned += outcome?.assigned ?? 0;
      } catch (error) {
        this.hooks.log(`auto-assignment of course ${rule.course_id} failed`, error);
      }
    }
    if (assigned > 0) await this.hooks.afterAssign(workspaceId);
    return assigned;
  }

  /** The run on save: everyone who matches; recorded on the rule. */
  private async run(tx: Sql, actor: Assigner, rule: RuleRow, title: string): Promise<AssignOutcome> {
    const outcome = await this.assign(tx, actor, rule, title);
    await repo.recordRun(tx, actor.workspaceId, rule.course_id, this.clock.now(), outcome);
    return outcome;
  }

  private async assign(
    tx: Sql,
    actor: Assigner,
    rule: RuleRow,
    title: string,
    only?: readonly string[],
  ): Promise<AssignOutcome> {
    const outcome = await this.assignments.assignTo(
      tx,
      actor,
      rule.course_id,
      ruleTargets(rule, only),
      undefined,
      'auto-assign',
      'AUTO',
      rule.due_days,
      {
        credits: 'fit',
        skipEverAssigned: true,
      },
    );
    if (outcome.notAssigned > 0) await this.tellAdmins(tx, actor, rule.course_id, title, outcome.notAssigned);
    return outcome;
  }

  /** The workspace's admins are mailed (in the run's transaction) and the shortfall audited. */
  private async tellAdmins(
    tx: Sql,
    actor: Assigner,
    courseId: string,
    title: string,
    notAssigned: number,
  ): Promise<void> {
    const { ws, admins } = await repo.workspaceAndAdmins(tx, actor.workspaceId);
    const content = templates.autoAssignNoCredits({
      workspaceName: ws.company_name,
      courseTitle: title,
      notAssigned,
      link: `${publicOrigin(this.publicUrl, ws.workspace_url)}/courses/${courseId}`,
    });
    await this.mail.sendMany(
      admins.map((to) => ({ workspaceId: actor.workspaceId, to, ...content })),
      tx,
    );
    await repo.auditNoCredits(tx, actor, courseId, notAssigned);
  }
}
