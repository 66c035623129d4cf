import type { AnswerReveal, QuestionKind } from '../../../src/contracts/learning/courses.contract';
import type { ContentKind, CourseLanguage } from '../../../src/domain/courses/course';
import type { Sql } from '../../platform/db/database';
import { loadBlocks, loadQuestions } from './course-model';

/**
 * The SQL of the author's writes (docs/learning.md "Authoring calls"): courses, languages, contents, blocks, quizzes,
 * questions and options. Every statement names the workspace; row-level security is the second wall.
 */

// ---------------------------------------------------------------- courses

export interface LockedCourse {
  id: string;
  title: string;
  status: 'DRAFT' | 'PUBLISHED';
  version: number;
  published_version: number | null;
}

/** The course row, locked for the transaction; undefined when the workspace has no such course. */
export async function lockCourse(
  tx: Sql,
  workspaceId: string,
  courseId: string,
): Promise<(LockedCourse & { from_catalogue: boolean }) | undefined> {
  const [course] = await tx.query<LockedCourse & { from_catalogue: boolean }>(
    `SELECT id, title, status, version, published_version, from_catalogue FROM courses WHERE workspace_id = $1 AND id = $2 FOR UPDATE`,
    [workspaceId, courseId],
  );
  return course;
}

/** Whether the version's snapshot is kept (undefined: no such version row). */
export async function versionFrozen(
  tx: Sql,
  workspaceId: string,
  courseId: string,
  version: number,
): Promise<boolean | undefined> {
  const [row] = await tx.query<{ frozen: boolean }>(
    `SELECT snapshot IS NOT NULL AS frozen FROM course_versions WHERE workspace_id = $1 AND course_id = $2 AND version = $3`,
    [workspaceId, courseId, version],
  );
  return row?.frozen;
}

export async function freezeVersion(
  tx: Sql,
  workspaceId: string,
  courseId: string,
  version: number,
  snapshot: unknown,
): Promise<void> {
  await tx.query(
    `UPDATE course_versions SET snapshot = $4 WHERE workspace_id = $1 AND course_id = $2 AND version = $3`,
    [workspaceId, courseId, version, JSON.stringify(snapshot)],
  );
}

/** One setting of the course row, with who changed it and when. */
async function setCourseColumn(
  tx: Sql,
  workspaceId: string,
  courseId: string,
  column: 'version' | 'validity_years' | 'reminder_enabled',
  value: number | boolean | null,
  userId: string,
): Promise<void> {
  await tx.query(
    `UPDATE courses SET ${column} = $3, updated_at = now(), updated_by = $4 WHERE workspace_id = $1 AND id = $2`,
    [workspaceId, courseId, value, userId],
  );
}

export const setCourseVersion = (tx: Sql, workspaceId: string, courseId: string, version: number, userId: string) =>
  setCourseColumn(tx, workspaceId, courseId, 'version', version, userId);

export const setValidity = (tx: Sql, workspaceId: string, courseId: string, years: number | null, userId: string) =>
  setCourseColumn(tx, workspaceId, courseId, 'validity_years', years, userId);

export const setReminders = (tx: Sql, workspaceId: string, courseId: string, enabled: boolean, userId: string) =>
  setCourseColumn(tx, workspaceId, courseId, 'reminder_enabled', enabled, userId);

export async function insertCourse(
  tx: Sql,
  workspaceId: string,
  course: { title: string; description: string; language: CourseLanguage; reminderEnabled: boolean },
  userId: string,
): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO courses (workspace_id, title, description, reminder_enabled, created_by, updated_by) VALUES ($1, $2, $3, $4, $5, $5) RETURNING id`,
    [workspaceId, course.title, course.description, course.reminderEnabled, userId],
  );
  await tx.query(
    `INSERT INTO course_languages (workspace_id, course_id, language, priority, title, description) VALUES ($1, $2, $3, 'PRIMARY', $4, $5)`,
    [workspaceId, row.id, course.language, course.title, course.description],
  );
  return row.id;
}

/** The course's words in one language (null: unchanged). */
export async function setLanguageWords(
  tx: Sql,
  workspaceId: string,
  courseId: string,
  language: CourseLanguage,
  words: { title: string | null; description: string | null },
): Promise<void> {
  await tx.query(
    `UPDATE course_languages SET title = COALESCE($4, title), description = COALESCE($5, description)
      WHERE workspace_id = $1 AND course_id = $2 AND language = $3`,
    [workspaceId, courseId, language, words.title, words.description],
  );
}

/** The course row's own words, its primary language's (null: unchanged). */
export async function setCourseWords(
  tx: Sql,
  workspaceId: string,
  courseId: string,
  words: { title: string | null; description: string | null },
): Promise<void> {
  await tx.query(
    `UPDATE courses SET title = COALESCE($3, title), description = COALESCE($4, description) WHERE workspace_id = $1 AND id = $2`,
    [workspaceId, courseId, words.title, words.description],
  );
}

export async function assignmentCount(tx: Sql, workspaceId: string, courseId: string): Promise<number> {
  const [{ n }] = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM course_assignments WHERE workspace_id = $1 AND course_id = $2`,
    [workspaceId, courseId],
  );
  return n;
}

