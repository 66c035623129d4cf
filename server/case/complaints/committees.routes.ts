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
import { serve, workspaceUser } from '../../platform/serve';
import { JOB_CASE_CLOCKS } from './case-jobs';
import { CommitteeService } from './committees.service';
import { MembershipService } from './membership.service';
import { answer } from '../../platform/refusal';
import { membershipRoutes, setupCallerOf } from './membership.routes';

/** The committee setup calls and the workspace's complaint settings (docs/case.md "Complaints"). */
export async function committeeRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const membership = new MembershipService(deps.db, deps.mail);
  const service = new CommitteeService(deps.db, membership);
  const actorOf = (ctx: Parameters<typeof setupCallerOf>[1]) => setupCallerOf(deps, ctx);

  serve(app, listCommittees, async (ctx) => service.list(workspaceUser(ctx).workspace.id));
  serve(app, getCommittee, async (ctx) => answer(await service.get(workspaceUser(ctx).workspace.id, ctx.params.id)));
  serve(app, createCommittee, async (ctx) => answer(await service.create(await actorOf(ctx), ctx.body)));
  serve(app, updateCommittee, async (ctx) => answer(await service.update(await actorOf(ctx), ctx.params.id, ctx.body)));
  serve(app, getComplaintSettings, async (ctx) => service.settings(workspaceUser(ctx).workspace.id));
  serve(app, saveComplaintSettings, async (ctx) => {
    const actor = await actorOf(ctx);
    const saved = answer(await service.saveSettings(actor, ctx.body));
    // The stored due dates of open cases follow the new calendar (the daily case job's table).
    if (deps.jobs?.started) await deps.jobs.send(JOB_CASE_CLOCKS, { workspaceId: actor.ws });
    return saved;
  });
  await membershipRoutes(app, deps, membership);
}
