import {
  escalationLevel,
  reminderDue,
  REMINDER_LABELS,
  stepDueOn,
  type ReminderKind,
  type StepTimeLimit,
} from '../../../src/domain/complaints/case-schedule';
import { clocksOfCase } from '../../../src/domain/complaints/case-runtime';
import {
  caseClocks,
  monthlyUpdates,
  type CaseDates,
  type Clock as CaseClock,
} from '../../../src/domain/complaints/statutory-clocks';
import { daysBetween, type IsoDate, type WorkingCalendar } from '../../../src/domain/shared/calendar';
import { JOB_CASE_CLOCKS } from '../../platform/case-clock-jobs';
import type { Clock } from '../../platform/clock';
import { utcDay } from '../../platform/clock';
import type { Database, Sql, Statement } from '../../platform/db/database';
import type { Mailer, OutgoingMail } from '../../platform/messages';
import { publicOrigin } from '../../platform/tenancy';
import { emitWebhookEvents, webhookListens } from '../../platform/webhooks/webhook-outbox';
import { caseNumberText, DATE_COLUMNS, type ComplaintRow, type DateColumn } from './complaints.repository';
import { calendarOf, dateTimeSettingsOf, regimeOf, todayIn, type RegimeSettings } from './regime';
import { formatDate } from '../../../src/domain/shared/date-time';
import { templates } from '../../platform/message-templates';

/**
 * The daily case job (docs/case.md "The daily case job"), one run per workspace and day on the job queue:
 * 1. recomputes the clocks of every open case and stores their due dates (complaint_clock_due), in batches;
 * 2. mails the assigned, not recused, committee members 3 working days and 1 day before a clock's due day and the day
 *    after it is missed (case-schedule.ts `reminderDue`);
 * 3. escalates a case whose clock or current step passed the thresholds of the builder's escalation setting of its
 *    unit, to the setting's target: a case event, a row shown on the case, a mail without the case's contents;
 * 4. Canada (CA-08): the month's status update to each party;
 * 5. retention of closed cases: the committee warned before a purge, and the purge (retention-job.ts).
 * Every mail is sent in the transaction that writes its key (case, clock, kind, due day; case, item, level, due day;
 * case, party, month), so a run that is repeated or retried sends nothing twice.
 */

export interface CaseJobOptions {
  /** Cases per transaction of the clock recompute (default 1,000). */
  batchSize?: number;
}

export interface DailyRunResult {
  clocks: number;
  reminders: number;
  escalations: number;
  statusUpdates: number;
  /** Retention (docs/case.md "Retention"): cases whose committee was warned of the purge today, and cases purged. */
  retentionWarnings: number;
  purged: number;
}

interface OpenCase {
  id: string;
  case_number: number;
  compliance: 'IN_POSH' | 'CA_FEDERAL';
  committee_id: string | null;
  received_on: string;
  respondent_identified: boolean;
  [column: string]: unknown;
}

interface StoredClock {
  complaint_id: string;
  clock_id: string;
  started_on: string;
  due_on: string;
  met_on: string | null;
  state: string;
}

/** The clocks a committee works to: every one but the appeal window (a period, not a deadline). */
const STORED = (c: CaseClock) => c.id !== 'IN_APPEAL_WINDOW' && c.startedOn !== null && c.dueOn !== null;

export function caseDates(row: Record<string, unknown>): CaseDates {
  const d = (column: string) => (row[column] as string | null) ?? null;
  return {
    receivedOn: row.received_on as string,
    inquiryStartOn: d('inquiry_start_on'),
    respondentCopySentOn: d('respondent_copy_sent_on'),
    respondentReplyOn: d('respondent_reply_on'),
    inquiryCompletedOn: d('inquiry_completed_on'),
    reportIssuedOn: d('report_issued_on'),
    employerActionOn: d('employer_action_on'),
    firstContactOn: d('first_contact_on'),
    negotiatedMeetingOn: d('negotiated_meeting_on'),
    resolvedOn: d('resolved_on'),
  };
}

/** Calendars by regime and first year, for the years a case's clocks reach (as the case page computes them). */
class Calendars {
  private readonly cache = new Map<string, WorkingCalendar>();
  constructor(
    private readonly regime: RegimeSettings,
    private readonly today: IsoDate,
  ) {}
  of(compliance: 'IN_POSH' | 'CA_FEDERAL', receivedOn: IsoDate): WorkingCalendar {
    const from = Number(receivedOn.slice(0, 4));
    const key = `${compliance}:${from}`;
    let calendar = this.cache.get(key);
    if (!calendar) {
      calendar = calendarOf({ ...this.regime, compliance }, from, Math.max(from, Number(this.today.slice(0, 4))) + 2);
      this.cache.set(key, calendar);
    }
    return calendar;
  }
}

const CASE_COLUMNS = `c.id, c.case_number, c.compliance, c.committee_id, c.received_on::text AS received_on, ${DATE_COLUMNS.map((d) => `c.${d}::text AS ${d}`).join(', ')},
  (nullif(trim(c.respondent_name), '') IS NOT NULL OR nullif(trim(c.respondent_email), '') IS NOT NULL OR c.respondent_user_id IS NOT NULL) AS respondent_identified`;

