import type { ReportDefinition } from '../../../src/contracts/learning/reports.contract';
import { COLUMN_SIDE, type ReportColumn } from '../../../src/domain/reports/report-columns';

/**
 * The SQL of a report (docs/reports.md "How a report is read"). Pure: a definition, a scope and the time in, SQL text
 * and parameters out; every value the caller gives is a parameter, never text.
 *
 * Two stages. The keys stage finds the rows that pass the filters, one per person and course assignment and/or per
 * person and published policy, with only what the filters and the order need; it is where the preview's page is cut
 * (LIMIT and OFFSET; an export reads the whole report through a cursor), so the database never builds more than one page of
 * details. The details stage reads the chosen columns for those keys only: the acceptance, quiz and progress lookups
 * run per row of the page, not per row of the report.
 *
 * The scope is the wall a filter cannot pass: a business-unit admin's reports are ANDed with their unit, whatever the
 * filters ask; another workspace's ids in a filter match nothing (every table is read with `workspace_id = $1`).
 */
export interface ReportScope {
  workspaceId: string;
  /** Set (possibly to null: no unit, so no rows) for a business-unit admin; undefined for the workspace's admins. */
  branchId?: string | null;
}

export interface ReportSettings {
  /** The time "overdue" is judged at (the server's clock). */
  now: Date;
  /** The IANA zone that days of the date filters are read in. */
  zone: string;
}

export interface BuiltQuery {
  text: string;
  params: unknown[];
}

class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** Course status, as an expression over the assignment `a` and the time parameter. */
export const courseStatus = (now: string) =>
  `CASE WHEN a.status = 'COMPLETED' THEN 'COMPLETED' WHEN a.due_at IS NOT NULL AND a.due_at < ${now} THEN 'OVERDUE'
        WHEN a.status = 'IN_PROGRESS' THEN 'IN_PROGRESS' ELSE 'NOT_STARTED' END`;

/**
 * The acceptance of a policy row that counts (docs/policies.md, src/domain/compliance/compliance-rules.ts): the
 * person's latest acceptance of the last material version out (with a PDF) or a later one; for a yearly policy, one
 * within the last year. Its state: ACCEPTED, else OVERDUE once `days_to_accept` days have passed since the later of
 * joining, the version coming out and the publication, else PENDING.
 */
export const policyLaterals = (now: string) => `
  LEFT JOIN LATERAL (
    SELECT max(v.version) AS version, max(v.created_at) AS out_at
      FROM catalogue_policy_versions v
     WHERE v.policy_id = wp.catalogue_policy_id
       AND v.version = (SELECT max(v2.version) FROM catalogue_policy_versions v2
                         WHERE v2.policy_id = wp.catalogue_policy_id AND (v2.change = 'MATERIAL' OR v2.version = 1)
                           AND EXISTS (SELECT 1 FROM catalogue_policy_documents d WHERE d.policy_id = v2.policy_id AND d.version = v2.version AND d.status = 'CONFIRMED'))
  ) mv ON true
  LEFT JOIN LATERAL (
    SELECT pa.version, pa.accepted_at
      FROM policy_acceptances pa
     WHERE pa.workspace_id = wp.workspace_id AND pa.policy_id = wp.id AND pa.user_id = u.id
       AND pa.version >= mv.version
       AND (NOT wp.yearly OR pa.accepted_at > ${now}::timestamptz - interval '1 year')
     ORDER BY pa.accepted_at DESC
     LIMIT 1
  ) acc ON true`;

export const policyStatus = (now: string) =>
  `CASE WHEN acc.accepted_at IS NOT NULL THEN 'ACCEPTED'
        WHEN greatest(coalesce(u.date_of_joining, u.created_at::date)::timestamptz, mv.out_at, wp.published_at) + make_interval(days => wp.days_to_accept) < ${now} THEN 'OVERDUE'
        ELSE 'PENDING' END`;

