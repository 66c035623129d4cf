import {
  BULK_MAX_COURSES,
  BULK_MAX_ROWS,
  type BulkAddUsersResult,
  type BulkRow,
  type BulkRowOutcome,
} from '../../../src/contracts/learning/auto-assign.contract';
import { canAssign } from '../../../src/domain/courses/course';
import { isEmailAddress } from '../../../src/domain/people/email-address';
import type { Database } from '../../platform/db/database';
import { badRequest, conflict, HttpError } from '../../platform/errors';
import { readImportRows, type ImportFileKind, type ImportSource } from '../../platform/imports/import-file.parser';
import type { Assigner, CourseAssignmentService } from './assignment.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `courseList`: a JSON array of course ids, or ids separated by commas; at most BULK_MAX_COURSES, once each. */
export function parseCourseList(text: string | undefined): string[] {
  if (text === undefined || text.trim() === '')
    throw badRequest('Choose at least one course', { courseList: 'Required' });
  let list: unknown;
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) {
    try {
      list = JSON.parse(trimmed);
    } catch {
      throw badRequest('courseList is not a JSON array of course ids', { courseList: 'Not JSON' });
    }
  } else {
    list = trimmed.split(',').map((s) => s.trim());
  }
  if (!Array.isArray(list) || list.length === 0)
    throw badRequest('Choose at least one course', { courseList: 'Give at least one course id' });
  if (list.some((id) => typeof id !== 'string' || !UUID.test(id)))
    throw badRequest('courseList names something that is not a course id', { courseList: 'Not a course id' });
  const ids = [...new Set((list as string[]).map((id) => id.toLowerCase()))];
  if (ids.length > BULK_MAX_COURSES)
    throw badRequest(`At most ${BULK_MAX_COURSES} courses at once`, {
      courseList: `At most ${BULK_MAX_COURSES} courses`,
    });
  return ids;
}

interface FileEmail {
  row: number;
  email: string;
  valid: boolean;
}

/** The rows of the file: the column headed "email" (else the first); a first row that holds an email is data, not a header. */
export async function emailRows(kind: ImportFileKind, source: ImportSource): Promise<FileEmail[]> {
  const rows: FileEmail[] = [];
  let column = -1;
  for await (const batch of readImportRows(kind, source)) {
    for (const { row, cells } of batch) {
      if (column < 0) {
        column = Math.max(
          0,
          cells.findIndex((c) => /^e-?mail/i.test(c.trim())),
        );
        if (!isEmailAddress((cells[column] ?? '').trim().toLowerCase())) continue;
      }
      const email = (cells[column] ?? '').trim().toLowerCase();
      if (email === '' && cells.every((c) => c.trim() === '')) continue;
      rows.push({ row, email: email.slice(0, 320), valid: isEmailAddress(email) });
      if (rows.length > BULK_MAX_ROWS) {
        throw new HttpError(413, 'TOO_MANY_ROWS', `The file lists more than ${BULK_MAX_ROWS} people: split it`, {
          file: `At most ${BULK_MAX_ROWS} rows`,
        });
      }
    }
  }
  if (!rows.some((r) => r.valid)) throw badRequest('The file lists no emails', { file: 'No emails found' });
  return rows;
}

/**
 * bulk-add-users: every listed person of this workspace who is not deactivated gets every listed course, through
 * `assignTo` (one statement per course: due date, credits, mail mark, audit), in one transaction. A row never aborts
 * the others: unknown, invalid, duplicate and deactivated rows are reported; a catalogue course short of credits
 * assigns as many as its credits allow and reports the others NO_CREDITS. A business-unit admin reaches their unit
 * only: anyone else reads as an unknown email (the answer does not reveal who exists elsewhere).
 */
