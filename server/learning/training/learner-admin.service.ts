import type {
  CertificateVerification,
  CompletionImportProblem,
  CompletionImportResult,
  ExceededAttempt,
  IncreaseUserAttemptsBody,
  MarkDoneBody,
  MarkedDone,
  SetUserAttemptsBody,
  UserAttempts,
} from '../../../src/contracts/learning/player.contract';
import { isCalendarDate } from '../../../src/domain/courses/assignment-filter';
import { recertification } from '../../../src/domain/courses/assignment-lifecycle';
import { attemptLimit, attemptsLeft } from '../../../src/domain/courses/progress';
import { audit } from '../../platform/audit';
import type { Database, Sql } from '../../platform/db/database';
import { CsvSyntaxError, csvRecords } from '../../platform/imports/csv-reader';
import { isCanadian } from '../../platform/languages';
import { ok, refuse, type Outcome } from '../../platform/refusal';
import { renderCertificate, type CertificateFields, type CertificateLook } from './certificate-pdf';
import * as repo from './learner-admin.repository';
import type { CertificateRow, QuizLimit } from './learner-admin.repository';
import { markInProgress } from './player.repository';
import { completionOf, PlayerService, type AssignmentRow } from './player.service';
import { loadVersion, titleIn } from './version-model';

/** An admin (or the learner, for their certificate) acting in a workspace; `scope`: a business-unit admin's unit. */
export interface Admin {
  workspaceId: string;
  userId: string;
  ip: string | null;
  /** null: every business unit. */
  scope: string | null;
}

const dateOf = (value: Date | string) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : new Date(value).toISOString().slice(0, 10);

/** Import limits: the file is untrusted. */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 5_000;
const MAX_PROBLEMS = 200;

const NO_COURSE = refuse('not-found', 'NOT_FOUND', 'Course not found');

/**
 * The admin's calls around learners (attempts, mark done, past completions) and the certificates (download, public
 * verification). Every change is audited in its transaction; another workspace's course or person is 404, and a
 * business-unit admin reaches only the people of their unit (others are 404 to them).
 */
export class LearnerAdminService {
  constructor(
    private readonly db: Database,
    private readonly player: PlayerService,
    private readonly now: () => Date,
  ) {}

  /** A learner's assignment of the course, within the admin's reach; 404 otherwise. */
  private async learnerAssignment(
    tx: Sql,
    admin: Admin,
    courseId: string,
    userId: string,
    field = 'userId',
  ): Promise<Outcome<AssignmentRow>> {
    if (!(await repo.courseExists(tx, admin.workspaceId, courseId))) return NO_COURSE;
    const user = await repo.personOf(tx, admin.workspaceId, userId);
    if (!user || (admin.scope !== null && user.branch_id !== admin.scope)) {
      return refuse('not-found', 'NOT_FOUND', 'No such learner of this course', {
        [field]: 'Not a learner of this course',
      });
    }
    const a = await this.player.assignment(tx, admin.workspaceId, userId, courseId, true);
    if (!a) {
      return refuse('not-found', 'NOT_FOUND', 'This person is not assigned this course', {
        [field]: 'Not assigned this course',
      });
    }
    return ok(a);
  }

  /** The quiz's settings in the learner's version: 404 when it is not a quiz of it. */
  private async quizOf(tx: Sql, a: AssignmentRow, workspaceId: string, quizId: string) {
    const model = await loadVersion(tx, workspaceId, a.course_id, a.course_version);
    const quiz = model.contents.find((c) => c.id === quizId && c.kind === 'QUIZ');
    if (!quiz?.quiz)
      return refuse('not-found', 'NOT_FOUND', 'No such quiz in this course', { quizId: 'Not a quiz of this course' });
    return ok(quiz.quiz);
  }

  private async attemptsOf(
    tx: Sql,
    workspaceId: string,
    a: AssignmentRow,
    quizId: string,
    maxAttempts: number | null,
  ): Promise<UserAttempts> {
    const row = await repo.attemptCount(tx, workspaceId, a, quizId);
    const limit = attemptLimit(maxAttempts, row.extra ?? 0);
    return {
      userId: a.user_id,
      quizId,
      extraAttempts: row.extra ?? 0,
      maxAttempts: limit,
      attemptsUsed: row.used,
      attemptsLeft: attemptsLeft(limit, row.used),
    };
  }

