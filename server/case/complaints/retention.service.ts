import type { z } from 'zod';
import type {
  LegalHoldBody,
  PostponeBody,
  RetentionSettings,
  RetentionSettingsBody,
  RetentionState,
} from '../../../src/contracts/case/retention.contract';
import {
  DEFAULT_WARN_DAYS,
  postponementProblems,
  RETENTION_OUTCOMES,
  retentionPlan,
  retentionVerdict,
  type RetentionCase,
  type RetentionOutcome,
  type RetentionPeriods,
} from '../../../src/domain/complaints/retention';
import type { IsoDate } from '../../../src/domain/shared/calendar';
import { audit } from '../../platform/audit';
import { utcDay, type Clock } from '../../platform/clock';
import type { Database, Sql } from '../../platform/db/database';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import type { Mailer, OutgoingMail } from '../../platform/messages';
import type { DirectFileUrls } from '../../platform/signed-files';
import { caseReaders } from './case-jobs';
import { caseAudit, caseNumberText } from './complaints.repository';
import type { Actor, ComplaintService } from './complaints.service';
import { regimeOf } from './regime';

/**
 * Retention of closed cases (issue 13 "Records and retention", docs/case.md "Retention"). The rule is
 * src/domain/complaints/retention.ts; this holds the workspace's periods, the legal hold and the postponement of a
 * case, and the daily job's step that warns the committee and then purges: the case's personal content goes (parties,
 * incident, messages, meetings, steps, events, evidence files and their wrapped keys, its access log), a tombstone
 * stays (number, outcome, dates, what purged it) and the workspace's log records the purge.
 */

export const PURGED_BY_JOB = 'case-daily (retention)';

interface Settings {
  periods: RetentionPeriods;
  warnDays: number;
}

interface RetentionRow {
  id: string;
  case_number: number;
  compliance: 'IN_POSH' | 'CA_FEDERAL';
  committee_id: string | null;
  status: 'OPEN' | 'CLOSED';
  outcome: RetentionOutcome | null;
  received_on: string;
  closed_on: string | null;
  report_issued_on: string | null;
  legal_hold: boolean;
  legal_hold_reason: string | null;
  legal_hold_at: Date | string | null;
  legal_hold_name: string | null;
  retention_postponed_until: string | null;
  retention_postpone_reason: string | null;
}

const ROW = `SELECT c.id, c.case_number, c.compliance, c.committee_id, c.status, c.outcome, c.received_on::text AS received_on,
    to_char(c.closed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS closed_on, c.report_issued_on::text AS report_issued_on,
    c.legal_hold, c.legal_hold_reason, c.legal_hold_at, nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') AS legal_hold_name,
    c.retention_postponed_until::text AS retention_postponed_until, c.retention_postpone_reason
  FROM complaints c LEFT JOIN users u ON u.workspace_id = c.workspace_id AND u.id = c.legal_hold_by`;

export async function retentionSettingsOf(tx: Sql, ws: string): Promise<Settings> {
  const [row] = await tx.query<{
    retention_periods: Record<string, number | null> | string;
    retention_warn_days: number;
  }>(`SELECT retention_periods, retention_warn_days FROM complaint_settings WHERE workspace_id = $1`, [ws]);
  const raw =
    typeof row?.retention_periods === 'string' ? JSON.parse(row.retention_periods) : (row?.retention_periods ?? {});
  const periods: RetentionPeriods = {};
  for (const o of RETENTION_OUTCOMES) if (typeof raw[o] === 'number') periods[o] = raw[o];
  return { periods, warnDays: row?.retention_warn_days ?? DEFAULT_WARN_DAYS };
}

function domainCase(r: RetentionRow): RetentionCase {
  return {
    compliance: r.compliance,
    status: r.status,
    outcome: r.outcome,
    closedOn: r.closed_on,
    reportIssuedOn: r.report_issued_on,
    legalHold: r.legal_hold,
    postponedUntil: r.retention_postponed_until,
  };
}

