import type { FastifyInstance } from 'fastify';
import {
  deleteInvite,
  inviteMany,
  inviteToBranch,
  inviteUser,
  resendInvite,
  resendInvites,
  type InviteOutcome,
} from '../../../src/contracts/main/invite-management.contract';
import { keyPeopleRefusal } from '../../platform/api-keys';
import type { Sql } from '../../platform/db/database';
import type { ApiDeps } from '../../platform/deps';
import { answer, raise } from '../../platform/refusal';
import { serve, workspaceUser, type HandlerContext, type UserPrincipal } from '../../platform/serve';
import { siteOrigin } from './invite-sender';
import {
  createInvitees,
  InviteManagementService,
  inviteesRefusal,
  unitsRefusal,
  type Invitee,
} from './invite-management.service';
import { workspaceActor } from '../../platform/actor';

export type { Invitee } from './invite-management.service';

/** The business units this admin may invite to: all of them, or their own. Another's answers 404. */
export async function checkUnits(
  tx: Sql,
  workspaceId: string,
  user: UserPrincipal,
  branchIds: readonly string[],
): Promise<void> {
  const refusal = await unitsRefusal(tx, workspaceId, user, branchIds);
  if (refusal) raise(refusal);
}

/** The invitees' problems by field (`inviteesRefusal`), raised as the 400 that writes nothing. */
export async function checkInvitees(
  tx: Sql,
  workspaceId: string,
  user: UserPrincipal,
  invitees: readonly Invitee[],
  prefix: string | null,
): Promise<void> {
  const refusal = await inviteesRefusal(tx, workspaceId, user, invitees, prefix);
  if (refusal) raise(refusal);
}

/** Creates the new invitees as invited people with an invitation each (`createInvitees`), in the caller's transaction. */
export async function invite(
  deps: ApiDeps,
  tx: Sql,
  ctx: { request: Parameters<typeof siteOrigin>[0] },
  user: UserPrincipal,
  workspace: { id: string; company_name: string },
  invitees: readonly Invitee[],
  options: { send: boolean } = { send: true },
): Promise<InviteOutcome> {
  const actor = {
    workspaceId: workspace.id,
    workspaceName: workspace.company_name,
    userId: user.userId,
    role: user.role,
    branchId: user.branchId,
    ip: ctx.request.ip,
    // Only a sent invitation needs the workspace's address.
    origin: options.send ? siteOrigin(ctx.request) : '',
  };
  const created = await createInvitees(tx, deps.mail, actor, invitees, options);
  // Raised, not answered: the caller's transaction rolls back what it wrote before.
  if (!created.ok) raise(created);
  return created.value;
}

/** Single, per-unit and bulk invites; resend one or many; withdraw. */
export async function inviteManagementRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const invites = new InviteManagementService(deps.db, deps.mail);
  const actorOf = (ctx: HandlerContext<any>) => ({ ...workspaceActor(ctx), origin: siteOrigin(ctx.request) });

  serve(app, inviteUser, async (ctx) => {
    const keyLimit = keyPeopleRefusal(ctx.principal, { roles: [ctx.body.role] });
    if (keyLimit) raise(keyLimit);
    return answer(await invites.inviteOne(actorOf(ctx), { ...ctx.body, branchId: ctx.params.branchId }));
  });

  serve(app, inviteToBranch, async (ctx) =>
    answer(await invites.inviteToUnit(actorOf(ctx), ctx.params.id, ctx.body.emails)),
  );

  serve(app, inviteMany, async (ctx) => {
    const keyLimit = keyPeopleRefusal(ctx.principal, { roles: ctx.body.invites.map((i) => i.role) });
    if (keyLimit) raise(keyLimit);
    return answer(await invites.inviteMany(actorOf(ctx), ctx.body.invites));
  });

  serve(app, resendInvite, async (ctx) =>
    answer(await invites.resendOne(actorOf(ctx), ctx.params.branchId, ctx.params.email)),
  );

  serve(app, resendInvites, async (ctx) => invites.resendMany(actorOf(ctx), ctx.body.emails));

  serve(app, deleteInvite, async (ctx) =>
    answer(await invites.withdraw(actorOf(ctx), ctx.params.branchId, ctx.params.email)),
  );
}
