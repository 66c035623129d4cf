import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { csv, importFile, multipart, xlsx } from '../imports/upload';
import {
  buildDepartment,
  buildLearningWorkspace,
  buildPeople,
  buildUnitUser,
  buildUser,
  buildWorkspace,
  type BuiltLearningWorkspace,
  type BuiltUser,
  type BuiltWorkspace,
} from '../support/factories';
import { countUsers, LEARNING, userIdByEmail } from './support';

/**
 * Auto-assignment rules and bulk-add-users through the API, on both databases: the run when a rule is saved, each hook
 * (import, invitation claimed, sign-up, an admin's edit), credits running out, reset, validation and access, and the
 * per-row report of a file of people.
 */
describe.each(DATABASES)('auto-assignment and bulk-add-users on %s', (kind) => {
  let server: TestServer;
  let facts: BuiltLearningWorkspace;
  let ws: BuiltWorkspace;
  let elsewhere: BuiltWorkspace;
  let wsHost: string;
  let otherHost: string;
  let puneName: string;
  let admin: string;
  let buadmin: string;
  let employeeToken: string;
  let globexAdmin: string;
  /** The workspace's employee (at headquarters, joined in 2024), its employer and its Pune unit's admin. */
  let esha: BuiltUser;
  let employer: BuiltUser;
  let unitAdmin: BuiltUser;
  /** An employee who joined in 2024 too, whom tests deactivate for a while. */
  let priya: BuiltUser;

  beforeAll(async () => {
    server = await startTestServer(kind, { publicUrl: 'http://localhost:8080' });
    facts = await buildLearningWorkspace(server);
    ws = facts.ws;
    wsHost = ws.host;
    puneName = `${ws.companyName} Pune`;
    admin = ws.admin.token;
    elsewhere = await buildWorkspace(server);
    otherHost = elsewhere.host;
    globexAdmin = elsewhere.admin.token;
    await buildDepartment(server, elsewhere, elsewhere.headquartersId, { name: 'Human Resources' });
    await buildDepartment(server, ws, facts.pune, { name: 'Engineering' });
    unitAdmin = await buildUnitUser(server, ws, facts.pune, { role: 'BRANCH_ADMIN' });
    buadmin = unitAdmin.token;
    esha = await buildUser(server, ws, { firstName: 'Esha', lastName: 'Employee' });
    employeeToken = esha.token;
    employer = await buildUser(server, ws, { role: 'EMPLOYER' });
    priya = await buildUser(server, ws, { firstName: 'Priya', lastName: 'Rao' });
    for (const person of [esha, priya]) {
      const joined = await server.request(wsHost, {
        method: 'POST',
        url: `/main-api/api/user/update/${person.id}`,
        token: admin,
        payload: { dateOfJoining: person === esha ? '2024-03-15' : '2024-05-02' },
      });
      expect(joined.statusCode, joined.body).toBe(200);
    }
    // Pune's people (three in its Human Resources, two not) and employees who joined at other times.
    await buildPeople(server, ws, [
      ...Array.from({ length: 3 }, () => ({ branchId: facts.pune, departmentId: facts.puneHr })),
      { branchId: facts.pune },
      { branchId: facts.pune, dateOfJoining: '2024-01-01' },
      { dateOfJoining: '2024-06-30' },
      { dateOfJoining: '2023-12-31' },
      { dateOfJoining: '2024-07-01' },
      { role: 'EMPLOYER', dateOfJoining: '2024-02-01' },
    ]);
  }, 120_000);
  afterAll(async () => server?.close());

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object, host = wsHost) =>
    server.request(host, { method, url: `${LEARNING}${url}`, token, ...(payload ? { payload } : {}) });
  const mainCall = (method: 'GET' | 'POST', url: string, token: string | undefined, payload?: object) =>
    server.request(`${wsHost}:8080`, {
      method,
      url: `/main-api/api${url}`,
      token,
      ...(payload ? { payload } : {}),
    });

  /** A new published course (a copy of the demo course), so each test starts from nobody assigned. */
  const newCourse = async (title: string) => {
    const clone = await call('POST', '/clone', admin, { courseId: facts.courseId, title });
    expect(clone.statusCode, clone.body).toBe(200);
    const { courseId } = clone.json();
    const published = await call('POST', `/publish/${courseId}`, admin, {});
    expect(published.statusCode, published.body).toBe(200);
    return courseId as string;
  };
  const assignedIds = async (courseId: string) =>
    (
      await server.db.tenant(facts.workspaceId, (tx) =>
        tx.query<{ user_id: string }>(
          `SELECT user_id FROM course_assignments WHERE workspace_id = $1 AND course_id = $2 AND unassigned_at IS NULL`,
          [facts.workspaceId, courseId],
        ),
      )
    ).map((r) => r.user_id);
  const hasCourse = async (courseId: string, email: string) =>
    (await assignedIds(courseId)).includes(await userIdByEmail(server, facts.workspaceId, email));
  const audits = (action: string, target?: string) =>
    server.db.tenant(facts.workspaceId, (tx) =>
      tx.query<{ target: string; details: Record<string, unknown>; actor_user_id: string | null }>(
        `SELECT target, details, actor_user_id FROM audit_events WHERE workspace_id = $1 AND action = $2 AND ($3::text IS NULL OR target = $3) ORDER BY at`,
        [facts.workspaceId, action, target ?? null],
      ),
    );
  const outbox = (to: string) =>
    server.db.query<{ subject: string; body: string }>(
      `SELECT subject, body FROM outbox_messages WHERE recipient = $1 ORDER BY id`,
      [to],
    );

  it('saves a rule for a department and assigns everyone who already matches, once; the rule and its run are shown', async () => {
    const courseId = await newCourse('Rule: Pune HR');
    expect((await call('GET', `/${courseId}/autoAssign`, admin)).json()).toEqual({ rule: null });
    const expected = await countUsers(server, facts.workspaceId, 'department_id = $2', [facts.puneHr]);
    expect(expected).toBeGreaterThan(0);

    const saved = await call('POST', `/${courseId}/autoAssign`, admin, {
      branchId: facts.pune,
      departmentId: facts.puneHr,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().run).toMatchObject({ assigned: expected, alreadyAssigned: 0, notAssigned: 0 });
    expect(saved.json().rule).toMatchObject({
      courseId,
      branchId: facts.pune,
      departmentId: facts.puneHr,
      role: null,
      enabled: true,
    });
    const members = (await call('GET', `/${courseId}/members?pageSize=100`, admin)).json();
    expect(members.total).toBe(expected);
    expect(members.items.every((m: { departmentName: string }) => m.departmentName === 'Human Resources')).toBe(true);
    // Through assignTo: one course.assigned event each, marked as auto-assigned, plus the rule's own event.
    const assignedEvents = (await audits('course.assigned')).filter((e) => e.details.courseId === courseId);
    expect(assignedEvents).toHaveLength(expected);
    expect(assignedEvents.every((e) => e.details.via === 'auto-assign')).toBe(true);
    expect(await audits('course.auto-assign-saved', courseId)).toHaveLength(1);
    const [{ n: auto }] = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM course_assignments WHERE course_id = $1 AND assigned_via = 'AUTO' AND assignment_mail_pending`,
      [courseId],
    );
    expect(auto).toBe(expected);

    const again = await call('POST', `/${courseId}/autoAssign`, admin, {
      branchId: facts.pune,
      departmentId: facts.puneHr,
    });
    expect(again.json().run).toMatchObject({ assigned: 0, alreadyAssigned: expected });
    expect((await call('GET', `/${courseId}/members?pageSize=100`, admin)).json().total).toBe(expected);
    const shown = (await call('GET', `/${courseId}/autoAssign`, admin)).json();
    expect(shown.rule).toMatchObject({
      departmentId: facts.puneHr,
      lastRun: { assigned: 0, alreadyAssigned: expected, notAssigned: 0 },
    });
  });

  it('combines criteria: role and joining-date window; a deactivated person is never assigned', async () => {
    const courseId = await newCourse('Rule: 2024 employees');
    const someone = esha.id;
    await server.db.tenant(facts.workspaceId, (tx) =>
      tx.query(`UPDATE users SET status = 'INACTIVE' WHERE workspace_id = $1 AND email = $2`, [
        facts.workspaceId,
        priya.email,
      ]),
    );
    const expected = await countUsers(
      server,
      facts.workspaceId,
      `role = 'EMPLOYEE' AND date_of_joining BETWEEN '2024-01-01' AND '2024-06-30'`,
    );
    const saved = await call('POST', `/${courseId}/autoAssign`, admin, {
      role: 'EMPLOYEE',
      startJoiningDate: '2024-01-01',
      endJoiningDate: '2024-06-30',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().run.assigned).toBe(expected);
    expect(await assignedIds(courseId)).toContain(someone);
    expect(await hasCourse(courseId, priya.email)).toBe(false);
    await server.db.tenant(facts.workspaceId, (tx) =>
      tx.query(`UPDATE users SET status = 'ACTIVE' WHERE workspace_id = $1 AND email = $2`, [
        facts.workspaceId,
        priya.email,
      ]),
    );
  });

  it('answers bad input with 400 naming the field, another workspace with 404, a draft with 409, an employee with 403', async () => {
    const courseId = await newCourse('Rule: validation');
    const bad = async (body: object, field: string) => {
      const res = await call('POST', `/${courseId}/autoAssign`, admin, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().fields ?? {})).toContain(field);
    };
    await bad({ startJoiningDate: '2024-06-01', endJoiningDate: '2024-01-01' }, 'endJoiningDate');
    await bad({ startJoiningDate: '2024-02-30' }, 'startJoiningDate');
    await bad({ role: 'KING' }, 'role');
    await bad({ departmentId: 'not-an-id' }, 'departmentId');
    await bad({ enabled: 'yes' }, 'enabled');
    await bad({ dueDays: 0 }, 'dueDays');
    await bad({ colour: 'red' }, 'colour');
    await bad({ branchId: facts.pune, departmentId: facts.hqHr }, 'departmentId');

    // The course, from another workspace's admin: 404; the other workspace's department in this one's rule: 404.
    expect((await call('POST', `/${courseId}/autoAssign`, globexAdmin, {}, otherHost)).statusCode).toBe(404);
    expect((await call('GET', `/${courseId}/autoAssign`, globexAdmin, undefined, otherHost)).statusCode).toBe(404);
    const [globexDep] = await server.db.query<{ id: string }>(
      `SELECT d.id FROM departments d WHERE d.workspace_id = $1 LIMIT 1`,
      [elsewhere.id],
    );
    expect((await call('POST', `/${courseId}/autoAssign`, admin, { departmentId: globexDep.id })).statusCode).toBe(404);
    expect((await call('POST', '/auto/reset', globexAdmin, { courseIds: [courseId] }, otherHost)).statusCode).toBe(404);

    const draft = await call('POST', '/create', admin, { title: 'A draft', language: 'ENGLISH' });
    const refused = await call('POST', `/${draft.json().courseId}/autoAssign`, admin, { departmentId: facts.puneHr });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().fields).toHaveProperty('courseId');

    expect((await call('POST', `/${courseId}/autoAssign`, employeeToken, {})).statusCode).toBe(403);
    expect((await call('GET', `/${courseId}/autoAssign`, employeeToken)).statusCode).toBe(403);
    expect((await call('POST', '/auto/reset', employeeToken, {})).statusCode).toBe(403);
    const resetBad = await call('POST', '/auto/reset', admin, { courseIds: [] });
    expect(resetBad.statusCode).toBe(400);
    expect(resetBad.json().fields).toHaveProperty('courseIds');
    expect((await call('GET', `/${courseId}/autoAssign`, admin)).json()).toEqual({ rule: null });
  });

  it('holds a business-unit admin to their unit: no unit means theirs, another unit is not found', async () => {
    const courseId = await newCourse('Rule: unit admin');
    const mine = await call('POST', `/${courseId}/autoAssign`, buadmin, { role: 'EMPLOYEE' });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().rule.branchId).toBe(facts.pune);
    expect(mine.json().run.assigned).toBe(
      await countUsers(server, facts.workspaceId, `role = 'EMPLOYEE' AND branch_id = $2`, [facts.pune]),
    );
    expect((await call('POST', `/${courseId}/autoAssign`, buadmin, { branchId: facts.hq })).statusCode).toBe(404);
    expect((await call('POST', `/${courseId}/autoAssign`, buadmin, { departmentId: facts.hqHr })).statusCode).toBe(404);
    // A workspace-wide rule is the workspace admin's: the unit admin may neither change nor clear it.
    const wide = await newCourse('Rule: workspace-wide');
    expect((await call('POST', `/${wide}/autoAssign`, admin, { role: 'EMPLOYER' })).statusCode).toBe(200);
    expect((await call('POST', `/${wide}/autoAssign`, buadmin, { role: 'EMPLOYEE' })).statusCode).toBe(403);
    expect((await call('POST', '/auto/reset', buadmin, { courseIds: [wide] })).statusCode).toBe(403);
    // Reset of "all" by the unit admin clears their unit's rules only.
    const pune = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM course_auto_assign_rules WHERE branch_id = $1`,
      [facts.pune],
    );
    const cleared = await call('POST', '/auto/reset', buadmin, {});
    expect(cleared.json()).toEqual({ cleared: pune[0].n });
    expect((await call('GET', `/${courseId}/autoAssign`, admin)).json().rule).toBeNull();
    expect((await call('GET', `/${wide}/autoAssign`, admin)).json().rule).not.toBeNull();
  });

  it('assigns people who come to match: an import, a claimed invitation, an edit; not someone unassigned or deactivated', async () => {
    const courseId = await newCourse('Rule: hooks');
    const saved = await call('POST', `/${courseId}/autoAssign`, admin, {
      branchId: facts.pune,
      departmentId: facts.puneHr,
      dueDays: 14,
    });
    expect(saved.statusCode, saved.body).toBe(200);

    // Import: the Pune HR row is assigned (as an invited person), the Pune Engineering row is not.
    const job = await importFile(
      server,
      admin,
      {
        name: 'joiners.csv',
        content: csv(
          `hira.hr@acme-new.test,Hira,Hr,,,Human Resources,,${puneName},,,,2025-03-01`,
          `eli.eng@acme-new.test,Eli,Eng,,,Engineering,,${puneName},,,,2025-03-01`,
        ),
      },
      undefined,
      wsHost,
    );
    expect(job).toMatchObject({ status: 'COMPLETED', created: 2 });
    expect(await hasCourse(courseId, 'hira.hr@acme-new.test')).toBe(true);
    expect(await hasCourse(courseId, 'eli.eng@acme-new.test')).toBe(false);
    const [hira] = await server.db.query<{ due: string }>(
      `SELECT to_char(a.due_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS due, to_char(a.assigned_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day
         FROM course_assignments a JOIN users u ON u.id = a.user_id WHERE a.course_id = $1 AND u.email = 'hira.hr@acme-new.test'`,
      [courseId],
    );
    expect(hira.due).toBeTruthy();

    // A person invited one by one into Pune HR gets the course when they claim the invitation.
    const invited = await mainCall('POST', `/invite/user/${facts.pune}`, admin, {
      email: 'ines.invited@acme-new.test',
      firstName: 'Ines',
      departmentId: facts.puneHr,
    });
    expect(invited.statusCode, invited.body).toBe(200);
    expect(await hasCourse(courseId, 'ines.invited@acme-new.test')).toBe(false);
    const mail = (await outbox('ines.invited@acme-new.test')).at(-1)!;
    const code = /\/invite\/([A-Za-z0-9_-]+)/.exec(mail.body)![1];
    const claimed = await mainCall('POST', `/invite/claim/${code}`, undefined, {
      userNewPassword: 'saffron lantern meadow orbit',
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(await hasCourse(courseId, 'ines.invited@acme-new.test')).toBe(true);
    // ...and finds it in My training with their new session.
    const my = await server.request(wsHost, {
      method: 'GET',
      url: '/learning-api/api/user-course/my',
      token: claimed.json().session.token,
    });
    expect(my.statusCode, my.body).toBe(200);
    expect(JSON.stringify(my.json())).toContain(courseId);

    // An admin moves the employee into Pune HR: assigned.
    const employee = esha.id;
    expect(await hasCourse(courseId, esha.email)).toBe(false);
    const moved = await mainCall('POST', `/user/update/${employee}`, admin, {
      branchId: facts.pune,
      departmentId: facts.puneHr,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await hasCourse(courseId, esha.email)).toBe(true);

    // Unassigned by an admin: a later edit does not bring the course back.
    expect((await call('POST', '/unassign', admin, { courseId, userIds: [employee] })).json()).toEqual({
      unassigned: 1,
    });
    const edited = await mainCall('POST', `/user/update/${employee}`, admin, { dateOfJoining: '2024-02-01' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await hasCourse(courseId, esha.email)).toBe(false);

    // Someone deactivated and moved into Pune HR: not assigned.
    const eli = await userIdByEmail(server, facts.workspaceId, 'eli.eng@acme-new.test');
    expect((await mainCall('POST', `/user/update/${eli}`, admin, { status: 'INACTIVE' })).statusCode).toBe(200);
    expect((await mainCall('POST', `/user/update/${eli}`, admin, { departmentId: facts.puneHr })).statusCode).toBe(200);
    expect(await hasCourse(courseId, 'eli.eng@acme-new.test')).toBe(false);

    // A disabled rule assigns nobody, on save or later.
    const off = await call('POST', `/${courseId}/autoAssign`, admin, {
      branchId: facts.pune,
      departmentId: facts.puneHr,
      enabled: false,
    });
    expect(off.json().run).toMatchObject({ assigned: 0 });
    await importFile(
      server,
      admin,
      {
        name: 'late.csv',
        content: csv(`lata.late@acme-new.test,Lata,Late,,,Human Resources,,${puneName},,,,2025-04-01`),
      },
      undefined,
      wsHost,
    );
    expect(await hasCourse(courseId, 'lata.late@acme-new.test')).toBe(false);
    // The hooks ran as the system (no actor), each assignment audited.
    const events = (await audits('course.assigned')).filter(
      (e) => e.details.courseId === courseId && e.actor_user_id === null,
    );
    expect(events.length).toBeGreaterThanOrEqual(3);
  });

  it('assigns a person who signs up and matches', async () => {
    const courseId = await newCourse('Rule: sign-ups');
    await server.db.query(
      `INSERT INTO signup_allow_list (workspace_id, entry, kind) VALUES ($1, '@joiners.test', 'DOMAIN')`,
      [facts.workspaceId],
    );
    await server.db.query(`UPDATE workspaces SET bulk_signup_enabled = true, user_limit = NULL WHERE id = $1`, [
      facts.workspaceId,
    ]);
    expect(
      (await call('POST', `/${courseId}/autoAssign`, admin, { branchId: facts.hq, role: 'EMPLOYEE' })).statusCode,
    ).toBe(200);
    const res = await mainCall('POST', '/user/signup', undefined, {
      firstName: 'Nila',
      lastName: 'Joiner',
      userEmail: 'nila@joiners.test',
      userPassword: 'saffron lantern meadow orbit',
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(await hasCourse(courseId, 'nila@joiners.test')).toBe(true);
  });

  it('a catalogue course short of credits assigns as many as it can, reports the others and tells the admins; nothing half-written', async () => {
    const courseId = await newCourse('Rule: catalogue');
    await server.db.tenant(facts.workspaceId, async (tx) => {
      await tx.query(`UPDATE courses SET from_catalogue = true WHERE workspace_id = $1 AND id = $2`, [
        facts.workspaceId,
        courseId,
      ]);
      await tx.query(
        `INSERT INTO credit_ledger (workspace_id, course_id, kind, credits, idempotency_key, created_by) VALUES ($1, $2, 'GRANT', 2, 'test-grant-aa', 'test')`,
        [facts.workspaceId, courseId],
      );
    });
    const matching = await countUsers(server, facts.workspaceId, 'branch_id = $2', [facts.pune]);
    expect(matching).toBeGreaterThan(2);
    const saved = await call('POST', `/${courseId}/autoAssign`, admin, { branchId: facts.pune });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().run).toMatchObject({ assigned: 2, notAssigned: matching - 2, alreadyAssigned: 0 });
    expect(await assignedIds(courseId)).toHaveLength(2);
    const [{ n: consumed }] = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM credit_ledger WHERE course_id = $1 AND kind = 'CONSUME'`,
      [courseId],
    );
    expect(consumed).toBe(2);
    const told = await outbox(ws.admin.email);
    expect(
      told.some((m) => m.subject.includes('Rule: catalogue') && m.subject.includes(`${matching - 2} people`)),
    ).toBe(true);
    expect(await audits('course.auto-assign.no-credits', courseId)).toHaveLength(1);

    // A person who comes to match later with no credits left: their edit succeeds, the course is not assigned, the admins are told.
    const employee = employer.id;
    const moved = await mainCall('POST', `/user/update/${employee}`, admin, { branchId: facts.pune });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await hasCourse(courseId, employer.email)).toBe(false);
    expect(await audits('course.auto-assign.no-credits', courseId)).toHaveLength(2);
  });

  it('reset clears the listed rules (or all the caller may reach) and unassigns nobody', async () => {
    const a = await newCourse('Rule: reset A');
    const b = await newCourse('Rule: reset B');
    await call('POST', `/${a}/autoAssign`, admin, { departmentId: facts.puneHr, branchId: facts.pune });
    await call('POST', `/${b}/autoAssign`, admin, { role: 'EMPLOYER' });
    const before = (await assignedIds(a)).length;
    expect((await call('POST', '/auto/reset', admin, { courseIds: [a] })).json()).toEqual({ cleared: 1 });
    expect((await call('GET', `/${a}/autoAssign`, admin)).json()).toEqual({ rule: null });
    expect(await assignedIds(a)).toHaveLength(before);
    expect(await audits('course.auto-assign-reset', a)).toHaveLength(1);
    const unknown = await call('POST', '/auto/reset', admin, { courseIds: ['00000000-0000-4000-8000-000000000000'] });
    expect(unknown.statusCode).toBe(404);
    const all = await call('POST', '/auto/reset', admin, {});
    expect(all.json().cleared).toBeGreaterThanOrEqual(1);
    expect((await call('GET', `/${b}/autoAssign`, admin)).json()).toEqual({ rule: null });
  });

  const bulk = async (
    file: { name: string; content: string | Uint8Array; type?: string } | null,
    fields: Record<string, string>,
    token = admin,
    host = wsHost,
  ) => {
    const body = await multipart(file, fields);
    return server.request(host, { method: 'POST', url: `${LEARNING}/bulk-add-users`, token, ...body });
  };

  it('bulk-add-users assigns every listed active person every listed course and reports each row', async () => {
    const c1 = await newCourse('Bulk one');
    const c2 = await newCourse('Bulk two');
    await server.db.tenant(facts.workspaceId, (tx) =>
      tx.query(`UPDATE users SET status = 'INACTIVE' WHERE workspace_id = $1 AND email = $2`, [
        facts.workspaceId,
        priya.email,
      ]),
    );
    const file = [
      'Name,Email',
      `Esha,${esha.email}`,
      'Nobody,nobody@nowhere.test',
      'Broken,not-an-email',
      `Esha again,${esha.email.toUpperCase()}`,
      `Priya,${priya.email}`,
      `Emil,${employer.email}`,
    ].join('\n');
    const res = await bulk({ name: 'people.csv', content: file }, { courseList: JSON.stringify([c1, c2]) });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    const outcome = (row: number, courseId: string | null) =>
      report.rows.find((r: { row: number; courseId: string | null }) => r.row === row && r.courseId === courseId)
        ?.outcome;
    expect(outcome(2, c1)).toBe('ASSIGNED');
    expect(outcome(2, c2)).toBe('ASSIGNED');
    expect(outcome(3, null)).toBe('UNKNOWN_EMAIL');
    expect(outcome(4, null)).toBe('INVALID_EMAIL');
    expect(outcome(5, null)).toBe('DUPLICATE');
    expect(outcome(6, null)).toBe('INACTIVE');
    expect(outcome(7, c1)).toBe('ASSIGNED');
    expect(report.totals).toMatchObject({ ASSIGNED: 4, UNKNOWN_EMAIL: 1, INVALID_EMAIL: 1, DUPLICATE: 1, INACTIVE: 1 });
    expect(report.courses).toEqual(expect.arrayContaining([expect.objectContaining({ courseId: c1, assigned: 2 })]));
    expect(await hasCourse(c2, employer.email)).toBe(true);
    const [{ n: bulkRows }] = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM course_assignments WHERE course_id = ANY($1::uuid[]) AND assigned_via = 'BULK'`,
      [[c1, c2]],
    );
    expect(bulkRows).toBe(4);
    expect(await audits('course.bulk-assigned')).toHaveLength(1);

    // The same people again, as an XLSX workbook and courses separated by commas: already assigned.
    const book = await xlsx([['Email'], [esha.email], [employer.email]]);
    const again = await bulk(
      { name: 'people.xlsx', content: book, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
      { courseList: `${c1},${c2}` },
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().totals).toMatchObject({ ASSIGNED: 0, ALREADY_ASSIGNED: 4 });
    await server.db.tenant(facts.workspaceId, (tx) =>
      tx.query(`UPDATE users SET status = 'ACTIVE' WHERE workspace_id = $1 AND email = $2`, [
        facts.workspaceId,
        priya.email,
      ]),
    );
  });

  it('bulk-add-users reports people with no credit left and keeps a business-unit admin to their unit', async () => {
    const courseId = await newCourse('Bulk catalogue');
    await server.db.tenant(facts.workspaceId, async (tx) => {
      await tx.query(`UPDATE courses SET from_catalogue = true WHERE workspace_id = $1 AND id = $2`, [
        facts.workspaceId,
        courseId,
      ]);
      await tx.query(
        `INSERT INTO credit_ledger (workspace_id, course_id, kind, credits, idempotency_key, created_by) VALUES ($1, $2, 'GRANT', 1, 'test-grant-bulk', 'test')`,
        [facts.workspaceId, courseId],
      );
    });
    const res = await bulk(
      { name: 'two.csv', content: `email\n${esha.email}\n${ws.admin.email}\n` },
      { courseList: JSON.stringify([courseId]) },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().totals).toMatchObject({ ASSIGNED: 1, NO_CREDITS: 1 });
    expect(await assignedIds(courseId)).toHaveLength(1);

    // The unit admin (Pune): a headquarters person reads as unknown.
    const other = await newCourse('Bulk unit');
    const unit = await bulk(
      { name: 'mixed.csv', content: `email\n${ws.admin.email}\n${unitAdmin.email}\n` },
      { courseList: JSON.stringify([other]) },
      buadmin,
    );
    expect(unit.statusCode, unit.body).toBe(200);
    expect(unit.json().totals).toMatchObject({ ASSIGNED: 1, UNKNOWN_EMAIL: 1 });
  });

  it('bulk-add-users refuses a broken file or course list with 400/404/409/413/415-style answers naming the field, never a 500', async () => {
    const courseId = await newCourse('Bulk refusals');
    const courseList = JSON.stringify([courseId]);
    const expectRefused = async (res: Awaited<ReturnType<typeof bulk>>, status: number, field: string) => {
      expect(res.statusCode, res.body).toBe(status);
      expect(Object.keys(res.json().fields ?? {})).toContain(field);
    };
    await expectRefused(await bulk({ name: 'p.csv', content: `email\n${esha.email}\n` }, {}), 400, 'courseList');
    await expectRefused(
      await bulk({ name: 'p.csv', content: `email\n${esha.email}\n` }, { courseList: '[oops' }),
      400,
      'courseList',
    );
    await expectRefused(
      await bulk({ name: 'p.csv', content: `email\n${esha.email}\n` }, { courseList: '["x"]' }),
      400,
      'courseList',
    );
    await expectRefused(await bulk(null, { courseList }), 400, 'file');
    await expectRefused(await bulk({ name: 'p.txt', content: `email\n${esha.email}\n` }, { courseList }), 400, 'file');
    await expectRefused(await bulk({ name: 'p.xlsx', content: `email\n${esha.email}\n` }, { courseList }), 400, 'file');
    await expectRefused(
      await bulk({ name: 'p.csv', content: new Uint8Array([0x65, 0x00, 0x6d]) }, { courseList }),
      400,
      'file',
    );
    await expectRefused(await bulk({ name: 'p.csv', content: 'email\nnone here\n' }, { courseList }), 400, 'file');
    await expectRefused(
      await bulk({ name: 'p.csv', content: 'a'.repeat(6 * 1024 * 1024) }, { courseList }),
      413,
      'file',
    );
    const damaged = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8]);
    const broken = await bulk({ name: 'p.xlsx', content: damaged }, { courseList });
    expect([400, 415]).toContain(broken.statusCode);
    await expectRefused(
      await bulk({ name: 'p.csv', content: `email\n${esha.email}\n` }, { courseList, extra: 'x' }),
      400,
      'extra',
    );
    // Another workspace's course: 404 naming the list; a draft: 409.
    expect(
      (
        await bulk(
          { name: 'p.csv', content: `email\n${elsewhere.admin.email}\n` },
          { courseList },
          globexAdmin,
          otherHost,
        )
      ).statusCode,
    ).toBe(404);
    const draft = await call('POST', '/create', admin, { title: 'Bulk draft', language: 'ENGLISH' });
    await expectRefused(
      await bulk(
        { name: 'p.csv', content: `email\n${esha.email}\n` },
        { courseList: JSON.stringify([draft.json().courseId]) },
      ),
      409,
      'courseList',
    );
    expect(
      (await bulk({ name: 'p.csv', content: `email\n${esha.email}\n` }, { courseList }, employeeToken)).statusCode,
    ).toBe(403);
    expect(await assignedIds(courseId)).toHaveLength(0);
  });
});
