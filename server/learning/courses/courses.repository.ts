import type { CourseDetails, CourseLanguageEntry, CourseMembers, CourseSummary, CourseUsers, QuizQuestion } from '../../../src/contracts/learning/courses.contract';
import type { AssignmentStatus, ContentBlockType, ContentKind, CourseLanguage, CourseStatus } from '../../../src/domain/courses/course';
import { resolveLanguage } from '../../../src/domain/courses/course';
import type { Sql } from '../../platform/db/database';
import { PEOPLE_JOINS, peopleWhere, type PeopleFilter, type UnitScope } from './user-directory';

/** Plain reads of the learning tables. Every query carries `workspace_id = $1`; RLS is the second wall. */

interface CourseRow {
  id: string;
  title: string;
  description: string;
  status: CourseStatus;
  reminder_enabled: boolean;
  created_at: Date | string;
  published_at: Date | string | null;
  member_count: number;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** Members counted as the caller may see them: a business-unit admin counts their own unit only. */
function memberCountSql(scopeParam: string): string {
  return `(SELECT count(*)::int FROM course_assignments a JOIN users u ON u.workspace_id = a.workspace_id AND u.id = a.user_id
            WHERE a.workspace_id = c.workspace_id AND a.course_id = c.id AND (${scopeParam}::uuid IS NULL OR u.branch_id = ${scopeParam}::uuid))`;
}

export async function listCourses(
  tx: Sql,
  workspaceId: string,
  scope: UnitScope,
  page: { page: number; pageSize: number },
): Promise<{ items: CourseSummary[]; total: number }> {
  const [{ total }] = await tx.query<{ total: number }>(`SELECT count(*)::int AS total FROM courses WHERE workspace_id = $1`, [workspaceId]);
  const rows = await tx.query<CourseRow>(
    `SELECT c.id, c.title, c.description, c.status, c.reminder_enabled, c.created_at, c.published_at, ${memberCountSql('$2')} AS member_count
       FROM courses c WHERE c.workspace_id = $1
      ORDER BY c.created_at DESC, c.id LIMIT $3 OFFSET $4`,
    [workspaceId, scope, page.pageSize, page.page * page.pageSize],
  );
  const languages = await languagesOf(tx, workspaceId, rows.map((r) => r.id));
  return {
    total,
    items: rows.map((r) => {
      const langs = languages.get(r.id) ?? [];
      const primary = langs.find((l) => l.priority === 'PRIMARY');
      return {
        courseId: r.id,
        title: primary?.title ?? r.title,
        description: primary?.description ?? r.description,
        status: r.status,
        languages: langs.map(({ language, priority }) => ({ language, priority })),
        memberCount: r.member_count,
        createdAt: iso(r.created_at),
        publishedAt: r.published_at ? iso(r.published_at) : null,
      };
    }),
  };
}

type LanguageRow = CourseLanguageEntry & { title: string; description: string };

/** Languages per course, the primary first. */
async function languagesOf(tx: Sql, workspaceId: string, courseIds: string[]): Promise<Map<string, LanguageRow[]>> {
  const map = new Map<string, LanguageRow[]>();
  if (courseIds.length === 0) return map;
  const rows = await tx.query<{ course_id: string; language: CourseLanguage; priority: 'PRIMARY' | 'SECONDARY'; title: string; description: string }>(
    `SELECT course_id, language, priority, title, description FROM course_languages
      WHERE workspace_id = $1 AND course_id = ANY($2::uuid[])
      ORDER BY (priority = 'PRIMARY') DESC, created_at, language`,
    [workspaceId, courseIds],
  );
  for (const r of rows) {
    const list = map.get(r.course_id) ?? [];
    list.push({ language: r.language, priority: r.priority, title: r.title, description: r.description });
    map.set(r.course_id, list);
  }
  return map;
}

export async function findCourse(tx: Sql, workspaceId: string, courseId: string): Promise<{ id: string; status: CourseStatus } | null> {
  const [row] = await tx.query<{ id: string; status: CourseStatus }>(`SELECT id, status FROM courses WHERE workspace_id = $1 AND id = $2`, [
    workspaceId,
    courseId,
  ]);
  return row ?? null;
}

export async function supportedLanguages(tx: Sql, workspaceId: string, courseId: string): Promise<CourseLanguageEntry[]> {
  const langs = (await languagesOf(tx, workspaceId, [courseId])).get(courseId) ?? [];
  return langs.map(({ language, priority }) => ({ language, priority }));
}

/** A course in one language; each piece falls back to the primary language where it lacks a translation. */
export async function courseDetails(
  tx: Sql,
  workspaceId: string,
  courseId: string,
  requested: CourseLanguage | undefined,
  scope: UnitScope,
): Promise<CourseDetails | null> {
  const [course] = await tx.query<CourseRow>(
    `SELECT c.id, c.title, c.description, c.status, c.reminder_enabled, c.created_at, c.published_at, ${memberCountSql('$3')} AS member_count
       FROM courses c WHERE c.workspace_id = $1 AND c.id = $2`,
    [workspaceId, courseId, scope],
  );
  if (!course) return null;
  const langs = (await languagesOf(tx, workspaceId, [courseId])).get(courseId) ?? [];
  const primary = langs.find((l) => l.priority === 'PRIMARY')?.language ?? langs[0]?.language ?? 'ENGLISH';
  const language = resolveLanguage(langs, requested) ?? primary;
  const served = langs.find((l) => l.language === language);

  const contents = await tx.query<{ id: string; kind: ContentKind; position: number; title: string | null }>(
    `SELECT cc.id, cc.kind, cc.position, COALESCE(t.title, p.title) AS title
       FROM course_contents cc
       LEFT JOIN course_content_titles t ON t.workspace_id = cc.workspace_id AND t.content_id = cc.id AND t.language = $3
       LEFT JOIN course_content_titles p ON p.workspace_id = cc.workspace_id AND p.content_id = cc.id AND p.language = $4
      WHERE cc.workspace_id = $1 AND cc.course_id = $2
      ORDER BY cc.position`,
    [workspaceId, courseId, language, primary],
  );
  const ids = contents.map((c) => c.id);

  // Per content: its blocks/questions in the served language when it has any, else in the primary one.
  const blocks = await tx.query<{ id: string; content_id: string; type: ContentBlockType; payload: Record<string, unknown> | string }>(
    `SELECT lb.id, lb.content_id, lb.type, lb.payload FROM lesson_blocks lb
      WHERE lb.workspace_id = $1 AND lb.content_id = ANY($2::uuid[])
        AND lb.language = CASE WHEN EXISTS (SELECT 1 FROM lesson_blocks x WHERE x.workspace_id = $1 AND x.content_id = lb.content_id AND x.language = $3)
                               THEN $3 ELSE $4 END
      ORDER BY lb.content_id, lb.position`,
    [workspaceId, ids, language, primary],
  );
  const questions = await tx.query<{ id: string; content_id: string; text: string; multiple: boolean }>(
    `SELECT q.id, q.content_id, q.text, q.multiple FROM quiz_questions q
      WHERE q.workspace_id = $1 AND q.content_id = ANY($2::uuid[])
        AND q.language = CASE WHEN EXISTS (SELECT 1 FROM quiz_questions x WHERE x.workspace_id = $1 AND x.content_id = q.content_id AND x.language = $3)
                              THEN $3 ELSE $4 END
      ORDER BY q.content_id, q.position`,
    [workspaceId, ids, language, primary],
  );
  const options = await tx.query<{ id: string; question_id: string; text: string; correct: boolean }>(
    `SELECT id, question_id, text, correct FROM quiz_options WHERE workspace_id = $1 AND question_id = ANY($2::uuid[]) ORDER BY question_id, position`,
    [workspaceId, questions.map((q) => q.id)],
  );

  const optionsOf = group(options, (o) => o.question_id);
  const questionsOf = group(questions, (q) => q.content_id);
  const blocksOf = group(blocks, (b) => b.content_id);
  return {
    courseId: course.id,
    status: course.status,
    reminderEnabled: course.reminder_enabled,
    language,
    languages: langs.map(({ language: l, priority }) => ({ language: l, priority })),
    title: served?.title ?? course.title,
    description: served?.description ?? course.description,
    memberCount: course.member_count,
    createdAt: iso(course.created_at),
    publishedAt: course.published_at ? iso(course.published_at) : null,
    contents: contents.map((c) => ({
      contentId: c.id,
      kind: c.kind,
      position: c.position,
      title: c.title ?? '',
      blocks: (blocksOf.get(c.id) ?? []).map((b) => ({
        blockId: b.id,
        type: b.type,
        payload: typeof b.payload === 'string' ? (JSON.parse(b.payload) as Record<string, unknown>) : b.payload,
      })),
      questions: (questionsOf.get(c.id) ?? []).map(
        (q): QuizQuestion => ({
          questionId: q.id,
          text: q.text,
          multiple: q.multiple,
          options: (optionsOf.get(q.id) ?? []).map((o) => ({ optionId: o.id, text: o.text, correct: o.correct })),
        }),
      ),
    })),
  };
}

function group<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const list = map.get(key(row)) ?? [];
    list.push(row);
    map.set(key(row), list);
  }
  return map;
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
  const assigned = `EXISTS (SELECT 1 FROM course_assignments a WHERE a.workspace_id = $1 AND a.course_id = $2 AND a.user_id = u.id)`;
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

