import { WORKSPACE_OPTIONS_LIMIT, type WorkspaceOption } from '../../../src/contracts/main/workspace-options.contract';
import type { Database } from '../../platform/db/database';
import { workspaceOptionRows } from './workspace-options.repository';

/** The platform tools' workspace pickers: a small search over every workspace (platform admin, cross-tenant by nature). */
export class WorkspaceOptionsService {
  constructor(private readonly db: Database) {}

  async search(q: string | undefined): Promise<WorkspaceOption[]> {
    const pattern = q ? `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const rows = await this.db.system((tx) => workspaceOptionRows(tx, pattern, WORKSPACE_OPTIONS_LIMIT));
    return rows.map((r) => ({
      workspaceId: r.id,
      workspaceUrl: r.workspace_url,
      companyName: r.company_name,
      active: r.active,
    }));
  }
}
