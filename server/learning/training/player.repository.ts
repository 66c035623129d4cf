import type { BlockAnswer } from '../../../src/contracts/learning/blocks.contract';
import type { CourseLanguage } from '../../../src/domain/courses/course';
import type { Range } from '../../../src/domain/courses/progress';
import type { Sql } from '../../platform/db/database';
import type { CertificateFields } from './certificate-pdf';

/** The SQL of the learner's side of a course (docs/learning.md "How the player decides"): assignments, progress, completions. */

/** The learner's assignment of a course, with its lifecycle columns (migration 0024). */
export interface AssignmentRow {
  id: string;
  user_id: string;
  course_id: string;
  course_version: number;
  status: 'ASSIGNED' | 'IN_PROGRESS' | 'COMPLETED';
  assigned_at: Date | string;
  completed_at: Date | string | null;
  due_at: Date | string | null;
  cycle: number;
  validity_years: number | null;
}

export interface StateRow {
  block_id: string;
  answer: BlockAnswer | string | null;
  answered_at: Date | string | null;
  seen_at: Date | string | null;
  video_position: number | null;
  video_watched: Range[] | string | null;
  video_duration: number | null;
  video_reported_at: Date | string | null;
  transcript_read_at: Date | string | null;
}

export interface StoredResult {
  questionId: string;
  chosen: string[];
  correct: boolean;
}

export interface AttemptRow {
  quiz_id: string;
  attempt_number: number;
  score: string | number;
  pass_mark: number;
  passed: boolean;
  submitted_at: Date | string;
  results: StoredResult[] | string;
}

export interface CompletionRow {
  id: string;
  completed_at: Date | string;
  score: string | number | null;
  attempts: number;
  course_version: number | null;
  source: 'PLAYER' | 'ADMIN' | 'IMPORTED';
  expires_on: Date | string | null;
  code: string | null;
}

/** The columns of a learner's assignment, and the condition that it is live (published course, not unassigned). */
const ASSIGNMENT = `a.id, a.user_id, a.course_id, COALESCE(a.course_version, c.published_version) AS course_version, a.status, a.assigned_at,
               a.completed_at, a.due_at, a.cycle, c.validity_years`;
const LIVE = `c.status = 'PUBLISHED' AND a.unassigned_at IS NULL`;
const STATE = `block_id, answer, answered_at, seen_at, video_position, video_watched, video_duration, video_reported_at, transcript_read_at`;

/** The person's live assignment of a published course (locked for the transaction when `lock`), or null. */
export async function liveAssignment(
  tx: Sql,
  workspaceId: string,
  userId: string,
  courseId: string,
  lock = false,
): Promise<AssignmentRow | null> {
  const [row] = await tx.query<AssignmentRow>(
    `SELECT ${ASSIGNMENT} FROM course_assignments a JOIN courses c ON c.workspace_id = a.workspace_id AND c.id = a.course_id
        WHERE a.workspace_id = $1 AND a.user_id = $2 AND a.course_id = $3 AND ${LIVE} ${lock ? 'FOR UPDATE OF a' : ''}`,
    [workspaceId, userId, courseId],
  );
  return row && row.course_version !== null ? row : null;
}

/** Every live assignment of the person. */
export function liveAssignments(tx: Sql, workspaceId: string, userId: string): Promise<AssignmentRow[]> {
  return tx.query<AssignmentRow>(
    `SELECT ${ASSIGNMENT} FROM course_assignments a JOIN courses c ON c.workspace_id = a.workspace_id AND c.id = a.course_id
          WHERE a.workspace_id = $1 AND a.user_id = $2 AND ${LIVE} AND COALESCE(a.course_version, c.published_version) IS NOT NULL`,
    [workspaceId, userId],
  );
}

// ---------------------------------------------------------------------------------------------------------------
// One cycle of one assignment

export function blockStates(tx: Sql, workspaceId: string, a: AssignmentRow): Promise<StateRow[]> {
  return tx.query<StateRow>(
    `SELECT ${STATE}
         FROM learner_block_states WHERE workspace_id = $1 AND assignment_id = $2 AND cycle = $3`,
    [workspaceId, a.id, a.cycle],
  );
}

