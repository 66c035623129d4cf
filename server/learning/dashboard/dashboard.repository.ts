import type { Sql } from '../../platform/db/database';
import { courseStatus, policyLaterals, policyStatus } from '../reports/report-query';

/**
 * The dashboard's SQL. Each figure is a count over the very rows the report reads (the same joins, the same status
 * expressions of report-query.ts), so a figure equals the total of the report filtered to it.
 */

export interface DashboardScope {
  workspaceId: string;
  /** Set (possibly to null: no unit, so nothing) for a business-unit admin; undefined for the workspace's admins. */
  scopeBranchId?: string | null;
  /** The unit the dashboard is narrowed to, if asked. */
  branchId?: string;
}

class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** The person conditions over `u`: the scope (a wall) and the narrowing (a choice). */
function personWhere(scope: DashboardScope, p: Params): string[] {
  const out: string[] = [];
  if (scope.scopeBranchId !== undefined)
    out.push(scope.scopeBranchId === null ? 'false' : `u.branch_id = ${p.add(scope.scopeBranchId)}::uuid`);
  if (scope.branchId) out.push(`u.branch_id = ${p.add(scope.branchId)}::uuid`);
  return out;
}

export interface CourseGroupRow {
  by: 'UNIT' | 'COURSE' | 'ALL';
  id: string | null;
  name: string | null;
  assigned: number;
  completed: number;
  overdue: number;
  overdue_learners: number;
}

/**
 * Course rows counted by business unit, by course and in all. The counts are hashed per unit and course (a few dozen
 * cells), then summed up, instead of one sort of every row that `count(DISTINCT ...)` over grouping sets needs: at
 * 500,000 assignments that sort spills to disk. Overdue learners: a person is in one unit, so a unit's are the distinct
 * people of its overdue rows and the workspace's the sum of the units'; a person has one assignment of a course
 * (`course_assignments_once`), so a course's are its overdue rows.
 */
export async function courseFigures(tx: Sql, scope: DashboardScope, now: Date): Promise<CourseGroupRow[]> {
  const p = new Params();
  const ws = p.add(scope.workspaceId);
  const at = `${p.add(now.toISOString())}::timestamptz`;
  const where = [`a.workspace_id = ${ws}`, 'a.unassigned_at IS NULL', ...personWhere(scope, p)];
  return tx.query<CourseGroupRow>(
    `WITH r AS NOT MATERIALIZED (
       SELECT u.branch_id, a.course_id, a.user_id, (${courseStatus(at)}) AS status
         FROM course_assignments a
         JOIN users u ON u.workspace_id = a.workspace_id AND u.id = a.user_id
         JOIN courses c ON c.workspace_id = a.workspace_id AND c.id = a.course_id
        WHERE ${where.join(' AND ')}
     ), cells AS (
       SELECT branch_id, course_id, count(*)::int AS assigned,
              count(*) FILTER (WHERE status = 'COMPLETED')::int AS completed,
              count(*) FILTER (WHERE status = 'OVERDUE')::int AS overdue
         FROM r GROUP BY branch_id, course_id
     ), late AS (
       SELECT branch_id, count(*)::int AS learners
         FROM (SELECT DISTINCT branch_id, user_id FROM r WHERE status = 'OVERDUE') x
        GROUP BY branch_id
     ), g AS (
       SELECT 'UNIT' AS by, cells.branch_id, NULL::uuid AS course_id, sum(assigned)::int AS assigned,
              sum(completed)::int AS completed, sum(overdue)::int AS overdue,
              coalesce(max(late.learners), 0)::int AS overdue_learners
         FROM cells LEFT JOIN late ON late.branch_id IS NOT DISTINCT FROM cells.branch_id
        GROUP BY cells.branch_id
       UNION ALL
       SELECT 'COURSE', NULL, course_id, sum(assigned)::int, sum(completed)::int, sum(overdue)::int, sum(overdue)::int
         FROM cells GROUP BY course_id
       UNION ALL
       SELECT 'ALL', NULL, NULL, coalesce(sum(assigned), 0)::int, coalesce(sum(completed), 0)::int,
              coalesce(sum(overdue), 0)::int, (SELECT coalesce(sum(learners), 0) FROM late)::int
         FROM cells
     )
     SELECT g.by, coalesce(g.branch_id, g.course_id)::text AS id, coalesce(b.name, c.title) AS name,
            g.assigned, g.completed, g.overdue, g.overdue_learners
       FROM g
       LEFT JOIN branches b ON g.by = 'UNIT' AND b.workspace_id = ${ws} AND b.id = g.branch_id
       LEFT JOIN courses c ON g.by = 'COURSE' AND c.workspace_id = ${ws} AND c.id = g.course_id
      ORDER BY g.by, lower(coalesce(b.name, c.title)) NULLS LAST`,
    p.values,
  );
}

