import { randomUUID } from 'node:crypto';
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
import {
  assignableRoles,
  mayManageRole,
  ROLE_LABELS,
  seesAllBusinessUnits,
  type Role,
} from '../../../src/domain/auth/roles';
import { audit } from '../../platform/audit';
import type { Sql } from '../../platform/db/database';
import type { ApiDeps } from '../../platform/deps';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { serve, workspaceUser, type UserPrincipal } from '../../platform/serve';
import { guardStakes, recordDepartures, withStakeGuard } from '../../platform/case-stakes';
import { answer } from '../../platform/refusal';
import { sendInvitations, siteOrigin } from './invite-sender';
import { assertUserLimit } from '../../platform/user-limit';

export interface Invitee {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  departmentId?: string | null;
  branchId: string;
}

/** The business units this admin may invite to: all of them, or their own. Another's answers 404. */
export async function checkUnits(
  tx: Sql,
  workspaceId: string,
  user: UserPrincipal,
  branchIds: readonly string[],
): Promise<void> {
  const unique = [...new Set(branchIds)];
  const found = await tx.query<{ id: string }>(
    `SELECT id FROM branches WHERE workspace_id = $1 AND id = ANY($2::uuid[])`,
    [workspaceId, unique],
  );
  const known = new Set(found.map((r) => r.id));
  for (const id of unique) {
    if (!known.has(id) || (!seesAllBusinessUnits(user.role) && id !== user.branchId))
      throw notFound('Business unit not found');
  }
}

/**
 * Checks every invitee (role the admin may give, department of the right unit, no email twice) and answers the
 * problems by field, as `invites.N.field` when `prefix` is given. Nothing is written when any is wrong.
 */
export async function checkInvitees(
  tx: Sql,
  workspaceId: string,
  user: UserPrincipal,
  invitees: readonly Invitee[],
  prefix: string | null,
): Promise<void> {
  const problems: Record<string, string> = {};
  const name = (i: number, field: string) => (prefix === null ? field : `${prefix}.${i}.${field}`);
  const departments = new Map(
    (
      await tx.query<{ id: string; branch_id: string }>(
        `SELECT id, branch_id FROM departments WHERE workspace_id = $1 AND id = ANY($2::uuid[])`,
        [workspaceId, invitees.map((i) => i.departmentId).filter((d): d is string => !!d)],
      )
    ).map((d) => [d.id, d.branch_id]),
  );
  const seen = new Map<string, number>();
  invitees.forEach((invitee, i) => {
    if (!mayManageRole(user.role, invitee.role))
      problems[name(i, 'role')] = `A ${ROLE_LABELS[user.role]} may not invite a ${ROLE_LABELS[invitee.role]}`;
    if (invitee.departmentId && departments.get(invitee.departmentId) !== invitee.branchId)
      problems[name(i, 'departmentId')] = 'Not a department of this business unit';
    const first = seen.get(invitee.email);
    if (first !== undefined) problems[name(i, 'email')] = `The same email as row ${first + 1}`;
    else seen.set(invitee.email, i);
  });
  if (Object.keys(problems).length > 0) throw badRequest(`Nobody was invited: ${Object.values(problems)[0]}`, problems);
}

/**
 * Creates the new invitees as invited people with an invitation each, and mails them. Emails that already have an
 * account here are skipped with the reason.
 */
