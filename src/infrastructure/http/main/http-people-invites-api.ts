import { inject, injectable } from 'inversify';
import {
  deleteInvite,
  inviteToBranch,
  inviteUser,
  resendInvite,
  resendInvites,
  type InviteOutcome,
  type NewInvitee,
} from '../../../contracts/main/invite-management.contract';
import type { PeopleInvitesApi } from '../../../application/people/invites-api.port';
import { ApiClient, MainHttp } from '../api-client';

@injectable()
export class HttpPeopleInvitesApi implements PeopleInvitesApi {
  constructor(@inject(MainHttp) private readonly main: ApiClient) {}

  inviteOne(branchId: string, invitee: NewInvitee): Promise<InviteOutcome> {
    return this.main.call(inviteUser, { params: { branchId }, body: invitee });
  }

  inviteEmails(branchId: string, emails: string[]): Promise<InviteOutcome> {
    return this.main.call(inviteToBranch, { params: { id: branchId }, body: { emails } });
  }

  resend(branchId: string, email: string): Promise<{ sent: number }> {
    return this.main.call(resendInvite, { params: { branchId, email } });
  }

  resendMany(emails: string[]): Promise<{ sent: number }> {
    return this.main.call(resendInvites, { body: { emails } });
  }

  withdraw(branchId: string, email: string): Promise<{ withdrawn: number }> {
    return this.main.call(deleteInvite, { params: { branchId, email } });
  }
}
