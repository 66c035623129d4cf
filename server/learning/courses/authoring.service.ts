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
import type { Database, Sql } from '../../platform/db/database';
import { ok, raise, refuse, refusing, type Outcome, type Refusal } from '../../platform/refusal';
import * as repo from './authoring.repository';
import type { BlockRef, ContentRow, LockedCourse, QuestionRef } from './authoring.repository';
import {
  checklist,
  loadCourseModel,
  loadLanguages,
  primaryOf,
  snapshotOf,
  toContentBlock,
  toQuestion,
  type CourseLanguageRow,
} from './course-model';
import { checkBlockFiles } from './block-files';
import { supportedLanguages } from './courses.repository';
import { instantText } from '../../../src/domain/shared/date-time';

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

/**
 * Runs one authoring call as `who` in one tenant transaction: its value, or the refusal it raised. The checks follow
 * the course's lock and its draft version (both writes), so a refusal is raised, and the throw rolls them back.
 */
export function authoringCall<T>(
  db: Database,
  who: Author,
  work: (tx: Sql, who: Author) => Promise<T>,
): Promise<Outcome<T>> {
  return refusing(async () => ok(await db.tenant(who.workspaceId, (tx) => work(tx, who))));
}

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

/** A workspace's copy of a catalogue course is read-only: the platform authors it (docs/policies.md). */
export const catalogueReadOnly = (): Refusal =>
  refuse(
    'conflict',
    'CATALOGUE_COURSE',
    'This course comes from the SafePlace catalogue: its content cannot be changed here',
    {
      courseId: 'A catalogue course is read-only',
    },
  );

// Raised refusals (see authoringCall): what is not the workspace's, input the course cannot take, a state that forbids it.
const absent = (what: string) => raise(refuse('not-found', 'NOT_FOUND', what));
const invalid = (message: string, fields: Record<string, string>) =>
  raise(refuse('invalid', 'VALIDATION', message, fields));
const clash = (message: string, fields: Record<string, string>) =>
  raise(refuse('conflict', 'CONFLICT', message, fields));

async function lockCourse(
  tx: Sql,
  who: Author,
  courseId: string,
  options: { catalogueCopy?: 'allow' } = {},
): Promise<LockedCourse> {
  const course = await repo.lockCourse(tx, who.workspaceId, courseId);
  if (!course) return absent('Course not found');
  if (course.from_catalogue && options.catalogueCopy !== 'allow') raise(catalogueReadOnly());
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
    if ((await repo.versionFrozen(tx, who.workspaceId, courseId, course.version)) === false) {
      const model = await loadCourseModel(tx, who.workspaceId, courseId);
      await repo.freezeVersion(tx, who.workspaceId, courseId, course.version, snapshotOf(model));
    }
    course.version += 1;
  }
  await repo.setCourseVersion(tx, who.workspaceId, courseId, course.version, who.userId);
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
    invalid(`The course has no ${requested}: add the language first`, { [field]: `The course has no ${requested}` });
  }
  return requested;
}

/** Words in a language the course does not have are refused, naming the field. */
function checkTextLanguages(langs: CourseLanguageRow[], texts: Record<string, unknown>, field: string): void {
  const known = new Set(langs.map((l) => l.language));
  const unknown = Object.keys(texts).filter((l) => !known.has(l as CourseLanguage));
  if (unknown.length > 0) {
    invalid(
      `The course has no ${unknown.join(', ')}: add the language first`,
      Object.fromEntries(unknown.map((l) => [`${field}.${l}`, `The course has no ${l}`])),
    );
  }
}