  // -------------------------------------------------------------------------------------------------------------
  // Attempts

  /** The learners who used every attempt of a quiz without passing it, a page at a time (paged in the database). */
  async attemptsExceeded(admin: Admin, courseId: string, page: { page: number; pageSize: number }) {
    return this.db.tenant(admin.workspaceId, async (tx) => {
      if (!(await repo.courseExists(tx, admin.workspaceId, courseId))) return NO_COURSE;
      // The limits are each version's (a quiz without one is never exceeded).
      const limits: QuizLimit[] = [];
      const models = new Map<number, Awaited<ReturnType<typeof loadVersion>>>();
      for (const version of await repo.assignedVersions(tx, admin.workspaceId, courseId)) {
        const model = await loadVersion(tx, admin.workspaceId, courseId, version);
        models.set(version, model);
        for (const c of model.contents) {
          if (c.quiz && c.quiz.maxAttempts !== null)
            limits.push({ version, quizId: c.id, maxAttempts: c.quiz.maxAttempts });
        }
      }
      const { rows, total } = await repo.exceededPage(tx, admin.workspaceId, courseId, admin.scope, limits, page);
      const items: ExceededAttempt[] = rows.map((r) => {
        const model = models.get(r.course_version)!;
        const quiz = model.contents.find((c) => c.id === r.quiz_id)!;
        return {
          userId: r.user_id,
          firstName: r.first_name,
          lastName: r.last_name,
          email: r.email,
          quizId: r.quiz_id,
          quizTitle: titleIn(quiz, model.primary, model.primary),
          attemptsUsed: r.used,
          maxAttempts: attemptLimit(quiz.quiz!.maxAttempts, r.extra ?? 0)!,
          extraAttempts: r.extra ?? 0,
          bestScore: r.best === null ? null : Number(r.best),
          lastAttemptAt: new Date(r.last_at).toISOString(),
        };
      });
      return ok({ items, page: page.page, pageSize: page.pageSize, total });
    });
  }

  async setUserAttempts(admin: Admin, body: SetUserAttemptsBody): Promise<Outcome<UserAttempts>> {
    return this.db.tenant(admin.workspaceId, async (tx) => {
      const found = await this.learnerAssignment(tx, admin, body.courseId, body.userId);
      if (!found.ok) return found;
      const a = found.value;
      const settings = await this.quizOf(tx, a, admin.workspaceId, body.quizId);
      if (!settings.ok) return settings;
      await repo.grantAttempts(tx, admin.workspaceId, a, {
        quizId: body.quizId,
        extra: body.extraAttempts,
        add: false,
        by: admin.userId,
        at: this.now(),
      });
      await audit(tx, {
        workspaceId: admin.workspaceId,
        actorUserId: admin.userId,
        action: 'learner.attempts.set',
        target: body.userId,
        ip: admin.ip,
        details: { courseId: body.courseId, quizId: body.quizId, extraAttempts: body.extraAttempts, cycle: a.cycle },
      });
      return ok(await this.attemptsOf(tx, admin.workspaceId, a, body.quizId, settings.value.maxAttempts));
    });
  }

  /** More attempts for each person, or for none: every one is checked before any is granted. */
  async increaseUserAttempts(admin: Admin, body: IncreaseUserAttemptsBody): Promise<Outcome<UserAttempts[]>> {
    const by = body.by ?? 1;
    return this.db.tenant(admin.workspaceId, async (tx) => {
      const learners: { userId: string; a: AssignmentRow; maxAttempts: number | null }[] = [];
      for (const [i, userId] of [...new Set(body.userIds)].entries()) {
        const found = await this.learnerAssignment(tx, admin, body.courseId, userId, `userIds.${i}`);
        if (!found.ok) return found;
        const settings = await this.quizOf(tx, found.value, admin.workspaceId, body.quizId);
        if (!settings.ok) return settings;
        learners.push({ userId, a: found.value, maxAttempts: settings.value.maxAttempts });
      }
      const out: UserAttempts[] = [];
      for (const { userId, a, maxAttempts } of learners) {
        await repo.grantAttempts(tx, admin.workspaceId, a, {
          quizId: body.quizId,
          extra: by,
          add: true,
          by: admin.userId,
          at: this.now(),
        });
        await audit(tx, {
          workspaceId: admin.workspaceId,
          actorUserId: admin.userId,
          action: 'learner.attempts.increased',
          target: userId,
          ip: admin.ip,
          details: { courseId: body.courseId, quizId: body.quizId, by, cycle: a.cycle },
        });
        out.push(await this.attemptsOf(tx, admin.workspaceId, a, body.quizId, maxAttempts));
      }
      return ok(out);
    });
  }

