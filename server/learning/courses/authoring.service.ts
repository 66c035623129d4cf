import type { LessonBlock } from '../../../src/contracts/learning/blocks.contract';
import type {
  AddLanguageBody,
  CloneCourseBody,
  ContentBlock,
  ContentOrder,
  CourseLanguageEntry,
  PublishResult,
  QuizQuestion,
  UpdateCourseBody,
} from '../../../src/contracts/learning/courses.contract';
import { CONTENT_PAGE_SIZE, type Lesson } from '../../../src/contracts/learning/lessons.contract';
import type { Quiz, UpdateQuizBody } from '../../../src/contracts/learning/quizzes.contract';
import type { AnswerReveal, QuestionKind } from '../../../src/contracts/learning/courses.contract';
import { LANGUAGE_LABELS, type ContentKind, type CourseLanguage } from '../../../src/domain/courses/course';
import { offeredLanguages } from '../../platform/languages';
import { audit } from '../../platform/audit';
import type { Sql } from '../../platform/db/database';
import { badRequest, conflict, HttpError, notFound } from '../../platform/errors';
import {
  checklist,
  loadBlocks,
  loadCourseModel,
  loadLanguages,
  loadQuestions,
  primaryOf,
  snapshotOf,
  toContentBlock,
  toQuestion,
  type CourseLanguageRow,
} from './course-model';
import { checkBlockFiles } from './block-files';
import { supportedLanguages } from './courses.repository';

/**
 * The author's writes: courses, languages, lessons and their blocks, quizzes and their questions. Each runs in the
 * caller's tenant transaction, checks the object belongs to the workspace (another workspace's is "not found"),
 * marks the course's next version as a draft when it changes a published course, and writes its audit event in
 * the same transaction. Every query carries `workspace_id = $1`; row-level security is the second wall.
 */
export interface Author {
  workspaceId: string;
  userId: string;
  ip: string | null;
  /** The platform admin authoring a catalogue course (workspaceId is then the main site's nil id). */
  platformAdmin?: boolean;
}

const iso = (value: Date | string) => new Date(value).toISOString();

async function record(
  tx: Sql,
  who: Author,
  action: string,
  target: string,
  details: Record<string, unknown> = {},
): Promise<void> {
  await audit(tx, {
    workspaceId: who.workspaceId,
    ...(who.platformAdmin ? { actorPlatformAdminId: who.userId } : { actorUserId: who.userId }),
    ip: who.ip,
    action: action,
    target,
    details,
  });
}

interface LockedCourse {
  id: string;
  title: string;
  status: 'DRAFT' | 'PUBLISHED';
  version: number;
  published_version: number | null;
}

/** A workspace's copy of a catalogue course is read-only: the platform authors it (docs/policies.md). */
export const catalogueReadOnly = () =>
  new HttpError(
    409,
    'CATALOGUE_COURSE',
    'This course comes from the SafePlace catalogue: its content cannot be changed here',
    { courseId: 'A catalogue course is read-only' },
  );

async function lockCourse(
  tx: Sql,
  who: Author,
  courseId: string,
  options: { catalogueCopy?: 'allow' } = {},
): Promise<LockedCourse> {
  const [course] = await tx.query<LockedCourse & { from_catalogue: boolean }>(
    `SELECT id, title, status, version, published_version, from_catalogue FROM courses WHERE workspace_id = $1 AND id = $2 FOR UPDATE`,
    [who.workspaceId, courseId],
  );
  if (!course) throw notFound('Course not found');
  if (course.from_catalogue && options.catalogueCopy !== 'allow') throw catalogueReadOnly();
  return course;
}

/**
 * Before a change to a course's content: a published course whose live rows are its published version gets a
 * draft of the next version (the published one stays frozen in course_versions; one migrated before 0020 without
 * a snapshot is frozen now, before the change).
 */
async function editing(tx: Sql, who: Author, courseId: string): Promise<LockedCourse> {
  const course = await lockCourse(tx, who, courseId);
  if (course.published_version !== null && course.version === course.published_version) {
    const [frozen] = await tx.query<{ frozen: boolean }>(
      `SELECT snapshot IS NOT NULL AS frozen FROM course_versions WHERE workspace_id = $1 AND course_id = $2 AND version = $3`,
      [who.workspaceId, courseId, course.version],
    );
    if (frozen && !frozen.frozen) {
      const model = await loadCourseModel(tx, who.workspaceId, courseId);
      await tx.query(
        `UPDATE course_versions SET snapshot = $4 WHERE workspace_id = $1 AND course_id = $2 AND version = $3`,
        [who.workspaceId, courseId, course.version, JSON.stringify(snapshotOf(model))],
      );
    }
    course.version += 1;
  }
  await tx.query(
    `UPDATE courses SET version = $3, updated_at = now(), updated_by = $4 WHERE workspace_id = $1 AND id = $2`,
    [who.workspaceId, courseId, course.version, who.userId],
  );
  return course;
}

async function languagesOf(tx: Sql, who: Author, courseId: string): Promise<CourseLanguageRow[]> {
  return (await loadLanguages(tx, who.workspaceId, [courseId])).get(courseId) ?? [];
}

