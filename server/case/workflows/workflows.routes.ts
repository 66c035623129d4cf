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
import { answer } from '../../platform/refusal';
import { serve, workspaceUser, type HandlerContext } from '../../platform/serve';
import { WorkflowService, type Actor } from './workflows.service';

/** The workflow builder: workflows, versions, steps and publishing. */
export async function workflowRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const service = new WorkflowService(deps.db);
  const actorOf = (ctx: HandlerContext<any>): Actor => {
    const { user, workspace } = workspaceUser(ctx);
    return { workspaceId: workspace.id, userId: user.userId, ip: ctx.request.ip ?? null };
  };
  const workspaceOf = (ctx: HandlerContext<any>): string => workspaceUser(ctx).workspace.id;

  serve(app, listWorkflows, async (ctx) => service.list(workspaceOf(ctx), ctx.query.page, ctx.query.pageSize));

  serve(app, createWorkflow, async (ctx) => answer(await service.createWorkflow(actorOf(ctx), ctx.body)));

  serve(app, getWorkflow, async (ctx) => answer(await service.workflow(workspaceOf(ctx), ctx.params.id)));

  serve(app, updateWorkflow, async (ctx) =>
    answer(await service.updateWorkflow(actorOf(ctx), ctx.params.id, ctx.body)),
  );

  serve(app, createWorkflowVersion, async (ctx) =>
    answer(await service.createVersion(actorOf(ctx), ctx.params.id, ctx.body)),
  );

  serve(app, publishWorkflowVersion, async (ctx) =>
    answer(await service.publish(actorOf(ctx), ctx.body.workflowId, ctx.body.workflowVersionId)),
  );

  serve(app, getWorkflowVersion, async (ctx) => answer(await service.version(workspaceOf(ctx), ctx.params.id)));

  serve(app, addWorkflowStep, async (ctx) => answer(await service.addStep(actorOf(ctx), ctx.params.id, ctx.body)));

  serve(app, updateWorkflowStep, async (ctx) =>
    answer(await service.updateStep(actorOf(ctx), ctx.params.id, ctx.body)),
  );

  serve(app, deleteWorkflowStep, async (ctx) =>
    answer(await service.deleteStep(actorOf(ctx), ctx.params.s, ctx.params.w)),
  );
}
