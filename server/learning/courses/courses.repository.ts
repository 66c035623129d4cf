import { CourseDetails } from '../../../src/contracts/learning/courses.contract';
import type {
  CourseBrief,
  CourseLanguageEntry,
  CourseMember,
  CourseMembers,
  LearnerStatus,
  CourseSummary,
  CourseUsers,
  WorkspaceCourseStats,
} from '../../../src/contracts/learning/courses.contract';
import type { CourseLanguage, CourseStatus } from '../../../src/domain/courses/course';
import { resolveLanguage } from '../../../src/domain/courses/course';
import type { Sql } from '../../platform/db/database';
import {
  checklist,
  loadCourseModel,
  loadLanguages,
  missingCounts,
  primaryOf,
  toContent,
  type CourseLanguageRow,
} from './course-model';
import type { CourseDetailsCache } from './details-cache';
import { PEOPLE_JOINS, peopleWhere, type PeopleFilter, type UnitScope } from './user-directory';
import { instantText } from '../../../src/domain/shared/date-time';

/** Plain reads of the learning tables. Every query carries `workspace_id = $1`; RLS is the second wall. */

interface CourseRow {
  id: string;
  title: string;
  description: string;
  status: CourseStatus;
  reminder_enabled: boolean;
  validity_years?: number | null;
  version: number;
  published_version: number | null;
  cover_file_id: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  published_at: Date | string | null;
  member_count: number;
  completed_count: number;
  lesson_count: number;
  quiz_count: number;
  from_catalogue: boolean;
}

/** Assignments counted as the caller may see them: a business-unit admin counts their own unit only. */
function assignmentCountSql(scopeParam: string, completed = false): string {
  return `(SELECT count(*)::int FROM course_assignments a JOIN users u ON u.workspace_id = a.workspace_id AND u.id = a.user_id
            WHERE a.workspace_id = c.workspace_id AND a.course_id = c.id AND a.unassigned_at IS NULL AND (${scopeParam}::uuid IS NULL OR u.branch_id = ${scopeParam}::uuid)
            ${completed ? `AND a.status = 'COMPLETED'` : ''})`;
}

const COURSE_COLUMNS = (
  scopeParam: string,
) => `c.id, c.title, c.description, c.status, c.reminder_enabled, c.validity_years, c.version, c.published_version,
  c.cover_file_id, c.created_at, c.updated_at, c.published_at, c.from_catalogue,
  ${assignmentCountSql(scopeParam)} AS member_count, ${assignmentCountSql(scopeParam, true)} AS completed_count,
  (SELECT count(*)::int FROM course_contents k WHERE k.workspace_id = c.workspace_id AND k.course_id = c.id AND k.kind = 'LESSON') AS lesson_count,
  (SELECT count(*)::int FROM course_contents k WHERE k.workspace_id = c.workspace_id AND k.course_id = c.id AND k.kind = 'QUIZ') AS quiz_count`;