export class CaseJobs {
  constructor(
    private readonly db: Database,
    private readonly mail: Mailer,
    private readonly clock: Clock,
    private readonly publicUrl: string,
    private readonly options: CaseJobOptions = {},
    /** Step 5, retention of closed cases (retention-job.ts): warnings and purges. */
    private readonly retention?: {
      run(ws: string, day: IsoDate, origin: string): Promise<{ warnings: number; purged: number }>;
    },
  ) {}

  /** Today in UTC (where no workspace is known). */
  today(): IsoDate {
    return utcDay(this.clock.now());
  }

  /** Today in the workspace's zone: the day its clocks count (docs/case.md "The workspace's calendar"). */
  async todayOf(ws: string): Promise<IsoDate> {
    return todayIn(await this.db.tenant(ws, (tx) => regimeOf(tx, ws)), this.clock.now());
  }

  private async workspace(ws: string): Promise<{ name: string; origin: string } | null> {
    const [row] = await this.db.query<{ company_name: string; workspace_url: string; active: boolean }>(
      `SELECT company_name, workspace_url, active FROM workspaces WHERE id = $1`,
      [ws],
    );
    return row?.active ? { name: row.company_name, origin: publicOrigin(this.publicUrl, row.workspace_url) } : null;
  }

  /** The whole daily run of one workspace. */
  async runDaily(ws: string, given?: IsoDate): Promise<DailyRunResult> {
    const day = given ?? (await this.todayOf(ws));
    const site = await this.workspace(ws);
    if (!site) return { clocks: 0, reminders: 0, escalations: 0, statusUpdates: 0, retentionWarnings: 0, purged: 0 };
    const clocks = await this.recomputeClocks(ws, day);
    const reminders = await this.sendReminders(ws, day, site.origin);
    const escalations = await this.escalate(ws, day, site.origin);
    const statusUpdates = await this.sendStatusUpdates(ws, day, site.origin);
    const retention = this.retention ? await this.retention.run(ws, day, site.origin) : { warnings: 0, purged: 0 };
    return {
      clocks,
      reminders,
      escalations,
      statusUpdates,
      retentionWarnings: retention.warnings,
      purged: retention.purged,
    };
  }

  /**
   * Stores the clocks of every open case of the workspace as of `day`, `batchSize` cases per transaction (keyset by
   * id), one upsert per batch (a row whose clock did not change is left as it is: its computed_on is the day it last
   * changed); the rows of cases no longer open go. Answers how many clock rows were computed.
   */
  async recomputeClocks(ws: string, given?: IsoDate): Promise<number> {
    const day = given ?? (await this.todayOf(ws));
    const batch = this.options.batchSize ?? 1000;
    let calendars: Calendars | null = null;
    let after = '00000000-0000-0000-0000-000000000000';
    let written = 0;
    for (;;) {
      // One transaction per batch; a workspace of fewer cases than a batch (most) takes one in all: the regime is read
      // in the first and the rows of cases no longer open are removed in the last.
      const n = await this.db.tenant(ws, async (tx) => {
        calendars ??= new Calendars(await regimeOf(tx, ws), day);
        const rows = await tx.query<OpenCase>(
          `SELECT ${CASE_COLUMNS} FROM complaints c WHERE c.workspace_id = $1 AND c.status = 'OPEN' AND NOT c.confirmation_pending AND c.id > $2 ORDER BY c.id LIMIT $3`,
          [ws, after, batch],
        );
        const out: StoredClock[] = [];
        for (const row of rows) {
          // No identified respondent: no respondent clock runs, so none is stored, reminded or escalated (case-runtime.ts).
          const clocks = clocksOfCase(caseClocks(caseDates(row), calendars.of(row.compliance, row.received_on), day), {
            closed: false,
            respondentIdentified: row.respondent_identified,
          });
          for (const c of clocks.filter(STORED)) {
            out.push({
              complaint_id: row.id,
              clock_id: c.id,
              started_on: c.startedOn!,
              due_on: c.dueOn!,
              met_on: c.metOn,
              state: c.state,
            });
          }
        }
        const milestones = out.length > 0 ? await this.clockMilestones(tx, ws, rows, out) : null;
        if (out.length > 0) {
          await tx.query(
            `INSERT INTO complaint_clock_due (workspace_id, complaint_id, clock_id, started_on, due_on, met_on, state, computed_on)
             SELECT $1, x.complaint_id, x.clock_id, x.started_on, x.due_on, x.met_on, x.state, $3::date
               FROM json_to_recordset($2::json) AS x(complaint_id uuid, clock_id text, started_on date, due_on date, met_on date, state text)
             ON CONFLICT (workspace_id, complaint_id, clock_id) DO UPDATE
               SET started_on = EXCLUDED.started_on, due_on = EXCLUDED.due_on, met_on = EXCLUDED.met_on, state = EXCLUDED.state, computed_on = EXCLUDED.computed_on
             -- A clock that did not change keeps its row (most of them, day after day): no new row version, no index entries.
             WHERE (complaint_clock_due.started_on, complaint_clock_due.due_on, complaint_clock_due.met_on, complaint_clock_due.state)
                   IS DISTINCT FROM (EXCLUDED.started_on, EXCLUDED.due_on, EXCLUDED.met_on, EXCLUDED.state)`,
            [ws, JSON.stringify(out), day],
          );
          if (milestones) {
            await emitWebhookEvents(tx, ws, 'case.clock_met', milestones.met);
            await emitWebhookEvents(tx, ws, 'case.clock_missed', milestones.missed);
          }
        }
        if (rows.length < batch) {
          await tx.query(
            `DELETE FROM complaint_clock_due d WHERE d.workspace_id = $1
               AND NOT EXISTS (SELECT 1 FROM complaints c WHERE c.workspace_id = d.workspace_id AND c.id = d.complaint_id AND c.status = 'OPEN')`,
            [ws],
          );
        } else after = rows[rows.length - 1].id;
        return { cases: rows.length, clocks: out.length };
      });
      written += n.clocks;
      if (n.cases < batch) return written;
    }
  }

