import type { PeopleInvitesApi } from '../../src/application/people/invites-api.port';
import { ApiError } from '../../src/application/shared/api-error';

export class FakeInvites implements PeopleInvitesApi {
  calls: unknown[][] = [];
  existing = new Set(['taken@acme.test']);
  async inviteOne(branchId: string, invitee: { email: string }) {
    this.calls.push(['one', branchId, invitee.email]);
    if (this.existing.has(invitee.email))
      throw new ApiError('conflict', 'CONFLICT', 'Already has an account here', {
        email: 'Already has an account here',
      });
    return { invited: 1, skipped: [] };
  }
  async inviteEmails(branchId: string, emails: string[]) {
    this.calls.push(['list', branchId, emails]);
    const skipped = emails
      .filter((e) => this.existing.has(e))
      .map((email) => ({ email, reason: 'Already has an account here' }));
    return { invited: emails.length - skipped.length, skipped };
  }
  async resend(branchId: string, email: string) {
    this.calls.push(['resend', branchId, email]);
    return { sent: 1 };
  }
  async resendMany(emails: string[]) {
    this.calls.push(['resendMany', emails]);
    return { sent: emails.length };
  }
  async withdraw(branchId: string, email: string): Promise<{ withdrawn: number }> {
    this.calls.push(['withdraw', branchId, email]);
    throw new ApiError('conflict', 'CONFLICT', 'This invitation was already accepted');
  }
}