export async function invite(
  deps: ApiDeps,
  tx: Sql,
  ctx: { request: Parameters<typeof siteOrigin>[0] },
  user: UserPrincipal,
  workspace: { id: string; company_name: string },
  invitees: readonly Invitee[],
  options: { send: boolean } = { send: true },
): Promise<InviteOutcome> {
  const existing = await tx.query<{ email: string; status: string }>(
    `SELECT lower(email) AS email, status FROM users WHERE workspace_id = $1 AND lower(email) = ANY($2::text[])`,
    [workspace.id, invitees.map((i) => i.email)],
  );
  const taken = new Map(existing.map((e) => [e.email, e.status]));
  const skipped = invitees
    .filter((i) => taken.has(i.email))
    .map((i) => ({
      email: i.email,
      reason:
        taken.get(i.email) === 'INVITED'
          ? 'Already invited: send the invitation again instead'
          : 'Already has an account here',
    }));
  const fresh = invitees.filter((i) => !taken.has(i.email)).map((i) => ({ ...i, id: randomUUID() }));
  if (fresh.length > 0) {
    await assertUserLimit(tx, workspace.id, fresh.length, 'email');
    await tx.query(
      `INSERT INTO users (workspace_id, id, email, first_name, last_name, role, branch_id, department_id, status)
       SELECT $1, t.id, t.email, t.first_name, t.last_name, t.role, t.branch_id, t.department_id, 'INVITED'
         FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::uuid[], $8::uuid[])
              AS t(id, email, first_name, last_name, role, branch_id, department_id)`,
      [
        workspace.id,
        fresh.map((f) => f.id),
        fresh.map((f) => f.email),
        fresh.map((f) => f.firstName),
        fresh.map((f) => f.lastName),
        fresh.map((f) => f.role),
        fresh.map((f) => f.branchId),
        fresh.map((f) => f.departmentId ?? null),
      ],
    );
    await tx.query(
      `INSERT INTO invites (workspace_id, user_id, branch_id) SELECT $1, t.user_id, t.branch_id FROM unnest($2::uuid[], $3::uuid[]) AS t(user_id, branch_id)`,
      [workspace.id, fresh.map((f) => f.id), fresh.map((f) => f.branchId)],
    );
    if (options.send)
      await sendInvitations(
        tx,
        deps.mail,
        workspace,
        siteOrigin(ctx.request),
        fresh.map((f) => f.id),
      );
    await audit(tx, {
      workspaceId: workspace.id,
      actorUserId: user.userId,
      action: options.send ? 'INVITES_CREATED' : 'USERS_CREATED',
      ip: ctx.request.ip,
      details: { count: fresh.length, emails: fresh.slice(0, 20).map((f) => f.email) },
    });
  }
  return { invited: fresh.length, skipped };
}

/** The invited person with this email in this unit (and the caller's reach), for resend and withdraw. */
async function invitedPerson(tx: Sql, workspaceId: string, user: UserPrincipal, branchId: string, email: string) {
  const [person] = await tx.query<{
    id: string;
    role: Role;
    status: string;
    has_password: boolean;
    has_invite: boolean;
    claimed: boolean;
  }>(
    `SELECT u.id, u.role, u.status, u.password_hash IS NOT NULL AS has_password, i.user_id IS NOT NULL AS has_invite, i.claimed_at IS NOT NULL AS claimed
       FROM users u LEFT JOIN invites i ON i.workspace_id = u.workspace_id AND i.user_id = u.id
      WHERE u.workspace_id = $1 AND lower(u.email) = $2 AND u.branch_id = $3 AND ($4::uuid IS NULL OR u.branch_id = $4)
      FOR UPDATE OF u`,
    [workspaceId, email, branchId, seesAllBusinessUnits(user.role) ? null : user.branchId],
  );
  if (!person || !person.has_invite) throw notFound('There is no invitation for this email in this business unit');
  if (person.claimed || person.status !== 'INVITED')
    throw conflict('This invitation was already accepted', { email: 'Already accepted' });
  return person;
}