  /**
   * The clocks of this batch that are newly met or missed (their stored state was another, or none), for the webhooks:
   * the case number and the clock only. Read only when an endpoint of the workspace listens.
   */
  private async clockMilestones(
    tx: Sql,
    ws: string,
    rows: OpenCase[],
    out: StoredClock[],
  ): Promise<{ met: { caseNumber: string; clock: string }[]; missed: { caseNumber: string; clock: string }[] } | null> {
    const [met, missed] = [
      await webhookListens(tx, ws, 'case.clock_met'),
      await webhookListens(tx, ws, 'case.clock_missed'),
    ];
    if (!met && !missed) return null;
    const before = new Map(
      (
        await tx.query<{ complaint_id: string; clock_id: string; state: string }>(
          `SELECT complaint_id, clock_id, state FROM complaint_clock_due WHERE workspace_id = $1 AND complaint_id = ANY($2::uuid[])`,
          [ws, [...new Set(out.map((c) => c.complaint_id))]],
        )
      ).map((r) => [`${r.complaint_id}/${r.clock_id}`, r.state]),
    );
    const numbers = new Map(rows.map((r) => [r.id, caseNumberText(r.case_number)]));
    const result = {
      met: [] as { caseNumber: string; clock: string }[],
      missed: [] as { caseNumber: string; clock: string }[],
    };
    const isMet = (state: string | undefined) => state === 'MET' || state === 'MET_LATE';
    for (const c of out) {
      const was = before.get(`${c.complaint_id}/${c.clock_id}`);
      const event = { caseNumber: numbers.get(c.complaint_id)!, clock: c.clock_id };
      if (met && isMet(c.state) && !isMet(was)) result.met.push(event);
      else if (missed && c.state === 'MISSED' && was !== 'MISSED') result.missed.push(event);
    }
    return result;
  }

  /** The members of each case's committee who may read it (not recused), with their addresses. */
  private readers(tx: Sql, ws: string, complaintIds: string[]) {
    return caseReaders(tx, ws, complaintIds);
  }

  /** Reminders of the stored clocks not met: the key first, then the mails of the keys that were new. */
  async sendReminders(ws: string, day: IsoDate, origin: string): Promise<number> {
    return this.db.tenant(ws, async (tx) => {
      const regime = await regimeOf(tx, ws);
      const calendars = new Calendars(regime, day);
      // The mails write the day as the workspace does (12 Dec 2026).
      const dates = dateTimeSettingsOf(regime);
      const rows = await tx.query<{
        complaint_id: string;
        clock_id: string;
        due_on: string;
        case_number: number;
        compliance: 'IN_POSH' | 'CA_FEDERAL';
        received_on: string;
      }>(
        `SELECT d.complaint_id, d.clock_id, d.due_on::text AS due_on, c.case_number, c.compliance, c.received_on::text AS received_on
           FROM complaint_clock_due d JOIN complaints c ON c.workspace_id = d.workspace_id AND c.id = d.complaint_id
          WHERE d.workspace_id = $1 AND d.met_on IS NULL AND c.status = 'OPEN' AND d.due_on <= $2::date + 10`,
        [ws, day],
      );
      const due = rows
        .map((r) => ({ ...r, kind: reminderDue(calendars.of(r.compliance, r.received_on), r.due_on, day) }))
        .filter((r): r is typeof r & { kind: ReminderKind } => r.kind !== null);
      if (due.length === 0) return 0;
      const readers = await this.readers(tx, ws, [...new Set(due.map((r) => r.complaint_id))]);
      const fresh = await tx.query<{ complaint_id: string; clock_id: string; kind: ReminderKind; due_on: string }>(
        `INSERT INTO complaint_clock_notices (workspace_id, complaint_id, clock_id, kind, due_on, sent_on, recipients)
         SELECT $1, x.complaint_id, x.clock_id, x.kind, x.due_on, $3::date, x.recipients
           FROM json_to_recordset($2::json) AS x(complaint_id uuid, clock_id text, kind text, due_on date, recipients int)
         ON CONFLICT DO NOTHING
         RETURNING complaint_id, clock_id, kind, due_on::text AS due_on`,
        [ws, JSON.stringify(due.map((r) => ({ ...r, recipients: readers.get(r.complaint_id)?.length ?? 0 }))), day],
      );
      const byKey = new Map(due.map((r) => [`${r.complaint_id}:${r.clock_id}`, r]));
      const mails: OutgoingMail[] = [];
      for (const n of fresh) {
        const r = byKey.get(`${n.complaint_id}:${n.clock_id}`)!;
        const clock = caseClocks({ receivedOn: r.received_on }, calendars.of(r.compliance, r.received_on), day).find(
          (c) => c.id === n.clock_id,
        );
        const label = clock?.label ?? n.clock_id;
        const caseNumber = caseNumberText(r.case_number);
        const dueOn = formatDate(n.due_on, dates);
        const content = templates.deadlineNotice({
          caseNumber,
          label,
          rule: clock?.rule ?? '',
          dueOn,
          missed: n.kind === 'MISSED',
          approaching: n.kind === 'MISSED' ? '' : REMINDER_LABELS[n.kind],
          link: `${origin}/complaints/${n.complaint_id}`,
        });
        for (const member of readers.get(n.complaint_id) ?? []) {
          mails.push({ workspaceId: ws, to: member.email, ...content });
        }
        await tx.query(
          `INSERT INTO complaint_audit_events (workspace_id, complaint_id, actor_user_id, action, ip, details) VALUES ($1, $2, NULL, $3, NULL, $4)`,
          [
            ws,
            n.complaint_id,
            n.kind === 'MISSED' ? 'clock.missed.notice' : 'clock.reminder',
            JSON.stringify({
              clockId: n.clock_id,
              kind: n.kind,
              dueOn: n.due_on,
              recipients: readers.get(n.complaint_id)?.length ?? 0,
            }),
          ],
        );
      }
      await this.mail.sendMany(mails, tx);
      return mails.length;
    });
  }

