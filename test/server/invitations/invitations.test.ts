import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { csv, importFile } from '../imports/upload';
import { buildBusinessUnit, buildUnitUser, buildUser, buildWorkspace, type BuiltWorkspace } from '../support/factories';

interface OutboxMessage {
  to: string;
  subject: string | null;
  body: string;
}

describe.each(DATABASES)('sending and claiming invitations on %s', (kind) => {
  let server: TestServer;
  let admin: string;
  /** This file's workspace, named Acme, with a Pune unit and its admin, one employee, and another workspace. */
  let ws: BuiltWorkspace;
  let buadmin: string;
  let employee: string;
  let globexHost: string;
  beforeAll(async () => {
    // Links in mail take the configured public URL's scheme and port (PUBLIC_URL), not the request's Host.
    server = await startTestServer(kind, { publicUrl: 'http://localhost:8080' });
    ws = await buildWorkspace(server, { companyName: 'Acme' });
    admin = ws.admin.token;
    const pune = await buildBusinessUnit(server, ws, { name: 'Acme Pune' });
    buadmin = (await buildUnitUser(server, ws, pune.id, { role: 'BRANCH_ADMIN' })).token;
    employee = (await buildUser(server, ws)).token;
    globexHost = (await buildWorkspace(server, { companyName: 'Globex' })).host;
    const imported = await importFile(
      server,
      admin,
      {
        name: 'people.csv',
        content: csv(
          'ivy.invited@acme-new.test,Ivy,Invited,,,,,Acme Headquarters,,,,',
          'pune.person@acme-new.test,Puneet,Person,,,,,Acme Pune,,,,',
        ),
      },
      undefined,
      ws.host,
    );
    expect(imported.created).toBe(2);
  });
  afterAll(async () => server?.close());

  const api = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
    server.request(`${ws.host}:8080`, { method, url: `/main-api${url}`, token, ...(payload ? { payload } : {}) });
  const linkFor = async (email: string) => {
    const res = await server.request('localhost', {
      method: 'GET',
      url: `/dev/outbox?format=json&to=${encodeURIComponent(email)}`,
    });
    const [mail] = res.json() as OutboxMessage[];
    return new RegExp(`http://${ws.host.replace(/\./g, '\\.')}:8080/invite/([A-Za-z0-9_-]+)`).exec(mail.body)![1];
  };

  it('counts imported invitations as unused and not yet sent', async () => {
    const res = await api('GET', '/api/invite/unused/count', admin);
    expect(res.json()).toMatchObject({ unused: 2, unsent: 2, expired: 0 });
  });

  it('sends a business-unit admin only their own unit', async () => {
    expect((await api('GET', '/api/invite/unused/count', buadmin)).json()).toMatchObject({ unused: 1 });
    const sent = await api('POST', '/api/invite/resend/unused/all', buadmin, {});
    expect(sent.json()).toEqual({ sent: 1 });
    const outbox = await server.request('localhost', {
      method: 'GET',
      url: '/dev/outbox?format=json&to=ivy.invited%40acme-new.test',
    });
    expect(outbox.json()).toEqual([]);
  });

  it('mails each person a link to the workspace, and a new send replaces the old link', async () => {
    expect((await api('POST', '/api/invite/resend/unused/all', admin, {})).json()).toEqual({ sent: 2 });
    const first = await linkFor('ivy.invited@acme-new.test');
    expect((await api('POST', '/api/invite/resend/unused/all', admin, {})).json()).toEqual({ sent: 2 });
    const second = await linkFor('ivy.invited@acme-new.test');
    expect(second).not.toBe(first);
    expect((await api('POST', `/api/invite/claim/${first}`, undefined, {})).statusCode).toBe(404);
    const peek = await api('POST', `/api/invite/claim/${second}`, undefined, {});
    expect(peek.statusCode).toBe(200);
    expect(peek.json()).toEqual({
      invite: { email: 'ivy.invited@acme-new.test', firstName: 'Ivy', companyName: 'Acme', minPasswordLength: 15 },
      session: null,
    });
  });

  it('sets the password with the link, signs the person in, and works only once', async () => {
    const code = await linkFor('ivy.invited@acme-new.test');
    const weak = await api('POST', `/api/invite/claim/${code}`, undefined, { userNewPassword: 'ivy-invited' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields).toHaveProperty('userNewPassword');
    const claimed = await api('POST', `/api/invite/claim/${code}`, undefined, {
      userNewPassword: 'saffron lantern meadow orbit',
    });
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json().session.user).toMatchObject({
      kind: 'user',
      email: 'ivy.invited@acme-new.test',
      role: 'EMPLOYEE',
    });
    const again = await api('POST', `/api/invite/claim/${code}`, undefined, {
      userNewPassword: 'saffron lantern meadow orbit',
    });
    expect(again.statusCode).toBe(410);
    expect(again.json().code).toBe('INVITE_USED');
    expect(await server.signIn(ws.host, 'ivy.invited@acme-new.test', 'saffron lantern meadow orbit')).toBeTruthy();
  });

  it('refuses an expired link with a clear answer', async () => {
    const code = await linkFor('pune.person@acme-new.test');
    await server.db.query(
      `UPDATE invites SET expires_at = now() - interval '1 minute' WHERE code_hash IS NOT NULL AND claimed_at IS NULL`,
    );
    const res = await api('POST', `/api/invite/claim/${code}`, undefined, {});
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({ code: 'INVITE_EXPIRED' });
    expect((await api('GET', '/api/invite/unused/count?filterOnlyExpired=true', admin)).json()).toMatchObject({
      expired: 1,
    });
  });

  it("is worth nothing at another workspace, and the employees can't send", async () => {
    const code = await linkFor('pune.person@acme-new.test');
    const elsewhere = await server.request(globexHost, {
      method: 'POST',
      url: `/main-api/api/invite/claim/${code}`,
      payload: {},
    });
    expect(elsewhere.statusCode).toBe(404);
    expect((await api('POST', '/api/invite/resend/unused/all', employee, {})).statusCode).toBe(403);
  });
});
