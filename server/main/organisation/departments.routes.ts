import type { FastifyInstance } from 'fastify';
import {
  addDepartmentManager,
  createDepartment,
  deleteDepartments,
  departmentManagers,
  departmentPage,
  managerCandidates,
  removeDepartmentManager,
  updateDepartment,
} from '../../../src/contracts/main/organisation.contract';
import type { RouteContract } from '../../../src/contracts/route';
import { seesAllBusinessUnits } from '../../../src/domain/auth/roles';
import type { ApiDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { answer } from '../../platform/refusal';
import { serve, workspaceUser, type HandlerContext } from '../../platform/serve';
import { departmentRows, managerCandidateRows } from './departments.repository';
import { DepartmentsService } from './departments.service';
import { workspaceActor } from '../../platform/actor';

export async function departmentRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const departments = new DepartmentsService(deps.db);

  serve(app, departmentPage, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    const { page, pageSize, search } = ctx.query;
    let branchId = ctx.query.branchId ?? null;
    if (!seesAllBusinessUnits(user.role)) {
      // A business-unit admin reads their own unit's departments only; another unit is not there for them.
      if (branchId && branchId !== user.branchId) throw notFound('Business unit not found');
      branchId = user.branchId ?? '00000000-0000-0000-0000-000000000000';
    }
    const result = await deps.db.tenant(workspace.id, (tx) =>
      departmentRows(tx, workspace.id, { branchId, search, limit: pageSize, offset: page * pageSize }),
    );
    return { ...result, page, pageSize };
  });

  serve(app, createDepartment, async (ctx) => answer(await departments.create(workspaceActor(ctx), ctx.body)));

  serve(app, updateDepartment, async (ctx) =>
    answer(await departments.rename(workspaceActor(ctx), ctx.params.id, ctx.body.departmentName)),
  );

  serve(app, deleteDepartments, async (ctx) => answer(await departments.remove(workspaceActor(ctx), ctx.body)));

  serve(app, departmentManagers, async (ctx) => answer(await departments.managers(workspaceActor(ctx), ctx.params.id)));

  serve(app, addDepartmentManager, async (ctx) =>
    answer(await departments.addManager(workspaceActor(ctx), ctx.params.id, ctx.body)),
  );

  serve(app, removeDepartmentManager, async (ctx) =>
    answer(await departments.removeManager(workspaceActor(ctx), ctx.params.id, ctx.params.userId)),
  );

  serve(app, managerCandidates, async (ctx) => {
    const { workspace } = workspaceUser(ctx);
    return deps.db.tenant(workspace.id, (tx) => managerCandidateRows(tx, workspace.id, ctx.query.search));
  });
}