  /**
   * Escalations by the builder's settings (escalation_settings): the case's unit is its committee's (a workspace
   * committee: the workspace-wide setting). STATUTORY_CLOCK looks at the stored clocks not met, STEP_OVERDUE at the
   * current step (the first not completed) and its time limit.
   */
  async escalate(ws: string, day: IsoDate, origin: string): Promise<number> {
    return this.db.tenant(ws, async (tx) => {
      const settings = await tx.query<{
        branch_id: string | null;
        escalation_type: 'STEP_OVERDUE' | 'STATUTORY_CLOCK';
        first_threshold_days: number;
        second_threshold_days: number | null;
        target_user_id: string;
        enabled: boolean;
      }>(
        `SELECT branch_id, escalation_type, first_threshold_days, second_threshold_days, target_user_id, enabled FROM escalation_settings WHERE workspace_id = $1 AND enabled`,
        [ws],
      );
      if (settings.length === 0) return 0;
      const settingFor = (type: string, branchId: string | null) =>
        settings.find((s) => s.escalation_type === type && s.branch_id === branchId && branchId !== null) ??
        settings.find((s) => s.escalation_type === type && s.branch_id === null) ??
        null;
      const regime = await regimeOf(tx, ws);
      const calendars = new Calendars(regime, day);
      const dates = dateTimeSettingsOf(regime);
      const cases = await tx.query<OpenCase & { branch_id: string | null; version_id: string }>(
        `SELECT ${CASE_COLUMNS}, c.version_id, k.branch_id
           FROM complaints c LEFT JOIN committees k ON k.workspace_id = c.workspace_id AND k.id = c.committee_id
          WHERE c.workspace_id = $1 AND c.status = 'OPEN' AND NOT c.confirmation_pending`,
        [ws],
      );
      if (cases.length === 0) return 0;
      const clocks = await tx.query<{ complaint_id: string; clock_id: string; due_on: string; met_on: string | null }>(
        `SELECT complaint_id, clock_id, due_on::text AS due_on, met_on::text AS met_on FROM complaint_clock_due WHERE workspace_id = $1`,
        [ws],
      );
      const clocksOf = new Map<string, typeof clocks>();
      for (const c of clocks) clocksOf.set(c.complaint_id, [...(clocksOf.get(c.complaint_id) ?? []), c]);
      const steps = settings.some((s) => s.escalation_type === 'STEP_OVERDUE')
        ? await tx.query<{
            complaint_id: string;
            step_id: string;
            name: string;
            time_limit: StepTimeLimit;
            done_on: string | null;
          }>(
            `SELECT c.id AS complaint_id, s.id AS step_id, s.name, s.time_limit, to_char(d.completed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS done_on
               FROM complaints c JOIN workflow_steps s ON s.workspace_id = c.workspace_id AND s.version_id = c.version_id
               LEFT JOIN complaint_step_completions d ON d.workspace_id = c.workspace_id AND d.complaint_id = c.id AND d.step_id = s.id
              WHERE c.workspace_id = $1 AND c.status = 'OPEN' AND NOT c.confirmation_pending ORDER BY c.id, s.position`,
            [ws],
          )
        : [];
      const stepsOf = new Map<string, typeof steps>();
      for (const s of steps) stepsOf.set(s.complaint_id, [...(stepsOf.get(s.complaint_id) ?? []), s]);

      const reached: {
        complaint_id: string;
        type: string;
        subject: string;
        label: string;
        level: 1 | 2;
        due_on: string;
        target: string;
      }[] = [];
      for (const c of cases) {
        const clockSetting = settingFor('STATUTORY_CLOCK', c.branch_id);
        const own = clocksOf.get(c.id) ?? [];
        if (clockSetting) {
          for (const k of own.filter((k) => !k.met_on)) {
            const level = escalationLevel(
              {
                firstThresholdDays: clockSetting.first_threshold_days,
                secondThresholdDays: clockSetting.second_threshold_days,
                enabled: true,
              },
              k.due_on,
              day,
            );
            if (level > 0)
              reached.push({
                complaint_id: c.id,
                type: 'STATUTORY_CLOCK',
                subject: k.clock_id,
                label: k.clock_id,
                level: level as 1 | 2,
                due_on: k.due_on,
                target: clockSetting.target_user_id,
              });
          }
        }
        const stepSetting = settingFor('STEP_OVERDUE', c.branch_id);
        if (stepSetting) {
          const list = stepsOf.get(c.id) ?? [];
          const current = list.find((s) => !s.done_on);
          if (current) {
            const since =
              list
                .map((s) => s.done_on)
                .filter((d): d is string => !!d)
                .sort()
                .pop() ?? c.received_on;
            const calendar = calendars.of(c.compliance, c.received_on);
            const dueOn = stepDueOn(
              calendar,
              current.time_limit,
              since > c.received_on ? since : c.received_on,
              (clockId) => {
                const k = own.find((x) => x.clock_id === clockId);
                return k && !k.met_on ? k.due_on : null;
              },
            );
            if (dueOn) {
              const level = escalationLevel(
                {
                  firstThresholdDays: stepSetting.first_threshold_days,
                  secondThresholdDays: stepSetting.second_threshold_days,
                  enabled: true,
                },
                dueOn,
                day,
              );
              if (level > 0)
                reached.push({
                  complaint_id: c.id,
                  type: 'STEP_OVERDUE',
                  subject: current.step_id,
                  label: current.name,
                  level: level as 1 | 2,
                  due_on: dueOn,
                  target: stepSetting.target_user_id,
                });
            }
          }
        }
      }
      if (reached.length === 0) return 0;
      // Clock labels as the case shows them.
      for (const r of reached.filter((x) => x.type === 'STATUTORY_CLOCK')) {
        const c = cases.find((x) => x.id === r.complaint_id)!;
        r.label =
          caseClocks({ receivedOn: c.received_on }, calendars.of(c.compliance, c.received_on), day).find(
            (k) => k.id === r.subject,
          )?.label ?? r.subject;
      }
      const fresh = await tx.query<{
        complaint_id: string;
        escalation_type: string;
        subject: string;
        subject_label: string;
        level: number;
        due_on: string;
        target_user_id: string;
      }>(
        `INSERT INTO complaint_escalations (workspace_id, complaint_id, escalation_type, subject, subject_label, level, due_on, escalated_on, target_user_id)
         SELECT $1, x.complaint_id, x.type, x.subject, x.label, x.level, x.due_on, $3::date, x.target
           FROM json_to_recordset($2::json) AS x(complaint_id uuid, type text, subject text, label text, level int, due_on date, target uuid)
         ON CONFLICT DO NOTHING
         RETURNING complaint_id, escalation_type, subject, subject_label, level, due_on::text AS due_on, target_user_id`,
        [ws, JSON.stringify(reached), day],
      );
      if (fresh.length === 0) return 0;
      const readers = await this.readers(tx, ws, [...new Set(fresh.map((f) => f.complaint_id))]);
      const targets = await tx.query<{ id: string; email: string }>(
        `SELECT id, email FROM users WHERE workspace_id = $1 AND id = ANY($2::uuid[])`,
        [ws, [...new Set(fresh.map((f) => f.target_user_id))]],
      );
      const mails: OutgoingMail[] = [];
      for (const f of fresh) {
        const c = cases.find((x) => x.id === f.complaint_id)!;
        const caseNumber = caseNumberText(c.case_number);
        const late = daysBetween(f.due_on, day);
        await tx.query(
          `INSERT INTO complaint_audit_events (workspace_id, complaint_id, actor_user_id, action, ip, details) VALUES ($1, $2, NULL, 'complaint.escalated', NULL, $3)`,
          [
            ws,
            f.complaint_id,
            JSON.stringify({
              type: f.escalation_type,
              subject: f.subject,
              label: f.subject_label,
              level: f.level,
              dueOn: f.due_on,
              targetUserId: f.target_user_id,
            }),
          ],
        );
        const to = targets.find((t) => t.id === f.target_user_id)?.email;
        if (!to) continue;
        // Whoever may not read the case learns its number, that it is late and where to look: nothing of its contents.
        const mayRead = (readers.get(f.complaint_id) ?? []).some((r) => r.userId === f.target_user_id);
        mails.push({
          workspaceId: ws,
          to,
          ...templates.escalation({
            caseNumber,
            level: f.level,
            lateDays: late,
            mayRead,
            stepLabel: f.subject_label,
            dueOn: formatDate(f.due_on, dates),
            caseLink: `${origin}/complaints/${f.complaint_id}`,
            statutory: f.escalation_type === 'STATUTORY_CLOCK',
            figuresLink: `${origin}/complaints/figures`,
          }),
        });
      }
      await this.mail.sendMany(mails, tx);
      return fresh.length;
    });
  }

