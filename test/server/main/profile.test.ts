import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { buildUser, buildWorkspace, type BuiltWorkspace } from '../support/factories';

describe.each(DATABASES)('own profile and first login on %s', (kind) => {
  let server: TestServer;
  let ws: BuiltWorkspace;
  beforeAll(async () => {
    server = await startTestServer(kind);
    ws = await buildWorkspace(server);
  });
  afterAll(async () => server?.close());

  it('changes only the caller’s own name, trimmed, and says who they are now', async () => {
    const employee = await buildUser(server, ws, { firstName: 'Esha', lastName: 'Employee' });
    const token = employee.token;
    const res = await server.request(ws.host, {
      method: 'PUT',
      url: '/main-api/api/user',
      token,
      payload: { firstName: '  Eshaan ', lastName: 'Employee' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: employee.email, firstName: 'Eshaan', lastName: 'Employee' });
    const other = await server.db.query<{ first_name: string }>(`SELECT first_name FROM users WHERE email = $1`, [
      ws.admin.email,
    ]);
    expect(other[0].first_name).toBe(ws.admin.firstName);
  });

  it('names an empty first name, and refuses fields it does not take', async () => {
    const { token } = await buildUser(server, ws, { role: 'EMPLOYER' });
    const empty = await server.request(ws.host, {
      method: 'PUT',
      url: '/main-api/api/user',
      token,
      payload: { firstName: '  ', lastName: 'X' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toHaveProperty('firstName');
    const role = await server.request(ws.host, {
      method: 'PUT',
      url: '/main-api/api/user',
      token,
      payload: { firstName: 'E', lastName: 'X', role: 'WORKSPACE_ADMIN' },
    });
    expect(role.statusCode).toBe(400);
    expect(role.json().fields).toHaveProperty('role');
  });

  it('records the end of the first-login welcome', async () => {
    const buAdmin = await buildUser(server, ws, { role: 'BRANCH_ADMIN' });
    await server.db.query(`UPDATE users SET first_login = true WHERE id = $1`, [buAdmin.id]);
    const token = await server.signIn(ws.host, buAdmin.email);
    const before = await server.request(ws.host, { method: 'GET', url: '/main-api/api/user/details', token });
    expect(before.json().firstLogin).toBe(true);
    const res = await server.request(ws.host, {
      method: 'POST',
      url: '/main-api/api/user/change-first-login',
      token,
      payload: {},
    });
    expect(res.json().firstLogin).toBe(false);
  });
});