async function warningsOf(
  tx: Sql,
  ws: string,
  ids: string[],
): Promise<Map<string, { ruleOn: string; warnedOn: string }[]>> {
  const rows = await tx.query<{ complaint_id: string; purge_on: string; warned_on: string }>(
    `SELECT complaint_id, purge_on::text AS purge_on, warned_on::text AS warned_on FROM complaint_retention_notices WHERE workspace_id = $1 AND complaint_id = ANY($2::uuid[])`,
    [ws, ids],
  );
  const out = new Map<string, { ruleOn: string; warnedOn: string }[]>();
  for (const r of rows)
    out.set(r.complaint_id, [...(out.get(r.complaint_id) ?? []), { ruleOn: r.purge_on, warnedOn: r.warned_on }]);
  return out;
}

/** The plan of one case, with the warning sent for the date the rules give now (if any). */
function planOf(r: RetentionRow, s: Settings, today: IsoDate, warnings: { ruleOn: string; warnedOn: string }[]) {
  const v = retentionVerdict(domainCase(r), s.periods, today, s.warnDays);
  const warning = v.state === 'KEEP' ? null : (warnings.find((w) => w.ruleOn === v.purgeOn) ?? null);
  return retentionPlan(domainCase(r), s.periods, today, s.warnDays, warning);
}

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

export class RetentionService {
  constructor(
    private readonly db: Database,
    private readonly complaints: ComplaintService,
    private readonly clock: Clock,
    private readonly mail: Mailer,
    private readonly urls?: DirectFileUrls,
  ) {}

  today(): IsoDate {
    return utcDay(this.clock.now());
  }

  // ---------- settings ----------

  /**
   * Everyone in the workspace may read how long a closed case is kept (a complainant deciding whether to file should
   * know it, as GlobaLeaks tells its reporters); only the workspace admin may change it (`mayEdit`).
   */
  async settings(actor: Actor, role: string): Promise<RetentionSettings> {
    return this.db.tenant(actor.ws, (tx) => this.settingsAnswer(tx, actor.ws, role === 'WORKSPACE_ADMIN'));
  }

  private async settingsAnswer(tx: Sql, ws: string, mayEdit: boolean): Promise<RetentionSettings> {
    const s = await retentionSettingsOf(tx, ws);
    const regime = await regimeOf(tx, ws);
    const periods = Object.fromEntries(
      RETENTION_OUTCOMES.map((o) => [o, s.periods[o] ?? null]),
    ) as RetentionSettings['periods'];
    return { periods, warnDays: s.warnDays, compliance: regime.compliance, mayEdit };
  }

  /** Workspace admins only (the route says so); audited in the workspace's log with the old and new values. */
  async saveSettings(actor: Actor, body: z.output<typeof RetentionSettingsBody>): Promise<RetentionSettings> {
    return this.db.tenant(actor.ws, async (tx) => {
      const before = await retentionSettingsOf(tx, actor.ws);
      const periods = Object.fromEntries(
        RETENTION_OUTCOMES.filter((o) => body.periods[o] !== null).map((o) => [o, body.periods[o]]),
      );
      await tx.query(
        `INSERT INTO complaint_settings (workspace_id, retention_periods, retention_warn_days) VALUES ($1, $2::jsonb, $3)
         ON CONFLICT (workspace_id) DO UPDATE SET retention_periods = excluded.retention_periods, retention_warn_days = excluded.retention_warn_days, updated_at = now()`,
        [actor.ws, JSON.stringify(periods), body.warnDays],
      );
      await audit(tx, {
        workspaceId: actor.ws,
        actorUserId: actor.userId,
        action: 'complaint.retention-settings',
        ip: actor.ip,
        details: { periods, warnDays: body.warnDays, before: { periods: before.periods, warnDays: before.warnDays } },
      });
      return this.settingsAnswer(tx, actor.ws, true);
    });
  }

