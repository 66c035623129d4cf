import type { z } from 'zod';
import type {
  LegalHoldBody,
  PostponeBody,
  RetentionSettings,
  RetentionSettingsBody,
  RetentionState,
} from '../../../src/contracts/case/retention.contract';
import {
  postponementProblems,
  RETENTION_OUTCOMES,
  retentionPlan,
  retentionVerdict,
  type RetentionCase,
} from '../../../src/domain/complaints/retention';
import type { IsoDate } from '../../../src/domain/shared/calendar';
import { audit } from '../../platform/audit';
import { utcDay, type Clock } from '../../platform/clock';
import type { Database, Sql } from '../../platform/db/database';
import { ok, refuse, type Outcome, type Refusal } from '../../platform/refusal';
import { caseNumberText } from './complaints.repository';
import type { Actor, ComplaintService } from './complaints.service';
import { regimeOf } from './regime';
import * as repo from './retention.repository';
import type { RetentionRow, RetentionSettingsRow, Warning } from './retention.repository';
import { instantText } from '../../../src/domain/shared/date-time';

/**
 * Retention of closed cases (issue 13 "Records and retention", docs/case.md "Retention"). The rule is
 * src/domain/complaints/retention.ts; this holds the workspace's periods, the legal hold and the postponement of a
 * case. The daily job's step that warns the committee and then purges is retention-job.ts.
 */

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

/** The plan of one case, with the warning sent for the date the rules give now (if any). */
export function planOf(r: RetentionRow, s: RetentionSettingsRow, today: IsoDate, warnings: Warning[]) {
  const v = retentionVerdict(domainCase(r), s.periods, today, s.warnDays);
  const warning = v.state === 'KEEP' ? null : (warnings.find((w) => w.ruleOn === v.purgeOn) ?? null);
  return retentionPlan(domainCase(r), s.periods, today, s.warnDays, warning);
}

const noSuchCase = (): Refusal => refuse('not-found', 'NOT_FOUND', 'Complaint not found');

export class RetentionService {
  constructor(
    private readonly db: Database,
    private readonly complaints: ComplaintService,
    private readonly clock: Clock,
  ) {}

  today(): IsoDate {
    return utcDay(this.clock.now());
  }

  // ---------- settings ----------

  /**
   * Everyone in the workspace may read how long a closed case is kept (a complainant deciding whether to file should
   * know it, as GlobaLeaks tells its reporters); only the workspace admin may change it (`mayEdit`).
   */
  async settings(actor: Actor, role: string): Promise<Outcome<RetentionSettings>> {
    return ok(await this.db.tenant(actor.ws, (tx) => this.settingsAnswer(tx, actor.ws, role === 'WORKSPACE_ADMIN')));
  }

  private async settingsAnswer(tx: Sql, ws: string, mayEdit: boolean): Promise<RetentionSettings> {
    const s = await repo.retentionSettingsOf(tx, ws);
    const regime = await regimeOf(tx, ws);
    const periods = Object.fromEntries(
      RETENTION_OUTCOMES.map((o) => [o, s.periods[o] ?? null]),
    ) as RetentionSettings['periods'];
    return { periods, warnDays: s.warnDays, compliance: regime.compliance, mayEdit };
  }

  /** Workspace admins only (the route says so); audited in the workspace's log with the old and new values. */
  async saveSettings(actor: Actor, body: z.output<typeof RetentionSettingsBody>): Promise<Outcome<RetentionSettings>> {
    return this.db.tenant(actor.ws, async (tx) => {
      const before = await repo.retentionSettingsOf(tx, actor.ws);
      const periods = Object.fromEntries(
        RETENTION_OUTCOMES.filter((o) => body.periods[o] !== null).map((o) => [o, body.periods[o]]),
      );
      await repo.saveRetentionSettings(tx, actor.ws, periods, body.warnDays);
      await audit(tx, {
        workspaceId: actor.ws,
        actorUserId: actor.userId,
        action: 'complaint.retention-settings',
        ip: actor.ip,
        details: { periods, warnDays: body.warnDays, before: { periods: before.periods, warnDays: before.warnDays } },
      });
      return ok(await this.settingsAnswer(tx, actor.ws, true));
    });
  }

  // ---------- a case ----------

