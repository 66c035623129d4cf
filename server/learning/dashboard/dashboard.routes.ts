import type { FastifyInstance } from 'fastify';
import { complianceDashboard } from '../../../src/contracts/learning/dashboard.contract';
import type { ApiDeps } from '../../platform/deps';
import { answer } from '../../platform/refusal';
import { serve } from '../../platform/serve';
import { DashboardService } from './dashboard.service';
import { workspaceActor } from '../../platform/actor';

/** The compliance dashboard (docs/reports.md "The dashboard"). */
export async function dashboardRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const now = () => deps.clock.now();
  const dashboard = new DashboardService(deps.db, now);
  serve(app, complianceDashboard, async (ctx) => {
    return answer(await dashboard.figures(workspaceActor(ctx), ctx.query.branchId));
  });
}
