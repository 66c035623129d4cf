import type { CourseLanguage } from '../../../src/domain/courses/course';
import type { Sql } from '../../platform/db/database';
import type { AssignmentRow } from './player.repository';

/** The SQL of the admin's calls around learners and of the certificates (docs/learning.md "How the player decides"). */

export async function courseExists(tx: Sql, workspaceId: string, courseId: string): Promise<boolean> {
  const [row] = await tx.query(`SELECT 1 FROM courses WHERE workspace_id = $1 AND id = $2`, [workspaceId, courseId]);
  return Boolean(row);
}

/** The person's business unit; undefined when the workspace has no such person. */
export async function personOf(
  tx: Sql,
  workspaceId: string,
  userId: string,
): Promise<{ branch_id: string | null } | undefined> {
  const [user] = await tx.query<{ branch_id: string | null }>(
    `SELECT branch_id FROM users WHERE workspace_id = $1 AND id = $2`,
    [workspaceId, userId],
  );
  return user;
}

/** Attempts used at a quiz in the assignment's cycle, and the extra attempts granted (null: none). */
export async function attemptCount(
  tx: Sql,
  workspaceId: string,
  a: AssignmentRow,
  quizId: string,
): Promise<{ used: number; extra: number | null }> {
  const [row] = await tx.query<{ used: number; extra: number | null }>(
    `SELECT (SELECT count(*)::int FROM quiz_attempts WHERE workspace_id = $1 AND assignment_id = $2 AND cycle = $3 AND quiz_id = $4) AS used,
              (SELECT extra_attempts FROM quiz_attempt_grants WHERE workspace_id = $1 AND assignment_id = $2 AND cycle = $3 AND quiz_id = $4) AS extra`,
    [workspaceId, a.id, a.cycle, quizId],
  );
  return row;
}

// ---------------------------------------------------------------------------------------------------------------
// Attempts exceeded

/** The versions of the course its learners hold (the quiz limits are each version's). */
export async function assignedVersions(tx: Sql, workspaceId: string, courseId: string): Promise<number[]> {
  const rows = await tx.query<{ version: number }>(
    `SELECT DISTINCT COALESCE(a.course_version, c.published_version) AS version
       FROM course_assignments a JOIN courses c ON c.workspace_id = a.workspace_id AND c.id = a.course_id
      WHERE a.workspace_id = $1 AND a.course_id = $2 AND COALESCE(a.course_version, c.published_version) IS NOT NULL`,
    [workspaceId, courseId],
  );
  return rows.map((r) => r.version);
}

export interface ExceededRow {
  assignment_id: string;
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  course_version: number;
  quiz_id: string;
  used: number;
  best: string | number | null;
  last_at: Date | string;
  extra: number | null;
}

/** A quiz's limit in one version of the course. */
export interface QuizLimit {
  version: number;
  quizId: string;
  maxAttempts: number;
}

/**
 * One quiz of one cycle per row, not passed, whose attempts reached the quiz's limit plus the extra granted ($4-$6,
 * the limits by version); a business-unit admin ($3) sees their unit only.
 */
const EXCEEDED = `
  FROM quiz_attempts t
  JOIN course_assignments a ON a.workspace_id = t.workspace_id AND a.id = t.assignment_id
  JOIN courses c ON c.workspace_id = a.workspace_id AND c.id = a.course_id
  JOIN users u ON u.workspace_id = a.workspace_id AND u.id = a.user_id
  JOIN unnest($4::int[], $5::uuid[], $6::int[]) AS q(version, quiz_id, max_attempts)
    ON q.version = COALESCE(a.course_version, c.published_version) AND q.quiz_id = t.quiz_id
  LEFT JOIN quiz_attempt_grants g ON g.workspace_id = t.workspace_id AND g.assignment_id = t.assignment_id AND g.cycle = t.cycle AND g.quiz_id = t.quiz_id
 WHERE t.workspace_id = $1 AND a.course_id = $2 AND ($3::uuid IS NULL OR u.branch_id = $3)
 GROUP BY a.id, u.id, u.first_name, u.last_name, u.email, q.version, q.max_attempts, t.quiz_id, t.cycle, g.extra_attempts
HAVING NOT bool_or(t.passed) AND count(*) >= q.max_attempts + GREATEST(0, COALESCE(g.extra_attempts, 0))`;

