import type { PeopleInvitesApi } from '../../src/application/people/invites-api.port';

export class FakeInvitesApi implements PeopleInvitesApi {
  resent: string[][] = [];
  async inviteOne() {
    return { invited: 1, skipped: [] };
  }
  async inviteEmails(_branchId: string, emails: string[]) {
    return { invited: emails.length, skipped: [] };
  }
  async resend(_branchId: string, email: string) {
    this.resent.push([email]);
    return { sent: 1 };
  }
  async resendMany(emails: string[]) {
    this.resent.push(emails);
    return { sent: emails.length };
  }
  async withdraw() {
    return { withdrawn: 1 };
  }
}
