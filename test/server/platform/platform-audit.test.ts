import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { buildPlatformAdmin, buildWorkspace, type BuiltWorkspace } from '../support/factories';

describe.each(DATABASES)('the platform admins’ trail on %s', (kind) => {
  let server: TestServer;
  let platform: string;
  let acme: string;
  let globex: string;
  /** The platform admin the factories sign in (the one who created both workspaces), and its address. */
  let platformEmail: string;
  let acmeWs: BuiltWorkspace;
  beforeAll(async () => {
    server = await startTestServer(kind);
    platform = await buildPlatformAdmin(server);
    acmeWs = await buildWorkspace(server, { companyName: 'Acme' });
    acme = acmeWs.id;
    globex = (await buildWorkspace(server, { companyName: 'Globex' })).id;
    [{ email: platformEmail }] = await server.db.query<{ email: string }>(
      `SELECT email FROM platform_admins WHERE email LIKE 'platform-%@factory.test'`,
    );
  });
  afterAll(async () => server?.close());

  const events = (query = '') =>
    server.request('localhost', { method: 'GET', url: `/main-api/api/admin/audit/events${query}`, token: platform });

  it('lists what platform admins did, who, where, newest first, and filters by workspace', async () => {
    for (const [workspaceId, userLimit] of [
      [acme, 500],
      [globex, 50],
    ] as const) {
      const res = await server.request('localhost', {
        method: 'PUT',
        url: '/main-api/api/admin/workspace-user-limit',
        token: platform,
        payload: { workspaceId, userLimit },
      });
      expect(res.statusCode).toBe(200);
    }
    const all = (await events()).json();
    expect(all.total).toBeGreaterThanOrEqual(2);
    expect(all.items[0]).toMatchObject({ actor: platformEmail, workspace: 'Globex' });
    expect(all.items[1]).toMatchObject({ actor: platformEmail, workspace: 'Acme' });
    const onlyAcme = (await events(`?workspaceId=${acme}`)).json();
    expect(onlyAcme.items.every((e: { workspace: string }) => e.workspace === 'Acme')).toBe(true);
    await server.request('localhost', {
      method: 'PUT',
      url: '/main-api/api/admin/workspace-user-limit',
      token: platform,
      payload: { workspaceId: acme, userLimit: null },
    });
    await server.request('localhost', {
      method: 'PUT',
      url: '/main-api/api/admin/workspace-user-limit',
      token: platform,
      payload: { workspaceId: globex, userLimit: null },
    });
  });

  it('leaves out what workspace members did, and refuses them the trail', async () => {
    const admin = await server.signIn(acmeWs.host, acmeWs.admin.email);
    const all = (await events('?pageSize=100')).json();
    expect(all.items.every((e: { actor: string }) => e.actor === platformEmail)).toBe(true);
    expect(
      all.items.some(
        (e: { action: string; workspace: string | null }) => e.action === 'SIGN_IN' && e.workspace === 'Acme',
      ),
    ).toBe(false);
    const refused = await server.request(acmeWs.host, {
      method: 'GET',
      url: '/main-api/api/admin/audit/events',
      token: admin,
    });
    expect(refused.statusCode).toBe(403);
  });
});