/** `column >= day` and `column < day + 1` with the days read in the workspace's zone. */
function dayRange(column: string, range: { from?: string; to?: string } | undefined, p: Params, zone: string): string[] {
  if (!range) return [];
  const out: string[] = [];
  if (range.from) out.push(`${column} >= (${p.add(range.from)}::date)::timestamp AT TIME ZONE ${zone}`);
  if (range.to) out.push(`${column} < ((${p.add(range.to)}::date + 1))::timestamp AT TIME ZONE ${zone}`);
  return out;
}

/** The expiry day of an assignment's current certificate: its latest completion of the cycle (as the dashboard counts). */
const CERTIFICATE_EXPIRES = `(SELECT cc.expires_on FROM course_completions cc
   WHERE cc.workspace_id = a.workspace_id AND cc.assignment_id = a.id AND cc.cycle = a.cycle
   ORDER BY cc.completed_at DESC, cc.id DESC LIMIT 1)`;

/** The expiry filters: completed assignments whose current certificate expires on the days asked (both ends included). */
function expiryWhere(f: ReportDefinition['filters'], p: Params, now: string, zone: string): string[] {
  if (!f?.expires && f?.expiresWithinDays === undefined) return [];
  const out = [`a.status = 'COMPLETED'`];
  if (f.expires?.from) out.push(`${CERTIFICATE_EXPIRES} >= ${p.add(f.expires.from)}::date`);
  if (f.expires?.to) out.push(`${CERTIFICATE_EXPIRES} <= ${p.add(f.expires.to)}::date`);
  if (f.expiresWithinDays !== undefined) {
    const today = `(${now}::timestamptz AT TIME ZONE ${zone})::date`;
    out.push(`${CERTIFICATE_EXPIRES} >= ${today}`, `${CERTIFICATE_EXPIRES} <= ${today} + ${p.add(f.expiresWithinDays)}::int`);
  }
  return out;
}

const nonEmpty = <T>(list: readonly T[] | undefined): list is readonly T[] => Array.isArray(list) && list.length > 0;

/** The person filters and the scope, over `u`, shared by both kinds of row. */
function personWhere(def: ReportDefinition, scope: ReportScope, p: Params): string[] {
  const f = def.filters ?? {};
  const out: string[] = [];
  if (scope.branchId !== undefined) out.push(scope.branchId === null ? 'false' : `u.branch_id = ${p.add(scope.branchId)}::uuid`);
  if (nonEmpty(f.branchIds)) out.push(`u.branch_id = ANY(${p.add(f.branchIds)}::uuid[])`);
  if (nonEmpty(f.departmentIds)) out.push(`u.department_id = ANY(${p.add(f.departmentIds)}::uuid[])`);
  if (nonEmpty(f.userStatuses)) out.push(`u.status = ANY(${p.add(f.userStatuses)}::text[])`);
  return out;
}

/** Whether a definition has course rows, policy rows, or both (a filter of one side leaves the other side out). */
export function sidesOf(def: ReportDefinition): { course: boolean; policy: boolean } {
  const f = def.filters ?? {};
  const courseOnly = nonEmpty(f.courseIds) || nonEmpty(f.courseStatuses) || !!f.assigned || !!f.completed || f.courseVersion !== undefined || !!f.expires || f.expiresWithinDays !== undefined;
  const policyOnly = nonEmpty(f.policyIds) || nonEmpty(f.policyStatuses) || !!f.accepted || f.policyVersion !== undefined;
  // A filter on one side is a question about that side: asked with both included, rows of the other side would
  // answer nothing about it, so they are left out (a filter on both sides keeps both, each filtered by its own).
  return {
    course: def.isCourseInclude && (!policyOnly || courseOnly),
    policy: def.isPolicyInclude && (!courseOnly || policyOnly),
  };
}

