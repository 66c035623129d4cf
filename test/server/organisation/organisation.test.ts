import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { SECURITY_ACTIONS } from '../../../src/domain/audit/audit-actions';

const ACME = 'acme.localhost';
const GLOBEX = 'globex.localhost';
const API = '/main-api/api';

const PNG = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3, 4,
]);
const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

async function logoForm(name: string, content: Uint8Array, type: string, field = 'logo') {
  const form = new FormData();
  form.append(field, new Blob([content as BlobPart], { type }), name);
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  };
}

describe.each(DATABASES)('workspace administration on %s', (kind) => {
  let server: TestServer;
  let admin: string;
  let employer: string;
  let buadmin: string;
  let employee: string;
  let globexAdmin: string;
  let hq: string;
  let pune: string;
  let globexUnit: string;
  let globexDepartment: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    [admin, employer, buadmin, employee, globexAdmin] = await Promise.all([
      server.signIn(ACME, 'admin@acme.test'),
      server.signIn(ACME, 'employer@acme.test'),
      server.signIn(ACME, 'buadmin@acme.test'),
      server.signIn(ACME, 'employee@acme.test'),
      server.signIn(GLOBEX, 'admin@globex.test'),
    ]);
    const units = (await call('GET', '/workspace/branches')).json().items as {
      branchId: string;
      headquarter: boolean;
      branchName: string;
    }[];
    hq = units.find((u) => u.headquarter)!.branchId;
    pune = units.find((u) => u.branchName === 'Acme Pune')!.branchId;
    const globexUnits = (await call('GET', '/workspace/branches', undefined, globexAdmin, GLOBEX)).json().items;
    globexUnit = globexUnits[0].branchId;
    const globexDeps = await call('GET', '/department/search', undefined, globexAdmin, GLOBEX);
    expect(globexDeps.statusCode, globexDeps.body).toBe(200);
    globexDepartment = globexDeps.json().items[0].departmentId;
  });
  afterAll(async () => server?.close());

  function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin, host = ACME) {
    return server.request(host, { method, url: `${API}${url}`, token, ...(payload ? { payload } : {}) });
  }
  async function newUnit(name: string, token = admin) {
    const res = await call('POST', '/workspace/create-branch', { branchName: name }, token);
    expect(res.statusCode).toBe(200);
    return res.json() as { branchId: string; branchName: string; headquarter: boolean; userCount: number };
  }
  async function headquarters(): Promise<string[]> {
    const items = (await call('GET', '/workspace/branches?pageSize=100')).json().items as {
      branchId: string;
      headquarter: boolean;
    }[];
    return items.filter((u) => u.headquarter).map((u) => u.branchId);
  }
  async function auditActions(action: string) {
    const res = await call('GET', `/audit/events?category=admin&action=${encodeURIComponent(action)}&pageSize=100`);
    expect(res.statusCode).toBe(200);
    return res.json().items as { action: string; actor: string; target: string; details: Record<string, unknown> }[];
  }
  async function moveSomeoneTo(branchId: string, departmentId: string | null = null): Promise<string> {
    // An employee of Acme moved into the unit directly (user administration is another screen's work).
    const [row] = await server.db.tenant((await workspaceId(ACME))!, (tx) =>
      tx.query<{ id: string }>(
        `UPDATE users SET branch_id = $1, department_id = $2
          WHERE id = (SELECT id FROM users WHERE email LIKE '%@acme.test' AND role = 'EMPLOYEE' AND email <> 'employee@acme.test'
                       AND branch_id <> $1 ORDER BY email LIMIT 1) RETURNING id`,
        [branchId, departmentId],
      ),
    );
    return row.id;
  }
  async function workspaceId(host: string) {
    const [row] = await server.db.query<{ id: string }>(`SELECT id FROM workspaces WHERE workspace_url = $1`, [host]);
    return row?.id;
  }
  async function userRow(id: string) {
    const [row] = await server.db.tenant((await workspaceId(ACME))!, (tx) =>
      tx.query<{ branch_id: string | null; department_id: string | null }>(
        `SELECT branch_id, department_id FROM users WHERE id = $1`,
        [id],
      ),
    );
    return row;
  }

  describe('business units', () => {
    it('lists units with user and department counts, paged and searchable; a unit admin sees only their own', async () => {
      const all = await call('GET', '/workspace/branches?page=0&pageSize=1');
      expect(all.statusCode).toBe(200);
      expect(all.json()).toMatchObject({ page: 0, pageSize: 1, total: expect.any(Number) });
      expect(all.json().items).toHaveLength(1);
      expect(all.json().items[0]).toMatchObject({
        headquarter: true,
        userCount: expect.any(Number),
        departmentCount: 3,
      });
      const search = (await call('GET', '/workspace/branches?search=pune')).json();
      expect(search.items.map((u: { branchName: string }) => u.branchName)).toEqual(['Acme Pune']);
      const own = (await call('GET', '/workspace/branches', undefined, buadmin)).json();
      expect(own.items.map((u: { branchId: string }) => u.branchId)).toEqual([pune]);
      expect((await call('GET', '/workspace/branches', undefined, employee)).statusCode).toBe(403);
    });

    it('creates a unit (audited), refuses a taken name with 409 naming the field, and a blank name with 400', async () => {
      const unit = await newUnit('Acme Chennai');
      expect(unit).toMatchObject({ branchName: 'Acme Chennai', headquarter: false, userCount: 0 });
      const again = await call('POST', '/workspace/create-branch', { branchName: 'acme chennai' });
      expect(again.statusCode).toBe(409);
      expect(again.json().fields).toHaveProperty('branchName');
      const blank = await call('POST', '/workspace/create-branch', { branchName: '   ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().fields).toHaveProperty('branchName');
      const events = await auditActions('branch.created');
      // The trail names the unit, not its id.
      expect(events.find((e) => e.target === 'Acme Chennai')).toMatchObject({
        actor: 'admin@acme.test',
        details: { branchName: 'Acme Chennai' },
      });
    });

    it('lets the employer manage units; refuses business-unit admins and employees with 403', async () => {
      const byEmployer = await newUnit('Acme Employer Unit', employer);
      expect(byEmployer.branchName).toBe('Acme Employer Unit');
      for (const token of [buadmin, employee]) {
        expect((await call('POST', '/workspace/create-branch', { branchName: 'Nope' }, token)).statusCode).toBe(403);
        expect((await call('POST', `/workspace/update-branch/${pune}`, { branchName: 'Nope' }, token)).statusCode).toBe(
          403,
        );
        expect(
          (
            await call(
              'POST',
              '/workspace/delete-branch',
              { branchIds: [byEmployer.branchId], moveUsersToBranchId: hq },
              token,
            )
          ).statusCode,
        ).toBe(403);
        expect((await call('PUT', `/workspace/branch/${pune}/bg-color/112233`, undefined, token)).statusCode).toBe(403);
      }
    });

    it('renames a unit and moves the headquarters: always exactly one', async () => {
      const unit = await newUnit('Acme Kochi');
      const renamed = await call('POST', `/workspace/update-branch/${unit.branchId}`, {
        branchName: 'Acme Kochi North',
      });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json().branchName).toBe('Acme Kochi North');

      const unset = await call('POST', `/workspace/update-branch/${hq}`, { headquarter: false });
      expect(unset.statusCode).toBe(409);
      expect(unset.json().fields).toHaveProperty('headquarter');
      expect(await headquarters()).toEqual([hq]);
      // A rename asked with the refused change is not kept either: nothing of a refused change is written.
      const hqName = (await call('GET', '/workspace/branches?pageSize=100'))
        .json()
        .items.find((u: { branchId: string }) => u.branchId === hq).branchName;
      const both = await call('POST', `/workspace/update-branch/${hq}`, {
        branchName: 'Renamed HQ',
        headquarter: false,
      });
      expect(both.statusCode).toBe(409);
      const after = (await call('GET', '/workspace/branches?pageSize=100')).json().items;
      expect(after.find((u: { branchId: string }) => u.branchId === hq).branchName).toBe(hqName);

      const moved = await call('POST', `/workspace/update-branch/${unit.branchId}`, { headquarter: true });
      expect(moved.statusCode).toBe(200);
      expect(moved.json().headquarter).toBe(true);
      expect(await headquarters()).toEqual([unit.branchId]);
      expect((await auditActions('branch.headquarters-moved')).some((e) => e.target === 'Acme Kochi North')).toBe(true);

      const back = await call('POST', `/workspace/update-branch/${hq}`, { headquarter: true });
      expect(back.statusCode).toBe(200);
      expect(await headquarters()).toEqual([hq]);
    });

    it("answers another workspace's unit with 404, and bad ids and colours with 400", async () => {
      expect(
        (await call('POST', `/workspace/update-branch/${globexUnit}`, { branchName: 'Taken over' })).statusCode,
      ).toBe(404);
      expect(
        (await call('POST', '/workspace/delete-branch', { branchIds: [globexUnit], moveUsersToBranchId: hq }))
          .statusCode,
      ).toBe(404);
      expect((await call('PUT', `/workspace/branch/${globexUnit}/bg-color/112233`)).statusCode).toBe(404);
      const badId = await call('POST', '/workspace/update-branch/not-an-id', { branchName: 'x' });
      expect(badId.statusCode).toBe(400);
      expect(badId.json().fields).toHaveProperty('id');
      const badHex = await call('PUT', `/workspace/branch/${pune}/bg-color/zz11gg`);
      expect(badHex.statusCode).toBe(400);
      expect(badHex.json().fields).toHaveProperty('hex');
      // Globex's own unit is untouched.
      const globex = (await call('GET', '/workspace/branches', undefined, globexAdmin, GLOBEX)).json().items;
      expect(globex.map((u: { branchName: string }) => u.branchName)).toContain('Globex Headquarters');
    });

    it('sets a unit colour (audited)', async () => {
      const unit = await newUnit('Acme Colours');
      const res = await call('PUT', `/workspace/branch/${unit.branchId}/bg-color/AA3355`);
      expect(res.statusCode).toBe(200);
      expect(res.json().backgroundColor).toBe('#aa3355');
      expect((await auditActions('branch.colour-set')).find((e) => e.target === 'Acme Colours')?.details).toEqual({
        backgroundColor: '#aa3355',
      });
    });

    it('never deletes the headquarters', async () => {
      const res = await call('POST', '/workspace/delete-branch', { branchIds: [hq], moveUsersToBranchId: pune });
      expect(res.statusCode).toBe(409);
      expect(await headquarters()).toEqual([hq]);
    });

    it('asks where the people go before deleting a unit that has people, and never leaves anyone without a unit', async () => {
      const unit = await newUnit('Acme Mysore');
      const dep = (await call('POST', '/department', { departmentName: 'Logistics', branchId: unit.branchId })).json()
        .created[0];
      const person = await moveSomeoneTo(unit.branchId, dep.departmentId);
      await call('POST', `/department/${dep.departmentId}/manager`, { userId: person, role: 'HEAD' });

      const noTarget = await call('POST', '/workspace/delete-branch', { branchIds: [unit.branchId] });
      expect(noTarget.statusCode).toBe(400);
      expect(noTarget.json().fields).toHaveProperty('moveUsersToBranchId');
      expect(noTarget.json().message).toContain('1 person');
      const toItself = await call('POST', '/workspace/delete-branch', {
        branchIds: [unit.branchId],
        moveUsersToBranchId: unit.branchId,
      });
      expect(toItself.statusCode).toBe(400);
      expect(await userRow(person)).toEqual({ branch_id: unit.branchId, department_id: dep.departmentId });

      const res = await call('POST', '/workspace/delete-branch', {
        branchIds: [unit.branchId],
        moveUsersToBranchId: pune,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ deletedBranchIds: [unit.branchId], movedUsers: 1, deletedDepartments: 1 });
      // The person is in the target unit, with no department; the unit's department is gone with it.
      expect(await userRow(person)).toEqual({ branch_id: pune, department_id: null });
      const departments = (await call('GET', `/department/search?search=Logistics`)).json();
      expect(departments.total).toBe(0);
      const [{ n }] = await server.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM users WHERE branch_id IS NULL AND email LIKE '%@acme.test'`,
      );
      expect(n).toBe(0);
      const events = await auditActions('branch.deleted');
      // A deleted unit is still named, from the event's details.
      expect(events.find((e) => e.target === 'Acme Mysore')?.details).toMatchObject({
        branchName: 'Acme Mysore',
        movedUsers: 1,
        movedUsersTo: pune,
      });
    });

    it('deletes an empty unit without a target, and drops it from workflow versions instead of failing', async () => {
      const unit = await newUnit('Acme Empty');
      const wf = await server.request(ACME, {
        method: 'POST',
        url: '/case-api/api/admin/workflow',
        token: admin,
        payload: { workflowName: 'Unit workflow', workflowDescription: '', branchIdList: [unit.branchId, pune] },
      });
      expect(wf.statusCode).toBe(200);
      const res = await call('POST', '/workspace/delete-branch', { branchIds: [unit.branchId] });
      expect(res.statusCode).toBe(200);
      expect(res.json().movedUsers).toBe(0);
      const [row] = await server.db.query<{ branch_ids: string[] }>(
        `SELECT branch_ids FROM workflow_versions WHERE workflow_id = $1 ORDER BY version_number LIMIT 1`,
        [wf.json().workflowId],
      );
      if (row) expect(row.branch_ids).not.toContain(unit.branchId);
      const branches = await server.db.query(`SELECT 1 FROM workflow_branches WHERE branch_id = $1`, [unit.branchId]);
      expect(branches).toHaveLength(0);
    });
  });

  describe('departments', () => {
    it('lists departments paged and filtered by unit; a unit admin sees only their unit and gets 404 for another', async () => {
      const all = (await call('GET', '/department/search?pageSize=2')).json();
      expect(all.items).toHaveLength(2);
      expect(all.total).toBeGreaterThanOrEqual(6);
      const inPune = (await call('GET', `/department/search?branchId=${pune}`)).json();
      expect(
        inPune.items.every(
          (d: { branchId: string; branchName: string }) => d.branchId === pune && d.branchName === 'Acme Pune',
        ),
      ).toBe(true);
      const own = (await call('GET', '/department/search', undefined, buadmin)).json();
      expect(own.items.length).toBeGreaterThan(0);
      expect(own.items.every((d: { branchId: string }) => d.branchId === pune)).toBe(true);
      expect((await call('GET', `/department/search?branchId=${hq}`, undefined, buadmin)).statusCode).toBe(404);
      expect((await call('GET', `/department/search?branchId=${globexUnit}`)).json().total).toBe(0);
    });

    it("lists a unit's departments as a picker; a unit admin asking for another unit gets 404", async () => {
      const own = await call('POST', '/department/list', { branchId: pune }, buadmin);
      expect(own.statusCode).toBe(200);
      expect(own.json().every((d: { branchId: string }) => d.branchId === pune)).toBe(true);
      const other = await call('POST', '/department/list', { branchId: hq }, buadmin);
      expect([other.statusCode, other.json()]).toEqual([
        404,
        { code: 'NOT_FOUND', message: 'Business unit not found' },
      ]);
      const units = (await call('GET', '/workspace/all-branches1', undefined, buadmin)).json();
      expect(units.map((u: { branchId: string }) => u.branchId)).toEqual([pune]);
    });

    it('shows the seeded department managers', async () => {
      const engineering = (await call('GET', `/department/search?branchId=${hq}&search=Engineering`)).json().items[0];
      expect(engineering.managerCount).toBe(2);
      const managers = (await call('GET', `/department/${engineering.departmentId}/managers`)).json();
      expect(managers.map((m: { email: string; role: string }) => [m.role, m.email])).toEqual([
        ['HEAD', 'employer@acme.test'],
        ['MANAGER', 'priya.rao1@acme.test'],
      ]);
    });

    it('creates for one unit or for all, refuses a duplicate (409) and a missing unit (400)', async () => {
      const one = await call('POST', '/department', { departmentName: 'Finance', branchId: pune });
      expect(one.statusCode).toBe(200);
      expect(one.json().created).toHaveLength(1);
      const dup = await call('POST', '/department', { departmentName: 'finance', branchId: pune });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().fields).toHaveProperty('departmentName');
      const all = await call('POST', '/department', { departmentName: 'Finance', allBranch: true });
      expect(all.statusCode).toBe(200);
      const units = (await call('GET', '/workspace/branches?pageSize=100')).json().total;
      // Every unit but Pune (which had it) got it.
      expect(all.json().created).toHaveLength(units - 1);
      const neither = await call('POST', '/department', { departmentName: 'Legal' });
      expect(neither.statusCode).toBe(400);
      expect(neither.json().fields).toHaveProperty('branchId');
      expect((await call('POST', '/department', { departmentName: 'Legal', branchId: globexUnit })).statusCode).toBe(
        404,
      );
      expect((await call('POST', '/department', { departmentName: 'Legal', branchId: pune }, buadmin)).statusCode).toBe(
        403,
      );
      expect((await auditActions('department.created')).some((e) => e.details.departmentName === 'Finance')).toBe(true);
    });

    it("renames a department; another workspace's department is 404", async () => {
      const created = (await call('POST', '/department', { departmentName: 'Ops', branchId: pune })).json().created[0];
      const res = await call('POST', `/department/update/${created.departmentId}`, { departmentName: 'Operations' });
      expect(res.statusCode).toBe(200);
      expect(res.json().departmentName).toBe('Operations');
      expect(
        (await call('POST', `/department/update/${globexDepartment}`, { departmentName: 'Mine' })).statusCode,
      ).toBe(404);
      expect((await auditActions('department.renamed')).find((e) => e.target === 'Operations')?.details).toEqual({
        from: 'Ops',
        to: 'Operations',
      });
    });

    it('deletes by department-unit pairs: its people keep their unit with no department; a wrong pair is 404', async () => {
      const created = (await call('POST', '/department', { departmentName: 'Temporary', branchId: hq })).json()
        .created[0];
      const person = await moveSomeoneTo(hq, created.departmentId);
      const listed = (await call('GET', `/department/search?search=Temporary`)).json().items[0];
      expect(listed.userCount).toBe(1);
      const wrongPair = await call('POST', '/department/delete', {
        departmentBranches: [{ departmentId: created.departmentId, branchId: pune }],
      });
      expect(wrongPair.statusCode).toBe(404);
      const foreign = await call('POST', '/department/delete', {
        departmentBranches: [{ departmentId: globexDepartment, branchId: globexUnit }],
      });
      expect(foreign.statusCode).toBe(404);
      const res = await call('POST', '/department/delete', {
        departmentBranches: [{ departmentId: created.departmentId, branchId: hq }],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ deleted: 1, usersWithoutDepartment: 1 });
      expect(await userRow(person)).toEqual({ branch_id: hq, department_id: null });
      const empty = await call('POST', '/department/delete', { departmentBranches: [] });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().fields).toHaveProperty('departmentBranches');
    });

    it('appoints, lists and removes department managers (audited); checks roles and workspaces', async () => {
      const dep = (await call('POST', '/department', { departmentName: 'Quality', branchId: pune })).json().created[0];
      const candidates = (await call('GET', '/department/manager-candidates?search=employee')).json();
      const esha = candidates.find((c: { email: string }) => c.email === 'employee@acme.test');
      expect(esha).toMatchObject({ name: 'Esha Employee' });
      expect((await call('GET', '/department/manager-candidates?search=globex')).json()).toEqual([]);

      const add = await call('POST', `/department/${dep.departmentId}/manager`, { userId: esha.userId, role: 'HEAD' });
      expect(add.statusCode).toBe(200);
      expect(add.json()).toMatchObject({ userId: esha.userId, role: 'HEAD', email: 'employee@acme.test' });
      const again = await call('POST', `/department/${dep.departmentId}/manager`, {
        userId: esha.userId,
        role: 'MANAGER',
      });
      expect(again.json().role).toBe('MANAGER');
      const list = await call('GET', `/department/${dep.departmentId}/managers`);
      expect(list.json()).toHaveLength(1);
      // The unit's admin may read its departments' managers, not change them.
      expect((await call('GET', `/department/${dep.departmentId}/managers`, undefined, buadmin)).statusCode).toBe(200);
      expect(
        (await call('POST', `/department/${dep.departmentId}/manager`, { userId: esha.userId, role: 'HEAD' }, buadmin))
          .statusCode,
      ).toBe(403);
      expect(
        (await call('DELETE', `/department/${dep.departmentId}/manager/${esha.userId}`, undefined, employee))
          .statusCode,
      ).toBe(403);

      const badRole = await call('POST', `/department/${dep.departmentId}/manager`, {
        userId: esha.userId,
        role: 'BOSS',
      });
      expect(badRole.statusCode).toBe(400);
      expect(badRole.json().fields).toHaveProperty('role');
      const globexUser = (
        await call('GET', '/department/manager-candidates?search=gita', undefined, globexAdmin, GLOBEX)
      ).json()[0].userId;
      expect(
        (await call('POST', `/department/${dep.departmentId}/manager`, { userId: globexUser, role: 'HEAD' }))
          .statusCode,
      ).toBe(404);
      expect((await call('GET', `/department/${globexDepartment}/managers`)).statusCode).toBe(404);
      expect(
        (await call('POST', `/department/${globexDepartment}/manager`, { userId: esha.userId, role: 'HEAD' }))
          .statusCode,
      ).toBe(404);

      const removed = await call('DELETE', `/department/${dep.departmentId}/manager/${esha.userId}`);
      expect(removed.statusCode).toBe(200);
      expect((await call('GET', `/department/${dep.departmentId}/managers`)).json()).toEqual([]);
      expect((await call('DELETE', `/department/${dep.departmentId}/manager/${esha.userId}`)).statusCode).toBe(404);
      expect((await auditActions('department.manager-added')).some((e) => e.details.departmentName === 'Quality')).toBe(
        true,
      );
      expect(
        (await auditActions('department.manager-removed')).some((e) => e.details.departmentName === 'Quality'),
      ).toBe(true);
    });
  });

  describe('branding', () => {
    it('sets the workspace colour (shown in the company profile, audited); bad hex is 400; others are refused', async () => {
      const res = await call('PUT', '/workspace/bg-color/0A7B83');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ backgroundColor: '#0a7b83' });
      const profile = (
        await server.request(ACME, { method: 'GET', url: `${API}/workspace/company-profile/${ACME}` })
      ).json();
      expect(profile.backgroundColor).toBe('#0a7b83');
      for (const hex of ['12345', 'ggg000', '%23123456', '1234567']) {
        const bad = await call('PUT', `/workspace/bg-color/${hex}`);
        expect(bad.statusCode, hex).toBe(400);
      }
      expect((await call('PUT', '/workspace/bg-color/123456', undefined, employer)).statusCode).toBe(403);
      expect((await call('PUT', '/workspace/bg-color/123456', undefined, employee)).statusCode).toBe(403);
      expect((await auditActions('workspace.colour-set'))[0].details).toMatchObject({ to: '#0a7b83' });
      // Globex keeps its own colour.
      const globex = (
        await server.request(GLOBEX, { method: 'GET', url: `${API}/workspace/company-profile/${GLOBEX}` })
      ).json();
      expect(globex.backgroundColor).toBe('#2f9e44');
    });

    it('answers 404 for the profile of an address that is no workspace', async () => {
      const none = await server.request(ACME, {
        method: 'GET',
        url: `${API}/workspace/company-profile/nobody.localhost`,
      });
      expect([none.statusCode, none.json()]).toEqual([
        404,
        { code: 'NOT_FOUND', message: 'There is no workspace at this address' },
      ]);
    });

    it('accepts a PNG logo by its content and serves it from the same origin; the sign-in profile shows it', async () => {
      const upload = await call('POST', '/workspace/logo', undefined, admin);
      expect(upload.statusCode).toBe(400);
      const form = await logoForm('logo.txt', PNG, 'text/plain');
      const res = await server.request(ACME, { method: 'POST', url: `${API}/workspace/logo`, token: admin, ...form });
      expect(res.statusCode).toBe(200);
      const url = res.json().companyLogo as string;
      expect(url).toMatch(/^\/main-api\/api\/workspace\/logo\/[0-9a-f]{16}$/);
      const profile = (
        await server.request(ACME, { method: 'GET', url: `${API}/workspace/company-profile/${ACME}` })
      ).json();
      expect(profile.companyLogo).toBe(url);
      const image = await server.request(ACME, { method: 'GET', url });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      expect(Buffer.from(image.rawPayload).equals(Buffer.from(PNG))).toBe(true);
      // Another workspace's host has no such logo.
      expect((await server.request(GLOBEX, { method: 'GET', url })).statusCode).toBe(404);
      expect((await auditActions('workspace.logo-uploaded'))[0].details).toMatchObject({ contentType: 'image/png' });
    });

    it('refuses SVG and other non-images whatever their name (400), and logos over 512 KB (413)', async () => {
      const svg = await server.request(ACME, {
        method: 'POST',
        url: `${API}/workspace/logo`,
        token: admin,
        ...(await logoForm('logo.png', SVG, 'image/png')),
      });
      expect(svg.statusCode).toBe(400);
      expect(svg.json()).toMatchObject({ code: 'UNSUPPORTED_IMAGE', fields: { logo: expect.any(String) } });
      const gif = await server.request(ACME, {
        method: 'POST',
        url: `${API}/workspace/logo`,
        token: admin,
        ...(await logoForm('logo.gif', new TextEncoder().encode('GIF89a......'), 'image/gif')),
      });
      expect(gif.statusCode).toBe(400);
      const big = new Uint8Array(512 * 1024 + 1);
      big.set(PNG);
      const tooBig = await server.request(ACME, {
        method: 'POST',
        url: `${API}/workspace/logo`,
        token: admin,
        ...(await logoForm('big.png', big, 'image/png')),
      });
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json().message).toContain('512 KB');
      const wrongField = await server.request(ACME, {
        method: 'POST',
        url: `${API}/workspace/logo`,
        token: admin,
        ...(await logoForm('l.png', PNG, 'image/png', 'file')),
      });
      expect(wrongField.statusCode).toBe(400);
      const byEmployee = await server.request(ACME, {
        method: 'POST',
        url: `${API}/workspace/logo`,
        token: employee,
        ...(await logoForm('l.png', PNG, 'image/png')),
      });
      expect(byEmployee.statusCode).toBe(403);
    });
  });

  describe('settings and the admin trail', () => {
    it('reads and updates bulk sign-up and the sign-in methods (audited); the company profile follows', async () => {
      // This test server is configured for no social sign-in, so the demo seed offers none (sign-in-methods.test.ts has the rest).
      expect((await call('GET', '/workspace/bulk-signup-setting')).json()).toMatchObject({
        bulkSignUpEnabled: false,
        socialPlatformSet: [],
      });
      const res = await call('PUT', '/workspace/settings', { bulkSignUpEnabled: true, socialPlatformSet: [] });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ bulkSignUpEnabled: true, socialPlatformSet: [] });
      const profile = (
        await server.request(ACME, { method: 'GET', url: `${API}/workspace/company-profile/${ACME}` })
      ).json();
      expect(profile).toMatchObject({ bulkSignUpEnabled: true, socialPlatformSet: [] });
      const bad = await call('PUT', '/workspace/settings', { socialPlatformSet: ['FACEBOOK'] });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().fields).join()).toContain('socialPlatformSet');
      expect((await call('PUT', '/workspace/settings', { bulkSignUpEnabled: false }, employer)).statusCode).toBe(403);
      const off = await call('PUT', '/workspace/settings', { socialPlatformSet: [] });
      expect(off.json()).toMatchObject({ bulkSignUpEnabled: true, socialPlatformSet: [] });
      expect((await auditActions('workspace.settings-updated')).length).toBe(2);
      await call('PUT', '/workspace/settings', { bulkSignUpEnabled: false });
    });

    it('separates admin actions from security events', async () => {
      const admin = (await call('GET', '/audit/events?category=admin&pageSize=100')).json();
      expect(admin.items.length).toBeGreaterThan(0);
      expect(admin.items.every((e: { action: string }) => !SECURITY_ACTIONS.includes(e.action))).toBe(true);
      expect(admin.items.some((e: { action: string }) => e.action === 'branch.created')).toBe(true);
      const security = (await call('GET', '/audit/events?category=security&pageSize=100')).json();
      expect(security.items.some((e: { action: string }) => e.action === 'SIGN_IN')).toBe(true);
      expect(security.items.every((e: { action: string }) => SECURITY_ACTIONS.includes(e.action))).toBe(true);
      expect(security.items.some((e: { action: string }) => e.action.startsWith('branch.'))).toBe(false);
      expect((await call('GET', '/audit/events?category=other')).statusCode).toBe(400);
    });
  });
});
