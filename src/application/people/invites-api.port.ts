import type { InviteOutcome, NewInvitee } from '../../contracts/main/invite-management.contract';

/** Inviting people and managing their invitations (main API, invite calls). */
export const PeopleInvitesApi = Symbol('PeopleInvitesApi');
export interface PeopleInvitesApi {
  inviteOne(branchId: string, invitee: NewInvitee): Promise<InviteOutcome>;
  inviteEmails(branchId: string, emails: string[]): Promise<InviteOutcome>;
  resend(branchId: string, email: string): Promise<{ sent: number }>;
  resendMany(emails: string[]): Promise<{ sent: number }>;
  withdraw(branchId: string, email: string): Promise<{ withdrawn: number }>;
}
