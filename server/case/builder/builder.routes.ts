import type { FastifyInstance } from 'fastify';
import {
  addAttribute,
  addComponent,
  addMeetingFields,
  addPrerequisites,
  addStage,
  addStepAction,
  allMeetingFields,
  confirmAttributeResourceUpload,
  deleteAttribute,
  deleteComponent,
  deleteStage,
  getAttributeRoles,
  getPrerequisites,
  getStepDetails,
  getStepSetting,
  listEscalationSettings,
  orderAttribute,
  removeMeetingFields,
  removePrerequisites,
  removeStepAction,
  saveActionSetting,
  saveAttributeSetting,
  saveEscalationSetting,
  saveStepSetting,
  updateAttribute,
  updateComponent,
  updateMeetingFields,
  updatePrerequisites,
} from '../../../src/contracts/case/builder.contract';
import type { ApiDeps } from '../../platform/deps';
import { answer } from '../../platform/refusal';
import { serve, workspaceUser, type HandlerContext } from '../../platform/serve';
import type { Actor } from '../workflows/workflows.service';
import { BuilderService } from './builder.service';

/** The builder's parts: step details, actions and settings, stages, prerequisites, the complaint form, meeting fields, mails, escalation. */
export async function builderRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const service = new BuilderService(deps.db);
  const actorOf = (ctx: HandlerContext<any>): Actor => {
    const { user, workspace } = workspaceUser(ctx);
    return { workspaceId: workspace.id, userId: user.userId, ip: ctx.request.ip ?? null };
  };
  const ws = (ctx: HandlerContext<any>) => workspaceUser(ctx).workspace.id;

  serve(app, getStepDetails, async (ctx) => answer(await service.stepDetails(ws(ctx), ctx.params.v, ctx.params.s)));
  serve(app, addStepAction, async (ctx) => answer(await service.addStepAction(actorOf(ctx), ctx.params.id, ctx.body)));
  serve(app, removeStepAction, async (ctx) =>
    answer(await service.removeStepAction(actorOf(ctx), ctx.params.id, ctx.body.actionType)),
  );

  serve(app, addStage, async (ctx) => answer(await service.addStage(actorOf(ctx), ctx.params.id, ctx.body)));
  serve(app, deleteStage, async (ctx) => answer(await service.deleteStage(actorOf(ctx), ctx.params.id)));

  serve(app, addPrerequisites, async (ctx) => answer(await service.addPrerequisites(actorOf(ctx), ctx.body)));
  serve(app, updatePrerequisites, async (ctx) => answer(await service.updatePrerequisites(actorOf(ctx), ctx.body)));
  serve(app, removePrerequisites, async (ctx) => answer(await service.removePrerequisites(actorOf(ctx), ctx.body)));
  serve(app, getPrerequisites, async (ctx) => answer(await service.prerequisites(ws(ctx), ctx.params.id)));

  serve(app, getStepSetting, async (ctx) => answer(await service.stepSetting(ws(ctx), ctx.params.id)));
  serve(app, saveStepSetting, async (ctx) => answer(await service.saveStepSetting(actorOf(ctx), ctx.body)));

  serve(app, getAttributeRoles, async (ctx) =>
    answer(await service.attributeRoles(ws(ctx), ctx.params.workflowVersionId, ctx.params.complianceId)),
  );
  serve(app, saveAttributeSetting, async (ctx) => answer(await service.saveAttributeSetting(actorOf(ctx), ctx.body)));

  serve(app, addAttribute, async (ctx) => answer(await service.addAttribute(actorOf(ctx), ctx.body)));
  serve(app, updateAttribute, async (ctx) =>
    answer(await service.updateAttribute(actorOf(ctx), ctx.params.id, ctx.body)),
  );
  serve(app, deleteAttribute, async (ctx) => answer(await service.deleteAttribute(actorOf(ctx), ctx.params.id)));
  serve(app, orderAttribute, async (ctx) =>
    answer(await service.orderAttribute(actorOf(ctx), ctx.params.id, ctx.body.position)),
  );
  serve(app, confirmAttributeResourceUpload, async (ctx) =>
    answer(await service.confirmResourceUpload(actorOf(ctx), ctx.params.id, ctx.body)),
  );

  serve(app, addComponent, async (ctx) => answer(await service.addComponent(actorOf(ctx), ctx.body)));
  serve(app, updateComponent, async (ctx) =>
    answer(await service.updateComponent(actorOf(ctx), ctx.params.id, ctx.body)),
  );
  serve(app, deleteComponent, async (ctx) => answer(await service.deleteComponent(actorOf(ctx), ctx.params.id)));

  serve(app, allMeetingFields, async (ctx) => answer(await service.meetingFields(ws(ctx), ctx.query.stepId)));
  serve(app, addMeetingFields, async (ctx) => answer(await service.addMeetingFields(actorOf(ctx), ctx.body)));
  serve(app, updateMeetingFields, async (ctx) => answer(await service.updateMeetingFields(actorOf(ctx), ctx.body)));
  serve(app, removeMeetingFields, async (ctx) => answer(await service.removeMeetingFields(actorOf(ctx), ctx.body)));

  serve(app, saveActionSetting, async (ctx) => answer(await service.saveActionSetting(actorOf(ctx), ctx.body)));

  serve(app, listEscalationSettings, (ctx) => service.escalations(ws(ctx), ctx.query.branchId));
  serve(app, saveEscalationSetting, async (ctx) => answer(await service.saveEscalation(actorOf(ctx), ctx.body)));
}