/** The language a call names (the primary when absent); one the course does not have is a 400 on that field. */
function pickLanguage(
  langs: CourseLanguageRow[],
  requested: CourseLanguage | undefined,
  field = 'language',
): CourseLanguage {
  if (!requested) return primaryOf(langs);
  if (!langs.some((l) => l.language === requested)) {
    throw badRequest(`The course has no ${requested}: add the language first`, {
      [field]: `The course has no ${requested}`,
    });
  }
  return requested;
}

/** Words in a language the course does not have are refused, naming the field. */
function checkTextLanguages(langs: CourseLanguageRow[], texts: Record<string, unknown>, field: string): void {
  const known = new Set(langs.map((l) => l.language));
  const unknown = Object.keys(texts).filter((l) => !known.has(l as CourseLanguage));
  if (unknown.length > 0) {
    throw badRequest(
      `The course has no ${unknown.join(', ')}: add the language first`,
      Object.fromEntries(unknown.map((l) => [`${field}.${l}`, `The course has no ${l}`])),
    );
  }
}

/** French only where the workspace offers it (a Canadian workspace, or the platform's catalogue). */
async function checkOffered(tx: Sql, who: Author, language: CourseLanguage, field = 'language'): Promise<void> {
  if (!(await offeredLanguages(tx, who.workspaceId)).includes(language)) {
    throw badRequest(`This workspace does not offer ${LANGUAGE_LABELS[language]} courses`, {
      [field]: 'French courses are for Canadian workspaces',
    });
  }
}

// ---------------------------------------------------------------- courses

export async function createCourse(
  tx: Sql,
  who: Author,
  body: { title: string; description: string; language: CourseLanguage; reminderEnabled: boolean },
): Promise<{ courseId: string }> {
  await checkOffered(tx, who, body.language);
  const [course] = await tx.query<{ id: string }>(
    `INSERT INTO courses (workspace_id, title, description, reminder_enabled, created_by, updated_by) VALUES ($1, $2, $3, $4, $5, $5) RETURNING id`,
    [who.workspaceId, body.title, body.description, body.reminderEnabled, who.userId],
  );
  await tx.query(
    `INSERT INTO course_languages (workspace_id, course_id, language, priority, title, description) VALUES ($1, $2, $3, 'PRIMARY', $4, $5)`,
    [who.workspaceId, course.id, body.language, body.title, body.description],
  );
  await record(tx, who, 'course.created', course.id, { title: body.title, language: body.language });
  return { courseId: course.id };
}

export async function updateCourse(
  tx: Sql,
  who: Author,
  courseId: string,
  body: UpdateCourseBody,
): Promise<{ courseId: string }> {
  if (body.validityYears !== undefined) {
    // A setting of the course, not its content: no draft version, and a workspace's own choice on a catalogue copy
    // too (like the reminder switch: the workspace decides how often its people recertify).
    await lockCourse(tx, who, courseId, { catalogueCopy: 'allow' });
    await tx.query(
      `UPDATE courses SET validity_years = $3, updated_at = now(), updated_by = $4 WHERE workspace_id = $1 AND id = $2`,
      [who.workspaceId, courseId, body.validityYears, who.userId],
    );
    await record(tx, who, 'course.validity-changed', courseId, { validityYears: body.validityYears });
    if (body.title === undefined && body.description === undefined) return { courseId };
  }
  await editing(tx, who, courseId);
  const langs = await languagesOf(tx, who, courseId);
  const language = pickLanguage(langs, body.language);
  await tx.query(
    `UPDATE course_languages SET title = COALESCE($4, title), description = COALESCE($5, description)
      WHERE workspace_id = $1 AND course_id = $2 AND language = $3`,
    [who.workspaceId, courseId, language, body.title ?? null, body.description ?? null],
  );
  if (language === primaryOf(langs)) {
    await tx.query(
      `UPDATE courses SET title = COALESCE($3, title), description = COALESCE($4, description) WHERE workspace_id = $1 AND id = $2`,
      [who.workspaceId, courseId, body.title ?? null, body.description ?? null],
    );
  }
  await record(tx, who, 'course.updated', courseId, {
    language,
    title: body.title,
    description: body.description !== undefined,
  });
  return { courseId };
}

