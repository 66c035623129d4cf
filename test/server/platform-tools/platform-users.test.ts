import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import {
  buildBusinessUnit,
  buildCourse,
  buildPlatformAdmin,
  buildUnitUser,
  buildUser,
  type BuiltUser,
  type BuiltWorkspace,
} from '../support/factories';
import { auditRows, NO_SUCH_ID, twoWorkspaces } from './support';
import { caller, policyWithPdfs } from '../policies/support';

describe.each(DATABASES)('the platform admin’s user fixes and records on %s', (kind) => {
  let server: TestServer;
  let platform: string;
  let ids: { acme: string; globex: string };
  let esha: string;
  let eshaUser: BuiltUser;
  let courseId: string;
  let acme: BuiltWorkspace;
  let globex: BuiltWorkspace;
  beforeAll(async () => {
    server = await startTestServer(kind);
    platform = await buildPlatformAdmin(server);
    ({ acme, globex } = await twoWorkspaces(server));
    ids = { acme: acme.id, globex: globex.id };
    eshaUser = await buildUser(server, acme, { firstName: 'Esha', lastName: 'Employee' });
    esha = eshaUser.id;
    courseId = await buildCourse(server, acme);
    await server.db.query(
      `INSERT INTO course_assignments (workspace_id, course_id, user_id, status, assigned_at, completed_at)
       VALUES ($1, $2, $3, 'COMPLETED', '2026-01-05T10:00:00Z', '2026-01-20T09:30:00Z')`,
      [ids.acme, courseId, esha],
    );
  });
  afterAll(async () => server?.close());

  const post = (url: string, payload: object, token = platform, host = 'localhost') =>
    server.request(host, { method: 'POST', url: `/main-api/api${url}`, token, payload });

  it('fixes a name, role and status, and answers with the user', async () => {
    const res = await post('/admin/update-user', {
      workspaceId: ids.acme,
      userId: esha,
      firstName: 'Eesha',
      lastName: 'Employee-Rao',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      userId: esha,
      firstName: 'Eesha',
      lastName: 'Employee-Rao',
      role: 'EMPLOYEE',
      status: 'ACTIVE',
      email: eshaUser.email,
    });
  });

  it('refuses an email another user of that workspace has, with a 409 naming the field', async () => {
    const res = await post('/admin/update-user', {
      workspaceId: ids.acme,
      userId: esha,
      email: acme.admin.email.toUpperCase(),
    });
    expect([res.statusCode, res.json()]).toEqual([
      409,
      {
        code: 'CONFLICT',
        message: 'Another user of this workspace has this email',
        fields: { email: 'Already used in this workspace' },
      },
    ]);
    // The same email in another workspace is no conflict.
    const globexUser = (await buildUser(server, globex)).id;
    const other = await post('/admin/update-user', {
      workspaceId: ids.globex,
      userId: globexUser,
      email: eshaUser.email,
    });
    expect(other.statusCode).toBe(200);
  });

  it('answers 404 for a user of another workspace, whatever the id pair', async () => {
    const noUser = { code: 'NOT_FOUND', message: 'There is no such user in this workspace' };
    const noWorkspace = { code: 'NOT_FOUND', message: 'There is no such workspace' };
    const across = await post('/admin/update-user', { workspaceId: ids.globex, userId: esha, firstName: 'X' });
    expect([across.statusCode, across.json()]).toEqual([404, noUser]);
    const nowhere = await post('/admin/update-user', { workspaceId: NO_SUCH_ID, userId: esha, firstName: 'X' });
    expect([nowhere.statusCode, nowhere.json()]).toEqual([404, noWorkspace]);
    const record = await post('/admin/user/course/policy/details', { workspaceId: ids.globex, userId: esha });
    expect([record.statusCode, record.json()]).toEqual([404, noUser]);
    const recordNowhere = await post('/admin/user/course/policy/details', { workspaceId: NO_SUCH_ID, userId: esha });
    expect([recordNowhere.statusCode, recordNowhere.json()]).toEqual([404, noWorkspace]);
    expect(
      (await post('/admin/user/course/policy/details', { workspaceId: ids.globex, email: acme.admin.email }))
        .statusCode,
    ).toBe(404);
  });

  it('names bad input', async () => {
    const nothing = await post('/admin/update-user', { workspaceId: ids.acme, userId: esha });
    expect(nothing.statusCode).toBe(400);
    const badRole = await post('/admin/update-user', { workspaceId: ids.acme, userId: esha, role: 'KING' });
    expect(badRole.json().fields).toHaveProperty('role');
    const badEmail = await post('/admin/update-user', { workspaceId: ids.acme, userId: esha, email: 'nope' });
    expect(badEmail.json().fields).toHaveProperty('email');
    const both = await post('/admin/user/course/policy/details', { workspaceId: ids.acme });
    expect(both.statusCode).toBe(400);
    expect(both.json().fields).toHaveProperty('email');
  });

  it('shows a user’s courses with status, progress and dates, and no policies before any is published', async () => {
    const res = await post('/admin/user/course/policy/details', {
      workspaceId: ids.acme,
      email: eshaUser.email.toUpperCase(),
    });
    expect(res.statusCode).toBe(200);
    const record = res.json();
    expect(record.user).toMatchObject({ userId: esha, firstName: 'Eesha' });
    expect(record.courses).toEqual([
      expect.objectContaining({
        courseId,
        status: 'COMPLETED',
        progress: 100,
        assignedAt: '2026-01-05T10:00:00.000Z',
        completedAt: '2026-01-20T09:30:00.000Z',
      }),
    ]);
    expect(record.policies).toEqual([]);
    const byId = await post('/admin/user/course/policy/details', { workspaceId: ids.acme, userId: esha });
    expect(byId.json().user.email).toBe(eshaUser.email);
  });

  it('shows the policies published to the user with their acceptance', async () => {
    const call = caller(server);
    const policyId = await policyWithPdfs(server, platform, 'Respect at work policy');
    const admin = acme.admin.token;
    const published = await call('POST', acme.host, '/policy/publish', admin, {
      cataloguePolicyId: policyId,
      scope: 'WORKSPACE',
    });
    expect(published.statusCode, published.body).toBe(200);
    const before = (await post('/admin/user/course/policy/details', { workspaceId: ids.acme, userId: esha })).json();
    expect(before.policies).toEqual([
      { policyId: published.json().id, title: 'Respect at work policy', status: 'Not accepted yet', acceptedAt: null },
    ]);
    const recorded = await call('POST', acme.host, `/policy/record-acceptance/${published.json().id}`, admin, {
      userId: esha,
      language: 'HINDI',
      reason: 'Signed the paper copy',
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    const after = (await post('/admin/user/course/policy/details', { workspaceId: ids.acme, userId: esha })).json();
    expect(after.policies).toEqual([
      expect.objectContaining({ status: 'Accepted version 1', acceptedAt: expect.any(String) }),
    ]);
  });

  it('signs a deactivated user out everywhere', async () => {
    const unit = await buildBusinessUnit(server, acme);
    const { token: buadmin, id } = await buildUnitUser(server, acme, unit.id, { role: 'BRANCH_ADMIN' });
    expect(
      (await post('/admin/update-user', { workspaceId: ids.acme, userId: id, status: 'INACTIVE', role: 'EMPLOYEE' }))
        .statusCode,
    ).toBe(200);
    const after = await server.request(acme.host, {
      method: 'GET',
      url: '/main-api/api/user/details',
      token: buadmin,
    });
    expect(after.statusCode).toBe(401);
  });

  it('is the platform admin’s alone', async () => {
    const admin = acme.admin.token;
    expect(
      (await post('/admin/update-user', { workspaceId: ids.acme, userId: esha, firstName: 'X' }, admin, acme.host))
        .statusCode,
    ).toBe(403);
    expect(
      (await post('/admin/user/course/policy/details', { workspaceId: ids.acme, userId: esha }, admin, acme.host))
        .statusCode,
    ).toBe(403);
  });

  it('records each change with what changed, against the target workspace', async () => {
    const rows = await auditRows(server, 'user.updated_by_platform');
    expect(rows[0]).toMatchObject({ workspace_id: ids.acme, target: esha });
    expect(rows[0].details).toEqual({
      changed: { first_name: { from: 'Esha', to: 'Eesha' }, last_name: { from: 'Employee', to: 'Employee-Rao' } },
    });
    expect(rows[0].actor_platform_admin_id).toBeTruthy();
    expect((await auditRows(server, 'user.record_viewed')).length).toBeGreaterThanOrEqual(2);
  });
});
