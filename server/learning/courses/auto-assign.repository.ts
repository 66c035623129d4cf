import type { Role } from '../../../src/domain/auth/roles';
import type { Sql } from '../../platform/db/database';

/** The SQL of auto-assignment (docs/learning.md "Auto-assignment"): one rule per course. */

export interface RuleRow {
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

export async function findRule(tx: Sql, workspaceId: string, courseId: string): Promise<RuleRow | null> {
  const [row] = await tx.query<RuleRow>(
    `SELECT ${RULE_COLUMNS} FROM course_auto_assign_rules WHERE workspace_id = $1 AND course_id = $2`,
    [workspaceId, courseId],
  );
  return row ?? null;
}

/** The course's rule's unit, locked for the change (null: no rule yet). */
export async function lockRuleUnit(
  tx: Sql,
  workspaceId: string,
  courseId: string,
): Promise<{ branch_id: string | null } | null> {
  const [existing] = await tx.query<{ branch_id: string | null }>(
    `SELECT branch_id FROM course_auto_assign_rules WHERE workspace_id = $1 AND course_id = $2 FOR UPDATE`,
    [workspaceId, courseId],
  );
  return existing ?? null;
}

export async function departmentUnit(tx: Sql, workspaceId: string, departmentId: string): Promise<string | null> {
  const [dep] = await tx.query<{ branch_id: string }>(
    `SELECT branch_id FROM departments WHERE workspace_id = $1 AND id = $2`,
    [workspaceId, departmentId],
  );
  return dep?.branch_id ?? null;
}

export async function upsertRule(
  tx: Sql,
  workspaceId: string,
  courseId: string,
  rule: {
    enabled: boolean;
    branchId: string | null;
    departmentId: string | null;
    startJoiningDate: string | null;
    endJoiningDate: string | null;
    role: Role | null;
    dueDays: number | null;
    at: Date;
    by: string | null;
  },
): Promise<RuleRow> {
  const [row] = await tx.query<RuleRow>(
    `INSERT INTO course_auto_assign_rules (workspace_id, course_id, enabled, branch_id, department_id, start_joining_date, end_joining_date,
                                           role, due_days, updated_at, updated_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     ON CONFLICT (workspace_id, course_id) DO UPDATE SET enabled = EXCLUDED.enabled, branch_id = EXCLUDED.branch_id,
       department_id = EXCLUDED.department_id, start_joining_date = EXCLUDED.start_joining_date, end_joining_date = EXCLUDED.end_joining_date,
       role = EXCLUDED.role, due_days = EXCLUDED.due_days, updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by
     RETURNING ${RULE_COLUMNS}`,
    [
      workspaceId,
      courseId,
      rule.enabled,
      rule.branchId,
      rule.departmentId,
      rule.startJoiningDate,
      rule.endJoiningDate,
      rule.role,
      rule.dueDays,
      rule.at,
      rule.by,
    ],
  );
  return row;
}

export async function audit(
  tx: Sql,
  actor: { workspaceId: string; userId: string | null; ip: string | null },
  action: string,
  target: string,
  details: object,
): Promise<void> {
  await tx.query(
    `INSERT INTO audit_events (workspace_id, actor_user_id, action, target, ip, details) VALUES ($1, $2, $3, $4, $5, $6::jsonb)`,
    [actor.workspaceId, actor.userId, action, target, actor.ip, JSON.stringify(details)],
  );
}

export async function existingCourseIds(tx: Sql, workspaceId: string, ids: readonly string[]): Promise<string[]> {
  const found = await tx.query<{ id: string }>(
    `SELECT id FROM courses WHERE workspace_id = $1 AND id = ANY($2::uuid[])`,
    [workspaceId, ids],
  );
  return found.map((f) => f.id);
}

/** Whether any of these courses' rules covers another unit than this one. */
export async function rulesBeyondUnit(
  tx: Sql,
  workspaceId: string,
  ids: readonly string[],
  unitId: string,
): Promise<boolean> {
  const others = await tx.query<{ course_id: string }>(
    `SELECT course_id FROM course_auto_assign_rules WHERE workspace_id = $1 AND course_id = ANY($2::uuid[]) AND branch_id IS DISTINCT FROM $3::uuid`,
    [workspaceId, ids, unitId],
  );
  return others.length > 0;
}

/** Deletes the rules (of these courses, or all; of this unit, or any), auditing each; answers how many. */
export async function deleteRules(
  tx: Sql,
  actor: { workspaceId: string; userId: string | null; ip: string | null },
  courseIds: readonly string[] | null,
  unitId: string | null,
): Promise<number> {
  const params: unknown[] = [actor.workspaceId];
  let where = 'workspace_id = $1';
  if (courseIds) where += ` AND course_id = ANY($${params.push(courseIds)}::uuid[])`;
  if (unitId) where += ` AND branch_id = $${params.push(unitId)}::uuid`;
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
  return cleared.length;
}

/** The enabled rules of published courses, with the course's title. */
export function enabledRules(tx: Sql, workspaceId: string): Promise<(RuleRow & { title: string })[]> {
  return tx.query<RuleRow & { title: string }>(
    `SELECT ${ruleColumns('r.')}, c.title
       FROM course_auto_assign_rules r JOIN courses c ON c.workspace_id = r.workspace_id AND c.id = r.course_id
      WHERE r.workspace_id = $1 AND r.enabled AND c.status = 'PUBLISHED'`,
    [workspaceId],
  );
}

export async function course(
  tx: Sql,
  workspaceId: string,
  courseId: string,
  lock: boolean,
): Promise<{ status: 'DRAFT' | 'PUBLISHED'; title: string } | null> {
  const [row] = await tx.query<{ status: 'DRAFT' | 'PUBLISHED'; title: string }>(
    `SELECT status, title FROM courses WHERE workspace_id = $1 AND id = $2 ${lock ? 'FOR SHARE' : ''}`,
    [workspaceId, courseId],
  );
  return row ?? null;
}

export async function recordRun(
  tx: Sql,
  workspaceId: string,
  courseId: string,
  at: Date,
  outcome: { assigned: number; alreadyAssigned: number; notAssigned: number },
): Promise<void> {
  await tx.query(
    `UPDATE course_auto_assign_rules SET last_run_at = $3, last_run_assigned = $4, last_run_already = $5, last_run_not_assigned = $6
      WHERE workspace_id = $1 AND course_id = $2`,
    [workspaceId, courseId, at, outcome.assigned, outcome.alreadyAssigned, outcome.notAssigned],
  );
}

export async function workspaceAndAdmins(
  tx: Sql,
  workspaceId: string,
): Promise<{ ws: { company_name: string; workspace_url: string }; admins: string[] }> {
  const [ws] = await tx.query<{ company_name: string; workspace_url: string }>(
    `SELECT company_name, workspace_url FROM workspaces WHERE id = $1`,
    [workspaceId],
  );
  const admins = await tx.query<{ email: string }>(
    `SELECT email FROM users WHERE workspace_id = $1 AND role = 'WORKSPACE_ADMIN' AND status = 'ACTIVE' ORDER BY email`,
    [workspaceId],
  );
  return { ws, admins: admins.map((a) => a.email) };
}

export async function auditNoCredits(
  tx: Sql,
  actor: { workspaceId: string; userId: string | null; ip: string | null },
  courseId: string,
  notAssigned: number,
): Promise<void> {
  await tx.query(
    `INSERT INTO audit_events (workspace_id, actor_user_id, action, target, ip, details)
     VALUES ($1, $2, 'course.auto-assign.no-credits', $3, $4, jsonb_build_object('notAssigned', $5::int))`,
    [actor.workspaceId, actor.userId, courseId, actor.ip, notAssigned],
  );
}
