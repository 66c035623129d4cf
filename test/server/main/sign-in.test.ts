import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, PASSWORD, startTestServer, type TestServer } from '../support/test-app';
import {
  buildPlatformOperator,
  buildUser,
  buildWorkspace,
  giveUsername,
  type BuiltUser,
  type BuiltWorkspace,
} from '../support/factories';

describe.each(DATABASES)('sign-in and tenancy on %s', (kind) => {
  let server: TestServer;
  let ws: BuiltWorkspace;
  let other: BuiltWorkspace;
  let employee: BuiltUser;
  let employer: BuiltUser;
  let buAdmin: BuiltUser;
  let platform: { email: string };
  beforeAll(async () => {
    server = await startTestServer(kind);
    [ws, other] = [await buildWorkspace(server), await buildWorkspace(server)];
    employee = await buildUser(server, ws);
    employer = await buildUser(server, ws, { role: 'EMPLOYER' });
    buAdmin = await buildUser(server, ws, { role: 'BRANCH_ADMIN' });
    // The other workspace: its admin and two more people.
    await buildUser(server, other);
    await buildUser(server, other, { role: 'EMPLOYER' });
    platform = await buildPlatformOperator(server);
    const colour = await server.request(ws.host, {
      method: 'PUT',
      url: '/main-api/api/workspace/bg-color/1f6feb',
      token: ws.admin.token,
    });
    expect(colour.statusCode).toBeLessThan(300);
  });
  afterAll(async () => server?.close());

  const signIn = (host: string, payload: object) =>
    server.request(host, { method: 'POST', url: '/main-api/api/user/signin', payload });

  it('signs a workspace user in by email and returns who they are', async () => {
    const res = await signIn(`${ws.host}:8080`, { userEmail: ws.admin.email, userPassword: PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token.length).toBeGreaterThanOrEqual(40);
    expect(body.user).toMatchObject({ kind: 'user', email: ws.admin.email, role: 'WORKSPACE_ADMIN' });
    expect(body.user.workspace.companyName).toBe(ws.companyName);
  });

  it('signs in by username too', async () => {
    const username = await giveUsername(server, ws, employee);
    const res = await signIn(ws.host, { username, userPassword: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(employee.email);
  });

  it('answers a wrong password and an unknown account with the same message', async () => {
    const wrong = await signIn(ws.host, { userEmail: employer.email, userPassword: 'not-the-password' });
    const unknown = await signIn(ws.host, { userEmail: `nobody@${ws.slug}.test`, userPassword: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('rate-limits repeated failures for one account with 429 and Retry-After', async () => {
    const attempt = () => signIn(ws.host, { userEmail: buAdmin.email, userPassword: 'wrong-wrong-wrong' });
    for (let i = 0; i < 5; i++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password waits out the lock.
    const right = await signIn(ws.host, { userEmail: buAdmin.email, userPassword: PASSWORD });
    expect(right.statusCode).toBe(429);
  });

  it('does not let a Globex admin sign in at Acme', async () => {
    const res = await signIn(ws.host, { userEmail: other.admin.email, userPassword: PASSWORD });
    expect(res.statusCode).toBe(401);
  });

  it('refuses an Acme token at Globex and on the main site', async () => {
    const token = await server.signIn(ws.host, employee.email);
    const here = await server.request(ws.host, { method: 'GET', url: '/main-api/api/user/details', token });
    expect(here.statusCode).toBe(200);
    const there = await server.request(other.host, { method: 'GET', url: '/main-api/api/user/details', token });
    expect(there.statusCode).toBe(401);
    const main = await server.request('localhost', { method: 'GET', url: '/main-api/api/user/details', token });
    expect(main.statusCode).toBe(401);
  });

  it('ends the session on sign-out', async () => {
    const token = await server.signIn(ws.host, employee.email);
    const out = await server.request(ws.host, { method: 'GET', url: '/main-api/api/user/sign-out', token });
    expect(out.statusCode).toBe(200);
    const after = await server.request(ws.host, { method: 'GET', url: '/main-api/api/user/details', token });
    expect(after.statusCode).toBe(401);
  });

  it('signs the platform admin in on the main site only', async () => {
    const main = await signIn('localhost:8080', { userEmail: platform.email, userPassword: PASSWORD });
    expect(main.statusCode).toBe(200);
    expect(main.json().user.kind).toBe('platform-admin');
    const workspace = await signIn(ws.host, { userEmail: platform.email, userPassword: PASSWORD });
    expect(workspace.statusCode).toBe(401);
  });

  it('lets a workspace member on the main site find their workspaces', async () => {
    const res = await signIn('localhost', { userEmail: ws.admin.email, userPassword: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toEqual({
      kind: 'account',
      email: ws.admin.email,
      workspaces: [{ workspaceUrl: ws.host, companyName: ws.companyName }],
    });
  });

  it('rejects bad input with 400 naming the field, never 500', async () => {
    const unknownField = await signIn(ws.host, {
      userEmail: `a@${ws.slug}.test`,
      userPassword: 'x',
      role: 'WORKSPACE_ADMIN',
    });
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json().fields).toHaveProperty('role');
    const both = await signIn(ws.host, { userEmail: `a@${ws.slug}.test`, username: 'a', userPassword: 'x' });
    expect(both.statusCode).toBe(400);
    const badEmail = await signIn(ws.host, { userEmail: 'not-an-email', userPassword: 'x' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().fields).toHaveProperty('userEmail');
    const notJson = await server.request(ws.host, {
      method: 'POST',
      url: '/main-api/api/user/signin',
      headers: { 'content-type': 'application/json' },
      payload: '{"userEmail":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().code).toBe('VALIDATION');
  });

  it('answers 404 on a host that is no workspace', async () => {
    const res = await signIn('nowhere.localhost', { userEmail: ws.admin.email, userPassword: PASSWORD });
    expect(res.statusCode).toBe(404);
  });

  it('shows the company profile of a workspace host, publicly', async () => {
    const res = await server.request(ws.host, {
      method: 'GET',
      url: `/main-api/api/workspace/company-profile/${ws.host}:8080`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ companyName: ws.companyName, backgroundColor: '#1f6feb' });
  });

  it('keeps row-level security as a second wall: a tenant transaction sees only its own users', async () => {
    const theirs = `%@${other.slug}.test`;
    const seen = await server.db.tenant(ws.id, (tx) =>
      tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE lower(email) LIKE $1`, [theirs]),
    );
    expect(seen[0].n).toBe(0);
    const [all] = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users WHERE lower(email) LIKE $1`,
      [theirs],
    );
    // The other workspace's admin and the two people built there: outside a tenant transaction they are there.
    expect(all.n).toBe(3);
  });
});
