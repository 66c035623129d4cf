import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { EMPLOYEE_MENU, WORKSPACE_ADMIN_MENU } from '../../domain/auth/expected-menus';
import {
  buildPlatformAdmin,
  buildUser,
  buildWorkspace,
  type BuiltUser,
  type BuiltWorkspace,
} from '../support/factories';

describe.each(DATABASES)('permissions and navigation on %s', (kind) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const people: Record<string, BuiltUser> = {};
  let ws: BuiltWorkspace;
  let other: BuiltWorkspace;
  let ACME: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    [ws, other] = [await buildWorkspace(server), await buildWorkspace(server)];
    ACME = ws.host;
    people.admin = ws.admin;
    people.employer = await buildUser(server, ws, { role: 'EMPLOYER' });
    people.buadmin = await buildUser(server, ws, { role: 'BRANCH_ADMIN' });
    people.employee = await buildUser(server, ws);
    for (const who of ['admin', 'employer', 'buadmin', 'employee']) tokens[who] = people[who].token;
  });
  afterAll(async () => server?.close());

  const get = (url: string, token: string, host: string = ACME) =>
    server.request(host, { method: 'GET', url: `/main-api${url}`, token });
  const update = (payload: unknown, token = tokens.admin) =>
    server.request(ACME, { method: 'POST', url: '/main-api/api/permission/update', token, payload: payload as object });
  const menu = async (token: string) =>
    ((await get('/api/navigation/v2', token)).json().navigations as { key: string }[]).map((item) => item.key);

  it("lists the catalogue and each role's defaults: today's behaviour", async () => {
    const res = await get('/api/permission/all', tokens.admin);
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      permissions: { key: string }[];
      roles: { role: string; editable: boolean; granted: string[] }[];
    };
    expect(body.permissions.map((p) => p.key)).toEqual(
      expect.arrayContaining(['people.manage', 'invites.manage', 'courses.assign', 'workflows.design', 'manual.read']),
    );
    const byRole = Object.fromEntries(body.roles.map((r) => [r.role, r]));
    expect(byRole.WORKSPACE_ADMIN.editable).toBe(false);
    expect(byRole.WORKSPACE_ADMIN.granted).toEqual(body.permissions.map((p) => p.key));
    expect(byRole.EMPLOYEE).toMatchObject({ editable: true, granted: ['courses.learn', 'manual.read'] });
    expect(byRole.BRANCH_ADMIN.granted).not.toContain('workflows.design');
    expect(byRole.EMPLOYER.granted).toEqual(
      expect.arrayContaining(['people.manage', 'workflows.design', 'organisation.manage']),
    );
  });

  it('builds each role’s menu on the server, the same as before by default', async () => {
    expect(await menu(tokens.employee)).toEqual([...EMPLOYEE_MENU]);
    expect(await menu(tokens.admin)).toEqual([...WORKSPACE_ADMIN_MENU]);
    expect(await menu(tokens.buadmin)).not.toContain('workflows');
    const v2 = (await get('/api/navigation/v2', tokens.employer)).json();
    expect(v2.navigations[0]).toEqual({
      key: 'dashboard',
      label: 'Dashboard',
      path: '/dashboard',
      icon: 'DashboardOutlined',
      description: 'Your start page',
      children: [],
    });
    const v3 = (await get('/api/navigation/v3', tokens.employer)).json();
    expect(v3.navigations).toEqual(v2.navigations);
    expect(v3.enabledMenuFlags).toMatchObject({ people: true, workflows: true });
    expect(v3.enabledMenuFlags).not.toHaveProperty('branding');
    expect(v3.modules).toEqual({ courses: true, 'concerned-authority': true, compliance: true });
  });

  it('is fetched on workspace hosts only: the main site answers 403 to the platform admin, 401 without a session', async () => {
    const platform = await buildPlatformAdmin(server);
    expect((await get('/api/navigation/v3', platform, 'localhost')).statusCode).toBe(403);
    expect((await server.request('localhost', { method: 'GET', url: '/main-api/api/navigation/v3' })).statusCode).toBe(
      401,
    );
  });

  it('enforces a switched-off permission with 403 and removes the menu item; switching it back restores both', async () => {
    expect(
      (
        await server.request(ACME, {
          method: 'POST',
          url: '/main-api/api/workspace/users',
          token: tokens.employer,
          payload: {},
        })
      ).statusCode,
    ).toBe(200);
    const off = await update({ role: 'EMPLOYER', permissions: { 'people.manage': false } });
    expect(off.statusCode).toBe(200);
    expect(off.json().roles.find((r: { role: string }) => r.role === 'EMPLOYER').granted).not.toContain(
      'people.manage',
    );

    const refused = await server.request(ACME, {
      method: 'POST',
      url: '/main-api/api/workspace/users',
      token: tokens.employer,
      payload: {},
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'PERMISSION_OFF' });
    expect(
      (
        await server.request(ACME, {
          method: 'DELETE',
          url: `/main-api/api/user/${people.employee.id}`,
          token: tokens.employer,
        })
      ).statusCode,
    ).toBe(403);
    // Other roles keep it; the employer keeps every other area.
    expect(
      (
        await server.request(ACME, {
          method: 'POST',
          url: '/main-api/api/workspace/users',
          token: tokens.buadmin,
          payload: {},
        })
      ).statusCode,
    ).toBe(200);
    expect(await menu(tokens.employer)).not.toContain('people');
    expect(await menu(tokens.employer)).toContain('workflows');
    const v3 = (await get('/api/navigation/v3', tokens.employer)).json();
    expect(v3.enabledMenuFlags.people).toBe(false);
    expect(v3.menuStates.people).toBe('permission-off');

    const on = await update({ role: 'EMPLOYER', permissions: { 'people.manage': true } });
    expect(on.statusCode).toBe(200);
    expect(
      (
        await server.request(ACME, {
          method: 'POST',
          url: '/main-api/api/workspace/users',
          token: tokens.employer,
          payload: {},
        })
      ).statusCode,
    ).toBe(200);
    expect(await menu(tokens.employer)).toContain('people');
  });

  it('gates the other APIs too: workflows for employers, courses for business-unit admins, the manual for employees', async () => {
    expect((await update({ role: 'EMPLOYER', permissions: { 'workflows.design': false } })).statusCode).toBe(200);
    expect((await update({ role: 'BRANCH_ADMIN', permissions: { 'courses.assign': false } })).statusCode).toBe(200);
    expect((await update({ role: 'EMPLOYEE', permissions: { 'manual.read': false } })).statusCode).toBe(200);
    expect(
      (await server.request(ACME, { method: 'GET', url: '/case-api/api/admin/workflow', token: tokens.employer }))
        .statusCode,
    ).toBe(403);
    expect(
      (await server.request(ACME, { method: 'GET', url: '/case-api/api/admin/workflow', token: tokens.admin }))
        .statusCode,
    ).toBe(200);
    expect(
      (await server.request(ACME, { method: 'GET', url: '/learning-api/api/course/all', token: tokens.buadmin }))
        .statusCode,
    ).toBe(403);
    expect((await get('/api/user-manual', tokens.employee)).statusCode).toBe(403);
    expect(await menu(tokens.employee)).toEqual(EMPLOYEE_MENU.filter((key) => key !== 'manual'));
    // A refused role learns nothing about its input: 403 before validation.
    expect(
      (
        await server.request(ACME, {
          method: 'POST',
          url: '/case-api/api/admin/workflow',
          token: tokens.employer,
          payload: { nonsense: 1 },
        })
      ).statusCode,
    ).toBe(403);

    await update({ role: 'EMPLOYER', permissions: { 'workflows.design': true } });
    await update({ role: 'BRANCH_ADMIN', permissions: { 'courses.assign': true } });
    await update({ role: 'EMPLOYEE', permissions: { 'manual.read': true } });
    expect(
      (await server.request(ACME, { method: 'GET', url: '/case-api/api/admin/workflow', token: tokens.employer }))
        .statusCode,
    ).toBe(200);
    expect(
      (await server.request(ACME, { method: 'GET', url: '/learning-api/api/course/all', token: tokens.buadmin }))
        .statusCode,
    ).toBe(200);
    expect((await get('/api/user-manual', tokens.employee)).statusCode).toBe(200);
  });

  it('keeps one workspace’s switches to itself', async () => {
    await update({ role: 'EMPLOYEE', permissions: { 'manual.read': false } });
    const elsewhere = await buildUser(server, other);
    const res = await get('/api/navigation/v2', elsewhere.token, other.host);
    expect(res.json().navigations.map((i: { key: string }) => i.key)).toContain('manual');
    await update({ role: 'EMPLOYEE', permissions: { 'manual.read': true } });
  });

  it('records each change in the audit trail, and nothing for a change that changes nothing', async () => {
    const count = async () =>
      (
        await server.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM audit_events WHERE action = 'permissions.updated'`,
        )
      )[0].n;
    const before = await count();
    await update({ role: 'BRANCH_ADMIN', permissions: { 'invites.manage': false, 'people.manage': true } });
    const [event] = await server.db.query<{ actor_user_id: string; target: string; details: unknown }>(
      `SELECT actor_user_id, target, details FROM audit_events WHERE action = 'permissions.updated' ORDER BY at DESC LIMIT 1`,
    );
    expect(event).toEqual({
      actor_user_id: ws.admin.id,
      target: 'BRANCH_ADMIN',
      details: { role: 'BRANCH_ADMIN', changes: { 'invites.manage': false } },
    });
    await update({ role: 'BRANCH_ADMIN', permissions: { 'invites.manage': false } });
    expect(await count()).toBe(before + 1);
    await update({ role: 'BRANCH_ADMIN', permissions: { 'invites.manage': true } });
    expect(await count()).toBe(before + 2);
    const all = (await get('/api/permission/all', tokens.admin)).json();
    expect(all.roles.find((r: { role: string }) => r.role === 'BRANCH_ADMIN').granted).toContain('invites.manage');
  });

  it('validates the update, naming the field', async () => {
    const unknown = await update({ role: 'EMPLOYER', permissions: { 'people.fly': false } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toHaveProperty(['permissions.people.fly']);
    const admin = await update({ role: 'WORKSPACE_ADMIN', permissions: { 'people.manage': false } });
    expect(admin.statusCode).toBe(400);
    expect(admin.json().fields).toHaveProperty('role');
    const notBoolean = await update({ role: 'EMPLOYEE', permissions: { 'manual.read': 'yes' } });
    expect(notBoolean.statusCode).toBe(400);
    expect(notBoolean.json().fields).toHaveProperty(['permissions.manual.read']);
    const ineligible = await update({ role: 'EMPLOYEE', permissions: { 'people.manage': true } });
    expect(ineligible.statusCode).toBe(400);
    expect(ineligible.json().fields).toHaveProperty(['permissions.people.manage']);
    const extra = await update({ role: 'EMPLOYEE', permissions: {}, workspaceId: 'x' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().fields).toHaveProperty('workspaceId');
  });

  it('lets only workspace admins list and change permissions', async () => {
    for (const who of ['employer', 'buadmin', 'employee']) {
      expect((await get('/api/permission/all', tokens[who])).statusCode).toBe(403);
      expect((await update({ role: 'EMPLOYEE', permissions: { 'manual.read': false } }, tokens[who])).statusCode).toBe(
        403,
      );
    }
    expect((await get('/api/permission/all', tokens.employee)).statusCode).toBe(403);
  });

  describe('a user’s routes', () => {
    it('lists the routes and permissions of a user of this workspace', async () => {
      await update({ role: 'BRANCH_ADMIN', permissions: { 'courses.assign': false } });
      const id = people.buadmin.id;
      const res = await get(`/api/internal/userroutes/${id}`, tokens.admin);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ userId: id, role: 'BRANCH_ADMIN' });
      expect(body.permissions).not.toContain('courses.assign');
      expect(body.routes.map((r: { path: string }) => r.path)).toEqual(
        expect.arrayContaining(['/dashboard', '/people', '/users/import']),
      );
      expect(body.routes.map((r: { path: string }) => r.path)).not.toContain('/courses');
      await update({ role: 'BRANCH_ADMIN', permissions: { 'courses.assign': true } });
    });

    it("answers 404 for another workspace's user or none, 400 for a malformed id, 403 to others than admins", async () => {
      expect((await get(`/api/internal/userroutes/${other.admin.id}`, tokens.admin)).statusCode).toBe(404);
      expect(
        (await get('/api/internal/userroutes/00000000-0000-4000-8000-000000000000', tokens.admin)).statusCode,
      ).toBe(404);
      const bad = await get('/api/internal/userroutes/not-a-uuid', tokens.admin);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toHaveProperty('id');
      expect((await get(`/api/internal/userroutes/${people.employee.id}`, tokens.employer)).statusCode).toBe(403);
    });
  });

  it('stores the switches under row-level security: another workspace cannot read them', async () => {
    await update({ role: 'EMPLOYEE', permissions: { 'manual.read': false } });
    const seen = await server.db.tenant(other.id, (tx) => tx.query(`SELECT * FROM role_permissions`));
    expect(seen).toEqual([]);
    await update({ role: 'EMPLOYEE', permissions: { 'manual.read': true } });
  });
});
