import type { FastifyInstance } from 'fastify';
import {
  acknowledgeDeparture,
  admitMember,
  confirmRespondentAccount,
  confirmWitnessAccount,
  decideCommitteeChange,
  listCommitteeChanges,
} from '../../../src/contracts/case/committee-membership.contract';
import { holds } from '../../../src/domain/auth/permissions';
import type { ApiDeps } from '../../platform/deps';
import { answer } from '../../platform/refusal';
import { serve, workspaceUser, type HandlerContext } from '../../platform/serve';
import { whoIs } from './complaints.repository';
import { ComplaintService, type Actor } from './complaints.service';
import type { MembershipService, SetupCaller } from './membership.service';

/** The caller, and whether they set committees up: an admin or employer whose `workflows.design` is not switched off. */
export async function setupCallerOf(deps: ApiDeps, ctx: HandlerContext<any>): Promise<SetupCaller> {
  const { user, workspace } = workspaceUser(ctx);
  const setsUp =
    (user.role === 'WORKSPACE_ADMIN' || user.role === 'EMPLOYER') &&
    holds(user.role, 'workflows.design', await deps.permissions.overrides(workspace.id));
  return {
    ws: workspace.id,
    userId: user.userId,
    ip: ctx.request.ip ?? null,
    role: user.role,
    workspaceName: workspace.company_name,
    setsUp,
  };
}

/** Committee membership (docs/case.md "Committee membership"): changes, their approval, admissions, acknowledgements. */
export async function membershipRoutes(
  app: FastifyInstance,
  deps: ApiDeps,
  membership: MembershipService,
): Promise<void> {
  const cases = new ComplaintService(deps.db, deps.mail, deps.fileUrls, deps.evidence, deps.clock);
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

  serve(app, listCommitteeChanges, async (ctx) => membership.list(await setupCallerOf(deps, ctx)));
  serve(app, decideCommitteeChange, async (ctx) =>
    answer(await membership.decide(await setupCallerOf(deps, ctx), ctx.params.id, ctx.body.decision, ctx.body.note)),
  );
  serve(app, admitMember, async (ctx) =>
    answer(await membership.admit(cases, await actorOf(ctx), ctx.params.id, ctx.body.userId)),
  );
  serve(app, confirmRespondentAccount, async (ctx) =>
    answer(await membership.confirmRespondent(cases, await actorOf(ctx), ctx.params.id, ctx.body.userId)),
  );
  serve(app, confirmWitnessAccount, async (ctx) =>
    answer(await membership.confirmWitness(cases, await actorOf(ctx), ctx.params.id, ctx.body.userId)),
  );
  serve(app, acknowledgeDeparture, async (ctx) =>
    answer(await membership.acknowledgeDeparture(await actorOf(ctx), ctx.body.userId, ctx.body.note)),
  );
}
