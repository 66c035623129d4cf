import type { ReportScheduleAnswer, ReportScheduleBody } from '../../../src/contracts/learning/reports.contract';
import { holds, type PermissionOverrides } from '../../../src/domain/auth/permissions';
import type { Role } from '../../../src/domain/auth/roles';
import type { Database } from '../../platform/db/database';
import { readOverrides } from '../../platform/permissions';
import type { Outcome } from '../../platform/refusal';
import * as repo from './report-schedules.repository';
import type { Acting } from '../../platform/actor';
import { instantTextOrNull } from '../../../src/domain/shared/date-time';

const REPORT_ROLES: readonly string[] = ['WORKSPACE_ADMIN', 'EMPLOYER', 'BRANCH_ADMIN'];

/**
 * Whether a person may receive (or own) a schedule's report: an active admin, employer or business-unit admin of the
 * workspace who holds `reports.read` there; a business-unit admin only for a schedule scoped to their own unit (a
 * wider report would show them other units' people).
 */
export function mayReceive(person: repo.PersonRow, schedule: { scoped: boolean; scopeBranchId: string | null }, overrides: PermissionOverrides): boolean {
  if (person.status !== 'ACTIVE' || !REPORT_ROLES.includes(person.role)) return false;
  if (!holds(person.role as Role, 'reports.read', overrides)) return false;
  if (person.role === 'BRANCH_ADMIN') return schedule.scoped && schedule.scopeBranchId !== null && schedule.scopeBranchId === person.branch_id;
  return true;
}

/** The scope a schedule set by this actor carries. */
function scopeOf(actor: Acting<'workspaceId' | 'userId' | 'role' | 'branchId'>): { scoped: boolean; scopeBranchId: string | null } {
  return actor.role === 'BRANCH_ADMIN' ? { scoped: true, scopeBranchId: actor.branchId } : { scoped: false, scopeBranchId: null };
}

/** Scheduled reports: a saved report mailed weekly or monthly to chosen admins (docs/reports.md "Scheduled reports"). */
export class ReportSchedules {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
  ) {}

  async get(actor: Acting<'workspaceId' | 'userId' | 'role' | 'branchId'>, savedId: string): Promise<Outcome<ReportScheduleAnswer>> {
    return this.db.tenant(actor.workspaceId, async (tx) => {
      if (!(await repo.ownSaved(tx, actor.workspaceId, actor.userId, savedId))) return missingReport();
      const row = await repo.scheduleOf(tx, actor.workspaceId, actor.userId, savedId);
      return { ok: true as const, value: { schedule: row ? await describe(tx, actor.workspaceId, row) : null, choices: await this.choices(tx, actor) } };
    });
  }

  /** Sets the schedule; every recipient must be allowed to read this report (else 400 naming `recipientIds`). */
  async set(actor: Acting<'workspaceId' | 'userId' | 'role' | 'branchId'>, savedId: string, body: ReportScheduleBody): Promise<Outcome<ReportScheduleAnswer>> {
    const ws = actor.workspaceId;
    return this.db.tenant(ws, async (tx) => {
      if (!(await repo.ownSaved(tx, ws, actor.userId, savedId))) return missingReport();
      // A business-unit admin's schedule carries their unit, fixed now: what they could see when they set it.
      const scope = scopeOf(actor);
      const ids = [...new Set(body.recipientIds)];
      const found = await repo.people(tx, ws, ids);
      const overrides = await readOverrides(tx, ws);
      const unknown = ids.filter((id) => !found.some((p) => p.id === id));
      if (unknown.length > 0) return invalid('No admin of this workspace has this id', `No admin of this workspace has the id ${unknown[0]}`);
      const refused = found.find((p) => !mayReceive(p, scope, overrides));
      if (refused) return invalid('A recipient may not read this report', `${refused.name || refused.email} may not read this report: only admins who may read reports here (a business-unit admin: of the report's own unit)`);
      const row = await repo.upsertSchedule(tx, ws, { savedId, ownerId: actor.userId, frequency: body.frequency, format: body.format, recipientIds: ids, ...scope, now: this.now() });
      return { ok: true as const, value: { schedule: await describe(tx, ws, row), choices: await this.choices(tx, actor) } };
    });
  }

  private async choices(tx: Parameters<typeof repo.people>[0], actor: Acting<'workspaceId' | 'userId' | 'role' | 'branchId'>) {
    const scope = scopeOf(actor);
    const overrides = await readOverrides(tx, actor.workspaceId);
    return (await repo.reportReaders(tx, actor.workspaceId)).filter((p) => mayReceive(p, scope, overrides)).map((p) => ({ id: p.id, name: p.name, email: p.email }));
  }

  async remove(actor: Acting<'workspaceId' | 'userId' | 'role' | 'branchId'>, savedId: string): Promise<Outcome<{ ok: true }>> {
    const gone = await this.db.tenant(actor.workspaceId, (tx) => repo.deleteSchedule(tx, actor.workspaceId, actor.userId, savedId));
    return gone ? { ok: true, value: { ok: true } } : missingReport();
  }
}

async function describe(tx: Parameters<typeof repo.people>[0], ws: string, row: repo.ScheduleRow) {
  const people = await repo.people(tx, ws, row.recipient_ids);
  return {
    frequency: row.frequency,
    format: row.format,
    recipients: row.recipient_ids.map((id) => people.find((p) => p.id === id)).filter((p) => p !== undefined).map((p) => ({ id: p.id, name: p.name, email: p.email })),
    nextRunAt: instantTextOrNull(row.next_run_at)!,
    lastRunAt: instantTextOrNull(row.last_run_at),
    stoppedAt: instantTextOrNull(row.stopped_at),
    stoppedReason: row.stopped_reason,
  };
}

const missingReport = () => ({ ok: false as const, refusal: 'not-found' as const, code: 'NOT_FOUND', message: 'No such saved report of yours' });
const invalid = (message: string, field: string) => ({ ok: false as const, refusal: 'invalid' as const, code: 'INVALID_RECIPIENT', message, fields: { recipientIds: field } });
