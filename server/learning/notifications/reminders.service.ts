import { isCanadian, languagesOf } from '../../platform/languages';
import type {
  AwaitingCourse,
  PolicyRemindBody,
  RemindBody,
  RemindResult,
} from '../../../src/contracts/learning/notifications.contract';
import { learnerStatus, type ReminderCadence } from '../../../src/domain/courses/assignment-lifecycle';
import { dueKind, policyReminderToday, reminderToday, type DueKind } from '../../../src/domain/courses/reminder-rules';
import type { CourseLanguage } from '../../../src/domain/courses/course';
import { audit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { utcDay } from '../../platform/clock';
import type { Database, Sql } from '../../platform/db/database';
import { ok, refuse, type Outcome } from '../../platform/refusal';
import { templates } from '../../platform/message-templates';
import type { Mailer, OutgoingMail } from '../../platform/messages';
import { publicOrigin } from '../../platform/tenancy';
import { assignmentSettings } from '../courses/assignment.service';
import type { UnitScope } from '../courses/user-directory';
import { WorkspacePolicies } from '../policies/policies.service';
import * as policyRepo from '../policies/policies.repository';
import * as repo from './reminders.repository';

export interface Reminder {
  workspaceId: string;
  userId: string;
  /** A business-unit admin's unit (null: every unit). */
  scope: UnitScope;
  ip: string | null;
}

interface Workspace {
  name: string;
  origin: string;
}

const day = (value: string) => new Date(`${value}T00:00:00Z`);

function cadenceOf(s: Awaited<ReturnType<typeof assignmentSettings>>): ReminderCadence {
  return {
    beforeDays: s.beforeDays,
    onDueDate: s.onDueDate,
    overdueEveryDays: s.overdueEveryDays,
    overdueTimes: s.overdueTimes,
    managerAfterDays: s.managerAfterDays,
  };
}

/**
 * The admins' "remind now" (course and policy), the learner's awaiting courses, the daily policy reminders and the
 * completion mail (docs/learning.md "Reminders"). Every reminder writes its idempotency key (learner, course or
 * policy, kind, day) in the transaction that puts its mail in the outbox, so nothing goes twice the same day whoever
 * sends it: the daily run, another admin, a retried job or another server process.
 */
export class Reminders {
  constructor(
    private readonly db: Database,
    private readonly mail: Mailer,
    private readonly clock: Clock,
    private readonly publicUrl: string,
  ) {}

  today(): string {
    return utcDay(this.clock.now());
  }

  async activeWorkspaces(): Promise<{ id: string }[]> {
    return repo.activeWorkspaces(this.db);
  }

  private async workspace(workspaceId: string): Promise<Workspace | null> {
    const ws = await repo.workspaceRow(this.db, workspaceId);
    return ws?.active ? { name: ws.company_name, origin: publicOrigin(this.publicUrl, ws.workspace_url) } : null;
  }

  /**
   * Reminds now the learners of a course who have not completed it (`ALL`: kind MANUAL), or those due or overdue
   * (`DUE`: the kind the daily run would send, so it is counted once with it). A learner reminded of the course
   * today already (by either) is not mailed again.
   */
  async remindCourse(actor: Reminder, body: RemindBody, mode: 'ALL' | 'DUE'): Promise<Outcome<RemindResult>> {
    const ws = await this.workspace(actor.workspaceId);
    if (!ws) return refuse('not-found', 'NOT_FOUND', 'Workspace not found');
    const today = this.today();
    return this.db.tenant(actor.workspaceId, async (tx) => {
      const course = await repo.reminderCourse(tx, actor.workspaceId, body.courseId);
      if (!course) return refuse('not-found', 'NOT_FOUND', 'Course not found');
      if (!course.reminder_enabled) {
        return refuse(
          'conflict',
          'REMINDERS_OFF',
          'Reminders are switched off for this course: switch them on to remind its learners.',
        );
      }
      const settings = await assignmentSettings(tx, actor.workspaceId);
      const learners = await repo.learnersToRemind(
        tx,
        actor.workspaceId,
        body.courseId,
        actor.scope,
        body.userIds ?? null,
      );
      const targets: { user_id: string; kind: DueKind | 'MANUAL'; due_on: string | null }[] = [];
      for (const l of learners) {
        const kind = mode === 'ALL' ? 'MANUAL' : dueKind(l.due_on, today, settings.beforeDays);
        if (kind) targets.push({ user_id: l.user_id, kind, due_on: l.due_on });
      }
      const asked = body.userIds ? new Set(body.userIds).size : learners.length;
      const fresh = await repo.insertCourseReminderKeys(
        tx,
        actor.workspaceId,
        body.courseId,
        today,
        targets.map((t) => ({ user_id: t.user_id, kind: t.kind })),
      );
      const dueOf = new Map(targets.map((t) => [t.user_id, t.due_on]));
      const country = (await isCanadian(tx, actor.workspaceId)) ? ('CA' as const) : ('IN' as const);
      const mails: OutgoingMail[] = fresh.map((r) => {
        const dueOn = dueOf.get(r.user_id) ?? null;
        const kind = r.kind === 'MANUAL' ? (dueKind(dueOn, today, [36500]) ?? 'BEFORE_DUE') : (r.kind as DueKind);
        return {
          workspaceId: actor.workspaceId,
          to: r.email,
          ...templates.courseReminderDigest({
            language: r.language,
            country,
            workspaceName: ws.name,
            firstName: r.first_name,
            link: `${ws.origin}/training/${body.courseId}`,
            courses: [{ title: course.title, dueOn: dueOn ? day(dueOn) : null, kind }],
          }),
        };
      });
      await this.mail.sendMany(mails, tx);
      const action = mode === 'ALL' ? 'notification.course-reminder-sent' : 'notification.course-due-reminder-sent';
      await audit(tx, {
        workspaceId: actor.workspaceId,
        actorUserId: actor.userId,
        action,
        target: body.courseId,
        ip: actor.ip,
        details: {
          courseTitle: course.title,
          mailed: fresh.length,
          learnerIds: fresh.map((r) => r.user_id),
          chosen: body.userIds?.length ?? null,
        },
      });
      return ok({
        mailed: fresh.length,
        alreadyReminded: targets.length - fresh.length,
        notConcerned: asked - targets.length,
      });
    });
  }

  /** Reminds now those in a published policy's scope who have not accepted its current version (all, or the chosen). */
  async remindPolicy(actor: Reminder, body: PolicyRemindBody): Promise<Outcome<RemindResult>> {
    const ws = await this.workspace(actor.workspaceId);
    if (!ws) return refuse('not-found', 'NOT_FOUND', 'Workspace not found');
    const today = this.today();
    const policies = new WorkspacePolicies(this.db, undefined, () => today);
    const acceptance = await policies.acceptanceRows(actor.workspaceId, body.policyId);
    if (!acceptance.ok) return acceptance;
    const { policy, rows } = acceptance.value;
    const chosen = body.userIds ? new Set(body.userIds) : null;
    const inScope = chosen ? rows.filter((r) => chosen.has(r.userId)) : rows;
    const targets = inScope.filter((r) => r.state !== 'ACCEPTED' && r.email);
    return this.db.tenant(actor.workspaceId, async (tx) => {
      const fresh = await this.insertPolicyKeys(
        tx,
        actor.workspaceId,
        targets.map((t) => ({
          user_id: t.userId,
          policy_id: policy.id,
          version: policy.currentVersion,
          kind: 'MANUAL',
          on_day: today,
          email: t.email!,
        })),
        today,
      );
      const byId = new Map(targets.map((t) => [t.userId, t]));
      const languages = await languagesOf(
        tx,
        actor.workspaceId,
        fresh.map((f) => f.user_id),
      );
      const mails: OutgoingMail[] = fresh.map((f) => {
        const t = byId.get(f.user_id)!;
        return {
          workspaceId: actor.workspaceId,
          to: t.email!,
          ...templates.policyReminder({
            language: languages.get(f.user_id),
            workspaceName: ws.name,
            firstName: f.first_name,
            link: `${ws.origin}/`,
            policies: [{ title: policy.title, dueOn: t.dueOn ? day(t.dueOn) : null, overdue: t.state === 'OVERDUE' }],
          }),
        };
      });
      await this.mail.sendMany(mails, tx);
      await audit(tx, {
        workspaceId: actor.workspaceId,
        actorUserId: actor.userId,
        action: 'notification.policy-reminder-sent',
        target: policy.id,
        ip: actor.ip,
        details: {
          title: policy.title,
          version: policy.currentVersion,
          mailed: fresh.length,
          userIds: fresh.map((f) => f.user_id),
          chosen: body.userIds?.length ?? null,
        },
      });
      return ok({
        mailed: fresh.length,
        alreadyReminded: targets.length - fresh.length,
        notConcerned: (chosen ? chosen.size : rows.length) - targets.length,
      });
    });
  }

  /** Keys first: only the rows inserted now (not sent today already, of any kind) come back, with the first name. */
  private async insertPolicyKeys(
    tx: Sql,
    workspaceId: string,
    keys: { user_id: string; policy_id: string; version: number; kind: string; on_day: string; email: string }[],
    today: string,
  ): Promise<{ user_id: string; policy_id: string; kind: string; first_name: string }[]> {
    if (keys.length === 0) return [];
    return repo.insertPolicyReminderKeys(tx, workspaceId, keys, today);
  }

  /**
   * The daily policy run of a workspace (a job of the queue): everyone in a published policy's scope who has not
   * accepted gets the cadence's reminder of the day (before the deadline, on it, a few times after, then never), one
   * mail per person for all their policies. Returns the mails sent.
   */
  async runPolicyReminders(workspaceId: string, today: string = this.today(), batchSize = 500): Promise<number> {
    const ws = await this.workspace(workspaceId);
    if (!ws) return 0;
    const cadence = cadenceOf(await this.db.tenant(workspaceId, (tx) => assignmentSettings(tx, workspaceId)));
    const policies = new WorkspacePolicies(this.db, undefined, () => today);
    const published = await this.db.tenant(workspaceId, (tx) => policyRepo.publishedPolicies(tx, workspaceId));
    const due: {
      user_id: string;
      policy_id: string;
      version: number;
      kind: string;
      on_day: string;
      email: string;
      title: string;
      dueOn: string;
      overdue: boolean;
    }[] = [];
    for (const p of published) {
      if (p.versions.length === 0) continue;
      const acceptance = await policies.acceptanceRows(workspaceId, p.id);
      if (!acceptance.ok) continue;
      const { policy, rows } = acceptance.value;
      for (const row of rows) {
        if (row.state === 'ACCEPTED' || !row.dueOn || !row.email) continue;
        const r = policyReminderToday(cadence, row.dueOn, today);
        if (!r) continue;
        due.push({
          user_id: row.userId,
          policy_id: policy.id,
          version: policy.currentVersion,
          kind: r.kind,
          on_day: r.on,
          email: row.email,
          title: policy.title,
          dueOn: row.dueOn,
          overdue: row.state === 'OVERDUE',
        });
      }
    }
    const people = [...new Set(due.map((d) => d.user_id))];
    let sent = 0;
    for (let i = 0; i < people.length; i += batchSize) {
      const batch = new Set(people.slice(i, i + batchSize));
      const keys = due.filter((d) => batch.has(d.user_id));
      sent += await this.db.tenant(workspaceId, async (tx) => {
        const fresh = await this.insertPolicyKeys(
          tx,
          workspaceId,
          keys.map(({ title: _t, dueOn: _d, overdue: _o, ...k }) => k),
          today,
        );
        const byPerson = new Map<string, typeof keys>();
        for (const f of fresh) {
          const k = keys.find((x) => x.user_id === f.user_id && x.policy_id === f.policy_id)!;
          byPerson.set(f.user_id, [...(byPerson.get(f.user_id) ?? []), k]);
        }
        const firstName = new Map(fresh.map((f) => [f.user_id, f.first_name]));
        const languages = await languagesOf(tx, workspaceId, [...byPerson.keys()]);
        const mails: OutgoingMail[] = [...byPerson.entries()].map(([userId, list]) => {
          list.sort((a, b) => Number(b.overdue) - Number(a.overdue) || a.dueOn.localeCompare(b.dueOn));
          return {
            workspaceId,
            to: list[0].email,
            ...templates.policyReminder({
              language: languages.get(userId),
              workspaceName: ws.name,
              firstName: firstName.get(userId) ?? '',
              link: `${ws.origin}/`,
              policies: list.map((k) => ({ title: k.title, dueOn: day(k.dueOn), overdue: k.overdue })),
            }),
          };
        });
        await this.mail.sendMany(mails, tx);
        return mails.length;
      });
    }
    return sent;
  }

  /** The caller's courses awaiting action, most urgent first, with what today's digest says of each. */
  async awaiting(workspaceId: string, userId: string): Promise<{ items: AwaitingCourse[] }> {
    const today = this.today();
    return this.db.tenant(workspaceId, async (tx) => {
      const cadence = cadenceOf(await assignmentSettings(tx, workspaceId));
      const rows = await repo.awaitingRows(tx, workspaceId, userId);
      const items: AwaitingCourse[] = [];
      for (const r of rows) {
        const status = learnerStatus(
          {
            dueOn: r.due_on,
            startedOn: r.status === 'IN_PROGRESS' ? today : null,
            completedOn: r.status === 'COMPLETED' ? (r.completed_on ?? today) : null,
            expiresOn: r.expires_on,
          },
          today,
        );
        if (status === 'COMPLETED') continue;
        items.push({
          courseId: r.course_id,
          title: r.title,
          status,
          dueOn: r.due_on,
          reminderToday: r.reminder_enabled && status !== 'EXPIRED' ? reminderToday(cadence, r.due_on, today) : null,
          lastRemindedOn: r.last_reminded_on,
          remindersOn: r.reminder_enabled,
        });
      }
      const rank = { EXPIRED: 0, OVERDUE: 1, IN_PROGRESS: 2, NOT_STARTED: 3 } as const;
      items.sort(
        (a, b) =>
          rank[a.status] - rank[b.status] ||
          (a.dueOn ?? '9999').localeCompare(b.dueOn ?? '9999') ||
          a.title.localeCompare(b.title),
      );
      return { items };
    });
  }

  /** Mails the learners whose completion is pending its mail (imported completions are not mailed); returns how many. */
  async sendCompletionMails(workspaceId: string, batch = 500): Promise<number> {
    const ws = await this.workspace(workspaceId);
    if (!ws) return 0;
    let sent = 0;
    for (;;) {
      const n = await this.db.tenant(workspaceId, async (tx) => {
        const rows = await repo.pendingCompletionMails(tx, workspaceId, batch);
        if (rows.length === 0) return 0;
        const languages = await languagesOf(
          tx,
          workspaceId,
          rows.map((r) => r.user_id),
        );
        const country = (await isCanadian(tx, workspaceId)) ? ('CA' as const) : ('IN' as const);
        const mails: OutgoingMail[] = rows
          .filter((r) => r.source !== 'IMPORTED' && r.email)
          .map((r) => ({
            workspaceId,
            to: r.email!,
            ...templates.courseCompleted({
              language: languages.get(r.user_id),
              country,
              workspaceName: ws.name,
              firstName: r.first_name,
              courseTitle: r.course_title,
              completedOn: day(r.completed_on),
              expiresOn: r.expires_on ? day(r.expires_on) : null,
              certificateCode: r.code,
              link: `${ws.origin}/training/${r.course_id}`,
            }),
          }));
        await this.mail.sendMany(mails, tx);
        await repo.markCompletionsMailed(
          tx,
          workspaceId,
          rows.map((r) => r.id),
        );
        return rows.length;
      });
      sent += n;
      if (n < batch) return sent;
    }
  }
}