  /**
   * CA-08 (s.34): this month's status update to each party of an open Canada case, once per party and month: to the
   * principal party from the month after the notice, to the responding party from the month after the copy of the
   * complaint (their first contact, CA-03). The mail says there is an update and where the case stands, nothing more.
   */
  async sendStatusUpdates(ws: string, day: IsoDate, origin: string): Promise<number> {
    return this.db.tenant(ws, async (tx) => {
      const cases = await tx.query<
        OpenCase & { complainant_email: string | null; respondent_email: string | null; next_step: string | null }
      >(
        `SELECT ${CASE_COLUMNS}, c.complainant_email, c.respondent_email,
                (SELECT s.name FROM workflow_steps s WHERE s.workspace_id = c.workspace_id AND s.version_id = c.version_id
                    AND NOT EXISTS (SELECT 1 FROM complaint_step_completions d WHERE d.workspace_id = c.workspace_id AND d.complaint_id = c.id AND d.step_id = s.id)
                  ORDER BY s.position LIMIT 1) AS next_step
           FROM complaints c WHERE c.workspace_id = $1 AND c.status = 'OPEN' AND NOT c.confirmation_pending AND c.compliance = 'CA_FEDERAL'`,
        [ws],
      );
      if (cases.length === 0) return 0;
      const month = `${day.slice(0, 7)}-01`;
      const due: {
        complaint_id: string;
        party: 'PRINCIPAL' | 'RESPONDING';
        to: string;
        caseNumber: string;
        nextStep: string | null;
      }[] = [];
      for (const c of cases) {
        const parties: ['PRINCIPAL' | 'RESPONDING', string | null, string | null][] = [
          ['PRINCIPAL', c.received_on, c.complainant_email],
          ['RESPONDING', (c.respondent_copy_sent_on as string | null) ?? null, c.respondent_email],
        ];
        for (const [party, from, to] of parties) {
          if (!to) continue;
          const thisMonth = monthlyUpdates(party, from, (c.resolved_on as string | null) ?? null, [], day).find(
            (u) => u.month === month,
          );
          if (thisMonth)
            due.push({
              complaint_id: c.id,
              party,
              to,
              caseNumber: caseNumberText(c.case_number),
              nextStep: c.next_step,
            });
        }
      }
      if (due.length === 0) return 0;
      const fresh = await tx.query<{ complaint_id: string; party: string }>(
        `INSERT INTO complaint_status_updates (workspace_id, complaint_id, party, month, sent_on)
         SELECT $1, x.complaint_id, x.party, $3::date, $4::date FROM json_to_recordset($2::json) AS x(complaint_id uuid, party text)
         ON CONFLICT DO NOTHING RETURNING complaint_id, party`,
        [ws, JSON.stringify(due.map((d) => ({ complaint_id: d.complaint_id, party: d.party }))), month, day],
      );
      const mails: OutgoingMail[] = [];
      for (const f of fresh) {
        const d = due.find((x) => x.complaint_id === f.complaint_id && x.party === f.party)!;
        mails.push({
          workspaceId: ws,
          to: d.to,
          ...templates.monthlyStatusUpdate({
            caseNumber: d.caseNumber,
            nextStep: d.nextStep,
            link: `${origin}/complaints/${f.complaint_id}`,
          }),
        });
        await tx.query(
          `INSERT INTO complaint_audit_events (workspace_id, complaint_id, actor_user_id, action, ip, details) VALUES ($1, $2, NULL, 'complaint.status-update', NULL, $3)`,
          [ws, f.complaint_id, JSON.stringify({ party: f.party, month })],
        );
      }
      await this.mail.sendMany(mails, tx);
      return mails.length;
    });
  }
}

