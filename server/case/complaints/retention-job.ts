import type { IsoDate } from '../../../src/domain/shared/calendar';
import { audit } from '../../platform/audit';
import type { Database } from '../../platform/db/database';
import type { Mailer, OutgoingMail } from '../../platform/messages';
import type { DirectFileUrls } from '../../platform/signed-files';
import { caseReaders } from './case-jobs';
import { caseAudit, caseNumberText } from './complaints.repository';
import * as retention from './retention.repository';
import { planOf } from './retention.service';
import { templates } from '../../platform/message-templates';

export const PURGED_BY_JOB = 'case-daily (retention)';

/**
 * The daily case job's retention step (case-jobs.ts, step 5; docs/case.md "Retention"): warns the committee and then
 * purges. The case's personal content goes (parties, incident, messages, meetings, steps, events, evidence files and
 * their wrapped keys, its access log), a tombstone stays (number, outcome, dates, what purged it) and the workspace's
 * log records the purge.
 */
export class RetentionJob {
  constructor(
    private readonly db: Database,
    private readonly mail: Mailer,
    private readonly urls?: DirectFileUrls,
  ) {}

  /**
   * Warns the committee of each case due for it (once per case and purge date: the key is written in the transaction
   * that puts the mails in the outbox), then purges each case due, one transaction per case. A purge that fails rolls
   * back whole (the case stays as it was) and the others go on; the job then fails, so the queue retries it.
   */
  async run(ws: string, day: IsoDate, origin: string): Promise<{ warnings: number; purged: number }> {
    const due = await this.db.tenant(ws, async (tx) => {
      const settings = await retention.retentionSettingsOf(tx, ws);
      if (Object.keys(settings.periods).length === 0) return { warned: 0, purge: [] as string[] };
      const rows = await retention.closedUnheldRows(tx, ws);
      if (rows.length === 0) return { warned: 0, purge: [] };
      const warnings = await retention.warningsOf(
        tx,
        ws,
        rows.map((r) => r.id),
      );
      const plans = rows.map((r) => ({ row: r, plan: planOf(r, settings, day, warnings.get(r.id) ?? []) }));
      const toWarn = plans.filter((p) => p.plan.action === 'WARN');
      let warned = 0;
      if (toWarn.length > 0) {
        const readers = await caseReaders(
          tx,
          ws,
          toWarn.map((p) => p.row.id),
        );
        const fresh = await retention.recordWarnings(
          tx,
          ws,
          day,
          toWarn.map((p) => ({
            complaint_id: p.row.id,
            purge_on: p.plan.action === 'KEEP' ? null : p.plan.ruleOn,
            recipients: readers.get(p.row.id)?.length ?? 0,
          })),
        );
        const mails: OutgoingMail[] = [];
        for (const complaintId of fresh) {
          const { row, plan } = toWarn.find((p) => p.row.id === complaintId)!;
          if (plan.action === 'KEEP') continue;
          const caseNumber = caseNumberText(row.case_number);
          for (const member of readers.get(row.id) ?? []) {
            mails.push({
              workspaceId: ws,
              to: member.email,
              ...templates.purgeWarning({
                caseNumber,
                purgeOn: plan.purgeOn,
                link: `${origin}/complaints/${row.id}`,
              }),
            });
          }
          await caseAudit(tx, {
            ws,
            complaintId: row.id,
            actorUserId: null,
            action: 'complaint.purge.warning',
            ip: null,
            details: { purgeOn: plan.purgeOn, recipients: readers.get(row.id)?.length ?? 0 },
          });
          warned += 1;
        }
        await this.mail.sendMany(mails, tx);
      }
      return { warned, purge: plans.filter((p) => p.plan.action === 'PURGE').map((p) => p.row.id) };
    });
    let purged = 0;
    const failures: unknown[] = [];
    for (const id of due.purge) {
      try {
        if (await this.purge(ws, id, day)) purged += 1;
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length > 0)
      throw new Error(`Retention: ${failures.length} purge(s) failed and were rolled back: ${String(failures[0])}`);
    return { warnings: due.warned, purged };
  }

  /**
   * One case, in one transaction: the plan is read again under the row's lock (a hold or postponement made since wins),
   * the tombstone is written, the case deleted (its rows cascade, its access log with them) and its evidence files'
   * rows with their wrapped keys; the workspace's log records the purge. The stored ciphertext is removed after the
   * commit: without its wrapped key it can no longer be read, and a failed transaction has removed nothing.
   */
  async purge(ws: string, id: string, day: IsoDate): Promise<boolean> {
    const keys = await this.db.tenant(ws, async (tx) => {
      const row = await retention.retentionRow(tx, ws, id, true);
      if (!row) return null;
      const settings = await retention.retentionSettingsOf(tx, ws);
      const plan = planOf(row, settings, day, (await retention.warningsOf(tx, ws, [id])).get(id) ?? []);
      if (plan.action !== 'PURGE') return null;
      const files = await retention.caseFiles(tx, ws, id);
      await retention.insertTombstone(tx, ws, {
        row,
        purgeDueOn: plan.purgeOn,
        purgedOn: day,
        purgedBy: PURGED_BY_JOB,
        evidenceFiles: files.length,
      });
      await retention.deleteCase(
        tx,
        ws,
        id,
        files.map((f) => f.id),
      );
      await audit(tx, {
        workspaceId: ws,
        actorUserId: null,
        action: 'complaint.purge',
        target: caseNumberText(row.case_number),
        details: {
          complaintId: id,
          caseNumber: caseNumberText(row.case_number),
          outcome: row.outcome,
          receivedOn: row.received_on,
          closedOn: row.closed_on,
          purgeDueOn: plan.purgeOn,
          heldBy: plan.heldBy,
          warnedOn: plan.warnedOn,
          evidenceFiles: files.length,
          by: PURGED_BY_JOB,
        },
      });
      return files.map((f) => f.storage_key);
    });
    if (keys === null) return false;
    for (const key of keys) await this.urls?.remove(ws, key).catch(() => undefined);
    return true;
  }
}
