import { describe, expect, it } from 'vitest';
import { ClaimInvite } from '../../src/application/invitations/claim-invite.use-case';
import { FakeSessionStore } from '../fakes/auth.fakes';
import { FakeInviteClaimApi } from '../fakes/invite-claim.fakes';

const input = { code: 'good-code-abcdefghijklmnop', email: 'nila@acme.test', firstName: 'Nila', companyName: 'Acme' };

describe('ClaimInvite', () => {
  it('sets the first password and keeps the session', async () => {
    const sessions = new FakeSessionStore();
    const result = await new ClaimInvite(new FakeInviteClaimApi(), sessions).execute({
      ...input,
      password: 'monsoon teacup violet harbour',
    });
    expect(result.ok).toBe(true);
    expect(sessions.token()).toBe('tok-invite');
  });

  it('refuses a weak or personal password before calling the server', async () => {
    const api = new FakeInviteClaimApi();
    const short = await new ClaimInvite(api, new FakeSessionStore()).execute({ ...input, password: 'short' });
    expect(short).toMatchObject({ ok: false, reason: 'invalid', code: 'weak-password' });
    const personal = await new ClaimInvite(api, new FakeSessionStore()).execute({
      ...input,
      password: 'nila-nila-nila-nila',
    });
    expect(personal).toMatchObject({ ok: false, reason: 'invalid', code: 'weak-password' });
    expect(api.claimed).toEqual([]);
  });

  it('passes on that a link was already used, keeping no session', async () => {
    const api = new FakeInviteClaimApi();
    await new ClaimInvite(api, new FakeSessionStore()).execute({ ...input, password: 'monsoon teacup violet harbour' });
    const sessions = new FakeSessionStore();
    const again = await new ClaimInvite(api, sessions).execute({ ...input, password: 'monsoon teacup violet harbour' });
    expect(again).toMatchObject({ ok: false, reason: 'gone', code: 'used' });
    expect(sessions.token()).toBeNull();
  });
});
