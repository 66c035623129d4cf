import type { FastifyInstance } from 'fastify';
import {
  branchColour,
  businessUnitPage,
  createBranch,
  deleteBranch,
  updateBranch,
} from '../../../src/contracts/main/organisation.contract';
import { seesAllBusinessUnits } from '../../../src/domain/auth/roles';
import type { ApiDeps } from '../../platform/deps';
import { answer } from '../../platform/refusal';
import { serve, workspaceUser, type HandlerContext } from '../../platform/serve';
import type { RouteContract } from '../../../src/contracts/route';
import { businessUnits } from './business-units.repository';
import { BusinessUnitsService } from './business-units.service';
import { workspaceActor } from '../../platform/actor';

export async function businessUnitRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const units = new BusinessUnitsService(deps.db);

  serve(app, businessUnitPage, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    const { page, pageSize, search } = ctx.query;
    // A business-unit admin sees their own unit only.
    const ids = seesAllBusinessUnits(user.role) ? null : user.branchId ? [user.branchId] : [];
    const result = await deps.db.tenant(workspace.id, (tx) =>
      businessUnits(tx, workspace.id, { ids, search, limit: pageSize, offset: page * pageSize }),
    );
    return { ...result, page, pageSize };
  });

  serve(app, createBranch, async (ctx) => answer(await units.create(workspaceActor(ctx), ctx.body)));

  serve(app, updateBranch, async (ctx) => answer(await units.update(workspaceActor(ctx), ctx.params.id, ctx.body)));

  serve(app, deleteBranch, async (ctx) => answer(await units.remove(workspaceActor(ctx), ctx.body)));

  serve(app, branchColour, async (ctx) =>
    answer(await units.setColour(workspaceActor(ctx), ctx.params.id, `#${ctx.params.hex.toLowerCase()}`)),
  );
}
