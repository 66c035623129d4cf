import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { buildPolicyWorkspaces, caller, MAIN, pdfSaying, type PolicyWorkspaces } from './support';
import { buildPlatformAdmin, type BuiltWorkspace } from '../support/factories';

describe.each(DATABASES)('a workspace’s own policies on %s', (kind) => {
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
  let pune: string;
  let ownId: string;
  let publishedId: string;
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
  });
  afterAll(async () => server?.close());

  /** The workspace admin uploads a PDF of the own policy's current version: URL, PUT on the workspace's host, confirm. */
  const upload = async (host: string, token: string, id: string, language: string, bytes: Buffer) => {
    const ticket = await call('POST', host, `/policy/own/generate-upload-url/${id}/${language}`, token, {
      fileName: `${language}.pdf`,
      size: bytes.length,
    });
    expect(ticket.statusCode, ticket.body).toBe(200);
    const put = await server.request(host, {
      method: 'PUT',
      url: ticket.json().uploadUrl,
      payload: bytes,
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(put.statusCode, put.body).toBeLessThan(300);
    return call('POST', host, `/policy/own/confirm-upload/${id}/${language}`, token);
  };

  it('refuses bad input naming the field, and lets only admins create', async () => {
    const bad = await call('POST', ACME, '/policy/own/create', admin, {
      title: '',
      ownerName: 'HR',
      reviewDueOn: '2027-06-30',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('title');
    const badDate = await call('POST', ACME, '/policy/own/create', admin, {
      title: 'Dress code',
      ownerName: 'HR',
      reviewDueOn: 'soon',
    });
    expect(badDate.json().fields).toHaveProperty('reviewDueOn');
    for (const token of [employee, buAdmin]) {
      expect(
        (
          await call('POST', ACME, '/policy/own/create', token, {
            title: 'Dress code',
            ownerName: 'HR',
            reviewDueOn: '2027-06-30',
          })
        ).statusCode,
      ).toBe(403);
    }
    expect(await server.db.query(`SELECT 1 FROM catalogue_policies WHERE title = 'Dress code'`)).toEqual([]);
  });

  it('creates an own policy, adds a version and its PDF in the workspace’s storage, audited', async () => {
    const created = await call('POST', ACME, '/policy/own/create', admin, {
      title: 'Acme travel safety policy',
      ownerName: 'Acme HR',
      reviewDueOn: '2027-06-30',
      summary: 'Safe travel for work',
    });
    expect(created.statusCode, created.body).toBe(200);
    ownId = created.json().id;
    expect(created.json()).toMatchObject({
      title: 'Acme travel safety policy',
      currentVersion: 1,
      versions: [{ version: 1, change: 'MATERIAL', summary: 'Safe travel for work' }],
    });

    const notPdf = await upload(ACME, admin, ownId, 'ENGLISH', Buffer.from('just some text, not a PDF at all'));
    expect(notPdf.statusCode).toBe(415);
    expect((await upload(ACME, admin, ownId, 'ENGLISH', pdfSaying('travel v1 English'))).statusCode).toBe(200);

    const version = await call('POST', ACME, `/policy/own/new-version/${ownId}`, admin, {
      change: 'MINOR',
      summary: 'Fixed a typo',
      nextReviewOn: '2027-12-31',
    });
    expect(version.statusCode, version.body).toBe(200);
    expect(version.json()).toMatchObject({ currentVersion: 2, reviewDueOn: '2027-12-31' });
    const noSummary = await call('POST', ACME, `/policy/own/new-version/${ownId}`, admin, {
      change: 'MINOR',
      summary: '',
      nextReviewOn: '2027-12-31',
    });
    expect(noSummary.statusCode).toBe(400);
    expect(noSummary.json().fields).toHaveProperty('summary');
    // A review that ends in "reviewed, no change": recorded, with the next review date; the version stays.
    const reviewed = await call('POST', ACME, `/policy/own/review/${ownId}`, admin, {
      note: 'Still right',
      nextReviewOn: '2028-06-30',
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect(reviewed.json()).toMatchObject({ currentVersion: 2, reviewDueOn: '2028-06-30' });
    expect(reviewed.json().reviews).toEqual(
      expect.arrayContaining([expect.objectContaining({ outcome: 'NO_CHANGE', note: 'Still right', version: 2 })]),
    );
    expect(
      (await call('POST', ACME, `/policy/own/review/${ownId}`, admin, { nextReviewOn: 'soon' })).json().fields,
    ).toHaveProperty('nextReviewOn');
    expect(
      (await call('POST', GLOBEX, `/policy/own/review/${ownId}`, globexAdmin, { nextReviewOn: '2028-06-30' }))
        .statusCode,
    ).toBe(404);
    const uploaded = await upload(ACME, admin, ownId, 'ENGLISH', pdfSaying('travel v2 English'));
    expect(uploaded.json().documents).toEqual(
      expect.arrayContaining([expect.objectContaining({ version: 2, language: 'ENGLISH' })]),
    );

    // Its PDFs are the workspace's files, not the main site's.
    const [doc] = await server.db.query<{ storage_key: string }>(
      `SELECT storage_key FROM catalogue_policy_documents WHERE policy_id = $1 AND version = 2`,
      [ownId],
    );
    expect(await server.fileUrls.stat(acmeId, doc.storage_key)).toMatchObject({
      size: pdfSaying('travel v2 English').length,
    });
    expect(await server.fileUrls.stat('00000000-0000-0000-0000-000000000000', doc.storage_key)).toBeNull();
    const actions = await server.db.query<{ action: string }>(
      `SELECT action FROM audit_events WHERE workspace_id = $1 AND target = $2`,
      [acmeId, ownId],
    );
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'own-policy.created',
        'own-policy.document-uploaded',
        'own-policy.versioned',
        'own-policy.upload-refused',
      ]),
    );
  });

  it('keeps it to the workspace: the platform catalogue does not list it, Globex gets 404', async () => {
    const list = await call('GET', MAIN, '/admin/policy/all?pageSize=100', platform);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((p: { id: string }) => p.id)).not.toContain(ownId);
    expect((await call('GET', MAIN, `/admin/policy/details/${ownId}`, platform)).statusCode).toBe(404);
    expect((await call('GET', GLOBEX, `/policy/own/details/${ownId}`, globexAdmin)).statusCode).toBe(404);
    expect((await call('PUT', GLOBEX, `/policy/own/update/${ownId}`, globexAdmin, { title: 'Taken' })).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', GLOBEX, `/policy/own/delete/${ownId}`, globexAdmin)).statusCode).toBe(404);
    expect(
      (await call('POST', GLOBEX, '/policy/publish', globexAdmin, { cataloguePolicyId: ownId, scope: 'WORKSPACE' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('GET', GLOBEX, '/policy/catalogue', globexAdmin))
        .json()
        .items.map((p: { cataloguePolicyId: string }) => p.cataloguePolicyId),
    ).not.toContain(ownId);
    expect((await call('GET', GLOBEX, '/policy/own/all', globexAdmin)).json().items).toEqual([]);
    const own = await call('GET', ACME, '/policy/own/all', admin);
    expect(own.json().items).toEqual([
      expect.objectContaining({
        id: ownId,
        title: 'Acme travel safety policy',
        currentVersion: 2,
        translations: { ENGLISH: 'CURRENT' },
      }),
    ]);
    const acme = (await call('GET', ACME, '/policy/catalogue', admin)).json().items;
    expect(acme).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ cataloguePolicyId: ownId, own: true, currentVersion: 2, languages: ['ENGLISH'] }),
      ]),
    );
  });

  it('publishes it to a business unit: someone there accepts it, someone elsewhere does not see it', async () => {
    const res = await call('POST', ACME, '/policy/publish', admin, {
      cataloguePolicyId: ownId,
      scope: 'UNITS',
      branchIds: [pune],
      daysToAccept: 10,
    });
    expect(res.statusCode, res.body).toBe(200);
    publishedId = res.json().id;
    expect(res.json()).toMatchObject({
      title: 'Acme travel safety policy',
      scope: 'UNITS',
      branches: [{ id: pune, name: 'Acme Pune' }],
    });

    // The employee works at headquarters.
    const employeeSees = (await call('GET', ACME, '/policy/my', employee))
      .json()
      .items.map((p: { id: string }) => p.id);
    expect(employeeSees).not.toContain(publishedId);
    expect((await call('GET', ACME, `/policy/my/${publishedId}/document`, employee)).statusCode).toBe(404);

    // The business-unit admin works in Pune.
    const mine = (await call('GET', ACME, '/policy/my', buAdmin)).json().items;
    expect(mine).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: publishedId, state: 'PENDING', currentVersion: 2 })]),
    );
    const doc = await call('GET', ACME, `/policy/my/${publishedId}/document?language=ENGLISH`, buAdmin);
    expect(doc.statusCode).toBe(200);
    expect(doc.body).toContain('travel v2 English');
    const accepted = await call('POST', ACME, `/policy/my/${publishedId}/accept`, buAdmin, {
      version: 2,
      language: 'ENGLISH',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await call('GET', ACME, '/policy/my', buAdmin)).json().items).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: publishedId, state: 'ACCEPTED', acceptedVersion: 2 })]),
    );
    // Published: it cannot be deleted.
    expect((await call('DELETE', ACME, `/policy/own/delete/${ownId}`, admin)).statusCode).toBe(409);
  });

  it('updates and deletes an own policy that is not published', async () => {
    const created = await call('POST', ACME, '/policy/own/create', admin, {
      title: 'Draft rules',
      ownerName: 'Acme HR',
      reviewDueOn: '2027-06-30',
    });
    const id = created.json().id;
    const updated = await call('PUT', ACME, `/policy/own/update/${id}`, admin, {
      title: 'Canteen rules',
      ownerName: 'Facilities',
    });
    expect(updated.json()).toMatchObject({ title: 'Canteen rules', ownerName: 'Facilities' });
    expect((await call('DELETE', ACME, `/policy/own/delete/${id}`, admin)).statusCode).toBe(200);
    expect((await call('GET', ACME, `/policy/own/details/${id}`, admin)).statusCode).toBe(404);
    const actions = await server.db.query<{ action: string }>(
      `SELECT action FROM audit_events WHERE workspace_id = $1 AND target = $2`,
      [acmeId, id],
    );
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['own-policy.updated', 'own-policy.deleted']));
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
        ['POST', '/policy/own/create'],
        ['GET', `/policy/own/details/${ownId}`],
      ] as const) {
        const res = await call(
          method,
          ACME,
          url,
          admin,
          method === 'POST' ? { title: 'Off', ownerName: 'HR', reviewDueOn: '2027-06-30' } : undefined,
        );
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('MODULE_DISABLED');
      }
    } finally {
      expect((await modules(true)).statusCode).toBe(200);
    }
  });

  it('goes with its workspace: deleting Globex deletes Globex’s own policies', async () => {
    const created = await call('POST', GLOBEX, '/policy/own/create', globexAdmin, {
      title: 'Globex rules',
      ownerName: 'Globex HR',
      reviewDueOn: '2027-06-30',
    });
    expect(created.statusCode).toBe(200);
    const globexId = elsewhere.id;
    const res = await server.request(MAIN, {
      method: 'DELETE',
      url: `/main-api/api/workspace/${globexId}`,
      token: platform,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await server.db.query(`SELECT 1 FROM catalogue_policies WHERE owner_workspace_id = $1`, [globexId])).toEqual(
      [],
    );
    // Acme's own policy stays.
    expect(await server.db.query(`SELECT 1 FROM catalogue_policies WHERE id = $1`, [ownId])).toHaveLength(1);
  });
});
