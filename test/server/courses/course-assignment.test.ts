import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildCourse,
  buildLearningWorkspace,
  buildPeople,
  buildUnitUser,
  buildUser,
  buildWorkspace,
  type BuiltLearningWorkspace,
  type BuiltUser,
  type BuiltWorkspace,
} from '../support/factories';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { countUsers, LEARNING } from './support';

describe.each(DATABASES)('assigning a course on %s', (kind) => {
  let server: TestServer;
  let facts: BuiltLearningWorkspace;
  let ws: BuiltWorkspace;
  let wsHost: string;
  let admin: string;
  let puneName: string;
  let esha: BuiltUser;
  let employer: BuiltUser;
  let buadmin: BuiltUser;
  let other: BuiltWorkspace;
  let otherEmployee: BuiltUser;
  beforeAll(async () => {
    server = await startTestServer(kind);
    facts = await buildLearningWorkspace(server);
    ws = facts.ws;
    wsHost = ws.host;
    admin = ws.admin.token;
    puneName = `${ws.companyName} Pune`;
    esha = await buildUser(server, ws, { firstName: 'Esha', lastName: 'Employee' });
    employer = await buildUser(server, ws, { role: 'EMPLOYER' });
    buadmin = await buildUnitUser(server, ws, facts.pune, { role: 'BRANCH_ADMIN' });
    // Pune's people: three in its Human Resources, two in no department.
    await buildPeople(server, ws, [
      ...Array.from({ length: 3 }, () => ({ branchId: facts.pune, departmentId: facts.puneHr })),
      ...Array.from({ length: 2 }, () => ({ branchId: facts.pune })),
    ]);
    other = await buildWorkspace(server);
    otherEmployee = await buildUser(server, other);
  });
  afterAll(async () => server?.close());

  const assign = (payload: object, token = admin, host = wsHost) =>
    server.request(host, { method: 'POST', url: `${LEARNING}/assign-course-to-users`, payload, token });
  const members = async (token = admin, courseId = facts.courseId) =>
    (
      await server.request(wsHost, { method: 'GET', url: `${LEARNING}/${courseId}/members?pageSize=100`, token })
    ).json();
  const auditCount = () =>
    server.db.tenant(facts.workspaceId, async (tx) => {
      const [{ n }] = await tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM audit_events WHERE workspace_id = $1 AND action = 'course.assigned'`,
        [facts.workspaceId],
      );
      return n;
    });

  it('assigns by filter, shows the people as members, and records an audit event for each', async () => {
    const filter = { branchId: facts.pune, departmentId: facts.puneHr };
    const expected = await countUsers(server, facts.workspaceId, 'branch_id = $2 AND department_id = $3', [
      facts.pune,
      facts.puneHr,
    ]);
    const preview = await server.request(wsHost, {
      method: 'GET',
      url: `${LEARNING}/${facts.courseId}/users?branchId=${facts.pune}&departmentId=${facts.puneHr}`,
      token: admin,
    });
    expect(preview.json()).toMatchObject({ total: expected, alreadyAssigned: 0 });

    const res = await assign({ courseId: facts.courseId, ...filter });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ assigned: expected, alreadyAssigned: 0 });

    const list = await members();
    expect(list.total).toBe(expected);
    expect(
      list.items.every(
        (m: { branchName: string; departmentName: string; status: string }) =>
          m.branchName === puneName && m.departmentName === 'Human Resources' && m.status === 'NOT_STARTED',
      ),
    ).toBe(true);
    expect(Date.parse(list.items[0].assignedOn)).not.toBeNaN();
    expect(await auditCount()).toBe(expected);

    const course = (await server.request(wsHost, { method: 'GET', url: `${LEARNING}/all`, token: admin })).json()
      .items[0];
    expect(course.memberCount).toBe(expected);
  });

  it('changes nothing when the same people are assigned twice', async () => {
    const before = await members();
    const audits = await auditCount();
    const res = await assign({ courseId: facts.courseId, branchId: facts.pune, departmentId: facts.puneHr });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ assigned: 0, alreadyAssigned: before.total });
    const after = await members();
    expect(after.total).toBe(before.total);
    expect(after.items).toEqual(before.items);
    expect(await auditCount()).toBe(audits);

    const preview = await server.request(wsHost, {
      method: 'GET',
      url: `${LEARNING}/${facts.courseId}/users?branchId=${facts.pune}&departmentId=${facts.puneHr}`,
      token: admin,
    });
    expect(preview.json().alreadyAssigned).toBe(before.total);
    expect(preview.json().items.every((u: { assigned: boolean }) => u.assigned)).toBe(true);
  });

  it('assigns listed people, counting those who already have the course', async () => {
    const employee = esha.id;
    const already = (await members()).items[0].userId as string;
    const res = await assign({ courseId: facts.courseId, userIds: [employee, already, employee] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ assigned: 1, alreadyAssigned: 1 });
    expect((await members()).items.map((m: { email: string }) => m.email)).toContain(esha.email);
  });

  it('refuses to assign a draft course (409) and leaves it without members', async () => {
    const draftId = await buildCourse(server, ws, { title: 'Draft course' });
    const res = await assign({ courseId: draftId });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('CONFLICT');
    expect((await members(admin, draftId)).total).toBe(0);
  });

  it('keeps a business-unit admin inside their unit', async () => {
    expect((await assign({ courseId: facts.courseId, branchId: facts.hq }, buadmin.token)).statusCode).toBe(404);
    expect((await assign({ courseId: facts.courseId, departmentId: facts.hqHr }, buadmin.token)).statusCode).toBe(404);

    const outsider = employer.id;
    const refused = await assign({ courseId: facts.courseId, userIds: [outsider] }, buadmin.token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.userIds).toContain(outsider);

    // Without a filter: everyone of their own unit, and nobody else.
    const res = await assign({ courseId: facts.courseId }, buadmin.token);
    expect(res.statusCode).toBe(200);
    const pune = await countUsers(server, facts.workspaceId, 'branch_id = $2', [facts.pune]);
    expect(res.json().assigned + res.json().alreadyAssigned).toBe(pune);
    const seen = await members(buadmin.token);
    expect(seen.total).toBe(pune);
    expect(seen.items.every((m: { branchName: string }) => m.branchName === puneName)).toBe(true);
    // The workspace admin still sees the headquarters' member too.
    expect((await members()).total).toBe(pune + 1);
  });

  it('refuses employees with 403', async () => {
    const employee = esha.token;
    expect((await assign({ courseId: facts.courseId }, employee)).statusCode).toBe(403);
    const list = await server.request(wsHost, {
      method: 'GET',
      url: `${LEARNING}/${facts.courseId}/members`,
      token: employee,
    });
    expect(list.statusCode).toBe(403);
  });

  it("does not let another workspace assign this one's course, nor this one assign the other's people (404)", async () => {
    const globex = other.admin.token;
    const before = (await members()).total;
    expect((await assign({ courseId: facts.courseId }, globex, other.host)).statusCode).toBe(404);
    expect((await members()).total).toBe(before);

    const globexPerson = otherEmployee.id;
    const res = await assign({ courseId: facts.courseId, userIds: [globexPerson] });
    expect(res.statusCode).toBe(404);
    expect(res.json().fields.userIds).toContain(globexPerson);
  });

  it('answers bad input with 400 naming the field, and never 500', async () => {
    const cases: [object, string][] = [
      [{}, 'courseId'],
      [{ courseId: 'nope' }, 'courseId'],
      [{ courseId: facts.courseId, userIds: [] }, 'userIds'],
      [{ courseId: facts.courseId, userIds: ['x'] }, 'userIds.0'],
      [{ courseId: facts.courseId, userIds: [facts.courseId], branchId: facts.pune }, 'userIds'],
      [{ courseId: facts.courseId, startJoiningDate: '2024-05-01', endJoiningDate: '2024-01-01' }, 'endJoiningDate'],
      [{ courseId: facts.courseId, startJoiningDate: '01/05/2024' }, 'startJoiningDate'],
      [{ courseId: facts.courseId, colour: 'blue' }, 'colour'],
    ];
    for (const [payload, field] of cases) {
      const res = await assign(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), JSON.stringify(payload)).toContain(field);
    }
    const garbage = await server.request(wsHost, {
      method: 'POST',
      url: `${LEARNING}/assign-course-to-users`,
      payload: '{not json',
      headers: { 'content-type': 'application/json' },
      token: admin,
    });
    expect(garbage.statusCode).toBe(400);
  });

  it('assigns the people a name search matches, exactly those the preview counts, in one call and with no list of ids', async () => {
    const preview = (
      await server.request(wsHost, {
        method: 'GET',
        url: `${LEARNING}/${facts.courseId}/users?search=${ws.slug.toUpperCase()}.TEST&pageSize=1`,
        token: admin,
      })
    ).json();
    expect(preview.total).toBeGreaterThan(1);
    const res = await assign({ courseId: facts.courseId, search: ` ${ws.slug}.test ` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      assigned: preview.total - preview.alreadyAssigned,
      alreadyAssigned: preview.alreadyAssigned,
    });
    expect((await members()).total).toBe(preview.total);
    const both = await assign({
      courseId: facts.courseId,
      search: ws.slug,
      userIds: [esha.id],
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().fields).toHaveProperty('userIds');
    const long = await assign({ courseId: facts.courseId, search: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toHaveProperty('search');
  });
});
