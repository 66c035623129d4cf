import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, PASSWORD, startTestServer, type TestServer } from '../support/test-app';
import { buildUser, buildWorkspace, type BuiltUser, type BuiltWorkspace } from '../support/factories';

const API = '/main-api/api';
/** Ten characters, nothing common or repetitive: refused under the default minimum of 15. */
const TEN = 'plum-Orbit';

interface OutboxMessage {
  to: string;
  subject: string | null;
  body: string;
}

describe.each(DATABASES)('workspace settings on %s', (kind) => {
  let server: TestServer;
  let admin: string;
  let employer: string;
  let employee: string;
  let globexAdmin: string;
  let hq: string;
  let ws: BuiltWorkspace;
  let elsewhere: BuiltWorkspace;
  let ACME: string;
  let GLOBEX: string;
  let employerPerson: BuiltUser;
  let employeePerson: BuiltUser;

  beforeAll(async () => {
    server = await startTestServer(kind);
    // A company name without digits: a reset code is read out of a mail that names the workspace.
    [ws, elsewhere] = [await buildWorkspace(server, { companyName: 'Acme' }), await buildWorkspace(server)];
    ACME = ws.host;
    GLOBEX = elsewhere.host;
    employerPerson = await buildUser(server, ws, { role: 'EMPLOYER' });
    employeePerson = await buildUser(server, ws);
    admin = await server.signIn(ACME, ws.admin.email);
    employer = employerPerson.token;
    employee = employeePerson.token;
    globexAdmin = await server.signIn(GLOBEX, elsewhere.admin.email);
    const units = (await call('GET', '/workspace/branches')).json().items as {
      branchId: string;
      headquarter: boolean;
    }[];
    hq = units.find((u) => u.headquarter)!.branchId;
  });
  afterAll(async () => server?.close());

  function call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    token = admin,
    host: string = ACME,
  ) {
    return server.request(host, { method, url: `${API}${url}`, token, ...(payload ? { payload } : {}) });
  }
  async function auditOf(action: string, token = admin, host: string = ACME) {
    const res = await call(
      'GET',
      `/audit/events?category=admin&action=${encodeURIComponent(action)}&pageSize=100`,
      undefined,
      token,
      host,
    );
    expect(res.statusCode).toBe(200);
    return res.json().items as { action: string; target: string; details: Record<string, unknown> }[];
  }
  async function outbox(to: string): Promise<OutboxMessage[]> {
    return (
      await server.request('localhost', { method: 'GET', url: `/dev/outbox?format=json&to=${encodeURIComponent(to)}` })
    ).json();
  }
  async function invite(email: string, firstName: string) {
    const res = await call('POST', `/invite/user/${hq}`, { email, firstName, lastName: 'Tester' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().invited).toBe(1);
    const [mail] = await outbox(email);
    return { mail, code: /\/invite\/([A-Za-z0-9_-]+)/.exec(mail.body)![1] };
  }

  describe('password minimum', () => {
    it('is 15 by default and shown to the forms; a 10-character password is refused', async () => {
      const settings = (await call('GET', '/workspace/bulk-signup-setting')).json();
      expect(settings).toMatchObject({
        minPasswordLength: 15,
        privilegedIdleMinutes: 60,
        privilegedSessionHours: 24,
        sessionLifetimeDays: 120,
        inviteValidDays: 14,
      });
      const profile = (
        await server.request(ACME, { method: 'GET', url: `${API}/workspace/company-profile/${ACME}` })
      ).json();
      expect(profile.minPasswordLength).toBe(15);
      const res = await call(
        'POST',
        '/user/change-password',
        { currentPassword: PASSWORD, userNewPassword: TEN },
        employee,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.userNewPassword).toContain('at least 15');
    });

    it('refuses a minimum below 8 or above 64, naming the field, and lets only workspace admins set it', async () => {
      for (const value of [7, 65, 12.5]) {
        const bad = await call('PUT', '/workspace/settings', { minPasswordLength: value });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().fields).toHaveProperty('minPasswordLength');
      }
      expect((await call('PUT', '/workspace/settings', { minPasswordLength: 10 }, employer)).statusCode).toBe(403);
      expect((await call('PUT', '/workspace/settings', { minPasswordLength: 10 }, employee)).statusCode).toBe(403);
      expect((await call('GET', '/workspace/bulk-signup-setting')).json().minPasswordLength).toBe(15);
    });

    it('accepts a 10-character password where the workspace set 10, everywhere a password is set, and audits the change', async () => {
      const res = await call('PUT', '/workspace/settings', { minPasswordLength: 10 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ minPasswordLength: 10, privilegedIdleMinutes: 60 });
      const [event] = await auditOf('workspace.settings-updated');
      expect(event.details).toMatchObject({
        changed: ['minPasswordLength'],
        from: { minPasswordLength: 15 },
        to: { minPasswordLength: 10 },
      });

      // The forms are told.
      expect(
        (await server.request(ACME, { method: 'GET', url: `${API}/workspace/company-profile/${ACME}` })).json()
          .minPasswordLength,
      ).toBe(10);
      expect((await call('GET', '/user/details', undefined, employee)).json().workspace.minPasswordLength).toBe(10);
      // Another workspace keeps its own (the default).
      expect(
        (await call('GET', '/workspace/bulk-signup-setting', undefined, globexAdmin, GLOBEX)).json().minPasswordLength,
      ).toBe(15);

      // Change password.
      const nine = await call(
        'POST',
        '/user/change-password',
        { currentPassword: PASSWORD, userNewPassword: 'plumOrbit' },
        employee,
      );
      expect(nine.statusCode).toBe(400);
      expect(nine.json().fields.userNewPassword).toContain('at least 10');
      const changed = await call(
        'POST',
        '/user/change-password',
        { currentPassword: PASSWORD, userNewPassword: TEN },
        employee,
      );
      expect(changed.statusCode, changed.body).toBe(200);
      expect(await server.signIn(ACME, employeePerson.email, TEN)).toBeTruthy();

      // Invite claim (first sign-in of an invited person).
      const { code } = await invite(`tenchar.claim@${ws.slug}.test`, 'Tenchar');
      const peek = await server.request(ACME, { method: 'POST', url: `${API}/invite/claim/${code}`, payload: {} });
      expect(peek.json().invite.minPasswordLength).toBe(10);
      const claimed = await server.request(ACME, {
        method: 'POST',
        url: `${API}/invite/claim/${code}`,
        payload: { userNewPassword: 'Maple-7tea' },
      });
      expect(claimed.statusCode, claimed.body).toBe(200);

      // Password reset.
      const asked = await server.request(ACME, {
        method: 'POST',
        url: `${API}/user/forgot-password`,
        payload: { userEmail: employerPerson.email },
      });
      expect(asked.statusCode, asked.body).toBe(200);
      const [mail] = await outbox(employerPerson.email);
      const resetCode = /code is (\d{6})/.exec(mail.body)![1];
      const reset = await server.request(ACME, {
        method: 'POST',
        url: `${API}/user/reset-password`,
        payload: {
          userEmail: employerPerson.email,
          confirmationCode: resetCode,
          otpRequestId: asked.json().otpRequestId,
          userNewPassword: 'Cedar-9ink',
        },
      });
      expect(reset.statusCode, reset.body).toBe(200);
      employer = await server.signIn(ACME, employerPerson.email, 'Cedar-9ink');

      expect((await call('PUT', '/workspace/settings', { minPasswordLength: 15 })).statusCode).toBe(200);
      const refused = await call(
        'POST',
        '/user/change-password',
        { currentPassword: TEN, userNewPassword: 'Willow-4map' },
        employee,
      );
      expect(refused.statusCode).toBe(400);
    });
  });

  describe('session time-outs', () => {
    async function idleFor(token: string, minutes: number) {
      const [row] = await server.db.query<{ id: string }>(
        `UPDATE sessions SET last_seen_at = now() - make_interval(mins => $1)
          WHERE id = (SELECT id FROM sessions WHERE revoked_at IS NULL AND user_id = (SELECT id FROM users WHERE email = $2) ORDER BY created_at DESC LIMIT 1)
          RETURNING id`,
        [minutes, ws.admin.email],
      );
      expect(row).toBeTruthy();
      void token;
    }

    it('ends a privileged session after the shorter idle time the workspace set, and not before', async () => {
      const mine = await server.signIn(ACME, ws.admin.email);
      await idleFor(mine, 20);
      // Within the default hour: still signed in.
      expect((await call('GET', '/user/details', undefined, mine)).statusCode).toBe(200);
      expect((await call('PUT', '/workspace/settings', { privilegedIdleMinutes: 15 }, mine)).statusCode).toBe(200);
      await idleFor(mine, 20);
      expect((await call('GET', '/user/details', undefined, mine)).statusCode).toBe(401);
      const again = await server.signIn(ACME, ws.admin.email);
      const [event] = await auditOf('workspace.settings-updated', again);
      expect(event.details).toMatchObject({
        changed: ['privilegedIdleMinutes'],
        from: { privilegedIdleMinutes: 60 },
        to: { privilegedIdleMinutes: 15 },
      });
      expect((await call('PUT', '/workspace/settings', { privilegedIdleMinutes: 60 }, again)).statusCode).toBe(200);
      admin = again;
    });

    it('never lets a workspace make them looser', async () => {
      for (const [field, value] of [
        ['privilegedIdleMinutes', 61],
        ['privilegedIdleMinutes', 4],
        ['privilegedSessionHours', 25],
        ['sessionLifetimeDays', 121],
        ['sessionLifetimeDays', 0],
      ] as const) {
        const bad = await call('PUT', '/workspace/settings', { [field]: value });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().fields).toHaveProperty(field);
      }
    });

    it('ends anyone’s session after the workspace’s session lifetime', async () => {
      const token = await server.signIn(ACME, employeePerson.email, TEN);
      await server.db.query(
        `UPDATE sessions SET created_at = now() - interval '40 days' WHERE revoked_at IS NULL AND user_id = (SELECT id FROM users WHERE email = $1)`,
        [employeePerson.email],
      );
      expect((await call('GET', '/user/details', undefined, token)).statusCode).toBe(200);
      expect((await call('PUT', '/workspace/settings', { sessionLifetimeDays: 30 })).statusCode).toBe(200);
      expect((await call('GET', '/user/details', undefined, token)).statusCode).toBe(401);
      expect((await call('PUT', '/workspace/settings', { sessionLifetimeDays: 120 })).statusCode).toBe(200);
    });
  });

  describe('invitation lifetime', () => {
    it('new invitations use the workspace’s number of days', async () => {
      expect((await call('PUT', '/workspace/settings', { inviteValidDays: 91 })).json().fields).toHaveProperty(
        'inviteValidDays',
      );
      expect((await call('PUT', '/workspace/settings', { inviteValidDays: 3 })).json().inviteValidDays).toBe(3);
      const { mail } = await invite(`three.days@${ws.slug}.test`, 'Tri');
      expect(mail.body).toContain('for 3 days');
      const [row] = await server.db.query<{ days: number }>(
        `SELECT round(extract(epoch FROM (i.expires_at - now())) / 86400)::int AS days FROM invites i JOIN users u ON u.id = i.user_id WHERE u.email = $1`,
        [`three.days@${ws.slug}.test`],
      );
      expect(row.days).toBe(3);
      expect((await call('PUT', '/workspace/settings', { inviteValidDays: 14 })).statusCode).toBe(200);
    });
  });

  describe('the sign-up allow-list', () => {
    it('lets a workspace admin add, search, page and remove entries of their own workspace only', async () => {
      const added = await call('POST', '/workspace/signup-allow-list', { email: '@Partner.Example' });
      expect(added.statusCode, added.body).toBe(200);
      expect(added.json()).toMatchObject({ entry: '@partner.example', kind: 'DOMAIN' });
      expect((await call('POST', '/workspace/signup-allow-list', { email: '@partner.example' })).statusCode).toBe(409);
      const bad = await call('POST', '/workspace/signup-allow-list', { email: 'not an address' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toHaveProperty('email');
      await call('POST', '/workspace/signup-allow-list', { email: 'ana@elsewhere.example' });
      const globexEntry = (
        await call('POST', '/workspace/signup-allow-list', { email: '@globex-partner.example' }, globexAdmin, GLOBEX)
      ).json();

      const all = (await call('GET', '/workspace/signup-allow-list?pageSize=50')).json();
      expect(all.items.map((e: { entry: string }) => e.entry)).toEqual(
        expect.arrayContaining(['@partner.example', 'ana@elsewhere.example']),
      );
      expect(all.items.map((e: { entry: string }) => e.entry)).not.toContain('@globex-partner.example');
      const found = (await call('GET', '/workspace/signup-allow-list?q=partner')).json();
      expect(found.items.map((e: { entry: string }) => e.entry)).toEqual(['@partner.example']);
      const paged = (await call('GET', '/workspace/signup-allow-list?pageSize=1&page=1')).json();
      expect(paged).toMatchObject({ page: 1, pageSize: 1, total: all.total });
      expect(paged.items).toHaveLength(1);

      // Another workspace's entry is not there for Acme.
      expect((await call('DELETE', `/workspace/signup-allow-list/${globexEntry.entryId}`)).statusCode).toBe(404);
      expect((await call('GET', '/workspace/signup-allow-list', undefined, employer)).statusCode).toBe(403);
      const entryId = added.json().entryId;
      expect((await call('DELETE', `/workspace/signup-allow-list/${entryId}`)).statusCode).toBe(200);
      expect((await call('DELETE', `/workspace/signup-allow-list/${entryId}`)).statusCode).toBe(404);
      expect((await auditOf('allow_list.entry_removed')).map((e) => e.target)).toContain('@partner.example');
      expect((await auditOf('allow_list.entry_added', globexAdmin, GLOBEX)).map((e) => e.target)).toEqual([
        '@globex-partner.example',
      ]);
    });
  });

  describe('the invitation wording', () => {
    it('starts as the default, with its placeholders', async () => {
      const res = await call('GET', '/template/invitation');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ kind: 'INVITATION', custom: false, updatedAt: null });
      expect(res.json().body).toContain('{{link}}');
      expect(res.json().placeholders.map((p: { name: string }) => p.name)).toEqual(
        expect.arrayContaining(['firstName', 'companyName', 'link', 'expiresOn']),
      );
      expect((await call('GET', '/template/invitation', undefined, employer)).statusCode).toBe(403);
      expect((await call('GET', '/template/welcome')).statusCode).toBe(400);
    });

    it('refuses an unknown placeholder, a body without the link, a two-line subject and an overlong body, naming the field', async () => {
      const cases: [object, string][] = [
        [{ subject: 'Hi {{nickname}}', body: 'Go: {{link}}' }, 'subject'],
        [{ subject: 'Welcome', body: 'Hello {{firstName}}, come in.' }, 'body'],
        [{ subject: 'Welcome', body: 'Hello {{firstName, here: {{link}}' }, 'body'],
        [{ subject: 'Two\nlines', body: 'Go: {{link}}' }, 'subject'],
        [{ subject: 'Welcome', body: `${'x'.repeat(5000)} {{link}}` }, 'body'],
        [{ subject: '', body: 'Go: {{link}}' }, 'subject'],
      ];
      for (const [wording, field] of cases) {
        const res = await call('POST', '/template', { kind: 'INVITATION', ...wording });
        expect(res.statusCode, JSON.stringify(wording)).toBe(400);
        expect(res.json().fields).toHaveProperty(field);
      }
      expect(
        (await call('POST', '/template', { kind: 'INVITATION', subject: 'Hi', body: 'Go: {{link}}' }, employer))
          .statusCode,
      ).toBe(403);
    });

    it('previews, saves and is used by the next invitation (values escaped in HTML), then resets to the default', async () => {
      const wording = {
        kind: 'INVITATION',
        subject: '{{companyName}} <welcomes> {{firstName}}',
        body: 'Dear {{firstName}},\n\nJoin <b>us</b> at {{companyName}}: {{link}}\n\nThe link works until {{expiresOn}} ({{days}} days).',
      };
      const preview = await call('POST', '/template/preview', wording);
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json().subject).toBe(`Acme <welcomes> ${ws.admin.firstName}`);
      expect(preview.json().text).toContain(`Dear ${ws.admin.firstName},`);
      expect(preview.json().html).toContain('Join &lt;b&gt;us&lt;/b&gt; at Acme');
      expect(preview.json().html).toContain(`<a href="http://${ws.host}/invite/sample-link">`);
      expect((await call('GET', '/template/invitation')).json().custom).toBe(false);

      const saved = await call('POST', '/template', wording);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ custom: true, subject: wording.subject, body: wording.body });
      expect((await auditOf('template.saved'))[0].target).toBe('INVITATION');
      // Globex still has the default.
      expect((await call('GET', '/template/invitation', undefined, globexAdmin, GLOBEX)).json().custom).toBe(false);

      const { mail } = await invite(`worded.invite@${ws.slug}.test`, 'Wanda');
      expect(mail.subject).toBe('Acme <welcomes> Wanda');
      expect(mail.body).toMatch(
        new RegExp(
          `^Dear Wanda,\\n\\nJoin <b>us</b> at Acme: http://${ws.host.replace(/[.-]/g, '\\$&')}/invite/[A-Za-z0-9_-]+\\n\\nThe link works until \\d{1,2} \\w+ \\d{4} \\(14 days\\)\\.$`,
        ),
      );

      const reset = await call('DELETE', '/template/invitation');
      expect(reset.statusCode).toBe(200);
      expect(reset.json()).toMatchObject({ custom: false });
      expect((await auditOf('template.reset')).length).toBe(1);
      const { mail: plain } = await invite(`default.invite@${ws.slug}.test`, 'Dora');
      expect(plain.subject).toBe('You are invited to Acme on SafePlace');
    });
  });
});
