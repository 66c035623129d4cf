import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, PASSWORD, startTestServer, type TestServer } from '../support/test-app';
import {
  buildBusinessUnit,
  buildDepartment,
  buildUnitUser,
  buildUser,
  buildWorkspace,
  type BuiltUser,
  type BuiltWorkspace,
} from '../support/factories';

/** The workspace's shape: its headquarters and one more business unit, with these many people in each. */
const IN_HQ = 8;
const IN_PUNE = 4;
const EVERYONE = IN_HQ + IN_PUNE;

describe.each(DATABASES)('the directory on %s', (kind) => {
  let server: TestServer;
  let admin: string;
  let buAdmin: string;
  let employer: string;
  let ws: BuiltWorkspace;
  let other: BuiltWorkspace;
  let ACME: string;
  let HQ: string;
  let PUNE: string;
  let employee: BuiltUser;
  let employerUser: BuiltUser;
  let buAdminUser: BuiltUser;
  /** Two people of the headquarters that the bulk deletion removes. */
  const leavers: BuiltUser[] = [];
  const post = (token: string, url: string, payload: object, host: string = ACME) =>
    server.request(host, { method: 'POST', url: `/main-api${url}`, token, payload });
  const branchId = async (name: string) =>
    (
      await server.db.query<{ id: string }>(`SELECT id FROM branches WHERE workspace_id = $1 AND name = $2`, [
        ws.id,
        name,
      ])
    )[0]!.id;

  beforeAll(async () => {
    server = await startTestServer(kind);
    [ws, other] = [await buildWorkspace(server), await buildWorkspace(server)];
    ACME = ws.host;
    HQ = `${ws.companyName} Headquarters`;
    PUNE = `${ws.companyName} Pune`;
    // The headquarters: the admin, an employer, Esha and five more employees, four of whom joined in 2024.
    employerUser = await buildUser(server, ws, { role: 'EMPLOYER', email: `employer@${ws.slug}.test` });
    employee = await buildUser(server, ws, { firstName: 'Esha', lastName: 'Employee' });
    const more = [];
    for (let i = 0; i < IN_HQ - 3; i++)
      more.push(await buildUser(server, ws, { firstName: 'Staff', lastName: `Member ${i}` }));
    leavers.push(more[0]!, more[1]!);
    for (const person of more.slice(0, 4)) {
      const joined = await server.request(ACME, {
        method: 'POST',
        url: `/main-api/api/user/update/${person.id}`,
        token: ws.admin.token,
        payload: { dateOfJoining: '2024-06-03' },
      });
      expect(joined.statusCode).toBe(200);
    }
    // Pune: its business-unit admin and three employees.
    const pune = await buildBusinessUnit(server, ws, { name: PUNE });
    buAdminUser = await buildUnitUser(server, ws, pune.id, { role: 'BRANCH_ADMIN' });
    for (let i = 0; i < IN_PUNE - 1; i++) await buildUnitUser(server, ws, pune.id);
    await buildDepartment(server, ws, ws.headquartersId, { name: 'Finance' });
    admin = await server.signIn(ACME, ws.admin.email);
    buAdmin = buAdminUser.token;
    employer = employerUser.token;
  });
  afterAll(async () => server?.close());

  it('pages the whole workspace for a workspace admin, sorted, each person once', async () => {
    const seen: string[] = [];
    for (let page = 0; page < 3; page++) {
      const res = await post(admin, '/api/workspace/users', { page, pageSize: 5, sortBy: 'email' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ page, pageSize: 5, total: EVERYONE });
      seen.push(...res.json().items.map((u: { email: string }) => u.email));
    }
    expect(seen).toHaveLength(EVERYONE);
    expect(new Set(seen).size).toBe(EVERYONE);
    const desc = (
      await post(admin, '/api/workspace/users', { pageSize: EVERYONE, sortBy: 'email', sortOrder: 'desc' })
    ).json();
    expect(desc.items.map((u: { email: string }) => u.email)).toEqual([...seen].reverse());
  });

  it('filters by business unit, role, status and joining date', async () => {
    const pune = await branchId(PUNE);
    const inPune = (await post(admin, '/api/workspace/users', { branchId: pune, pageSize: 100 })).json();
    expect(inPune.total).toBe(IN_PUNE);
    expect(inPune.items.every((u: { branchName: string }) => u.branchName === PUNE)).toBe(true);
    const buAdmins = (await post(admin, '/api/workspace/users', { role: 'BRANCH_ADMIN' })).json();
    expect(buAdmins.items.map((u: { email: string }) => u.email)).toEqual([buAdminUser.email]);
    const joined = (
      await post(admin, '/api/workspace/users', { joinedFrom: '2024-01-01', joinedTo: '2024-12-31', pageSize: 100 })
    ).json();
    expect(
      joined.items.every(
        (u: { dateOfJoining: string }) => u.dateOfJoining >= '2024-01-01' && u.dateOfJoining <= '2024-12-31',
      ),
    ).toBe(true);
    expect(joined.total).toBeGreaterThanOrEqual(4);
    const invited = (await post(admin, '/api/workspace/users', { status: 'INVITED' })).json();
    expect(invited.total).toBe(0);
  });

  it('holds a business-unit admin to their own unit, whatever the filter says', async () => {
    const hq = await branchId(HQ);
    const mine = (await post(buAdmin, '/api/workspace/users', { pageSize: 100 })).json();
    expect(mine.total).toBe(IN_PUNE);
    const theirs = (await post(buAdmin, '/api/workspace/users', { branchId: hq })).json();
    expect(theirs.total).toBe(0);
    const stats = (
      await server.request(ACME, { method: 'GET', url: '/main-api/api/workspace/users/stats', token: buAdmin })
    ).json();
    expect(stats.total).toBe(IN_PUNE);
  });

  it('searches by name, email or employee-id prefix, wildcards taken literally', async () => {
    const res = (
      await post(admin, '/api/workspace/users/search', { searchText: ws.admin.firstName.toUpperCase() })
    ).json();
    expect(res.items.map((u: { email: string }) => u.email)).toContain(ws.admin.email);
    const wildcard = (await post(admin, '/api/workspace/users/search', { searchText: '%' })).json();
    expect(wildcard.total).toBe(0);
    const quick = await post(admin, '/api/user/search', { category: 'EMAIL', searchText: 'employer@' });
    expect(quick.json().map((u: { email: string }) => u.email)).toEqual([employerUser.email]);
    const byName = (await post(admin, '/api/user/search', { category: 'NAME', searchText: 'employer@' })).json();
    expect(byName).toEqual([]);
    const empty = await post(admin, '/api/workspace/users/search', { searchText: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toHaveProperty('searchText');
  });

  it('counts users by status, role and business unit', async () => {
    const res = await server.request(ACME, {
      method: 'GET',
      url: '/main-api/api/workspace/users/stats',
      token: employer,
    });
    const stats = res.json();
    expect(stats.total).toBe(EVERYONE);
    expect(stats.byRole).toMatchObject({ WORKSPACE_ADMIN: 1, EMPLOYER: 1, BRANCH_ADMIN: 1, EMPLOYEE: EVERYONE - 3 });
    expect(stats.byStatus.ACTIVE).toBe(EVERYONE);
    expect(stats.byBranch).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ branchName: HQ, count: IN_HQ }),
        expect.objectContaining({ branchName: PUNE, count: IN_PUNE }),
      ]),
    );
  });

  it('refuses employees and callers from another workspace', async () => {
    const asEmployee = await server.signIn(ACME, employee.email);
    expect((await post(asEmployee, '/api/workspace/users', {})).statusCode).toBe(403);
    const globex = await server.signIn(other.host, other.admin.email);
    const acmeUser = employee.id;
    const res = await post(globex, `/api/user/update/${acmeUser}`, { firstName: 'Hacked' }, other.host);
    expect(res.statusCode).toBe(404);
    expect(
      (
        await server.request(other.host, {
          method: 'DELETE',
          url: `/main-api/api/user/${acmeUser}`,
          token: globex,
        })
      ).statusCode,
    ).toBe(404);
    const still = await server.db.query<{ first_name: string }>(`SELECT first_name FROM users WHERE id = $1`, [
      acmeUser,
    ]);
    expect(still[0]!.first_name).toBe('Esha');
  });

  it('edits a person and records who changed what', async () => {
    const id = employee.id;
    const res = await post(admin, `/api/user/update/${id}`, { designation: 'Analyst', employeeId: 'E-42' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ designation: 'Analyst', employeeId: 'E-42', firstName: 'Esha' });
    const events = await server.db.query<{ details: { fields: string[] } }>(
      `SELECT details FROM audit_events WHERE action = 'USER_UPDATED' AND target = $1`,
      [id],
    );
    expect(events[0]!.details.fields.sort()).toEqual(['designation', 'employeeId']);
  });

  it('moves a person to another unit, dropping the old unit’s department, and checks the new one belongs', async () => {
    const id = employee.id;
    const pune = await branchId(PUNE);
    const moved = (await post(admin, `/api/user/update/${id}`, { branchId: pune })).json();
    expect(moved).toMatchObject({ branchName: PUNE, departmentId: null });
    const hqDepartment = (
      await server.db.query<{ id: string }>(
        `SELECT d.id FROM departments d JOIN branches b ON b.id = d.branch_id WHERE b.name = $1 LIMIT 1`,
        [HQ],
      )
    )[0]!.id;
    const wrong = await post(admin, `/api/user/update/${id}`, { departmentId: hqDepartment });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toHaveProperty('departmentId');
    const unknown = await post(admin, `/api/user/update/${id}`, { branchId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toHaveProperty('branchId');
    await post(admin, `/api/user/update/${id}`, { branchId: await branchId(HQ) });
  });

  it('lets a business-unit admin give only the Employee role, and edit only their unit’s employees', async () => {
    const puneEmployee = (
      await server.db.query<{ id: string }>(
        `SELECT u.id FROM users u JOIN branches b ON b.id = u.branch_id WHERE b.name = $1 AND u.role = 'EMPLOYEE' ORDER BY u.email LIMIT 1`,
        [PUNE],
      )
    )[0]!.id;
    const promote = await post(buAdmin, `/api/user/update/${puneEmployee}`, { role: 'WORKSPACE_ADMIN' });
    expect(promote.statusCode).toBe(409);
    expect(promote.json().fields).toHaveProperty('role');
    const hqEmployee = employee.id;
    expect((await post(buAdmin, `/api/user/update/${hqEmployee}`, { designation: 'X' })).statusCode).toBe(404);
    const move = await post(buAdmin, `/api/user/update/${puneEmployee}`, {
      branchId: await branchId(HQ),
    });
    expect(move.statusCode).toBe(409);
    expect(move.json().fields).toHaveProperty('branchId');
  });

  it('deactivates a person, ending their sessions, and reactivates them', async () => {
    const id = employee.id;
    const token = await server.signIn(ACME, employee.email);
    const off = await post(admin, `/api/user/update/${id}`, { status: 'INACTIVE' });
    expect(off.json().status).toBe('INACTIVE');
    expect((await server.request(ACME, { method: 'GET', url: '/main-api/api/user/details', token })).statusCode).toBe(
      401,
    );
    const signIn = await server.request(ACME, {
      method: 'POST',
      url: '/main-api/api/user/signin',
      payload: { userEmail: employee.email, userPassword: PASSWORD },
    });
    expect(signIn.statusCode).toBe(401);
    const on = await post(admin, `/api/user/update/${id}`, { status: 'ACTIVE' });
    expect(on.json().status).toBe('ACTIVE');
    const actions = (
      await server.db.query<{ action: string }>(`SELECT action FROM audit_events WHERE target = $1 ORDER BY id`, [id])
    ).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['USER_DEACTIVATED', 'USER_REACTIVATED']));
  });

  it('keeps the last workspace admin, and nobody changes or deletes themselves', async () => {
    const adminId = ws.admin.id;
    // An employer may not touch a workspace admin at all (the role rule); the admin may not demote themselves.
    expect((await post(employer, `/api/user/update/${adminId}`, { role: 'EMPLOYEE' })).statusCode).toBe(403);
    const demote = await post(admin, `/api/user/update/${adminId}`, { role: 'EMPLOYEE' });
    expect(demote.statusCode).toBe(409);
    const self = await post(admin, `/api/user/update/${adminId}`, { status: 'INACTIVE' });
    expect(self.statusCode).toBe(409);
    expect(self.json().fields).toHaveProperty('status');
    expect(
      (await server.request(ACME, { method: 'DELETE', url: `/main-api/api/user/${adminId}`, token: admin })).statusCode,
    ).toBe(409);
  });

  it('deletes many at once, all or none', async () => {
    const ids = leavers.map((r) => r.id);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    const adminId = ws.admin.id;
    const refused = await post(admin, '/api/user/delete/bulk', { ids: [...ids, adminId] });
    expect(refused.statusCode).toBe(409);
    const stillThere = await server.db.query(`SELECT 1 FROM users WHERE id = ANY($1::uuid[])`, [ids]);
    expect(stillThere).toHaveLength(ids.length);
    const done = await post(admin, '/api/user/delete/bulk', { ids });
    expect(done.json()).toEqual({ deleted: ids.length });
    expect(await server.db.query(`SELECT 1 FROM users WHERE id = ANY($1::uuid[])`, [ids])).toHaveLength(0);
    const audited = await server.db.query(
      `SELECT 1 FROM audit_events WHERE action = 'USER_DELETED' AND target = ANY($1::text[])`,
      [ids],
    );
    expect(audited).toHaveLength(ids.length);
  });

  it('keeps its summary counts equal to the rows after every edit, move, deactivation and deletion above', async () => {
    const key = (r: {
      workspace_id: string;
      branch_id: string | null;
      department_id: string | null;
      role: string;
      status: string;
      n: number;
    }) => `${r.workspace_id}/${r.branch_id}/${r.department_id}/${r.role}/${r.status}=${r.n}`;
    const rows = await server.db.query<{
      workspace_id: string;
      branch_id: string | null;
      department_id: string | null;
      role: string;
      status: string;
      n: number;
    }>(
      `SELECT workspace_id, branch_id, department_id, role, status, count(*)::int AS n FROM users GROUP BY 1, 2, 3, 4, 5`,
    );
    const summary = await server.db.query<{
      workspace_id: string;
      branch_id: string | null;
      department_id: string | null;
      role: string;
      status: string;
      n: number;
    }>(`SELECT workspace_id, branch_id, department_id, role, status, n::int AS n FROM user_counts WHERE n <> 0`);
    expect(summary.map(key).sort()).toEqual(rows.map(key).sort());
    const listed = (await post(admin, '/api/workspace/users', { status: 'ACTIVE' })).json().total;
    const [active] = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users u WHERE u.workspace_id = $1 AND u.status = 'ACTIVE'`,
      [ws.id],
    );
    expect(listed).toBe(active!.n);
  });
});
