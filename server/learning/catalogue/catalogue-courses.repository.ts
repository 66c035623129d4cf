import { MAIN_SITE_WORKSPACE_ID, type Sql } from '../../platform/db/database';

/**
 * The SQL of catalogue courses (docs/policies.md "Catalogue courses"): a catalogue course's rows carry the main site's
 * nil workspace id; a workspace's copy is the same rows under the workspace's id.
 */
const CATALOGUE = MAIN_SITE_WORKSPACE_ID;

/**
 * The course's rows that a copy takes, table by table: each row whole (every column, whatever later migrations add),
 * with the workspace's id in place of the main site's. `$1` the catalogue id, `$2` the course.
 */
const COPIED: { table: string; where: string }[] = [
  { table: 'course_languages', where: 's.course_id = $2' },
  { table: 'course_contents', where: 's.course_id = $2' },
  {
    table: 'course_content_titles',
    where: `s.content_id IN (SELECT id FROM course_contents WHERE workspace_id = $1 AND course_id = $2)`,
  },
  {
    table: 'lesson_blocks',
    where: `s.content_id IN (SELECT id FROM course_contents WHERE workspace_id = $1 AND course_id = $2)`,
  },
  {
    table: 'quizzes',
    where: `s.content_id IN (SELECT id FROM course_contents WHERE workspace_id = $1 AND course_id = $2)`,
  },
  {
    table: 'quiz_questions',
    where: `s.content_id IN (SELECT id FROM course_contents WHERE workspace_id = $1 AND course_id = $2)`,
  },
  {
    table: 'quiz_options',
    where: `s.question_id IN (SELECT q.id FROM quiz_questions q JOIN course_contents k ON k.workspace_id = q.workspace_id AND k.id = q.content_id
                               WHERE q.workspace_id = $1 AND k.course_id = $2)`,
  },
  {
    table: 'course_versions',
    where:
      's.course_id = $2 AND s.version = (SELECT published_version FROM courses WHERE workspace_id = $1 AND id = $2)',
  },
];

export interface WorkspaceCourseRow {
  workspace_id: string;
  workspace_name: string;
  id: string;
  title: string;
  catalogue_version: number;
  latest_version: number | null;
  offered_at: Date | string;
  balance: number;
  assigned: number;
}

const WORKSPACE_COURSE_SELECT = `
  SELECT c.workspace_id, w.company_name AS workspace_name, c.id, coalesce(nullif(l.title, ''), c.title) AS title, c.catalogue_version,
         src.published_version AS latest_version, c.offered_at,
         (SELECT coalesce(sum(CASE WHEN g.kind = 'CONSUME' THEN -g.credits ELSE g.credits END), 0)::int FROM credit_ledger g
           WHERE g.workspace_id = c.workspace_id AND g.course_id = c.id) AS balance,
         (SELECT count(*)::int FROM course_assignments a WHERE a.workspace_id = c.workspace_id AND a.course_id = c.id) AS assigned
    FROM courses c JOIN workspaces w ON w.id = c.workspace_id
    LEFT JOIN course_languages l ON l.workspace_id = c.workspace_id AND l.course_id = c.id AND l.priority = 'PRIMARY'
    LEFT JOIN courses src ON src.workspace_id = '${CATALOGUE}' AND src.id = c.id
   WHERE c.from_catalogue AND c.catalogue_version IS NOT NULL`;

/** How many workspaces hold a copy of each of these catalogue courses. */
export function copyCounts(tx: Sql, courseIds: readonly string[]): Promise<{ id: string; n: number }[]> {
  return tx.query<{ id: string; n: number }>(
    `SELECT id, count(*)::int AS n FROM courses WHERE from_catalogue AND catalogue_version IS NOT NULL AND id = ANY($1::uuid[]) GROUP BY id`,
    [courseIds],
  );
}

/** The workspaces' copies (of a course, of a workspace, or all), on the system role. */
export function workspaceCourses(
  tx: Sql,
  query: { courseId?: string; workspaceId?: string },
): Promise<WorkspaceCourseRow[]> {
  return tx.query<WorkspaceCourseRow>(
    `${WORKSPACE_COURSE_SELECT} AND ($1::uuid IS NULL OR c.id = $1) AND ($2::uuid IS NULL OR c.workspace_id = $2)
      ORDER BY w.company_name, title, c.id`,
    [query.courseId ?? null, query.workspaceId ?? null],
  );
}

/** The catalogue course, held (FOR SHARE) while it is copied. */
export async function sourceCourse(
  tx: Sql,
  courseId: string,
): Promise<{ id: string; title: string; version: number; published_version: number | null } | null> {
  const [source] = await tx.query<{ id: string; title: string; version: number; published_version: number | null }>(
    `SELECT id, title, version, published_version FROM courses WHERE workspace_id = $1 AND id = $2 FOR SHARE`,
    [CATALOGUE, courseId],
  );
  return source ?? null;
}

export async function workspaceExists(tx: Sql, workspaceId: string): Promise<boolean> {
  const rows = await tx.query(`SELECT id FROM workspaces WHERE id = $1`, [workspaceId]);
  return rows.length > 0;
}

/** One offer (or push) at a time per (workspace, course): two at once would both copy. */
export async function lockOffer(tx: Sql, workspaceId: string, courseId: string): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
    `catalogue-offer:${workspaceId}:${courseId}`,
  ]);
}

/** The workspace's copy of the catalogue course, if it has one. */
export async function copyRow(tx: Sql, workspaceId: string, courseId: string): Promise<WorkspaceCourseRow | null> {
  const [row] = await tx.query<WorkspaceCourseRow>(`${WORKSPACE_COURSE_SELECT} AND c.workspace_id = $1 AND c.id = $2`, [
    workspaceId,
    courseId,
  ]);
  return row ?? null;
}

