import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { buildBusinessUnit, buildUnitUser, buildUser, buildWorkspace, type BuiltWorkspace } from '../support/factories';
import { csv, importFile, post as postFile } from '../imports/upload';

/**
 * Nobody may give or take away a role above their own (src/domain/auth/roles.ts `mayManageRole`), on every route
 * that invites, imports, changes, deactivates or removes a person (issue 10, security items 4 and 5).
 */
describe.each(DATABASES)('the role rule on %s', (kind) => {
  let server: TestServer;
  let admin: string;
  let employer: string;
  let buAdmin: string;
  let hq: string;
  let pune: string;
  let ws: BuiltWorkspace;
  let ACME: string;
  /** The headquarters' name, as an import file names it. */
  let HQ: string;
  let employeeEmail: string;
  const api = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
    server.request(ACME, { method, url: `/main-api${url}`, token, ...(payload ? { payload } : {}) });
  const person = async (email: string) =>
    (
      await server.db.query<{ id: string; role: string; status: string }>(
        `SELECT id, role, status FROM users WHERE lower(email) = $1`,
        [email],
      )
    )[0];

  beforeAll(async () => {
    server = await startTestServer(kind);
    ws = await buildWorkspace(server);
    ACME = ws.host;
    HQ = `${ws.companyName} Headquarters`;
    admin = await server.signIn(ACME, ws.admin.email);
    employer = (await buildUser(server, ws, { role: 'EMPLOYER' })).token;
    hq = ws.headquartersId;
    pune = (await buildBusinessUnit(server, ws, { name: 'Pune' })).id;
    buAdmin = (await buildUnitUser(server, ws, pune, { role: 'BRANCH_ADMIN' })).token;
    employeeEmail = (await buildUser(server, ws)).email;
  });
  afterAll(async () => server?.close());

  it('does not let an employer invite a workspace admin, one by one, in bulk, by creating or by importing', async () => {
    const one = await api('POST', `/api/invite/user/${hq}`, employer, {
      email: 'boss1@acme-rule.test',
      role: 'WORKSPACE_ADMIN',
    });
    expect(one.statusCode).toBe(403);
    const many = await api('POST', '/api/invite/invite/bulk', employer, {
      invites: [
        { email: 'boss2@acme-rule.test', firstName: 'B', lastName: 'Two', role: 'WORKSPACE_ADMIN', branchId: hq },
      ],
    });
    expect(many.statusCode).toBe(400);
    expect(many.json().fields).toHaveProperty('invites.0.role');
    const created = await api('POST', '/api/user/create/bulk', employer, {
      users: [
        { email: 'boss3@acme-rule.test', firstName: 'B', lastName: 'Three', role: 'WORKSPACE_ADMIN', branchId: hq },
      ],
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().fields).toHaveProperty('users.0.role');
    const file = {
      name: 'people.csv',
      content: csv(`boss4@acme-rule.test,B,Four,,,,,${HQ},Workspace Admin,,,`),
    };
    const validated = await postFile(server, 'bulk/validate', employer, file, undefined, ACME);
    expect(validated.json()).toMatchObject({ validRows: 0, invalidRows: 1 });
    expect(validated.json().problems[0]).toMatchObject({ column: 'role' });
    const job = await importFile(
      server,
      employer,
      {
        name: 'people.csv',
        content: csv(
          `boss5@acme-rule.test,B,Five,,,,,${HQ},Workspace Admin,,,`,
          `staff5@acme-rule.test,S,Five,,,,,${HQ},Employer,,,`,
        ),
      },
      undefined,
      ACME,
    );
    expect(job).toMatchObject({ status: 'COMPLETED', created: 1, skipped: 1 });
    expect(job.problems[0]).toMatchObject({ column: 'role' });
    expect(await person('staff5@acme-rule.test')).toMatchObject({ role: 'EMPLOYER' });
    for (const n of [1, 2, 3, 4, 5]) expect(await person(`boss${n}@acme-rule.test`)).toBeUndefined();
  });

  it('lets an employer invite and make employers (equal rank), but not workspace admins', async () => {
    const invited = await api('POST', `/api/invite/user/${hq}`, employer, {
      email: 'peer@acme-rule.test',
      role: 'EMPLOYER',
    });
    expect(invited.statusCode).toBe(200);
    const employee = (await person(employeeEmail))!;
    const promote = await api('POST', `/api/user/update/${employee.id}`, employer, { role: 'WORKSPACE_ADMIN' });
    expect(promote.statusCode).toBe(409);
    expect(promote.json().fields).toHaveProperty('role');
    expect((await person(employeeEmail))!.role).toBe('EMPLOYEE');
    const peer = await api('POST', `/api/user/update/${employee.id}`, employer, { role: 'EMPLOYER' });
    expect(peer.statusCode).toBe(200);
    expect((await api('POST', `/api/user/update/${employee.id}`, employer, { role: 'EMPLOYEE' })).statusCode).toBe(200);
  });

  it('does not let an employer deactivate, demote or delete a workspace admin', async () => {
    const second = await api('POST', `/api/invite/user/${hq}`, admin, {
      email: 'admin2@acme-rule.test',
      role: 'WORKSPACE_ADMIN',
    });
    expect(second.statusCode).toBe(200);
    const target = (await person(ws.admin.email))!;
    const deactivate = await api('POST', `/api/user/update/${target.id}`, employer, { status: 'INACTIVE' });
    expect(deactivate.statusCode).toBe(403);
    const demote = await api('POST', `/api/user/update/${target.id}`, employer, { role: 'EMPLOYEE' });
    expect(demote.statusCode).toBe(403);
    const invitedAdmin = (await person('admin2@acme-rule.test'))!;
    const deleted = await api('POST', '/api/user/delete/bulk', employer, { ids: [invitedAdmin.id] });
    expect(deleted.statusCode).toBe(409);
    const withdrawn = await api('DELETE', `/api/invite/${hq}/${encodeURIComponent('admin2@acme-rule.test')}`, employer);
    expect(withdrawn.statusCode).toBe(403);
    expect(await person('admin2@acme-rule.test')).toMatchObject({ role: 'WORKSPACE_ADMIN', status: 'INVITED' });
    expect(await person(ws.admin.email)).toMatchObject({ role: 'WORKSPACE_ADMIN', status: 'ACTIVE' });
  });

  it('does not let a business-unit admin remove an invited employer or workspace admin by withdrawing the invitation', async () => {
    for (const [email, role] of [
      ['boss-pune@acme-rule.test', 'WORKSPACE_ADMIN'],
      ['employer-pune@acme-rule.test', 'EMPLOYER'],
    ] as const) {
      expect((await api('POST', `/api/invite/user/${pune}`, admin, { email, role })).statusCode).toBe(200);
      const direct = await api('DELETE', `/api/user/${(await person(email))!.id}`, buAdmin);
      expect(direct.statusCode).toBe(409);
      const withdrawn = await api('DELETE', `/api/invite/${pune}/${encodeURIComponent(email)}`, buAdmin);
      expect(withdrawn.statusCode).toBe(403);
      expect(withdrawn.json().message).toMatch(/may not withdraw/);
      expect(await person(email)).toMatchObject({ role, status: 'INVITED' });
    }
    // An invited employee of their unit they may still withdraw.
    expect(
      (await api('POST', `/api/invite/user/${pune}`, buAdmin, { email: 'staff-pune@acme-rule.test' })).statusCode,
    ).toBe(200);
    const mine = await api('DELETE', `/api/invite/${pune}/${encodeURIComponent('staff-pune@acme-rule.test')}`, buAdmin);
    expect(mine.statusCode).toBe(200);
    expect(await person('staff-pune@acme-rule.test')).toBeUndefined();
  });
});
