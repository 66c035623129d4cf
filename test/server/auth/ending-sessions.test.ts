import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, PASSWORD, startTestServer, type TestServer } from '../support/test-app';
import { buildUser, buildWorkspace, type BuiltWorkspace } from '../support/factories';

const NEW_PASSWORD = 'a long and quiet harbour at dawn';

describe.each(DATABASES)('ending sessions on %s', (kind) => {
  let server: TestServer;
  let ws: BuiltWorkspace;
  let other: BuiltWorkspace;
  beforeAll(async () => {
    server = await startTestServer(kind);
    [ws, other] = [await buildWorkspace(server), await buildWorkspace(server)];
  });
  afterAll(async () => server?.close());

  const details = (token: string, host = ws.host) =>
    server.request(host, { method: 'GET', url: '/main-api/api/user/details', token });
  const signOutEverywhere = (token: string, id: string, host = ws.host) =>
    server.request(host, {
      method: 'POST',
      url: `/main-api/api/admin/user/${id}/sign-out-everywhere`,
      token,
      payload: {},
    });

  describe('an admin signs a user out everywhere', () => {
    it('ends every session of that user at once, and only theirs, and records it', async () => {
      const employee = await buildUser(server, ws);
      // The invitation's claim signed the employee in on one device; they sign in again on another.
      const phone = employee.token;
      const laptop = await server.signIn(ws.host, employee.email);
      const bystander = (await buildUser(server, ws, { role: 'BRANCH_ADMIN' })).token;
      const admin = await server.signIn(ws.host, ws.admin.email);
      const target = employee.id;
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
      expect(events).toEqual([{ actor_user_id: ws.admin.id, details: { sessionsEnded: 2 } }]);
      // The user can sign in again.
      expect((await details(await server.signIn(ws.host, employee.email))).statusCode).toBe(200);
    });

    it('is for workspace admins only', async () => {
      const target = (await buildUser(server, ws)).id;
      for (const role of ['EMPLOYER', 'BRANCH_ADMIN', 'EMPLOYEE'] as const) {
        const { token } = await buildUser(server, ws, { role });
        expect((await signOutEverywhere(token, target)).statusCode).toBe(403);
      }
      expect(
        (
          await server.request(ws.host, {
            method: 'POST',
            url: `/main-api/api/admin/user/${target}/sign-out-everywhere`,
            payload: {},
          })
        ).statusCode,
      ).toBe(401);
    });

    it("answers 404 for another workspace's user and touches none of their sessions", async () => {
      const otherSession = await server.signIn(other.host, other.admin.email);
      const admin = await server.signIn(ws.host, ws.admin.email);
      const res = await signOutEverywhere(admin, other.admin.id);
      expect(res.statusCode).toBe(404);
      expect((await details(otherSession, other.host)).statusCode).toBe(200);
    });

    it('names a malformed id as a field', async () => {
      const admin = await server.signIn(ws.host, ws.admin.email);
      const res = await signOutEverywhere(admin, 'not-a-uuid');
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(['userId']);
    });
  });

  describe('a password change', () => {
    const change = (token: string, payload: object) =>
      server.request(ws.host, { method: 'POST', url: '/main-api/api/user/change-password', token, payload });

    it('keeps this session, ends every other one of the user, and tells them by mail', async () => {
      const employer = await buildUser(server, ws, { role: 'EMPLOYER' });
      const elsewhere = await server.signIn(ws.host, employer.email);
      const current = await server.signIn(ws.host, employer.email);
      const [live] = await server.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM sessions WHERE user_id = $1 AND revoked_at IS NULL`,
        [employer.id],
      );
      const res = await change(current, { currentPassword: PASSWORD, userNewPassword: NEW_PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true, sessionsEnded: live.n - 1 });
      expect((await details(current)).statusCode).toBe(200);
      expect((await details(elsewhere)).statusCode).toBe(401);
      expect((await details(employer.token)).statusCode).toBe(401);
      expect((await details(await server.signIn(ws.host, employer.email, NEW_PASSWORD))).statusCode).toBe(200);
      await expect(server.signIn(ws.host, employer.email, PASSWORD)).rejects.toThrow(/401/);
      const outbox = await server.request('localhost', {
        method: 'GET',
        url: `/dev/outbox?format=json&to=${encodeURIComponent(employer.email)}`,
      });
      expect(outbox.json()[0]).toMatchObject({ subject: `Your ${ws.companyName} password was changed` });
      expect(outbox.json()[0].body).toContain('every other session was signed out');
    });

    it('refuses a wrong current password, naming the field, and changes nothing', async () => {
      const branchAdmin = await buildUser(server, ws, { role: 'BRANCH_ADMIN' });
      const token = await server.signIn(ws.host, branchAdmin.email);
      const elsewhere = await server.signIn(ws.host, branchAdmin.email);
      const res = await change(token, { currentPassword: 'not my password at all', userNewPassword: NEW_PASSWORD });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ currentPassword: 'Your current password is not correct.' });
      expect((await details(elsewhere)).statusCode).toBe(200);
      expect((await details(await server.signIn(ws.host, branchAdmin.email))).statusCode).toBe(200);
    });

    it('holds the new password to the password rules', async () => {
      const token = await server.signIn(ws.host, ws.admin.email);
      const short = await change(token, { currentPassword: PASSWORD, userNewPassword: 'short' });
      expect(short.statusCode).toBe(400);
      expect(Object.keys(short.json().fields)).toEqual(['userNewPassword']);
      const unknown = await change(token, { currentPassword: PASSWORD, userNewPassword: NEW_PASSWORD, extra: 1 });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().fields).toEqual({ extra: 'Unknown field' });
    });

    it('stops guessing the current password after 5 wrong tries', async () => {
      const token = (await buildUser(server, other, { role: 'WORKSPACE_ADMIN' })).token;
      const guess = () =>
        server.request(other.host, {
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
