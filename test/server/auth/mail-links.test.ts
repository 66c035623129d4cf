import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { buildUser, buildWorkspace, type BuiltUser, type BuiltWorkspace } from '../support/factories';

interface OutboxMessage {
  to: string;
  subject: string | null;
  body: string;
}

const STRONG = 'lantern orchard velvet comet';

/**
 * Issue 10, security 1: a link in a message is built from the workspace's stored address and the configured public
 * URL, never from the request's Host or Origin; a request whose Origin names another site than its Host is refused.
 */
describe.each(DATABASES)('links in messages on %s', (kind) => {
  let server: TestServer;
  let ws: BuiltWorkspace;
  let other: BuiltWorkspace;
  let employee: BuiltUser;
  /** The workspace's stored address, as a link's pattern. */
  let home: string;
  let ip = 0;
  const nextIp = () => `10.31.0.${++ip}`;

  beforeAll(async () => {
    // The public address says https on port 8443; requests below arrive with other ports in their Host.
    server = await startTestServer(kind, { publicUrl: 'https://localhost:8443' });
    [ws, other] = [await buildWorkspace(server), await buildWorkspace(server)];
    employee = await buildUser(server, ws);
    home = `https:\\/\\/${ws.host.replace(/[.-]/g, '\\$&')}:8443`;
    await server.db.system((tx) =>
      tx.query(`UPDATE workspaces SET bulk_signup_enabled = true, user_limit = NULL WHERE id = $1`, [ws.id]),
    );
    await server.db.query(
      `INSERT INTO signup_allow_list (workspace_id, entry, kind) VALUES ($1, '@links.test', 'DOMAIN'), ($1, $2, 'EMAIL')`,
      [ws.id, employee.email],
    );
  });
  afterAll(async () => server?.close());

  const mails = async (email: string) =>
    (
      await server.request('localhost', {
        method: 'GET',
        url: `/dev/outbox?format=json&to=${encodeURIComponent(email)}`,
      })
    ).json() as OutboxMessage[];
  const links = (body: string) => [...body.matchAll(/https?:\/\/[^\s"<>]+/g)].map((m) => m[0]);
  const signUp = (email: string, headers: Record<string, string>) =>
    server.request(headers.host, {
      method: 'POST',
      url: '/main-api/api/user/signup',
      payload: { firstName: 'Lina', lastName: 'Links', userEmail: email, userPassword: STRONG },
      headers,
      remoteAddress: nextIp(),
    });

  it("refuses a sign-up whose Host is an attacker's site and whose Origin is the workspace's, and mails nothing", async () => {
    const res = await signUp('victim@links.test', { host: 'attacker.example', origin: `http://${ws.host}` });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'CROSS_SITE_REQUEST' });
    expect(await mails('victim@links.test')).toEqual([]);
  });

  it('refuses any call whose Origin names another site than its Host, and lets same-site calls through (ports may differ)', async () => {
    const details = (headers: Record<string, string>) =>
      server.request(headers.host, {
        method: 'GET',
        url: `/main-api/api/workspace/company-profile/${ws.host}`,
        headers,
      });
    const host = ws.host;
    expect((await details({ host, origin: `http://${other.host}` })).statusCode).toBe(403);
    expect((await details({ host, origin: 'not a url' })).statusCode).toBe(403);
    // The page's own origin, the Vite development proxy (same host, another port), and no Origin at all.
    expect((await details({ host: `${host}:8080`, origin: `http://${host}:8080` })).statusCode).toBe(200);
    expect((await details({ host: `${host}:5173`, origin: `http://${host}:5173` })).statusCode).toBe(200);
    expect((await details({ host: `${host}:8080`, origin: `http://${host}:5173` })).statusCode).toBe(200);
    expect((await details({ host })).statusCode).toBe(200);
  });

  it("links the confirmation, the resend and the 'you already have an account' mails to the workspace's stored address", async () => {
    const host = `${ws.slug.toUpperCase()}.localhost:9999`;
    expect((await signUp('lina@links.test', { host, origin: `http://${ws.host}:9999` })).statusCode).toBe(202);
    const resend = await server.request(host, {
      method: 'POST',
      url: '/main-api/api/user/resend/confirmation-email',
      payload: { userEmail: 'lina@links.test' },
      remoteAddress: nextIp(),
    });
    expect(resend.statusCode).toBe(202);
    const [resent, first] = await mails('lina@links.test');
    expect(links(first!.body)).toEqual([expect.stringMatching(new RegExp(`^${home}/email-verify/[A-Za-z0-9_-]+$`))]);
    expect(links(resent!.body)).toEqual([expect.stringMatching(new RegExp(`^${home}/email-verify/[A-Za-z0-9_-]+$`))]);

    expect((await signUp(employee.email, { host })).statusCode).toBe(202);
    const [existing] = await mails(employee.email);
    expect(existing!.subject).toBe(`You already have a ${ws.companyName} account`);
    expect(links(existing!.body)).toEqual([
      `https://${ws.host}:8443/signin`,
      `https://${ws.host}:8443/forgot-password`,
    ]);
  });

  it("links an invitation to the workspace's stored address, whatever Host the admin's call carried", async () => {
    const token = await server.signIn(ws.host, ws.admin.email);
    const res = await server.request(`${ws.host}:7777`, {
      method: 'POST',
      url: `/main-api/api/invite/user/${ws.headquartersId}`,
      payload: { email: 'invited@links.test', firstName: 'Ivo' },
      token,
    });
    expect(res.statusCode).toBe(200);
    const [invitation] = await mails('invited@links.test');
    expect(links(invitation!.body)).toEqual([expect.stringMatching(new RegExp(`^${home}/invite/[A-Za-z0-9_-]+$`))]);
  });
});
