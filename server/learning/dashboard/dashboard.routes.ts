import type { FastifyInstance } from 'fastify';
import { complianceDashboard } from '../../../src/contracts/learning/dashboard.contract';
import type { ApiDeps } from '../../platform/deps';
import { answer } from '../../platform/refusal';
import { serve, workspaceUser } from '../../platform/serve';
import { DashboardService } from './dashboard.service';

/** The compliance dashboard (docs/reports.md "The dashboard"). */
export async function dashboardRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const now = deps.settings.now ?? (() => deps.clock.now());
  const dashboard = new DashboardService(deps.db, now);
  serve(app, complianceDashboard, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    const actor = { workspaceId: workspace.id, userId: user.userId, role: user.role, branchId: user.branchId };
    return answer(await dashboard.figures(actor, ctx.query.branchId));
  });
}