/** French only where the workspace offers it (a Canadian workspace, or the platform's catalogue). */
async function checkOffered(tx: Sql, who: Author, language: CourseLanguage, field = 'language'): Promise<void> {
  if (!(await offeredLanguages(tx, who.workspaceId)).includes(language)) {
    invalid(`This workspace does not offer ${LANGUAGE_LABELS[language]} courses`, {
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
  const courseId = await repo.insertCourse(tx, who.workspaceId, body, who.userId);
  await record(tx, who, 'course.created', courseId, { title: body.title, language: body.language });
  return { courseId };
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
    await repo.setValidity(tx, who.workspaceId, courseId, body.validityYears, who.userId);
    await record(tx, who, 'course.validity-changed', courseId, { validityYears: body.validityYears });
    if (body.title === undefined && body.description === undefined) return { courseId };
  }
  await editing(tx, who, courseId);
  const langs = await languagesOf(tx, who, courseId);
  const language = pickLanguage(langs, body.language);
  const words = { title: body.title ?? null, description: body.description ?? null };
  await repo.setLanguageWords(tx, who.workspaceId, courseId, language, words);
  if (language === primaryOf(langs)) await repo.setCourseWords(tx, who.workspaceId, courseId, words);
  await record(tx, who, 'course.updated', courseId, {
    language,
    title: body.title,
    description: body.description !== undefined,
  });
  return { courseId };
}

export async function deleteCourse(tx: Sql, who: Author, courseId: string): Promise<void> {
  const course = await lockCourse(tx, who, courseId);
  const n = await repo.assignmentCount(tx, who.workspaceId, courseId);
  if (n > 0) {
    clash(`${n} ${n === 1 ? 'person has' : 'people have'} this course: it cannot be deleted`, {
      id: `Assigned to ${n}`,
    });
  }
  await repo.removeCourse(tx, who.workspaceId, courseId);
  await record(tx, who, 'course.deleted', courseId, { title: course.title });
}

export async function publishCourse(tx: Sql, who: Author, courseId: string): Promise<PublishResult> {
  const course = await lockCourse(tx, who, courseId);
  const model = await loadCourseModel(tx, who.workspaceId, courseId);
  const list = checklist(model);
  if (list.problems.length > 0) {
    const fields: Record<string, string> = {};
    for (const p of list.problems) fields[p.where] = fields[p.where] ? `${fields[p.where]}; ${p.message}` : p.message;
    raise(
      refuse(
        'conflict',
        'COURSE_INCOMPLETE',
        `The course cannot be published yet: ${list.problems.map((p) => p.message).join('; ')}`,
        fields,
      ),
    );
  }
  if (course.published_version === course.version) {
    // Nothing changed since the last publish: the same version, nobody moves.
    const publishedAt = await repo.versionPublishedAt(tx, who.workspaceId, courseId, course.version);
    return {
      courseId,
      version: course.version,
      status: 'PUBLISHED',
      publishedAt: instantText(publishedAt),
      warnings: list.warnings,
    };
  }
  const publishedAt = await repo.publishVersion(
    tx,
    who.workspaceId,
    courseId,
    course.version,
    who.userId,
    snapshotOf(model),
  );
  await record(tx, who, 'course.published', courseId, { version: course.version, warnings: list.warnings.length });
  return {
    courseId,
    version: course.version,
    status: 'PUBLISHED',
    publishedAt: instantText(publishedAt),
    warnings: list.warnings,
  };
}

/**
 * A deep copy as a new draft (version 1), in the caller's one transaction and one statement (the repository's
 * copyCourse): file references included, since a block names its files by id and files are never changed in place.
 */
export async function cloneCourse(tx: Sql, who: Author, body: CloneCourseBody): Promise<{ courseId: string }> {
  const source = await repo.cloneSource(tx, who.workspaceId, body.courseId);
  if (!source) return absent('Course not found');
  // A copy would be a workspace course, assignable without credits.
  if (source.from_catalogue) raise(catalogueReadOnly());
  const title = body.title ?? `${source.title} (copy)`.slice(0, 200);
  const id = await repo.copyCourse(tx, who.workspaceId, body.courseId, title, who.userId);
  await record(tx, who, 'course.cloned', id, { from: body.courseId, title });
  return { courseId: id };
}

async function contentOrder(tx: Sql, who: Author, courseId: string): Promise<ContentOrder> {
  const rows = await repo.contentRows(tx, who.workspaceId, courseId);
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
  if (problems.length) invalid(`Give every ${what} once: ${problems.join('; ')}`, { [field]: problems.join('; ') });
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
  await repo.orderContents(tx, who.workspaceId, courseId, contentIds);
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
  await repo.setReminders(tx, who.workspaceId, courseId, enabled, who.userId);
  await record(tx, who, 'course.reminder-toggled', courseId, { enabled });
  return { courseId, reminderEnabled: enabled };
}

export async function addLanguage(tx: Sql, who: Author, body: AddLanguageBody): Promise<CourseLanguageEntry[]> {
  await editing(tx, who, body.courseId);
  await checkOffered(tx, who, body.language);
  const langs = await languagesOf(tx, who, body.courseId);
  if (langs.some((l) => l.language === body.language)) {
    clash(`The course already has ${body.language}`, { language: `Already one of the course's languages` });
  }
  // Without a title the course's title in this language is a missing translation (counted), served in the primary's words.
  await repo.insertSecondaryLanguage(tx, who.workspaceId, body.courseId, {
    language: body.language,
    title: body.title ?? '',
    description: body.description ?? '',
  });
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
  if (!chosen) {
    return invalid(`The course has no ${language}: add the language first`, {
      lang: `The course has no ${language}`,
    });
  }
  // The at-least-one-primary trigger checks at commit.
  await repo.makePrimary(tx, who.workspaceId, courseId, language);
  if (chosen.title.trim()) await repo.replaceCourseWords(tx, who.workspaceId, courseId, chosen);
  await record(tx, who, 'course.default-language-set', courseId, { language, previous: primaryOf(langs) });
  return supportedLanguages(tx, who.workspaceId, courseId);
}

// ---------------------------------------------------------------- contents (lessons and quizzes)

async function findContent(tx: Sql, who: Author, id: string, kind: ContentKind): Promise<ContentRow> {
  const row = await repo.findContent(tx, who.workspaceId, id, kind);
  if (!row) return absent(kind === 'LESSON' ? 'Lesson not found' : 'Quiz not found');
  return row;
}

async function titlesOf(tx: Sql, who: Author, contentId: string): Promise<Partial<Record<CourseLanguage, string>>> {
  const rows = await repo.contentTitles(tx, who.workspaceId, contentId);
  return Object.fromEntries(rows.map((r) => [r.language, r.title]));
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
  const row = await repo.insertContent(tx, who.workspaceId, courseId, kind);
  await repo.setContentTitle(tx, who.workspaceId, row.id, language, title);
  return row;
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
  await repo.setContentTitle(tx, who.workspaceId, row.id, language, body.title);
  await record(tx, who, 'lesson.updated', row.id, { courseId: row.course_id, language, title: body.title });
  return lessonOf(tx, who, row);
}

export async function deleteLesson(tx: Sql, who: Author, lessonId: string): Promise<void> {
  const row = await findContent(tx, who, lessonId, 'LESSON');
  await editing(tx, who, row.course_id);
  await repo.removeContent(tx, who.workspaceId, row);
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
  const total = await repo.blockCount(tx, who.workspaceId, lessonId);
  const pageSize = Math.min(query.pageSize, CONTENT_PAGE_SIZE);
  const blocks = await repo.blockPage(tx, who.workspaceId, lessonId, pageSize, query.page);
  return { items: blocks.map((b) => toContentBlock(b, language, primary)), total, language, primaryLanguage: primary };
}

async function findBlock(tx: Sql, who: Author, blockId: string): Promise<BlockRef> {
  const row = await repo.findBlock(tx, who.workspaceId, blockId);
  if (!row) return absent('Block not found');
  return row;
}

/** The block as stored: the contract's block without an id (the row's id is the block's). */
function stored(block: LessonBlock): string {
  const { blockId: _omit, ...rest } = block;
  return JSON.stringify(rest);
}

async function servedBlock(tx: Sql, who: Author, blockId: string, courseId: string): Promise<ContentBlock> {
  const row = await repo.blockById(tx, who.workspaceId, blockId);
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
  const count = await repo.blockCount(tx, who.workspaceId, lesson.id);
  const position = body.position === undefined ? count : Math.min(body.position, count);
  const blockId = await repo.insertBlock(tx, who.workspaceId, lesson.id, position, {
    type: body.block.type,
    stored: stored(body.block),
  });
  await record(tx, who, 'lesson-block.created', blockId, {
    lessonId: lesson.id,
    courseId: lesson.course_id,
    type: body.block.type,
    position,
  });
  return servedBlock(tx, who, blockId, lesson.course_id);
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
  await repo.replaceBlock(tx, who.workspaceId, ref.id, { type: body.block.type, stored: stored(body.block) });
  if (body.position !== undefined && body.position !== ref.position) {
    const last = (await repo.blockCount(tx, who.workspaceId, ref.content_id)) - 1;
    // Positions are unique at commit.
    await repo.moveBlock(tx, who.workspaceId, ref, Math.min(body.position, last));
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
  await repo.removeBlock(tx, who.workspaceId, ref);
  await record(tx, who, 'lesson-block.deleted', ref.id, { lessonId: ref.content_id, courseId: ref.course_id });
}

// ---------------------------------------------------------------- quizzes

async function quizOf(tx: Sql, who: Author, content: ContentRow): Promise<Quiz> {
  const q = await repo.quizSettings(tx, who.workspaceId, content.id);
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
  await repo.insertQuiz(tx, who.workspaceId, row.id, body);
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
    await repo.setContentTitle(tx, who.workspaceId, row.id, language, body.title);
  }
  await repo.updateQuizSettings(tx, who.workspaceId, row.id, body);
  const { quizId: _id, ...changes } = body;
  await record(tx, who, 'quiz.updated', row.id, { courseId: row.course_id, ...changes });
  return quizOf(tx, who, row);
}

export async function deleteQuiz(tx: Sql, who: Author, quizId: string): Promise<void> {
  const row = await findContent(tx, who, quizId, 'QUIZ');
  await editing(tx, who, row.course_id);
  await repo.removeContent(tx, who.workspaceId, row);
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
  const total = await repo.questionCount(tx, who.workspaceId, quizId);
  const pageSize = Math.min(query.pageSize, CONTENT_PAGE_SIZE);
  const questions = await repo.questionPage(tx, who.workspaceId, quizId, pageSize, query.page);
  return { items: questions.map((q) => toQuestion(q, language, primary)), total, language, primaryLanguage: primary };
}

async function findQuestion(tx: Sql, who: Author, questionId: string): Promise<QuestionRef> {
  const row = await repo.findQuestion(tx, who.workspaceId, questionId);
  if (!row) return absent('Question not found');
  return row;
}

async function servedQuestion(tx: Sql, who: Author, questionId: string, courseId: string): Promise<QuizQuestion> {
  const q = await repo.questionById(tx, who.workspaceId, questionId);
  const primary = primaryOf(await languagesOf(tx, who, courseId));
  return toQuestion(q, primary, primary);
}

async function checkQuestionLanguages(tx: Sql, who: Author, courseId: string, body: QuestionBody): Promise<void> {
  const langs = await languagesOf(tx, who, courseId);
  checkTextLanguages(langs, body.texts, 'texts');
  body.options.forEach((o, i) => checkTextLanguages(langs, o.texts, `options.${i}.texts`));
}

export async function addQuestion(tx: Sql, who: Author, quizId: string, body: QuestionBody): Promise<QuizQuestion> {
  const quiz = await findContent(tx, who, quizId, 'QUIZ');
  await editing(tx, who, quiz.course_id);
  await checkQuestionLanguages(tx, who, quiz.course_id, body);
  const questionId = await repo.insertQuestion(tx, who.workspaceId, quiz.id, body);
  await repo.writeOptions(tx, who.workspaceId, questionId, body.options);
  await record(tx, who, 'quiz-question.added', questionId, {
    quizId: quiz.id,
    courseId: quiz.course_id,
    kind: body.kind,
    options: body.options.length,
  });
  return servedQuestion(tx, who, questionId, quiz.course_id);
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
  await repo.updateQuestion(tx, who.workspaceId, ref.id, body);
  await repo.writeOptions(tx, who.workspaceId, ref.id, body.options);
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
  await repo.removeQuestion(tx, who.workspaceId, ref);
  await record(tx, who, 'quiz-question.deleted', ref.id, { quizId: ref.content_id, courseId: ref.course_id });
}

export async function deleteOption(tx: Sql, who: Author, optionId: string): Promise<QuizQuestion> {
  const option = await repo.findOption(tx, who.workspaceId, optionId);
  if (!option) return absent('Option not found');
  const ref = await findQuestion(tx, who, option.question_id);
  await editing(tx, who, ref.course_id);
  const question = await repo.questionById(tx, who.workspaceId, ref.id);
  const left = question.options.filter((o) => o.id !== optionId);
  if (left.length < 2) clash('A question needs at least two options', { id: 'This is one of its last two options' });
  const right = left.filter((o) => o.correct).length;
  if (right === 0)
    clash('A question needs at least one correct answer: mark another option correct first', {
      id: 'This is its only correct answer',
    });
  await repo.removeOption(tx, who.workspaceId, ref.id, { id: optionId, position: option.position });
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
  checkPermutation(await repo.questionIds(tx, who.workspaceId, quizId), questionIds, 'questionIds', 'question');
  await repo.orderQuestions(tx, who.workspaceId, quizId, questionIds);
  await record(tx, who, 'quiz-question.reordered', quizId, { courseId: quiz.course_id, questionIds });
  return questionIds.map((questionId, position) => ({ questionId, position }));
}