export async function deleteCourse(tx: Sql, who: Author, courseId: string): Promise<void> {
  const course = await lockCourse(tx, who, courseId);
  const [{ n }] = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM course_assignments WHERE workspace_id = $1 AND course_id = $2`,
    [who.workspaceId, courseId],
  );
  if (n > 0) {
    throw conflict(`${n} ${n === 1 ? 'person has' : 'people have'} this course: it cannot be deleted`, {
      id: `Assigned to ${n}`,
    });
  }
  await tx.query(`DELETE FROM courses WHERE workspace_id = $1 AND id = $2`, [who.workspaceId, courseId]);
  await record(tx, who, 'course.deleted', courseId, { title: course.title });
}

export async function publishCourse(tx: Sql, who: Author, courseId: string): Promise<PublishResult> {
  const course = await lockCourse(tx, who, courseId);
  const model = await loadCourseModel(tx, who.workspaceId, courseId);
  const list = checklist(model);
  if (list.problems.length > 0) {
    const fields: Record<string, string> = {};
    for (const p of list.problems) fields[p.where] = fields[p.where] ? `${fields[p.where]}; ${p.message}` : p.message;
    throw new HttpError(
      409,
      'COURSE_INCOMPLETE',
      `The course cannot be published yet: ${list.problems.map((p) => p.message).join('; ')}`,
      fields,
    );
  }
  if (course.published_version === course.version) {
    // Nothing changed since the last publish: the same version, nobody moves.
    const [v] = await tx.query<{ published_at: Date | string }>(
      `SELECT published_at FROM course_versions WHERE workspace_id = $1 AND course_id = $2 AND version = $3`,
      [who.workspaceId, courseId, course.version],
    );
    return {
      courseId,
      version: course.version,
      status: 'PUBLISHED',
      publishedAt: iso(v.published_at),
      warnings: list.warnings,
    };
  }
  const [v] = await tx.query<{ published_at: Date | string }>(
    `INSERT INTO course_versions (workspace_id, course_id, version, published_by, snapshot) VALUES ($1, $2, $3, $4, $5) RETURNING published_at`,
    [who.workspaceId, courseId, course.version, who.userId, JSON.stringify(snapshotOf(model))],
  );
  await tx.query(
    `UPDATE courses SET status = 'PUBLISHED', published_version = version, published_at = $3, updated_at = now(), updated_by = $4
      WHERE workspace_id = $1 AND id = $2`,
    [who.workspaceId, courseId, v.published_at, who.userId],
  );
  await record(tx, who, 'course.published', courseId, { version: course.version, warnings: list.warnings.length });
  return {
    courseId,
    version: course.version,
    status: 'PUBLISHED',
    publishedAt: iso(v.published_at),
    warnings: list.warnings,
  };
}

/**
 * A deep copy as a new draft (version 1), in the caller's one transaction and one statement: languages, contents and
 * their titles, blocks (file references included: a block names its files by id, and files are never changed in
 * place), quizzes, questions and options; and the cover. New ids come from a mapping of old to new, computed once.
 */
export async function cloneCourse(tx: Sql, who: Author, body: CloneCourseBody): Promise<{ courseId: string }> {
  const [source] = await tx.query<{ id: string; title: string; from_catalogue: boolean }>(
    `SELECT c.id, COALESCE(NULLIF(l.title, ''), c.title) AS title, c.from_catalogue FROM courses c
       LEFT JOIN course_languages l ON l.workspace_id = c.workspace_id AND l.course_id = c.id AND l.priority = 'PRIMARY'
      WHERE c.workspace_id = $1 AND c.id = $2 FOR SHARE OF c`,
    [who.workspaceId, body.courseId],
  );
  if (!source) throw notFound('Course not found');
  // A copy would be a workspace course, assignable without credits.
  if (source.from_catalogue) throw catalogueReadOnly();
  const title = body.title ?? `${source.title} (copy)`.slice(0, 200);
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
    [who.workspaceId, body.courseId, title, who.userId],
  );
  await record(tx, who, 'course.cloned', id, { from: body.courseId, title });
  return { courseId: id };
}

async function contentOrder(tx: Sql, who: Author, courseId: string): Promise<ContentOrder> {
  const rows = await tx.query<{ id: string; kind: ContentKind; position: number }>(
    `SELECT id, kind, position FROM course_contents WHERE workspace_id = $1 AND course_id = $2 ORDER BY position`,
    [who.workspaceId, courseId],
  );
  return rows.map((r) => ({ contentId: r.id, kind: r.kind, position: r.position }));
}

/** The ids must be exactly the current ones, once each (a stale screen's order is refused, not half-applied). */
function checkPermutation(current: string[], given: string[], field: string, what: string): void {
  const have = new Set(current);
  const seen = new Set<string>();
  const problems: string[] = [];
  for (const id of given) {
    if (!have.has(id)) problems.push(`${id} is not ${what} of this one`);
    else if (seen.has(id)) problems.push(`${id} is listed twice`);
    seen.add(id);
  }
  const left = current.filter((id) => !seen.has(id));
  if (left.length) problems.push(`missing ${left.join(', ')}`);
  if (problems.length)
    throw badRequest(`Give every ${what} once: ${problems.join('; ')}`, { [field]: problems.join('; ') });
}

export async function reorderContent(
  tx: Sql,
  who: Author,
  courseId: string,
  contentIds: string[],
): Promise<ContentOrder> {
  await editing(tx, who, courseId);
  const current = await contentOrder(tx, who, courseId);
  checkPermutation(
    current.map((c) => c.contentId),
    contentIds,
    'contentIds',
    'lesson or quiz',
  );
  await tx.query(
    `UPDATE course_contents c SET position = o.n - 1 FROM unnest($3::uuid[]) WITH ORDINALITY AS o(id, n)
      WHERE c.workspace_id = $1 AND c.course_id = $2 AND c.id = o.id`,
    [who.workspaceId, courseId, contentIds],
  );
  await record(tx, who, 'course.reordered', courseId, { contentIds });
  return contentOrder(tx, who, courseId);
}

export async function toggleReminders(
  tx: Sql,
  who: Author,
  courseId: string,
  enabled: boolean,
): Promise<{ courseId: string; reminderEnabled: boolean }> {
  // Reminders are the workspace's choice, also for a catalogue course.
  await lockCourse(tx, who, courseId, { catalogueCopy: 'allow' });
  await tx.query(
    `UPDATE courses SET reminder_enabled = $3, updated_at = now(), updated_by = $4 WHERE workspace_id = $1 AND id = $2`,
    [who.workspaceId, courseId, enabled, who.userId],
  );
  await record(tx, who, 'course.reminder-toggled', courseId, { enabled });
  return { courseId, reminderEnabled: enabled };
}

export async function addLanguage(tx: Sql, who: Author, body: AddLanguageBody): Promise<CourseLanguageEntry[]> {
  await editing(tx, who, body.courseId);
  await checkOffered(tx, who, body.language);
  const langs = await languagesOf(tx, who, body.courseId);
  if (langs.some((l) => l.language === body.language)) {
    throw conflict(`The course already has ${body.language}`, { language: `Already one of the course's languages` });
  }
  // Without a title the course's title in this language is a missing translation (counted), served in the primary's words.
  await tx.query(
    `INSERT INTO course_languages (workspace_id, course_id, language, priority, title, description) VALUES ($1, $2, $3, 'SECONDARY', $4, $5)`,
    [who.workspaceId, body.courseId, body.language, body.title ?? '', body.description ?? ''],
  );
  await record(tx, who, 'course.language-added', body.courseId, { language: body.language });
  return supportedLanguages(tx, who.workspaceId, body.courseId);
}

