import type { ReportDefinition } from '../../../src/contracts/learning/reports.contract';
import type { Database } from '../../platform/db/database';
import { templates } from '../../platform/message-templates';
import type { Mailer, OutgoingMail } from '../../platform/messages';
import { readOverrides } from '../../platform/permissions';
import type { DirectFileUrls } from '../../platform/signed-files';
import type { ReportExporter } from './report-export';
import * as repo from './report-schedules.repository';
import { mayReceive } from './report-schedules.service';
import * as reports from './reports.repository';

export const JOB_REPORT_SCHEDULES = 'report-schedules';
/** A file up to this size goes as the mail's attachment; a larger one as a signed link (mail servers refuse big mails). */
export const DEFAULT_ATTACHMENT_LIMIT_BYTES = 5 * 1024 * 1024;
/** How long a scheduled report's link works: until about the next weekly mail. */
export const LINK_SECONDS = 7 * 24 * 3600;

const TYPES = { CSV: 'text/csv', XLSX: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;

/**
 * Sends the scheduled reports that are due (docs/reports.md "Scheduled reports"). A pg-boss cron job (every 15
 * minutes, on whichever process takes it) claims the due schedules in one statement that also moves each to its next
 * time; each is then written as an export of its owner, with the schedule's scope, and mailed. Before anything is
 * written, every recipient and the owner are checked again: one who may no longer read the report stops the schedule,
 * and the owner is told; nobody is sent the report.
 */
export class ReportScheduleRunner {
  constructor(
    private readonly db: Database,
    private readonly exporter: ReportExporter,
    private readonly files: DirectFileUrls | undefined,
    private readonly mail: Mailer,
    private readonly now: () => Date,
    private readonly attachmentLimitBytes = DEFAULT_ATTACHMENT_LIMIT_BYTES,
    private readonly log: (line: string, error?: unknown) => void = () => {},
  ) {}

  /** Sends every schedule due now; answers how many were mailed and how many stopped. */
  async runDue(): Promise<{ sent: number; stopped: number }> {
    if (!this.files) return { sent: 0, stopped: 0 };
    const due = await this.db.system((tx) => repo.claimDue(tx, this.now()));
    let sent = 0;
    let stopped = 0;
    for (const schedule of due) {
      try {
        if (await this.runOne(schedule)) sent++;
        else stopped++;
      } catch (error) {
        this.log(`scheduled report ${schedule.saved_report_id} failed`, error);
      }
    }
    return { sent, stopped };
  }

  private async runOne(s: repo.ScheduleRow): Promise<boolean> {
    const ws = s.workspace_id;
    const scope = { scoped: s.scoped, scopeBranchId: s.scope_branch_id };
    const checked = await this.db.tenant(ws, async (tx) => {
      const saved = await repo.savedById(tx, ws, s.saved_report_id);
      const people = await repo.people(tx, ws, [s.owner_id, ...s.recipient_ids]);
      const overrides = await readOverrides(tx, ws);
      const owner = people.find((p) => p.id === s.owner_id) ?? null;
      const lost = s.recipient_ids.filter((id) => {
        const p = people.find((x) => x.id === id);
        return !p || !mayReceive(p, scope, overrides);
      });
      const ownerLost = !owner || !mayReceive(owner, scope, overrides);
      const reason = ownerLost
        ? 'You may no longer read this report, so it is no longer sent.'
        : lost.length > 0
          ? `${lost.map((id) => people.find((p) => p.id === id)?.name || 'A recipient').join(', ')} may no longer read this report, so it is no longer sent to anyone. Choose its recipients again to restart it.`
          : null;
      if (reason) await repo.stopSchedule(tx, ws, s.saved_report_id, reason);
      const company = await repo.companyName(tx, ws);
      return { saved, owner, reason, recipients: people.filter((p) => s.recipient_ids.includes(p.id)), company };
    });
    if (!checked.saved) return false;
    if (checked.reason) {
      if (checked.owner?.email && checked.owner.status !== 'INACTIVE')
        await this.mail.send({
          workspaceId: ws,
          to: checked.owner.email,
          ...templates.scheduledReportStopped({
            reportName: checked.saved.name,
            company: checked.company,
            reason: checked.reason,
          }),
        });
      return false;
    }
    const jobId = await this.db.tenant(ws, (tx) =>
      reports.insertExport(tx, ws, {
        ownerId: s.owner_id,
        name: checked.saved!.name,
        definition: checked.saved!.definition as ReportDefinition,
        scoped: s.scoped,
        scopeBranchId: s.scope_branch_id,
        format: s.format,
      }),
    );
    await this.exporter.run(ws, jobId);
    const job = await this.db.tenant(ws, (tx) => reports.exportOf(tx, ws, s.owner_id, jobId));
    if (!job || job.status !== 'DONE' || !job.file_key || !job.file_name) throw new Error(`The export ${jobId} did not finish`);
    const size = (await this.files!.stat(ws, job.file_key))?.size ?? 0;
    const rows = job.total_rows ?? job.rows_done;
    const content = (tooLarge: { url: string; limitMb: number } | null) =>
      templates.scheduledReport({
        reportName: checked.saved!.name,
        company: checked.company,
        rows,
        frequency: s.frequency,
        ownerName: checked.owner!.name,
        fileName: job.file_name!,
        tooLarge,
      });
    let body: Pick<OutgoingMail, 'subject' | 'text' | 'html' | 'attachments'>;
    if (size <= this.attachmentLimitBytes) {
      const bytes = await this.files!.readRange(ws, job.file_key, 0, size);
      body = {
        ...content(null),
        attachments: [{ fileName: job.file_name, contentType: TYPES[s.format], content: Buffer.from(bytes).toString('base64'), encoding: 'base64' }],
      };
    } else {
      const url = await this.files!.downloadUrl(ws, job.file_key, { seconds: LINK_SECONDS, disposition: 'attachment', type: TYPES[s.format], fileName: job.file_name });
      body = content({ url, limitMb: Math.round(this.attachmentLimitBytes / 1024 / 1024) });
    }
    await this.mail.sendMany(checked.recipients.filter((r) => r.email).map((r) => ({ workspaceId: ws, to: r.email, ...body })));
    return true;
  }
}
