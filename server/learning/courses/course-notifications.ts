import type { CourseLanguage } from '../../../src/domain/courses/course';
import { randomUUID } from 'node:crypto';
import {
  digests,
  remindersDue,
  type ReminderCadence,
  type ReminderToSend,
} from '../../../src/domain/courses/assignment-lifecycle';
import { addCalendarDays, daysBetween } from '../../../src/domain/shared/calendar';
import type { Clock } from '../../platform/clock';
import { utcDay } from '../../platform/clock';
import type { Database, Sql } from '../../platform/db/database';
import type { ReminderSettings } from '../../platform/deps';
import { oneLine, templates } from '../../platform/message-templates';
import { OutboxMessages, type Mailer, type OutgoingMail } from '../../platform/messages';
import { publicOrigin } from '../../platform/tenancy';
import { assignmentSettings } from './assignment.service';

export type NotificationOptions = ReminderSettings;

interface Candidate {
  user_id: string;
  course_id: string;
  due_on: string;
  email: string;
  first_name: string;
  cycle: number;
  /** The learner's language, else the workspace's default (docs/i18n.md). */
  language: CourseLanguage;
}

/** What a page of the run knows of its learners' assignments, by `${learner}:${course}`. */
interface Page {
  candidates: Map<string, Candidate>;
  /** The titles of the workspace's courses with reminders on. */
  titles: Map<string, string>;
}

type DigestLine = { title: string; dueOn: Date; kind: 'BEFORE_DUE' | 'ON_DUE' | 'OVERDUE' };

interface Workspace {
  name: string;
  origin: string;
}

/** A reminder run of a workspace for a day: what its parts share. */
interface Run {
  workspaceId: string;
  ws: Workspace;
  cadence: ReminderCadence;
  day: string;
  /** The last day already run when catching up, else null. */
  since: string | null;
  /** Due dates from which a reminder can fall in the run's days. */
  dueFrom: string;
  dueTo: string;
  titles: Map<string, string>;
  /** Batches begun so far (the tests' `beforeBatch` counts them). */
  batchNo: number;
}

/** Characters `oneLine` changes (control characters) or trims (what String.prototype.trim takes as white space). */
const CONTROL = '\u0001-\u001f\u007f';
const TRIMMED = `${CONTROL} \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff`;
/** A first name that `oneLine` leaves as it is (so SQL may put it in the mail unchanged): nothing trimmed, no control. */
const PLAIN_NAME = `^[^${TRIMMED}]([^${CONTROL}]*[^${TRIMMED}])?$`;

/** A run catches up on at most this many missed days (a server down for a month does not send a month of reminders). */
const MAX_CATCH_UP_DAYS = 7;

/** Due assignments a reminder run holds in memory at once (a page; its learners are written in batches). */
const ASSIGNMENTS_PER_PAGE = 5000;

/**
 * The course mails: the assignment mail and the reminder run (docs/learning.md "Reminders"). Both are idempotent:
 * the assignment mail clears the assignment's pending mark, and each reminder writes its key (learner, course, kind,
 * day) into course_reminders, in the transaction that puts the mail in the outbox. A run that stops halfway and runs
 * again sends what was not sent, and nothing twice.
 */
export class CourseNotifications {
  constructor(
    private readonly db: Database,
    private readonly mail: Mailer,
    private readonly clock: Clock,
    private readonly publicUrl: string,
    private readonly options: NotificationOptions = {},
  ) {}

  /** The workspaces the hourly tick queues runs for. */
  async activeWorkspaces(): Promise<{ id: string }[]> {
    return this.db.query<{ id: string }>(`SELECT id FROM workspaces WHERE active`);
  }

  today(): string {
    return utcDay(this.clock.now());
  }

  private async workspace(workspaceId: string): Promise<Workspace | null> {
    const [ws] = await this.db.query<{ company_name: string; workspace_url: string; active: boolean }>(
      `SELECT company_name, workspace_url, active FROM workspaces WHERE id = $1`,
      [workspaceId],
    );
    return ws?.active ? { name: ws.company_name, origin: publicOrigin(this.publicUrl, ws.workspace_url) } : null;
  }

