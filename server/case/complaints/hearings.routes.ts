import type { FastifyInstance } from 'fastify';
import {
  overrideComposition,
  proceedExParte,
  recordAttendance,
  signMinutes,
} from '../../../src/contracts/case/hearings.contract';
import type { ApiDeps } from '../../platform/deps';
import { answer } from '../../platform/refusal';
import { serve, workspaceUser, type HandlerContext } from '../../platform/serve';
import { whoIs } from './complaints.repository';
import { ComplaintService, type Actor } from './complaints.service';
import { HearingsService } from './hearings.service';

/** Hearings (docs/case.md "Hearings: attendance, quorum, ex parte"): attendance and signed minutes (IN-06). */
export async function hearingRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const complaints = new ComplaintService(deps.db, deps.mail, deps.fileUrls, deps.evidence, deps.clock);
  const service = new HearingsService(deps.db, complaints, deps.clock);
  const actorOf = async (ctx: HandlerContext<any>): Promise<Actor> => {
    const { user, workspace } = workspaceUser(ctx);
    const me = await deps.db.tenant(workspace.id, (tx) => whoIs(tx, workspace.id, user.userId));
    return {
      ws: workspace.id,
      userId: user.userId,
      email: me?.email ?? '',
      name: me?.name || me?.email || '',
      ip: ctx.request.ip ?? null,
      workspaceName: workspace.company_name,
    };
  };
  serve(app, recordAttendance, async (ctx) => {
    const actor = await actorOf(ctx);
    answer(await service.recordAttendance(actor, ctx.params.id, ctx.params.meetingId, ctx.body));
    return answer(await complaints.read(actor, ctx.params.id, { audit: false }));
  });
  serve(app, signMinutes, async (ctx) => {
    const actor = await actorOf(ctx);
    answer(await service.signMinutes(actor, ctx.params.id, ctx.params.meetingId));
    return answer(await complaints.read(actor, ctx.params.id, { audit: false }));
  });
  serve(app, proceedExParte, async (ctx) => {
    const actor = await actorOf(ctx);
    answer(await service.proceedExParte(actor, ctx.params.id, ctx.body));
    return answer(await complaints.read(actor, ctx.params.id, { audit: false }));
  });
  serve(app, overrideComposition, async (ctx) => {
    const actor = await actorOf(ctx);
    answer(await service.overrideComposition(actor, ctx.params.id, ctx.body.reasons));
    return answer(await complaints.read(actor, ctx.params.id, { audit: false }));
  });
}