/** The members of each case's committee who may read it (not recused), with their addresses. */
export async function caseReaders(
  tx: Sql,
  ws: string,
  complaintIds: string[],
): Promise<Map<string, { userId: string; email: string }[]>> {
  const rows = await tx.query<{ complaint_id: string; user_id: string; email: string }>(
    `SELECT c.id AS complaint_id, m.user_id, u.email
       FROM complaints c
       JOIN committee_members m ON m.workspace_id = c.workspace_id AND m.committee_id = c.committee_id
       JOIN users u ON u.workspace_id = m.workspace_id AND u.id = m.user_id AND u.status <> 'INACTIVE'
      WHERE c.workspace_id = $1 AND c.id = ANY($2::uuid[])
        AND NOT EXISTS (SELECT 1 FROM complaint_recusals r WHERE r.workspace_id = c.workspace_id AND r.complaint_id = c.id AND r.user_id = m.user_id)
      ORDER BY m.position`,
    [ws, complaintIds],
  );
  const out = new Map<string, { userId: string; email: string }[]>();
  for (const r of rows)
    out.set(r.complaint_id, [...(out.get(r.complaint_id) ?? []), { userId: r.user_id, email: r.email }]);
  return out;
}

/**
 * What the case list reads of a case: its summary already as JSON text (built by PostgreSQL: no column of it parsed
 * nor serialised again in Node), the clocks' inputs as one text, and the caller's part in it as bits (LIST_FLAGS).
 */
export interface ListRow {
  /** The summary's fields but the caller's role and nearest clock, as JSON text without its closing brace. It starts
   * with the case's id (`{"complaintId":"<uuid>"`, `listedCaseId`), which is not sent again as a column of its own. */
  head: string;
  /** The case's regime, its received day and the nine dates the clocks read (DATE_COLUMNS), `|` between, empty for
   * none (`clockInputs`); the list's kept clock is checked against this one string. */
  clock: string;
  /** LIST_FLAGS, or-ed. */
  flags: number;
}