  /** Sends the mails of the assignments marked pending, in batches; returns how many left. */
  async sendAssignmentMails(workspaceId: string, batch = 500): Promise<number> {
    const ws = await this.workspace(workspaceId);
    if (!ws) return 0;
    let sent = 0;
    for (;;) {
      const n = await this.db.tenant(workspaceId, async (tx) => {
        // SKIP LOCKED: two processes sweeping at once take different rows.
        const rows = await tx.query<{
          id: string;
          email: string;
          first_name: string;
          title: string;
          due_at: Date | string | null;
          language: CourseLanguage;
        }>(
          `SELECT a.id, u.email, u.first_name, c.title, a.due_at,
                  coalesce(u.language, (SELECT w.default_language FROM workspaces w WHERE w.id = a.workspace_id)) AS language
             FROM course_assignments a
             JOIN users u ON u.workspace_id = a.workspace_id AND u.id = a.user_id
             JOIN courses c ON c.workspace_id = a.workspace_id AND c.id = a.course_id
            WHERE a.workspace_id = $1 AND a.assignment_mail_pending AND a.unassigned_at IS NULL
            LIMIT $2 FOR UPDATE OF a SKIP LOCKED`,
          [workspaceId, batch],
        );
        if (rows.length === 0) return 0;
        const mails: OutgoingMail[] = rows.map((r) => ({
          workspaceId,
          to: r.email,
          ...templates.courseAssigned({
            language: r.language,
            workspaceName: ws.name,
            firstName: r.first_name,
            courseTitle: r.title,
            dueOn: r.due_at ? new Date(r.due_at) : null,
            link: `${ws.origin}/`,
          }),
        }));
        await this.mail.sendMany(mails, tx);
        await tx.query(
          `UPDATE course_assignments SET assignment_mail_pending = false WHERE workspace_id = $1 AND id = ANY($2::uuid[])`,
          [workspaceId, rows.map((r) => r.id)],
        );
        return rows.length;
      });
      sent += n;
      if (n < batch) return sent;
    }
  }

  /**
   * The reminders of `day` for a workspace (by its cadence), one digest per learner, the department managers told
   * once; catches up on missed days since the last run (at most a week). Returns the mails sent.
   */
  async runReminders(
    workspaceId: string,
    day: string = this.today(),
  ): Promise<{ digests: number; managerMails: number }> {
    const ws = await this.workspace(workspaceId);
    if (!ws) return { digests: 0, managerMails: 0 };
    const { cadence, lastRunOn, titles } = await this.db.tenant(workspaceId, async (tx) => {
      const s = await assignmentSettings(tx, workspaceId);
      const [row] = await tx.query<{ last: string | null }>(
        `SELECT to_char(last_reminder_run_on, 'YYYY-MM-DD') AS last FROM course_assignment_settings WHERE workspace_id = $1`,
        [workspaceId],
      );
      const cadence: ReminderCadence = {
        beforeDays: s.beforeDays,
        onDueDate: s.onDueDate,
        overdueEveryDays: s.overdueEveryDays,
        overdueTimes: s.overdueTimes,
        managerAfterDays: s.managerAfterDays,
      };
      const courses = await tx.query<{ id: string; title: string }>(
        `SELECT id, title FROM courses WHERE workspace_id = $1 AND reminder_enabled`,
        [workspaceId],
      );
      return { cadence, lastRunOn: row?.last ?? null, titles: new Map(courses.map((c) => [c.id, c.title])) };
    });
    const earliest = addCalendarDays(day, -MAX_CATCH_UP_DAYS);
    const since =
      lastRunOn && daysBetween(lastRunOn, day) > 0
        ? daysBetween(earliest, lastRunOn) > 0
          ? lastRunOn
          : earliest
        : null;
    const from = since ? addCalendarDays(since, 1) : day;
    // A reminder falls in [from, day] only for due dates in this window (the cadence's reach either side).
    const reachAfter = Math.max(cadence.overdueTimes * cadence.overdueEveryDays, cadence.managerAfterDays ?? 0);
    const reachBefore = Math.max(0, ...cadence.beforeDays);
    const dueFrom = addCalendarDays(from, -reachAfter);
    const dueTo = addCalendarDays(day, reachBefore);

    const run: Run = { workspaceId, ws, cadence, day, since, dueFrom, dueTo, titles, batchNo: 0 };
    const sent =
      this.mail instanceof OutboxMessages
        ? await this.remindInSql(run)
        : await this.remindPaged(run, { digests: true, managers: true });
    await this.db.tenant(workspaceId, (tx) =>
      tx.query(
        `INSERT INTO course_assignment_settings (workspace_id, last_reminder_run_on) VALUES ($1, $2)
         ON CONFLICT (workspace_id) DO UPDATE SET last_reminder_run_on = GREATEST(course_assignment_settings.last_reminder_run_on, EXCLUDED.last_reminder_run_on)`,
        [workspaceId, day],
      ),
    );
    return sent;
  }