function keysSql(def: ReportDefinition, scope: ReportScope, settings: ReportSettings, p: Params): string {
  const f = def.filters ?? {};
  const ws = p.add(scope.workspaceId);
  const now = p.add(settings.now.toISOString());
  const zone = p.add(settings.zone);
  const sides = sidesOf(def);
  // No side left (a filter of one side asked of a report without it): no rows. Every parameter added so far is named,
  // and no other is added: a parameter the text never names has no type, and the database refuses the statement.
  if (!sides.course && !sides.policy)
    return `SELECT NULL::text AS k1, NULL::text AS k2, NULL::uuid AS user_id, NULL::text AS kind, NULL::text AS k3, NULL::uuid AS item_id WHERE false AND ${ws}::uuid IS NOT NULL AND ${zone}::text IS NOT NULL AND ${now}::timestamptz IS NOT NULL`;
  const person = personWhere(def, scope, p);
  const parts: string[] = [];
  if (sides.course) {
    const where = [`a.workspace_id = ${ws}`, 'a.unassigned_at IS NULL', ...person];
    if (nonEmpty(f.courseIds)) where.push(`a.course_id = ANY(${p.add(f.courseIds)}::uuid[])`);
    if (nonEmpty(f.courseStatuses)) where.push(`(${courseStatus(`${now}::timestamptz`)}) = ANY(${p.add(f.courseStatuses)}::text[])`);
    if (f.courseVersion !== undefined) where.push(`a.course_version = ${p.add(f.courseVersion)}::int`);
    where.push(...dayRange('a.assigned_at', f.assigned, p, zone), ...dayRange('a.completed_at', f.completed, p, zone));
    where.push(...expiryWhere(f, p, now, zone));
    parts.push(`SELECT lower(u.last_name) AS k1, lower(u.first_name) AS k2, u.id AS user_id, 'COURSE'::text AS kind, lower(c.title) AS k3, a.id AS item_id
      FROM course_assignments a
      JOIN users u ON u.workspace_id = a.workspace_id AND u.id = a.user_id
      JOIN courses c ON c.workspace_id = a.workspace_id AND c.id = a.course_id
     WHERE ${where.join(' AND ')}`);
  }
  if (sides.policy) {
    const where = [`wp.workspace_id = ${ws}`, `u.status <> 'INACTIVE'`, ...person];
    where.push(`(wp.scope = 'WORKSPACE' OR EXISTS (SELECT 1 FROM workspace_policy_units pu WHERE pu.workspace_id = wp.workspace_id AND pu.policy_id = wp.id AND pu.branch_id = u.branch_id))`);
    if (nonEmpty(f.policyIds)) where.push(`wp.id = ANY(${p.add(f.policyIds)}::uuid[])`);
    const needsAcceptance = nonEmpty(f.policyStatuses) || !!f.accepted || f.policyVersion !== undefined;
    if (nonEmpty(f.policyStatuses)) where.push(`(${policyStatus(`${now}::timestamptz`)}) = ANY(${p.add(f.policyStatuses)}::text[])`);
    if (f.policyVersion !== undefined) where.push(`acc.version = ${p.add(f.policyVersion)}::int`);
    where.push(...dayRange('acc.accepted_at', f.accepted, p, zone));
    parts.push(`SELECT lower(u.last_name) AS k1, lower(u.first_name) AS k2, u.id AS user_id, 'POLICY'::text AS kind, lower(cp.title) AS k3, wp.id AS item_id
      FROM workspace_policies wp
      JOIN catalogue_policies cp ON cp.id = wp.catalogue_policy_id
      JOIN users u ON u.workspace_id = wp.workspace_id${needsAcceptance ? policyLaterals(`${now}::timestamptz`) : ''}
     WHERE ${where.join(' AND ')}`);
  }
  // The zone parameter is referenced only by date filters; keep it typed for PostgreSQL when unused.
  const zoneUse = `${zone}::text IS NOT NULL`;
  return `SELECT * FROM (${parts.join('\n UNION ALL \n')}) keys WHERE ${zoneUse} AND ${now}::timestamptz IS NOT NULL`;
}

