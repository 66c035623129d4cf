import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, PASSWORD, startTestServer, type TestServer } from '../support/test-app';

const NEW_PASSWORD = 'a long and quiet harbour at dawn';

describe.each(DATABASES)('ending sessions on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => server?.close());

  const details = (token: string, host = 'acme.localhost') =>
    server.request(host, { method: 'GET', url: '/main-api/api/user/details', token });
  const userId = async (email: string) =>
    (await server.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]))[0].id;
  const signOutEverywhere = (token: string, id: string, host = 'acme.localhost') =>
    server.request(host, {
      method: 'POST',
      url: `/main-api/api/admin/user/${id}/sign-out-everywhere`,
      token,
      payload: {},
    });

  describe('an admin signs a user out everywhere', () => {
    it('ends every session of that user at once, and only theirs, and records it', async () => {
      const phone = await server.signIn('acme.localhost', 'employee@acme.test');
      const laptop = await server.signIn('acme.localhost', 'employee@acme.test');
      const bystander = await server.signIn('acme.localhost', 'buadmin@acme.test');
      const admin = await server.signIn('acme.localhost', 'admin@acme.test');
      const target = await userId('employee@acme.test');
      const res = await signOutEverywhere(admin, target);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true, sessionsEnded: 2 });
      expect((await details(phone)).statusCode).toBe(401);
      expect((await details(laptop)).statusCode).toBe(401);
      expect((await details(bystander)).statusCode).toBe(200);
      expect((await details(admin)).statusCode).toBe(200);
      const events = await server.db.query<{ actor_user_id: string; details: { sessionsEnded: number } }>(
        `SELECT actor_user_id, details FROM audit_events WHERE action = 'user.signed_out_everywhere' AND target = $1`,
        [target],
      );
      expect(events).toEqual([{ actor_user_id: await userId('admin@acme.test'), details: { sessionsEnded: 2 } }]);
      // The user can sign in again.
      expect((await details(await server.signIn('acme.localhost', 'employee@acme.test'))).statusCode).toBe(200);
    });

    it('is for workspace admins only', async () => {
      const target = await userId('employee@acme.test');
      for (const email of ['employer@acme.test', 'buadmin@acme.test', 'employee@acme.test']) {
        const token = await server.signIn('acme.localhost', email);
        expect((await signOutEverywhere(token, target)).statusCode).toBe(403);
      }
      expect(
        (
          await server.request('acme.localhost', {
            method: 'POST',
            url: `/main-api/api/admin/user/${target}/sign-out-everywhere`,
            payload: {},
          })
        ).statusCode,
      ).toBe(401);
    });

    it("answers 404 for another workspace's user and touches none of their sessions", async () => {
      const globexSession = await server.signIn('globex.localhost', 'admin@globex.test');
      const admin = await server.signIn('acme.localhost', 'admin@acme.test');
      const res = await signOutEverywhere(admin, await userId('admin@globex.test'));
      expect(res.statusCode).toBe(404);
      expect((await details(globexSession, 'globex.localhost')).statusCode).toBe(200);
    });

    it('names a malformed id as a field', async () => {
      const admin = await server.signIn('acme.localhost', 'admin@acme.test');
      const res = await signOutEverywhere(admin, 'not-a-uuid');
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(['userId']);
    });
  });

  describe('a password change', () => {
    const change = (token: string, payload: object) =>
      server.request('acme.localhost', { method: 'POST', url: '/main-api/api/user/change-password', token, payload });

    it('keeps this session, ends every other one of the user, and tells them by mail', async () => {
      const other = await server.signIn('acme.localhost', 'employer@acme.test');
      const current = await server.signIn('acme.localhost', 'employer@acme.test');
      const [live] = await server.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM sessions WHERE user_id = $1 AND revoked_at IS NULL`,
        [await userId('employer@acme.test')],
      );
      const res = await change(current, { currentPassword: PASSWORD, userNewPassword: NEW_PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true, sessionsEnded: live.n - 1 });
      expect((await details(current)).statusCode).toBe(200);
      expect((await details(other)).statusCode).toBe(401);
      expect(
        (await details(await server.signIn('acme.localhost', 'employer@acme.test', NEW_PASSWORD))).statusCode,
      ).toBe(200);
      await expect(server.signIn('acme.localhost', 'employer@acme.test', PASSWORD)).rejects.toThrow(/401/);
      const outbox = await server.request('localhost', {
        method: 'GET',
        url: '/dev/outbox?format=json&to=employer%40acme.test',
      });
      expect(outbox.json()[0]).toMatchObject({ subject: 'Your Acme password was changed' });
      expect(outbox.json()[0].body).toContain('every other session was signed out');
    });

    it('refuses a wrong current password, naming the field, and changes nothing', async () => {
      const token = await server.signIn('acme.localhost', 'buadmin@acme.test');
      const other = await server.signIn('acme.localhost', 'buadmin@acme.test');
      const res = await change(token, { currentPassword: 'not my password at all', userNewPassword: NEW_PASSWORD });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ currentPassword: 'Your current password is not correct.' });
      expect((await details(other)).statusCode).toBe(200);
      expect((await details(await server.signIn('acme.localhost', 'buadmin@acme.test'))).statusCode).toBe(200);
    });

    it('holds the new password to the password rules', async () => {
      const token = await server.signIn('acme.localhost', 'admin@acme.test');
      const short = await change(token, { currentPassword: PASSWORD, userNewPassword: 'short' });
      expect(short.statusCode).toBe(400);
      expect(Object.keys(short.json().fields)).toEqual(['userNewPassword']);
      const unknown = await change(token, { currentPassword: PASSWORD, userNewPassword: NEW_PASSWORD, extra: 1 });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().fields).toEqual({ extra: 'Unknown field' });
    });

    it('stops guessing the current password after 5 wrong tries', async () => {
      const token = await server.signIn('globex.localhost', 'admin@globex.test');
      const guess = () =>
        server.request('globex.localhost', {
          method: 'POST',
          url: '/main-api/api/user/change-password',
          token,
          payload: { currentPassword: 'a wrong guess', userNewPassword: NEW_PASSWORD },
        });
      for (let i = 0; i < 5; i++) expect((await guess()).statusCode).toBe(400);
      const blocked = await guess();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBeDefined();
    });
  });
});