export async function removeCourse(tx: Sql, workspaceId: string, courseId: string): Promise<void> {
  await tx.query(`DELETE FROM courses WHERE workspace_id = $1 AND id = $2`, [workspaceId, courseId]);
}

export async function versionPublishedAt(
  tx: Sql,
  workspaceId: string,
  courseId: string,
  version: number,
): Promise<Date | string> {
  const [v] = await tx.query<{ published_at: Date | string }>(
    `SELECT published_at FROM course_versions WHERE workspace_id = $1 AND course_id = $2 AND version = $3`,
    [workspaceId, courseId, version],
  );
  return v.published_at;
}

/** Freezes the version with its snapshot and makes it the published one; returns when it was published. */
export async function publishVersion(
  tx: Sql,
  workspaceId: string,
  courseId: string,
  version: number,
  userId: string,
  snapshot: unknown,
): Promise<Date | string> {
  const [v] = await tx.query<{ published_at: Date | string }>(
    `INSERT INTO course_versions (workspace_id, course_id, version, published_by, snapshot) VALUES ($1, $2, $3, $4, $5) RETURNING published_at`,
    [workspaceId, courseId, version, userId, JSON.stringify(snapshot)],
  );
  await tx.query(
    `UPDATE courses SET status = 'PUBLISHED', published_version = version, published_at = $3, updated_at = now(), updated_by = $4
      WHERE workspace_id = $1 AND id = $2`,
    [workspaceId, courseId, v.published_at, userId],
  );
  return v.published_at;
}

/** The course to copy (shared-locked) with its primary title; undefined when the workspace has none. */
export async function cloneSource(
  tx: Sql,
  workspaceId: string,
  courseId: string,
): Promise<{ id: string; title: string; from_catalogue: boolean } | undefined> {
  const [source] = await tx.query<{ id: string; title: string; from_catalogue: boolean }>(
    `SELECT c.id, COALESCE(NULLIF(l.title, ''), c.title) AS title, c.from_catalogue FROM courses c
       LEFT JOIN course_languages l ON l.workspace_id = c.workspace_id AND c.id = l.course_id AND l.priority = 'PRIMARY'
      WHERE c.workspace_id = $1 AND c.id = $2 FOR SHARE OF c`,
    [workspaceId, courseId],
  );
  return source;
}

/**
 * A deep copy as a new draft (version 1) in one statement: languages, contents and their titles, blocks, quizzes,
 * questions and options, and the cover. New ids come from a mapping of old to new, computed once. Returns the new id.
 */