const ORDER = 'k1, k2, user_id, kind, k3, item_id';

/** The columns of the order and the person's id: in a typed row (the preview reads `user_id`), not in a JSON one. */
const KEY_NAMES: ReadonlySet<string> = new Set(['k1', 'k2', 'k3', 'item_id', 'user_id']);

/** The details of the keys in `page` (a subquery aliased `p`), in the report's order. */
function detailsSql(def: ReportDefinition, page: string, settings: ReportSettings, p: Params, ws: string, shape: 'columns' | 'json' = 'columns'): string {
  // Added on first use: a parameter the text never names is refused by the database.
  let nowParam: string | null = null;
  const nowOf = () => (nowParam ??= `${p.add(settings.now.toISOString())}::timestamptz`);
  const want = new Set<ReportColumn>(def.columns);
  const has = (...cols: ReportColumn[]) => cols.some((c) => want.has(c));
  // Each column as [name, expression]: selected as `expression AS "name"`, or as a pair of one JSON object a row.
  const select: [string, string][] = [
    ['kind', 'p.kind'],
    ['user_id', 'u.id'],
    ['name', `trim(u.first_name || ' ' || u.last_name)`],
    ['email', `coalesce(u.email, '')`],
  ];
  const joins: string[] = [];
  if (want.has('dateOfJoining')) select.push(['dateOfJoining', `u.date_of_joining::text`]);
  if (want.has('userStatus')) select.push(['userStatus', `u.status`]);
  if (want.has('designation')) select.push(['designation', `u.designation`]);
  if (want.has('businessUnit')) {
    joins.push(`LEFT JOIN branches b ON b.workspace_id = u.workspace_id AND b.id = u.branch_id`);
    select.push(['businessUnit', `b.name`]);
  }
  if (want.has('department')) {
    joins.push(`LEFT JOIN departments d ON d.workspace_id = u.workspace_id AND d.id = u.department_id`);
    select.push(['department', `d.name`]);
  }
  const courseCols = def.columns.filter((c) => COLUMN_SIDE[c] === 'course');
  if (courseCols.length > 0) {
    joins.push(`LEFT JOIN course_assignments a ON p.kind = 'COURSE' AND a.workspace_id = u.workspace_id AND a.id = p.item_id`);
    if (has('courseName')) {
      joins.push(`LEFT JOIN courses c ON c.workspace_id = a.workspace_id AND c.id = a.course_id`);
      select.push(['courseName', `c.title`]);
    }
    if (has('courseVersion')) select.push(['courseVersion', `a.course_version`]);
    if (has('assignedOn')) select.push(['assignedOn', `a.assigned_at`]);
    if (has('status')) select.push(['status', `CASE WHEN a.id IS NULL THEN NULL ELSE ${courseStatus(nowOf())} END`]);
    if (has('completedOn')) select.push(['completedOn', `a.completed_at`]);
    // The current certificate's expiry (the one the expiry filter and the dashboard read); none before completion.
    if (has('expiresOn')) select.push(['expiresOn', `CASE WHEN a.status = 'COMPLETED' THEN ${CERTIFICATE_EXPIRES}::text END`]);
    if (has('completionPercentage')) {
      // Lessons done and quizzes passed of this cycle, of the course's contents; 100 once completed.
      joins.push(`LEFT JOIN LATERAL (
        SELECT (SELECT count(*) FROM course_contents cc WHERE cc.workspace_id = a.workspace_id AND cc.course_id = a.course_id) AS total,
               (SELECT count(*) FROM learner_lessons ll WHERE ll.workspace_id = a.workspace_id AND ll.assignment_id = a.id AND ll.cycle = a.cycle)
             + (SELECT count(DISTINCT qa.quiz_id) FROM quiz_attempts qa WHERE qa.workspace_id = a.workspace_id AND qa.assignment_id = a.id AND qa.cycle = a.cycle AND qa.passed) AS done
      ) prog ON a.id IS NOT NULL`);
      select.push(['completionPercentage', `CASE WHEN a.id IS NULL THEN NULL WHEN a.status = 'COMPLETED' THEN 100 WHEN prog.total = 0 THEN 0
                        ELSE least(99, floor(100.0 * prog.done / prog.total))::int END`]);
    }
    if (has('testAttempts', 'testScore', 'testStatus', 'testCompletedOn')) {
      joins.push(`LEFT JOIN LATERAL (
        SELECT count(*)::int AS attempts, max(qa.score) AS best, bool_or(qa.passed) AS passed,
               max(qa.submitted_at) FILTER (WHERE qa.passed) AS passed_at, max(qa.submitted_at) AS last_at
          FROM quiz_attempts qa WHERE qa.workspace_id = a.workspace_id AND qa.assignment_id = a.id AND qa.cycle = a.cycle
      ) quiz ON a.id IS NOT NULL`);
      if (has('testAttempts')) select.push(['testAttempts', `CASE WHEN a.id IS NULL THEN NULL ELSE coalesce(quiz.attempts, 0) END`]);
      if (has('testScore')) select.push(['testScore', `round(quiz.best)::int`]);
      if (has('testStatus')) select.push(['testStatus', `CASE WHEN a.id IS NULL THEN NULL WHEN quiz.attempts = 0 THEN 'NOT_TAKEN' WHEN quiz.passed THEN 'PASSED' ELSE 'FAILED' END`]);
      if (has('testCompletedOn')) select.push(['testCompletedOn', `coalesce(quiz.passed_at, quiz.last_at)`]);
    }
  }
  const policyCols = def.columns.filter((c) => COLUMN_SIDE[c] === 'policy');
  if (policyCols.length > 0) {
    joins.push(`LEFT JOIN workspace_policies wp ON p.kind = 'POLICY' AND wp.workspace_id = u.workspace_id AND wp.id = p.item_id`);
    if (has('policyName')) {
      joins.push(`LEFT JOIN catalogue_policies cp ON cp.id = wp.catalogue_policy_id`);
      select.push(['policyName', `cp.title`]);
    }
    if (has('policyVersion', 'policyAcceptanceStatus', 'policyAcceptedOn')) {
      joins.push(policyLaterals(nowOf()).replace(') mv ON true', ') mv ON wp.id IS NOT NULL').replace(') acc ON true', ') acc ON wp.id IS NOT NULL'));
      if (has('policyVersion')) select.push(['policyVersion', `acc.version`]);
      if (has('policyAcceptanceStatus')) select.push(['policyAcceptanceStatus', `CASE WHEN wp.id IS NULL THEN NULL ELSE ${policyStatus(nowOf())} END`]);
      if (has('policyAcceptedOn')) select.push(['policyAcceptedOn', `acc.accepted_at`]);
    }
  }
  select.push(['k1', 'p.k1'], ['k2', 'p.k2'], ['k3', 'p.k3'], ['item_id', 'p.item_id']);
  // 'json': the row as one JSON object of the columns the file needs (not the keys), so the embedded database's client
  // decodes one value a row instead of one a column (docs/reports.md "Exports", "At size").
  const columns =
    shape === 'columns'
      ? select.map(([name, expr]) => `${expr} AS "${name}"`).join(',\n ')
      : `json_build_object(${select
          .filter(([name]) => !KEY_NAMES.has(name))
          .map(([name, expr]) => `'${name}', ${expr}`)
          .join(',\n ')}) AS row`;
  return `SELECT ${columns}
    FROM ${page}
    JOIN users u ON u.workspace_id = ${ws} AND u.id = p.user_id
    ${joins.join('\n ')}
   ORDER BY p.${ORDER.split(', ').join(', p.')}`;
}

