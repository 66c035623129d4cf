import { describe, expect, it } from 'vitest';
import { RefreshCurrentUser } from '../../../src/application/auth/refresh-current-user.use-case';
import { SignIn } from '../../../src/application/auth/sign-in.use-case';
import { SignOut } from '../../../src/application/auth/sign-out.use-case';
import { ApiError } from '../../../src/application/shared/api-error';
import { ACME_SITE, ADMIN, FakeAuthApi, FakeSessionStore, MAIN_SITE } from '../../fakes/auth.fakes';

const PASSWORD = 'correct horse battery';

describe('SignIn', () => {
  it('sends an email as userEmail, keeps the token, and lands on /dashboard', async () => {
    const api = new FakeAuthApi();
    const sessions = new FakeSessionStore();
    const outcome = await new SignIn(api, sessions, ACME_SITE).execute({
      identifier: 'Admin@Acme.test',
      password: PASSWORD,
    });
    expect(api.received[0]).toEqual({ userEmail: 'admin@acme.test', userPassword: PASSWORD });
    expect(outcome).toEqual({ ok: true, user: ADMIN, redirectTo: '/dashboard' });
    expect(sessions.token()).toBe('tok-123');
  });

  it('sends anything else as username', async () => {
    const api = new FakeAuthApi();
    const outcome = await new SignIn(api, new FakeSessionStore(), ACME_SITE).execute({
      identifier: 'acme.admin',
      password: PASSWORD,
    });
    expect(api.received[0]).toEqual({ username: 'acme.admin', userPassword: PASSWORD });
    expect(outcome.ok).toBe(true);
  });

  it('passes an invite code along when present', async () => {
    const api = new FakeAuthApi();
    await new SignIn(api, new FakeSessionStore(), ACME_SITE).execute({
      identifier: 'acme.admin',
      password: PASSWORD,
      inviteCode: 'INV-1',
    });
    expect(api.received[0].inviteCode).toBe('INV-1');
  });

  it('lands on /workspace/signin on the main site', async () => {
    const outcome = await new SignIn(new FakeAuthApi(), new FakeSessionStore(), MAIN_SITE).execute({
      identifier: 'admin@acme.test',
      password: PASSWORD,
    });
    expect(outcome).toMatchObject({ ok: true, redirectTo: '/workspace/signin' });
  });

  it('honours a requested redirect on this workspace, not elsewhere', async () => {
    const signIn = new SignIn(new FakeAuthApi(), new FakeSessionStore(), ACME_SITE);
    const own = await signIn.execute({
      identifier: 'acme.admin',
      password: PASSWORD,
      requestedRedirect: 'http://acme.localhost:8080/courses',
    });
    expect(own).toMatchObject({ redirectTo: 'http://acme.localhost:8080/courses' });
    const evil = await signIn.execute({
      identifier: 'acme.admin',
      password: PASSWORD,
      requestedRedirect: 'https://evil.example/',
    });
    expect(evil).toMatchObject({ redirectTo: '/dashboard' });
  });

  it('keeps no token after a wrong password', async () => {
    const sessions = new FakeSessionStore();
    const outcome = await new SignIn(new FakeAuthApi(), sessions, ACME_SITE).execute({
      identifier: 'acme.admin',
      password: 'nope',
    });
    expect(outcome).toMatchObject({ ok: false, reason: 'signed-out', code: 'invalid-credentials' });
    expect(sessions.token()).toBeNull();
  });

  it('reports a lock-out with its wait', async () => {
    const api = new FakeAuthApi();
    api.lockedFor = 600;
    const outcome = await new SignIn(api, new FakeSessionStore(), ACME_SITE).execute({
      identifier: 'acme.admin',
      password: PASSWORD,
    });
    expect(outcome).toMatchObject({ ok: false, reason: 'rate-limited', retryAfterSeconds: 600 });
  });
});

describe('RefreshCurrentUser', () => {
  it('is signed out without a token, without calling the server', async () => {
    const api = new FakeAuthApi();
    api.failWith = new ApiError('server-error', 'INTERNAL', 'boom');
    expect(await new RefreshCurrentUser(api, new FakeSessionStore()).execute()).toMatchObject({
      ok: false,
      reason: 'signed-out',
    });
  });

  it('returns the user when the token is good', async () => {
    const sessions = new FakeSessionStore();
    sessions.save('tok');
    expect(await new RefreshCurrentUser(new FakeAuthApi(), sessions).execute()).toEqual({
      ok: true,
      user: ADMIN,
    });
  });

  it.each(['signed-out', 'server-error'] as const)(
    'signs out and clears the token when the call fails as %s: a 401 or a 5xx (spec 8)',
    async (reason) => {
      const api = new FakeAuthApi();
      api.failWith = new ApiError(reason, 'X', 'x');
      const sessions = new FakeSessionStore();
      sessions.save('tok');
      expect(await new RefreshCurrentUser(api, sessions).execute()).toMatchObject({ ok: false, reason: 'signed-out' });
      expect(sessions.token()).toBeNull();
    },
  );

  it('keeps the session on other failures and lets the screen decide', async () => {
    const api = new FakeAuthApi();
    api.failWith = new ApiError('not-found', 'NOT_FOUND', 'x');
    const sessions = new FakeSessionStore();
    sessions.save('tok');
    await expect(new RefreshCurrentUser(api, sessions).execute()).rejects.toThrow('x');
    expect(sessions.token()).toBe('tok');
  });
});

describe('SignOut', () => {
  it('ends the server session and forgets the token', async () => {
    const api = new FakeAuthApi();
    const sessions = new FakeSessionStore();
    sessions.save('tok');
    await new SignOut(api, sessions).execute();
    expect(api.signedOut).toBe(1);
    expect(sessions.token()).toBeNull();
  });

  it('forgets the token even when the server cannot be reached', async () => {
    const api = new FakeAuthApi();
    api.signOut = async () => {
      throw new Error('fetch failed');
    };
    const sessions = new FakeSessionStore();
    sessions.save('tok');
    await expect(new SignOut(api, sessions).execute()).rejects.toThrow();
    expect(sessions.token()).toBeNull();
  });
});
