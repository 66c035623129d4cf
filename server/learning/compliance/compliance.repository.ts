import type { Sql } from '../../platform/db/database';

/** The SQL of a workspace's compliance (docs/policies.md "Compliance status"): its declarations and its evidence. */

export async function declaredJurisdictionIds(tx: Sql, workspaceId: string): Promise<string[]> {
  const rows = await tx.query<{ jurisdiction_id: string }>(
    `SELECT jurisdiction_id FROM workspace_jurisdictions WHERE workspace_id = $1`,
    [workspaceId],
  );
  return rows.map((r) => r.jurisdiction_id);
}

/** Declares exactly these jurisdictions, and audits the change from `before`. */
export async function replaceDeclared(
  tx: Sql,
  actor: { workspaceId: string; userId: string; ip: string },
  before: readonly string[],
  ids: readonly string[],
): Promise<void> {
  await tx.query(
    `DELETE FROM workspace_jurisdictions WHERE workspace_id = $1 AND NOT (jurisdiction_id = ANY($2::uuid[]))`,
    [actor.workspaceId, ids],
  );
  await tx.query(
    `INSERT INTO workspace_jurisdictions (workspace_id, jurisdiction_id, declared_by)
     SELECT $1, j, $3 FROM unnest($2::uuid[]) AS j ON CONFLICT DO NOTHING`,
    [actor.workspaceId, ids, actor.userId],
  );
  await tx.query(
    `INSERT INTO audit_events (workspace_id, actor_user_id, action, target, ip, details)
     VALUES ($1, $2, 'compliance.jurisdictions-declared', $6, $3, jsonb_build_object('from', $4::jsonb, 'to', $5::jsonb))`,
    [actor.workspaceId, actor.userId, actor.ip, JSON.stringify(before), JSON.stringify(ids), actor.workspaceId],
  );
}

/** The lower-cased titles of the courses that meet a training obligation of these jurisdictions. */
export async function trainingTitles(tx: Sql, jurisdictionIds: readonly string[]): Promise<string[]> {
  const rows = await tx.query<{ title: string }>(
    `SELECT DISTINCT lower(t.title) AS title FROM compliance_course_titles t JOIN compliances m ON m.id = t.compliance_id
      WHERE m.kind = 'TRAINING' AND m.jurisdiction_id = ANY($1::uuid[])`,
    [jurisdictionIds],
  );
  return rows.map((r) => r.title);
}

export interface CadenceRowOfPage {
  id: string;
  name: string;
  email: string | null;
  hired_on: string;
  last_completed_on: string | null;
  due_on: string;
  state: 'DONE' | 'DUE' | 'OVERDUE';
}

/**
 * CA-11's cadence of every active person, judged in SQL as `trainingCadence` of src/domain/compliance/compliance-rules.ts
 * judges one person (so that a page and its count are read in the database): due 3 months after hire with no
 * completion, else 3 years after the last completion (a completion before hire counts from hire); DONE while a
 * completion is not yet due again, OVERDUE once the due day has passed, DUE before it. PostgreSQL's month arithmetic
 * ends a month short of the day on its last day, as `addMonths` does. Parameters: $1 workspace, $2 the course titles
 * (lower case), $3 today, $4 the state asked (or null).
 */
const CADENCE = `
  WITH people AS (
    SELECT u.id, trim(u.first_name || ' ' || u.last_name) AS name, u.email,
           lower(u.first_name) AS first_key, lower(u.last_name) AS last_key,
           coalesce(u.date_of_joining, (u.created_at AT TIME ZONE 'UTC')::date) AS hired_on,
           (SELECT max(d.day) FROM (
              SELECT (a.completed_at AT TIME ZONE 'UTC')::date AS day
                FROM course_assignments a JOIN courses c ON c.workspace_id = a.workspace_id AND c.id = a.course_id
               WHERE a.workspace_id = u.workspace_id AND a.user_id = u.id AND a.completed_at IS NOT NULL AND lower(c.title) = ANY($2::text[])
              UNION ALL
              SELECT (h.completed_at AT TIME ZONE 'UTC')::date
                FROM course_assignment_history h JOIN courses c ON c.workspace_id = h.workspace_id AND c.id = h.course_id
               WHERE h.workspace_id = u.workspace_id AND h.user_id = u.id AND h.completed_at IS NOT NULL AND lower(c.title) = ANY($2::text[])
            ) d) AS last_completed_on
      FROM users u
     WHERE u.workspace_id = $1 AND u.status <> 'INACTIVE'
  ), due AS (
    SELECT p.*, CASE WHEN p.last_completed_on IS NULL THEN (p.hired_on + interval '3 months')::date
                     ELSE (greatest(p.last_completed_on, p.hired_on) + interval '3 years')::date END AS due_on
      FROM people p
  ), judged AS (
    SELECT d.*, CASE WHEN d.last_completed_on IS NOT NULL AND d.due_on >= $3::date THEN 'DONE'
                     WHEN d.due_on < $3::date THEN 'OVERDUE' ELSE 'DUE' END AS state
      FROM due d
  )
  SELECT %COLUMNS% FROM judged WHERE $4::text IS NULL OR state = $4`;