  /**
   * The run when mail goes to the outbox, set-based: the cadence is planned in JS once per (course, due date) pair of
   * the due window (what falls due depends on the due date only), and the digest of one course is rendered once per
   * pair by the template, with a stand-in for the first name. Then, per batch of `batchSize` learners (ranges of
   * learner ids; 20,000 by default: nothing of a batch comes back to JS, so its size costs no memory here), one statement selects the batch's due assignments, writes the key of each learner who has exactly one
   * reminder that day (and a first name the mail shows unchanged) and, for each key that was new, the outbox row of the
   * digest; the few learners with several courses due, or an unusual first name, come back and go through the paged
   * JS run, as do the department managers' notices (only the pairs that have one).
   */
  private async remindInSql(run: Run): Promise<{ digests: number; managerMails: number }> {
    const { workspaceId, ws, cadence, day, since, dueFrom, dueTo, titles } = run;
    const batchSize = this.options.batchSize ?? 20_000;
    const window = `a.workspace_id = $1 AND a.unassigned_at IS NULL AND a.status <> 'COMPLETED' AND c.reminder_enabled
       AND a.due_at >= ($2::date)::timestamp AT TIME ZONE 'UTC' AND a.due_at < ($3::date + 1)::timestamp AT TIME ZONE 'UTC'`;
    const { pairs, bounds } = await this.db.tenant(workspaceId, async (tx) => ({
      pairs: await tx.query<{ course_id: string; title: string; due_on: string }>(
        `SELECT a.course_id, c.title, to_char(a.due_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS due_on
           FROM course_assignments a JOIN courses c ON c.workspace_id = a.workspace_id AND c.id = a.course_id
          WHERE ${window} GROUP BY 1, 2, 3`,
        [workspaceId, dueFrom, dueTo],
      ),
      // Every batchSize-th learner of the window: the batches' upper bounds.
      bounds: await tx.query<{ user_id: string }>(
        `SELECT user_id FROM (SELECT user_id, row_number() OVER (ORDER BY user_id) AS n
                                FROM (SELECT DISTINCT a.user_id FROM course_assignments a JOIN courses c ON c.workspace_id = a.workspace_id AND c.id = a.course_id
                                       WHERE ${window}) d) r
          WHERE n % $4 = 0 ORDER BY user_id`,
        [workspaceId, dueFrom, dueTo, batchSize],
      ),
    }));
    const stand = `\u27e6first-name-${randomUUID()}\u27e7`;
    const plan = {
      course: [] as string[],
      dueOn: [] as string[],
      kind: [] as string[],
      on: [] as string[],
      subject: [] as string[],
      body: [] as string[],
    };
    const managerPairs: { courseId: string; dueOn: string }[] = [];
    for (const p of pairs) {
      titles.set(p.course_id, p.title);
      const planned = remindersDue(
        [{ learnerId: '-', courseId: p.course_id, dueOn: p.due_on, status: 'NOT_STARTED', remindersOn: true }],
        cadence,
        day,
        since,
      );
      if (planned.some((r) => r.kind === 'MANAGER')) managerPairs.push({ courseId: p.course_id, dueOn: p.due_on });
      const own = planned.find((r) => r.kind !== 'MANAGER');
      if (!own) continue;
      const mail = templates.courseReminderDigest({
        workspaceName: ws.name,
        firstName: stand,
        link: `${ws.origin}/`,
        courses: [{ title: p.title, dueOn: new Date(`${p.due_on}T00:00:00Z`), kind: own.kind as DigestLine['kind'] }],
      });
      plan.course.push(p.course_id);
      plan.dueOn.push(p.due_on);
      plan.kind.push(own.kind);
      plan.on.push(own.on);
      plan.subject.push(mail.subject);
      plan.body.push(mail.text);
    }
    let digestCount = 0;
    let managerMails = 0;
    if (plan.course.length > 0) {
      const edges = [
        '00000000-0000-0000-0000-000000000000',
        ...bounds.map((b) => b.user_id),
        'ffffffff-ffff-ffff-ffff-ffffffffffff',
      ];
      for (let i = 0; i + 1 < edges.length; i++) {
        if (edges[i] === edges[i + 1]) continue;
        await this.options.beforeBatch?.(run.batchNo++);
        const [batch] = await this.db.tenant(workspaceId, (tx) =>
          tx.query<{ mailed: number; others: string[] | null }>(
            `WITH p AS (
               SELECT * FROM unnest($6::uuid[], $7::date[], $8::text[], $9::date[], $10::text[], $11::text[]) AS p(course_id, due_on, kind, on_day, subject, body)
             ), d AS (
               SELECT a.user_id, a.course_id, a.cycle, p.kind, p.on_day, p.subject, p.body, count(*) OVER (PARTITION BY a.user_id) AS n
                 FROM course_assignments a
                 JOIN courses c ON c.workspace_id = a.workspace_id AND c.id = a.course_id
                 JOIN p ON p.course_id = a.course_id AND p.due_on = (a.due_at AT TIME ZONE 'UTC')::date
                WHERE ${window} AND a.user_id > $4::uuid AND a.user_id <= $5::uuid
             ), one AS (
               SELECT d.*, u.email, CASE WHEN u.first_name = '' THEN 'there' ELSE u.first_name END AS name,
                      d.n = 1 AND (u.first_name = '' OR u.first_name ~ $13)
                      AND coalesce(u.language, (SELECT w.default_language FROM workspaces w WHERE w.id = u.workspace_id)) = 'ENGLISH' AS here
                 FROM d JOIN users u ON u.workspace_id = $1 AND u.id = d.user_id
             ), k AS (
               INSERT INTO course_reminders (workspace_id, user_id, course_id, kind, on_day, cycle, sent_to)
               SELECT $1, one.user_id, one.course_id, one.kind, one.on_day, one.cycle, one.email FROM one
                -- An admin's "remind now" of the day (docs/learning.md "Reminders") stands for the day's reminder.
                WHERE one.here AND NOT EXISTS (SELECT 1 FROM course_reminders m WHERE m.workspace_id = $1 AND m.course_id = one.course_id AND m.user_id = one.user_id
                                     AND m.kind = 'MANUAL' AND m.on_day = one.on_day)
               ON CONFLICT (workspace_id, user_id, course_id, kind, on_day) DO NOTHING
               RETURNING user_id
             ), o AS (
               INSERT INTO outbox_messages (workspace_id, channel, recipient, subject, body, attachments)
               SELECT $1, 'EMAIL', one.email, one.subject, replace(one.body, $12, one.name), '[]'::jsonb
                 FROM one WHERE one.here AND one.user_id IN (SELECT user_id FROM k)
               RETURNING 1
             )
             SELECT (SELECT count(*) FROM o)::int AS mailed,
                    (SELECT array_agg(DISTINCT user_id) FROM one WHERE NOT one.here) AS others`,
            [
              workspaceId,
              dueFrom,
              dueTo,
              edges[i],
              edges[i + 1],
              plan.course,
              plan.dueOn,
              plan.kind,
              plan.on,
              plan.subject,
              plan.body,
              stand,
              PLAIN_NAME,
            ],
          ),
        );
        digestCount += batch.mailed;
        if (batch.others?.length)
          digestCount += (await this.remindPaged(run, { digests: true, managers: false, userIds: batch.others }))
            .digests;
      }
    }
    if (managerPairs.length > 0)
      managerMails += (await this.remindPaged(run, { digests: false, managers: true, pairs: managerPairs }))
        .managerMails;
    return { digests: digestCount, managerMails };
  }

