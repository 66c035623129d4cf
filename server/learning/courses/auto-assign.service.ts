import type {
  AutoAssignRule,
  AutoAssignRuleBody,
  AutoAssignRun,
  AutoAssignSaved,
  AutoAssignState,
  ResetAutoAssignBody,
} from '../../../src/contracts/learning/auto-assign.contract';
import type { Role } from '../../../src/domain/auth/roles';
import { canAssign } from '../../../src/domain/courses/course';
import type { Clock } from '../../platform/clock';
import type { Database, Sql } from '../../platform/db/database';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { templates } from '../../platform/message-templates';
import type { Mailer } from '../../platform/messages';
import { publicOrigin } from '../../platform/tenancy';
import type { Assigner, AssignOutcome, CourseAssignmentService } from './assignment.service';
import { checkFilterTargets } from './user-directory';

interface RuleRow {
  course_id: string;
  enabled: boolean;
  branch_id: string | null;
  department_id: string | null;
  start_joining_date: string | null;
  end_joining_date: string | null;
  role: Role | null;
  due_days: number | null;
  updated_at: Date | string;
  last_run_at: Date | string | null;
  last_run_assigned: number;
  last_run_already: number;
  last_run_not_assigned: number;
}

const ruleColumns = (r = '') => `${r}course_id, ${r}enabled, ${r}branch_id, ${r}department_id,
  to_char(${r}start_joining_date, 'YYYY-MM-DD') AS start_joining_date, to_char(${r}end_joining_date, 'YYYY-MM-DD') AS end_joining_date,
  ${r}role, ${r}due_days, ${r}updated_at, ${r}last_run_at, ${r}last_run_assigned, ${r}last_run_already, ${r}last_run_not_assigned`;
const RULE_COLUMNS = ruleColumns();

const iso = (v: Date | string) => new Date(v).toISOString();

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
    updatedAt: iso(row.updated_at),
    lastRun: row.last_run_at
      ? {
          at: iso(row.last_run_at),
          assigned: row.last_run_assigned,
          alreadyAssigned: row.last_run_already,
          notAssigned: row.last_run_not_assigned,
        }
      : null,
  };
}

/**
 * The people a rule matches, as a query of user ids on the assigning statement's parameters (`$1` the workspace):
 * not deactivated, and every criterion the rule gives; `only` narrows it to the people who just changed.
 */