const HEAD_PREFIX = '{"complaintId":"';

/** The case id of a list row: the uuid at the start of its `head` (36 characters after HEAD_PREFIX). */
export function listedCaseId(row: Pick<ListRow, 'head'>): string {
  if (!row.head.startsWith(HEAD_PREFIX)) throw new Error('A case list row without its case id');
  return row.head.slice(HEAD_PREFIX.length, HEAD_PREFIX.length + 36);
}

/** The bits of `ListRow.flags`: what `caseRole` is decided from, whether the statement recorded the read, whether the
 * case waits for its reporter's confirmation. */
export const LIST_FLAGS = {
  /** The caller sits on the case's committee. */
  MEMBER: 1,
  /** The caller is recused from the case (complaint_recusals). */
  RECUSED: 2,
  /** The caller filed the case. */
  FILED: 4,
  /** The caller is the case's respondent. */
  RESPONDENT: 8,
  /** The respondent's copy was sent. */
  COPY_SENT: 16,
  /** The statement recorded the read of the case (its `visible`). */
  VISIBLE: 32,
  CONFIRMATION_PENDING: 64,
} as const;

/** The regime, received day, dates, status and whether a respondent is identified of `ListRow.clock` (migration 0062). */
export function clockInputs(text: string): {
  compliance: ComplaintRow['compliance'];
  received_on: string;
  status: ComplaintRow['status'];
  respondent_identified: boolean;
} & Record<DateColumn, string | null> {
  const parts = text.split('|');
  const dates = Object.fromEntries(DATE_COLUMNS.map((column, i) => [column, parts[i + 2] || null])) as Record<
    DateColumn,
    string | null
  >;
  const tail = DATE_COLUMNS.length + 2;
  return {
    compliance: parts[0] as ComplaintRow['compliance'],
    received_on: parts[1]!,
    ...dates,
    status: parts[tail] === 'CLOSED' ? 'CLOSED' : 'OPEN',
    respondent_identified: parts[tail + 1] !== '0',
  };
}

/**
 * Every case the user may be part of (filed, named as respondent, on its committee), with whether the user is on its
 * committee and recused from it, and the first step not completed, in one statement; access is decided after, per
 * case (case-access.ts `caseRole`, given the user as the one member, recused id, filer or respondent when the flags
 * say so). The user's committees are read once (not each case's members), the recusal is the user's own row of the case.
 * The summary's fields come as JSON text (`head`: `caseNumberText`'s format, the next step only of an open case, the
 * next step's name through `to_json`; status, timeliness and outcome as they are, their CHECK constraints allowing
 * upper-case words only), so Node neither parses them as columns nor serialises them again (ComplaintService.list);
 * the contract's schema checks the answer in test/server/complaints/complaints.test.ts. That text and the clocks'
 * inputs are kept on the case's row, written by a trigger whenever the row or its completed steps change (migration
 * 0049: `list_head`, `list_clock`), not built for each case at every read.
 * The same statement records the list read: one `complaint_list_reads` row naming the set of the cases `caseRole` lets
 * the user see (the same rule in SQL: `visible`; migration 0048: the set, `complaint_list_sets`, is written only when
 * no set of the workspace holds exactly those ids, found by their digest and compared whole), so the list pays little
 * for it. The caller checks every case it lists was `visible` and records any other itself (recordListRead): no listed
 * case unrecorded.
 */
export function listStatement(ws: string, userId: string, ip: string | null): Statement {
  const bit = (condition: string, flag: number) => `CASE WHEN ${condition} THEN ${flag} ELSE 0 END`;
  return {
    // The summary's JSON text and the clocks' inputs are the case row's own (list_head, list_clock: migration 0049).
    text: `WITH listed AS MATERIALIZED (
       SELECT c.id, c.case_number, c.filed_by, c.respondent_user_id, c.confirmation_pending, c.respondent_copy_sent_on,
              c.list_head, c.list_clock,
              m.committee_id IS NOT NULL AS member, r.user_id IS NOT NULL AS recused,
              ((m.committee_id IS NOT NULL AND r.user_id IS NULL) OR c.filed_by = $2
               OR (c.respondent_user_id = $2 AND c.respondent_copy_sent_on IS NOT NULL)) AS visible
         FROM complaints c
         LEFT JOIN (SELECT DISTINCT committee_id FROM committee_members WHERE workspace_id = $1 AND user_id = $2) m ON m.committee_id = c.committee_id
         LEFT JOIN complaint_recusals r ON r.workspace_id = c.workspace_id AND r.complaint_id = c.id AND r.user_id = $2
        WHERE c.workspace_id = $1
          AND (c.filed_by = $2 OR c.respondent_user_id = $2 OR m.committee_id IS NOT NULL)
     ), seen AS (
       SELECT array_agg(id ORDER BY id) AS ids FROM listed WHERE visible
     ), kept AS (
       SELECT k.id FROM complaint_list_sets k, seen
        WHERE k.workspace_id = $1 AND k.digest = hash_array_extended(seen.ids, 0) AND k.complaint_ids = seen.ids
        LIMIT 1
     ), made AS (
       INSERT INTO complaint_list_sets (workspace_id, digest, complaint_ids)
       SELECT $1, hash_array_extended(ids, 0), ids FROM seen WHERE ids IS NOT NULL AND NOT EXISTS (SELECT 1 FROM kept)
       RETURNING id
     ), logged AS (
       INSERT INTO complaint_list_reads (workspace_id, actor_user_id, set_id, ip)
       SELECT $1, $2, coalesce((SELECT id FROM kept), (SELECT id FROM made)), $3 FROM seen WHERE ids IS NOT NULL
     )
     SELECT l.list_head AS head, l.list_clock AS clock,
            ${bit('l.member', LIST_FLAGS.MEMBER)} | ${bit('l.recused', LIST_FLAGS.RECUSED)} | ${bit('l.filed_by = $2', LIST_FLAGS.FILED)}
              | ${bit('l.respondent_user_id = $2', LIST_FLAGS.RESPONDENT)} | ${bit('l.respondent_copy_sent_on IS NOT NULL', LIST_FLAGS.COPY_SENT)}
              | ${bit('l.visible', LIST_FLAGS.VISIBLE)} | ${bit('l.confirmation_pending', LIST_FLAGS.CONFIRMATION_PENDING)} AS flags
       FROM listed l
      ORDER BY l.case_number DESC`,
    params: [ws, userId, ip],
    name: 'case-list',
  };
}