  /**
   * The run learner by learner in JS (keyset on the learner's id), a page at a time: a run over 100,000 assignments
   * holds one page's candidates in memory, never the whole due set; a page's learners are written `batchSize` per
   * transaction. `only` narrows it to some learners, or to some (course, due date) pairs, and to digests or manager
   * notices. The whole run when mail leaves by SMTP; with the outbox, what `remindInSql` leaves to it.
   */
  private async remindPaged(
    run: Run,
    only: { digests: boolean; managers: boolean; userIds?: string[]; pairs?: { courseId: string; dueOn: string }[] },
  ): Promise<{ digests: number; managerMails: number }> {
    const { workspaceId, ws, cadence, day, since, dueFrom, dueTo, titles } = run;
    const batchSize = this.options.batchSize ?? 5000;
    const pageSize = Math.max(batchSize, ASSIGNMENTS_PER_PAGE);
    let after = '00000000-0000-0000-0000-000000000000';
    let digestCount = 0;
    let managerMails = 0;
    for (;;) {
      // A page is the first `pageSize` due assignments by learner; the last learner's rows may continue past it, so
      // unless the page is the last they are left to the next page (every learner's courses in one page: one digest).
      const rows = await this.db.tenant(workspaceId, (tx) =>
        tx.query<Candidate>(
          `SELECT d.user_id, d.course_id, d.due_on, d.cycle, u.email, u.first_name,
                  coalesce(u.language, (SELECT w.default_language FROM workspaces w WHERE w.id = u.workspace_id)) AS language
             FROM (SELECT a.user_id, a.course_id, to_char(a.due_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS due_on, a.cycle
                     FROM course_assignments a JOIN courses c ON c.workspace_id = a.workspace_id AND c.id = a.course_id
                    WHERE a.workspace_id = $1 AND a.unassigned_at IS NULL AND a.status <> 'COMPLETED' AND c.reminder_enabled
                      AND a.due_at >= ($2::date)::timestamp AT TIME ZONE 'UTC' AND a.due_at < ($3::date + 1)::timestamp AT TIME ZONE 'UTC'
                      AND a.user_id > $4::uuid
                      AND ($6::uuid[] IS NULL OR a.user_id = ANY($6::uuid[]))
                      AND ($7::uuid[] IS NULL OR (a.course_id, (a.due_at AT TIME ZONE 'UTC')::date) IN (SELECT * FROM unnest($7::uuid[], $8::date[])))
                    ORDER BY a.user_id LIMIT $5) d
             JOIN users u ON u.workspace_id = $1 AND u.id = d.user_id
            ORDER BY d.user_id`,
          [
            workspaceId,
            dueFrom,
            dueTo,
            after,
            pageSize + 1,
            only.userIds ?? null,
            only.pairs?.map((p) => p.courseId) ?? null,
            only.pairs?.map((p) => p.dueOn) ?? null,
          ],
        ),
      );
      const full = rows.length > pageSize;
      const lastLearner = rows.at(-1)?.user_id;
      const candidates = full && rows[0].user_id !== lastLearner ? rows.filter((c) => c.user_id !== lastLearner) : rows;
      if (candidates.length === 0) break;
      after = candidates[candidates.length - 1].user_id;
      if (candidates.some((c) => !titles.has(c.course_id))) {
        // A course whose reminders were switched on since the run started.
        const more = await this.db.tenant(workspaceId, (tx) =>
          tx.query<{ id: string; title: string }>(`SELECT id, title FROM courses WHERE workspace_id = $1`, [
            workspaceId,
          ]),
        );
        for (const c of more) titles.set(c.id, c.title);
      }
      const due = remindersDue(
        candidates.map((c) => ({
          learnerId: c.user_id,
          courseId: c.course_id,
          dueOn: c.due_on,
          status: 'NOT_STARTED' as const,
          remindersOn: true,
        })),
        cadence,
        day,
        since,
      );
      const byLearner = digests(due);
      const managerNotices = only.managers ? due.filter((r) => r.kind === 'MANAGER') : [];
      const dueOn = new Map(candidates.map((c) => [`${c.user_id}:${c.course_id}`, c.due_on]));
      const page: Page = { candidates: new Map(candidates.map((c) => [`${c.user_id}:${c.course_id}`, c])), titles };

      const learners = only.digests ? [...byLearner.entries()] : [];
      for (let i = 0; i < learners.length; i += batchSize) {
        await this.options.beforeBatch?.(run.batchNo++);
        digestCount += await this.db.tenant(workspaceId, (tx) =>
          this.sendDigests(tx, workspaceId, ws, learners.slice(i, i + batchSize), page),
        );
      }
      for (let i = 0; i < managerNotices.length; i += batchSize) {
        await this.options.beforeBatch?.(run.batchNo++);
        managerMails += await this.db.tenant(workspaceId, (tx) =>
          this.sendManagerNotices(
            tx,
            workspaceId,
            ws,
            managerNotices.slice(i, i + batchSize),
            dueOn,
            cadence.managerAfterDays ?? 0,
          ),
        );
      }
      if (!full) break;
    }
    return { digests: digestCount, managerMails };
  }

