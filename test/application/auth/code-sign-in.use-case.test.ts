import { describe, expect, it } from 'vitest';
import { RequestSignInCode, SignInWithCode } from '../../../src/application/auth/code-sign-in.use-case';
import { RequestPasswordReset, ResetPassword } from '../../../src/application/auth/reset-password.use-case';
import { SignIn } from '../../../src/application/auth/sign-in.use-case';
import { ACME_SITE, FakeAuthApi, FakeSessionStore } from '../../fakes/auth.fakes';

describe('sign-in with an emailed code', () => {
  it('asks for a code, then signs in with it and keeps the session', async () => {
    const api = new FakeAuthApi();
    const sessions = new FakeSessionStore();
    const sent = await new RequestSignInCode(api).execute('email', '  Admin@Acme.test ');
    expect(sent).toMatchObject({ ok: true });
    expect(api.sentTo).toEqual([{ channel: 'email', destination: 'admin@acme.test' }]);
    const { requestId, code } = api.lastCode();
    const outcome = await new SignInWithCode(api, sessions, ACME_SITE).execute({
      channel: 'email',
      destination: 'admin@acme.test',
      code,
      requestId,
    });
    expect(outcome).toMatchObject({ ok: true, redirectTo: '/dashboard' });
    expect(sessions.token()).toBe('tok-code');
  });

  it('sends an SMS code to the number as it is compared, and signs in with it', async () => {
    const api = new FakeAuthApi();
    const sessions = new FakeSessionStore();
    await new RequestSignInCode(api).execute('sms', '+91 98000-00010');
    expect(api.sentTo).toEqual([{ channel: 'sms', destination: '+919800000010' }]);
    const { requestId, code } = api.lastCode();
    const outcome = await new SignInWithCode(api, sessions, ACME_SITE).execute({
      channel: 'sms',
      destination: '+91 98000 00010',
      code,
      requestId,
    });
    expect(outcome.ok).toBe(true);
  });

  it('refuses a malformed email, number or code before calling the server', async () => {
    const api = new FakeAuthApi();
    expect(await new RequestSignInCode(api).execute('email', 'not-an-email')).toMatchObject({
      ok: false,
      reason: 'invalid',
      code: 'invalid-destination',
    });
    expect(await new RequestSignInCode(api).execute('sms', 'call me')).toMatchObject({
      ok: false,
      reason: 'invalid',
      code: 'invalid-destination',
    });
    const outcome = await new SignInWithCode(api, new FakeSessionStore(), ACME_SITE).execute({
      channel: 'email',
      destination: 'admin@acme.test',
      code: '12ab',
      requestId: 'r',
    });
    expect(outcome).toMatchObject({ ok: false, reason: 'invalid', code: 'invalid-code-format' });
    expect(api.codes.size).toBe(0);
  });

  it('keeps no session after a wrong code', async () => {
    const api = new FakeAuthApi();
    const sessions = new FakeSessionStore();
    await new RequestSignInCode(api).execute('email', 'admin@acme.test');
    const { requestId } = api.lastCode();
    const outcome = await new SignInWithCode(api, sessions, ACME_SITE).execute({
      channel: 'email',
      destination: 'admin@acme.test',
      code: '000000',
      requestId,
    });
    expect(outcome).toMatchObject({ ok: false, reason: 'signed-out', code: 'invalid-credentials' });
    expect(sessions.token()).toBeNull();
  });
});

describe('password reset', () => {
  it('checks the password rules before calling the server', async () => {
    const api = new FakeAuthApi();
    await new RequestPasswordReset(api).execute('admin@acme.test');
    const { requestId, code } = api.lastCode();
    const weak = await new ResetPassword(api).execute({
      email: 'admin@acme.test',
      code,
      requestId,
      newPassword: 'short',
    });
    expect(weak).toMatchObject({ ok: false, reason: 'invalid', code: 'weak-password' });
    expect(api.codes.get(requestId)!.used).toBe(false);
  });

  it('sets the new password, after which it signs in', async () => {
    const api = new FakeAuthApi();
    await new RequestPasswordReset(api).execute('admin@acme.test');
    const { requestId, code } = api.lastCode();
    expect(
      await new ResetPassword(api).execute({
        email: 'admin@acme.test',
        code,
        requestId,
        newPassword: 'violet lantern orbit meadow',
      }),
    ).toEqual({ ok: true });
    const signIn = await new SignIn(api, new FakeSessionStore(), ACME_SITE).execute({
      identifier: 'admin@acme.test',
      password: 'violet lantern orbit meadow',
    });
    expect(signIn.ok).toBe(true);
  });

  it('reports a wrong code', async () => {
    const api = new FakeAuthApi();
    await new RequestPasswordReset(api).execute('admin@acme.test');
    const { requestId } = api.lastCode();
    const outcome = await new ResetPassword(api).execute({
      email: 'admin@acme.test',
      code: '000000',
      requestId,
      newPassword: 'violet lantern orbit meadow',
    });
    expect(outcome).toMatchObject({ ok: false, reason: 'invalid', code: 'wrong-code' });
  });
});