/**
 * The access log of a list read: one row carrying the ids of every case listed (migration 0042), which each case's
 * access log reads beside its own events (complaints.service.ts auditLog) as "Complaints listed". One row instead of
 * one per case: the list's write was 200 rows, each with its foreign-key check and two index entries, at every read.
 */
export async function recordListRead(
  tx: Sql,
  e: { ws: string; complaintIds: string[]; actorUserId: string; ip: string | null },
): Promise<void> {
  if (e.complaintIds.length === 0) return;
  await tx.query(
    `INSERT INTO complaint_list_reads (workspace_id, actor_user_id, complaint_ids, ip) VALUES ($1, $2, $3::uuid[], $4)`,
    [e.ws, e.actorUserId, e.complaintIds, e.ip],
  );
}

/** The escalations of a case, for its committee's page. */
export async function escalationsOf(tx: Sql, ws: string, complaintId: string) {
  const rows = await tx.query<{
    escalation_type: 'STEP_OVERDUE' | 'STATUTORY_CLOCK';
    subject_label: string;
    level: number;
    due_on: string;
    escalated_on: string;
    target: string | null;
  }>(
    `SELECT e.escalation_type, e.subject_label, e.level, e.due_on::text AS due_on, e.escalated_on::text AS escalated_on,
            trim(u.first_name || ' ' || u.last_name) AS target
       FROM complaint_escalations e LEFT JOIN users u ON u.workspace_id = e.workspace_id AND u.id = e.target_user_id
      WHERE e.workspace_id = $1 AND e.complaint_id = $2 ORDER BY e.escalated_on, e.level`,
    [ws, complaintId],
  );
  return rows.map((r) => ({
    type: r.escalation_type,
    label: r.subject_label,
    level: r.level,
    dueOn: r.due_on,
    escalatedOn: r.escalated_on,
    targetName: r.target || null,
  }));
}

/**
 * The figures page's counts from the job's tables: open cases with a missed clock (as the job stored them) and open
 * cases escalated (level 1 or more, and level 2). Counts only.
 */
export async function caseJobCounts(
  tx: Sql,
  ws: string,
): Promise<{ casesWithMissedClock: number; escalatedCases: number; escalatedCasesLevel2: number }> {
  const [row] = await tx.query<{ missed: string | number; escalated: string | number; level2: string | number }>(
    `SELECT (SELECT count(DISTINCT d.complaint_id) FROM complaint_clock_due d JOIN complaints c ON c.workspace_id = d.workspace_id AND c.id = d.complaint_id
              WHERE d.workspace_id = $1 AND d.state = 'MISSED' AND c.status = 'OPEN') AS missed,
            (SELECT count(DISTINCT e.complaint_id) FROM complaint_escalations e JOIN complaints c ON c.workspace_id = e.workspace_id AND c.id = e.complaint_id
              WHERE e.workspace_id = $1 AND c.status = 'OPEN') AS escalated,
            (SELECT count(DISTINCT e.complaint_id) FROM complaint_escalations e JOIN complaints c ON c.workspace_id = e.workspace_id AND c.id = e.complaint_id
              WHERE e.workspace_id = $1 AND c.status = 'OPEN' AND e.level = 2) AS level2`,
    [ws],
  );
  return {
    casesWithMissedClock: Number(row.missed),
    escalatedCases: Number(row.escalated),
    escalatedCasesLevel2: Number(row.level2),
  };
}

export const JOB_CASE_DAILY = 'case-daily';
export { JOB_CASE_CLOCKS };
export const JOB_CASE_TICK = 'case-daily-tick';

/** The workspaces the hourly tick queues a daily run for: active, with any case (closed ones too, for retention). */
export async function workspacesWithCases(db: Database): Promise<{ id: string }[]> {
  return db.query<{ id: string }>(
    `SELECT w.id FROM workspaces w WHERE w.active AND EXISTS (SELECT 1 FROM complaints c WHERE c.workspace_id = w.id)`,
  );
}
