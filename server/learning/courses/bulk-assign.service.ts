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
import { ok, refuse, refusing, type Outcome } from '../../platform/refusal';
import { readImportRows, type ImportFileKind, type ImportSource } from '../../platform/imports/import-file.parser';
import type { Assigner, CourseAssignmentService } from './assignment.service';
import * as repo from './bulk-assign.repository';

const invalid = (message: string, fields: Record<string, string>) => refuse('invalid', 'VALIDATION', message, fields);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `courseList`: a JSON array of course ids, or ids separated by commas; at most BULK_MAX_COURSES, once each. */
export function parseCourseList(text: string | undefined): Outcome<string[]> {
  if (text === undefined || text.trim() === '')
    return invalid('Choose at least one course', { courseList: 'Required' });
  let list: unknown;
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) {
    try {
      list = JSON.parse(trimmed);
    } catch {
      return invalid('courseList is not a JSON array of course ids', { courseList: 'Not JSON' });
    }
  } else {
    list = trimmed.split(',').map((s) => s.trim());
  }
  if (!Array.isArray(list) || list.length === 0)
    return invalid('Choose at least one course', { courseList: 'Give at least one course id' });
  if (list.some((id) => typeof id !== 'string' || !UUID.test(id)))
    return invalid('courseList names something that is not a course id', { courseList: 'Not a course id' });
  const ids = [...new Set((list as string[]).map((id) => id.toLowerCase()))];
  if (ids.length > BULK_MAX_COURSES)
    return invalid(`At most ${BULK_MAX_COURSES} courses at once`, {
      courseList: `At most ${BULK_MAX_COURSES} courses`,
    });
  return ok(ids);
}

interface FileEmail {
  row: number;
  email: string;
  valid: boolean;
}

/** The rows of the file: the column headed "email" (else the first); a first row that holds an email is data, not a header. */
export async function emailRows(kind: ImportFileKind, source: ImportSource): Promise<Outcome<FileEmail[]>> {
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
        return refuse('too-large', 'TOO_MANY_ROWS', `The file lists more than ${BULK_MAX_ROWS} people: split it`, {
          file: `At most ${BULK_MAX_ROWS} rows`,
        });
      }
    }
  }
  if (!rows.some((r) => r.valid)) return invalid('The file lists no emails', { file: 'No emails found' });
  return ok(rows);
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
): Promise<Outcome<BulkAddUsersResult>> {
  return refusing(() =>
    db.tenant(actor.workspaceId, async (tx): Promise<Outcome<BulkAddUsersResult>> => {
      const courses = await repo.coursesForShare(tx, actor.workspaceId, courseIds);
      const missing = courseIds.filter((id) => !courses.some((c) => c.id === id));
      if (missing.length > 0)
        return refuse('not-found', 'NOT_FOUND', `Courses not found: ${missing.join(', ')}`, {
          courseList: `No such courses: ${missing.join(', ')}`,
        });
      const drafts = courses.filter((c) => !canAssign(c.status));
      if (drafts.length > 0)
        return refuse(
          'conflict',
          'CONFLICT',
          `Only published courses can be assigned: ${drafts.map((c) => c.title).join(', ')}`,
          {
            courseList: 'Not published',
          },
        );

      const emails = [...new Set(rows.filter((r) => r.valid).map((r) => r.email))];
      const people = await repo.peopleByEmail(tx, actor.workspaceId, emails);
      const byEmail = new Map(
        people.filter((p) => !actor.scope || p.branch_id === actor.scope).map((p) => [p.email, p]),
      );
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
        const activeBefore = await repo.activelyAssigned(tx, actor.workspaceId, course.id, active);
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
        const activeAfter = await repo.activelyAssigned(tx, actor.workspaceId, course.id, active);
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
      await repo.auditBulkAssigned(tx, actor, fileName, { courseIds, rows: rows.length, totals });
      return ok({ rows: report, courses: perCourse, totals });
    }),
  );
}
