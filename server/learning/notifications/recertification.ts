import { addCalendarDays } from '../../../src/domain/shared/calendar';
import { isCanadian, languagesOf } from '../../platform/languages';
import type { Clock } from '../../platform/clock';
import { utcDay } from '../../platform/clock';
import type { Database, Sql } from '../../platform/db/database';
import { templates } from '../../platform/message-templates';
import type { Mailer, OutgoingMail } from '../../platform/messages';
import { publicOrigin } from '../../platform/tenancy';
import { emitWebhookEvents } from '../../platform/webhooks/webhook-outbox';
import { assignmentSettings } from '../courses/assignment.service';
import { consumeCatalogueCredits, creditBalance, lockCourseCredits } from '../credits/credit-ledger';

const day = (value: string) => new Date(`${value}T00:00:00Z`);

/** Days between two reminders to the admins that a catalogue course lacks credits (until it has them). */
const CREDIT_NOTICE_EVERY_DAYS = 7;

interface Due {
  assignment_id: string;
  user_id: string;
  cycle: number;
  expires_on: string;
  email: string | null;
  first_name: string;
}

/**
 * Recertification (docs/learning.md "Recertification"), the daily job of a workspace: a course with a validity is
 * assigned again `recertifyDaysBefore` days before each learner's completion expires, as a new cycle (the earlier
 * completion and certificate stay; attempts start afresh; completing issues a new certificate), due on the expiry
 * day, and the learner is told. A catalogue course consumes a credit per re-assignment; when the coming
 * re-assignments (within `creditNoticeDaysBefore` days) need more credits than are left, the workspace admins are
 * told then, and again every week until there are enough, never only after people fell out of compliance. Running
 * twice the same day changes nothing: a re-assigned row is no longer completed, and the notices carry their key.
 */
export class Recertification {
  constructor(
    private readonly db: Database,
    private readonly mail: Mailer,
    private readonly clock: Clock,
    private readonly publicUrl: string,
  ) {}

  async run(
    workspaceId: string,
    today: string = utcDay(this.clock.now()),
  ): Promise<{ reassigned: number; creditNotices: number }> {
    const [ws] = await this.db.query<{ company_name: string; workspace_url: string; active: boolean }>(
      `SELECT company_name, workspace_url, active FROM workspaces WHERE id = $1`,
      [workspaceId],
    );
    if (!ws?.active) return { reassigned: 0, creditNotices: 0 };
    const origin = publicOrigin(this.publicUrl, ws.workspace_url);
    const courses = await this.db.tenant(workspaceId, (tx) =>
      tx.query<{ id: string; title: string; from_catalogue: boolean }>(
        `SELECT id, title, from_catalogue FROM courses WHERE workspace_id = $1 AND validity_years IS NOT NULL AND status = 'PUBLISHED' ORDER BY id`,
        [workspaceId],
      ),
    );
    let reassigned = 0;
    let creditNotices = 0;
    for (const course of courses) {
      await this.db.tenant(workspaceId, async (tx) => {
        const settings = await assignmentSettings(tx, workspaceId);
        if (course.from_catalogue)
          creditNotices += await this.creditNotice(tx, workspaceId, ws.company_name, origin, course, today, settings);
        reassigned += await this.reassign(
          tx,
          workspaceId,
          ws.company_name,
          origin,
          course,
          today,
          settings.recertifyDaysBefore,
        );
      });
    }
    return { reassigned, creditNotices };
  }

  /** Completed assignments of the course whose current completion expires by `until` (locked; others' runs skip them). */
  private expiring(tx: Sql, workspaceId: string, courseId: string, until: string, lock: boolean): Promise<Due[]> {
    return tx.query<Due>(
      `SELECT a.id AS assignment_id, a.user_id, a.cycle, to_char(x.expires_on, 'YYYY-MM-DD') AS expires_on, u.email, u.first_name
         FROM course_assignments a
         JOIN users u ON u.workspace_id = a.workspace_id AND u.id = a.user_id AND u.status <> 'INACTIVE'
         JOIN LATERAL (SELECT expires_on FROM course_completions c WHERE c.workspace_id = a.workspace_id AND c.assignment_id = a.id AND c.cycle = a.cycle
                        ORDER BY c.completed_at DESC LIMIT 1) x ON x.expires_on IS NOT NULL
        WHERE a.workspace_id = $1 AND a.course_id = $2 AND a.status = 'COMPLETED' AND a.unassigned_at IS NULL AND x.expires_on <= $3::date
        ORDER BY x.expires_on, a.id
        ${lock ? 'FOR UPDATE OF a SKIP LOCKED' : ''}`,
      [workspaceId, courseId, until],
    );
  }