export function lessonsDone(tx: Sql, workspaceId: string, a: AssignmentRow) {
  return tx.query<{ lesson_id: string; done_at: Date | string; source: 'PLAYER' | 'ADMIN' }>(
    `SELECT lesson_id, done_at, source FROM learner_lessons WHERE workspace_id = $1 AND assignment_id = $2 AND cycle = $3`,
    [workspaceId, a.id, a.cycle],
  );
}

export function attempts(tx: Sql, workspaceId: string, a: AssignmentRow): Promise<AttemptRow[]> {
  return tx.query<AttemptRow>(
    `SELECT quiz_id, attempt_number, score, pass_mark, passed, submitted_at, results FROM quiz_attempts
        WHERE workspace_id = $1 AND assignment_id = $2 AND cycle = $3 ORDER BY quiz_id, attempt_number`,
    [workspaceId, a.id, a.cycle],
  );
}

export function attemptGrants(tx: Sql, workspaceId: string, a: AssignmentRow) {
  return tx.query<{ quiz_id: string; extra_attempts: number }>(
    `SELECT quiz_id, extra_attempts FROM quiz_attempt_grants WHERE workspace_id = $1 AND assignment_id = $2 AND cycle = $3`,
    [workspaceId, a.id, a.cycle],
  );
}

/** The cycle's completion by the player or an admin (an imported one is not the cycle's), with its certificate code. */
export async function cycleCompletion(tx: Sql, workspaceId: string, a: AssignmentRow): Promise<CompletionRow | null> {
  const [completion] = await tx.query<CompletionRow>(
    `SELECT cc.id, cc.completed_at, cc.score, cc.attempts, cc.course_version, cc.source, cc.expires_on, ce.code
         FROM course_completions cc LEFT JOIN certificates ce ON ce.workspace_id = cc.workspace_id AND ce.completion_id = cc.id
        WHERE cc.workspace_id = $1 AND cc.assignment_id = $2 AND cc.cycle = $3 AND cc.source <> 'IMPORTED'`,
    [workspaceId, a.id, a.cycle],
  );
  return completion ?? null;
}

// ---------------------------------------------------------------------------------------------------------------
// Several assignments at once (my training)

export function lessonsOfAssignments(tx: Sql, workspaceId: string, ids: string[]) {
  return tx.query<{ assignment_id: string; cycle: number; lesson_id: string }>(
    `SELECT assignment_id, cycle, lesson_id FROM learner_lessons WHERE workspace_id = $1 AND assignment_id = ANY($2::uuid[])`,
    [workspaceId, ids],
  );
}

export function passedQuizzesOfAssignments(tx: Sql, workspaceId: string, ids: string[]) {
  return tx.query<{ assignment_id: string; cycle: number; quiz_id: string }>(
    `SELECT DISTINCT assignment_id, cycle, quiz_id FROM quiz_attempts WHERE workspace_id = $1 AND assignment_id = ANY($2::uuid[]) AND passed`,
    [workspaceId, ids],
  );
}

/** The cycles in which the learner did anything (a block state or an attempt). */
export function activeCycles(tx: Sql, workspaceId: string, ids: string[]) {
  return tx.query<{ assignment_id: string; cycle: number }>(
    `SELECT assignment_id, cycle FROM learner_block_states WHERE workspace_id = $1 AND assignment_id = ANY($2::uuid[])
         UNION SELECT assignment_id, cycle FROM quiz_attempts WHERE workspace_id = $1 AND assignment_id = ANY($2::uuid[])`,
    [workspaceId, ids],
  );
}