export async function setDefaultLanguage(
  tx: Sql,
  who: Author,
  courseId: string,
  language: CourseLanguage,
): Promise<CourseLanguageEntry[]> {
  await editing(tx, who, courseId);
  const langs = await languagesOf(tx, who, courseId);
  const chosen = langs.find((l) => l.language === language);
  if (!chosen)
    throw badRequest(`The course has no ${language}: add the language first`, {
      lang: `The course has no ${language}`,
    });
  // Two statements: the one-PRIMARY index is checked per row; the at-least-one trigger at commit.
  await tx.query(
    `UPDATE course_languages SET priority = 'SECONDARY' WHERE workspace_id = $1 AND course_id = $2 AND priority = 'PRIMARY'`,
    [who.workspaceId, courseId],
  );
  await tx.query(
    `UPDATE course_languages SET priority = 'PRIMARY' WHERE workspace_id = $1 AND course_id = $2 AND language = $3`,
    [who.workspaceId, courseId, language],
  );
  if (chosen.title.trim()) {
    await tx.query(`UPDATE courses SET title = $3, description = $4 WHERE workspace_id = $1 AND id = $2`, [
      who.workspaceId,
      courseId,
      chosen.title,
      chosen.description,
    ]);
  }
  await record(tx, who, 'course.default-language-set', courseId, { language, previous: primaryOf(langs) });
  return supportedLanguages(tx, who.workspaceId, courseId);
}

// ---------------------------------------------------------------- contents (lessons and quizzes)

interface ContentRow {
  id: string;
  course_id: string;
  kind: ContentKind;
  position: number;
}

async function findContent(tx: Sql, who: Author, id: string, kind: ContentKind): Promise<ContentRow> {
  const [row] = await tx.query<ContentRow>(
    `SELECT id, course_id, kind, position FROM course_contents WHERE workspace_id = $1 AND id = $2 AND kind = $3`,
    [who.workspaceId, id, kind],
  );
  if (!row) throw notFound(kind === 'LESSON' ? 'Lesson not found' : 'Quiz not found');
  return row;
}

async function titlesOf(tx: Sql, who: Author, contentId: string): Promise<Partial<Record<CourseLanguage, string>>> {
  const rows = await tx.query<{ language: CourseLanguage; title: string }>(
    `SELECT language, title FROM course_content_titles WHERE workspace_id = $1 AND content_id = $2`,
    [who.workspaceId, contentId],
  );
  return Object.fromEntries(rows.map((r) => [r.language, r.title]));
}

async function setTitle(
  tx: Sql,
  who: Author,
  contentId: string,
  language: CourseLanguage,
  title: string,
): Promise<void> {
  await tx.query(
    `INSERT INTO course_content_titles (workspace_id, content_id, language, title) VALUES ($1, $2, $3, $4)
     ON CONFLICT (workspace_id, content_id, language) DO UPDATE SET title = EXCLUDED.title`,
    [who.workspaceId, contentId, language, title],
  );
}

async function addContent(
  tx: Sql,
  who: Author,
  courseId: string,
  kind: ContentKind,
  title: string,
  requested?: CourseLanguage,
): Promise<ContentRow> {
  await editing(tx, who, courseId);
  const language = pickLanguage(await languagesOf(tx, who, courseId), requested);
  const [row] = await tx.query<ContentRow>(
    `INSERT INTO course_contents (workspace_id, course_id, kind, position)
     SELECT $1, $2, $3, COALESCE(max(position) + 1, 0) FROM course_contents WHERE workspace_id = $1 AND course_id = $2
     RETURNING id, course_id, kind, position`,
    [who.workspaceId, courseId, kind],
  );
  await setTitle(tx, who, row.id, language, title);
  return row;
}

