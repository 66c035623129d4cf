import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { buildPolicyWorkspaces, caller, MAIN, policyWithPdfs, type PolicyWorkspaces } from './support';
import { buildPlatformAdmin, buildTranslatedPublishedCourse, type BuiltWorkspace } from '../support/factories';

const COURSE = 'Preventing Sexual Harassment at Work';

describe.each(DATABASES)('a workspace’s compliance status on %s', (kind) => {
  let server: TestServer;
  /** The test's workspace, its people and another workspace (buildPolicyWorkspaces). */
  let ws: BuiltWorkspace, elsewhere: BuiltWorkspace, ACME: string, GLOBEX: string;
  const built = {} as Pick<PolicyWorkspaces, 'employee' | 'buadmin'>;
  let call: ReturnType<typeof caller>;
  let platform: string;
  let admin: string;
  let employee: string;
  let globexAdmin: string;
  let acmeId: string;
  let employeeId: string;
  let india: string;
  let ontario: string;
  let cataloguePolicyId: string;

  const people = async () =>
    (
      await server.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM users WHERE workspace_id = $1 AND status <> 'INACTIVE'`,
        [acmeId],
      )
    )[0].n;
  const status = async (token = admin, host = ACME) => {
    const res = await call('GET', host, '/compliance/status', token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const obligation = async (title: string) => {
    const body = await status();
    return body.jurisdictions
      .flatMap((j: { obligations: { title: string }[] }) => j.obligations)
      .find((o: { title: string }) => o.title === title);
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    const made = await buildPolicyWorkspaces(server);
    ({ ws, elsewhere } = made);
    Object.assign(built, { employee: made.employee, buadmin: made.buadmin });
    ACME = ws.host;
    GLOBEX = elsewhere.host;
    // The course the jurisdiction's training obligation names.
    await buildTranslatedPublishedCourse(server, ws, { title: COURSE });
    call = caller(server);
    platform = await buildPlatformAdmin(server);
    admin = await server.signIn(ACME, ws.admin.email);
    employee = built.employee.token;
    globexAdmin = await server.signIn(GLOBEX, elsewhere.admin.email);
    acmeId = ws.id;
    // The workspace was created under India's jurisdiction: these tests declare their own.
    await server.db.system((tx) =>
      tx.query(`DELETE FROM workspace_jurisdictions WHERE workspace_id IN ($1, $2)`, [ws.id, elsewhere.id]),
    );
    employeeId = built.employee.id;
    const codes = await server.db.query<{ id: string; code: string }>(
      `SELECT id, code FROM jurisdictions WHERE code IN ('IN', 'CA-ON')`,
    );
    india = codes.find((c) => c.code === 'IN')!.id;
    ontario = codes.find((c) => c.code === 'CA-ON')!.id;
    cataloguePolicyId = await policyWithPdfs(server, platform, 'POSH policy');
    const add = async (body: object) => {
      const res = await call('POST', MAIN, '/admin/compliance/create', platform, body);
      expect(res.statusCode, res.body).toBe(200);
    };
    await add({ jurisdictionId: india, title: 'Train every employee', kind: 'TRAINING', courseTitles: [COURSE] });
    await add({ jurisdictionId: india, title: 'Publish the policy', kind: 'POLICY', policyIds: [cataloguePolicyId] });
    await add({ jurisdictionId: india, title: 'Constitute the Internal Committee', kind: 'COMMITTEE' });
    await add({ jurisdictionId: india, title: 'File the annual report', kind: 'REPORT' });
    await add({
      jurisdictionId: ontario,
      title: 'Workplace harassment training (CA-11)',
      kind: 'TRAINING',
      courseTitles: [COURSE],
    });
  });
  afterAll(async () => server?.close());

  it('shows nothing until the workspace declares a jurisdiction; declaring is audited; an unknown one is 400 on the field', async () => {
    expect((await status()).jurisdictions).toEqual([]);
    const bad = await call('PUT', ACME, '/compliance/jurisdictions', admin, {
      jurisdictionIds: ['00000000-0000-4000-8000-000000000001'],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('jurisdictionIds');
    const res = await call('PUT', ACME, '/compliance/jurisdictions', admin, { jurisdictionIds: [india] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().declared.map((j: { code: string }) => j.code)).toEqual(['IN']);
    expect(res.json().choices.length).toBeGreaterThan(40);
    const audit = await server.db.query(
      `SELECT action FROM audit_events WHERE workspace_id = $1 AND action = 'compliance.jurisdictions-declared'`,
      [acmeId],
    );
    expect(audit).toHaveLength(1);
    const body = await status();
    expect(body.jurisdictions.map((j: { jurisdiction: { code: string } }) => j.jurisdiction.code)).toEqual(['IN']);
    expect(body.jurisdictions[0].obligations.map((o: { title: string }) => o.title)).toEqual([
      'Train every employee',
      'Publish the policy',
      'Constitute the Internal Committee',
      'File the annual report',
    ]);
    expect(body.jurisdictions[0].trainingCadence).toBe(false);
  });

  it('computes training assigned and completed percentages from the assignments', async () => {
    await server.db.query(`UPDATE course_assignments SET unassigned_at = now() WHERE workspace_id = $1`, [acmeId]);
    expect(await obligation('Train every employee')).toMatchObject({
      state: 'MISSING',
      missing: 'The course is not assigned to anyone',
    });
    const courseId = (
      await server.db.query<{ id: string }>(`SELECT id FROM courses WHERE workspace_id = $1 AND title = $2`, [
        acmeId,
        COURSE,
      ])
    )[0].id;
    const assigned = await call('POST', ACME, '/course/assign-course-to-users', admin, {
      courseId,
      userIds: [employeeId],
      due: { kind: 'DATE', date: '2099-01-31' },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const n = await people();
    const training = await obligation('Train every employee');
    expect(training).toMatchObject({
      state: 'PARTIAL',
      dueOn: '2099-01-31',
      training: { courses: [COURSE], assignedPercent: Math.floor(100 / n), completedPercent: 0 },
      evidence: `1 of ${n} people assigned (${Math.floor(100 / n)} %), 0 completed (0 % of those assigned)`,
    });
    expect(training.missing).toContain('1 person has not completed it');
    await server.db.query(
      `UPDATE course_assignments SET status = 'COMPLETED', completed_at = now() WHERE workspace_id = $1 AND user_id = $2`,
      [acmeId, employeeId],
    );
    expect((await obligation('Train every employee')).training.completedPercent).toBe(100);
  });

  it('counts the linked policy: missing until published, then acceptances awaited with their due date', async () => {
    expect(await obligation('Publish the policy')).toMatchObject({
      state: 'MISSING',
      missing: 'The policy is not published',
      policies: [{ title: 'POSH policy', published: false }],
    });
    expect(
      (await call('POST', ACME, '/policy/publish', admin, { cataloguePolicyId, scope: 'WORKSPACE', daysToAccept: 14 }))
        .statusCode,
    ).toBe(200);
    const n = await people();
    const policy = await obligation('Publish the policy');
    expect(policy).toMatchObject({
      state: 'PARTIAL',
      evidence: `0 of ${n} acceptances (0 %)`,
      policies: [{ title: 'POSH policy', published: true, inScope: n, accepted: 0 }],
    });
    expect(policy.dueOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('reads the Internal Committee and its term; keeps the annual report "not yet tracked"', async () => {
    await server.db.query(`DELETE FROM committees WHERE workspace_id = $1 AND branch_id IS NULL`, [acmeId]);
    expect(await obligation('Constitute the Internal Committee')).toMatchObject({
      state: 'MISSING',
      missing: 'No Internal Committee is constituted',
      committee: null,
    });
    const [c] = await server.db.query<{ id: string }>(
      `INSERT INTO committees (workspace_id, name, term_start, term_end) VALUES ($1, 'Acme IC', '2026-01-01', '2029-01-01') RETURNING id`,
      [acmeId],
    );
    await server.db.query(
      `INSERT INTO committee_members (workspace_id, committee_id, user_id, role, gender, position) VALUES ($1, $2, $3, 'PRESIDING_OFFICER', 'WOMAN', 0)`,
      [acmeId, c.id, employeeId],
    );
    expect(await obligation('Constitute the Internal Committee')).toMatchObject({
      state: 'MET',
      dueOn: '2029-01-01',
      committee: { name: 'Acme IC', termStart: '2026-01-01', termEnd: '2029-01-01', members: 1 },
    });
    expect(await obligation('File the annual report')).toMatchObject({
      state: 'NOT_TRACKED',
      missing: 'See Statutory returns and Legal rules below: SafePlace makes the returns and tracks them there',
    });
  });

  it('lists CA-11’s cadence per person once a Canadian jurisdiction is declared, late first', async () => {
    expect((await call('GET', ACME, '/compliance/training-cadence', admin)).json().items).toEqual([]);
    expect(
      (await call('PUT', ACME, '/compliance/jurisdictions', admin, { jurisdictionIds: [india, ontario] })).statusCode,
    ).toBe(200);
    expect(
      (await status()).jurisdictions.find((j: { jurisdiction: { code: string } }) => j.jurisdiction.code === 'CA-ON')
        .trainingCadence,
    ).toBe(true);
    await server.db.query(`UPDATE users SET date_of_joining = '2020-01-15' WHERE workspace_id = $1`, [acmeId]);
    await server.db.query(
      `UPDATE course_assignments SET completed_at = '2026-06-01T10:00:00Z' WHERE workspace_id = $1 AND user_id = $2`,
      [acmeId, employeeId],
    );
    const res = await call('GET', ACME, '/compliance/training-cadence?pageSize=200', admin);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().items as { userId: string; state: string; dueOn: string; lastCompletedOn: string | null }[];
    expect(res.json().total).toBe(await people());
    expect(rows.find((r) => r.userId === employeeId)).toMatchObject({
      state: 'DONE',
      lastCompletedOn: '2026-06-01',
      dueOn: '2029-06-01',
    });
    expect(rows[0]).toMatchObject({ state: 'OVERDUE', lastCompletedOn: null, dueOn: '2020-04-15' });
    const late = await call('GET', ACME, '/compliance/training-cadence?state=OVERDUE', admin);
    expect(late.json().total).toBe((await people()) - 1);
  });

  it('keeps each workspace’s declarations its own, refuses employees, and closes with the Compliance switch', async () => {
    expect((await status(globexAdmin, GLOBEX)).jurisdictions).toEqual([]);
    expect((await call('GET', GLOBEX, '/compliance/jurisdictions', globexAdmin)).json().declared).toEqual([]);
    expect((await call('GET', ACME, '/compliance/status', employee)).statusCode).toBe(403);
    expect((await call('PUT', ACME, '/compliance/jurisdictions', employee, { jurisdictionIds: [] })).statusCode).toBe(
      403,
    );
    const modules = (on: boolean) =>
      server.request(MAIN, {
        method: 'POST',
        url: '/main-api/api/admin/workspace-nav',
        token: platform,
        payload: { workspaceId: acmeId, modules: { compliance: on } },
      });
    expect((await modules(false)).statusCode).toBe(200);
    try {
      const res = await call('GET', ACME, '/compliance/status', admin);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('MODULE_DISABLED');
      // The rest of the learning API stays open.
      expect((await call('GET', ACME, '/policy/all', admin)).statusCode).toBe(200);
    } finally {
      expect((await modules(true)).statusCode).toBe(200);
    }
    expect((await call('GET', ACME, '/compliance/status', admin)).statusCode).toBe(200);
  });

  it('answers to the Compliance switch alone: with courses and policies off, the compliance page still reads', async () => {
    const modules = (on: boolean) =>
      server.request(MAIN, {
        method: 'POST',
        url: '/main-api/api/admin/workspace-nav',
        token: platform,
        payload: { workspaceId: acmeId, modules: { courses: on } },
      });
    expect((await modules(false)).statusCode).toBe(200);
    try {
      expect((await call('GET', ACME, '/policy/all', admin)).json().code).toBe('MODULE_DISABLED');
      expect((await call('GET', ACME, '/compliance/status', admin)).statusCode).toBe(200);
    } finally {
      expect((await modules(true)).statusCode).toBe(200);
    }
  });
});
