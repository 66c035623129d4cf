import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { withoutSeededCaseStory } from '../support/case-seed';

const ACME = 'acme.localhost';

describe.each(DATABASES)('the directory on %s', (kind) => {
  let server: TestServer;
  let admin: string;
  let buAdmin: string;
  let employer: string;
  const post = (token: string, url: string, payload: object, host = ACME) =>
    server.request(host, { method: 'POST', url: `/main-api${url}`, token, payload });
  const idOf = async (email: string) =>
    (await server.db.query<{ id: string }>(`SELECT id FROM users WHERE email = $1`, [email]))[0]!.id;
  const branchId = async (name: string) =>
    (await server.db.query<{ id: string }>(`SELECT id FROM branches WHERE name = $1`, [name]))[0]!.id;

  beforeAll(async () => {
    server = await startTestServer(kind);
    // It deletes and deactivates seeded people: none may be a party of the demo's open cases (they are protected).
    await withoutSeededCaseStory(server.db);
    admin = await server.signIn(ACME, 'admin@acme.test');
    buAdmin = await server.signIn(ACME, 'buadmin@acme.test');
    employer = await server.signIn(ACME, 'employer@acme.test');
  });
  afterAll(async () => server?.close());

  it('pages the whole workspace for a workspace admin, sorted, each person once', async () => {
    const seen: string[] = [];
    for (let page = 0; page < 4; page++) {
      const res = await post(admin, '/api/workspace/users', { page, pageSize: 10, sortBy: 'email' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ page, pageSize: 10, total: 36 });
      seen.push(...res.json().items.map((u: { email: string }) => u.email));
    }
    expect(seen).toHaveLength(36);
    expect(new Set(seen).size).toBe(36);
    const desc = (
      await post(admin, '/api/workspace/users', { pageSize: 36, sortBy: 'email', sortOrder: 'desc' })
    ).json();
    expect(desc.items.map((u: { email: string }) => u.email)).toEqual([...seen].reverse());
  });

  it('filters by business unit, role, status and joining date', async () => {
    const pune = await branchId('Acme Pune');
    const inPune = (await post(admin, '/api/workspace/users', { branchId: pune, pageSize: 100 })).json();
    expect(inPune.total).toBe(12);
    expect(inPune.items.every((u: { branchName: string }) => u.branchName === 'Acme Pune')).toBe(true);
    const buAdmins = (await post(admin, '/api/workspace/users', { role: 'BRANCH_ADMIN' })).json();
    expect(buAdmins.items.map((u: { email: string }) => u.email)).toEqual(['buadmin@acme.test']);
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
    const hq = await branchId('Acme Headquarters');
    const mine = (await post(buAdmin, '/api/workspace/users', { pageSize: 100 })).json();
    expect(mine.total).toBe(12);
    const theirs = (await post(buAdmin, '/api/workspace/users', { branchId: hq })).json();
    expect(theirs.total).toBe(0);
    const stats = (
      await server.request(ACME, { method: 'GET', url: '/main-api/api/workspace/users/stats', token: buAdmin })
    ).json();
    expect(stats.total).toBe(12);
  });

  it('searches by name, email or employee-id prefix, wildcards taken literally', async () => {
    const res = (await post(admin, '/api/workspace/users/search', { searchText: 'ASHA' })).json();
    expect(res.items.map((u: { email: string }) => u.email)).toContain('admin@acme.test');
    const wildcard = (await post(admin, '/api/workspace/users/search', { searchText: '%' })).json();
    expect(wildcard.total).toBe(0);
    const quick = await post(admin, '/api/user/search', { category: 'EMAIL', searchText: 'employer@' });
    expect(quick.json().map((u: { email: string }) => u.email)).toEqual(['employer@acme.test']);
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
    expect(stats.total).toBe(36);
    expect(stats.byRole).toMatchObject({ WORKSPACE_ADMIN: 1, EMPLOYER: 1, BRANCH_ADMIN: 1, EMPLOYEE: 33 });
    expect(stats.byStatus.ACTIVE).toBe(36);
    expect(stats.byBranch).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ branchName: 'Acme Headquarters', count: 24 }),
        expect.objectContaining({ branchName: 'Acme Pune', count: 12 }),
      ]),
    );
  });

  it('refuses employees and callers from another workspace', async () => {
    const employee = await server.signIn(ACME, 'employee@acme.test');
    expect((await post(employee, '/api/workspace/users', {})).statusCode).toBe(403);
    const globex = await server.signIn('globex.localhost', 'admin@globex.test');
    const acmeUser = await idOf('employee@acme.test');
    const res = await post(globex, `/api/user/update/${acmeUser}`, { firstName: 'Hacked' }, 'globex.localhost');
    expect(res.statusCode).toBe(404);
    expect(
      (
        await server.request('globex.localhost', {
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
    const id = await idOf('employee@acme.test');
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
    const id = await idOf('employee@acme.test');
    const pune = await branchId('Acme Pune');
    const moved = (await post(admin, `/api/user/update/${id}`, { branchId: pune })).json();
    expect(moved).toMatchObject({ branchName: 'Acme Pune', departmentId: null });
    const hqDepartment = (
      await server.db.query<{ id: string }>(
        `SELECT d.id FROM departments d JOIN branches b ON b.id = d.branch_id WHERE b.name = 'Acme Headquarters' LIMIT 1`,
      )
    )[0]!.id;
    const wrong = await post(admin, `/api/user/update/${id}`, { departmentId: hqDepartment });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toHaveProperty('departmentId');
    const unknown = await post(admin, `/api/user/update/${id}`, { branchId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toHaveProperty('branchId');
    await post(admin, `/api/user/update/${id}`, { branchId: await branchId('Acme Headquarters') });
  });

  it('lets a business-unit admin give only the Employee role, and edit only their unit’s employees', async () => {
    const puneEmployee = (
      await server.db.query<{ id: string }>(
        `SELECT u.id FROM users u JOIN branches b ON b.id = u.branch_id WHERE b.name = 'Acme Pune' AND u.role = 'EMPLOYEE' ORDER BY u.email LIMIT 1`,
      )
    )[0]!.id;
    const promote = await post(buAdmin, `/api/user/update/${puneEmployee}`, { role: 'WORKSPACE_ADMIN' });
    expect(promote.statusCode).toBe(409);
    expect(promote.json().fields).toHaveProperty('role');
    const hqEmployee = await idOf('employee@acme.test');
    expect((await post(buAdmin, `/api/user/update/${hqEmployee}`, { designation: 'X' })).statusCode).toBe(404);
    const move = await post(buAdmin, `/api/user/update/${puneEmployee}`, {
      branchId: await branchId('Acme Headquarters'),
    });
    expect(move.statusCode).toBe(409);
    expect(move.json().fields).toHaveProperty('branchId');
  });

  it('deactivates a person, ending their sessions, and reactivates them', async () => {
    const id = await idOf('employee@acme.test');
    const token = await server.signIn(ACME, 'employee@acme.test');
    const off = await post(admin, `/api/user/update/${id}`, { status: 'INACTIVE' });
    expect(off.json().status).toBe('INACTIVE');
    expect((await server.request(ACME, { method: 'GET', url: '/main-api/api/user/details', token })).statusCode).toBe(
      401,
    );
    const signIn = await server.request(ACME, {
      method: 'POST',
      url: '/main-api/api/user/signin',
      payload: { userEmail: 'employee@acme.test', userPassword: 'Demo-passphrase-2026' },
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
    const adminId = await idOf('admin@acme.test');
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
    const rows = await server.db.query<{ id: string }>(
      `SELECT id FROM users WHERE email LIKE '%9@acme.test' ORDER BY email`,
    );
    const ids = rows.map((r) => r.id);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    const adminId = await idOf('admin@acme.test');
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
      `SELECT count(*)::int AS n FROM users u JOIN workspaces w ON w.id = u.workspace_id WHERE w.slug = 'acme' AND u.status = 'ACTIVE'`,
    );
    expect(listed).toBe(active!.n);
  });
});