  /**
   * A batch of learners, in one transaction: one statement writes the keys of their reminders and returns those that
   * were new (a key already there, or stood for by an admin's "remind now" of the day, is not). When the mail goes to
   * the outbox, a second statement writes the digest of every learner whose reminders were all new: the template
   * renders each distinct list of course lines once (a page of learners has a handful), with a stand-in for the first
   * name that the statement replaces, so no mail is composed row by row here. A learner of whom only some reminders
   * were new (a manual reminder of one course today, a course assigned since the morning's run), and every learner when
   * mail leaves by another transport (SMTP), is composed here from the new keys and handed to the mailer.
   */
  private async sendDigests(
    tx: Sql,
    workspaceId: string,
    ws: Workspace,
    learners: [string, ReminderToSend[]][],
    page: Page,
  ): Promise<number> {
    const inSql = this.mail instanceof OutboxMessages;
    const stand = `\u27e6first-name-${randomUUID()}\u27e7`;
    const shapes = new Map<string, number>();
    const subjects: string[] = [];
    const bodies: string[] = [];
    const learnerShape: number[] = [];
    const learnerName: string[] = [];
    const learnerEmail: string[] = [];
    const r = {
      user: [] as string[],
      course: [] as string[],
      kind: [] as string[],
      on: [] as string[],
      cycle: [] as number[],
      email: [] as string[],
    };
    for (const [learnerId, list] of learners) {
      const first = page.candidates.get(`${learnerId}:${list[0].courseId}`)!;
      // Without a first name, a language other than English greets plainly ("नमस्ते,"), not with "there".
      const plain = first.language !== 'ENGLISH' && !oneLine(first.first_name);
      const shape = `${first.language}|${plain}|${list
        .map((x) => `${x.courseId}|${x.kind}|${page.candidates.get(`${x.learnerId}:${x.courseId}`)!.due_on}`)
        .join(';')}`;
      let i = shapes.get(shape);
      if (i === undefined && inSql) {
        const courses = list.map((x) => this.digestLine(x, page));
        const m = templates.courseReminderDigest({
          language: first.language,
          workspaceName: ws.name,
          firstName: plain ? '' : stand,
          link: `${ws.origin}/`,
          courses,
        });
        i = subjects.length;
        subjects.push(m.subject);
        bodies.push(m.text);
        shapes.set(shape, i);
      }
      learnerShape.push(i ?? 0);
      learnerName.push(oneLine(first.first_name) || 'there');
      learnerEmail.push(first.email);
      for (const x of list) {
        r.user.push(x.learnerId);
        r.course.push(x.courseId);
        r.kind.push(x.kind);
        r.on.push(x.on);
        r.cycle.push(page.candidates.get(`${x.learnerId}:${x.courseId}`)!.cycle);
        r.email.push(first.email);
      }
    }
    // One row back: how many keys were new and, only when some were not, which were (a page's worth of rows read back
    // for nothing is most of the cost on PGlite).
    const [written] = await tx.query<{ n: number; fresh: [string, string, ReminderToSend['kind']][] | null }>(
      `WITH k AS (
         INSERT INTO course_reminders (workspace_id, user_id, course_id, kind, on_day, cycle, sent_to)
         SELECT $1, x.user_id, x.course_id, x.kind, x.on_day, x.cycle, x.email
           FROM unnest($2::uuid[], $3::uuid[], $4::text[], $5::date[], $6::int[], $7::text[]) AS x(user_id, course_id, kind, on_day, cycle, email)
          -- An admin's "remind now" of the day (docs/learning.md "Reminders") stands for the day's reminder.
          WHERE NOT EXISTS (SELECT 1 FROM course_reminders m WHERE m.workspace_id = $1 AND m.course_id = x.course_id AND m.user_id = x.user_id
                               AND m.kind = 'MANUAL' AND m.on_day = x.on_day)
         ON CONFLICT (workspace_id, user_id, course_id, kind, on_day) DO NOTHING
         RETURNING user_id, course_id, kind
       )
       SELECT count(*)::int AS n, CASE WHEN count(*) < $8 THEN coalesce(json_agg(json_build_array(user_id, course_id, kind)), '[]') END AS fresh FROM k`,
      [workspaceId, r.user, r.course, r.kind, r.on, r.cycle, r.email, r.user.length],
    );
    const fresh = written.fresh
      ? written.fresh.map(([user_id, course_id, kind]) => ({ user_id, course_id, kind }))
      : r.user.map((user_id, i) => ({ user_id, course_id: r.course[i], kind: r.kind[i] as ReminderToSend['kind'] }));
    const freshCount = new Map<string, number>();
    for (const row of fresh) freshCount.set(row.user_id, (freshCount.get(row.user_id) ?? 0) + 1);
    // A learner all of whose reminders are fresh gets the digest of their whole list, written by one statement.
    const whole = inSql
      ? learners.map(([id, list], i) => (freshCount.get(id) === list.length ? i : -1)).filter((i) => i >= 0)
      : [];
    if (whole.length > 0) {
      await tx.query(
        `INSERT INTO outbox_messages (workspace_id, channel, recipient, subject, body, attachments)
         SELECT $1, 'EMAIL', w.email, ($5::text[])[w.shape], replace(($6::text[])[w.shape], $7, w.first_name), '[]'::jsonb
           FROM unnest($2::text[], $3::text[], $4::int[]) AS w(email, first_name, shape)`,
        [
          workspaceId,
          whole.map((i) => learnerEmail[i]),
          whole.map((i) => learnerName[i]),
          whole.map((i) => learnerShape[i] + 1),
          subjects,
          bodies,
          stand,
        ],
      );
    }
    const wholeIds = new Set(whole.map((i) => learners[i][0]));
    const result = { mailed: whole.length, partial: fresh.filter((row) => !wholeIds.has(row.user_id)) };
    const order = { OVERDUE: 0, ON_DUE: 1, BEFORE_DUE: 2, MANAGER: 3 } as const;
    const perLearner = new Map<string, typeof result.partial>();
    for (const row of result.partial) perLearner.set(row.user_id, [...(perLearner.get(row.user_id) ?? []), row]);
    const mails: OutgoingMail[] = [...perLearner.values()].map((rows) => {
      rows.sort((a, b) => order[a.kind] - order[b.kind]);
      const first = page.candidates.get(`${rows[0].user_id}:${rows[0].course_id}`)!;
      return {
        workspaceId,
        to: first.email,
        ...templates.courseReminderDigest({
          language: first.language,
          workspaceName: ws.name,
          firstName: first.first_name,
          link: `${ws.origin}/`,
          courses: rows.map((x) =>
            this.digestLine({ learnerId: x.user_id, courseId: x.course_id, kind: x.kind }, page),
          ),
        }),
      };
    });
    await this.mail.sendMany(mails, tx);
    return result.mailed + mails.length;
  }

