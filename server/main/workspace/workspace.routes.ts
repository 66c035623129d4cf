import type { FastifyInstance } from 'fastify';
import { allBranches, companyProfile, departmentList } from '../../../src/contracts/main/workspace.contract';
import type { ApiDeps } from '../../platform/deps';
import { answer } from '../../platform/refusal';
import { serve, workspaceUser, type HandlerContext } from '../../platform/serve';
import { hostName } from '../../platform/tenancy';
import { WorkspaceService, type WorkspaceViewer } from './workspace.service';

export async function workspaceRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const workspaces = new WorkspaceService(deps.db, deps.sites);
  const viewerOf = (ctx: HandlerContext<any>): WorkspaceViewer => {
    const { user, workspace } = workspaceUser(ctx);
    return { workspaceId: workspace.id, role: user.role, branchId: user.branchId };
  };

  serve(app, companyProfile, async ({ params }) => answer(await workspaces.profile(hostName(params.host))));

  serve(app, allBranches, async (ctx) => workspaces.branches(viewerOf(ctx), ctx.query.isUserCountRequired === 'true'));

  serve(app, departmentList, async (ctx) => {
    const viewer = viewerOf(ctx);
    const branchId = ctx.body.showAll ? null : (ctx.body.branchId ?? null);
    return answer(await workspaces.departments(viewer, branchId));
  });
}
