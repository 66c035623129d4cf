import { emitPersonEvents } from '../../platform/webhooks/webhook-outbox';
import { randomUUID } from 'node:crypto';
import type { InviteOutcome } from '../../../src/contracts/main/invite-management.contract';
import {
  assignableRoles,
  mayManageRole,
  ROLE_LABELS,
  seesAllBusinessUnits,
  type Role,
} from '../../../src/domain/auth/roles';
import { workspaceOf, type Acting } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { guardStakes, recordDepartures, withStakeGuard } from '../../platform/case-stakes';
import type { Database, Sql } from '../../platform/db/database';
import type { Mailer } from '../../platform/messages';
import { ok, refuse, type Outcome, type Refusal } from '../../platform/refusal';
import { userLimitRefusal } from '../../platform/user-limit';
import { sendInvitations } from './invite-sender';
import {
  accountsByEmail,
  deleteInvitation,
  deleteInvitedUser,
  insertInvitees,
  invitedPersonRow,
  knownUnits,
  peopleByEmail,
  unitsOfDepartments,
  type InvitedPersonRow,
} from './invite-management.repository';

export interface Invitee {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  departmentId?: string | null;
  branchId: string;
}

/** Who invites: their role and unit bound what they may do; `origin` is the workspace's address for the links. */

const reachOf = (actor: Acting<'role' | 'branchId'>) => (seesAllBusinessUnits(actor.role) ? null : actor.branchId);

/** The business units this admin may invite to: all of them, or their own. Another's answers 404. */
export async function unitsRefusal(
  tx: Sql,
  workspaceId: string,
  actor: Acting<'role' | 'branchId'>,
  branchIds: readonly string[],
): Promise<Refusal | null> {
  const unique = [...new Set(branchIds)];
  const known = await knownUnits(tx, workspaceId, unique);
  for (const id of unique) {
    if (!known.has(id) || (!seesAllBusinessUnits(actor.role) && id !== actor.branchId))
      return refuse('not-found', 'NOT_FOUND', 'Business unit not found');
  }
  return null;
}

/**
 * Checks every invitee (role the admin may give, department of the right unit, no email twice) and answers the
 * problems by field, as `invites.N.field` when `prefix` is given. Nothing is written when any is wrong.
 */
export async function inviteesRefusal(
  tx: Sql,
  workspaceId: string,
  actor: Acting<'role'>,
  invitees: readonly Invitee[],
  prefix: string | null,
): Promise<Refusal | null> {
  const problems: Record<string, string> = {};
  const name = (i: number, field: string) => (prefix === null ? field : `${prefix}.${i}.${field}`);
  const departments = await unitsOfDepartments(
    tx,
    workspaceId,
    invitees.map((i) => i.departmentId).filter((d): d is string => !!d),
  );
  const seen = new Map<string, number>();
  invitees.forEach((invitee, i) => {
    if (!mayManageRole(actor.role, invitee.role))
      problems[name(i, 'role')] = `A ${ROLE_LABELS[actor.role]} may not invite a ${ROLE_LABELS[invitee.role]}`;
    if (invitee.departmentId && departments.get(invitee.departmentId) !== invitee.branchId)
      problems[name(i, 'departmentId')] = 'Not a department of this business unit';
    const first = seen.get(invitee.email);
    if (first !== undefined) problems[name(i, 'email')] = `The same email as row ${first + 1}`;
    else seen.set(invitee.email, i);
  });
  if (Object.keys(problems).length > 0)
    return refuse('invalid', 'VALIDATION', `Nobody was invited: ${Object.values(problems)[0]}`, problems);
  return null;
}

/**
 * Creates the new invitees as invited people with an invitation each, and mails them (unless `send` is false).
 * Emails that already have an account here are skipped with the reason; past the workspace's user limit nobody is
 * written (409 USER_LIMIT on `email`).
 */
