import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { PNG } from '../support/sample-files';
import { buildPolicyWorkspaces, caller, MAIN, pdfSaying, uploadPolicyPdf, type PolicyWorkspaces } from './support';
import { buildPlatformAdmin, type BuiltWorkspace } from '../support/factories';

const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

describe.each(DATABASES)('the platform’s catalogue on %s', (kind) => {
  let server: TestServer;
  /** The test's workspace, its people and another workspace (buildPolicyWorkspaces). */
  let ws: BuiltWorkspace, elsewhere: BuiltWorkspace, ACME: string, GLOBEX: string;
  const built = {} as Pick<PolicyWorkspaces, 'employee' | 'buadmin'>;
  let platform: string;
  let acmeAdmin: string;
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
    acmeAdmin = await server.signIn(ACME, ws.admin.email);
  });
  afterAll(async () => server?.close());

  const audits = (action: string) =>
    server.db.query<{ target: string; actor_platform_admin_id: string | null }>(
      `SELECT target, actor_platform_admin_id FROM audit_events WHERE action = $1 ORDER BY id`,
      [action],
    );

  it('starts with India and its states, Canada’s federal jurisdiction and its provinces', async () => {
    const res = await call('GET', MAIN, '/admin/jurisdiction/all', platform);
    expect(res.statusCode).toBe(200);
    const items = res.json().items as {
      id: string;
      code: string;
      name: string;
      parentId: string | null;
      reviewLimitYears: number | null;
    }[];
    const india = items.find((j) => j.code === 'IN')!;
    const canada = items.find((j) => j.code === 'CA')!;
    expect(items.filter((j) => j.parentId === india.id).map((j) => j.name)).toEqual(
      expect.arrayContaining(['Karnataka', 'Maharashtra', 'Delhi']),
    );
    expect(items.filter((j) => j.parentId === canada.id).map((j) => j.name)).toEqual(
      expect.arrayContaining(['Canada (federal)', 'Ontario', 'Quebec']),
    );
    expect(items.filter((j) => j.parentId === canada.id)).toHaveLength(14);
    // CA-12: Canadian policies are reviewed at least every 3 years; India sets no period.
    expect(canada.reviewLimitYears).toBe(3);
    expect(india.reviewLimitYears).toBeNull();
  });

  it('creates, renames and deletes a jurisdiction, refuses a bad code by field, a duplicate and a delete while in use', async () => {
    const india = (await call('GET', MAIN, '/admin/jurisdiction/all', platform))
      .json()
      .items.find((j: { code: string }) => j.code === 'IN');
    const bad = await call('POST', MAIN, '/admin/jurisdiction/create', platform, { code: 'india', name: 'India' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('code');
    const orphan = await call('POST', MAIN, '/admin/jurisdiction/create', platform, { code: 'IN-XX', name: 'Nowhere' });
    expect(orphan.statusCode).toBe(400);
    expect(orphan.json().fields).toHaveProperty('parentId');
    const dup = await call('POST', MAIN, '/admin/jurisdiction/create', platform, {
      code: 'IN-KA',
      name: 'Karnataka',
      parentId: india.id,
    });
    expect(dup.statusCode).toBe(409);

    const created = await call('POST', MAIN, '/admin/jurisdiction/create', platform, {
      code: 'IN-ZZ',
      name: 'Test state',
      parentId: india.id,
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().id;
    const renamed = await call('PUT', MAIN, `/admin/jurisdiction/update/${id}`, platform, { name: 'Renamed state' });
    expect(renamed.json()).toMatchObject({ code: 'IN-ZZ', name: 'Renamed state', country: 'IN' });
    expect((await call('DELETE', MAIN, `/admin/jurisdiction/delete/${india.id}`, platform)).statusCode).toBe(409);
    expect((await call('DELETE', MAIN, `/admin/jurisdiction/delete/${id}`, platform)).statusCode).toBe(200);
    expect((await call('DELETE', MAIN, `/admin/jurisdiction/delete/${id}`, platform)).statusCode).toBe(404);
    expect((await audits('jurisdiction.created')).at(-1)).toMatchObject({
      target: id,
      actor_platform_admin_id: expect.any(String),
    });
    expect((await audits('jurisdiction.deleted')).at(-1)?.target).toBe(id);
  });

  it('keeps categories in the order they were added, 100 to a page; refuses a duplicate name and a delete while used', async () => {
    const names = ['POSH', 'Canada Labour Code', 'Awareness'];
    const ids: string[] = [];
    for (const name of names) {
      const res = await call('POST', MAIN, '/admin/compliance-category/create', platform, { name });
      expect(res.statusCode).toBe(200);
      ids.push(res.json().id);
    }
    expect((await call('POST', MAIN, '/admin/compliance-category/create', platform, { name: 'posh' })).statusCode).toBe(
      409,
    );
    const list = (await call('GET', MAIN, '/admin/compliance-category/all', platform)).json();
    expect(list).toMatchObject({ pageSize: 100, total: 3 });
    expect(list.items.map((c: { name: string }) => c.name)).toEqual(names);
    const renamed = await call('PUT', MAIN, '/admin/compliance-category/update', platform, {
      id: ids[2],
      name: 'Awareness programmes',
    });
    expect(renamed.json().name).toBe('Awareness programmes');

    const india = (await call('GET', MAIN, '/admin/jurisdiction/all', platform))
      .json()
      .items.find((j: { code: string }) => j.code === 'IN');
    const compliance = await call('POST', MAIN, '/admin/compliance/create', platform, {
      jurisdictionId: india.id,
      categoryId: ids[0],
      title: 'POSH: annual awareness workshop',
      kind: 'TRAINING',
      courseTitles: ['Preventing Sexual Harassment at Work'],
    });
    expect(compliance.statusCode).toBe(200);
    expect((await call('DELETE', MAIN, `/admin/compliance-category/delete?id=${ids[0]}`, platform)).statusCode).toBe(
      409,
    );
    expect((await call('DELETE', MAIN, `/admin/compliance-category/delete?id=${ids[1]}`, platform)).statusCode).toBe(
      200,
    );
    expect(
      (await call('DELETE', MAIN, `/admin/compliance/delete?id=${compliance.json().id}`, platform)).statusCode,
    ).toBe(200);
  });

  it('links a compliance to its jurisdiction, category and policies; pages by 60; names a bad field', async () => {
    const canadaFed = (await call('GET', MAIN, '/admin/jurisdiction/all', platform))
      .json()
      .items.find((j: { code: string }) => j.code === 'CA-FED');
    const policy = await call('POST', MAIN, '/admin/policy/create', platform, {
      title: 'Harassment and violence prevention policy',
      jurisdictionId: canadaFed.id,
      ownerName: 'HR lead',
      reviewDueOn: '2028-01-31',
    });
    expect(policy.statusCode).toBe(200);
    const created = await call('POST', MAIN, '/admin/compliance/create', platform, {
      jurisdictionId: canadaFed.id,
      title: 'Canada: training within 3 months of hire and every 3 years',
      kind: 'TRAINING',
      policyIds: [policy.json().id],
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      jurisdiction: { code: 'CA-FED' },
      category: null,
      policies: [{ id: policy.json().id, title: 'Harassment and violence prevention policy' }],
    });
    const list = (await call('GET', MAIN, `/admin/compliance/all?jurisdictionId=${canadaFed.id}`, platform)).json();
    expect(list).toMatchObject({ pageSize: 60, total: 1 });
    const unknown = await call('POST', MAIN, '/admin/compliance/create', platform, {
      jurisdictionId: canadaFed.id,
      title: 'x',
      kind: 'POLICY',
      policyIds: [NO_SUCH_ID],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toHaveProperty('policyIds');
    const badKind = await call('POST', MAIN, '/admin/compliance/create', platform, {
      jurisdictionId: canadaFed.id,
      title: 'x',
      kind: 'NOPE',
    });
    expect(badKind.json().fields).toHaveProperty('kind');
    const updated = await call('PUT', MAIN, '/admin/compliance/update', platform, {
      id: created.json().id,
      jurisdictionId: canadaFed.id,
      title: 'CA-11 training',
      kind: 'TRAINING',
      policyIds: [],
    });
    expect(updated.json()).toMatchObject({ title: 'CA-11 training', policies: [] });
    expect(
      (
        await call('PUT', MAIN, '/admin/compliance/update', platform, {
          id: NO_SUCH_ID,
          jurisdictionId: canadaFed.id,
          title: 'x',
          kind: 'OTHER',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('keeps the catalogue to the platform admin: a workspace admin gets 403, nobody signed in 401', async () => {
    for (const [method, url] of [
      ['GET', '/admin/jurisdiction/all'],
      ['GET', '/admin/compliance/all'],
      ['GET', '/admin/compliance-category/all'],
      ['GET', '/admin/policy/all'],
      ['POST', '/admin/policy/create'],
    ] as const) {
      expect((await call(method, ACME, url, acmeAdmin, method === 'POST' ? {} : undefined)).statusCode).toBe(403);
      expect((await server.request(MAIN, { method, url: `/learning-api/api${url}` })).statusCode).toBe(401);
    }
  });

  it('holds a Canadian policy to a review at most 3 years away (CA-12)', async () => {
    const canada = (await call('GET', MAIN, '/admin/jurisdiction/all', platform))
      .json()
      .items.find((j: { code: string }) => j.code === 'CA-ON');
    const far = new Date();
    far.setUTCFullYear(far.getUTCFullYear() + 4);
    const res = await call('POST', MAIN, '/admin/policy/create', platform, {
      title: 'Ontario policy',
      jurisdictionId: canada.id,
      ownerName: 'Owner',
      reviewDueOn: far.toISOString().slice(0, 10),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.reviewDueOn).toContain('CA-12');
    const past = await call('POST', MAIN, '/admin/policy/create', platform, {
      title: 'Old',
      ownerName: 'Owner',
      reviewDueOn: '2020-01-01',
    });
    expect(past.json().fields).toHaveProperty('reviewDueOn');
  });

  it('takes a PDF per language by its bytes, marks translations outdated by a new version, records reviews', async () => {
    const created = await call('POST', MAIN, '/admin/policy/create', platform, {
      title: 'POSH policy',
      ownerName: 'Priya Legal',
      reviewDueOn: '2027-06-30',
    });
    const id = created.json().id;
    expect(created.json()).toMatchObject({
      currentVersion: 1,
      translations: {},
      versions: [{ version: 1, change: 'MATERIAL', summary: 'First version' }],
    });

    // Not a PDF: refused by its bytes (whatever its name), and nothing is kept.
    const png = await uploadPolicyPdf(server, platform, id, 'ENGLISH', PNG);
    expect(png.statusCode).toBe(415);
    expect((await call('GET', MAIN, `/admin/policy/details/${id}`, platform)).json().documents).toEqual([]);

    expect((await uploadPolicyPdf(server, platform, id, 'ENGLISH', pdfSaying('v1 en'))).statusCode).toBe(200);
    const both = await uploadPolicyPdf(server, platform, id, 'HINDI', pdfSaying('v1 hi'));
    expect(both.json().translations).toEqual({ ENGLISH: 'CURRENT', HINDI: 'CURRENT' });
    expect(both.json().versions[0].languages).toEqual(['ENGLISH', 'HINDI']);

    const v2 = await call('POST', MAIN, `/admin/policy/new-version/${id}`, platform, {
      change: 'MATERIAL',
      summary: 'Adds online harassment',
      nextReviewOn: '2028-01-01',
    });
    expect(v2.statusCode).toBe(200);
    expect(v2.json()).toMatchObject({
      currentVersion: 2,
      reviewDueOn: '2028-01-01',
      translations: { ENGLISH: 'OUTDATED', HINDI: 'OUTDATED' },
    });
    expect(v2.json().reviews[0]).toMatchObject({ outcome: 'NEW_VERSION', version: 2 });
    const en2 = await uploadPolicyPdf(server, platform, id, 'ENGLISH', pdfSaying('v2 en'));
    expect(en2.json().translations).toEqual({ ENGLISH: 'CURRENT', HINDI: 'OUTDATED' });

    const reviewed = await call('POST', MAIN, `/admin/policy/review/${id}`, platform, {
      note: 'Read again, still right',
      nextReviewOn: '2028-06-30',
    });
    expect(reviewed.json().reviews[0]).toMatchObject({
      outcome: 'NO_CHANGE',
      version: 2,
      note: 'Read again, still right',
      nextReviewOn: '2028-06-30',
    });
    expect(reviewed.json().currentVersion).toBe(2);

    const updated = await call('PUT', MAIN, `/admin/policy/update/${id}`, platform, { ownerName: 'New owner' });
    expect(updated.json()).toMatchObject({ ownerName: 'New owner', title: 'POSH policy' });
    const list = (await call('GET', MAIN, '/admin/policy/all?search=POSH', platform)).json();
    expect(list.items.map((p: { title: string }) => p.title)).toContain('POSH policy');

    expect((await audits('catalogue-policy.document-uploaded')).length).toBeGreaterThanOrEqual(3);
    expect((await call('DELETE', MAIN, `/admin/policy/delete?id=${id}`, platform)).statusCode).toBe(200);
    expect((await call('GET', MAIN, `/admin/policy/details/${id}`, platform)).statusCode).toBe(404);
  });
});