export interface PolicyFigureRow {
  id: string;
  name: string;
  total: number;
  accepted: number;
  overdue: number;
}

/** Policy rows (people not inactive in each policy's scope) counted by policy and acceptance state. */
export async function policyFigures(tx: Sql, scope: DashboardScope, now: Date): Promise<PolicyFigureRow[]> {
  const p = new Params();
  const ws = p.add(scope.workspaceId);
  const at = `${p.add(now.toISOString())}::timestamptz`;
  const where = [
    `wp.workspace_id = ${ws}`,
    `u.status <> 'INACTIVE'`,
    ...personWhere(scope, p),
    `(wp.scope = 'WORKSPACE' OR EXISTS (SELECT 1 FROM workspace_policy_units pu WHERE pu.workspace_id = wp.workspace_id AND pu.policy_id = wp.id AND pu.branch_id = u.branch_id))`,
  ];
  return tx.query<PolicyFigureRow>(
    `SELECT r.id::text AS id, r.name, count(*)::int AS total,
            count(*) FILTER (WHERE r.state = 'ACCEPTED')::int AS accepted,
            count(*) FILTER (WHERE r.state = 'OVERDUE')::int AS overdue
       FROM (SELECT wp.id, cp.title AS name, (${policyStatus(at)}) AS state
               FROM workspace_policies wp
               JOIN catalogue_policies cp ON cp.id = wp.catalogue_policy_id
               JOIN users u ON u.workspace_id = wp.workspace_id${policyLaterals(at)}
              WHERE ${where.join(' AND ')}) r
      GROUP BY r.id, r.name
      ORDER BY lower(r.name), r.id`,
    p.values,
  );
}

export interface ExpiringRow {
  id: string;
  name: string;
  expiring: number;
}

/**
 * Completed assignments whose current certificate expires between two days (both included), by course. Read from the
 * completions of those days (a hash join), each kept when no later completion of its assignment's cycle exists (the
 * report's CERTIFICATE_EXPIRES: latest `completed_at`, then `id`), rather than one lookup per completed assignment.
 */
export async function expiringCertificates(
  tx: Sql,
  scope: DashboardScope,
  from: string,
  until: string,
): Promise<ExpiringRow[]> {
  const p = new Params();
  const ws = p.add(scope.workspaceId);
  const where = [
    `cc.workspace_id = ${ws}`,
    `cc.expires_on >= ${p.add(from)}::date`,
    `cc.expires_on <= ${p.add(until)}::date`,
    `a.status = 'COMPLETED'`,
    'a.unassigned_at IS NULL',
    ...personWhere(scope, p),
    `NOT EXISTS (SELECT 1 FROM course_completions n
                  WHERE n.workspace_id = cc.workspace_id AND n.assignment_id = cc.assignment_id AND n.cycle = cc.cycle
                    AND (n.completed_at > cc.completed_at OR (n.completed_at = cc.completed_at AND n.id > cc.id)))`,
  ];
  return tx.query<ExpiringRow>(
    `SELECT c.id::text AS id, c.title AS name, count(*)::int AS expiring
       FROM course_completions cc
       JOIN course_assignments a ON a.workspace_id = cc.workspace_id AND a.id = cc.assignment_id AND a.cycle = cc.cycle
       JOIN users u ON u.workspace_id = a.workspace_id AND u.id = a.user_id
       JOIN courses c ON c.workspace_id = a.workspace_id AND c.id = a.course_id
      WHERE ${where.join(' AND ')}
      GROUP BY c.id, c.title
      ORDER BY lower(c.title), c.id`,
    p.values,
  );
}

export async function branchName(tx: Sql, ws: string, branchId: string): Promise<string | null> {
  const [row] = await tx.query<{ name: string }>(`SELECT name FROM branches WHERE workspace_id = $1 AND id = $2`, [
    ws,
    branchId,
  ]);
  return row?.name ?? null;
}