export async function createInvitees(
  tx: Sql,
  mail: Mailer,
  actor: Acting<'workspaceId' | 'workspaceName' | 'userId' | 'role' | 'branchId' | 'ip' | 'origin'>,
  invitees: readonly Invitee[],
  options: { send: boolean } = { send: true },
): Promise<Outcome<InviteOutcome>> {
  const workspace = workspaceOf(actor);
  const taken = await accountsByEmail(
    tx,
    workspace.id,
    invitees.map((i) => i.email),
  );
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
    const full = await userLimitRefusal(tx, workspace.id, fresh.length, 'email');
    if (full) return full;
    await insertInvitees(tx, workspace.id, fresh);
    await emitPersonEvents(
      tx,
      workspace.id,
      'person.provisioned',
      fresh.map((f) => f.id),
    );
    if (options.send)
      await sendInvitations(
        tx,
        mail,
        workspace,
        actor.origin,
        fresh.map((f) => f.id),
      );
    await audit(tx, {
      workspaceId: workspace.id,
      actorUserId: actor.userId,
      action: options.send ? 'INVITES_CREATED' : 'USERS_CREATED',
      ip: actor.ip,
      details: { count: fresh.length, emails: fresh.slice(0, 20).map((f) => f.email) },
    });
  }
  return ok({ invited: fresh.length, skipped });
}

/** The invited person with this email in this unit (and the caller's reach), for resend and withdraw. */
async function invitedPerson(
  tx: Sql,
  actor: Acting<'workspaceId' | 'workspaceName' | 'userId' | 'role' | 'branchId' | 'ip' | 'origin'>,
  branchId: string,
  email: string,
): Promise<Outcome<InvitedPersonRow>> {
  const person = await invitedPersonRow(tx, actor.workspaceId, branchId, email, reachOf(actor));
  if (!person || !person.has_invite)
    return refuse('not-found', 'NOT_FOUND', 'There is no invitation for this email in this business unit');
  if (person.claimed || person.status !== 'INVITED')
    return refuse('conflict', 'CONFLICT', 'This invitation was already accepted', { email: 'Already accepted' });
  return ok(person);
}

/** Single, per-unit and bulk invites; resend one or many; withdraw. */
export class InviteManagementService {
  constructor(
    private readonly db: Database,
    private readonly mail: Mailer,
  ) {}

  async inviteOne(
    actor: Acting<'workspaceId' | 'workspaceName' | 'userId' | 'role' | 'branchId' | 'ip' | 'origin'>,
    invitee: Invitee,
  ): Promise<Outcome<InviteOutcome>> {
    const ws = actor.workspaceId;
    return this.db.tenant(ws, async (tx): Promise<Outcome<InviteOutcome>> => {
      const wrongUnit = await unitsRefusal(tx, ws, actor, [invitee.branchId]);
      if (wrongUnit) return wrongUnit;
      if (!mayManageRole(actor.role, invitee.role))
        return refuse(
          'forbidden',
          'FORBIDDEN',
          `A ${ROLE_LABELS[actor.role]} may invite only ${assignableRoles(actor.role)
            .map((r) => ROLE_LABELS[r])
            .join(', ')}`,
        );
      const wrong = await inviteesRefusal(tx, ws, actor, [invitee], null);
      if (wrong) return wrong;
      const created = await createInvitees(tx, this.mail, actor, [invitee]);
      if (!created.ok) return created;
      const outcome = created.value;
      // One invitee: a skipped one was not written.
      if (outcome.skipped.length > 0)
        return refuse('conflict', 'CONFLICT', outcome.skipped[0]!.reason, { email: outcome.skipped[0]!.reason });
      return ok(outcome);
    });
  }

  async inviteToUnit(
    actor: Acting<'workspaceId' | 'workspaceName' | 'userId' | 'role' | 'branchId' | 'ip' | 'origin'>,
    branchId: string,
    emails: readonly string[],
  ): Promise<Outcome<InviteOutcome>> {
    const invitees: Invitee[] = [...new Set(emails)].map((email) => ({
      email,
      firstName: '',
      lastName: '',
      role: 'EMPLOYEE',
      branchId,
    }));
    const ws = actor.workspaceId;
    return this.db.tenant(ws, async (tx): Promise<Outcome<InviteOutcome>> => {
      const wrongUnit = await unitsRefusal(tx, ws, actor, [branchId]);
      if (wrongUnit) return wrongUnit;
      return createInvitees(tx, this.mail, actor, invitees);
    });
  }