/**
 * One page of CA-11's cadence (late first: OVERDUE, DUE, DONE, then by due day, then by name as the people list
 * reads), and how many match the state asked.
 */
export async function cadencePage(
  tx: Sql,
  workspaceId: string,
  titles: readonly string[],
  today: string,
  query: { page: number; pageSize: number; state?: CadenceRowOfPage['state'] },
): Promise<{ rows: CadenceRowOfPage[]; total: number }> {
  const params = [workspaceId, titles, today, query.state ?? null];
  const [{ total }] = await tx.query<{ total: number }>(CADENCE.replace('%COLUMNS%', 'count(*)::int AS total'), params);
  const rows = await tx.query<CadenceRowOfPage>(
    `${CADENCE.replace('%COLUMNS%', 'id, name, email, hired_on::text, last_completed_on::text, due_on::text, state')}
      ORDER BY CASE state WHEN 'OVERDUE' THEN 0 WHEN 'DUE' THEN 1 ELSE 2 END, due_on, first_key, last_key, id
      LIMIT $5 OFFSET $6`,
    [...params, query.pageSize, query.page * query.pageSize],
  );
  return { rows, total };
}

export async function activePeople(tx: Sql, workspaceId: string): Promise<number> {
  const [row] = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM users WHERE workspace_id = $1 AND status <> 'INACTIVE'`,
    [workspaceId],
  );
  return row.n;
}

export interface WorkspaceCommittee {
  name: string;
  termStart: string;
  termEnd: string;
  members: number;
}

/** The workspace-wide Internal Committee (IN-01), with its term and members. */
export async function workspaceCommittee(tx: Sql, workspaceId: string): Promise<WorkspaceCommittee | null> {
  const [row] = await tx.query<{ name: string; term_start: string; term_end: string; members: number }>(
    `SELECT c.name, c.term_start::text, c.term_end::text,
            (SELECT count(*)::int FROM committee_members m WHERE m.workspace_id = c.workspace_id AND m.committee_id = c.id) AS members
       FROM committees c WHERE c.workspace_id = $1 AND c.branch_id IS NULL`,
    [workspaceId],
  );
  return row ? { name: row.name, termStart: row.term_start, termEnd: row.term_end, members: row.members } : null;
}

export interface TrainingEvidenceRow {
  courses: string[] | null;
  assigned: number;
  completed: number;
  next_due: string | null;
}

/** Who of the active people is assigned and has completed a published course of these (lower-cased) titles. */
export async function trainingEvidence(
  tx: Sql,
  workspaceId: string,
  titles: readonly string[],
): Promise<TrainingEvidenceRow> {
  const [row] = await tx.query<TrainingEvidenceRow>(
    `WITH c AS (SELECT id, title FROM courses WHERE workspace_id = $1 AND status = 'PUBLISHED' AND lower(title) = ANY($2::text[])),
          a AS (SELECT a.user_id, a.status, a.due_at FROM course_assignments a
                  JOIN users u ON u.workspace_id = a.workspace_id AND u.id = a.user_id AND u.status <> 'INACTIVE'
                 WHERE a.workspace_id = $1 AND a.course_id IN (SELECT id FROM c) AND a.unassigned_at IS NULL)
     SELECT (SELECT array_agg(DISTINCT title) FROM c) AS courses,
            (SELECT count(DISTINCT user_id)::int FROM a) AS assigned,
            (SELECT count(DISTINCT user_id)::int FROM a WHERE status = 'COMPLETED') AS completed,
            (SELECT min(due_at AT TIME ZONE 'UTC')::date::text FROM a WHERE status <> 'COMPLETED') AS next_due`,
    [workspaceId, titles],
  );
  return row;
}