export function ruleTargets(rule: RuleRow, only?: readonly string[]): (params: unknown[]) => string {
  return (params) => {
    const clauses = ['u.workspace_id = $1', `u.status <> 'INACTIVE'`];
    const add = (sql: (n: string) => string, value: unknown) => clauses.push(sql(`$${params.push(value)}`));
    if (rule.branch_id) add((n) => `u.branch_id = ${n}::uuid`, rule.branch_id);
    if (rule.department_id) add((n) => `u.department_id = ${n}::uuid`, rule.department_id);
    if (rule.role) add((n) => `u.role = ${n}::text`, rule.role);
    if (rule.start_joining_date) add((n) => `u.date_of_joining >= ${n}::date`, rule.start_joining_date);
    if (rule.end_joining_date) add((n) => `u.date_of_joining <= ${n}::date`, rule.end_joining_date);
    if (only) add((n) => `u.id = ANY(${n}::uuid[])`, only);
    return `SELECT u.id FROM users u WHERE ${clauses.join(' AND ')}`;
  };
}

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

  async get(actor: Assigner, courseId: string): Promise<AutoAssignState> {
    return this.db.tenant(actor.workspaceId, async (tx) => {
      await this.course(tx, actor.workspaceId, courseId);
      const [row] = await tx.query<RuleRow>(
        `SELECT ${RULE_COLUMNS} FROM course_auto_assign_rules WHERE workspace_id = $1 AND course_id = $2`,
        [actor.workspaceId, courseId],
      );
      return { rule: row ? toRule(row) : null };
    });
  }

  async save(actor: Assigner, courseId: string, body: AutoAssignRuleBody): Promise<AutoAssignSaved> {
    const saved = await this.db.tenant(actor.workspaceId, async (tx) => {
      const course = await this.course(tx, actor.workspaceId, courseId, true);
      if (!canAssign(course.status))
        throw conflict('Only a published course can be assigned', { courseId: 'This course is not published' });
      // A business-unit admin's rule is held to their unit: no unit means theirs, another unit is "not found".
      const branchId = body.branchId ?? actor.scope ?? null;
      const departmentId = body.departmentId ?? null;
      await checkFilterTargets(
        tx,
        actor.workspaceId,
        { branchId: branchId ?? undefined, departmentId: departmentId ?? undefined },
        actor.scope,
      );
      if (branchId && departmentId) {
        const [dep] = await tx.query<{ branch_id: string }>(
          `SELECT branch_id FROM departments WHERE workspace_id = $1 AND id = $2`,
          [actor.workspaceId, departmentId],
        );
        if (dep.branch_id !== branchId)
          throw badRequest('The department belongs to another business unit', {
            departmentId: 'Not in this business unit',
          });
      }
      const [existing] = await tx.query<{ branch_id: string | null }>(
        `SELECT branch_id FROM course_auto_assign_rules WHERE workspace_id = $1 AND course_id = $2 FOR UPDATE`,
        [actor.workspaceId, courseId],
      );
      if (existing && actor.scope && existing.branch_id !== actor.scope) {
        throw forbidden(
          "This course's rule covers other business units: only a workspace admin or employer may change it",
        );
      }
      const [row] = await tx.query<RuleRow>(
        `INSERT INTO course_auto_assign_rules (workspace_id, course_id, enabled, branch_id, department_id, start_joining_date, end_joining_date,
                                               role, due_days, updated_at, updated_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         ON CONFLICT (workspace_id, course_id) DO UPDATE SET enabled = EXCLUDED.enabled, branch_id = EXCLUDED.branch_id,
           department_id = EXCLUDED.department_id, start_joining_date = EXCLUDED.start_joining_date, end_joining_date = EXCLUDED.end_joining_date,
           role = EXCLUDED.role, due_days = EXCLUDED.due_days, updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by
         RETURNING ${RULE_COLUMNS}`,
        [
          actor.workspaceId,
          courseId,
          body.enabled,
          branchId,
          departmentId,
          body.startJoiningDate ?? null,
          body.endJoiningDate ?? null,
          body.role ?? null,
          body.dueDays ?? null,
          this.clock.now(),
          actor.userId,
        ],
      );
      await tx.query(
        `INSERT INTO audit_events (workspace_id, actor_user_id, action, target, ip, details)
         VALUES ($1, $2, 'course.auto-assign-saved', $3, $4, $5::jsonb)`,
        [
          actor.workspaceId,
          actor.userId,
          courseId,
          actor.ip,
          JSON.stringify({ ...toRule(row), lastRun: undefined, updatedAt: undefined }),
        ],
      );
      const outcome = row.enabled
        ? await this.run(tx, actor, row, course.title)
        : { assigned: 0, alreadyAssigned: 0, notAssigned: 0 };
      const [after] = await tx.query<RuleRow>(
        `SELECT ${RULE_COLUMNS} FROM course_auto_assign_rules WHERE workspace_id = $1 AND course_id = $2`,
        [actor.workspaceId, courseId],
      );
      const run: AutoAssignRun = { at: iso(this.clock.now()), ...outcome };
      return { rule: toRule(after), run };
    });
    if (saved.run.assigned > 0) await this.hooks.afterAssign(actor.workspaceId);
    return saved;
  }

  async reset(actor: Assigner, body: ResetAutoAssignBody): Promise<{ cleared: number }> {
    return this.db.tenant(actor.workspaceId, async (tx) => {
      if (body.courseIds) {
        const ids = [...new Set(body.courseIds)];
        const found = await tx.query<{ id: string }>(
          `SELECT id FROM courses WHERE workspace_id = $1 AND id = ANY($2::uuid[])`,
          [actor.workspaceId, ids],
        );
        const unknown = ids.filter((id) => !found.some((f) => f.id === id));
        if (unknown.length > 0) throw notFound(`Courses not found: ${unknown.join(', ')}`);
        if (actor.scope) {
          const others = await tx.query<{ course_id: string }>(
            `SELECT course_id FROM course_auto_assign_rules WHERE workspace_id = $1 AND course_id = ANY($2::uuid[]) AND branch_id IS DISTINCT FROM $3::uuid`,
            [actor.workspaceId, ids, actor.scope],
          );
          if (others.length > 0)
            throw forbidden(
              "A course's rule covers other business units: only a workspace admin or employer may clear it",
            );
        }
      }
      const params: unknown[] = [actor.workspaceId];
      let where = 'workspace_id = $1';
      if (body.courseIds) where += ` AND course_id = ANY($${params.push([...new Set(body.courseIds)])}::uuid[])`;
      if (actor.scope) where += ` AND branch_id = $${params.push(actor.scope)}::uuid`;
      const cleared = await tx.query<{ course_id: string }>(
        `DELETE FROM course_auto_assign_rules WHERE ${where} RETURNING course_id`,
        params,
      );
      if (cleared.length > 0) {
        await tx.query(
          `INSERT INTO audit_events (workspace_id, actor_user_id, action, target, ip, details)
           SELECT $1, $2, 'course.auto-assign-reset', t.id::text, $3, '{}'::jsonb FROM unnest($4::uuid[]) AS t(id)`,
          [actor.workspaceId, actor.userId, actor.ip, cleared.map((c) => c.course_id)],
        );
      }
      return { cleared: cleared.length };
    });
  }

  /**
   * The hook: these people of the workspace were created or changed (import, invite claim, sign-up, edit). Each enabled
   * rule of a published course assigns its course to those of them it matches, one transaction per rule; a rule that
   * fails is logged and does not stop the others (the person's own change is already committed).
   */
  async peopleChanged(workspaceId: string, userIds: readonly string[]): Promise<number> {
    if (userIds.length === 0) return 0;
    const rules = await this.db.tenant(workspaceId, (tx) =>
      tx.query<RuleRow & { title: string }>(
        `SELECT ${ruleColumns('r.')}, c.title
           FROM course_auto_assign_rules r JOIN courses c ON c.workspace_id = r.workspace_id AND c.id = r.course_id
          WHERE r.workspace_id = $1 AND r.enabled AND c.status = 'PUBLISHED'`,
        [workspaceId],
      ),
    );
    let assigned = 0;
    const system: Assigner = { workspaceId, userId: null, scope: null, ip: null };
    for (const rule of rules) {
      try {
        const outcome = await this.db.tenant(workspaceId, async (tx) => {
          const [course] = await tx.query<{ status: string }>(
            `SELECT status FROM courses WHERE workspace_id = $1 AND id = $2 FOR SHARE`,
            [workspaceId, rule.course_id],
          );
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
    await tx.query(
      `UPDATE course_auto_assign_rules SET last_run_at = $3, last_run_assigned = $4, last_run_already = $5, last_run_not_assigned = $6
        WHERE workspace_id = $1 AND course_id = $2`,
      [
        actor.workspaceId,
        rule.course_id,
        this.clock.now(),
        outcome.assigned,
        outcome.alreadyAssigned,
        outcome.notAssigned,
      ],
    );
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
    const [ws] = await tx.query<{ company_name: string; workspace_url: string }>(
      `SELECT company_name, workspace_url FROM workspaces WHERE id = $1`,
      [actor.workspaceId],
    );
    const admins = await tx.query<{ email: string }>(
      `SELECT email FROM users WHERE workspace_id = $1 AND role = 'WORKSPACE_ADMIN' AND status = 'ACTIVE' ORDER BY email`,
      [actor.workspaceId],
    );
    const content = templates.autoAssignNoCredits({
      workspaceName: ws.company_name,
      courseTitle: title,
      notAssigned,
      link: `${publicOrigin(this.publicUrl, ws.workspace_url)}/courses/${courseId}`,
    });
    await this.mail.sendMany(
      admins.map((a) => ({ workspaceId: actor.workspaceId, to: a.email, ...content })),
      tx,
    );
    await tx.query(
      `INSERT INTO audit_events (workspace_id, actor_user_id, action, target, ip, details)
       VALUES ($1, $2, 'course.auto-assign.no-credits', $3, $4, jsonb_build_object('notAssigned', $5::int))`,
      [actor.workspaceId, actor.userId, courseId, actor.ip, notAssigned],
    );
  }

  private async course(
    tx: Sql,
    workspaceId: string,
    courseId: string,
    lock = false,
  ): Promise<{ status: 'DRAFT' | 'PUBLISHED'; title: string }> {
    const [course] = await tx.query<{ status: 'DRAFT' | 'PUBLISHED'; title: string }>(
      `SELECT status, title FROM courses WHERE workspace_id = $1 AND id = $2 ${lock ? 'FOR SHARE' : ''}`,
      [workspaceId, courseId],
    );
    if (!course) throw notFound('Course not found');
    return course;
  }
}
