import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';

describe.each(DATABASES)('the audit trail on %s', (kind) => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = await server.signIn('acme.localhost', 'admin@acme.test');
  });
  afterAll(async () => server?.close());

  const events = (host: string, token: string, query = '') =>
    server.request(host, { method: 'GET', url: `/main-api/api/audit/events${query}`, token });

  it('shows the workspace admin who signed in, and failed, from where, newest first', async () => {
    await server.request('acme.localhost', {
      method: 'POST',
      url: '/main-api/api/user/signin',
      payload: { userEmail: 'employee@acme.test', userPassword: 'not-the-password' },
      remoteAddress: '203.0.113.9',
    });
    const res = await events('acme.localhost', admin);
    expect(res.statusCode).toBe(200);
    const [latest] = res.json().items;
    expect(latest).toMatchObject({ action: 'SIGN_IN_FAILED', target: 'employee@acme.test', ip: '203.0.113.9' });
    const signIns = (await events('acme.localhost', admin, '?action=SIGN_IN')).json();
    expect(signIns.items.some((e: { actor: string }) => e.actor === 'admin@acme.test')).toBe(true);
    expect(signIns.items.every((e: { action: string }) => e.action === 'SIGN_IN')).toBe(true);
  });

  it("never shows another workspace's events", async () => {
    const globex = await server.signIn('globex.localhost', 'admin@globex.test');
    const res = await events('globex.localhost', globex);
    expect(res.json().items.every((e: { actor: string | null }) => !e.actor?.endsWith('@acme.test'))).toBe(true);
  });

  it('is for workspace admins only', async () => {
    const employer = await server.signIn('acme.localhost', 'employer@acme.test');
    expect((await events('acme.localhost', employer)).statusCode).toBe(403);
  });

  it('pages on the server', async () => {
    const res = (await events('acme.localhost', admin, '?page=0&pageSize=1')).json();
    expect(res.items).toHaveLength(1);
    expect(res.total).toBeGreaterThan(1);
  });
});
