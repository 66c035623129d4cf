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
import { serve, workspaceUser, type HandlerContext } from '../../platform/serve';
import type { Actor } from '../workflows/workflows.service';
import { BuilderService } from './builder.service';

const OK = { ok: true as const };

/** The builder's parts: step details, actions and settings, stages, prerequisites, the complaint form, meeting fields, mails, escalation. */
export async function builderRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const service = new BuilderService(deps.db);
  const actorOf = (ctx: HandlerContext<any>): Actor => {
    const { user, workspace } = workspaceUser(ctx);
    return { workspaceId: workspace.id, userId: user.userId, ip: ctx.request.ip ?? null };
  };
  const ws = (ctx: HandlerContext<any>) => workspaceUser(ctx).workspace.id;

  serve(app, getStepDetails, (ctx) => service.stepDetails(ws(ctx), ctx.params.v, ctx.params.s));
  serve(app, addStepAction, (ctx) => service.addStepAction(actorOf(ctx), ctx.params.id, ctx.body));
  serve(app, removeStepAction, (ctx) => service.removeStepAction(actorOf(ctx), ctx.params.id, ctx.body.actionType));

  serve(app, addStage, (ctx) => service.addStage(actorOf(ctx), ctx.params.id, ctx.body));
  serve(app, deleteStage, async (ctx) => {
    await service.deleteStage(actorOf(ctx), ctx.params.id);
    return OK;
  });

  serve(app, addPrerequisites, (ctx) => service.addPrerequisites(actorOf(ctx), ctx.body));
  serve(app, updatePrerequisites, (ctx) => service.updatePrerequisites(actorOf(ctx), ctx.body));
  serve(app, removePrerequisites, (ctx) => service.removePrerequisites(actorOf(ctx), ctx.body));
  serve(app, getPrerequisites, (ctx) => service.prerequisites(ws(ctx), ctx.params.id));

  serve(app, getStepSetting, (ctx) => service.stepSetting(ws(ctx), ctx.params.id));
  serve(app, saveStepSetting, (ctx) => service.saveStepSetting(actorOf(ctx), ctx.body));

  serve(app, getAttributeRoles, (ctx) =>
    service.attributeRoles(ws(ctx), ctx.params.workflowVersionId, ctx.params.complianceId),
  );
  serve(app, saveAttributeSetting, (ctx) => service.saveAttributeSetting(actorOf(ctx), ctx.body));

  serve(app, addAttribute, (ctx) => service.addAttribute(actorOf(ctx), ctx.body));
  serve(app, updateAttribute, (ctx) => service.updateAttribute(actorOf(ctx), ctx.params.id, ctx.body));
  serve(app, deleteAttribute, async (ctx) => {
    await service.deleteAttribute(actorOf(ctx), ctx.params.id);
    return OK;
  });
  serve(app, orderAttribute, (ctx) => service.orderAttribute(actorOf(ctx), ctx.params.id, ctx.body.position));
  serve(app, confirmAttributeResourceUpload, (ctx) =>
    service.confirmResourceUpload(actorOf(ctx), ctx.params.id, ctx.body),
  );

  serve(app, addComponent, (ctx) => service.addComponent(actorOf(ctx), ctx.body));
  serve(app, updateComponent, (ctx) => service.updateComponent(actorOf(ctx), ctx.params.id, ctx.body));
  serve(app, deleteComponent, async (ctx) => {
    await service.deleteComponent(actorOf(ctx), ctx.params.id);
    return OK;
  });

  serve(app, allMeetingFields, (ctx) => service.meetingFields(ws(ctx), ctx.query.stepId));
  serve(app, addMeetingFields, (ctx) => service.addMeetingFields(actorOf(ctx), ctx.body));
  serve(app, updateMeetingFields, (ctx) => service.updateMeetingFields(actorOf(ctx), ctx.body));
  serve(app, removeMeetingFields, (ctx) => service.removeMeetingFields(actorOf(ctx), ctx.body));

  serve(app, saveActionSetting, (ctx) => service.saveActionSetting(actorOf(ctx), ctx.body));

  serve(app, listEscalationSettings, (ctx) => service.escalations(ws(ctx), ctx.query.branchId));
  serve(app, saveEscalationSetting, (ctx) => service.saveEscalation(actorOf(ctx), ctx.body));
}
