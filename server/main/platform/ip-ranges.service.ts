import { formatIpRange, parseIpRange } from '../../../src/domain/platform/ip-ranges';
import { audit } from '../../platform/audit';
import type { Database } from '../../platform/db/database';
import { ok, refuse, type Outcome } from '../../platform/refusal';
import type { WorkspaceGateState } from '../../platform/workspace-gates';
import { rangesOf, replaceRanges, workspaceExists, type IpRangeRow } from './ip-ranges.repository';

const noSuchWorkspace = () => refuse('not-found', 'NOT_FOUND', 'There is no such workspace');

/** The platform admin's address ranges per workspace, for the elevated-IP mode. */
export class IpRangesService {
  constructor(
    private readonly db: Database,
    private readonly gates?: Pick<WorkspaceGateState, 'forget'>,
  ) {}

  async list(workspaceId: string): Promise<Outcome<IpRangeRow[]>> {
    return this.db.system(async (tx) => {
      if (!(await workspaceExists(tx, workspaceId))) return noSuchWorkspace();
      return ok(await rangesOf(tx, workspaceId));
    });
  }

  async set(
    actor: { platformAdminId: string | null; ip: string | null },
    workspaceId: string,
    ranges: { cidr: string; label?: string | null }[],
  ): Promise<Outcome<IpRangeRow[]>> {
    const outcome = await this.db.system(async (tx): Promise<Outcome<IpRangeRow[]>> => {
      if (!(await workspaceExists(tx, workspaceId))) return noSuchWorkspace();
      // Stored in one canonical form ("10.0.0.0/8"), so the same range typed twice is kept once.
      const unique = new Map(ranges.map((r) => [formatIpRange(parseIpRange(r.cidr)!), r.label ?? null]));
      await replaceRanges(tx, workspaceId, unique);
      await audit(tx, {
        workspaceId,
        actorPlatformAdminId: actor.platformAdminId,
        action: 'IP_RANGES_SET',
        ip: actor.ip,
        details: { ranges: [...unique.keys()] },
      });
      return ok(await rangesOf(tx, workspaceId));
    });
    if (outcome.ok) this.gates?.forget();
    return outcome;
  }
}