export async function listCourses(
  tx: Sql,
  workspaceId: string,
  scope: UnitScope,
  query: { page: number; pageSize: number; search?: string; status?: CourseStatus },
): Promise<{ items: CourseSummary[]; total: number }> {
  const params: unknown[] = [workspaceId, scope];
  let where = 'c.workspace_id = $1';
  if (query.search) {
    params.push(`%${query.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
    where += ` AND EXISTS (SELECT 1 FROM course_languages l WHERE l.workspace_id = c.workspace_id AND l.course_id = c.id AND l.title ILIKE $${params.length})`;
  }
  if (query.status) {
    params.push(query.status);
    where += ` AND c.status = $${params.length}`;
  }
  // $2 (the scope) only counts members; the count names it too so both queries take the same parameters.
  const [{ total }] = await tx.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM courses c WHERE ${where} AND ($2::uuid IS NULL OR $2::uuid IS NOT NULL)`,
    params,
  );
  const rows = await tx.query<CourseRow>(
    `SELECT ${COURSE_COLUMNS('$2')} FROM courses c WHERE ${where}
      ORDER BY c.created_at DESC, c.id LIMIT ${query.pageSize} OFFSET ${query.page * query.pageSize}`,
    params,
  );
  const languages = await loadLanguages(
    tx,
    workspaceId,
    rows.map((r) => r.id),
  );
  return { total, items: rows.map((r) => summary(r, languages.get(r.id) ?? [])) };
}

function summary(r: CourseRow, langs: CourseLanguageRow[]): CourseSummary {
  const primary = langs.find((l) => l.priority === 'PRIMARY');
  return {
    courseId: r.id,
    title: primary?.title || r.title,
    description: primary?.description ?? r.description,
    status: r.status,
    languages: langs.map(({ language, priority }) => ({ language, priority })),
    memberCount: r.member_count,
    assignedCount: r.member_count,
    completedCount: r.completed_count,
    lessonCount: r.lesson_count,
    quizCount: r.quiz_count,
    version: r.version,
    publishedVersion: r.published_version,
    hasDraftChanges: r.published_version !== null && r.version > r.published_version,
    coverFileId: r.cover_file_id,
    reminderEnabled: r.reminder_enabled,
    createdAt: instantText(r.created_at),
    updatedAt: instantText(r.updated_at),
    publishedAt: r.published_at ? instantText(r.published_at) : null,
    fromCatalogue: r.from_catalogue,
  };
}

export async function findCourse(
  tx: Sql,
  workspaceId: string,
  courseId: string,
): Promise<{ id: string; status: CourseStatus } | null> {
  const [row] = await tx.query<{ id: string; status: CourseStatus }>(
    `SELECT id, status FROM courses WHERE workspace_id = $1 AND id = $2`,
    [workspaceId, courseId],
  );
  return row ?? null;
}

export async function supportedLanguages(
  tx: Sql,
  workspaceId: string,
  courseId: string,
): Promise<CourseLanguageEntry[]> {
  const langs = (await loadLanguages(tx, workspaceId, [courseId])).get(courseId) ?? [];
  return langs.map(({ language, priority }) => ({ language, priority }));
}

/** The parts of the details built from the course's content (cached by revision); the rest is read fresh. */
const RenderedParts = CourseDetails.pick({ contents: true, missingTranslations: true, checklist: true });
const FreshParts = CourseDetails.omit({ contents: true, missingTranslations: true, checklist: true });

/**
 * A course in one language for its author, as JSON text: every block and question, each with how it reads in that
 * language (falling back to the primary's words) and the words of that language and the primary one (of every
 * language with `texts` ALL, as the builder asks), the translation gaps per language, the publish checklist and the
 * versions with their learners.
 *
 * The content-built parts come from `cache` when the course's content revision (migration 0033) is the one cached,
 * else they are built, checked against the contract's schema and kept; the course row, members and versions are
 * read every time. The text is the contract's CourseDetails (the server test compares it with the schema).
 */
export async function courseDetails(
  tx: Sql,
  workspaceId: string,
  courseId: string,
  requested: CourseLanguage | undefined,
  scope: UnitScope,
  cache: CourseDetailsCache,
  texts: 'SERVED' | 'ALL' = 'SERVED',
): Promise<string | null> {
  const [course] = await tx.query<CourseRow & { content_revision: string | number }>(
    `SELECT ${COURSE_COLUMNS('$3')}, c.content_revision FROM courses c WHERE c.workspace_id = $1 AND c.id = $2`,
    [workspaceId, courseId, scope],
  );
  if (!course) return null;
  const revision = String(course.content_revision);
  const cached = cache.get(workspaceId, courseId, revision);
  const langs = cached?.languages ?? (await loadLanguages(tx, workspaceId, [courseId])).get(courseId) ?? [];
  const primary = primaryOf(langs);
  const language = resolveLanguage(langs, requested) ?? primary;
  const variant = `${language}:${texts}`;
  let fragment = cached?.fragments.get(variant);
  if (fragment === undefined) {
    const model = await loadCourseModel(tx, workspaceId, courseId);
    const kept = texts === 'ALL' ? null : [...new Set([language, model.primary])];
    const parts = RenderedParts.parse({
      contents: model.contents.map((c) => toContent(c, language, model.primary, kept)),
      missingTranslations: missingCounts(model),
      checklist: checklist(model),
    });
    fragment = JSON.stringify(parts).slice(1, -1);
    cache.put(workspaceId, courseId, revision, model.languages, variant, fragment);
  }
  const served = langs.find((l) => l.language === language);
  const primaryRow = langs.find((l) => l.language === primary);
  const versions = await tx.query<{
    version: number;
    published_at: Date | string;
    learners: number;
    completed: number;
  }>(
    `SELECT v.version, v.published_at,
            count(a.id)::int AS learners, count(a.id) FILTER (WHERE a.status = 'COMPLETED')::int AS completed
       FROM course_versions v
       LEFT JOIN course_assignments a ON a.workspace_id = v.workspace_id AND a.course_id = v.course_id AND a.course_version = v.version
        AND a.unassigned_at IS NULL AND ($3::uuid IS NULL OR EXISTS (SELECT 1 FROM users u WHERE u.workspace_id = a.workspace_id AND u.id = a.user_id AND u.branch_id = $3::uuid))
      WHERE v.workspace_id = $1 AND v.course_id = $2
      GROUP BY v.version, v.published_at ORDER BY v.version DESC`,
    [workspaceId, courseId, scope],
  );
  const base = summary(course, langs);
  const fresh = FreshParts.parse({
    courseId: course.id,
    fromCatalogue: course.from_catalogue,
    status: course.status,
    reminderEnabled: course.reminder_enabled,
    validityYears: course.validity_years ?? null,
    language,
    primaryLanguage: primary,
    languages: base.languages,
    title: (served?.title || primaryRow?.title) ?? course.title,
    description: (served?.description || primaryRow?.description) ?? course.description,
    texts: Object.fromEntries(langs.map((l) => [l.language, { title: l.title, description: l.description }])),
    memberCount: course.member_count,
    version: course.version,
    publishedVersion: course.published_version,
    hasDraftChanges: base.hasDraftChanges,
    versions: versions.map((v) => ({
      version: v.version,
      publishedAt: instantText(v.published_at),
      learners: v.learners,
      completed: v.completed,
    })),
    coverFileId: course.cover_file_id,
    createdAt: base.createdAt,
    updatedAt: base.updatedAt,
    publishedAt: base.publishedAt,
  });
  return `${JSON.stringify(fresh).slice(0, -1)},${fragment}}`;
}

/** The workspace's course figures; a business-unit admin counts their unit's assignments only. */
export async function workspaceStats(tx: Sql, workspaceId: string, scope: UnitScope): Promise<WorkspaceCourseStats> {
  const [c] = await tx.query<{ courses: number; published: number }>(
    `SELECT count(*)::int AS courses, count(*) FILTER (WHERE status = 'PUBLISHED')::int AS published FROM courses WHERE workspace_id = $1`,
    [workspaceId],
  );
  const [a] = await tx.query<{ assignments: number; not_started: number; in_progress: number; completed: number }>(
    `SELECT count(*)::int AS assignments,
            count(*) FILTER (WHERE a.status = 'ASSIGNED')::int AS not_started,
            count(*) FILTER (WHERE a.status = 'IN_PROGRESS')::int AS in_progress,
            count(*) FILTER (WHERE a.status = 'COMPLETED')::int AS completed
       FROM course_assignments a JOIN users u ON u.workspace_id = a.workspace_id AND u.id = a.user_id
      WHERE a.workspace_id = $1 AND a.unassigned_at IS NULL AND ($2::uuid IS NULL OR u.branch_id = $2::uuid)`,
    [workspaceId, scope],
  );
  return {
    courses: c.courses,
    published: c.published,
    drafts: c.courses - c.published,
    assignments: a.assignments,
    notStarted: a.not_started,
    inProgress: a.in_progress,
    completed: a.completed,
    completionRate: a.assignments === 0 ? 0 : Math.round((a.completed / a.assignments) * 1000) / 10,
  };
}

/** Every course as id, title (its primary language's) and status, by title. */
export async function courseBriefs(tx: Sql, workspaceId: string): Promise<CourseBrief[]> {
  const rows = await tx.query<{ id: string; title: string; status: CourseStatus; version: number }>(
    `SELECT c.id, COALESCE(NULLIF(l.title, ''), c.title) AS title, c.status, c.version FROM courses c
       LEFT JOIN course_languages l ON l.workspace_id = c.workspace_id AND l.course_id = c.id AND l.priority = 'PRIMARY'
      WHERE c.workspace_id = $1 ORDER BY lower(COALESCE(NULLIF(l.title, ''), c.title)), c.id`,
    [workspaceId],
  );
  return rows.map((r) => ({ courseId: r.id, title: r.title, status: r.status, version: r.version }));
}

/** The people a filter matches, with how many already have the course, and one page of them. */
export async function candidates(
  tx: Sql,
  workspaceId: string,
  courseId: string,
  filter: PeopleFilter,
  scope: UnitScope,
  page: { page: number; pageSize: number },
): Promise<CourseUsers> {
  const params: unknown[] = [workspaceId, courseId];
  const where = peopleWhere(filter, scope, params);
  const assigned = `EXISTS (SELECT 1 FROM course_assignments a WHERE a.workspace_id = $1 AND a.course_id = $2 AND a.user_id = u.id AND a.unassigned_at IS NULL)`;
  const [counts] = await tx.query<{ total: number; already: number }>(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE ${assigned})::int AS already FROM users u WHERE ${where}`,
    params,
  );
  const rows = await tx.query<{
    id: string;
    first_name: string;
    last_name: string;
    email: string;
    branch_name: string | null;
    department_name: string | null;
    joined: string | null;
    assigned: boolean;
  }>(
    `SELECT u.id, u.first_name, u.last_name, u.email, b.name AS branch_name, d.name AS department_name,
            to_char(u.date_of_joining, 'YYYY-MM-DD') AS joined, ${assigned} AS assigned
       FROM users u ${PEOPLE_JOINS}
      WHERE ${where}
      ORDER BY lower(u.first_name), lower(u.last_name), u.id
      LIMIT ${page.pageSize} OFFSET ${page.page * page.pageSize}`,
    params,
  );
  return {
    total: counts.total,
    alreadyAssigned: counts.already,
    page: page.page,
    pageSize: page.pageSize,
    items: rows.map((r) => ({ ...person(r), dateOfJoining: r.joined, assigned: r.assigned })),
  };
}

export interface MembersFilter {
  status?: LearnerStatus;
  branchId?: string;
  departmentId?: string;
  search?: string;
}

/**
 * The learner's status as the domain's `learnerStatus` rules it, in SQL so the list filters and pages on it:
 * overdue from the day after the due date (UTC days), completed wins. `$today` is the clock's day.
 * EXPIRED: the cycle's completion ran out (its expires_on, from the course's validity) and no recertification restarted it.
 */
const STATUS_SQL = (today: string) => `CASE
  WHEN a.status = 'COMPLETED' AND EXISTS (SELECT 1 FROM course_completions x WHERE x.workspace_id = a.workspace_id AND x.assignment_id = a.id
         AND x.cycle = a.cycle AND x.expires_on IS NOT NULL AND x.expires_on < ${today}::date) THEN 'EXPIRED'
  WHEN a.status = 'COMPLETED' THEN 'COMPLETED'
  WHEN a.due_at IS NOT NULL AND (a.due_at AT TIME ZONE 'UTC')::date < ${today}::date THEN 'OVERDUE'
  WHEN a.status = 'IN_PROGRESS' THEN 'IN_PROGRESS'
  ELSE 'NOT_STARTED' END`;

function membersWhere(filter: MembersFilter, scope: UnitScope, params: unknown[]): string {
  // $1 workspace, $2 course, $3 today
  // $3 (today) is named even when no status filter uses it, so every query takes the same parameters.
  const clauses = ['a.workspace_id = $1', 'a.course_id = $2', 'a.unassigned_at IS NULL', '$3::date IS NOT NULL'];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    clauses.push(sql(`$${params.length}`));
  };
  if (scope) add((n) => `u.branch_id = ${n}::uuid`, scope);
  if (filter.branchId) add((n) => `u.branch_id = ${n}::uuid`, filter.branchId);
  if (filter.departmentId) add((n) => `u.department_id = ${n}::uuid`, filter.departmentId);
  if (filter.status) add((n) => `${STATUS_SQL('$3')} = ${n}`, filter.status);
  if (filter.search) {
    const pattern = `%${filter.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    add((n) => `(lower(u.first_name || ' ' || u.last_name) LIKE ${n} OR lower(u.email) LIKE ${n})`, pattern);
  }
  return clauses.join(' AND ');
}

interface MemberRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  branch_name: string | null;
  department_name: string | null;
  learner_status: LearnerStatus;
  assigned_at: Date | string;
  due_on: string | null;
  completed_on: string | null;
  last_reminded_on: string | null;
  cycle: number;
  contents: number;
  done: number;
  score: string | number | null;
  attempts: number;
}

