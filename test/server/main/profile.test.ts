import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';

describe.each(DATABASES)('own profile and first login on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => server?.close());

  it('changes only the caller’s own name, trimmed, and says who they are now', async () => {
    const token = await server.signIn('acme.localhost', 'employee@acme.test');
    const res = await server.request('acme.localhost', {
      method: 'PUT',
      url: '/main-api/api/user',
      token,
      payload: { firstName: '  Eshaan ', lastName: 'Employee' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'employee@acme.test', firstName: 'Eshaan', lastName: 'Employee' });
    const other = await server.db.query<{ first_name: string }>(
      `SELECT first_name FROM users WHERE email = 'admin@acme.test'`,
    );
    expect(other[0].first_name).toBe('Asha');
  });

  it('names an empty first name, and refuses fields it does not take', async () => {
    const token = await server.signIn('acme.localhost', 'employer@acme.test');
    const empty = await server.request('acme.localhost', {
      method: 'PUT',
      url: '/main-api/api/user',
      token,
      payload: { firstName: '  ', lastName: 'X' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toHaveProperty('firstName');
    const role = await server.request('acme.localhost', {
      method: 'PUT',
      url: '/main-api/api/user',
      token,
      payload: { firstName: 'E', lastName: 'X', role: 'WORKSPACE_ADMIN' },
    });
    expect(role.statusCode).toBe(400);
    expect(role.json().fields).toHaveProperty('role');
  });

  it('records the end of the first-login welcome', async () => {
    await server.db.query(`UPDATE users SET first_login = true WHERE email = 'buadmin@acme.test'`);
    const token = await server.signIn('acme.localhost', 'buadmin@acme.test');
    const before = await server.request('acme.localhost', { method: 'GET', url: '/main-api/api/user/details', token });
    expect(before.json().firstLogin).toBe(true);
    const res = await server.request('acme.localhost', {
      method: 'POST',
      url: '/main-api/api/user/change-first-login',
      token,
      payload: {},
    });
    expect(res.json().firstLogin).toBe(false);
  });
});