async function removeContent(tx: Sql, who: Author, content: ContentRow): Promise<void> {
  await tx.query(`DELETE FROM course_contents WHERE workspace_id = $1 AND id = $2`, [who.workspaceId, content.id]);
  await tx.query(
    `UPDATE course_contents SET position = position - 1 WHERE workspace_id = $1 AND course_id = $2 AND position > $3`,
    [who.workspaceId, content.course_id, content.position],
  );
}

async function lessonOf(tx: Sql, who: Author, content: ContentRow): Promise<Lesson> {
  return {
    lessonId: content.id,
    courseId: content.course_id,
    position: content.position,
    titles: await titlesOf(tx, who, content.id),
  };
}

export async function createLesson(
  tx: Sql,
  who: Author,
  courseId: string,
  body: { title: string; language?: CourseLanguage },
): Promise<Lesson> {
  const row = await addContent(tx, who, courseId, 'LESSON', body.title, body.language);
  await record(tx, who, 'lesson.created', row.id, { courseId, title: body.title });
  return lessonOf(tx, who, row);
}

export async function updateLesson(
  tx: Sql,
  who: Author,
  lessonId: string,
  body: { title: string; language?: CourseLanguage },
): Promise<Lesson> {
  const row = await findContent(tx, who, lessonId, 'LESSON');
  await editing(tx, who, row.course_id);
  const language = pickLanguage(await languagesOf(tx, who, row.course_id), body.language);
  await setTitle(tx, who, row.id, language, body.title);
  await record(tx, who, 'lesson.updated', row.id, { courseId: row.course_id, language, title: body.title });
  return lessonOf(tx, who, row);
}

export async function deleteLesson(tx: Sql, who: Author, lessonId: string): Promise<void> {
  const row = await findContent(tx, who, lessonId, 'LESSON');
  await editing(tx, who, row.course_id);
  await removeContent(tx, who, row);
  await record(tx, who, 'lesson.deleted', row.id, { courseId: row.course_id });
}

// ---------------------------------------------------------------- lesson blocks

export async function lessonContent(
  tx: Sql,
  who: Author,
  lessonId: string,
  query: { language?: CourseLanguage; page: number; pageSize: number },
): Promise<{ items: ContentBlock[]; total: number; language: CourseLanguage; primaryLanguage: CourseLanguage }> {
  const row = await findContent(tx, who, lessonId, 'LESSON');
  const langs = await languagesOf(tx, who, row.course_id);
  const primary = primaryOf(langs);
  const language = query.language && langs.some((l) => l.language === query.language) ? query.language : primary;
  const [{ total }] = await tx.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM lesson_blocks WHERE workspace_id = $1 AND content_id = $2`,
    [who.workspaceId, lessonId],
  );
  const pageSize = Math.min(query.pageSize, CONTENT_PAGE_SIZE);
  const blocks = await loadBlocks(
    tx,
    who.workspaceId,
    'b.content_id = $2',
    [lessonId],
    `LIMIT ${pageSize} OFFSET ${query.page * pageSize}`,
  );
  return { items: blocks.map((b) => toContentBlock(b, language, primary)), total, language, primaryLanguage: primary };
}

interface BlockRowRef {
  id: string;
  content_id: string;
  position: number;
  course_id: string;
}

async function findBlock(tx: Sql, who: Author, blockId: string): Promise<BlockRowRef> {
  const [row] = await tx.query<BlockRowRef>(
    `SELECT b.id, b.content_id, b.position, c.course_id FROM lesson_blocks b
       JOIN course_contents c ON c.workspace_id = b.workspace_id AND c.id = b.content_id
      WHERE b.workspace_id = $1 AND b.id = $2`,
    [who.workspaceId, blockId],
  );
  if (!row) throw notFound('Block not found');
  return row;
}

async function blockCount(tx: Sql, who: Author, lessonId: string): Promise<number> {
  const [{ n }] = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM lesson_blocks WHERE workspace_id = $1 AND content_id = $2`,
    [who.workspaceId, lessonId],
  );
  return n;
}

/** The block as stored: the contract's block without an id (the row's id is the block's). */
function stored(block: LessonBlock): string {
  const { blockId: _omit, ...rest } = block;
  return JSON.stringify(rest);
}

async function servedBlock(tx: Sql, who: Author, blockId: string, courseId: string): Promise<ContentBlock> {
  const [row] = await loadBlocks(tx, who.workspaceId, 'b.id = $2', [blockId]);
  const primary = primaryOf(await languagesOf(tx, who, courseId));
  return toContentBlock(row, primary, primary);
}