const MEMBER_SELECT = `SELECT u.id, u.first_name, u.last_name, u.email, b.name AS branch_name, d.name AS department_name,
            ${STATUS_SQL('$3')} AS learner_status, a.assigned_at, a.cycle,
            to_char(a.due_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS due_on,
            to_char(a.completed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS completed_on,
            (SELECT to_char(max(r.on_day), 'YYYY-MM-DD') FROM course_reminders r
              WHERE r.workspace_id = a.workspace_id AND r.course_id = a.course_id AND r.user_id = a.user_id AND r.cycle = a.cycle) AS last_reminded_on,
            -- The player's record of this cycle (migration 0023): lessons done and quizzes passed of the assigned version.
            COALESCE((SELECT jsonb_array_length(v.snapshot->'contents') FROM course_versions v
                       WHERE v.workspace_id = a.workspace_id AND v.course_id = a.course_id AND v.version = a.course_version),
                     (SELECT count(*) FROM course_contents cc WHERE cc.workspace_id = a.workspace_id AND cc.course_id = a.course_id))::int AS contents,
            ((SELECT count(*) FROM learner_lessons l WHERE l.workspace_id = a.workspace_id AND l.assignment_id = a.id AND l.cycle = a.cycle)
             + (SELECT count(DISTINCT q.quiz_id) FROM quiz_attempts q
                 WHERE q.workspace_id = a.workspace_id AND q.assignment_id = a.id AND q.cycle = a.cycle AND q.passed))::int AS done,
            COALESCE((SELECT c.score FROM course_completions c WHERE c.workspace_id = a.workspace_id AND c.assignment_id = a.id AND c.cycle = a.cycle LIMIT 1),
                     (SELECT max(q.score) FROM quiz_attempts q WHERE q.workspace_id = a.workspace_id AND q.assignment_id = a.id AND q.cycle = a.cycle)) AS score,
            (SELECT count(*) FROM quiz_attempts q WHERE q.workspace_id = a.workspace_id AND q.assignment_id = a.id AND q.cycle = a.cycle)::int AS attempts
       FROM course_assignments a
       JOIN users u ON u.workspace_id = a.workspace_id AND u.id = a.user_id ${PEOPLE_JOINS}`;