  // -------------------------------------------------------------------------------------------------------------
  // Mark done

  async markDone(admin: Admin, courseId: string, userId: string, body: MarkDoneBody): Promise<Outcome<MarkedDone>> {
    return this.db.tenant(admin.workspaceId, async (tx) => {
      const found = await this.learnerAssignment(tx, admin, courseId, userId);
      if (!found.ok) return found;
      const a = found.value;
      const model = await loadVersion(tx, admin.workspaceId, courseId, a.course_version);
      const learner = { workspaceId: admin.workspaceId, userId: admin.userId, ip: admin.ip };
      if (body.scope === 'LESSON') {
        const lesson = model.contents.find((c) => c.id === body.lessonId && c.kind === 'LESSON');
        if (!lesson) {
          return refuse('not-found', 'NOT_FOUND', 'No such lesson in this course', {
            lessonId: 'Not a lesson of this course',
          });
        }
        await repo.insertLessonMarkedDone(tx, admin.workspaceId, a, {
          lessonId: lesson.id,
          at: this.now(),
          by: admin.userId,
          reason: body.reason,
        });
        await audit(tx, {
          workspaceId: admin.workspaceId,
          actorUserId: admin.userId,
          action: 'learner.lesson.marked-done',
          target: userId,
          ip: admin.ip,
          details: { courseId, lessonId: lesson.id, reason: body.reason, cycle: a.cycle },
        });
        if (a.status === 'ASSIGNED') await markInProgress(tx, admin.workspaceId, a.id);
        // The learner's own quizzes still decide: a lesson marked done completes the course only if the rest is done.
        await this.player.completeIfDone(
          tx,
          learner,
          a,
          model,
          await this.player.recordOf(tx, admin.workspaceId, a),
          model.primary,
          'ADMIN',
        );
      } else {
        await audit(tx, {
          workspaceId: admin.workspaceId,
          actorUserId: admin.userId,
          action: 'learner.course.marked-done',
          target: userId,
          ip: admin.ip,
          details: { courseId, reason: body.reason, cycle: a.cycle },
        });
        await this.player.completeIfDone(
          tx,
          learner,
          a,
          model,
          await this.player.recordOf(tx, admin.workspaceId, a),
          model.primary,
          'ADMIN',
          {
            reason: body.reason,
            learnerId: userId,
          },
        );
      }
      const rec = await this.player.recordOf(tx, admin.workspaceId, a);
      const summary = this.player.summaryOf(a, model, rec);
      return ok({
        userId,
        courseId,
        status: summary.status,
        progressPercent: summary.progressPercent,
        completion: rec.completion ? completionOf(rec.completion) : null,
      });
    });
  }

  // -------------------------------------------------------------------------------------------------------------
  // Certificates

  /** The latest certificate of a learner for a course: the caller's own, or (`userId`) a learner's for their admin. */
  async certificate(
    admin: Admin,
    courseId: string,
    learnerId: string,
    origin: string,
  ): Promise<Outcome<{ bytes: Buffer; fileName: string }>> {
    const found = await this.db.tenant(admin.workspaceId, async (tx) => {
      if (!(await repo.courseExists(tx, admin.workspaceId, courseId))) return NO_COURSE;
      if (learnerId !== admin.userId && admin.scope !== null) {
        const user = await repo.personOf(tx, admin.workspaceId, learnerId);
        if (!user || user.branch_id !== admin.scope) return refuse('not-found', 'NOT_FOUND', 'No certificate');
      }
      const cert = await repo.latestCertificate(tx, admin.workspaceId, learnerId, courseId);
      if (!cert) return refuse('not-found', 'NOT_FOUND', 'No certificate: the course is not completed');
      if (learnerId !== admin.userId) {
        await audit(tx, {
          workspaceId: admin.workspaceId,
          actorUserId: admin.userId,
          action: 'certificate.downloaded',
          target: learnerId,
          ip: admin.ip,
          details: { courseId, code: cert.code },
        });
      }
      return ok({ cert, look: await this.certificateLook(tx, admin.workspaceId) });
    });
    if (!found.ok) return found;
    const row = found.value;
    const fields = fieldsOf(row.cert, origin, this.today());
    const bytes = await renderCertificate({ ...fields, verifyUrl: `${origin}/verify/${row.cert.code}` }, row.look);
    return ok({ bytes, fileName: `certificate-${row.cert.code}.pdf` });
  }