  /** The committee of the case reads its retention; a purged case answers its tombstone to its committee. */
  async state(actor: Actor, id: string): Promise<Outcome<RetentionState>> {
    return this.db.tenant(actor.ws, async (tx) => {
      if (!(await repo.caseExists(tx, actor.ws, id))) return this.tombstone(tx, actor, id);
      // Every read of a case is recorded (docs/case.md "What is logged"): the panel is a read of the case of its own.
      const access = await this.complaints.access(tx, actor, id, { committeeOnly: true });
      await this.complaints.log(tx, actor, id, 'complaint.retention.read');
      return ok(await this.answer(tx, actor.ws, id, access.presiding?.userId === actor.userId));
    });
  }

  async hold(actor: Actor, id: string, body: z.output<typeof LegalHoldBody>): Promise<Outcome<RetentionState>> {
    return this.db.tenant(actor.ws, async (tx) => {
      const refused = await this.presiding(tx, actor, id);
      if (refused) return refused;
      const held = await repo.legalHoldOf(tx, actor.ws, id);
      if (body.hold && held) return refuse('conflict', 'CONFLICT', 'The case is already on legal hold');
      if (!body.hold && !held) return refuse('conflict', 'CONFLICT', 'The case is not on legal hold');
      if (body.hold) await repo.placeLegalHold(tx, actor.ws, id, body.reason, actor.userId);
      else await repo.liftLegalHold(tx, actor.ws, id);
      await this.complaints.log(tx, actor, id, body.hold ? 'complaint.legal-hold' : 'complaint.legal-hold.lift', {
        reason: body.reason,
      });
      return ok(await this.answer(tx, actor.ws, id, true));
    });
  }

  async postpone(actor: Actor, id: string, body: z.output<typeof PostponeBody>): Promise<Outcome<RetentionState>> {
    return this.db.tenant(actor.ws, async (tx) => {
      const refused = await this.presiding(tx, actor, id);
      if (refused) return refused;
      const row = (await repo.retentionRow(tx, actor.ws, id))!;
      if (row.status !== 'CLOSED') return refuse('conflict', 'CONFLICT', 'Only a closed case has a purge to postpone');
      const today = this.today();
      const settings = await repo.retentionSettingsOf(tx, actor.ws);
      const plan = planOf(row, settings, today, (await repo.warningsOf(tx, actor.ws, [id])).get(id) ?? []);
      const current = plan.action === 'KEEP' ? null : plan.purgeOn;
      const problems = postponementProblems(body.until, body.reason, today, current);
      if (Object.keys(problems).length)
        return refuse('invalid', 'VALIDATION', Object.values(problems).join(' '), problems as Record<string, string>);
      await repo.postponePurge(tx, actor.ws, id, body.until, body.reason);
      await this.complaints.log(tx, actor, id, 'complaint.purge.postpone', {
        until: body.until,
        reason: body.reason,
        previousPurgeOn: current,
      });
      return ok(await this.answer(tx, actor.ws, id, true));
    });
  }

  /**
   * The one presiding (or who presides in their place) may act: null. Other members 403, anyone else 404 (the case
   * access check); a purged case 409 to its committee.
   */
  private async presiding(tx: Sql, actor: Actor, id: string): Promise<Refusal | null> {
    if (!(await repo.caseExists(tx, actor.ws, id))) {
      const tombstone = await this.tombstone(tx, actor, id);
      return tombstone.ok ? refuse('conflict', 'CONFLICT', 'The case was purged') : tombstone;
    }
    const access = await this.complaints.access(tx, actor, id, { committeeOnly: true, lock: true });
    if (access.presiding?.userId !== actor.userId)
      return refuse('forbidden', 'FORBIDDEN', 'Only the member presiding over the case holds or postpones its purge');
    return null;
  }

  private async tombstone(tx: Sql, actor: Actor, id: string): Promise<Outcome<RetentionState>> {
    const t = await repo.tombstoneFor(tx, actor.ws, id, actor.userId);
    if (!t) return noSuchCase();
    return ok({
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
    });
  }

  private async answer(tx: Sql, ws: string, id: string, mayAct: boolean): Promise<RetentionState> {
    const row = (await repo.retentionRow(tx, ws, id))!;
    const plan = planOf(
      row,
      await repo.retentionSettingsOf(tx, ws),
      this.today(),
      (await repo.warningsOf(tx, ws, [id])).get(id) ?? [],
    );
    const base = {
      caseNumber: caseNumberText(row.case_number),
      legalHold: row.legal_hold
        ? {
            reason: row.legal_hold_reason ?? '',
            placedBy: row.legal_hold_name,
            placedAt: instantText(row.legal_hold_at!),
          }
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
}
