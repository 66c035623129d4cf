import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlLiteral } from '../../../server/platform/db/database';
import { SessionRepository, hashToken } from '../../../server/platform/sessions';
import { SiteResolver } from '../../../server/platform/tenancy';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { buildPlatformOperator, buildUser, buildWorkspace, type BuiltWorkspace } from '../support/factories';

describe.each(DATABASES)('session lifetimes on %s', (kind) => {
  let server: TestServer;
  let ws: BuiltWorkspace;
  let other: BuiltWorkspace;
  let employeeEmail: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    [ws, other] = [await buildWorkspace(server), await buildWorkspace(server)];
    employeeEmail = (await buildUser(server, ws)).email;
  });
  afterAll(async () => server?.close());

  const details = (host: string, token: string) =>
    server.request(host, { method: 'GET', url: '/main-api/api/user/details', token });
  const age = (token: string, column: 'last_seen_at' | 'created_at', interval: string) =>
    server.db.query(`UPDATE sessions SET ${column} = now() - interval '${interval}' WHERE token_hash = $1`, [
      hashToken(token),
    ]);

  it('stores only a hash of the token', async () => {
    const token = await server.signIn(ws.host, employeeEmail);
    const rows = await server.db.query<{ token_hash: string }>(
      'SELECT token_hash FROM sessions WHERE token_hash = $1',
      [hashToken(token)],
    );
    expect(rows).toHaveLength(1);
    const plain = await server.db.query('SELECT 1 FROM sessions WHERE token_hash = $1', [token]);
    expect(plain).toHaveLength(0);
  });

  it('reads a workspace the same way with the caller (one statement, app_site_session) as without one', async () => {
    // The signed-in lookup is a PL/pgSQL function of migration 0040 with its own column list: it must give the
    // request the same workspace row as the anonymous lookup of tenancy.ts, column for column.
    const token = await server.signIn(ws.host, employeeEmail);
    await server.db.query(
      `UPDATE workspaces SET user_limit = 500, contract_expires_on = '2030-03-31' WHERE workspace_url = $1`,
      [ws.host],
    );
    const sessions = new SessionRepository(server.db);
    const withCaller = await sessions.workspaceAndPrincipal(ws.host, token);
    const site = await new SiteResolver(server.db, 'localhost').resolve(ws.host);
    expect(site.kind).toBe('workspace');
    expect(withCaller.workspace).toEqual(site.kind === 'workspace' ? site.workspace : undefined);
    expect(withCaller.workspace?.contract_expires_on).toBe('2030-03-31');
    expect(withCaller.principal).toMatchObject({ kind: 'user', email: employeeEmail, role: 'EMPLOYEE' });
    // An unknown host or another workspace's token: no site, or no caller.
    expect(await sessions.workspaceAndPrincipal('nowhere.localhost', token)).toEqual({
      workspace: undefined,
      principal: null,
    });
    const globex = await sessions.workspaceAndPrincipal(other.host, token);
    expect(globex.workspace?.slug).toBe(other.slug);
    expect(globex.principal).toBeNull();
  });

  it('reads the caller with the host in the statement only when it is a plain host name, else as a parameter', async () => {
    // The lookup sends a plain host inside its text (one round trip on PGlite, sqlLiteral); any other host travels as
    // a parameter and finds nothing, without an SQL error.
    expect(sqlLiteral(ws.host)).toBe(`'${ws.host}'`);
    expect(sqlLiteral('[::1]')).toBe("'[::1]'");
    for (const odd of [`${ws.host}'`, "x' OR '1'='1", 'acme localhost', 'acme\\.localhost', '', 'a'.repeat(256)])
      expect(sqlLiteral(odd)).toBeNull();
    const token = await server.signIn(ws.host, employeeEmail);
    const sessions = new SessionRepository(server.db);
    expect((await sessions.workspaceAndPrincipal(ws.host, token)).principal).toMatchObject({
      kind: 'user',
      email: employeeEmail,
    });
    for (const odd of [
      `${ws.host}'`,
      `${ws.host}' OR w.active --`,
      `${ws.host}'; UPDATE sessions SET revoked_at = now(); --`,
    ]) {
      expect(await sessions.workspaceAndPrincipal(odd, token)).toEqual({ workspace: undefined, principal: null });
    }
    expect((await details(ws.host, token)).statusCode).toBe(200);
  });

  it('ends an admin session after an hour idle, but not an employee one', async () => {
    const admin = await server.signIn(ws.host, ws.admin.email);
    const employee = await server.signIn(ws.host, employeeEmail);
    await age(admin, 'last_seen_at', '61 minutes');
    await age(employee, 'last_seen_at', '61 minutes');
    expect((await details(ws.host, admin)).statusCode).toBe(401);
    expect((await details(ws.host, employee)).statusCode).toBe(200);
  });

  it('keeps an active admin signed in, for 24 hours at most', async () => {
    const admin = (await buildUser(server, ws, { role: 'EMPLOYER' })).token;
    await age(admin, 'last_seen_at', '30 minutes');
    expect((await details(ws.host, admin)).statusCode).toBe(200);
    await age(admin, 'created_at', '25 hours');
    expect((await details(ws.host, admin)).statusCode).toBe(401);
  });

  it('times out the platform admin the same way', async () => {
    const { token: platform } = await buildPlatformOperator(server);
    await age(platform, 'last_seen_at', '2 hours');
    expect((await details('localhost', platform)).statusCode).toBe(401);
  });

  it('keeps an employee session for 120 days', async () => {
    const employee = await server.signIn(ws.host, employeeEmail);
    await age(employee, 'created_at', '119 days');
    expect((await details(ws.host, employee)).statusCode).toBe(200);
    await server.db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [
      hashToken(employee),
    ]);
    expect((await details(ws.host, employee)).statusCode).toBe(401);
  });
});