  private digestLine(r: Pick<ReminderToSend, 'learnerId' | 'courseId' | 'kind'>, page: Page): DigestLine {
    const c = page.candidates.get(`${r.learnerId}:${r.courseId}`)!;
    return {
      title: page.titles.get(r.courseId) ?? '',
      dueOn: new Date(`${c.due_on}T00:00:00Z`),
      kind: r.kind as DigestLine['kind'],
    };
  }

  /** The learner's department managers, once per learner, course and day; a department without a manager records nothing. */
  private async sendManagerNotices(
    tx: Sql,
    workspaceId: string,
    ws: Workspace,
    notices: ReminderToSend[],
    dueOn: Map<string, string>,
    days: number,
  ): Promise<number> {
    const fresh = await tx.query<{ learner: string; title: string; due_on: string; managers: string[] }>(
      `WITH x AS (
         SELECT x.* FROM json_to_recordset($2::json) AS x(user_id uuid, course_id uuid, on_day date)
       ), m AS (
         SELECT x.user_id, x.course_id, x.on_day, array_agg(DISTINCT mu.email ORDER BY mu.email) AS managers
           FROM x JOIN users u ON u.workspace_id = $1 AND u.id = x.user_id
           JOIN department_managers dm ON dm.workspace_id = $1 AND dm.department_id = u.department_id AND dm.user_id <> u.id
           JOIN users mu ON mu.workspace_id = $1 AND mu.id = dm.user_id AND mu.status <> 'INACTIVE'
          GROUP BY x.user_id, x.course_id, x.on_day
       ), r AS (
         INSERT INTO course_reminders (workspace_id, user_id, course_id, kind, on_day, cycle, sent_to)
         SELECT $1, m.user_id, m.course_id, 'MANAGER', m.on_day, a.cycle, array_to_string(m.managers, ',')
           FROM m JOIN course_assignments a ON a.workspace_id = $1 AND a.course_id = m.course_id AND a.user_id = m.user_id
         ON CONFLICT (workspace_id, user_id, course_id, kind, on_day) DO NOTHING
         RETURNING user_id, course_id, sent_to
       )
       SELECT u.first_name || ' ' || u.last_name AS learner, c.title, r.course_id::text || ':' || r.user_id::text AS due_on,
              string_to_array(r.sent_to, ',') AS managers
         FROM r JOIN users u ON u.workspace_id = $1 AND u.id = r.user_id JOIN courses c ON c.workspace_id = $1 AND c.id = r.course_id`,
      [
        workspaceId,
        JSON.stringify(notices.map((r) => ({ user_id: r.learnerId, course_id: r.courseId, on_day: r.on }))),
      ],
    );
    const mails: OutgoingMail[] = fresh.flatMap((row) => {
      const [courseId, userId] = row.due_on.split(':');
      const due = new Date(`${dueOn.get(`${userId}:${courseId}`)}T00:00:00Z`);
      return row.managers.map((to) => ({
        workspaceId,
        to,
        ...templates.courseOverdueManager({
          workspaceName: ws.name,
          learnerName: row.learner,
          courseTitle: row.title,
          dueOn: due,
          days,
        }),
      }));
    });
    await this.mail.sendMany(mails, tx);
    return mails.length;
  }
}

export const JOB_ASSIGNMENT_MAIL = 'course-assignment-mail';
export const JOB_REMINDERS = 'course-reminders';
export const JOB_REMINDERS_TICK = 'course-reminders-tick';