export function completionsOfAssignments(tx: Sql, workspaceId: string, ids: string[]) {
  return tx.query<{
    assignment_id: string;
    cycle: number;
    completed_at: Date | string;
    expires_on: Date | string | null;
    code: string | null;
  }>(
    `SELECT cc.assignment_id, cc.cycle, cc.completed_at, cc.expires_on, ce.code
           FROM course_completions cc LEFT JOIN certificates ce ON ce.workspace_id = cc.workspace_id AND ce.completion_id = cc.id
          WHERE cc.workspace_id = $1 AND cc.assignment_id = ANY($2::uuid[]) AND cc.source <> 'IMPORTED'`,
    [workspaceId, ids],
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Writes

/** Whether the file is a confirmed upload of this person. */
export async function isOwnConfirmedFile(tx: Sql, workspaceId: string, fileId: string, ownerId: string) {
  const [file] = await tx.query(
    `SELECT 1 FROM files WHERE workspace_id = $1 AND id = $2 AND owner_id = $3 AND status = 'CONFIRMED'`,
    [workspaceId, fileId, ownerId],
  );
  return Boolean(file);
}

/** Saves an answer (kept once given) or marks the block seen; returns the block's state. */
export async function saveBlockAnswer(
  tx: Sql,
  workspaceId: string,
  a: AssignmentRow,
  block: { blockId: string; lessonId: string; answer: BlockAnswer | undefined; seen: boolean },
  now: Date,
): Promise<StateRow> {
  const [row] = await tx.query<StateRow>(
    `INSERT INTO learner_block_states (workspace_id, assignment_id, cycle, block_id, lesson_id, answer, answered_at, seen_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, CASE WHEN $6::jsonb IS NULL THEN NULL ELSE $7::timestamptz END, CASE WHEN $8 THEN $7::timestamptz END, $7)
         ON CONFLICT (workspace_id, assignment_id, cycle, block_id) DO UPDATE SET
           answer = COALESCE(EXCLUDED.answer, learner_block_states.answer),
           answered_at = COALESCE(EXCLUDED.answered_at, learner_block_states.answered_at),
           seen_at = COALESCE(learner_block_states.seen_at, EXCLUDED.seen_at),
           updated_at = EXCLUDED.updated_at
         RETURNING ${STATE}`,
    [
      workspaceId,
      a.id,
      a.cycle,
      block.blockId,
      block.lessonId,
      block.answer ? JSON.stringify(block.answer) : null,
      now,
      block.seen,
    ],
  );
  return row;
}

/** ASSIGNED to IN_PROGRESS; whether this call moved it. */
export async function markInProgress(tx: Sql, workspaceId: string, assignmentId: string): Promise<boolean> {
  const updated = await tx.query(
    `UPDATE course_assignments SET status = 'IN_PROGRESS' WHERE workspace_id = $1 AND id = $2 AND status = 'ASSIGNED' RETURNING id`,
    [workspaceId, assignmentId],
  );
  return updated.length > 0;
}

/** The video block's state row, made if missing and locked for the transaction. */
export async function lockedVideoState(
  tx: Sql,
  workspaceId: string,
  a: AssignmentRow,
  block: { blockId: string; lessonId: string },
  seenAt: Date,
): Promise<StateRow> {
  await tx.query(
    `INSERT INTO learner_block_states (workspace_id, assignment_id, cycle, block_id, lesson_id, seen_at)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (workspace_id, assignment_id, cycle, block_id) DO NOTHING`,
    [workspaceId, a.id, a.cycle, block.blockId, block.lessonId, seenAt],
  );
  const [row] = await tx.query<StateRow>(
    `SELECT ${STATE}
           FROM learner_block_states WHERE workspace_id = $1 AND assignment_id = $2 AND cycle = $3 AND block_id = $4 FOR UPDATE`,
    [workspaceId, a.id, a.cycle, block.blockId],
  );
  return row;
}

export async function saveVideoState(
  tx: Sql,
  workspaceId: string,
  a: AssignmentRow,
  blockId: string,
  video: {
    position: number;
    watched: Range[];
    duration: number | null;
    now: Date;
    transcriptAt: Date | string | null;
  },
): Promise<StateRow> {
  const [saved] = await tx.query<StateRow>(
    `UPDATE learner_block_states SET video_position = $5, video_watched = $6::jsonb, video_duration = $7, video_reported_at = $8,
                transcript_read_at = $9, seen_at = COALESCE(seen_at, $8), updated_at = $8
          WHERE workspace_id = $1 AND assignment_id = $2 AND cycle = $3 AND block_id = $4
          RETURNING ${STATE}`,
    [
      workspaceId,
      a.id,
      a.cycle,
      blockId,
      video.position,
      JSON.stringify(video.watched),
      video.duration,
      video.now,
      video.transcriptAt,
    ],
  );
  return saved;
}

export async function insertLessonDone(
  tx: Sql,
  workspaceId: string,
  a: AssignmentRow,
  lessonId: string,
  at: Date,
): Promise<void> {
  await tx.query(
    `INSERT INTO learner_lessons (workspace_id, assignment_id, cycle, lesson_id, done_at, source) VALUES ($1, $2, $3, $4, $5, 'PLAYER')
           ON CONFLICT DO NOTHING`,
    [workspaceId, a.id, a.cycle, lessonId, at],
  );
}

export async function insertAttempt(
  tx: Sql,
  workspaceId: string,
  a: AssignmentRow,
  attempt: {
    quizId: string;
    number: number;
    language: CourseLanguage;
    answers: Map<string, string[]>;
    results: StoredResult[];
    score: number;
    passMark: number;
    passed: boolean;
    at: Date;
  },
): Promise<AttemptRow> {
  const [row] = await tx.query<AttemptRow>(
    `INSERT INTO quiz_attempts (workspace_id, assignment_id, cycle, quiz_id, attempt_number, language, answers, results, score, pass_mark, passed, submitted_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
         RETURNING quiz_id, attempt_number, score, pass_mark, passed, submitted_at, results`,
    [
      workspaceId,
      a.id,
      a.cycle,
      attempt.quizId,
      attempt.number,
      attempt.language,
      JSON.stringify(Object.fromEntries(attempt.answers)),
      JSON.stringify(attempt.results),
      attempt.score,
      attempt.passMark,
      attempt.passed,
      attempt.at,
    ],
  );
  return row;
}

/** The cycle's completion, once (unique per assignment and cycle): its id, or null when one was there. */
export async function insertCompletion(
  tx: Sql,
  workspaceId: string,
  a: AssignmentRow,
  completion: {
    at: Date;
    completedOn: string;
    score: number | null;
    attempts: number;
    title: string;
    language: CourseLanguage;
    expiresOn: string | null;
    source: 'PLAYER' | 'ADMIN';
    recordedBy: string;
    reason: string | null;
  },
): Promise<string | null> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO course_completions (workspace_id, user_id, course_id, assignment_id, cycle, completed_at, completed_on, score, attempts,
                                       course_version, course_title, language, expires_on, source, recorded_by, reason)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
       ON CONFLICT (workspace_id, assignment_id, cycle) WHERE source <> 'IMPORTED' DO NOTHING RETURNING id`,
    [
      workspaceId,
      a.user_id,
      a.course_id,
      a.id,
      a.cycle,
      completion.at,
      completion.completedOn,
      completion.score,
      completion.attempts,
      a.course_version,
      completion.title,
      completion.language,
      completion.expiresOn,
      completion.source,
      completion.recordedBy,
      completion.reason,
    ],
  );
  return row?.id ?? null;
}

export async function markCompleted(tx: Sql, workspaceId: string, assignmentId: string, at: Date): Promise<void> {
  await tx.query(
    `UPDATE course_assignments SET status = 'COMPLETED', completed_at = $3 WHERE workspace_id = $1 AND id = $2`,
    [workspaceId, assignmentId, at],
  );
}

/** The name and organisation a certificate prints for the person. */
export async function certificateHolder(
  tx: Sql,
  workspaceId: string,
  userId: string,
): Promise<{ name: string; organisation: string } | undefined> {
  const [who] = await tx.query<{ name: string; organisation: string }>(
    `SELECT trim(u.first_name || ' ' || u.last_name) AS name, w.company_name AS organisation
         FROM users u JOIN workspaces w ON w.id = u.workspace_id WHERE u.workspace_id = $1 AND u.id = $2`,
    [workspaceId, userId],
  );
  return who;
}

export async function insertCertificate(
  tx: Sql,
  workspaceId: string,
  certificate: Omit<CertificateFields, 'verifyUrl'> & { completionId: string; userId: string; courseId: string },
): Promise<void> {
  await tx.query(
    `INSERT INTO certificates (workspace_id, code, completion_id, user_id, course_id, name, course_title, language, organisation, completed_on, issued_on, expires_on)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      workspaceId,
      certificate.code,
      certificate.completionId,
      certificate.userId,
      certificate.courseId,
      certificate.name,
      certificate.courseTitle,
      certificate.language,
      certificate.organisation,
      certificate.completedOn,
      certificate.issuedOn,
      certificate.expiresOn,
    ],
  );
}