export async function copyCourse(
  tx: Sql,
  workspaceId: string,
  courseId: string,
  title: string,
  userId: string,
): Promise<string> {
  const [{ id }] = await tx.query<{ id: string }>(
    `WITH course AS (
       INSERT INTO courses (workspace_id, title, description, reminder_enabled, cover_file_id, created_by, updated_by)
       SELECT workspace_id, $3, description, reminder_enabled, cover_file_id, $4, $4 FROM courses WHERE workspace_id = $1 AND id = $2
       RETURNING id
     ),
     langs AS (
       INSERT INTO course_languages (workspace_id, course_id, language, priority, title, description)
       SELECT l.workspace_id, (SELECT id FROM course), l.language, l.priority, CASE WHEN l.priority = 'PRIMARY' THEN $3 ELSE l.title END, l.description
         FROM course_languages l WHERE l.workspace_id = $1 AND l.course_id = $2
     ),
     cmap AS MATERIALIZED (
       SELECT id AS old_id, gen_random_uuid() AS new_id, kind, position FROM course_contents WHERE workspace_id = $1 AND course_id = $2
     ),
     contents AS (
       INSERT INTO course_contents (workspace_id, id, course_id, kind, position) SELECT $1, new_id, (SELECT id FROM course), kind, position FROM cmap
     ),
     titles AS (
       INSERT INTO course_content_titles (workspace_id, content_id, language, title)
       SELECT $1, m.new_id, t.language, t.title FROM course_content_titles t JOIN cmap m ON m.old_id = t.content_id WHERE t.workspace_id = $1
     ),
     blocks AS (
       INSERT INTO lesson_blocks (workspace_id, content_id, position, type, block)
       SELECT $1, m.new_id, b.position, b.type, b.block FROM lesson_blocks b JOIN cmap m ON m.old_id = b.content_id WHERE b.workspace_id = $1
     ),
     quizzes AS (
       INSERT INTO quizzes (workspace_id, content_id, pass_mark, max_attempts, answer_reveal)
       SELECT $1, m.new_id, q.pass_mark, q.max_attempts, q.answer_reveal FROM quizzes q JOIN cmap m ON m.old_id = q.content_id WHERE q.workspace_id = $1
     ),
     qmap AS MATERIALIZED (
       SELECT q.id AS old_id, gen_random_uuid() AS new_id, m.new_id AS content_id, q.position, q.kind, q.texts
         FROM quiz_questions q JOIN cmap m ON m.old_id = q.content_id WHERE q.workspace_id = $1
     ),
     questions AS (
       INSERT INTO quiz_questions (workspace_id, id, content_id, position, kind, texts) SELECT $1, new_id, content_id, position, kind, texts FROM qmap
     ),
     options AS (
       INSERT INTO quiz_options (workspace_id, question_id, key, position, correct, texts)
       SELECT $1, m.new_id, o.key, o.position, o.correct, o.texts FROM quiz_options o JOIN qmap m ON m.old_id = o.question_id WHERE o.workspace_id = $1
     )
     SELECT id FROM course`,
    [workspaceId, courseId, title, userId],
  );
  return id;
}

export function contentRows(tx: Sql, workspaceId: string, courseId: string) {
  return tx.query<{ id: string; kind: ContentKind; position: number }>(
    `SELECT id, kind, position FROM course_contents WHERE workspace_id = $1 AND course_id = $2 ORDER BY position`,
    [workspaceId, courseId],
  );
}

/** Positions in the order of the ids given (every content of the course, once each). */
export async function orderContents(tx: Sql, workspaceId: string, courseId: string, ids: string[]): Promise<void> {
  await tx.query(
    `UPDATE course_contents c SET position = o.n - 1 FROM unnest($3::uuid[]) WITH ORDINALITY AS o(id, n)
      WHERE c.workspace_id = $1 AND c.course_id = $2 AND c.id = o.id`,
    [workspaceId, courseId, ids],
  );
}

export async function insertSecondaryLanguage(
  tx: Sql,
  workspaceId: string,
  courseId: string,
  language: { language: CourseLanguage; title: string; description: string },
): Promise<void> {
  await tx.query(
    `INSERT INTO course_languages (workspace_id, course_id, language, priority, title, description) VALUES ($1, $2, $3, 'SECONDARY', $4, $5)`,
    [workspaceId, courseId, language.language, language.title, language.description],
  );
}

/** Makes the language the primary one (two statements: the one-PRIMARY index is checked per row). */
export async function makePrimary(
  tx: Sql,
  workspaceId: string,
  courseId: string,
  language: CourseLanguage,
): Promise<void> {
  await tx.query(
    `UPDATE course_languages SET priority = 'SECONDARY' WHERE workspace_id = $1 AND course_id = $2 AND priority = 'PRIMARY'`,
    [workspaceId, courseId],
  );
  await tx.query(
    `UPDATE course_languages SET priority = 'PRIMARY' WHERE workspace_id = $1 AND course_id = $2 AND language = $3`,
    [workspaceId, courseId, language],
  );
}

export async function replaceCourseWords(
  tx: Sql,
  workspaceId: string,
  courseId: string,
  words: { title: string; description: string },
): Promise<void> {
  await tx.query(`UPDATE courses SET title = $3, description = $4 WHERE workspace_id = $1 AND id = $2`, [
    workspaceId,
    courseId,
    words.title,
    words.description,
  ]);
}

// ---------------------------------------------------------------- contents (lessons and quizzes)

export interface ContentRow {
  id: string;
  course_id: string;
  kind: ContentKind;
  position: number;
}

export async function findContent(
  tx: Sql,
  workspaceId: string,
  id: string,
  kind: ContentKind,
): Promise<ContentRow | undefined> {
  const [row] = await tx.query<ContentRow>(
    `SELECT id, course_id, kind, position FROM course_contents WHERE workspace_id = $1 AND id = $2 AND kind = $3`,
    [workspaceId, id, kind],
  );
  return row;
}