export async function createBlock(
  tx: Sql,
  who: Author,
  body: { lessonId: string; block: LessonBlock; position?: number },
): Promise<ContentBlock> {
  const lesson = await findContent(tx, who, body.lessonId, 'LESSON');
  await editing(tx, who, lesson.course_id);
  checkTextLanguages(await languagesOf(tx, who, lesson.course_id), body.block.texts, 'block.texts');
  await checkBlockFiles(tx, who.workspaceId, body.block);
  const count = await blockCount(tx, who, lesson.id);
  const position = body.position === undefined ? count : Math.min(body.position, count);
  await tx.query(
    `UPDATE lesson_blocks SET position = position + 1 WHERE workspace_id = $1 AND content_id = $2 AND position >= $3`,
    [who.workspaceId, lesson.id, position],
  );
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO lesson_blocks (workspace_id, content_id, position, type, block) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [who.workspaceId, lesson.id, position, body.block.type, stored(body.block)],
  );
  await record(tx, who, 'lesson-block.created', row.id, {
    lessonId: lesson.id,
    courseId: lesson.course_id,
    type: body.block.type,
    position,
  });
  return servedBlock(tx, who, row.id, lesson.course_id);
}

export async function updateBlock(
  tx: Sql,
  who: Author,
  body: { blockId: string; block: LessonBlock; position?: number },
): Promise<ContentBlock> {
  const ref = await findBlock(tx, who, body.blockId);
  await editing(tx, who, ref.course_id);
  checkTextLanguages(await languagesOf(tx, who, ref.course_id), body.block.texts, 'block.texts');
  await checkBlockFiles(tx, who.workspaceId, body.block);
  await tx.query(
    `UPDATE lesson_blocks SET type = $3, block = $4, updated_at = now() WHERE workspace_id = $1 AND id = $2`,
    [who.workspaceId, ref.id, body.block.type, stored(body.block)],
  );
  if (body.position !== undefined && body.position !== ref.position) {
    const last = (await blockCount(tx, who, ref.content_id)) - 1;
    const to = Math.min(body.position, last);
    // Close the gap it leaves, open one where it goes (positions are unique at commit).
    await tx.query(
      `UPDATE lesson_blocks SET position = CASE
          WHEN id = $3 THEN $5::int
          WHEN $4::int < $5::int AND position > $4::int AND position <= $5::int THEN position - 1
          WHEN $4::int > $5::int AND position >= $5::int AND position < $4::int THEN position + 1
          ELSE position END
        WHERE workspace_id = $1 AND content_id = $2`,
      [who.workspaceId, ref.content_id, ref.id, ref.position, to],
    );
  }
  await record(tx, who, 'lesson-block.updated', ref.id, {
    lessonId: ref.content_id,
    courseId: ref.course_id,
    type: body.block.type,
  });
  return servedBlock(tx, who, ref.id, ref.course_id);
}

export async function deleteBlock(tx: Sql, who: Author, blockId: string): Promise<void> {
  const ref = await findBlock(tx, who, blockId);
  await editing(tx, who, ref.course_id);
  await tx.query(`DELETE FROM lesson_blocks WHERE workspace_id = $1 AND id = $2`, [who.workspaceId, ref.id]);
  await tx.query(
    `UPDATE lesson_blocks SET position = position - 1 WHERE workspace_id = $1 AND content_id = $2 AND position > $3`,
    [who.workspaceId, ref.content_id, ref.position],
  );
  await record(tx, who, 'lesson-block.deleted', ref.id, { lessonId: ref.content_id, courseId: ref.course_id });
}

// ---------------------------------------------------------------- quizzes

async function quizOf(tx: Sql, who: Author, content: ContentRow): Promise<Quiz> {
  const [q] = await tx.query<{
    pass_mark: number;
    max_attempts: number | null;
    answer_reveal: AnswerReveal;
    questions: number;
  }>(
    `SELECT pass_mark, max_attempts, answer_reveal,
            (SELECT count(*)::int FROM quiz_questions x WHERE x.workspace_id = q.workspace_id AND x.content_id = q.content_id) AS questions
       FROM quizzes q WHERE q.workspace_id = $1 AND q.content_id = $2`,
    [who.workspaceId, content.id],
  );
  return {
    quizId: content.id,
    courseId: content.course_id,
    position: content.position,
    titles: await titlesOf(tx, who, content.id),
    passMark: q.pass_mark,
    maxAttempts: q.max_attempts,
    answerReveal: q.answer_reveal,
    questionCount: q.questions,
  };
}

export async function createQuiz(
  tx: Sql,
  who: Author,
  body: {
    courseId: string;
    title: string;
    language?: CourseLanguage;
    passMark: number;
    maxAttempts: number | null;
    answerReveal: AnswerReveal;
  },
): Promise<Quiz> {
  const row = await addContent(tx, who, body.courseId, 'QUIZ', body.title, body.language);
  await tx.query(
    `INSERT INTO quizzes (workspace_id, content_id, pass_mark, max_attempts, answer_reveal) VALUES ($1, $2, $3, $4, $5)`,
    [who.workspaceId, row.id, body.passMark, body.maxAttempts, body.answerReveal],
  );
  await record(tx, who, 'quiz.created', row.id, {
    courseId: body.courseId,
    title: body.title,
    passMark: body.passMark,
    maxAttempts: body.maxAttempts,
  });
  return quizOf(tx, who, row);
}