export async function courseExists(tx: Sql, workspaceId: string, courseId: string): Promise<boolean> {
  const rows = await tx.query(`SELECT 1 FROM courses WHERE workspace_id = $1 AND id = $2`, [workspaceId, courseId]);
  return rows.length > 0;
}

/** The workspaces holding a copy of the course (all, or those listed), with the version each holds. */
export function copiesOf(
  tx: Sql,
  courseId: string,
  workspaceIds: readonly string[] | null,
): Promise<{ workspace_id: string; catalogue_version: number }[]> {
  return tx.query<{ workspace_id: string; catalogue_version: number }>(
    `SELECT workspace_id, catalogue_version FROM courses
      WHERE id = $1 AND from_catalogue AND catalogue_version IS NOT NULL AND workspace_id <> $2
        AND ($3::uuid[] IS NULL OR workspace_id = ANY($3::uuid[]))
      ORDER BY workspace_id`,
    [courseId, CATALOGUE, workspaceIds],
  );
}

/** The copy's live rows replaced by the catalogue's published version (older snapshots stay). */
export async function replaceLiveRows(tx: Sql, workspaceId: string, courseId: string): Promise<void> {
  const files = `SELECT f.id FROM files f WHERE f.workspace_id = $1 AND f.status = 'CONFIRMED' AND (
      f.id = (SELECT cover_file_id FROM courses WHERE workspace_id = $1 AND id = $2)
      OR EXISTS (SELECT 1 FROM lesson_blocks b JOIN course_contents k ON k.workspace_id = b.workspace_id AND k.id = b.content_id
                  WHERE b.workspace_id = $1 AND k.course_id = $2 AND strpos(b.block::text, f.id::text) > 0))`;
  await tx.query(
    `INSERT INTO files SELECT (jsonb_populate_record(NULL::files, to_jsonb(s) || jsonb_build_object('workspace_id', $3::uuid,
       'replaces_file_id', NULL, 'cover_of_course_id', NULL))).*
       FROM files s WHERE s.workspace_id = $1 AND s.id IN (${files}) ON CONFLICT DO NOTHING`,
    [CATALOGUE, courseId, workspaceId],
  );
  // The live rows go (their children with them); the snapshots of older versions, which learners read, stay.
  await tx.query(`DELETE FROM course_contents WHERE workspace_id = $1 AND course_id = $2`, [workspaceId, courseId]);
  await tx.query(`DELETE FROM course_languages WHERE workspace_id = $1 AND course_id = $2`, [workspaceId, courseId]);
  await tx.query(
    `UPDATE courses c SET title = s.title, description = s.description, version = s.published_version, published_version = s.published_version,
            catalogue_version = s.published_version, cover_file_id = s.cover_file_id, published_at = s.published_at, updated_at = clock_timestamp()
       FROM courses s WHERE s.workspace_id = $1 AND s.id = $2 AND c.workspace_id = $3 AND c.id = $2`,
    [CATALOGUE, courseId, workspaceId],
  );
  for (const { table, where } of COPIED) {
    await tx.query(
      `INSERT INTO ${table} SELECT (jsonb_populate_record(NULL::${table}, to_jsonb(s) || jsonb_build_object('workspace_id', $3::uuid))).*
         FROM ${table} s WHERE s.workspace_id = $1 AND ${where}${table === 'course_versions' ? ' ON CONFLICT DO NOTHING' : ''}`,
      [CATALOGUE, courseId, workspaceId],
    );
  }
}

/** The catalogue course's published version copied into the workspace, files first. */
export async function copyCourse(tx: Sql, workspaceId: string, courseId: string): Promise<void> {
  const files = `SELECT f.id FROM files f WHERE f.workspace_id = $1 AND f.status = 'CONFIRMED' AND (
      f.id = (SELECT cover_file_id FROM courses WHERE workspace_id = $1 AND id = $2)
      OR EXISTS (SELECT 1 FROM lesson_blocks b JOIN course_contents k ON k.workspace_id = b.workspace_id AND k.id = b.content_id
                  WHERE b.workspace_id = $1 AND k.course_id = $2 AND strpos(b.block::text, f.id::text) > 0))`;
  // Files first (the course's cover names one), each a row of the workspace over the same stored bytes; a file the
  // workspace already has (an earlier offer of another course showing it) is kept.
  await tx.query(
    `INSERT INTO files SELECT (jsonb_populate_record(NULL::files, to_jsonb(s) || jsonb_build_object('workspace_id', $3::uuid,
       'replaces_file_id', NULL, 'cover_of_course_id', NULL))).*
       FROM files s WHERE s.workspace_id = $1 AND s.id IN (${files}) ON CONFLICT DO NOTHING`,
    [CATALOGUE, courseId, workspaceId],
  );
  await tx.query(
    `INSERT INTO courses SELECT (jsonb_populate_record(NULL::courses, to_jsonb(s) || jsonb_build_object(
       'workspace_id', $3::uuid, 'status', 'PUBLISHED', 'from_catalogue', true, 'catalogue_version', s.published_version,
       'offered_at', clock_timestamp(), 'reminder_enabled', false, 'created_by', NULL, 'updated_by', NULL))).*
       FROM courses s WHERE s.workspace_id = $1 AND s.id = $2`,
    [CATALOGUE, courseId, workspaceId],
  );
  for (const { table, where } of COPIED) {
    await tx.query(
      `INSERT INTO ${table} SELECT (jsonb_populate_record(NULL::${table}, to_jsonb(s) || jsonb_build_object('workspace_id', $3::uuid))).*
         FROM ${table} s WHERE s.workspace_id = $1 AND ${where}`,
      [CATALOGUE, courseId, workspaceId],
    );
  }
}