export function contentTitles(tx: Sql, workspaceId: string, contentId: string) {
  return tx.query<{ language: CourseLanguage; title: string }>(
    `SELECT language, title FROM course_content_titles WHERE workspace_id = $1 AND content_id = $2`,
    [workspaceId, contentId],
  );
}

export async function setContentTitle(
  tx: Sql,
  workspaceId: string,
  contentId: string,
  language: CourseLanguage,
  title: string,
): Promise<void> {
  await tx.query(
    `INSERT INTO course_content_titles (workspace_id, content_id, language, title) VALUES ($1, $2, $3, $4)
     ON CONFLICT (workspace_id, content_id, language) DO UPDATE SET title = EXCLUDED.title`,
    [workspaceId, contentId, language, title],
  );
}

/** A lesson or quiz at the end of the course. */
export async function insertContent(
  tx: Sql,
  workspaceId: string,
  courseId: string,
  kind: ContentKind,
): Promise<ContentRow> {
  const [row] = await tx.query<ContentRow>(
    `INSERT INTO course_contents (workspace_id, course_id, kind, position)
     SELECT $1, $2, $3, COALESCE(max(position) + 1, 0) FROM course_contents WHERE workspace_id = $1 AND course_id = $2
     RETURNING id, course_id, kind, position`,
    [workspaceId, courseId, kind],
  );
  return row;
}

/** Removes the content and closes the gap it leaves. */
export async function removeContent(tx: Sql, workspaceId: string, content: ContentRow): Promise<void> {
  await tx.query(`DELETE FROM course_contents WHERE workspace_id = $1 AND id = $2`, [workspaceId, content.id]);
  await tx.query(
    `UPDATE course_contents SET position = position - 1 WHERE workspace_id = $1 AND course_id = $2 AND position > $3`,
    [workspaceId, content.course_id, content.position],
  );
}

// ---------------------------------------------------------------- lesson blocks