export async function bulkAddUsers(
  db: Database,
  assignments: CourseAssignmentService,
  actor: Assigner,
  fileName: string,
  courseIds: readonly string[],
  rows: readonly FileEmail[],
): Promise<BulkAddUsersResult> {
  return db.tenant(actor.workspaceId, async (tx) => {
    const courses = await tx.query<{ id: string; title: string; status: 'DRAFT' | 'PUBLISHED' }>(
      `SELECT id, title, status FROM courses WHERE workspace_id = $1 AND id = ANY($2::uuid[]) ORDER BY title FOR SHARE`,
      [actor.workspaceId, courseIds],
    );
    const missing = courseIds.filter((id) => !courses.some((c) => c.id === id));
    if (missing.length > 0)
      throw new HttpError(404, 'NOT_FOUND', `Courses not found: ${missing.join(', ')}`, {
        courseList: `No such courses: ${missing.join(', ')}`,
      });
    const drafts = courses.filter((c) => !canAssign(c.status));
    if (drafts.length > 0)
      throw conflict(`Only published courses can be assigned: ${drafts.map((c) => c.title).join(', ')}`, {
        courseList: 'Not published',
      });

    const emails = [...new Set(rows.filter((r) => r.valid).map((r) => r.email))];
    const people = await tx.query<{ id: string; email: string; status: string; branch_id: string | null }>(
      `SELECT id, lower(email) AS email, status, branch_id FROM users WHERE workspace_id = $1 AND lower(email) = ANY($2::text[])`,
      [actor.workspaceId, emails],
    );
    const byEmail = new Map(people.filter((p) => !actor.scope || p.branch_id === actor.scope).map((p) => [p.email, p]));
    const active = [...byEmail.values()].filter((p) => p.status !== 'INACTIVE').map((p) => p.id);

    const report: BulkRow[] = [];
    const seen = new Set<string>();
    const assignable: { row: number; email: string; id: string }[] = [];
    for (const r of rows) {
      const person = byEmail.get(r.email);
      const outcome: BulkRowOutcome | null = !r.valid
        ? 'INVALID_EMAIL'
        : seen.has(r.email)
          ? 'DUPLICATE'
          : !person
            ? 'UNKNOWN_EMAIL'
            : person.status === 'INACTIVE'
              ? 'INACTIVE'
              : null;
      seen.add(r.email);
      if (outcome) report.push({ row: r.row, email: r.email, courseId: null, outcome });
      else assignable.push({ row: r.row, email: r.email, id: person!.id });
    }

    const perCourse: BulkAddUsersResult['courses'] = [];
    const outcomes = new Map<string, BulkRowOutcome>();
    for (const course of courses) {
      const activeBefore = new Set(
        (
          await tx.query<{ user_id: string }>(
            `SELECT user_id FROM course_assignments WHERE workspace_id = $1 AND course_id = $2 AND user_id = ANY($3::uuid[]) AND unassigned_at IS NULL`,
            [actor.workspaceId, course.id, active],
          )
        ).map((r) => r.user_id),
      );
      const counts = await assignments.assignTo(
        tx,
        actor,
        course.id,
        active,
        undefined,
        'bulk-add-users',
        'BULK',
        undefined,
        { credits: 'fit' },
      );
      const activeAfter = new Set(
        (
          await tx.query<{ user_id: string }>(
            `SELECT user_id FROM course_assignments WHERE workspace_id = $1 AND course_id = $2 AND user_id = ANY($3::uuid[]) AND unassigned_at IS NULL`,
            [actor.workspaceId, course.id, active],
          )
        ).map((r) => r.user_id),
      );
      for (const id of active) {
        outcomes.set(
          `${course.id}:${id}`,
          activeBefore.has(id) ? 'ALREADY_ASSIGNED' : activeAfter.has(id) ? 'ASSIGNED' : 'NO_CREDITS',
        );
      }
      perCourse.push({ courseId: course.id, title: course.title, ...counts });
    }
    for (const a of assignable) {
      for (const course of courses)
        report.push({
          row: a.row,
          email: a.email,
          courseId: course.id,
          outcome: outcomes.get(`${course.id}:${a.id}`)!,
        });
    }
    report.sort((a, b) => a.row - b.row);
    const totals = Object.fromEntries(
      (
        [
          'ASSIGNED',
          'ALREADY_ASSIGNED',
          'UNKNOWN_EMAIL',
          'INVALID_EMAIL',
          'INACTIVE',
          'NO_CREDITS',
          'DUPLICATE',
        ] as const
      ).map((k) => [k, report.filter((r) => r.outcome === k).length]),
    ) as Record<BulkRowOutcome, number>;
    await tx.query(
      `INSERT INTO audit_events (workspace_id, actor_user_id, action, target, ip, details)
       VALUES ($1, $2, 'course.bulk-assigned', $3, $4, $5::jsonb)`,
      [actor.workspaceId, actor.userId, fileName, actor.ip, JSON.stringify({ courseIds, rows: rows.length, totals })],
    );
    return { rows: report, courses: perCourse, totals };
  });
}
