import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import {
  buildPolicyWorkspaces,
  caller,
  MAIN,
  pdfSaying,
  policyWithPdfs,
  uploadPolicyPdf,
  type PolicyWorkspaces,
} from './support';
import { buildPlatformAdmin, buildUser, type BuiltWorkspace } from '../support/factories';

describe.each(DATABASES)('policies in a workspace on %s', (kind) => {
  let server: TestServer;
  /** The test's workspace, its people and another workspace (buildPolicyWorkspaces). */
  let ws: BuiltWorkspace, elsewhere: BuiltWorkspace, ACME: string, GLOBEX: string;
  const built = {} as Pick<PolicyWorkspaces, 'employee' | 'buadmin'>;
  let platform: string;
  let admin: string;
  let employee: string;
  let buAdmin: string;
  let globexAdmin: string;
  let acmeId: string;
  let employeeId: string;
  let pune: string;
  let cataloguePolicyId: string;
  let policyId: string;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    server = await startTestServer(kind);
    const made = await buildPolicyWorkspaces(server);
    ({ ws, elsewhere } = made);
    Object.assign(built, { employee: made.employee, buadmin: made.buadmin });
    ACME = ws.host;
    GLOBEX = elsewhere.host;
    pune = made.pune;
    call = caller(server);
    platform = await buildPlatformAdmin(server);
    admin = await server.signIn(ACME, ws.admin.email);
    employee = built.employee.token;
    buAdmin = built.buadmin.token;
    globexAdmin = await server.signIn(GLOBEX, elsewhere.admin.email);
    acmeId = ws.id;
    employeeId = built.employee.id;
    cataloguePolicyId = await policyWithPdfs(server, platform, 'Prevention of Sexual Harassment policy');
  });
  afterAll(async () => server?.close());

  const mine = async (token = employee) =>
    (await call('GET', ACME, '/policy/my', token)).json().items as {
      id: string;
      state: string;
      currentVersion: number;
      acceptedVersion: number | null;
    }[];

  it('offers the catalogue’s readable policies; the admin publishes one to the whole workspace', async () => {
    const offer = await call('GET', ACME, '/policy/catalogue', admin);
    expect(offer.statusCode).toBe(200);
    expect(offer.json().items).toEqual([
      expect.objectContaining({
        cataloguePolicyId,
        title: 'Prevention of Sexual Harassment policy',
        currentVersion: 1,
        languages: ['ENGLISH', 'HINDI'],
        workspacePolicyId: null,
      }),
    ]);
    const res = await call('POST', ACME, '/policy/publish', admin, {
      cataloguePolicyId,
      scope: 'WORKSPACE',
      daysToAccept: 14,
    });
    expect(res.statusCode, res.body).toBe(200);
    policyId = res.json().id;
    const people = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users WHERE workspace_id = $1 AND status <> 'INACTIVE'`,
      [acmeId],
    );
    expect(res.json()).toMatchObject({ scope: 'WORKSPACE', currentVersion: 1, inScope: people[0].n, accepted: 0 });
    const audit = await server.db.query(
      `SELECT target FROM audit_events WHERE workspace_id = $1 AND action = 'policy.published'`,
      [acmeId],
    );
    expect(audit).toEqual([{ target: policyId }]);
  });

  it('shows the employee the policy to accept; accepting before opening it is refused', async () => {
    expect(await mine()).toEqual([
      expect.objectContaining({ id: policyId, state: 'PENDING', currentVersion: 1, acceptedVersion: null }),
    ]);
    const reading = await call('GET', ACME, `/policy/my/${policyId}?language=HINDI`, employee);
    expect(reading.json()).toMatchObject({
      version: 1,
      language: 'HINDI',
      fallback: false,
      opened: false,
      languages: ['ENGLISH', 'HINDI'],
    });
    const early = await call('POST', ACME, `/policy/my/${policyId}/accept`, employee, {
      version: 1,
      language: 'HINDI',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('NOT_OPENED');
  });

  it('serves the PDF in the language asked, then records the acceptance with version, language, time and address', async () => {
    const doc = await call('GET', ACME, `/policy/my/${policyId}/document?language=HINDI`, employee);
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-type']).toContain('application/pdf');
    expect(doc.body).toContain('v1 Hindi');
    // Opening it in Hindi is not opening it in English.
    expect(
      (await call('POST', ACME, `/policy/my/${policyId}/accept`, employee, { version: 1, language: 'ENGLISH' })).json()
        .code,
    ).toBe('NOT_OPENED');
    const res = await call('POST', ACME, `/policy/my/${policyId}/accept`, employee, { version: 1, language: 'HINDI' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ version: 1, language: 'HINDI' });
    // A double tap records it once.
    await call('POST', ACME, `/policy/my/${policyId}/accept`, employee, { version: 1, language: 'HINDI' });
    const rows = await server.db.query<{ version: number; language: string; ip: string | null }>(
      `SELECT version, language, ip FROM policy_acceptances WHERE user_id = $1`,
      [employeeId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ version: 1, language: 'HINDI', ip: expect.any(String) });
    expect(await mine()).toEqual([expect.objectContaining({ id: policyId, state: 'ACCEPTED', acceptedVersion: 1 })]);
  });

  it('keeps acceptances append-only: the database refuses a change and the app role cannot delete one', async () => {
    await expect(
      server.db.query(`UPDATE policy_acceptances SET version = 9 WHERE user_id = $1`, [employeeId]),
    ).rejects.toThrow(/never changed/);
    const deleted = await server.db.tenant(acmeId, (tx) =>
      tx.query(`DELETE FROM policy_acceptances WHERE workspace_id = $1 RETURNING id`, [acmeId]),
    );
    expect(deleted).toEqual([]);
    expect(await server.db.query(`SELECT 1 FROM policy_acceptances WHERE user_id = $1`, [employeeId])).toHaveLength(1);
  });

  it('shows the admin acceptance per policy and per person, and exports it as CSV', async () => {
    const table = await call('GET', ACME, `/policy/acceptances/${policyId}?pageSize=100`, admin);
    expect(table.statusCode).toBe(200);
    const row = table.json().items.find((r: { userId: string }) => r.userId === employeeId);
    expect(row).toMatchObject({
      name: 'Esha Employee',
      state: 'ACCEPTED',
      version: 1,
      language: 'HINDI',
      recordedReason: null,
    });
    expect(table.json().policy).toMatchObject({ accepted: 1 });
    const pending = await call('GET', ACME, `/policy/acceptances/${policyId}?state=PENDING&pageSize=100`, admin);
    expect(pending.json().total).toBe(table.json().total - 1);

    const person = await call('GET', ACME, `/policy/person/${employeeId}`, admin);
    expect(person.json().items).toEqual([expect.objectContaining({ id: policyId, state: 'ACCEPTED' })]);

    const csv = await call('GET', ACME, `/policy/acceptances-export/${policyId}`, admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toContain('Name,Email,Business unit,State,Version accepted,Language,Accepted at');
    expect(lines.find((l) => l.includes(built.employee.email))).toContain(
      `Esha Employee,${built.employee.email},Acme Headquarters,Accepted,1,HINDI,`,
    );
    expect(lines).toHaveLength(table.json().total + 1);
  });

  it('records an acceptance on someone’s behalf with a reason, audited', async () => {
    const someone = (await buildUser(server, ws)).id;
    const noReason = await call('POST', ACME, `/policy/record-acceptance/${policyId}`, admin, {
      userId: someone,
      language: 'ENGLISH',
      reason: '',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields).toHaveProperty('reason');
    const res = await call('POST', ACME, `/policy/record-acceptance/${policyId}`, admin, {
      userId: someone,
      language: 'ENGLISH',
      reason: 'Works on the shop floor, signed the paper copy',
    });
    expect(res.statusCode).toBe(200);
    const table = (await call('GET', ACME, `/policy/acceptances/${policyId}?pageSize=100`, admin)).json();
    expect(table.items.find((r: { userId: string }) => r.userId === someone)).toMatchObject({
      state: 'ACCEPTED',
      recordedReason: 'Works on the shop floor, signed the paper copy',
    });
    const audit = await server.db.query<{ target: string; details: { reason: string } }>(
      `SELECT target, details FROM audit_events WHERE workspace_id = $1 AND action = 'policy.acceptance-recorded'`,
      [acmeId],
    );
    expect(audit).toEqual([
      {
        target: someone,
        details: expect.objectContaining({ reason: 'Works on the shop floor, signed the paper copy' }),
      },
    ]);
  });

  it('asks again after a material version, not after a minor one', async () => {
    const minor = await call('POST', MAIN, `/admin/policy/new-version/${cataloguePolicyId}`, platform, {
      change: 'MINOR',
      summary: 'Typo fixed',
      nextReviewOn: '2027-12-31',
    });
    expect(minor.statusCode).toBe(200);
    // A version without a PDF is not out yet: still version 1 for the workspace.
    expect((await mine())[0]).toMatchObject({ currentVersion: 1, state: 'ACCEPTED' });
    expect(
      (await uploadPolicyPdf(server, platform, cataloguePolicyId, 'ENGLISH', pdfSaying('v2 English'))).statusCode,
    ).toBe(200);
    expect((await mine())[0]).toMatchObject({ currentVersion: 2, state: 'ACCEPTED', acceptedVersion: 1 });

    await call('POST', MAIN, `/admin/policy/new-version/${cataloguePolicyId}`, platform, {
      change: 'MATERIAL',
      summary: 'New complaint channel',
      nextReviewOn: '2027-12-31',
    });
    expect(
      (await uploadPolicyPdf(server, platform, cataloguePolicyId, 'ENGLISH', pdfSaying('v3 English'))).statusCode,
    ).toBe(200);
    expect((await mine())[0]).toMatchObject({ currentVersion: 3, state: 'PENDING', acceptedVersion: 1 });

    // Hindi is outdated for version 3: the reader gets English, told so.
    const reading = (await call('GET', ACME, `/policy/my/${policyId}?language=HINDI`, employee)).json();
    expect(reading).toMatchObject({
      version: 3,
      language: 'ENGLISH',
      fallback: true,
      summary: 'New complaint channel',
      languages: ['ENGLISH'],
    });
    // Accepting an old version is refused.
    const stale = await call('POST', ACME, `/policy/my/${policyId}/accept`, employee, {
      version: 1,
      language: 'HINDI',
    });
    expect(stale.json().code).toBe('VERSION_CHANGED');
    const doc = await call('GET', ACME, `/policy/my/${policyId}/document?language=HINDI`, employee);
    expect(doc.body).toContain('v3 English');
    expect(
      (await call('POST', ACME, `/policy/my/${policyId}/accept`, employee, { version: 3, language: 'ENGLISH' }))
        .statusCode,
    ).toBe(200);
    expect((await mine())[0]).toMatchObject({ state: 'ACCEPTED', acceptedVersion: 3 });
  });

  it('publishes to chosen business units only: people elsewhere do not see it', async () => {
    const other = await policyWithPdfs(server, platform, 'Pune site rules');
    const noUnits = await call('POST', ACME, '/policy/publish', admin, { cataloguePolicyId: other, scope: 'UNITS' });
    expect(noUnits.json().fields).toHaveProperty('branchIds');
    const res = await call('POST', ACME, '/policy/publish', admin, {
      cataloguePolicyId: other,
      scope: 'UNITS',
      branchIds: [pune],
      daysToAccept: 30,
      yearly: true,
    });
    expect(res.json()).toMatchObject({ scope: 'UNITS', branches: [{ id: pune, name: 'Acme Pune' }], yearly: true });
    // The employee works at headquarters.
    expect((await mine()).map((p) => p.id)).not.toContain(res.json().id);
    expect((await call('GET', ACME, `/policy/my/${res.json().id}`, employee)).statusCode).toBe(404);
    expect((await mine(buAdmin)).map((p) => p.id)).toContain(res.json().id);
  });

  it('keeps a workspace’s policies to it: Globex gets 404 for Acme’s; a Globex unit in Acme’s publication is not found', async () => {
    expect((await call('GET', GLOBEX, `/policy/acceptances/${policyId}`, globexAdmin)).statusCode).toBe(404);
    expect(
      (
        await call('POST', GLOBEX, `/policy/record-acceptance/${policyId}`, globexAdmin, {
          userId: employeeId,
          language: 'ENGLISH',
          reason: 'because',
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('GET', GLOBEX, '/policy/my', globexAdmin)).json().items).toEqual([]);
    const globexId = elsewhere.id;
    const globexUnit = (
      await server.db.query<{ id: string }>(`SELECT id FROM branches WHERE workspace_id = $1 LIMIT 1`, [globexId])
    )[0].id;
    const res = await call('POST', ACME, '/policy/publish', admin, {
      cataloguePolicyId,
      scope: 'UNITS',
      branchIds: [globexUnit],
    });
    expect(res.statusCode).toBe(404);
  });

  it('lets only admins manage policies: an employee and a business-unit admin get 403', async () => {
    for (const token of [employee, buAdmin]) {
      expect(
        (await call('POST', ACME, '/policy/publish', token, { cataloguePolicyId, scope: 'WORKSPACE' })).statusCode,
      ).toBe(403);
      expect((await call('GET', ACME, `/policy/acceptances/${policyId}`, token)).statusCode).toBe(403);
      expect((await call('GET', ACME, `/policy/acceptances-export/${policyId}`, token)).statusCode).toBe(403);
    }
  });

  it('closes with the courses and policies module: 403 MODULE_DISABLED', async () => {
    const modules = (on: boolean) =>
      server.request(MAIN, {
        method: 'POST',
        url: '/main-api/api/admin/workspace-nav',
        token: platform,
        payload: { workspaceId: acmeId, modules: { courses: on } },
      });
    expect((await modules(false)).statusCode).toBe(200);
    try {
      for (const [method, url] of [
        ['GET', '/policy/my'],
        ['GET', `/policy/my/${policyId}/document`],
        ['POST', '/policy/publish'],
      ] as const) {
        const res = await call(
          method,
          ACME,
          url,
          method === 'GET' ? employee : admin,
          method === 'POST' ? { cataloguePolicyId, scope: 'WORKSPACE' } : undefined,
        );
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('MODULE_DISABLED');
      }
    } finally {
      expect((await modules(true)).statusCode).toBe(200);
    }
    expect((await call('GET', ACME, '/policy/my', employee)).statusCode).toBe(200);
  });
});