  private async reassign(
    tx: Sql,
    workspaceId: string,
    workspaceName: string,
    origin: string,
    course: { id: string; title: string; from_catalogue: boolean },
    today: string,
    leadDays: number,
  ): Promise<number> {
    let due = await this.expiring(tx, workspaceId, course.id, addCalendarDays(today, leadDays), true);
    if (due.length === 0) return 0;
    if (course.from_catalogue) {
      // Only as many as the credits allow (the earliest expiries first); the admins were told ahead of time.
      await lockCourseCredits(tx, workspaceId, course.id);
      due = due.slice(0, Math.max(0, await creditBalance(tx, workspaceId, course.id)));
      if (due.length === 0) return 0;
      await consumeCatalogueCredits(
        tx,
        workspaceId,
        course.id,
        due.map((d) => d.user_id),
        'recertification',
      );
    }
    const ids = due.map((d) => d.assignment_id);
    await tx.query(
      `INSERT INTO course_assignment_history (workspace_id, assignment_id, course_id, user_id, cycle, course_version, assigned_by,
                                              assigned_at, due_at, status, completed_at, unassigned_at, unassigned_by)
       SELECT workspace_id, id, course_id, user_id, cycle, course_version, assigned_by, assigned_at, due_at, status, completed_at, unassigned_at, unassigned_by
         FROM course_assignments WHERE workspace_id = $1 AND id = ANY($2::uuid[])
       ON CONFLICT (workspace_id, assignment_id, cycle) DO NOTHING`,
      [workspaceId, ids],
    );
    await tx.query(
      `UPDATE course_assignments a
          SET cycle = a.cycle + 1, status = 'ASSIGNED', completed_at = NULL, assigned_at = $3, assigned_by = NULL, assigned_via = 'AUTO',
              due_at = (x.expires_on::date)::timestamp AT TIME ZONE 'UTC', course_version = c.published_version, assignment_mail_pending = false
         FROM json_to_recordset($4::json) AS x(id uuid, expires_on text), courses c
        WHERE a.workspace_id = $1 AND a.id = x.id AND c.workspace_id = $1 AND c.id = $2`,
      [
        workspaceId,
        course.id,
        this.clock.now(),
        JSON.stringify(due.map((d) => ({ id: d.assignment_id, expires_on: d.expires_on }))),
      ],
    );
    await tx.query(
      `INSERT INTO course_reminders (workspace_id, user_id, course_id, kind, on_day, cycle, sent_to)
       SELECT $1, x.user_id, $2, 'RECERTIFY', $3::date, x.cycle + 1, coalesce(x.email, '')
         FROM json_to_recordset($4::json) AS x(user_id uuid, cycle int, email text)
       ON CONFLICT (workspace_id, user_id, course_id, kind, on_day) DO NOTHING`,
      [workspaceId, course.id, today, JSON.stringify(due)],
    );
    await tx.query(
      `INSERT INTO audit_events (workspace_id, actor_user_id, action, target, ip, details)
       SELECT $1, NULL, 'course.recertification-assigned', x.user_id::text, NULL,
              jsonb_build_object('courseId', $2::text, 'cycle', x.cycle + 1, 'expiresOn', x.expires_on)
         FROM json_to_recordset($3::json) AS x(user_id uuid, cycle int, expires_on text)`,
      [workspaceId, course.id, JSON.stringify(due)],
    );
    // The certificate is about to expire and the course is due again: told once per cycle, with the change.
    await emitWebhookEvents(
      tx,
      workspaceId,
      'certificate.expiring',
      due.map((d) => ({ userId: d.user_id, courseId: course.id, expiresOn: d.expires_on })),
    );
    await emitWebhookEvents(
      tx,
      workspaceId,
      'course.assigned',
      due.map((d) => ({ userId: d.user_id, courseId: course.id, dueDate: d.expires_on })),
    );
    const languages = await languagesOf(
      tx,
      workspaceId,
      due.map((d) => d.user_id),
    );
    const country = (await isCanadian(tx, workspaceId)) ? ('CA' as const) : ('IN' as const);
    const mails: OutgoingMail[] = due
      .filter((d) => d.email)
      .map((d) => ({
        workspaceId,
        to: d.email!,
        ...templates.courseRecertify({
          language: languages.get(d.user_id),
          country,
          workspaceName,
          firstName: d.first_name,
          courseTitle: course.title,
          expiresOn: day(d.expires_on),
          link: `${origin}/training/${course.id}`,
        }),
      }));
    await this.mail.sendMany(mails, tx);
    return due.length;
  }

  /** Tells the workspace admins ahead of time when the coming recertifications need more credits than are left. */
  private async creditNotice(
    tx: Sql,
    workspaceId: string,
    workspaceName: string,
    origin: string,
    course: { id: string; title: string },
    today: string,
    settings: { creditNoticeDaysBefore: number; recertifyDaysBefore: number },
  ): Promise<number> {
    // Recertifications happen `recertifyDaysBefore` before expiry: look that much further than the notice period.
    const coming = await this.expiring(
      tx,
      workspaceId,
      course.id,
      addCalendarDays(today, settings.creditNoticeDaysBefore + settings.recertifyDaysBefore),
      false,
    );
    if (coming.length === 0) return 0;
    const balance = await creditBalance(tx, workspaceId, course.id);
    if (balance >= coming.length) return 0;
    const admins = await tx.query<{ id: string; email: string }>(
      `INSERT INTO course_reminders (workspace_id, user_id, course_id, kind, on_day, cycle, sent_to)
       SELECT $1, u.id, $2, 'NO_CREDITS', $3::date, 1, u.email
         FROM users u
        WHERE u.workspace_id = $1 AND u.role = 'WORKSPACE_ADMIN' AND u.status <> 'INACTIVE' AND u.email IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM course_reminders r WHERE r.workspace_id = $1 AND r.user_id = u.id AND r.course_id = $2 AND r.kind = 'NO_CREDITS'
                             AND r.on_day > $3::date - $4::int)
       ON CONFLICT (workspace_id, user_id, course_id, kind, on_day) DO NOTHING
       RETURNING user_id AS id, sent_to AS email`,
      [workspaceId, course.id, today, CREDIT_NOTICE_EVERY_DAYS],
    );
    const firstOn = addCalendarDays(coming[0].expires_on, -settings.recertifyDaysBefore);
    const mails: OutgoingMail[] = admins.map((a) => ({
      workspaceId,
      to: a.email,
      ...templates.courseCreditsShort({
        workspaceName,
        courseTitle: course.title,
        needed: coming.length,
        balance,
        firstOn: day(firstOn < today ? today : firstOn),
        link: `${origin}/courses/${course.id}`,
      }),
    }));
    await this.mail.sendMany(mails, tx);
    return mails.length;
  }
}
