import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import {
  buildBusinessUnit,
  buildDepartment,
  buildUnitUser,
  buildUser,
  buildWorkspace,
  type BuiltUser,
  type BuiltWorkspace,
} from '../support/factories';

interface OutboxMessage {
  to: string;
  subject: string | null;
  body: string;
}

describe.each(DATABASES)('inviting people one by one, by unit and in bulk, on %s', (kind) => {
  let server: TestServer;
  let admin: string;
  let buAdmin: string;
  let hq: string;
  let pune: string;
  /** This file's workspace (its headquarters, a Pune unit with its admin and Human Resources), one of its people, and another workspace. */
  let ws: BuiltWorkspace;
  let host: string;
  let employee: BuiltUser;
  let globex: BuiltWorkspace;
  let hrPune: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    ws = await buildWorkspace(server, { companyName: 'Acme' });
    host = `${ws.host}:8080`;
    admin = ws.admin.token;
    hq = ws.headquartersId;
    pune = (await buildBusinessUnit(server, ws, { name: 'Acme Pune' })).id;
    hrPune = (await buildDepartment(server, ws, pune, { name: 'Human Resources' })).id;
    buAdmin = (await buildUnitUser(server, ws, pune, { role: 'BRANCH_ADMIN' })).token;
    employee = await buildUser(server, ws, { firstName: 'Esha', lastName: 'Employee' });
    globex = await buildWorkspace(server, { companyName: 'Globex' });
  });
  afterAll(async () => server?.close());

  const api = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object, at?: string) =>
    server.request(at ?? host, { method, url: `/main-api${url}`, token, ...(payload ? { payload } : {}) });
  const mails = async (email: string) =>
    (
      await server.request('localhost', {
        method: 'GET',
        url: `/dev/outbox?format=json&to=${encodeURIComponent(email)}`,
      })
    ).json() as OutboxMessage[];
  const linkIn = (mail: OutboxMessage) => /\/invite\/([A-Za-z0-9_-]+)/.exec(mail.body)![1]!;

  it('invites one person: an invited account, a mailed link that works, and the state in the directory', async () => {
    const res = await api('POST', `/api/invite/user/${hq}`, admin, {
      email: ' Nila.New@Acme-Invite.test ',
      firstName: 'Nila',
      lastName: 'New',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ invited: 1, skipped: [] });
    const [mail] = await mails('nila.new@acme-invite.test');
    expect(mail!.body).toContain('The link works once, for 14 days.');
    const check = await server.request(host, {
      method: 'POST',
      url: `/main-api/api/invite/claim/${linkIn(mail!)}`,
      payload: {},
    });
    expect(check.json().invite).toMatchObject({ email: 'nila.new@acme-invite.test', firstName: 'Nila' });
    const listed = (await api('POST', '/api/workspace/users/search', admin, { searchText: 'nila.new' })).json();
    expect(listed.items[0]).toMatchObject({
      status: 'INVITED',
      invite: { sentAt: expect.any(String), expiresAt: expect.any(String) },
    });
  });

  it('refuses an email that already has an account, naming the field, and changes nothing', async () => {
    const res = await api('POST', `/api/invite/user/${hq}`, admin, { email: employee.email });
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toHaveProperty('email');
    const again = await api('POST', `/api/invite/user/${hq}`, admin, { email: 'nila.new@acme-invite.test' });
    expect(again.json().message).toMatch(/Already invited/);
  });

  it('holds a business-unit admin to their unit and to the Employee role', async () => {
    expect((await api('POST', `/api/invite/user/${hq}`, buAdmin, { email: 'x1@acme-invite.test' })).statusCode).toBe(
      404,
    );
    expect(
      (
        await api('POST', `/api/invite/user/${pune}`, buAdmin, {
          email: 'x1@acme-invite.test',
          role: 'WORKSPACE_ADMIN',
        })
      ).statusCode,
    ).toBe(403);
    expect((await api('POST', `/api/invite/user/${pune}`, buAdmin, { email: 'x1@acme-invite.test' })).json()).toEqual({
      invited: 1,
      skipped: [],
    });
  });

  it('answers another workspace’s unit with 404', async () => {
    const res = await api(
      'POST',
      `/api/invite/user/${hq}`,
      globex.admin.token,
      { email: 'spy@globex-invite.test' },
      globex.host,
    );
    expect(res.statusCode).toBe(404);
  });

  it('invites a list of emails to a unit, skipping and naming those already here', async () => {
    const res = await api('POST', `/api/invite/branch/${pune}`, admin, {
      emails: ['a1@acme-invite.test', 'A1@acme-invite.test', employee.email, 'a2@acme-invite.test'],
    });
    expect(res.json()).toEqual({
      invited: 2,
      skipped: [{ email: employee.email, reason: 'Already has an account here' }],
    });
    expect(await mails('a2@acme-invite.test')).toHaveLength(1);
  });

  it('invites in bulk all or none, naming each bad row', async () => {
    const bad = await api('POST', '/api/invite/invite/bulk', admin, {
      invites: [
        { email: 'b1@acme-invite.test', branchId: hq, departmentId: hrPune },
        { email: 'b2@acme-invite.test', branchId: pune, departmentId: hrPune },
        { email: 'b2@acme-invite.test', branchId: pune },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['invites.0.departmentId', 'invites.2.email']);
    expect(await server.db.query(`SELECT 1 FROM users WHERE email LIKE 'b_@acme-invite.test'`)).toHaveLength(0);
    const good = await api('POST', '/api/invite/invite/bulk', admin, {
      invites: [
        { email: 'b1@acme-invite.test', branchId: hq, role: 'EMPLOYER' },
        { email: 'b2@acme-invite.test', branchId: pune, departmentId: hrPune },
      ],
    });
    expect(good.json()).toEqual({ invited: 2, skipped: [] });
    const [b2] = await server.db.query<{ department_id: string; role: string }>(
      `SELECT department_id, role FROM users WHERE email = 'b2@acme-invite.test'`,
    );
    expect(b2).toEqual({ department_id: hrPune, role: 'EMPLOYEE' });
  });

  it('resends one invitation with a new link (the old one stops working), and many by email', async () => {
    const [first] = await mails('a1@acme-invite.test');
    const resent = await api('GET', `/api/invite/resend/${pune}/a1%40acme-invite.test`, admin);
    expect(resent.json()).toEqual({ sent: 1 });
    const [latest] = await mails('a1@acme-invite.test');
    expect(linkIn(latest!)).not.toBe(linkIn(first!));
    const old = await server.request(host, {
      method: 'POST',
      url: `/main-api/api/invite/claim/${linkIn(first!)}`,
      payload: {},
    });
    expect(old.statusCode).toBe(404);
    const wrongUnit = await api('GET', `/api/invite/resend/${hq}/a1%40acme-invite.test`, admin);
    expect(wrongUnit.statusCode).toBe(404);
    // A person who accepted their invitation (as every built person did) is not sent another.
    const accepted = await api('GET', `/api/invite/resend/${hq}/${encodeURIComponent(employee.email)}`, admin);
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json().fields).toEqual({ email: 'Already accepted' });
    const many = await api('POST', '/api/invite/resend/bulk', admin, {
      emails: ['a1@acme-invite.test', 'a2@acme-invite.test', employee.email],
    });
    expect(many.json()).toEqual({ sent: 2 });
  });

  it('withdraws an invitation: the link stops working and the never-signed-in person is gone', async () => {
    const [mail] = await mails('a2@acme-invite.test');
    const res = await api('DELETE', `/api/invite/${pune}/a2%40acme-invite.test`, admin);
    expect(res.json()).toEqual({ withdrawn: 1 });
    const claim = await server.request(host, {
      method: 'POST',
      url: `/main-api/api/invite/claim/${linkIn(mail!)}`,
      payload: {},
    });
    expect(claim.statusCode).toBe(404);
    expect(await server.db.query(`SELECT 1 FROM users WHERE email = 'a2@acme-invite.test'`)).toHaveLength(0);
    const audited = await server.db.query<{ action: string }>(
      `SELECT action FROM audit_events WHERE action = 'INVITE_WITHDRAWN'`,
    );
    expect(audited).toHaveLength(1);
  });

  it('uses the workspace’s own invitation lifetime', async () => {
    await server.db.query(`UPDATE workspaces SET invite_valid_days = 3 WHERE slug = $1`, [ws.slug]);
    await api('POST', `/api/invite/user/${hq}`, admin, { email: 'short.lived@acme-invite.test' });
    const [mail] = await mails('short.lived@acme-invite.test');
    expect(mail!.body).toContain('for 3 days');
    const [row] = await server.db.query<{ days: number }>(
      `SELECT round(extract(epoch FROM i.expires_at - now()) / 86400)::int AS days FROM invites i JOIN users u ON u.id = i.user_id WHERE u.email = 'short.lived@acme-invite.test'`,
    );
    expect(row!.days).toBe(3);
    await server.db.query(`UPDATE workspaces SET invite_valid_days = 14 WHERE slug = $1`, [ws.slug]);
  });

  it('holds to the workspace’s user limit, naming it, and invites nobody past it', async () => {
    const [{ n }] = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users u JOIN workspaces w ON w.id = u.workspace_id WHERE w.slug = $1`,
      [ws.slug],
    );
    await server.db.query(`UPDATE workspaces SET user_limit = $1 WHERE slug = $2`, [n + 1, ws.slug]);
    const res = await api('POST', `/api/invite/branch/${hq}`, admin, {
      emails: ['over1@acme-invite.test', 'over2@acme-invite.test'],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(new RegExp(`at most ${n + 1} users`));
    expect(await server.db.query(`SELECT 1 FROM users WHERE email LIKE 'over_@acme-invite.test'`)).toHaveLength(0);
    expect((await api('POST', `/api/invite/user/${hq}`, admin, { email: 'over1@acme-invite.test' })).json()).toEqual({
      invited: 1,
      skipped: [],
    });
    await server.db.query(`UPDATE workspaces SET user_limit = NULL WHERE slug = $1`, [ws.slug]);
  });
});