export async function blockCount(tx: Sql, workspaceId: string, lessonId: string): Promise<number> {
  const [{ n }] = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM lesson_blocks WHERE workspace_id = $1 AND content_id = $2`,
    [workspaceId, lessonId],
  );
  return n;
}

export function blockPage(tx: Sql, workspaceId: string, lessonId: string, pageSize: number, page: number) {
  return loadBlocks(tx, workspaceId, 'b.content_id = $2', [lessonId], `LIMIT ${pageSize} OFFSET ${page * pageSize}`);
}

export async function blockById(tx: Sql, workspaceId: string, blockId: string) {
  const [row] = await loadBlocks(tx, workspaceId, 'b.id = $2', [blockId]);
  return row;
}

/** A part of a lesson or quiz (a block, a question): where it is, and its course. */
export interface PartRef {
  id: string;
  content_id: string;
  position: number;
  course_id: string;
}
export type BlockRef = PartRef;
export type QuestionRef = PartRef;

async function findPart(
  tx: Sql,
  workspaceId: string,
  table: 'lesson_blocks' | 'quiz_questions',
  id: string,
): Promise<PartRef | undefined> {
  const [row] = await tx.query<PartRef>(
    `SELECT p.id, p.content_id, p.position, c.course_id FROM ${table} p
       JOIN course_contents c ON c.workspace_id = p.workspace_id AND c.id = p.content_id
      WHERE p.workspace_id = $1 AND p.id = $2`,
    [workspaceId, id],
  );
  return row;
}

export const findBlock = (tx: Sql, workspaceId: string, blockId: string) =>
  findPart(tx, workspaceId, 'lesson_blocks', blockId);

/** Inserts the stored block at the position, moving the ones from there down. */
export async function insertBlock(
  tx: Sql,
  workspaceId: string,
  lessonId: string,
  position: number,
  block: { type: string; stored: string },
): Promise<string> {
  await tx.query(
    `UPDATE lesson_blocks SET position = position + 1 WHERE workspace_id = $1 AND content_id = $2 AND position >= $3`,
    [workspaceId, lessonId, position],
  );
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO lesson_blocks (workspace_id, content_id, position, type, block) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [workspaceId, lessonId, position, block.type, block.stored],
  );
  return row.id;
}

export async function replaceBlock(
  tx: Sql,
  workspaceId: string,
  blockId: string,
  block: { type: string; stored: string },
): Promise<void> {
  await tx.query(
    `UPDATE lesson_blocks SET type = $3, block = $4, updated_at = now() WHERE workspace_id = $1 AND id = $2`,
    [workspaceId, blockId, block.type, block.stored],
  );
}

/** Moves the block from one position to another: closes the gap it leaves, opens one where it goes. */
export async function moveBlock(tx: Sql, workspaceId: string, ref: BlockRef, to: number): Promise<void> {
  await tx.query(
    `UPDATE lesson_blocks SET position = CASE
          WHEN id = $3 THEN $5::int
          WHEN $4::int < $5::int AND position > $4::int AND position <= $5::int THEN position - 1
          WHEN $4::int > $5::int AND position >= $5::int AND position < $4::int THEN position + 1
          ELSE position END
        WHERE workspace_id = $1 AND content_id = $2`,
    [workspaceId, ref.content_id, ref.id, ref.position, to],
  );
}

/** Removes the block and closes the gap it leaves. */
export async function removeBlock(tx: Sql, workspaceId: string, ref: BlockRef): Promise<void> {
  await tx.query(`DELETE FROM lesson_blocks WHERE workspace_id = $1 AND id = $2`, [workspaceId, ref.id]);
  await tx.query(
    `UPDATE lesson_blocks SET position = position - 1 WHERE workspace_id = $1 AND content_id = $2 AND position > $3`,
    [workspaceId, ref.content_id, ref.position],
  );
}

// ---------------------------------------------------------------- quizzes

export async function quizSettings(tx: Sql, workspaceId: string, quizId: string) {
  const [q] = await tx.query<{
    pass_mark: number;
    max_attempts: number | null;
    answer_reveal: AnswerReveal;
    questions: number;
  }>(
    `SELECT pass_mark, max_attempts, answer_reveal,
            (SELECT count(*)::int FROM quiz_questions x WHERE x.workspace_id = q.workspace_id AND x.content_id = q.content_id) AS questions
       FROM quizzes q WHERE q.workspace_id = $1 AND q.content_id = $2`,
    [workspaceId, quizId],
  );
  return q;
}

export async function insertQuiz(
  tx: Sql,
  workspaceId: string,
  quizId: string,
  settings: { passMark: number; maxAttempts: number | null; answerReveal: AnswerReveal },
): Promise<void> {
  await tx.query(
    `INSERT INTO quizzes (workspace_id, content_id, pass_mark, max_attempts, answer_reveal) VALUES ($1, $2, $3, $4, $5)`,
    [workspaceId, quizId, settings.passMark, settings.maxAttempts, settings.answerReveal],
  );
}

/** Changes the settings given (undefined: unchanged; maxAttempts null: no limit). */
export async function updateQuizSettings(
  tx: Sql,
  workspaceId: string,
  quizId: string,
  settings: { passMark?: number; maxAttempts?: number | null; answerReveal?: AnswerReveal },
): Promise<void> {
  await tx.query(
    `UPDATE quizzes SET pass_mark = COALESCE($3, pass_mark),
            max_attempts = CASE WHEN $4::boolean THEN $5::int ELSE max_attempts END,
            answer_reveal = COALESCE($6, answer_reveal)
      WHERE workspace_id = $1 AND content_id = $2`,
    [
      workspaceId,
      quizId,
      settings.passMark ?? null,
      settings.maxAttempts !== undefined,
      settings.maxAttempts ?? null,
      settings.answerReveal ?? null,
    ],
  );
}

// ---------------------------------------------------------------- questions

export async function questionCount(tx: Sql, workspaceId: string, quizId: string): Promise<number> {
  const [{ total }] = await tx.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM quiz_questions WHERE workspace_id = $1 AND content_id = $2`,
    [workspaceId, quizId],
  );
  return total;
}

export function questionPage(tx: Sql, workspaceId: string, quizId: string, pageSize: number, page: number) {
  return loadQuestions(tx, workspaceId, `q.content_id = $2 AND q.position >= $3 AND q.position < $4`, [
    quizId,
    page * pageSize,
    (page + 1) * pageSize,
  ]);
}

export async function questionById(tx: Sql, workspaceId: string, questionId: string) {
  const [q] = await loadQuestions(tx, workspaceId, 'q.id = $2', [questionId]);
  return q;
}

export const findQuestion = (tx: Sql, workspaceId: string, questionId: string) =>
  findPart(tx, workspaceId, 'quiz_questions', questionId);

export interface OptionInput {
  key: string;
  correct: boolean;
  texts: Partial<Record<CourseLanguage, string>>;
}

