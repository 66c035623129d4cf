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
import type { CourseLanguage } from '../../../src/domain/courses/course';
import { attemptLimit, attemptsLeft } from '../../../src/domain/courses/progress';
import { audit } from '../../platform/audit';
import type { Database, Sql } from '../../platform/db/database';
import { badRequest, HttpError, notFound } from '../../platform/errors';
import { CsvSyntaxError, csvRecords } from '../../platform/imports/csv-reader';
import { renderCertificate, type CertificateFields, type CertificateLook } from './certificate-pdf';
import { isCanadian } from '../../platform/languages';
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

  private async course(tx: Sql, workspaceId: string, courseId: string): Promise<void> {
    const [row] = await tx.query(`SELECT 1 FROM courses WHERE workspace_id = $1 AND id = $2`, [workspaceId, courseId]);
    if (!row) throw notFound('Course not found');
  }

  /** A learner's assignment of the course, within the admin's reach; 404 otherwise. */
  private async learnerAssignment(
    tx: Sql,
    admin: Admin,
    courseId: string,
    userId: string,
    field = 'userId',
  ): Promise<AssignmentRow> {
    await this.course(tx, admin.workspaceId, courseId);
    const [user] = await tx.query<{ branch_id: string | null }>(
      `SELECT branch_id FROM users WHERE workspace_id = $1 AND id = $2`,
      [admin.workspaceId, userId],
    );
    if (!user || (admin.scope !== null && user.branch_id !== admin.scope)) {
      throw new HttpError(404, 'NOT_FOUND', 'No such learner of this course', {
        [field]: 'Not a learner of this course',
      });
    }
    const a = await this.player.assignment(tx, admin.workspaceId, userId, courseId, true);
    if (!a) {
      throw new HttpError(404, 'NOT_FOUND', 'This person is not assigned this course', {
        [field]: 'Not assigned this course',
      });
    }
    return a;
  }

  private async quizOf(tx: Sql, a: AssignmentRow, workspaceId: string, quizId: string) {
    const model = await loadVersion(tx, workspaceId, a.course_id, a.course_version);
    const quiz = model.contents.find((c) => c.id === quizId && c.kind === 'QUIZ');
    if (!quiz?.quiz)
      throw new HttpError(404, 'NOT_FOUND', 'No such quiz in this course', { quizId: 'Not a quiz of this course' });
    return { model, quiz, settings: quiz.quiz };
  }

  private async attemptsOf(
    tx: Sql,
    workspaceId: string,
    a: AssignmentRow,
    quizId: string,
    maxAttempts: number | null,
  ): Promise<UserAttempts> {
    const [row] = await tx.query<{ used: number; extra: number | null }>(
      `SELECT (SELECT count(*)::int FROM quiz_attempts WHERE workspace_id = $1 AND assignment_id = $2 AND cycle = $3 AND quiz_id = $4) AS used,
              (SELECT extra_attempts FROM quiz_attempt_grants WHERE workspace_id = $1 AND assignment_id = $2 AND cycle = $3 AND quiz_id = $4) AS extra`,
      [workspaceId, a.id, a.cycle, quizId],
    );
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

  async attemptsExceeded(admin: Admin, courseId: string, page: { page: number; pageSize: number }) {
    return this.db.tenant(admin.workspaceId, async (tx) => {
      await this.course(tx, admin.workspaceId, courseId);
      const rows = await tx.query<{
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
      }>(
        `SELECT a.id AS assignment_id, u.id AS user_id, u.first_name, u.last_name, u.email, COALESCE(a.course_version, c.published_version) AS course_version,
                t.quiz_id, count(*)::int AS used, max(t.score) AS best, max(t.submitted_at) AS last_at, g.extra_attempts AS extra
           FROM quiz_attempts t
           JOIN course_assignments a ON a.workspace_id = t.workspace_id AND a.id = t.assignment_id
           JOIN courses c ON c.workspace_id = a.workspace_id AND c.id = a.course_id
           JOIN users u ON u.workspace_id = a.workspace_id AND u.id = a.user_id
           LEFT JOIN quiz_attempt_grants g ON g.workspace_id = t.workspace_id AND g.assignment_id = t.assignment_id AND g.cycle = t.cycle AND g.quiz_id = t.quiz_id
          WHERE t.workspace_id = $1 AND a.course_id = $2 AND ($3::uuid IS NULL OR u.branch_id = $3)
          GROUP BY a.id, u.id, u.first_name, u.last_name, u.email, a.course_version, c.published_version, t.quiz_id, t.cycle, g.extra_attempts
         HAVING NOT bool_or(t.passed)
          ORDER BY max(t.submitted_at) DESC`,
        [admin.workspaceId, courseId, admin.scope],
      );
      const exceeded: ExceededAttempt[] = [];
      for (const r of rows) {
        const model = await loadVersion(tx, admin.workspaceId, courseId, r.course_version);
        const quiz = model.contents.find((c) => c.id === r.quiz_id);
        const limit = attemptLimit(quiz?.quiz?.maxAttempts ?? null, r.extra ?? 0);
        if (!quiz || limit === null || r.used < limit) continue;
        exceeded.push({
          userId: r.user_id,
          firstName: r.first_name,
          lastName: r.last_name,
          email: r.email,
          quizId: r.quiz_id,
          quizTitle: titleIn(quiz, model.primary, model.primary),
          attemptsUsed: r.used,
          maxAttempts: limit,
          extraAttempts: r.extra ?? 0,
          bestScore: r.best === null ? null : Number(r.best),
          lastAttemptAt: new Date(r.last_at).toISOString(),
        });
      }
      const start = page.page * page.pageSize;
      return {
        items: exceeded.slice(start, start + page.pageSize),
        page: page.page,
        pageSize: page.pageSize,
        total: exceeded.length,
      };
    });
  }

  async setUserAttempts(admin: Admin, body: SetUserAttemptsBody): Promise<UserAttempts> {
    return this.db.tenant(admin.workspaceId, async (tx) => {
      const a = await this.learnerAssignment(tx, admin, body.courseId, body.userId);
      const { settings } = await this.quizOf(tx, a, admin.workspaceId, body.quizId);
      await tx.query(
        `INSERT INTO quiz_attempt_grants (workspace_id, assignment_id, cycle, quiz_id, extra_attempts, updated_by, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (workspace_id, assignment_id, cycle, quiz_id) DO UPDATE SET extra_attempts = EXCLUDED.extra_attempts, updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at`,
        [admin.workspaceId, a.id, a.cycle, body.quizId, body.extraAttempts, admin.userId, this.now()],
      );
      await audit(tx, {
        workspaceId: admin.workspaceId,
        actorUserId: admin.userId,
        action: 'learner.attempts.set',
        target: body.userId,
        ip: admin.ip,
        details: { courseId: body.courseId, quizId: body.quizId, extraAttempts: body.extraAttempts, cycle: a.cycle },
      });
      return this.attemptsOf(tx, admin.workspaceId, a, body.quizId, settings.maxAttempts);
    });
  }

  async increaseUserAttempts(admin: Admin, body: IncreaseUserAttemptsBody): Promise<UserAttempts[]> {
    const by = body.by ?? 1;
    return this.db.tenant(admin.workspaceId, async (tx) => {
      const out: UserAttempts[] = [];
      for (const [i, userId] of [...new Set(body.userIds)].entries()) {
        const a = await this.learnerAssignment(tx, admin, body.courseId, userId, `userIds.${i}`);
        const { settings } = await this.quizOf(tx, a, admin.workspaceId, body.quizId);
        await tx.query(
          `INSERT INTO quiz_attempt_grants (workspace_id, assignment_id, cycle, quiz_id, extra_attempts, updated_by, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (workspace_id, assignment_id, cycle, quiz_id) DO UPDATE SET extra_attempts = LEAST(1000, quiz_attempt_grants.extra_attempts + EXCLUDED.extra_attempts),
             updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at`,
          [admin.workspaceId, a.id, a.cycle, body.quizId, by, admin.userId, this.now()],
        );
        await audit(tx, {
          workspaceId: admin.workspaceId,
          actorUserId: admin.userId,
          action: 'learner.attempts.increased',
          target: userId,
          ip: admin.ip,
          details: { courseId: body.courseId, quizId: body.quizId, by, cycle: a.cycle },
        });
        out.push(await this.attemptsOf(tx, admin.workspaceId, a, body.quizId, settings.maxAttempts));
      }
      return out;
    });
  }

  // -------------------------------------------------------------------------------------------------------------
  // Mark done

  async markDone(admin: Admin, courseId: string, userId: string, body: MarkDoneBody): Promise<MarkedDone> {
    return this.db.tenant(admin.workspaceId, async (tx) => {
      const a = await this.learnerAssignment(tx, admin, courseId, userId);
      const model = await loadVersion(tx, admin.workspaceId, courseId, a.course_version);
      const learner = { workspaceId: admin.workspaceId, userId: admin.userId, ip: admin.ip };
      if (body.scope === 'LESSON') {
        const lesson = model.contents.find((c) => c.id === body.lessonId && c.kind === 'LESSON');
        if (!lesson)
          throw new HttpError(404, 'NOT_FOUND', 'No such lesson in this course', {
            lessonId: 'Not a lesson of this course',
          });
        await tx.query(
          `INSERT INTO learner_lessons (workspace_id, assignment_id, cycle, lesson_id, done_at, source, marked_by, reason)
           VALUES ($1, $2, $3, $4, $5, 'ADMIN', $6, $7) ON CONFLICT DO NOTHING`,
          [admin.workspaceId, a.id, a.cycle, lesson.id, this.now(), admin.userId, body.reason],
        );
        await audit(tx, {
          workspaceId: admin.workspaceId,
          actorUserId: admin.userId,
          action: 'learner.lesson.marked-done',
          target: userId,
          ip: admin.ip,
          details: { courseId, lessonId: lesson.id, reason: body.reason, cycle: a.cycle },
        });
        if (a.status === 'ASSIGNED') {
          await tx.query(
            `UPDATE course_assignments SET status = 'IN_PROGRESS' WHERE workspace_id = $1 AND id = $2 AND status = 'ASSIGNED'`,
            [admin.workspaceId, a.id],
          );
        }
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
      return {
        userId,
        courseId,
        status: summary.status,
        progressPercent: summary.progressPercent,
        completion: rec.completion ? completionOf(rec.completion) : null,
      };
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
  ): Promise<{ bytes: Buffer; fileName: string }> {
    const row = await this.db.tenant(admin.workspaceId, async (tx) => {
      await this.course(tx, admin.workspaceId, courseId);
      if (learnerId !== admin.userId && admin.scope !== null) {
        const [user] = await tx.query<{ branch_id: string | null }>(
          `SELECT branch_id FROM users WHERE workspace_id = $1 AND id = $2`,
          [admin.workspaceId, learnerId],
        );
        if (!user || user.branch_id !== admin.scope) throw notFound('No certificate');
      }
      const [cert] = await tx.query<CertificateRow>(
        `SELECT ${CERT_COLUMNS} FROM certificates WHERE workspace_id = $1 AND user_id = $2 AND course_id = $3 AND revoked_at IS NULL
          ORDER BY created_at DESC LIMIT 1`,
        [admin.workspaceId, learnerId, courseId],
      );
      if (!cert) throw notFound('No certificate: the course is not completed');
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
      return { cert, look: await this.certificateLook(tx, admin.workspaceId) };
    });
    const fields = fieldsOf(row.cert, origin, this.today());
    const bytes = await renderCertificate({ ...fields, verifyUrl: `${origin}/verify/${row.cert.code}` }, row.look);
    return { bytes, fileName: `certificate-${row.cert.code}.pdf` };
  }

  /** The workspace's logo and country, which the certificate wears (its look, not what it certifies). */
  private async certificateLook(tx: Sql, workspaceId: string): Promise<CertificateLook> {
    const [logo] = await tx.query<{ content_type: string; bytes: Uint8Array }>(
      `SELECT content_type, bytes FROM workspace_logos WHERE workspace_id = $1`,
      [workspaceId],
    );
    return {
      logo: logo ? { contentType: logo.content_type, bytes: logo.bytes } : null,
      country: (await isCanadian(tx, workspaceId)) ? 'CA' : 'IN',
    };
  }

  private today(): string {
    return this.now().toISOString().slice(0, 10);
  }

  /** The public check of a code on the workspace's host: what the certificate prints, nothing else. */
  async verify(workspaceId: string, code: string): Promise<CertificateVerification> {
    const row = await this.db.tenant(workspaceId, async (tx) => {
      const [cert] = await tx.query<CertificateRow>(
        `SELECT ${CERT_COLUMNS} FROM certificates WHERE workspace_id = $1 AND code = $2`,
        [workspaceId, code],
      );
      return cert;
    });
    if (!row) throw notFound('No certificate has this code');
    const { verifyUrl: _url, ...fields } = fieldsOf(row, '', this.today());
    return fields;
  }

  // -------------------------------------------------------------------------------------------------------------
  // Past completions

  /**
   * Imports completions made elsewhere from a CSV: `email,course,completedOn,score` (a header row first; columns
   * found by name, in any order). Each good row becomes an IMPORTED completion (once per person, course and day); a
   * person without the course is assigned it, completed. Bad rows are listed with their reasons, the good ones kept.
   */
  async importCompletions(admin: Admin, text: string): Promise<CompletionImportResult> {
    let records: string[][];
    try {
      records = [...csvRecords(text)].flat();
    } catch (error) {
      if (error instanceof CsvSyntaxError)
        throw badRequest(`The CSV is malformed at row ${error.row}: ${error.problem}`, {
          file: `Row ${error.row}: ${error.problem}`,
        });
      throw error;
    }
    const [header, ...rows] = records.filter((r) => r.some((cell) => cell.trim() !== ''));
    if (!header) throw badRequest('The file is empty', { file: 'Empty' });
    if (rows.length > IMPORT_MAX_ROWS)
      throw badRequest(`At most ${IMPORT_MAX_ROWS} rows`, { file: `More than ${IMPORT_MAX_ROWS} rows` });
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
    if (missing.length)
      throw badRequest(`The header lacks ${missing.join(', ')}`, {
        file: `Columns needed: email, course, completedOn (score optional); missing ${missing.join(', ')}`,
      });

    return this.db.tenant(admin.workspaceId, async (tx) => {
      const problems: CompletionImportProblem[] = [];
      let imported = 0;
      let duplicates = 0;
      const problem = (row: number, col: CompletionImportProblem['column'], reason: string) =>
        problems.push({ row, column: col, reason });
      const people = new Map(
        (
          await tx.query<{
            id: string;
            email: string;
            branch_id: string | null;
            first_name: string;
            last_name: string;
          }>(`SELECT id, lower(email) AS email, branch_id, first_name, last_name FROM users WHERE workspace_id = $1`, [
            admin.workspaceId,
          ])
        ).map((p) => [p.email, p]),
      );
      const titles = await tx.query<{
        course_id: string;
        title: string;
        language: CourseLanguage;
        primary: boolean;
        published_version: number | null;
        validity_years: number | null;
      }>(
        `SELECT l.course_id, l.title, l.language, l.priority = 'PRIMARY' AS primary, c.published_version, c.validity_years
           FROM course_languages l JOIN courses c ON c.workspace_id = l.workspace_id AND c.id = l.course_id WHERE l.workspace_id = $1`,
        [admin.workspaceId],
      );
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
        const [assignment] = await tx.query<{ id: string; status: string }>(
          `SELECT id, status FROM course_assignments WHERE workspace_id = $1 AND course_id = $2 AND user_id = $3`,
          [admin.workspaceId, course.course_id, person.id],
        );
        const primaryTitle = titles.find((t) => t.course_id === course.course_id && t.primary) ?? course;
        const expiresOn = course.validity_years ? recertification(completedOn, course.validity_years).expiresOn : null;
        const [inserted] = await tx.query<{ id: string }>(
          `INSERT INTO course_completions (workspace_id, user_id, course_id, assignment_id, completed_at, completed_on, score, attempts, course_version, course_title, language, expires_on, source, recorded_by)
           VALUES ($1, $2, $3, $4, $5::date, $5::date, $6, 0, NULL, $7, $8, $9, 'IMPORTED', $10)
           ON CONFLICT (workspace_id, user_id, course_id, completed_on) WHERE source = 'IMPORTED' DO NOTHING RETURNING id`,
          [
            admin.workspaceId,
            person.id,
            course.course_id,
            assignment?.id ?? null,
            completedOn,
            score === null ? null : Math.floor(score * 10) / 10,
            primaryTitle.title,
            primaryTitle.language,
            expiresOn,
            admin.userId,
          ],
        );
        if (!inserted) {
          duplicates++;
          continue;
        }
        imported++;
        if (!assignment && course.published_version !== null) {
          await tx.query(
            `INSERT INTO course_assignments (workspace_id, course_id, user_id, assigned_by, course_version, status, completed_at)
             VALUES ($1, $2, $3, $4, $5, 'COMPLETED', $6::date) ON CONFLICT (workspace_id, course_id, user_id) DO NOTHING`,
            [admin.workspaceId, course.course_id, person.id, admin.userId, course.published_version, completedOn],
          );
        } else if (assignment && assignment.status !== 'COMPLETED') {
          await tx.query(
            `UPDATE course_assignments SET status = 'COMPLETED', completed_at = $3::date WHERE workspace_id = $1 AND id = $2`,
            [admin.workspaceId, assignment.id, completedOn],
          );
        }
        await audit(tx, {
          workspaceId: admin.workspaceId,
          actorUserId: admin.userId,
          action: 'course.completion.imported',
          target: person.id,
          ip: admin.ip,
          details: { courseId: course.course_id, completedOn, score, completionId: inserted.id },
        });
      }
      return {
        rows: rows.length,
        imported,
        duplicates,
        problems: problems.slice(0, MAX_PROBLEMS),
        problemsTruncated: problems.length > MAX_PROBLEMS,
      };
    });
  }
}

interface CertificateRow {
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
