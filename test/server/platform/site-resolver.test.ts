import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, PASSWORD, startTestServer, type TestServer } from '../support/test-app';
import { buildUser, buildWorkspace, type BuiltWorkspace } from '../support/factories';

// The host's workspace is kept in memory where the database announces every change (PGlite; tenancy.ts SiteResolver):
// a change made by any path, here the database directly, must be seen by the very next request.
describe.each(DATABASES)("the host's workspace on %s", (kind) => {
  let server: TestServer;
  let ws: BuiltWorkspace;
  let email: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    ws = await buildWorkspace(server);
    email = (await buildUser(server, ws)).email;
  });
  afterAll(async () => server?.close());

  const signIn = () =>
    server.request(ws.host, {
      method: 'POST',
      url: '/main-api/api/user/signin',
      payload: { userEmail: email, userPassword: PASSWORD },
    });
  const profile = () =>
    server.request('localhost', { method: 'GET', url: `/main-api/api/workspace/company-profile/${ws.host}` });

  it('a workspace switched off answers no sign-in at once, and one switched on again does', async () => {
    expect((await signIn()).statusCode).toBe(200);
    expect((await signIn()).statusCode).toBe(200);
    await server.db.query(`UPDATE workspaces SET active = false WHERE id = $1`, [ws.id]);
    expect((await signIn()).statusCode).toBe(404);
    await server.db.query(`UPDATE workspaces SET active = true WHERE id = $1`, [ws.id]);
    expect((await signIn()).statusCode).toBe(200);
  });

  it("a change to the workspace's row is in the next answer, and a moved address leaves the old one", async () => {
    expect((await profile()).json().companyName).toBe(ws.companyName);
    await server.db.system((tx) =>
      tx.query(`UPDATE workspaces SET company_name = 'Renamed Ltd' WHERE id = $1`, [ws.id]),
    );
    expect((await profile()).json().companyName).toBe('Renamed Ltd');
    const moved = `moved-${ws.host}`;
    await server.db.query(`UPDATE workspaces SET workspace_url = $2 WHERE id = $1`, [ws.id, moved]);
    expect((await signIn()).statusCode).toBe(404);
    expect((await profile()).statusCode).toBe(404);
    await server.db.query(`UPDATE workspaces SET workspace_url = $2, company_name = $3 WHERE id = $1`, [
      ws.id,
      ws.host,
      ws.companyName,
    ]);
    expect((await signIn()).statusCode).toBe(200);
  });
});