  // ---------- a case ----------

  /** The committee of the case reads its retention; a purged case answers its tombstone to its committee. */
  async state(actor: Actor, id: string): Promise<RetentionState> {
    return this.db.tenant(actor.ws, async (tx) => {
      const [live] = await tx.query(`SELECT 1 FROM complaints WHERE workspace_id = $1 AND id = $2`, [actor.ws, id]);
      if (!live) return this.tombstone(tx, actor, id);
      // Every read of a case is recorded (docs/case.md "What is logged"): the panel is a read of the case of its own.
      const access = await this.complaints.access(tx, actor, id, { committeeOnly: true });
      await this.complaints.log(tx, actor, id, 'complaint.retention.read');
      return this.answer(tx, actor.ws, id, access.presiding?.userId === actor.userId);
    });
  }

  async hold(actor: Actor, id: string, body: z.output<typeof LegalHoldBody>): Promise<RetentionState> {
    return this.db.tenant(actor.ws, async (tx) => {
      await this.presiding(tx, actor, id);
      const [row] = await tx.query<{ legal_hold: boolean }>(
        `SELECT legal_hold FROM complaints WHERE workspace_id = $1 AND id = $2`,
        [actor.ws, id],
      );
      if (body.hold && row.legal_hold) throw conflict('The case is already on legal hold');
      if (!body.hold && !row.legal_hold) throw conflict('The case is not on legal hold');
      if (body.hold) {
        await tx.query(
          `UPDATE complaints SET legal_hold = true, legal_hold_reason = $3, legal_hold_by = $4, legal_hold_at = now(), updated_at = now() WHERE workspace_id = $1 AND id = $2`,
          [actor.ws, id, body.reason, actor.userId],
        );
      } else {
        await tx.query(
          `UPDATE complaints SET legal_hold = false, legal_hold_reason = NULL, legal_hold_by = NULL, legal_hold_at = NULL, updated_at = now() WHERE workspace_id = $1 AND id = $2`,
          [actor.ws, id],
        );
      }
      await this.complaints.log(tx, actor, id, body.hold ? 'complaint.legal-hold' : 'complaint.legal-hold.lift', {
        reason: body.reason,
      });
      return this.answer(tx, actor.ws, id, true);
    });
  }

  async postpone(actor: Actor, id: string, body: z.output<typeof PostponeBody>): Promise<RetentionState> {
    return this.db.tenant(actor.ws, async (tx) => {
      await this.presiding(tx, actor, id);
      const [row] = await tx.query<RetentionRow>(`${ROW} WHERE c.workspace_id = $1 AND c.id = $2`, [actor.ws, id]);
      if (row.status !== 'CLOSED') throw conflict('Only a closed case has a purge to postpone');
      const today = this.today();
      const settings = await retentionSettingsOf(tx, actor.ws);
      const plan = planOf(row, settings, today, (await warningsOf(tx, actor.ws, [id])).get(id) ?? []);
      const current = plan.action === 'KEEP' ? null : plan.purgeOn;
      const problems = postponementProblems(body.until, body.reason, today, current);
      if (Object.keys(problems).length)
        throw badRequest(Object.values(problems).join(' '), problems as Record<string, string>);
      await tx.query(
        `UPDATE complaints SET retention_postponed_until = $3, retention_postpone_reason = $4, updated_at = now() WHERE workspace_id = $1 AND id = $2`,
        [actor.ws, id, body.until, body.reason],
      );
      await this.complaints.log(tx, actor, id, 'complaint.purge.postpone', {
        until: body.until,
        reason: body.reason,
        previousPurgeOn: current,
      });
      return this.answer(tx, actor.ws, id, true);
    });
  }

