import { describe, expect, it } from 'vitest';
import { InvitePeople, ManageInvitations } from '../../../src/application/people/invite-people.use-case';
import type { PeopleInvitesApi } from '../../../src/application/people/invites-api.port';
import { ApiError } from '../../../src/application/shared/api-error';

class FakeInvites implements PeopleInvitesApi {
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

describe('inviting people', () => {
  it('hands the server’s refusal of one person back with its field', async () => {
    const api = new FakeInvites();
    expect(await new InvitePeople(api).one('hq', { email: 'taken@acme.test' })).toEqual({
      ok: false,
      message: 'Already has an account here',
      fields: { email: 'Already has an account here' },
    });
  });

  it('sends a pasted list once cleaned, and refuses it whole when a line is not an email', async () => {
    const api = new FakeInvites();
    const bad = await new InvitePeople(api).list('hq', 'a@acme.test\nnope');
    expect(bad).toMatchObject({ ok: false, message: 'Not an email: nope' });
    expect(api.calls).toEqual([]);
    const good = await new InvitePeople(api).list('hq', 'A@acme.test, taken@acme.test\na@acme.test');
    expect(api.calls).toEqual([['list', 'hq', ['a@acme.test', 'taken@acme.test']]]);
    expect(good).toEqual({
      ok: true,
      outcome: { invited: 1, skipped: [{ email: 'taken@acme.test', reason: 'Already has an account here' }] },
    });
  });

  it('resends one by its unit, many by email, and says why a withdrawal was refused', async () => {
    const api = new FakeInvites();
    const manage = new ManageInvitations(api);
    expect(await manage.resend([{ branchId: 'hq', email: 'a@acme.test' }])).toEqual({ ok: true, count: 1 });
    expect(
      await manage.resend([
        { branchId: 'hq', email: 'a@acme.test' },
        { branchId: 'pune', email: 'b@acme.test' },
      ]),
    ).toEqual({ ok: true, count: 2 });
    expect(api.calls.slice(0, 2)).toEqual([
      ['resend', 'hq', 'a@acme.test'],
      ['resendMany', ['a@acme.test', 'b@acme.test']],
    ]);
    expect(await manage.withdraw({ branchId: 'hq', email: 'a@acme.test' })).toEqual({
      ok: false,
      message: 'This invitation was already accepted',
    });
  });
});