  /** The workspace's logo and country, which the certificate wears (its look, not what it certifies). */
  private async certificateLook(tx: Sql, workspaceId: string): Promise<CertificateLook> {
    const logo = await repo.workspaceLogo(tx, workspaceId);
    return {
      logo: logo ? { contentType: logo.content_type, bytes: logo.bytes } : null,
      country: (await isCanadian(tx, workspaceId)) ? 'CA' : 'IN',
    };
  }

  private today(): string {
    return this.now().toISOString().slice(0, 10);
  }

  /** The public check of a code on the workspace's host: what the certificate prints, nothing else. */
  async verify(workspaceId: string, code: string): Promise<Outcome<CertificateVerification>> {
    const row = await this.db.tenant(workspaceId, (tx) => repo.certificateByCode(tx, workspaceId, code));
    if (!row) return refuse('not-found', 'NOT_FOUND', 'No certificate has this code');
    const { verifyUrl: _url, ...fields } = fieldsOf(row, '', this.today());
    return ok(fields);
  }

  // -------------------------------------------------------------------------------------------------------------
  // Past completions

  /**
   * Imports completions made elsewhere from a CSV: `email,course,completedOn,score` (a header row first; columns
   * found by name, in any order). Each good row becomes an IMPORTED completion (once per person, course and day); a
   * person without the course is assigned it, completed. Bad rows are listed with their reasons, the good ones kept.
   */
  async importCompletions(admin: Admin, text: string): Promise<Outcome<CompletionImportResult>> {
    let records: string[][];
    try {
      records = [...csvRecords(text)].flat();
    } catch (error) {
      if (error instanceof CsvSyntaxError) {
        return refuse('invalid', 'VALIDATION', `The CSV is malformed at row ${error.row}: ${error.problem}`, {
          file: `Row ${error.row}: ${error.problem}`,
        });
      }
      throw error;
    }
    const [header, ...rows] = records.filter((r) => r.some((cell) => cell.trim() !== ''));
    if (!header) return refuse('invalid', 'VALIDATION', 'The file is empty', { file: 'Empty' });
    if (rows.length > IMPORT_MAX_ROWS) {
      return refuse('invalid', 'VALIDATION', `At most ${IMPORT_MAX_ROWS} rows`, {
        file: `More than ${IMPORT_MAX_ROWS} rows`,
      });
    }
    const names = header.map((h) =>
      h
        .trim()
        .toLowerCase()
        .replace(/[\s_-]/g, ''),
    );
    const column = (...aliases: string[]) => names.findIndex((n) => aliases.includes(n));
    const cols = {
      email: column('email', 'personemail', 'useremail'),
      course: column('course', 'coursetitle', 'coursename'),
      completedOn: column('completedon', 'completiondate', 'completed', 'date'),
      score: column('score'),
    };
    const missing = Object.entries(cols)
      .filter(([k, i]) => i < 0 && k !== 'score')
      .map(([k]) => k);
    if (missing.length) {
      return refuse('invalid', 'VALIDATION', `The header lacks ${missing.join(', ')}`, {
        file: `Columns needed: email, course, completedOn (score optional); missing ${missing.join(', ')}`,
      });
    }

    return this.db.tenant(admin.workspaceId, async (tx) => {
      const problems: CompletionImportProblem[] = [];
      let imported = 0;
      let duplicates = 0;
      const problem = (row: number, col: CompletionImportProblem['column'], reason: string) =>
        problems.push({ row, column: col, reason });
      const people = new Map((await repo.peopleForImport(tx, admin.workspaceId)).map((p) => [p.email, p]));
      const titles = await repo.courseTitles(tx, admin.workspaceId);
      const byTitle = new Map<string, (typeof titles)[number][]>();
      for (const t of titles) {
        const key = t.title.trim().toLowerCase();
        if (!byTitle.get(key)?.some((x) => x.course_id === t.course_id))
          byTitle.set(key, [...(byTitle.get(key) ?? []), t]);
      }
      const today = this.today();
      for (const [i, record] of rows.entries()) {
        const row = i + 2;
        const cell = (index: number) => (index >= 0 ? (record[index] ?? '').trim() : '');
        const email = cell(cols.email).toLowerCase();
        const person = people.get(email);
        if (!email) {
          problem(row, 'email', 'Give the person’s email');
          continue;
        }
        if (!person || (admin.scope !== null && person.branch_id !== admin.scope)) {
          problem(row, 'email', 'No such person in this workspace');
          continue;
        }
        const courses = byTitle.get(cell(cols.course).toLowerCase()) ?? [];
        if (courses.length === 0) {
          problem(row, 'course', 'No course has this title');
          continue;
        }
        if (courses.length > 1) {
          problem(row, 'course', 'Several courses have this title');
          continue;
        }
        const course = courses[0];
        const completedOn = cell(cols.completedOn);
        if (!isCalendarDate(completedOn)) {
          problem(row, 'completedOn', 'Use a date in the form YYYY-MM-DD');
          continue;
        }
        if (completedOn > today) {
          problem(row, 'completedOn', 'The date is in the future');
          continue;
        }
        const scoreText = cell(cols.score);
        const score = scoreText === '' ? null : Number(scoreText);
        if (score !== null && (!/^\d{1,3}(\.\d+)?$/.test(scoreText) || score > 100)) {
          problem(row, 'score', 'Give a score from 0 to 100, or leave it empty');
          continue;
        }
        const assignment = await repo.assignmentOf(tx, admin.workspaceId, course.course_id, person.id);
        const primaryTitle = titles.find((t) => t.course_id === course.course_id && t.primary) ?? course;
        const expiresOn = course.validity_years ? recertification(completedOn, course.validity_years).expiresOn : null;
        const inserted = await repo.insertImportedCompletion(tx, admin.workspaceId, {
          userId: person.id,
          courseId: course.course_id,
          assignmentId: assignment?.id ?? null,
          completedOn,
          score: score === null ? null : Math.floor(score * 10) / 10,
          title: primaryTitle.title,
          language: primaryTitle.language,
          expiresOn,
          recordedBy: admin.userId,
        });
        if (!inserted) {
          duplicates++;
          continue;
        }
        imported++;
        if (!assignment && course.published_version !== null) {
          await repo.insertCompletedAssignment(tx, admin.workspaceId, {
            courseId: course.course_id,
            userId: person.id,
            assignedBy: admin.userId,
            version: course.published_version,
            completedOn,
          });
        } else if (assignment && assignment.status !== 'COMPLETED') {
          await repo.markCompletedOn(tx, admin.workspaceId, assignment.id, completedOn);
        }
        await audit(tx, {
          workspaceId: admin.workspaceId,
          actorUserId: admin.userId,
          action: 'course.completion.imported',
          target: person.id,
          ip: admin.ip,
          details: { courseId: course.course_id, completedOn, score, completionId: inserted },
        });
      }
      return ok({
        rows: rows.length,
        imported,
        duplicates,
        problems: problems.slice(0, MAX_PROBLEMS),
        problemsTruncated: problems.length > MAX_PROBLEMS,
      });
    });
  }
}

function fieldsOf(row: CertificateRow, origin: string, today: string): CertificateFields & { valid: boolean } {
  const expiresOn = row.expires_on ? dateOf(row.expires_on) : null;
  return {
    code: row.code,
    name: row.name,
    courseTitle: row.course_title,
    language: row.language,
    organisation: row.organisation,
    completedOn: dateOf(row.completed_on),
    issuedOn: dateOf(row.issued_on),
    expiresOn,
    verifyUrl: `${origin}/verify/${row.code}`,
    valid: !row.revoked_at && (expiresOn === null || expiresOn >= today),
  };
}
