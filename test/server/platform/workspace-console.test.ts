import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertUserLimit } from '../../../server/platform/user-limit';
import { MAIN_SITE_WORKSPACE_ID } from '../../../server/platform/db/database';
import { csv, importFile } from '../imports/upload';
import { DATABASES, PASSWORD, startTestServer, type TestServer } from '../support/test-app';

const NEW_PASSWORD = 'monsoon teacup violet harbour';
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe.each(DATABASES)('the platform workspace console on %s', (kind) => {
  let server: TestServer;
  let platform: string;
  let acmeAdmin: string;
  let acmeId: string;
  let globexId: string;

  beforeAll(async () => {
    // Links in mail take the configured public URL's scheme and port (PUBLIC_URL), not the request's Host.
    server = await startTestServer(kind, { publicUrl: 'http://localhost:8192' });
    platform = await server.signIn('localhost', 'platform@demo.test');
    acmeAdmin = await server.signIn('acme.localhost', 'admin@acme.test');
    const rows = await server.db.query<{ id: string; slug: string }>(`SELECT id, slug FROM workspaces`);
    acmeId = rows.find((r) => r.slug === 'acme')!.id;
    globexId = rows.find((r) => r.slug === 'globex')!.id;
  });
  afterAll(async () => server?.close());

  const api = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    token = platform,
    host = 'localhost',
  ) =>
    server.request(host, {
      method,
      url: `/main-api${url}`,
      token,
      ...(payload ? { payload } : {}),
      headers: { host: `${host}:8192` },
    });
  const create = (overrides: object = {}) =>
    api('POST', '/api/admin/workspace/create', {
      companyName: 'Initech',
      workspaceUrl: 'initech.localhost',
      adminEmail: 'bill@initech.test',
      adminFirstName: 'Bill',
      adminLastName: 'Lumbergh',
      ...overrides,
    });
  const latestMail = async (to: string) =>
    (
      await server.db.query<{ subject: string; body: string }>(
        `SELECT subject, body FROM outbox_messages WHERE recipient = $1 ORDER BY id DESC LIMIT 1`,
        [to],
      )
    )[0];
  const auditActions = async (workspaceId: string | null) =>
    await server.db.query<{ action: string; actor_platform_admin_id: string | null }>(
      `SELECT action, actor_platform_admin_id FROM audit_events WHERE workspace_id = $1 AND action LIKE 'workspace.%' ORDER BY id`,
      [workspaceId ?? MAIN_SITE_WORKSPACE_ID],
    );

  it('is the platform admin’s alone: a workspace admin gets 403, nobody signed in 401', async () => {
    expect((await api('POST', '/api/admin/workspace', {}, acmeAdmin, 'acme.localhost')).statusCode).toBe(403);
    expect(
      (await api('GET', `/api/admin/workspace/${acmeId}`, undefined, acmeAdmin, 'acme.localhost')).statusCode,
    ).toBe(403);
    expect((await api('DELETE', `/api/workspace/${acmeId}`, undefined, acmeAdmin, 'acme.localhost')).statusCode).toBe(
      403,
    );
    expect(
      (
        await api(
          'PUT',
          '/api/admin/workspace-user-limit',
          { workspaceId: acmeId, userLimit: 1 },
          acmeAdmin,
          'acme.localhost',
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (await server.request('localhost', { method: 'POST', url: '/main-api/api/admin/workspace', payload: {} }))
        .statusCode,
    ).toBe(401);
  });

  it('lists workspaces a page at a time (zero-based, 20 by default) and searches names and hosts', async () => {
    const all = await api('POST', '/api/admin/workspace', {});
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ page: 0, pageSize: 20, total: 2 });
    expect(all.json().items.map((w: { companyName: string }) => w.companyName)).toEqual(['Acme', 'Globex']);
    expect(all.json().items[0]).toMatchObject({ workspaceUrl: 'acme.localhost', userCount: expect.any(Number) });

    const second = await api('POST', '/api/admin/workspace', { page: 1, pageSize: 1 });
    expect(second.json()).toMatchObject({ page: 1, pageSize: 1, total: 2, items: [{ companyName: 'Globex' }] });

    const byUrl = await api('POST', '/api/admin/workspace', { search: 'GLOBEX.local' });
    expect(byUrl.json()).toMatchObject({ total: 1, items: [{ companyName: 'Globex' }] });
    expect((await api('POST', '/api/admin/workspace', { search: '%' })).json().total).toBe(0);

    const byName = await api('GET', '/api/workspace/search/acm');
    expect(byName.json().map((w: { companyName: string }) => w.companyName)).toEqual(['Acme']);
    // The name-only search does not match hosts; the name-or-URL one does.
    expect((await api('GET', '/api/workspace/search/localhost')).json()).toEqual([]);
    expect((await api('GET', '/api/workspace/search/name-url/localhost')).json()).toHaveLength(2);

    const bad = await api('POST', '/api/admin/workspace', { page: -1, pageSize: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(expect.arrayContaining(['page', 'pageSize']));
  });

  it('shows one workspace’s users, limit, expiry, modules and creation date; an unknown id is a 404', async () => {
    const res = await api('GET', `/api/admin/workspace/${acmeId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      workspaceId: acmeId,
      companyName: 'Acme',
      userLimit: null,
      contractExpiresOn: null,
      modules: { courses: true, 'concerned-authority': true, compliance: true },
      headquarterName: 'Acme Headquarters',
    });
    expect(res.json().userCount).toBeGreaterThan(3);
    expect(Date.parse(res.json().createdAt)).not.toBeNaN();
    expect((await api('GET', '/api/admin/workspace/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('validates a new workspace’s URL and email, naming the field', async () => {
    for (const workspaceUrl of [
      'http://initech.localhost',
      'initech',
      'init_ech.localhost',
      'initech.localhost:8080',
      '10.0.0.1',
      '-x.localhost',
    ]) {
      const res = await create({ workspaceUrl });
      expect(res.statusCode, workspaceUrl).toBe(400);
      expect(res.json().fields).toHaveProperty('workspaceUrl');
    }
    const email = await create({ adminEmail: 'not-an-email' });
    expect(email.statusCode).toBe(400);
    expect(email.json().fields).toHaveProperty('adminEmail');
    const main = await create({ workspaceUrl: 'localhost' });
    expect(main.statusCode).toBe(400);
    const limit = await create({ userLimit: 0 });
    expect(limit.json().fields).toHaveProperty('userLimit');
    const extra = await create({ workspaceId: acmeId });
    expect(extra.json().fields).toHaveProperty('workspaceId');
  });

  it('rejects a host another workspace uses with a 409 naming the field', async () => {
    const res = await create({ workspaceUrl: 'ACME.localhost' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', fields: { workspaceUrl: 'Already used by Acme' } });
  });

  it('creates the workspace, its headquarters and an invited first admin, who claims the mailed invitation on the new host', async () => {
    const res = await create({ userLimit: 5, contractExpiresOn: isoDay(400) });
    expect(res.statusCode).toBe(200);
    const created = res.json();
    expect(created).toMatchObject({
      companyName: 'Initech',
      workspaceUrl: 'initech.localhost',
      userCount: 1,
      invitedCount: 1,
      userLimit: 5,
      headquarterName: 'Initech Headquarters',
    });
    expect(await auditActions(created.workspaceId)).toEqual([
      { action: 'workspace.created', actor_platform_admin_id: expect.any(String) },
    ]);

    // The new host serves it at once: its branding is public.
    const profile = await server.request('initech.localhost', {
      method: 'GET',
      url: '/main-api/api/workspace/company-profile/initech.localhost',
    });
    expect(profile.json()).toMatchObject({ companyName: 'Initech' });

    const mail = await latestMail('bill@initech.test');
    expect(mail.subject).toBe('You are invited to Initech on SafePlace');
    const code = /http:\/\/initech\.localhost:8192\/invite\/([A-Za-z0-9_-]+)/.exec(mail.body)![1];
    const claim = await server.request('initech.localhost', {
      method: 'POST',
      url: `/main-api/api/invite/claim/${code}`,
      payload: { userNewPassword: NEW_PASSWORD },
    });
    expect(claim.statusCode).toBe(200);
    expect(claim.json().session.user).toMatchObject({
      kind: 'user',
      role: 'WORKSPACE_ADMIN',
      email: 'bill@initech.test',
    });
    // The invitation is Initech's alone: the same code at Acme is unknown.
    const token = await server.signIn('initech.localhost', 'bill@initech.test', NEW_PASSWORD);
    const details = await server.request('initech.localhost', {
      method: 'GET',
      url: '/main-api/api/user/details',
      token,
    });
    expect(details.json().workspace).toMatchObject({ companyName: 'Initech', modules: { courses: true } });
    expect((await api('GET', `/api/admin/workspace/${created.workspaceId}`)).json()).toMatchObject({
      userCount: 1,
      invitedCount: 0,
    });
  });

  it('gives a second workspace on a host with the same first label its own short name', async () => {
    const res = await create({
      companyName: 'Initech Europe',
      workspaceUrl: 'initech.example.eu',
      adminEmail: 'eu@initech.test',
    });
    expect(res.statusCode).toBe(200);
    const [row] = await server.db.query<{ slug: string }>(`SELECT slug FROM workspaces WHERE id = $1`, [
      res.json().workspaceId,
    ]);
    expect(row.slug).toBe('initech-2');
  });

  it('moves a workspace to another host: the old host answers 404 at once and its sessions end', async () => {
    const [initech] = (await api('GET', '/api/workspace/search/name-url/initech.localhost')).json();
    const token = await server.signIn('initech.localhost', 'bill@initech.test', NEW_PASSWORD);
    expect(
      (
        await api('PUT', '/api/workspace/update-workspace-url', {
          workspaceId: initech.workspaceId,
          workspaceUrl: 'acme.localhost',
        })
      ).statusCode,
    ).toBe(409);
    const bad = await api('PUT', '/api/workspace/update-workspace-url', {
      workspaceId: initech.workspaceId,
      workspaceUrl: 'not a host',
    });
    expect(bad.json().fields).toHaveProperty('workspaceUrl');

    const moved = await api('PUT', '/api/workspace/update-workspace-url', {
      workspaceId: initech.workspaceId,
      workspaceUrl: 'initrode.localhost',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().workspaceUrl).toBe('initrode.localhost');
    const old = await server.request('initech.localhost', { method: 'GET', url: '/main-api/api/user/details', token });
    expect(old.statusCode).toBe(404);
    expect(
      (
        await server.request('initech.localhost', {
          method: 'GET',
          url: '/main-api/api/workspace/company-profile/initech.localhost',
        })
      ).statusCode,
    ).toBe(404);
    // The old session is worthless at the new host too; a new sign-in there works.
    expect(
      (await server.request('initrode.localhost', { method: 'GET', url: '/main-api/api/user/details', token }))
        .statusCode,
    ).toBe(401);
    expect(await server.signIn('initrode.localhost', 'bill@initech.test', NEW_PASSWORD)).toBeTruthy();
    expect((await auditActions(initech.workspaceId)).map((a) => a.action)).toContain('workspace.url_changed');
  });

  it('deletes a workspace and everything in it; its host answers 404', async () => {
    const globexAdmin = await server.signIn('globex.localhost', 'admin@globex.test');
    // Sessions, audit events and mail have no foreign key to workspaces (migration 0016): the delete removes them.
    const leftOf = async (id: string) => {
      const counts: Record<string, number> = {};
      for (const table of ['sessions', 'audit_events', 'outbox_messages', 'user_manuals']) {
        counts[table] = (
          await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE workspace_id = $1`, [id])
        )[0].n;
      }
      return counts;
    };
    const before = await leftOf(globexId);
    expect(before.sessions).toBeGreaterThan(0);
    expect(before.audit_events).toBeGreaterThan(0);
    expect((await api('DELETE', '/api/workspace/not-a-uuid')).statusCode).toBe(400);
    const res = await api('DELETE', `/api/workspace/${globexId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(
      (
        await server.request('globex.localhost', {
          method: 'GET',
          url: '/main-api/api/user/details',
          token: globexAdmin,
        })
      ).statusCode,
    ).toBe(404);
    expect((await server.db.query(`SELECT 1 FROM users WHERE workspace_id = $1`, [globexId])).length).toBe(0);
    expect(await leftOf(globexId)).toEqual({ sessions: 0, audit_events: 0, outbox_messages: 0, user_manuals: 0 });
    expect((await api('GET', `/api/admin/workspace/${globexId}`)).statusCode).toBe(404);
    expect((await api('DELETE', `/api/workspace/${globexId}`)).statusCode).toBe(404);
    const [record] = await server.db.query<{ target: string; details: { companyName: string } }>(
      `SELECT target, details FROM audit_events WHERE action = 'workspace.deleted' AND workspace_id = $1`,
      [MAIN_SITE_WORKSPACE_ID],
    );
    expect(record).toMatchObject({ target: globexId, details: { companyName: 'Globex' } });
    // Acme is untouched.
    expect(
      (await server.request('acme.localhost', { method: 'GET', url: '/main-api/api/user/details', token: acmeAdmin }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses an import past the user limit with a 409 naming the limit', async () => {
    const before = (await api('GET', `/api/admin/workspace/${acmeId}`)).json();
    const limited = await api('PUT', '/api/admin/workspace-user-limit', {
      workspaceId: acmeId,
      userLimit: before.userCount + 1,
    });
    expect(limited.statusCode).toBe(200);
    expect(limited.json().userLimit).toBe(before.userCount + 1);
    const file = {
      name: 'two.csv',
      content: csv(
        'ann@acme-limit.test,Ann,One,,,,,Acme Headquarters,,,,',
        'bob@acme-limit.test,Bob,Two,,,,,Acme Headquarters,,,,',
      ),
    };
    // The import runs as a background job: it fails on the limit, naming it, with nothing of that batch written.
    const refused = await importFile(server, acmeAdmin, file);
    expect(refused.status).toBe('FAILED');
    expect(refused.error.code).toBe('USER_LIMIT');
    expect(refused.error.message).toContain(`at most ${before.userCount + 1} users`);
    expect((await api('GET', `/api/admin/workspace/${acmeId}`)).json().userCount).toBe(before.userCount);

    expect(
      (await api('PUT', '/api/admin/workspace-user-limit', { workspaceId: acmeId, userLimit: 0 })).statusCode,
    ).toBe(400);
    const lifted = await api('PUT', '/api/admin/workspace-user-limit', { workspaceId: acmeId, userLimit: null });
    expect(lifted.json().userLimit).toBeNull();
    expect((await importFile(server, acmeAdmin, file)).status).toBe('COMPLETED');
    expect((await auditActions(acmeId)).map((a) => a.action)).toContain('workspace.user_limit_set');
  });

  it('gives sign-up and single invites one check of the limit: assertUserLimit refuses what would pass it', async () => {
    const { userCount } = (await api('GET', `/api/admin/workspace/${acmeId}`)).json();
    await api('PUT', '/api/admin/workspace-user-limit', { workspaceId: acmeId, userLimit: userCount + 1 });
    await expect(server.db.tenant(acmeId, (tx) => assertUserLimit(tx, acmeId, 1))).resolves.toBeUndefined();
    const refused = await server.db
      .tenant(acmeId, (tx) => assertUserLimit(tx, acmeId, 2))
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({
      statusCode: 409,
      code: 'USER_LIMIT',
      fields: { userLimit: `User limit ${userCount + 1} reached` },
    });
    expect((refused as Error).message).toContain(`at most ${userCount + 1} users`);
    await api('PUT', '/api/admin/workspace-user-limit', { workspaceId: acmeId, userLimit: null });
    await expect(server.db.tenant(acmeId, (tx) => assertUserLimit(tx, acmeId, 1000))).resolves.toBeUndefined();
  });

  it('closes a workspace after its contract’s last day, keeping its data, and reopens it when extended', async () => {
    const employee = await server.signIn('acme.localhost', 'employee@acme.test');
    const usersBefore = (await api('GET', `/api/admin/workspace/${acmeId}`)).json().userCount;
    expect(
      (
        await api('PUT', '/api/admin/workspace/contract/expiry-date', {
          workspaceId: acmeId,
          contractExpiresOn: '2026-02-30',
        })
      ).statusCode,
    ).toBe(400);

    // The last day itself is still open, and the user refresh tells admins the date.
    expect(
      (
        await api('PUT', '/api/admin/workspace/contract/expiry-date', {
          workspaceId: acmeId,
          contractExpiresOn: isoDay(0),
        })
      ).statusCode,
    ).toBe(200);
    const open = await server.request('acme.localhost', {
      method: 'GET',
      url: '/main-api/api/user/details',
      token: acmeAdmin,
    });
    expect(open.statusCode).toBe(200);
    expect(open.json().workspace.contractExpiresOn).toBe(isoDay(0));

    const expired = await api('PUT', '/api/admin/workspace/contract/expiry-date', {
      workspaceId: acmeId,
      contractExpiresOn: isoDay(-1),
    });
    expect(expired.json().contractExpiresOn).toBe(isoDay(-1));
    for (const url of ['/main-api/api/user/details', '/main-api/api/feature-flags', '/learning-api/api/course/all']) {
      const res = await server.request('acme.localhost', { method: 'GET', url, token: employee });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('CONTRACT_EXPIRED');
      expect(res.json().message).toContain('Acme');
    }
    // The expiry page still shows the company's branding; other workspaces and the main site are untouched.
    expect(
      (
        await server.request('acme.localhost', {
          method: 'GET',
          url: '/main-api/api/workspace/company-profile/acme.localhost',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await server.request('initrode.localhost', { method: 'GET', url: '/main-api/api/feature-flags' })).statusCode,
    ).toBe(200);

    await api('PUT', '/api/admin/workspace/contract/expiry-date', {
      workspaceId: acmeId,
      contractExpiresOn: isoDay(365),
    });
    expect(
      (await server.request('acme.localhost', { method: 'GET', url: '/main-api/api/user/details', token: employee }))
        .statusCode,
    ).toBe(200);
    expect((await api('GET', `/api/admin/workspace/${acmeId}`)).json().userCount).toBe(usersBefore);
    await api('PUT', '/api/admin/workspace/contract/expiry-date', { workspaceId: acmeId, contractExpiresOn: null });
    expect((await auditActions(acmeId)).filter((a) => a.action === 'workspace.contract_expiry_set')).toHaveLength(4);
  });

  it('switches a module off: it leaves the workspace’s menu data and its API answers 403, for that workspace only', async () => {
    expect((await api('GET', `/api/admin/workspace-nav/${acmeId}`)).json()).toEqual({
      workspaceId: acmeId,
      modules: { courses: true, 'concerned-authority': true, compliance: true },
    });
    const bad = await api('POST', '/api/admin/workspace-nav', { workspaceId: acmeId, modules: { chess: false } });
    expect(bad.statusCode).toBe(400);
    const off = await api('POST', '/api/admin/workspace-nav', {
      workspaceId: acmeId,
      modules: { courses: false, 'concerned-authority': false },
    });
    expect(off.json().modules).toEqual({ courses: false, 'concerned-authority': false, compliance: true });

    const details = await server.request('acme.localhost', {
      method: 'GET',
      url: '/main-api/api/user/details',
      token: acmeAdmin,
    });
    expect(details.json().workspace.modules).toEqual({
      courses: false,
      'concerned-authority': false,
      compliance: true,
    });
    const courses = await server.request('acme.localhost', {
      method: 'GET',
      url: '/learning-api/api/course/all',
      token: acmeAdmin,
    });
    expect(courses.statusCode).toBe(403);
    expect(courses.json()).toMatchObject({
      code: 'MODULE_DISABLED',
      message: expect.stringContaining('Courses and policies'),
    });
    const workflows = await server.request('acme.localhost', {
      method: 'GET',
      url: '/case-api/api/admin/workflow',
      token: acmeAdmin,
    });
    expect(workflows.statusCode).toBe(403);
    // The main API still answers.
    expect(
      (
        await server.request('acme.localhost', {
          method: 'GET',
          url: '/main-api/api/workspace/all-branches1',
          token: acmeAdmin,
        })
      ).statusCode,
    ).toBe(200);

    await api('POST', '/api/admin/workspace-nav', {
      workspaceId: acmeId,
      modules: { courses: true, 'concerned-authority': true },
    });
    expect(
      (await server.request('acme.localhost', { method: 'GET', url: '/learning-api/api/course/all', token: acmeAdmin }))
        .statusCode,
    ).toBe(200);
    expect(
      (await server.request('acme.localhost', { method: 'GET', url: '/case-api/api/admin/workflow', token: acmeAdmin }))
        .statusCode,
    ).toBe(200);
    expect((await auditActions(acmeId)).filter((a) => a.action === 'workspace.modules_set')).toHaveLength(2);
  });

  it('leaves Acme open to its own admin after all of this', async () => {
    expect(await server.signIn('acme.localhost', 'admin@acme.test', PASSWORD)).toBeTruthy();
  });
});
