import type { PlatformAuditEvent } from '../../../src/contracts/main/platform-audit.contract';
import type { Database } from '../../platform/db/database';
import { platformAuditCount, platformAuditRows } from './platform-audit.repository';

/** The platform admins' trail: every event a platform admin caused, in any workspace (or none, once deleted). */
export class PlatformAuditService {
  constructor(private readonly db: Database) {}

  async page(query: { page: number; pageSize: number; workspaceId?: string }) {
    const { page, pageSize } = query;
    const workspaceId = query.workspaceId ?? null;
    return this.db.system(async (tx) => {
      const rows = await platformAuditRows(tx, workspaceId, pageSize, page * pageSize);
      const total = await platformAuditCount(tx, workspaceId);
      const items: PlatformAuditEvent[] = rows.map((r) => ({ ...r, at: new Date(r.at).toISOString() }));
      return { items, page, pageSize, total };
    });
  }
}
