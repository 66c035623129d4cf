import { describe, expect, it } from 'vitest';
import { InvitePeople, ManageInvitations } from '../../../src/application/people/invite-people.use-case';
import { FakeInvites } from '../../fakes/invite-people.fakes';

describe('inviting people', () => {
  it('hands the server’s refusal of one person back with its field', async () => {
    const api = new FakeInvites();
    expect(await new InvitePeople(api).one('hq', { email: 'taken@acme.test' })).toMatchObject({
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
    expect(await manage.withdraw({ branchId: 'hq', email: 'a@acme.test' })).toMatchObject({
      ok: false,
      message: 'This invitation was already accepted',
    });
  });
});