/** Single, per-unit and bulk invites; resend one or many; withdraw. */
export async function inviteManagementRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  serve(app, inviteUser, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    const invitee: Invitee = { ...ctx.body, branchId: ctx.params.branchId };
    return deps.db.tenant(workspace.id, async (tx) => {
      await checkUnits(tx, workspace.id, user, [invitee.branchId]);
      if (!mayManageRole(user.role, invitee.role))
        throw forbidden(
          `A ${ROLE_LABELS[user.role]} may invite only ${assignableRoles(user.role)
            .map((r) => ROLE_LABELS[r])
            .join(', ')}`,
        );
      await checkInvitees(tx, workspace.id, user, [invitee], null);
      const outcome = await invite(deps, tx, ctx, user, workspace, [invitee]);
      if (outcome.skipped.length > 0) throw conflict(outcome.skipped[0]!.reason, { email: outcome.skipped[0]!.reason });
      return outcome;
    });
  });

  serve(app, inviteToBranch, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    const invitees: Invitee[] = [...new Set(ctx.body.emails)].map((email) => ({
      email,
      firstName: '',
      lastName: '',
      role: 'EMPLOYEE',
      branchId: ctx.params.id,
    }));
    return deps.db.tenant(workspace.id, async (tx) => {
      await checkUnits(tx, workspace.id, user, [ctx.params.id]);
      return invite(deps, tx, ctx, user, workspace, invitees);
    });
  });

  serve(app, inviteMany, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    const invitees: Invitee[] = ctx.body.invites;
    return deps.db.tenant(workspace.id, async (tx) => {
      await checkUnits(
        tx,
        workspace.id,
        user,
        invitees.map((i) => i.branchId),
      );
      await checkInvitees(tx, workspace.id, user, invitees, 'invites');
      return invite(deps, tx, ctx, user, workspace, invitees);
    });
  });

  serve(app, resendInvite, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    return deps.db.tenant(workspace.id, async (tx) => {
      const person = await invitedPerson(tx, workspace.id, user, ctx.params.branchId, ctx.params.email);
      const sent = await sendInvitations(tx, deps.mail, workspace, siteOrigin(ctx.request), [person.id]);
      await audit(tx, {
        workspaceId: workspace.id,
        actorUserId: user.userId,
        action: 'INVITES_SENT',
        target: person.id,
        ip: ctx.request.ip,
        details: { count: sent },
      });
      return { sent };
    });
  });

  serve(app, resendInvites, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    return deps.db.tenant(workspace.id, async (tx) => {
      const people = await tx.query<{ id: string }>(
        `SELECT id FROM users WHERE workspace_id = $1 AND lower(email) = ANY($2::text[]) AND ($3::uuid IS NULL OR branch_id = $3)`,
        [workspace.id, ctx.body.emails, seesAllBusinessUnits(user.role) ? null : user.branchId],
      );
      const sent = await sendInvitations(
        tx,
        deps.mail,
        workspace,
        siteOrigin(ctx.request),
        people.map((p) => p.id),
      );
      await audit(tx, {
        workspaceId: workspace.id,
        actorUserId: user.userId,
        action: 'INVITES_SENT',
        ip: ctx.request.ip,
        details: { count: sent },
      });
      return { sent };
    });
  });

  serve(app, deleteInvite, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    const guard = {
      ws: workspace.id,
      workspaceName: workspace.company_name,
      actorUserId: user.userId,
      ip: ctx.request.ip,
      what: 'delete' as const,
    };
    return answer(
      await withStakeGuard(deps.db, deps.mail, guard, async (tx) => {
        const person = await invitedPerson(tx, workspace.id, user, ctx.params.branchId, ctx.params.email);
        // Withdrawing removes the person: the same rule as deleting them (nobody above the caller's own rank).
        if (!mayManageRole(user.role, person.role))
          throw forbidden(
            `A ${ROLE_LABELS[user.role]} may not withdraw the invitation of a ${ROLE_LABELS[person.role]}`,
          );
        // Someone who never signed in exists only because of the invitation: withdrawing it removes them.
        // Someone who did (and was invited again) keeps their account; only the link goes.
        if (!person.has_password) {
          // A respondent named by this address is a party of the case: the account stays unless acknowledged (docs/case.md).
          const stakes = await guardStakes(tx, workspace.id, [{ userId: person.id, label: ctx.params.email }]);
          await tx.query(`DELETE FROM users WHERE workspace_id = $1 AND id = $2`, [workspace.id, person.id]);
          await recordDepartures(tx, deps.mail, { ...guard, done: true, stakes });
        } else
          await tx.query(`DELETE FROM invites WHERE workspace_id = $1 AND user_id = $2`, [workspace.id, person.id]);
        await audit(tx, {
          workspaceId: workspace.id,
          actorUserId: user.userId,
          action: 'INVITE_WITHDRAWN',
          target: person.id,
          ip: ctx.request.ip,
          details: { email: ctx.params.email },
        });
        return { withdrawn: 1 };
      }),
    );
  });
}
