import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { buildUser, buildWorkspace, type BuiltUser, type BuiltWorkspace } from '../support/factories';

describe.each(DATABASES)('the audit trail on %s', (kind) => {
  let server: TestServer;
  let admin: string;
  let ws: BuiltWorkspace;
  let other: BuiltWorkspace;
  let employee: BuiltUser;
  beforeAll(async () => {
    server = await startTestServer(kind);
    [ws, other] = [await buildWorkspace(server), await buildWorkspace(server)];
    employee = await buildUser(server, ws);
    admin = await server.signIn(ws.host, ws.admin.email);
  });
  afterAll(async () => server?.close());

  const events = (host: string, token: string, query = '') =>
    server.request(host, { method: 'GET', url: `/main-api/api/audit/events${query}`, token });

  it('shows the workspace admin who signed in, and failed, from where, newest first', async () => {
    await server.request(ws.host, {
      method: 'POST',
      url: '/main-api/api/user/signin',
      payload: { userEmail: employee.email, userPassword: 'not-the-password' },
      remoteAddress: '203.0.113.9',
    });
    const res = await events(ws.host, admin);
    expect(res.statusCode).toBe(200);
    const [latest] = res.json().items;
    expect(latest).toMatchObject({ action: 'SIGN_IN_FAILED', target: employee.email, ip: '203.0.113.9' });
    const signIns = (await events(ws.host, admin, '?action=SIGN_IN')).json();
    expect(signIns.items.some((e: { actor: string }) => e.actor === ws.admin.email)).toBe(true);
    expect(signIns.items.every((e: { action: string }) => e.action === 'SIGN_IN')).toBe(true);
  });

  it("never shows another workspace's events", async () => {
    const elsewhere = await server.signIn(other.host, other.admin.email);
    const res = await events(other.host, elsewhere);
    expect(res.json().items.length).toBeGreaterThan(0);
    expect(res.json().items.every((e: { actor: string | null }) => !e.actor?.endsWith(`@${ws.slug}.test`))).toBe(true);
  });

  it('is for workspace admins only', async () => {
    const employer = await buildUser(server, ws, { role: 'EMPLOYER' });
    expect((await events(ws.host, employer.token)).statusCode).toBe(403);
  });

  it('pages on the server', async () => {
    const res = (await events(ws.host, admin, '?page=0&pageSize=1')).json();
    expect(res.items).toHaveLength(1);
    expect(res.total).toBeGreaterThan(1);
  });
});
