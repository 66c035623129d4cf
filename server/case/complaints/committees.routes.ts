import type { FastifyInstance } from 'fastify';
import {
  createCommittee,
  getCommittee,
  getComplaintSettings,
  listCommittees,
  saveComplaintSettings,
  updateCommittee,
} from '../../../src/contracts/case/complaints.contract';
import type { ApiDeps } from '../../platform/deps';
import { serve, workspaceUser, type HandlerContext } from '../../platform/serve';
import { JOB_CASE_CLOCKS } from './case-jobs';
import { CommitteeService, type SetupActor } from './committees.service';

/** The committee setup calls and the workspace's complaint settings (docs/case.md "Complaints"). */
export async function committeeRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const service = new CommitteeService(deps.db);
  const actorOf = (ctx: HandlerContext<any>): SetupActor => {
    const { user, workspace } = workspaceUser(ctx);
    return { ws: workspace.id, userId: user.userId, ip: ctx.request.ip ?? null };
  };

  serve(app, listCommittees, async (ctx) => service.list(actorOf(ctx).ws));
  serve(app, getCommittee, async (ctx) => service.get(actorOf(ctx).ws, ctx.params.id));
  serve(app, createCommittee, async (ctx) => service.create(actorOf(ctx), ctx.body));
  serve(app, updateCommittee, async (ctx) => service.update(actorOf(ctx), ctx.params.id, ctx.body));
  serve(app, getComplaintSettings, async (ctx) => service.settings(actorOf(ctx).ws));
  serve(app, saveComplaintSettings, async (ctx) => {
    const actor = actorOf(ctx);
    const saved = await service.saveSettings(actor, ctx.body);
    // The stored due dates of open cases follow the new calendar (the daily case job's table).
    if (deps.jobs?.started) await deps.jobs.send(JOB_CASE_CLOCKS, { workspaceId: actor.ws });
    return saved;
  });
}