export async function updateQuiz(tx: Sql, who: Author, body: UpdateQuizBody): Promise<Quiz> {
  const row = await findContent(tx, who, body.quizId, 'QUIZ');
  await editing(tx, who, row.course_id);
  if (body.title !== undefined) {
    const language = pickLanguage(await languagesOf(tx, who, row.course_id), body.language);
    await setTitle(tx, who, row.id, language, body.title);
  }
  await tx.query(
    `UPDATE quizzes SET pass_mark = COALESCE($3, pass_mark),
            max_attempts = CASE WHEN $4::boolean THEN $5::int ELSE max_attempts END,
            answer_reveal = COALESCE($6, answer_reveal)
      WHERE workspace_id = $1 AND content_id = $2`,
    [
      who.workspaceId,
      row.id,
      body.passMark ?? null,
      body.maxAttempts !== undefined,
      body.maxAttempts ?? null,
      body.answerReveal ?? null,
    ],
  );
  const { quizId: _id, ...changes } = body;
  await record(tx, who, 'quiz.updated', row.id, { courseId: row.course_id, ...changes });
  return quizOf(tx, who, row);
}

export async function deleteQuiz(tx: Sql, who: Author, quizId: string): Promise<void> {
  const row = await findContent(tx, who, quizId, 'QUIZ');
  await editing(tx, who, row.course_id);
  await removeContent(tx, who, row);
  await record(tx, who, 'quiz.deleted', row.id, { courseId: row.course_id });
}

// ---------------------------------------------------------------- questions

export interface QuestionBody {
  kind: QuestionKind;
  texts: Partial<Record<CourseLanguage, { text: string; explanation?: string }>>;
  options: { key: string; correct: boolean; texts: Partial<Record<CourseLanguage, string>> }[];
}

export async function quizQuestions(
  tx: Sql,
  who: Author,
  quizId: string,
  query: { language?: CourseLanguage; page: number; pageSize: number },
): Promise<{ items: QuizQuestion[]; total: number; language: CourseLanguage; primaryLanguage: CourseLanguage }> {
  const quiz = await findContent(tx, who, quizId, 'QUIZ');
  const langs = await languagesOf(tx, who, quiz.course_id);
  const primary = primaryOf(langs);
  const language = query.language && langs.some((l) => l.language === query.language) ? query.language : primary;
  const [{ total }] = await tx.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM quiz_questions WHERE workspace_id = $1 AND content_id = $2`,
    [who.workspaceId, quizId],
  );
  const pageSize = Math.min(query.pageSize, CONTENT_PAGE_SIZE);
  const questions = await loadQuestions(
    tx,
    who.workspaceId,
    `q.content_id = $2 AND q.position >= $3 AND q.position < $4`,
    [quizId, query.page * pageSize, (query.page + 1) * pageSize],
  );
  return { items: questions.map((q) => toQuestion(q, language, primary)), total, language, primaryLanguage: primary };
}

interface QuestionRef {
  id: string;
  content_id: string;
  position: number;
  course_id: string;
}

async function findQuestion(tx: Sql, who: Author, questionId: string): Promise<QuestionRef> {
  const [row] = await tx.query<QuestionRef>(
    `SELECT q.id, q.content_id, q.position, c.course_id FROM quiz_questions q
       JOIN course_contents c ON c.workspace_id = q.workspace_id AND c.id = q.content_id
      WHERE q.workspace_id = $1 AND q.id = $2`,
    [who.workspaceId, questionId],
  );
  if (!row) throw notFound('Question not found');
  return row;
}

async function servedQuestion(tx: Sql, who: Author, questionId: string, courseId: string): Promise<QuizQuestion> {
  const [q] = await loadQuestions(tx, who.workspaceId, 'q.id = $2', [questionId]);
  const primary = primaryOf(await languagesOf(tx, who, courseId));
  return toQuestion(q, primary, primary);
}

async function checkQuestionLanguages(tx: Sql, who: Author, courseId: string, body: QuestionBody): Promise<void> {
  const langs = await languagesOf(tx, who, courseId);
  checkTextLanguages(langs, body.texts, 'texts');
  body.options.forEach((o, i) => checkTextLanguages(langs, o.texts, `options.${i}.texts`));
}

async function writeOptions(tx: Sql, who: Author, questionId: string, options: QuestionBody['options']): Promise<void> {
  await tx.query(
    `DELETE FROM quiz_options WHERE workspace_id = $1 AND question_id = $2 AND NOT (key = ANY($3::text[]))`,
    [who.workspaceId, questionId, options.map((o) => o.key)],
  );
  await tx.query(
    `INSERT INTO quiz_options (workspace_id, question_id, key, position, correct, texts)
     SELECT $1, $2, o.key, o.n - 1, o.correct, o.texts
       FROM unnest($3::text[], $4::boolean[], $5::jsonb[]) WITH ORDINALITY AS o(key, correct, texts, n)
     ON CONFLICT (workspace_id, question_id, key) DO UPDATE SET position = EXCLUDED.position, correct = EXCLUDED.correct, texts = EXCLUDED.texts`,
    [
      who.workspaceId,
      questionId,
      options.map((o) => o.key),
      options.map((o) => o.correct),
      options.map((o) => JSON.stringify(o.texts)),
    ],
  );
}

export async function addQuestion(tx: Sql, who: Author, quizId: string, body: QuestionBody): Promise<QuizQuestion> {
  const quiz = await findContent(tx, who, quizId, 'QUIZ');
  await editing(tx, who, quiz.course_id);
  await checkQuestionLanguages(tx, who, quiz.course_id, body);
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO quiz_questions (workspace_id, content_id, position, kind, texts)
     SELECT $1, $2, COALESCE(max(position) + 1, 0), $3, $4 FROM quiz_questions WHERE workspace_id = $1 AND content_id = $2
     RETURNING id`,
    [who.workspaceId, quiz.id, body.kind, JSON.stringify(body.texts)],
  );
  await writeOptions(tx, who, row.id, body.options);
  await record(tx, who, 'quiz-question.added', row.id, {
    quizId: quiz.id,
    courseId: quiz.course_id,
    kind: body.kind,
    options: body.options.length,
  });
  return servedQuestion(tx, who, row.id, quiz.course_id);
}

