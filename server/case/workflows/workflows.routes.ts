import type { FastifyInstance } from 'fastify';
import {
  addWorkflowStep,
  createWorkflow,
  createWorkflowVersion,
  deleteWorkflowStep,
  getWorkflow,
  getWorkflowVersion,
  listWorkflows,
  publishWorkflowVersion,
  updateWorkflow,
  updateWorkflowStep,
} from '../../../src/contracts/case/workflows.contract';
import type { ApiDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { serve, workspaceUser, type HandlerContext } from '../../platform/serve';
import { versionDesign } from '../builder/builder.repository';
import * as repo from './workflows.repository';
import { WorkflowService, type Actor } from './workflows.service';

/** The workflow builder: workflows, versions, steps and publishing. Reads go straight to the repository. */
export async function workflowRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const service = new WorkflowService(deps.db);
  const actorOf = (ctx: HandlerContext<any>): Actor => {
    const { user, workspace } = workspaceUser(ctx);
    return { workspaceId: workspace.id, userId: user.userId, ip: ctx.request.ip ?? null };
  };

  serve(app, listWorkflows, async (ctx) => {
    const { workspace } = workspaceUser(ctx);
    const { page, pageSize } = ctx.query;
    const { items, total } = await deps.db.tenant(workspace.id, (tx) =>
      repo.listWorkflows(tx, workspace.id, page, pageSize),
    );
    return { items, page, pageSize, total };
  });

  serve(app, createWorkflow, async (ctx) => service.createWorkflow(actorOf(ctx), ctx.body));

  serve(app, getWorkflow, async (ctx) => {
    const { workspace } = workspaceUser(ctx);
    const found = await deps.db.tenant(workspace.id, (tx) => repo.findWorkflow(tx, workspace.id, ctx.params.id));
    if (!found) throw notFound('Workflow not found');
    return found;
  });

  serve(app, updateWorkflow, async (ctx) => service.updateWorkflow(actorOf(ctx), ctx.params.id, ctx.body));

  serve(app, createWorkflowVersion, async (ctx) => service.createVersion(actorOf(ctx), ctx.params.id, ctx.body));

  serve(app, publishWorkflowVersion, async (ctx) =>
    service.publish(actorOf(ctx), ctx.body.workflowId, ctx.body.workflowVersionId),
  );

  serve(app, getWorkflowVersion, async (ctx) => {
    const { workspace } = workspaceUser(ctx);
    const found = await deps.db.tenant(workspace.id, (tx) => versionDesign(tx, workspace.id, ctx.params.id));
    if (!found) throw notFound('Workflow version not found');
    return found;
  });

  serve(app, addWorkflowStep, async (ctx) => service.addStep(actorOf(ctx), ctx.params.id, ctx.body));

  serve(app, updateWorkflowStep, async (ctx) => service.updateStep(actorOf(ctx), ctx.params.id, ctx.body));

  serve(app, deleteWorkflowStep, async (ctx) => {
    await service.deleteStep(actorOf(ctx), ctx.params.s, ctx.params.w);
    return { ok: true as const };
  });
}