export async function exceededPage(
  tx: Sql,
  workspaceId: string,
  courseId: string,
  scope: string | null,
  limits: QuizLimit[],
  page: { page: number; pageSize: number },
): Promise<{ rows: ExceededRow[]; total: number }> {
  const params = [
    workspaceId,
    courseId,
    scope,
    limits.map((l) => l.version),
    limits.map((l) => l.quizId),
    limits.map((l) => l.maxAttempts),
  ];
  const [{ total }] = await tx.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM (SELECT 1 ${EXCEEDED}) exceeded`,
    params,
  );
  const rows = await tx.query<ExceededRow>(
    `SELECT a.id AS assignment_id, u.id AS user_id, u.first_name, u.last_name, u.email, q.version AS course_version,
            t.quiz_id, count(*)::int AS used, max(t.score) AS best, max(t.submitted_at) AS last_at, g.extra_attempts AS extra
     ${EXCEEDED}
      ORDER BY max(t.submitted_at) DESC, a.id, t.quiz_id, t.cycle
      LIMIT $7 OFFSET $8`,
    [...params, page.pageSize, page.page * page.pageSize],
  );
  return { rows, total };
}

// ---------------------------------------------------------------------------------------------------------------
// Writes

/** Sets the extra attempts of the learner's cycle at a quiz (`add`: adds them, at most 1000 in all). */
export async function grantAttempts(
  tx: Sql,
  workspaceId: string,
  a: AssignmentRow,
  grant: { quizId: string; extra: number; add: boolean; by: string; at: Date },
): Promise<void> {
  const extra = grant.add
    ? 'LEAST(1000, quiz_attempt_grants.extra_attempts + EXCLUDED.extra_attempts)'
    : 'EXCLUDED.extra_attempts';
  await tx.query(
    `INSERT INTO quiz_attempt_grants (workspace_id, assignment_id, cycle, quiz_id, extra_attempts, updated_by, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (workspace_id, assignment_id, cycle, quiz_id) DO UPDATE SET extra_attempts = ${extra},
       updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at`,
    [workspaceId, a.id, a.cycle, grant.quizId, grant.extra, grant.by, grant.at],
  );
}

export async function insertLessonMarkedDone(
  tx: Sql,
  workspaceId: string,
  a: AssignmentRow,
  mark: { lessonId: string; at: Date; by: string; reason: string },
): Promise<void> {
  await tx.query(
    `INSERT INTO learner_lessons (workspace_id, assignment_id, cycle, lesson_id, done_at, source, marked_by, reason)
     VALUES ($1, $2, $3, $4, $5, 'ADMIN', $6, $7) ON CONFLICT DO NOTHING`,
    [workspaceId, a.id, a.cycle, mark.lessonId, mark.at, mark.by, mark.reason],
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Certificates

export interface CertificateRow {
  code: string;
  name: string;
  course_title: string;
  language: CourseLanguage;
  organisation: string;
  completed_on: Date | string;
  issued_on: Date | string;
  expires_on: Date | string | null;
  revoked_at: Date | string | null;
}

const CERT_COLUMNS = `code, name, course_title, language, organisation, completed_on::text AS completed_on, issued_on::text AS issued_on,
  expires_on::text AS expires_on, revoked_at`;

/** The person's latest certificate for the course that is not revoked. */
export async function latestCertificate(
  tx: Sql,
  workspaceId: string,
  userId: string,
  courseId: string,
): Promise<CertificateRow | undefined> {
  const [cert] = await tx.query<CertificateRow>(
    `SELECT ${CERT_COLUMNS} FROM certificates WHERE workspace_id = $1 AND user_id = $2 AND course_id = $3 AND revoked_at IS NULL
          ORDER BY created_at DESC LIMIT 1`,
    [workspaceId, userId, courseId],
  );
  return cert;
}

export async function certificateByCode(
  tx: Sql,
  workspaceId: string,
  code: string,
): Promise<CertificateRow | undefined> {
  const [cert] = await tx.query<CertificateRow>(
    `SELECT ${CERT_COLUMNS} FROM certificates WHERE workspace_id = $1 AND code = $2`,
    [workspaceId, code],
  );
  return cert;
}

export async function workspaceLogo(
  tx: Sql,
  workspaceId: string,
): Promise<{ content_type: string; bytes: Uint8Array } | undefined> {
  const [logo] = await tx.query<{ content_type: string; bytes: Uint8Array }>(
    `SELECT content_type, bytes FROM workspace_logos WHERE workspace_id = $1`,
    [workspaceId],
  );
  return logo;
}

// ---------------------------------------------------------------------------------------------------------------
// Past completions

/** The workspace's people, for matching the rows of an import by email. */
export function peopleForImport(tx: Sql, workspaceId: string) {
  return tx.query<{
    id: string;
    email: string;
    branch_id: string | null;
    first_name: string;
    last_name: string;
  }>(`SELECT id, lower(email) AS email, branch_id, first_name, last_name FROM users WHERE workspace_id = $1`, [
    workspaceId,
  ]);
}

export interface CourseTitleRow {
  course_id: string;
  title: string;
  language: CourseLanguage;
  primary: boolean;
  published_version: number | null;
  validity_years: number | null;
}

/** Every title of every course of the workspace, in each of its languages. */
export function courseTitles(tx: Sql, workspaceId: string): Promise<CourseTitleRow[]> {
  return tx.query<CourseTitleRow>(
    `SELECT l.course_id, l.title, l.language, l.priority = 'PRIMARY' AS primary, c.published_version, c.validity_years
           FROM course_languages l JOIN courses c ON c.workspace_id = l.workspace_id AND c.id = l.course_id WHERE l.workspace_id = $1`,
    [workspaceId],
  );
}

export async function assignmentOf(
  tx: Sql,
  workspaceId: string,
  courseId: string,
  userId: string,
): Promise<{ id: string; status: string } | undefined> {
  const [assignment] = await tx.query<{ id: string; status: string }>(
    `SELECT id, status FROM course_assignments WHERE workspace_id = $1 AND course_id = $2 AND user_id = $3`,
    [workspaceId, courseId, userId],
  );
  return assignment;
}

/** An imported completion, once per person, course and day: its id, or null when it was there. */
export async function insertImportedCompletion(
  tx: Sql,
  workspaceId: string,
  completion: {
    userId: string;
    courseId: string;
    assignmentId: string | null;
    completedOn: string;
    score: number | null;
    title: string;
    language: CourseLanguage;
    expiresOn: string | null;
    recordedBy: string;
  },
): Promise<string | null> {
  const [inserted] = await tx.query<{ id: string }>(
    `INSERT INTO course_completions (workspace_id, user_id, course_id, assignment_id, completed_at, completed_on, score, attempts, course_version, course_title, language, expires_on, source, recorded_by)
           VALUES ($1, $2, $3, $4, $5::date, $5::date, $6, 0, NULL, $7, $8, $9, 'IMPORTED', $10)
           ON CONFLICT (workspace_id, user_id, course_id, completed_on) WHERE source = 'IMPORTED' DO NOTHING RETURNING id`,
    [
      workspaceId,
      completion.userId,
      completion.courseId,
      completion.assignmentId,
      completion.completedOn,
      completion.score,
      completion.title,
      completion.language,
      completion.expiresOn,
      completion.recordedBy,
    ],
  );
  return inserted?.id ?? null;
}

/** Assigns the published course to the person, completed on the day (nothing when they hold it already). */
export async function insertCompletedAssignment(
  tx: Sql,
  workspaceId: string,
  assignment: { courseId: string; userId: string; assignedBy: string; version: number; completedOn: string },
): Promise<void> {
  await tx.query(
    `INSERT INTO course_assignments (workspace_id, course_id, user_id, assigned_by, course_version, status, completed_at)
             VALUES ($1, $2, $3, $4, $5, 'COMPLETED', $6::date) ON CONFLICT (workspace_id, course_id, user_id) DO NOTHING`,
    [
      workspaceId,
      assignment.courseId,
      assignment.userId,
      assignment.assignedBy,
      assignment.version,
      assignment.completedOn,
    ],
  );
}

export async function markCompletedOn(
  tx: Sql,
  workspaceId: string,
  assignmentId: string,
  completedOn: string,
): Promise<void> {
  await tx.query(
    `UPDATE course_assignments SET status = 'COMPLETED', completed_at = $3::date WHERE workspace_id = $1 AND id = $2`,
    [workspaceId, assignmentId, completedOn],
  );
}