export async function editQuestion(
  tx: Sql,
  who: Author,
  questionId: string,
  body: QuestionBody,
): Promise<QuizQuestion> {
  const ref = await findQuestion(tx, who, questionId);
  await editing(tx, who, ref.course_id);
  await checkQuestionLanguages(tx, who, ref.course_id, body);
  await tx.query(`UPDATE quiz_questions SET kind = $3, texts = $4 WHERE workspace_id = $1 AND id = $2`, [
    who.workspaceId,
    ref.id,
    body.kind,
    JSON.stringify(body.texts),
  ]);
  await writeOptions(tx, who, ref.id, body.options);
  await record(tx, who, 'quiz-question.edited', ref.id, {
    quizId: ref.content_id,
    courseId: ref.course_id,
    kind: body.kind,
    options: body.options.length,
  });
  return servedQuestion(tx, who, ref.id, ref.course_id);
}

export async function deleteQuestion(tx: Sql, who: Author, questionId: string): Promise<void> {
  const ref = await findQuestion(tx, who, questionId);
  await editing(tx, who, ref.course_id);
  await tx.query(`DELETE FROM quiz_questions WHERE workspace_id = $1 AND id = $2`, [who.workspaceId, ref.id]);
  await tx.query(
    `UPDATE quiz_questions SET position = position - 1 WHERE workspace_id = $1 AND content_id = $2 AND position > $3`,
    [who.workspaceId, ref.content_id, ref.position],
  );
  await record(tx, who, 'quiz-question.deleted', ref.id, { quizId: ref.content_id, courseId: ref.course_id });
}

export async function deleteOption(tx: Sql, who: Author, optionId: string): Promise<QuizQuestion> {
  const [option] = await tx.query<{ question_id: string; key: string; position: number }>(
    `SELECT question_id, key, position FROM quiz_options WHERE workspace_id = $1 AND id = $2`,
    [who.workspaceId, optionId],
  );
  if (!option) throw notFound('Option not found');
  const ref = await findQuestion(tx, who, option.question_id);
  await editing(tx, who, ref.course_id);
  const [question] = await loadQuestions(tx, who.workspaceId, 'q.id = $2', [ref.id]);
  const left = question.options.filter((o) => o.id !== optionId);
  if (left.length < 2)
    throw conflict('A question needs at least two options', { id: 'This is one of its last two options' });
  const right = left.filter((o) => o.correct).length;
  if (right === 0)
    throw conflict('A question needs at least one correct answer: mark another option correct first', {
      id: 'This is its only correct answer',
    });
  await tx.query(`DELETE FROM quiz_options WHERE workspace_id = $1 AND id = $2`, [who.workspaceId, optionId]);
  await tx.query(
    `UPDATE quiz_options SET position = position - 1 WHERE workspace_id = $1 AND question_id = $2 AND position > $3`,
    [who.workspaceId, ref.id, option.position],
  );
  await record(tx, who, 'quiz-question.option-deleted', ref.id, {
    quizId: ref.content_id,
    courseId: ref.course_id,
    key: option.key,
  });
  return servedQuestion(tx, who, ref.id, ref.course_id);
}

export async function orderQuestions(
  tx: Sql,
  who: Author,
  quizId: string,
  questionIds: string[],
): Promise<{ questionId: string; position: number }[]> {
  const quiz = await findContent(tx, who, quizId, 'QUIZ');
  await editing(tx, who, quiz.course_id);
  const current = await tx.query<{ id: string }>(
    `SELECT id FROM quiz_questions WHERE workspace_id = $1 AND content_id = $2 ORDER BY position`,
    [who.workspaceId, quizId],
  );
  checkPermutation(
    current.map((c) => c.id),
    questionIds,
    'questionIds',
    'question',
  );
  await tx.query(
    `UPDATE quiz_questions q SET position = o.n - 1 FROM unnest($3::uuid[]) WITH ORDINALITY AS o(id, n)
      WHERE q.workspace_id = $1 AND q.content_id = $2 AND q.id = o.id`,
    [who.workspaceId, quizId, questionIds],
  );
  await record(tx, who, 'quiz-question.reordered', quizId, { courseId: quiz.course_id, questionIds });
  return questionIds.map((questionId, position) => ({ questionId, position }));
}