/** The number of rows of the whole report. */
export function countQuery(def: ReportDefinition, scope: ReportScope, settings: ReportSettings): BuiltQuery {
  const p = new Params();
  const keys = keysSql(def, scope, settings, p);
  return { text: `SELECT count(*)::int AS n FROM (${keys}) k`, params: p.values };
}

/** One page of the report, by offset (the preview: pages are browsed, not walked). */
export function pageQuery(def: ReportDefinition, scope: ReportScope, settings: ReportSettings, page: number, pageSize: number): BuiltQuery {
  const p = new Params();
  const ws = p.add(scope.workspaceId);
  const keys = keysSql(def, scope, settings, p);
  const limit = p.add(pageSize);
  const offset = p.add((page - 1) * pageSize);
  const pageSql = `(SELECT * FROM (${keys}) k ORDER BY ${ORDER} LIMIT ${limit}::int OFFSET ${offset}::int) p`;
  return { text: detailsSql(def, pageSql, settings, p, `${ws}::uuid`), params: p.values };
}

/** Writes the report's keys of an export attempt, numbered in the report's order (no longer used by the exporter, which reads a holdable cursor on the embedded database: `fullJsonQuery`). */
export function storeKeysQuery(def: ReportDefinition, scope: ReportScope, settings: ReportSettings, exportId: string): BuiltQuery {
  const p = new Params();
  const ws = p.add(scope.workspaceId);
  const job = p.add(exportId);
  const keys = keysSql(def, scope, settings, p);
  return {
    text: `INSERT INTO report_export_keys (workspace_id, export_id, seq, k1, k2, user_id, kind, k3, item_id)
           SELECT ${ws}::uuid, ${job}::uuid, row_number() OVER (ORDER BY ${ORDER}), k1, k2, user_id, kind, k3, item_id FROM (${keys}) k`,
    params: p.values,
  };
}