function member(r: MemberRow): CourseMember {
  const completed = r.learner_status === 'COMPLETED';
  return {
    ...person(r),
    status: r.learner_status,
    // Lessons done and quizzes passed of the assigned version; the score is the completion's, or the best attempt's.
    progress: completed ? 100 : r.contents > 0 ? Math.min(100, Math.floor((100 * r.done) / r.contents)) : 0,
    score: r.score === null ? null : Number(r.score),
    attempts: r.attempts,
    assignedOn: instantText(r.assigned_at),
    dueOn: r.due_on,
    completedOn: r.completed_on,
    lastRemindedOn: r.last_reminded_on,
    cycle: r.cycle,
  };
}

export async function members(
  tx: Sql,
  workspaceId: string,
  courseId: string,
  scope: UnitScope,
  filter: MembersFilter,
  today: string,
  page: { page: number; pageSize: number },
): Promise<CourseMembers> {
  const params: unknown[] = [workspaceId, courseId, today];
  const where = membersWhere(filter, scope, params);
  const [{ total }] = await tx.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM course_assignments a JOIN users u ON u.workspace_id = a.workspace_id AND u.id = a.user_id
      WHERE ${where}`,
    params,
  );
  const rows = await tx.query<MemberRow>(
    `${MEMBER_SELECT}
      WHERE ${where}
      ORDER BY a.assigned_at DESC, lower(u.first_name), lower(u.last_name), u.id
      LIMIT ${page.pageSize} OFFSET ${page.page * page.pageSize}`,
    params,
  );
  return { total, page: page.page, pageSize: page.pageSize, items: rows.map(member) };
}

/** Every matching member, in pages of `batch` (the CSV export streams them; memory stays flat). */
export async function* allMembers(
  tx: Sql,
  workspaceId: string,
  courseId: string,
  scope: UnitScope,
  filter: MembersFilter,
  today: string,
  batch = 1000,
): AsyncGenerator<CourseMember[]> {
  const params: unknown[] = [workspaceId, courseId, today];
  const where = membersWhere(filter, scope, params);
  let after: string | null = null;
  for (;;) {
    const rows: MemberRow[] = await tx.query<MemberRow>(
      `${MEMBER_SELECT}
        WHERE ${where} AND ($${params.length + 1}::uuid IS NULL OR u.id > $${params.length + 1}::uuid)
        ORDER BY u.id LIMIT ${batch}`,
      [...params, after],
    );
    if (rows.length === 0) return;
    yield rows.map(member);
    after = rows[rows.length - 1].id;
  }
}

/** A person as the candidate and member lists show them (rows joined with PEOPLE_JOINS). */
function person(r: {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  branch_name: string | null;
  department_name: string | null;
}) {
  return {
    userId: r.id,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    branchName: r.branch_name,
    departmentName: r.department_name,
  };
}

/**
 * The files handed in for a course's ask-for-a-file blocks by these learners, in their current cycle: only a file the
 * learner owns (the player's save took no other). Ids are compared as text: an answer's JSON is never cast.
 */
export async function handedInFiles(
  tx: Sql,
  workspaceId: string,
  courseId: string,
  userIds: readonly string[],
): Promise<{ user_id: string; block_id: string; file_id: string }[]> {
  if (userIds.length === 0) return [];
  return tx.query(
    `SELECT a.user_id, s.block_id, f.id AS file_id
       FROM course_assignments a
       JOIN learner_block_states s ON s.workspace_id = a.workspace_id AND s.assignment_id = a.id AND s.cycle = a.cycle
       JOIN files f ON f.workspace_id = a.workspace_id AND f.id::text = s.answer->>'fileId' AND f.owner_id = a.user_id AND f.status = 'CONFIRMED'
      WHERE a.workspace_id = $1 AND a.course_id = $2 AND a.user_id = ANY($3::uuid[]) AND s.answer->>'type' = 'ASK_TO_UPLOAD_RESOURCE'
      ORDER BY s.answered_at, s.block_id`,
    [workspaceId, courseId, [...userIds]],
  );
}
