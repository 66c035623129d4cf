import type {
  SaveWorkspaceCalendarBody,
  WorkspaceCalendar,
} from '../../../src/contracts/main/workspace-calendar.contract';
import { defaultZoneOf, isTimeZone } from '../../../src/domain/shared/date-time';
import { audit } from '../../platform/audit';
import type { Database, Sql } from '../../platform/db/database';
import * as repo from './workspace-calendar.repository';
import type { Acting } from '../../platform/actor';

export type CalendarRefusal = {
  ok: false;
  refusal: 'invalid';
  code: string;
  message: string;
  fields: Record<string, string>;
};

/** The workspace's time zone and region (migration 0090), read and set by its admins. */
export class WorkspaceCalendarService {
  constructor(
    private readonly db: Database,
    /** Called after a change is committed: the open cases' stored clocks are computed again (case-jobs.ts). */
    private readonly recomputeClocks: (ws: string) => Promise<void>,
  ) {}

  read(ws: string): Promise<WorkspaceCalendar> {
    return this.db.tenant(ws, (tx) => this.view(tx, ws));
  }

  async save(
    actor: Acting<'workspaceId' | 'userId' | 'ip'>,
    body: SaveWorkspaceCalendarBody,
  ): Promise<{ ok: true; value: WorkspaceCalendar } | CalendarRefusal> {
    const fields: Record<string, string> = {};
    if (!isTimeZone(body.timeZone))
      fields.timeZone = 'Not a time zone (choose one such as Asia/Kolkata or America/Toronto)';
    // `workspaces` is a reference table the tenant role may not write (migration 0085): the owner's transaction,
    // every statement naming this workspace.
    const outcome = await this.db.system(async (tx) => {
      const regions = await repo.regions(tx);
      if (body.regionCode !== null && !regions.some((r) => r.code === body.regionCode))
        fields.regionCode = 'Not a state or province of the catalogue (e.g. IN-KA, CA-ON)';
      if (Object.keys(fields).length > 0)
        return {
          ok: false as const,
          refusal: 'invalid' as const,
          code: 'INVALID_CALENDAR',
          message: 'The time zone or the region is not known',
          fields,
        };
      const before = await repo.calendarOf(tx, actor.workspaceId, true);
      await repo.saveCalendar(tx, actor.workspaceId, body.timeZone, body.regionCode);
      await audit(tx, {
        workspaceId: actor.workspaceId,
        actorUserId: actor.userId,
        action: 'workspace.calendar-updated',
        target: actor.workspaceId,
        ip: actor.ip,
        details: {
          from: { timeZone: before?.time_zone ?? null, regionCode: before?.region_code ?? null },
          to: { timeZone: body.timeZone, regionCode: body.regionCode },
        },
      });
      return { ok: true as const, value: await this.view(tx, actor.workspaceId) };
    });
    if (outcome.ok) await this.recomputeClocks(actor.workspaceId);
    return outcome;
  }

  private async view(tx: Sql, ws: string): Promise<WorkspaceCalendar> {
    const row = await repo.calendarOf(tx, ws);
    const regionCode = row?.region_code ?? null;
    // A workspace that never set its zone reads in its region's, else its regime's country's (regime.ts regimeFromRow).
    const timeZone = row?.time_zone ?? defaultZoneOf(regionCode ?? (await repo.regimeCountry(tx, ws)));
    return { timeZone, regionCode, regions: await repo.regions(tx) };
  }
}