/** The rows `(after, after + size]` of an export's stored keys, with their details (no longer used by the exporter). */
export function storedPageQuery(def: ReportDefinition, scope: ReportScope, settings: ReportSettings, exportId: string, after: number, size: number): BuiltQuery {
  const p = new Params();
  const ws = p.add(scope.workspaceId);
  const pageSql = `(SELECT k1, k2, user_id, kind, k3, item_id FROM report_export_keys
      WHERE workspace_id = ${ws}::uuid AND export_id = ${p.add(exportId)}::uuid AND seq > ${p.add(after)}::int AND seq <= ${p.add(after + size)}::int) p`;
  return { text: detailsSql(def, pageSql, settings, p, `${ws}::uuid`), params: p.values };
}

/** The whole report in order, for a server-side cursor (PostgreSQL). */
export function fullQuery(def: ReportDefinition, scope: ReportScope, settings: ReportSettings): BuiltQuery {
  const p = new Params();
  const ws = p.add(scope.workspaceId);
  const keys = keysSql(def, scope, settings, p);
  return { text: detailsSql(def, `(${keys}) p`, settings, p, `${ws}::uuid`), params: p.values };
}

/**
 * The whole report in order, each row one JSON object (`row`) of the kind, name, email and chosen columns under the
 * names a `DetailRow` has: the embedded database's export cursor. Timestamps come as ISO text with their offset, days
 * and numbers as in `fullQuery`, so the cells written are the same.
 */
export function fullJsonQuery(def: ReportDefinition, scope: ReportScope, settings: ReportSettings): BuiltQuery {
  const p = new Params();
  const ws = p.add(scope.workspaceId);
  const keys = keysSql(def, scope, settings, p);
  return { text: detailsSql(def, `(${keys}) p`, settings, p, `${ws}::uuid`, 'json'), params: p.values };
}

/** A row of the details stage, as the database gives it. */
export type DetailRow = Record<string, unknown> & { kind: 'COURSE' | 'POLICY'; user_id: string; name: string; email: string; k1: string; k2: string; k3: string; item_id: string };