  async inviteMany(
    actor: Acting<'workspaceId' | 'workspaceName' | 'userId' | 'role' | 'branchId' | 'ip' | 'origin'>,
    invitees: readonly Invitee[],
  ): Promise<Outcome<InviteOutcome>> {
    const ws = actor.workspaceId;
    return this.db.tenant(ws, async (tx): Promise<Outcome<InviteOutcome>> => {
      const wrongUnit = await unitsRefusal(
        tx,
        ws,
        actor,
        invitees.map((i) => i.branchId),
      );
      if (wrongUnit) return wrongUnit;
      const wrong = await inviteesRefusal(tx, ws, actor, invitees, 'invites');
      if (wrong) return wrong;
      return createInvitees(tx, this.mail, actor, invitees);
    });
  }

  async resendOne(
    actor: Acting<'workspaceId' | 'workspaceName' | 'userId' | 'role' | 'branchId' | 'ip' | 'origin'>,
    branchId: string,
    email: string,
  ): Promise<Outcome<{ sent: number }>> {
    const workspace = workspaceOf(actor);
    return this.db.tenant(workspace.id, async (tx): Promise<Outcome<{ sent: number }>> => {
      const person = await invitedPerson(tx, actor, branchId, email);
      if (!person.ok) return person;
      const sent = await sendInvitations(tx, this.mail, workspace, actor.origin, [person.value.id]);
      await audit(tx, {
        workspaceId: workspace.id,
        actorUserId: actor.userId,
        action: 'INVITES_SENT',
        target: person.value.id,
        ip: actor.ip,
        details: { count: sent },
      });
      return ok({ sent });
    });
  }

  async resendMany(
    actor: Acting<'workspaceId' | 'workspaceName' | 'userId' | 'role' | 'branchId' | 'ip' | 'origin'>,
    emails: readonly string[],
  ): Promise<{ sent: number }> {
    const workspace = workspaceOf(actor);
    return this.db.tenant(workspace.id, async (tx) => {
      const people = await peopleByEmail(tx, workspace.id, emails, reachOf(actor));
      const sent = await sendInvitations(tx, this.mail, workspace, actor.origin, people);
      await audit(tx, {
        workspaceId: workspace.id,
        actorUserId: actor.userId,
        action: 'INVITES_SENT',
        ip: actor.ip,
        details: { count: sent },
      });
      return { sent };
    });
  }

  async withdraw(
    actor: Acting<'workspaceId' | 'workspaceName' | 'userId' | 'role' | 'branchId' | 'ip' | 'origin'>,
    branchId: string,
    email: string,
  ): Promise<Outcome<{ withdrawn: number }>> {
    const workspace = workspaceOf(actor);
    const guard = {
      ws: workspace.id,
      workspaceName: workspace.company_name,
      actorUserId: actor.userId,
      ip: actor.ip,
      what: 'delete' as const,
    };
    const guarded = await withStakeGuard(
      this.db,
      this.mail,
      guard,
      async (tx): Promise<Outcome<{ withdrawn: number }>> => {
        const found = await invitedPerson(tx, actor, branchId, email);
        if (!found.ok) return found;
        const person = found.value;
        // Withdrawing removes the person: the same rule as deleting them (nobody above the caller's own rank).
        if (!mayManageRole(actor.role, person.role))
          return refuse(
            'forbidden',
            'FORBIDDEN',
            `A ${ROLE_LABELS[actor.role]} may not withdraw the invitation of a ${ROLE_LABELS[person.role]}`,
          );
        // Someone who never signed in exists only because of the invitation: withdrawing it removes them.
        // Someone who did (and was invited again) keeps their account; only the link goes.
        if (!person.has_password) {
          // A respondent named by this address is a party of the case: the account stays unless acknowledged (docs/case.md).
          const stakes = await guardStakes(tx, workspace.id, [{ userId: person.id, label: email }]);
          await emitPersonEvents(tx, workspace.id, 'person.deprovisioned', [person.id], { deleted: true });
          await deleteInvitedUser(tx, workspace.id, person.id);
          await recordDepartures(tx, this.mail, { ...guard, done: true, stakes });
        } else await deleteInvitation(tx, workspace.id, person.id);
        await audit(tx, {
          workspaceId: workspace.id,
          actorUserId: actor.userId,
          action: 'INVITE_WITHDRAWN',
          target: person.id,
          ip: actor.ip,
          details: { email },
        });
        return ok({ withdrawn: 1 });
      },
    );
    return guarded.ok ? guarded.value : guarded;
  }
}
