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
import { buildPlatformAdmin, type BuiltWorkspace } from '../support/factories';

/** Accepting needs the document opened; "My policies" lists what a person accepted and serves it again (docs/policies.md). */
describe.each(DATABASES)('accepting a policy and reading it again on %s', (kind) => {
  let server: TestServer;
  /** The test's workspace, its people and another workspace (buildPolicyWorkspaces). */
  let ws: BuiltWorkspace, elsewhere: BuiltWorkspace, ACME: string, GLOBEX: string;
  const built = {} as Pick<PolicyWorkspaces, 'employee' | 'buadmin'>;
  let platform: string;
  let admin: string;
  let employee: string;
  let globexAdmin: string;
  let cataloguePolicyId: string;
  let policyId: string;
  let otherPolicyId: string;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    server = await startTestServer(kind);
    const made = await buildPolicyWorkspaces(server);
    ({ ws, elsewhere } = made);
    Object.assign(built, { employee: made.employee, buadmin: made.buadmin });
    ACME = ws.host;
    GLOBEX = elsewhere.host;
    call = caller(server);
    platform = await buildPlatformAdmin(server);
    admin = await server.signIn(ACME, ws.admin.email);
    employee = built.employee.token;
    globexAdmin = await server.signIn(GLOBEX, elsewhere.admin.email);
    cataloguePolicyId = await policyWithPdfs(server, platform, 'Code of conduct');
    policyId = (await call('POST', ACME, '/policy/publish', admin, { cataloguePolicyId, scope: 'WORKSPACE' })).json()
      .id;
    const other = await policyWithPdfs(server, platform, 'Travel policy');
    otherPolicyId = (
      await call('POST', ACME, '/policy/publish', admin, { cataloguePolicyId: other, scope: 'WORKSPACE' })
    ).json().id;
  });
  afterAll(async () => server?.close());

  const accepted = async (token = employee, query = '', host = ACME) => {
    const res = await call('GET', host, `/policy/accepted${query}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      items: {
        policyId: string;
        title: string;
        version: number;
        language: string;
        currentVersion: number | null;
        acceptedAt: string;
      }[];
      total: number;
    };
  };

  it('refuses an acceptance sent straight to the API by someone who never opened the document', async () => {
    // The reading's details are not the document: fetching them does not count as opening it.
    expect((await call('GET', ACME, `/policy/my/${policyId}?language=ENGLISH`, employee)).json()).toMatchObject({
      version: 1,
      opened: false,
    });
    const res = await call('POST', ACME, `/policy/my/${policyId}/accept`, employee, {
      version: 1,
      language: 'ENGLISH',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'NOT_OPENED', message: 'Open and read the policy before you accept it.' });
    expect(await accepted()).toMatchObject({ items: [], total: 0 });
  });

  it('lists the accepted version with its date, and serves that version again', async () => {
    expect((await call('GET', ACME, `/policy/my/${policyId}/document?language=ENGLISH`, employee)).statusCode).toBe(
      200,
    );
    const accept = await call('POST', ACME, `/policy/my/${policyId}/accept`, employee, {
      version: 1,
      language: 'ENGLISH',
    });
    expect(accept.statusCode, accept.body).toBe(200);
    const list = await accepted();
    expect(list).toMatchObject({ total: 1, page: 0, pageSize: 20 });
    expect(list.items).toEqual([
      {
        policyId,
        title: 'Code of conduct',
        version: 1,
        language: 'ENGLISH',
        acceptedAt: accept.json().acceptedAt,
        recordedForThem: false,
        currentVersion: 1,
        documentPath: `/api/policy/accepted/${policyId}/1/document`,
      },
    ]);
    expect((await call('GET', ACME, `/policy/accepted/${policyId}/1`, employee)).json()).toEqual(list.items[0]);
    const doc = await call('GET', ACME, `/policy/accepted/${policyId}/1/document`, employee);
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-type']).toContain('application/pdf');
    expect(doc.headers['cache-control']).toBe('private, no-store');
    expect(doc.body).toContain('Code of conduct v1 English');
  });

  it('keeps serving the version accepted after a newer one comes out, and pages the list on the server', async () => {
    await call('POST', MAIN, `/admin/policy/new-version/${cataloguePolicyId}`, platform, {
      change: 'MATERIAL',
      summary: 'New rules',
      nextReviewOn: '2027-12-31',
    });
    expect(
      (await uploadPolicyPdf(server, platform, cataloguePolicyId, 'ENGLISH', pdfSaying('Code of conduct v2 English')))
        .statusCode,
    ).toBe(200);
    expect((await accepted()).items).toEqual([expect.objectContaining({ version: 1, currentVersion: 2 })]);
    expect((await call('GET', ACME, `/policy/accepted/${policyId}/1/document`, employee)).body).toContain(
      'Code of conduct v1 English',
    );
    // Version 2 is not accepted yet: not theirs to read from "My policies".
    expect((await call('GET', ACME, `/policy/accepted/${policyId}/2`, employee)).statusCode).toBe(404);
    expect((await call('GET', ACME, `/policy/accepted/${policyId}/2/document`, employee)).statusCode).toBe(404);

    await call('GET', ACME, `/policy/my/${policyId}/document?language=ENGLISH`, employee);
    expect(
      (await call('POST', ACME, `/policy/my/${policyId}/accept`, employee, { version: 2, language: 'ENGLISH' }))
        .statusCode,
    ).toBe(200);
    const first = await accepted(employee, '?page=0&pageSize=1');
    expect(first).toMatchObject({ total: 2, page: 0, pageSize: 1, items: [{ version: 2, currentVersion: 2 }] });
    expect((await accepted(employee, '?page=1&pageSize=1')).items).toEqual([expect.objectContaining({ version: 1 })]);
    expect((await call('GET', ACME, '/policy/accepted?pageSize=1000', employee)).statusCode).toBe(400);
    expect((await call('GET', ACME, `/policy/accepted/${policyId}/first`, employee)).statusCode).toBe(400);
  });

  it('lists only the person’s own acceptances: another person’s acceptance is neither listed nor served', async () => {
    await call('GET', ACME, `/policy/my/${otherPolicyId}/document?language=ENGLISH`, admin);
    expect(
      (await call('POST', ACME, `/policy/my/${otherPolicyId}/accept`, admin, { version: 1, language: 'ENGLISH' }))
        .statusCode,
    ).toBe(200);
    expect((await accepted(admin)).items.map((i) => i.policyId)).toEqual([otherPolicyId]);
    expect((await accepted()).items.map((i) => i.policyId)).not.toContain(otherPolicyId);
    expect((await call('GET', ACME, `/policy/accepted/${otherPolicyId}/1`, employee)).statusCode).toBe(404);
    expect((await call('GET', ACME, `/policy/accepted/${otherPolicyId}/1/document`, employee)).statusCode).toBe(404);
  });

  it('answers 404 for another workspace’s policy, and lists nothing of it there', async () => {
    expect((await call('GET', GLOBEX, `/policy/accepted/${policyId}/1`, globexAdmin)).statusCode).toBe(404);
    expect((await call('GET', GLOBEX, `/policy/accepted/${policyId}/1/document`, globexAdmin)).statusCode).toBe(404);
    expect(await accepted(globexAdmin, '', GLOBEX)).toMatchObject({ items: [], total: 0 });
  });
});