  /** The one presiding (or who presides in their place); other members 403, anyone else 404 (the case access check). */
  private async presiding(tx: Sql, actor: Actor, id: string): Promise<void> {
    const [live] = await tx.query(`SELECT 1 FROM complaints WHERE workspace_id = $1 AND id = $2`, [actor.ws, id]);
    if (!live) {
      await this.tombstone(tx, actor, id);
      throw conflict('The case was purged');
    }
    const access = await this.complaints.access(tx, actor, id, { committeeOnly: true, lock: true });
    if (access.presiding?.userId !== actor.userId)
      throw forbidden('Only the member presiding over the case holds or postpones its purge');
  }

  private async tombstone(tx: Sql, actor: Actor, id: string): Promise<RetentionState> {
    const t = await tombstoneFor(tx, actor.ws, id, actor.userId);
    if (!t) throw notFound('Complaint not found');
    return {
      caseNumber: caseNumberText(t.case_number),
      status: 'PURGED',
      keptBecause: null,
      purgeOn: t.purge_due_on,
      heldBy: null,
      warnedOn: null,
      legalHold: null,
      postponement: null,
      purged: {
        purgedOn: t.purged_on,
        outcome: t.outcome,
        receivedOn: t.received_on,
        closedOn: t.closed_on,
        purgedBy: t.purged_by,
      },
      mayAct: false,
    };
  }

  private async answer(tx: Sql, ws: string, id: string, mayAct: boolean): Promise<RetentionState> {
    const [row] = await tx.query<RetentionRow>(`${ROW} WHERE c.workspace_id = $1 AND c.id = $2`, [ws, id]);
    const plan = planOf(
      row,
      await retentionSettingsOf(tx, ws),
      this.today(),
      (await warningsOf(tx, ws, [id])).get(id) ?? [],
    );
    const base = {
      caseNumber: caseNumberText(row.case_number),
      legalHold: row.legal_hold
        ? { reason: row.legal_hold_reason ?? '', placedBy: row.legal_hold_name, placedAt: iso(row.legal_hold_at!) }
        : null,
      postponement: row.retention_postponed_until
        ? { until: row.retention_postponed_until, reason: row.retention_postpone_reason ?? '' }
        : null,
      purged: null,
      mayAct,
    };
    if (plan.action === 'KEEP') {
      return {
        ...base,
        status: plan.reason === 'OPEN' ? 'OPEN' : 'KEPT',
        keptBecause: plan.reason === 'OPEN' ? null : plan.reason,
        purgeOn: null,
        heldBy: null,
        warnedOn: null,
      };
    }
    return {
      ...base,
      status: 'SCHEDULED',
      keptBecause: null,
      purgeOn: plan.purgeOn,
      heldBy: plan.heldBy,
      warnedOn: plan.warnedOn,
    };
  }

  // ---------- the daily job's step ----------