export async function members(
  tx: Sql,
  workspaceId: string,
  courseId: string,
  scope: UnitScope,
  page: { page: number; pageSize: number },
): Promise<CourseMembers> {
  const [{ total }] = await tx.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM course_assignments a JOIN users u ON u.workspace_id = a.workspace_id AND u.id = a.user_id
      WHERE a.workspace_id = $1 AND a.course_id = $2 AND ($3::uuid IS NULL OR u.branch_id = $3::uuid)`,
    [workspaceId, courseId, scope],
  );
  const rows = await tx.query<{
    id: string;
    first_name: string;
    last_name: string;
    email: string;
    branch_name: string | null;
    department_name: string | null;
    status: AssignmentStatus;
    assigned_at: Date | string;
  }>(
    `SELECT u.id, u.first_name, u.last_name, u.email, b.name AS branch_name, d.name AS department_name, a.status, a.assigned_at
       FROM course_assignments a
       JOIN users u ON u.workspace_id = a.workspace_id AND u.id = a.user_id ${PEOPLE_JOINS}
      WHERE a.workspace_id = $1 AND a.course_id = $2 AND ($3::uuid IS NULL OR u.branch_id = $3::uuid)
      ORDER BY a.assigned_at DESC, lower(u.first_name), lower(u.last_name), u.id
      LIMIT $4 OFFSET $5`,
    [workspaceId, courseId, scope, page.pageSize, page.page * page.pageSize],
  );
  return {
    total,
    page: page.page,
    pageSize: page.pageSize,
    items: rows.map((r) => ({ ...person(r), status: r.status, assignedOn: iso(r.assigned_at) })),
  };
}

/** A person as the candidate and member lists show them (rows joined with PEOPLE_JOINS). */
function person(r: { id: string; first_name: string; last_name: string; email: string; branch_name: string | null; department_name: string | null }) {
  return {
    userId: r.id,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    branchName: r.branch_name,
    departmentName: r.department_name,
  };
}
