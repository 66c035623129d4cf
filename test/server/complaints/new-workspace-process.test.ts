import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, PASSWORD, startTestServer, testPasswords, type TestServer } from '../support/test-app';
import { buildPlatformAdmin } from '../support/factories';

/**
 * A workspace the platform admin creates can take a complaint at once (docs/case.md "Statutory processes"): it gets
 * its jurisdiction's statutory process published as version 1, the employee's form loads and filing succeeds; with no
 * committee yet the case is referred outside it, and the admin's readiness call says so.
 */
describe.each(DATABASES)('a new workspace takes a complaint from its first minute on %s', (kind) => {
  let server: TestServer;
  let platform: string;
  let passwordHash: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    platform = await buildPlatformAdmin(server);
    // The new workspace's people sign in with the test password: its hash as the test server's hasher stores it.
    passwordHash = await testPasswords.hash(PASSWORD);
  });
  afterAll(async () => server?.close());

  const createWorkspace = (slug: string, jurisdictionCode?: string | null) =>
    server.request('localhost', {
      method: 'POST',
      url: '/main-api/api/admin/workspace/create',
      token: platform,
      payload: {
        companyName: `Company ${slug}`,
        workspaceUrl: `${slug}.localhost`,
        adminEmail: `admin@${slug}.test`,
        adminFirstName: 'Ada',
        ...(jurisdictionCode !== undefined ? { jurisdictionCode } : {}),
      },
    });

  /** An active member of the workspace (the admin is only invited until they accept). */
  async function addPerson(workspaceId: string, email: string, role: 'EMPLOYEE' | 'WORKSPACE_ADMIN'): Promise<void> {
    await server.db.tenant(workspaceId, (tx) =>
      tx.query(
        `INSERT INTO users (workspace_id, email, password_hash, first_name, last_name, role, status, first_login, branch_id)
         SELECT $1, $2, $3, 'Test', 'Person', $4, 'ACTIVE', false, id FROM branches WHERE workspace_id = $1 AND headquarter`,
        [workspaceId, email, passwordHash, role],
      ),
    );
  }

  const caseCall = (host: string, method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    server.request(host, { method, url: `/case-api/api${url}`, token, ...(payload ? { payload } : {}) });

  const complaint = (email: string) => ({
    complainant: { name: 'Test Person', email, gender: 'WOMAN' },
    respondent: { name: 'Someone Else', gender: 'MAN' },
    incident: {
      details: 'Remarks about my appearance at the team meeting.',
      date: new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10),
      witnesses: [],
    },
  });

  it.each([
    {
      slug: 'india-co',
      code: 'IN',
      compliance: 'IN_POSH',
      workflowName: 'POSH redressal',
      firstClock: 'IN_RESPONDENT_COPY',
    },
    {
      slug: 'karnataka-co',
      code: 'in-ka',
      compliance: 'IN_POSH',
      workflowName: 'POSH redressal',
      firstClock: 'IN_RESPONDENT_COPY',
    },
    {
      slug: 'canada-co',
      code: 'CA-FED',
      compliance: 'CA_FEDERAL',
      workflowName: 'Harassment and violence resolution (Canada)',
      firstClock: 'CA_FIRST_CONTACT',
    },
    { slug: 'nowhere-co', code: null, compliance: 'IN_POSH', workflowName: 'Complaint resolution', firstClock: null },
  ])(
    '$slug ($code): the form loads and an employee files at once',
    async ({ slug, code, compliance, workflowName, firstClock }) => {
      const created = await createWorkspace(slug, code);
      expect(created.statusCode, created.body).toBe(200);
      const workspaceId = created.json().workspaceId as string;
      const host = `${slug}.localhost`;
      await addPerson(workspaceId, `employee@${slug}.test`, 'EMPLOYEE');
      await addPerson(workspaceId, `boss@${slug}.test`, 'WORKSPACE_ADMIN');
      const employee = await server.signIn(host, `employee@${slug}.test`);
      const admin = await server.signIn(host, `boss@${slug}.test`);

      const form = await caseCall(host, 'GET', '/complaint-form', employee);
      expect(form.statusCode, form.body).toBe(200);
      expect(form.json()).toMatchObject({ workflowName, compliance, committeeConstituted: false });
      expect(form.json().components.length).toBeGreaterThan(0);

      // Version 1, published, its steps owned and timed; the admin changes it through a new draft version.
      const workflows = (await caseCall(host, 'GET', '/admin/workflow', admin)).json().items;
      expect(workflows).toHaveLength(1);
      expect(workflows[0].publishedVersion).toMatchObject({ versionNumber: 1 });
      const version = (
        await caseCall(host, 'GET', `/admin/workflow/version/${workflows[0].publishedVersion.workflowVersionId}`, admin)
      ).json();
      expect(version.steps.every((s: { ownerRole: string | null; timeLimit: unknown }) => s.ownerRole !== null)).toBe(
        true,
      );
      expect(version.steps[0].timeLimit).toEqual(
        firstClock ? { kind: 'STATUTORY', clockId: firstClock } : expect.objectContaining({ kind: 'DAYS' }),
      );
      expect(version.stages.length).toBeGreaterThan(0);
      const frozen = await caseCall(host, 'POST', `/admin/step/workflow/${version.workflowVersionId}`, admin, {
        kind: 'MEETING',
        name: 'Extra',
      });
      expect(frozen.statusCode).toBe(409);

      // The readiness call: a process, no committee yet.
      const before = await caseCall(host, 'GET', '/complaint-readiness', admin);
      expect(before.json()).toEqual({
        processPublished: true,
        committeeConstituted: false,
        compliance,
        casesWithoutCommittee: 0,
      });

      const filed = await caseCall(host, 'POST', '/complaints', employee, complaint(`employee@${slug}.test`));
      expect(filed.statusCode, filed.body).toBe(200);
      expect(filed.json()).toMatchObject({
        caseNumber: 'C-0001',
        status: 'OPEN',
        role: 'COMPLAINANT',
        referral: 'LOCAL_COMMITTEE',
      });

      // The case no committee hears shows to the admin as a count (never the case itself).
      const after = await caseCall(host, 'GET', '/complaint-readiness', admin);
      expect(after.json()).toMatchObject({ committeeConstituted: false, casesWithoutCommittee: 1 });
      expect((await caseCall(host, 'GET', `/complaints/${filed.json().complaintId}`, admin)).statusCode).toBe(404);
      // The employee is not told the workspace's setup.
      expect((await caseCall(host, 'GET', '/complaint-readiness', employee)).statusCode).toBe(403);
      // The product published it (no actor), in the workspace's log.
      const events = await server.db.query<{ action: string; actor_user_id: string | null }>(
        `SELECT action, actor_user_id FROM audit_events WHERE workspace_id = $1 AND action = 'workflow.publish'`,
        [workspaceId],
      );
      expect(events).toEqual([{ action: 'workflow.publish', actor_user_id: null }]);
    },
  );

  it('refuses an unknown jurisdiction with a 400 naming the field, and creates nothing', async () => {
    const bad = await createWorkspace('atlantis-co', 'ZZ-9');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('jurisdictionCode');
    expect(await server.db.query(`SELECT 1 FROM workspaces WHERE slug = 'atlantis-co'`)).toHaveLength(0);
  });

  it('declares the jurisdiction on the workspace, as its compliance page does', async () => {
    const [row] = await server.db.query<{ code: string }>(
      `SELECT j.code FROM workspace_jurisdictions wj JOIN jurisdictions j ON j.id = wj.jurisdiction_id
         JOIN workspaces w ON w.id = wj.workspace_id WHERE w.slug = 'karnataka-co'`,
    );
    expect(row.code).toBe('IN-KA');
  });
});