  /**
   * Warns the committee of each case due for it (once per case and purge date: the key is written in the transaction
   * that puts the mails in the outbox), then purges each case due, one transaction per case. A purge that fails rolls
   * back whole (the case stays as it was) and the others go on; the job then fails, so the queue retries it.
   */
  async run(ws: string, day: IsoDate, origin: string): Promise<{ warnings: number; purged: number }> {
    const due = await this.db.tenant(ws, async (tx) => {
      const settings = await retentionSettingsOf(tx, ws);
      if (Object.keys(settings.periods).length === 0) return { warned: 0, purge: [] as string[] };
      const rows = await tx.query<RetentionRow>(
        `${ROW} WHERE c.workspace_id = $1 AND c.status = 'CLOSED' AND NOT c.legal_hold`,
        [ws],
      );
      if (rows.length === 0) return { warned: 0, purge: [] };
      const warnings = await warningsOf(
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
        const fresh = await tx.query<{ complaint_id: string }>(
          `INSERT INTO complaint_retention_notices (workspace_id, complaint_id, purge_on, warned_on, recipients)
           SELECT $1, x.complaint_id, x.purge_on, $3::date, x.recipients FROM json_to_recordset($2::json) AS x(complaint_id uuid, purge_on date, recipients int)
           ON CONFLICT DO NOTHING RETURNING complaint_id`,
          [
            ws,
            JSON.stringify(
              toWarn.map((p) => ({
                complaint_id: p.row.id,
                purge_on: p.plan.action === 'KEEP' ? null : p.plan.ruleOn,
                recipients: readers.get(p.row.id)?.length ?? 0,
              })),
            ),
            day,
          ],
        );
        const mails: OutgoingMail[] = [];
        for (const f of fresh) {
          const { row, plan } = toWarn.find((p) => p.row.id === f.complaint_id)!;
          if (plan.action === 'KEEP') continue;
          const caseNumber = caseNumberText(row.case_number);
          for (const member of readers.get(row.id) ?? []) {
            mails.push({
              workspaceId: ws,
              to: member.email,
              subject: `Case ${caseNumber} will be purged on ${plan.purgeOn}`,
              text:
                `Under the workspace's retention rules, closed case ${caseNumber} will be purged on ${plan.purgeOn}: its parties, incident, messages, ` +
                `meetings and evidence will be deleted for good; a record that the case existed, its outcome and its dates stays. ` +
                `The member presiding over the case may place a legal hold or postpone the purge before then: ${origin}/complaints/${row.id}`,
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
      const [row] = await tx.query<RetentionRow>(`${ROW} WHERE c.workspace_id = $1 AND c.id = $2 FOR UPDATE OF c`, [
        ws,
        id,
      ]);
      if (!row) return null;
      const settings = await retentionSettingsOf(tx, ws);
      const plan = planOf(row, settings, day, (await warningsOf(tx, ws, [id])).get(id) ?? []);
      if (plan.action !== 'PURGE') return null;
      const files = await tx.query<{ id: string; storage_key: string }>(
        `SELECT f.id, f.storage_key FROM files f
          WHERE f.workspace_id = $1 AND (f.id IN (SELECT e.file_id FROM complaint_evidence e WHERE e.workspace_id = $1 AND e.complaint_id = $2)
             OR f.id IN (SELECT unnest(i.pending_file_ids) FROM complaint_intakes i WHERE i.workspace_id = $1 AND i.complaint_id = $2))`,
        [ws, id],
      );
      await tx.query(
        `INSERT INTO complaint_tombstones (workspace_id, complaint_id, case_number, compliance, committee_id, outcome, received_on, closed_on, purge_due_on, purged_on, purged_by, evidence_files)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
        [
          ws,
          id,
          row.case_number,
          row.compliance,
          row.committee_id,
          row.outcome,
          row.received_on,
          row.closed_on,
          plan.purgeOn,
          day,
          PURGED_BY_JOB,
          files.length,
        ],
      );
      await tx.query(`DELETE FROM complaints WHERE workspace_id = $1 AND id = $2`, [ws, id]);
      if (files.length > 0)
        await tx.query(`DELETE FROM files WHERE workspace_id = $1 AND id = ANY($2::uuid[])`, [
          ws,
          files.map((f) => f.id),
        ]);
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

/** The tombstone of a purged case, for a current member of the committee that heard it; null for anyone else. */
export async function tombstoneFor(tx: Sql, ws: string, id: string, userId: string) {
  const [t] = await tx.query<{
    case_number: number;
    outcome: string | null;
    received_on: string;
    closed_on: string | null;
    purge_due_on: string;
    purged_on: string;
    purged_by: string;
  }>(
    `SELECT t.case_number, t.outcome, t.received_on::text AS received_on, t.closed_on::text AS closed_on, t.purge_due_on::text AS purge_due_on,
            t.purged_on::text AS purged_on, t.purged_by
       FROM complaint_tombstones t
      WHERE t.workspace_id = $1 AND t.complaint_id = $2
        AND EXISTS (SELECT 1 FROM committee_members m WHERE m.workspace_id = t.workspace_id AND m.committee_id = t.committee_id AND m.user_id = $3)`,
    [ws, id, userId],
  );
  return t ?? null;
}
