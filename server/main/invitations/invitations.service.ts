import { emitPersonEvents } from '../../platform/webhooks/webhook-outbox';
import type { InviteInfo } from '../../../src/contracts/main/invite-claim.contract';
import { checkPassword, describePasswordProblem } from '../../../src/domain/auth/password-policy';
import { seesAllBusinessUnits, type Role } from '../../../src/domain/auth/roles';
import { workspaceOf, type Acting } from '../../platform/actor';
import { audit } from '../../platform/audit';
import type { Database } from '../../platform/db/database';
import type { Mailer } from '../../platform/messages';
import type { PasswordHasher } from '../../platform/passwords';
import { ok, refuse, type Outcome } from '../../platform/refusal';
import type { WorkspaceRow } from '../../platform/tenancy';
import { passwordPolicyFor } from '../../platform/workspace-policy';
import { inviteCodeHash, sendInvitations } from './invite-sender';
import {
  claimWithPassword,
  inviteByCode,
  inviteCounts,
  pendingInvitees,
  type InviteCounts,
} from './invitations.repository';

/** Who acts on the invitations: an admin or employer for the whole workspace, anyone else for their own unit. */

const unitOf = (actor: Acting<'workspaceId' | 'workspaceName' | 'userId' | 'role' | 'branchId' | 'ip'>) =>
  seesAllBusinessUnits(actor.role) ? null : actor.branchId;

/** Sending invitations (a link each, valid 14 days) and claiming them (set a password). */
export class InvitationsService {
  constructor(
    private readonly db: Database,
    private readonly mail: Mailer,
    private readonly passwords: PasswordHasher,
  ) {}

  async counts(
    actor: Acting<'workspaceId' | 'workspaceName' | 'userId' | 'role' | 'branchId' | 'ip'>,
    onlyExpired: boolean,
  ): Promise<InviteCounts> {
    const row = await this.db.tenant(actor.workspaceId, (tx) => inviteCounts(tx, actor.workspaceId, unitOf(actor)));
    return onlyExpired ? { unused: 0, unsent: 0, expired: row.expired } : row;
  }

  /** Sends again every unclaimed invitation of the people still invited; answers how many were sent. */
  async resendUnused(
    actor: Acting<'workspaceId' | 'workspaceName' | 'userId' | 'role' | 'branchId' | 'ip'>,
    origin: string,
  ): Promise<{ sent: number }> {
    const workspace = workspaceOf(actor);
    const sent = await this.db.tenant(workspace.id, async (tx) => {
      const pending = await pendingInvitees(tx, workspace.id, unitOf(actor));
      const count = await sendInvitations(tx, this.mail, workspace, origin, pending);
      await audit(tx, {
        workspaceId: workspace.id,
        actorUserId: actor.userId,
        action: 'INVITES_SENT',
        ip: actor.ip,
        details: { count },
      });
      return count;
    });
    return { sent };
  }

  /**
   * The invitation behind a link: what it is for, and, with a new password, claimed (the person active). `userId`
   * is the person's once claimed, null when only read.
   */
  async claim(
    workspace: WorkspaceRow,
    code: string,
    newPassword: string | undefined,
    ip: string | null,
  ): Promise<Outcome<{ info: InviteInfo; userId: string | null }>> {
    return this.db.tenant(workspace.id, async (tx): Promise<Outcome<{ info: InviteInfo; userId: string | null }>> => {
      const invite = await inviteByCode(tx, workspace.id, inviteCodeHash(code));
      // A deactivated person's invitation is void (deactivating also clears its code): claiming it must not reactivate them.
      if (!invite || invite.deactivated)
        return refuse(
          'not-found',
          'NOT_FOUND',
          'This invitation link is not valid. Check that you opened the whole link from the email.',
        );
      if (invite.claimed)
        return refuse('gone', 'INVITE_USED', 'This invitation was already used. Sign in with your email instead.');
      if (invite.expired)
        return refuse(
          'gone',
          'INVITE_EXPIRED',
          'This invitation has expired. Ask your administrator to send you a new one.',
        );
      const policy = await passwordPolicyFor(tx, workspace.id);
      const info: InviteInfo = {
        email: invite.email,
        firstName: invite.first_name,
        companyName: workspace.company_name,
        minPasswordLength: policy.minimumLength,
      };
      if (!newPassword) return ok({ info, userId: null });
      const problem = checkPassword(newPassword, {
        minimumLength: policy.minimumLength,
        words: ['safeplace', workspace.company_name, workspace.slug, invite.first_name, invite.last_name, invite.email],
      });
      if (problem) {
        const message = describePasswordProblem(problem);
        return refuse('invalid', 'VALIDATION', message, { userNewPassword: message });
      }
      await claimWithPassword(tx, workspace.id, invite.user_id, await this.passwords.hash(newPassword));
      await emitPersonEvents(tx, workspace.id, 'person.provisioned', [invite.user_id]);
      await audit(tx, {
        workspaceId: workspace.id,
        actorUserId: invite.user_id,
        action: 'INVITE_CLAIMED',
        target: invite.user_id,
        ip,
      });
      return ok({ info, userId: invite.user_id });
    });
  }
}