/** The question's options become exactly these, in this order (kept by key, so their ids stay). */
export async function writeOptions(
  tx: Sql,
  workspaceId: string,
  questionId: string,
  options: OptionInput[],
): Promise<void> {
  await tx.query(
    `DELETE FROM quiz_options WHERE workspace_id = $1 AND question_id = $2 AND NOT (key = ANY($3::text[]))`,
    [workspaceId, questionId, options.map((o) => o.key)],
  );
  await tx.query(
    `INSERT INTO quiz_options (workspace_id, question_id, key, position, correct, texts)
     SELECT $1, $2, o.key, o.n - 1, o.correct, o.texts
       FROM unnest($3::text[], $4::boolean[], $5::jsonb[]) WITH ORDINALITY AS o(key, correct, texts, n)
     ON CONFLICT (workspace_id, question_id, key) DO UPDATE SET position = EXCLUDED.position, correct = EXCLUDED.correct, texts = EXCLUDED.texts`,
    [
      workspaceId,
      questionId,
      options.map((o) => o.key),
      options.map((o) => o.correct),
      options.map((o) => JSON.stringify(o.texts)),
    ],
  );
}

/** A question at the end of the quiz. */
export async function insertQuestion(
  tx: Sql,
  workspaceId: string,
  quizId: string,
  question: { kind: QuestionKind; texts: unknown },
): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO quiz_questions (workspace_id, content_id, position, kind, texts)
     SELECT $1, $2, COALESCE(max(position) + 1, 0), $3, $4 FROM quiz_questions WHERE workspace_id = $1 AND content_id = $2
     RETURNING id`,
    [workspaceId, quizId, question.kind, JSON.stringify(question.texts)],
  );
  return row.id;
}

export async function updateQuestion(
  tx: Sql,
  workspaceId: string,
  questionId: string,
  question: { kind: QuestionKind; texts: unknown },
): Promise<void> {
  await tx.query(`UPDATE quiz_questions SET kind = $3, texts = $4 WHERE workspace_id = $1 AND id = $2`, [
    workspaceId,
    questionId,
    question.kind,
    JSON.stringify(question.texts),
  ]);
}

/** Removes the question and closes the gap it leaves. */
export async function removeQuestion(tx: Sql, workspaceId: string, ref: QuestionRef): Promise<void> {
  await tx.query(`DELETE FROM quiz_questions WHERE workspace_id = $1 AND id = $2`, [workspaceId, ref.id]);
  await tx.query(
    `UPDATE quiz_questions SET position = position - 1 WHERE workspace_id = $1 AND content_id = $2 AND position > $3`,
    [workspaceId, ref.content_id, ref.position],
  );
}

export async function findOption(
  tx: Sql,
  workspaceId: string,
  optionId: string,
): Promise<{ question_id: string; key: string; position: number } | undefined> {
  const [option] = await tx.query<{ question_id: string; key: string; position: number }>(
    `SELECT question_id, key, position FROM quiz_options WHERE workspace_id = $1 AND id = $2`,
    [workspaceId, optionId],
  );
  return option;
}

/** Removes the option and closes the gap it leaves. */
export async function removeOption(
  tx: Sql,
  workspaceId: string,
  questionId: string,
  option: { id: string; position: number },
): Promise<void> {
  await tx.query(`DELETE FROM quiz_options WHERE workspace_id = $1 AND id = $2`, [workspaceId, option.id]);
  await tx.query(
    `UPDATE quiz_options SET position = position - 1 WHERE workspace_id = $1 AND question_id = $2 AND position > $3`,
    [workspaceId, questionId, option.position],
  );
}

export async function questionIds(tx: Sql, workspaceId: string, quizId: string): Promise<string[]> {
  const rows = await tx.query<{ id: string }>(
    `SELECT id FROM quiz_questions WHERE workspace_id = $1 AND content_id = $2 ORDER BY position`,
    [workspaceId, quizId],
  );
  return rows.map((r) => r.id);
}

/** Positions in the order of the ids given (every question of the quiz, once each). */
export async function orderQuestions(tx: Sql, workspaceId: string, quizId: string, ids: string[]): Promise<void> {
  await tx.query(
    `UPDATE quiz_questions q SET position = o.n - 1 FROM unnest($3::uuid[]) WITH ORDINALITY AS o(id, n)
      WHERE q.workspace_id = $1 AND q.content_id = $2 AND q.id = o.id`,
    [workspaceId, quizId, ids],
  );
}
