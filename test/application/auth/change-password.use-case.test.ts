import { describe, expect, it } from 'vitest';
import { ChangePassword } from '../../../src/application/auth/change-password.use-case';
import { FakeAccountSecurityApi } from '../../fakes/account-security.fakes';

describe('ChangePassword', () => {
  const context = ['asha@acme.test', 'Asha', 'Admin', 'Acme'];

  it('changes the password and reports the other sessions it ended', async () => {
    const api = new FakeAccountSecurityApi();
    const outcome = await new ChangePassword(api).execute({
      currentPassword: 'the old harbour at dusk',
      newPassword: 'a long and quiet harbour at dawn',
      contextWords: context,
    });
    expect(outcome).toEqual({ ok: true, sessionsEnded: 2 });
    expect(api.calls).toEqual([
      { currentPassword: 'the old harbour at dusk', userNewPassword: 'a long and quiet harbour at dawn' },
    ]);
  });

  it('applies the password rules before calling the server, with the reason', async () => {
    const api = new FakeAccountSecurityApi();
    const short = await new ChangePassword(api).execute({
      currentPassword: 'the old harbour at dusk',
      newPassword: 'short',
      contextWords: context,
    });
    expect(short).toMatchObject({ ok: false, reason: 'invalid', fields: { userNewPassword: expect.any(String) } });
    const named = await new ChangePassword(api).execute({
      currentPassword: 'x',
      newPassword: 'AcmeAcmeAcmeAcme!',
      contextWords: context,
    });
    expect(named).toMatchObject({ ok: false, reason: 'invalid', fields: { userNewPassword: expect.any(String) } });
    expect(api.calls).toEqual([]);
  });

  it('asks for the current password, and refuses the same password again', async () => {
    const api = new FakeAccountSecurityApi();
    expect(
      await new ChangePassword(api).execute({
        currentPassword: '',
        newPassword: 'a long and quiet harbour at dawn',
        contextWords: [],
      }),
    ).toEqual({
      ok: false,
      reason: 'invalid',
      message: 'Enter your current password',
      fields: { currentPassword: 'Enter your current password' },
    });
    const same = await new ChangePassword(api).execute({
      currentPassword: 'a long and quiet harbour at dawn',
      newPassword: 'a long and quiet harbour at dawn',
      contextWords: [],
    });
    expect(same).toMatchObject({ ok: false, fields: { userNewPassword: 'This is your current password' } });
  });

  it("passes on the server's answer to a wrong current password", async () => {
    const api = new FakeAccountSecurityApi();
    const outcome = await new ChangePassword(api).execute({
      currentPassword: 'a wrong one',
      newPassword: 'a long and quiet harbour at dawn',
      contextWords: [],
    });
    expect(outcome).toMatchObject({ ok: false, fields: { currentPassword: 'Your current password is not correct.' } });
  });
});
