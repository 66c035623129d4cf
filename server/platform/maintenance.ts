import fp from 'fastify-plugin';
import type { Database } from './db/database';

/** Workspaces under maintenance, read at most every few seconds (flags change rarely; pages poll every 20 s). */
export class MaintenanceWindows {
  private cached: { at: number; workspaces: Set<string> } | null = null;

  constructor(
    private readonly db: Database,
    private readonly maxAgeMs = 3000,
  ) {}

  async isOn(workspaceId: string): Promise<boolean> {
    if (!this.cached || Date.now() - this.cached.at > this.maxAgeMs) {
      const rows = await this.db.query<{ workspace_id: string }>(
        `SELECT fw.workspace_id FROM feature_flags f JOIN feature_flag_workspaces fw ON fw.flag_key = f.key
          WHERE f.key = 'maintenance' AND f.value NOT IN ('off', 'false')`,
      );
      this.cached = { at: Date.now(), workspaces: new Set(rows.map((r) => r.workspace_id)) };
    }
    return this.cached.workspaces.has(workspaceId);
  }

  forget(): void {
    this.cached = null;
  }
}

/** Calls that must keep answering during maintenance: the flag poll (to notice the end) and the branding. */
const STILL_SERVED = [/^\/main-api\/api\/feature-flags(\?|$)/, /^\/main-api\/api\/workspace\/company-profile\//];

/**
 * While `maintenance` is on for a workspace, its APIs answer 503 with Retry-After to everyone (the platform
 * admin works from the main site, which is never under maintenance).
 */
export const maintenanceGate = fp<{ windows: MaintenanceWindows; apiBases: string[] }>(
  async (app, { windows, apiBases }) => {
    app.addHook('preHandler', async (request, reply) => {
      const site = request.ctx.site;
      if (site.kind !== 'workspace') return;
      const url = request.url;
      if (!apiBases.some((base) => url.startsWith(`${base}/`)) || STILL_SERVED.some((pattern) => pattern.test(url))) return;
      if (!(await windows.isOn(site.workspace.id))) return;
      return reply
        .code(503)
        .header('retry-after', '60')
        .send({ code: 'MAINTENANCE', message: `${site.workspace.company_name} is under maintenance and will be back shortly.` });
    });
  },
  { name: 'maintenance-gate', dependencies: ['request-context'] },
);
