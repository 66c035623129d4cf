import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../server/platform/clock';
import { JOB_REMINDERS } from '../../../server/learning/courses/course-notifications';
import { JOB_COMPLETION_MAIL, JOB_POLICY_REMINDERS } from '../../../server/learning/notifications/notifications.routes';
import { addCalendarDays } from '../../../src/domain/shared/calendar';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { LEARNING } from '../courses/support';
import {
  buildLearningWorkspace,
  buildPlatformAdmin,
  buildUnitUser,
  buildUser,
  buildWorkspace,
  type BuiltLearningWorkspace,
  type BuiltUser,
  type BuiltWorkspace,
} from '../support/factories';
import { policyWithPdfs } from '../policies/support';

const NOTIFY = '/learning-api/api/notification';

/**
 * The notification calls and the reminder jobs through the API, on both databases, with pg-boss on the same database
 * and a clock the test moves: an admin's "remind now" (course, due, policy) with its once-a-day key shared with the
 * daily run, the reminder toggle, the learner's awaiting courses, the policy cadence that ends, the completion mail.
 */
describe.each(DATABASES)('reminders on %s', (kind) => {
  const clock = new ManualClock('2026-12-01T09:00:00Z');
  let server: TestServer;
  let facts: BuiltLearningWorkspace;
  let ws: BuiltWorkspace;
  let ACME: string;
  let GLOBEX: string;
  let employeePerson: BuiltUser;
  let admin: string;
  let buAdmin: string;
  let employeeToken: string;
  let globexAdmin: string;
  let employee: string;
  let others: { id: string; email: string }[];
  beforeAll(async () => {
    server = await startTestServer(kind, {}, { clock, jobs: true });
    facts = await buildLearningWorkspace(server, { companyName: 'Acme' });
    ws = facts.ws;
    const elsewhere = await buildWorkspace(server);
    ACME = ws.host;
    GLOBEX = elsewhere.host;
    admin = await server.signIn(ACME, ws.admin.email);
    buAdmin = (await buildUnitUser(server, ws, facts.pune, { role: 'BRANCH_ADMIN' })).token;
    employeePerson = await buildUser(server, ws);
    employeeToken = employeePerson.token;
    globexAdmin = await server.signIn(GLOBEX, elsewhere.admin.email);
    employee = employeePerson.id;
    // Three more employees: the second works in Pune, the business-unit admin's unit.
    others = [await buildUser(server, ws), await buildUnitUser(server, ws, facts.pune), await buildUser(server, ws)];
  }, 120_000);
  afterAll(async () => server?.close());

  const post = (url: string, payload: object, token = admin, host: string = ACME) =>
    server.request(host, { method: 'POST', url, payload, token });
  const outbox = (to: string) =>
    server.db.query<{ subject: string; body: string }>(
      `SELECT subject, body FROM outbox_messages WHERE recipient = $1 ORDER BY id`,
      [to],
    );
  const count = async (to: string) => (await outbox(to)).length;
  const runJobs = () => server.jobs!.runPending();

  it('an admin reminds the not-completed learners of a course now: one mail each, once a day, audited, counted', async () => {
    const r = await post(`${LEARNING}/add-users`, {
      courseId: facts.courseId,
      userIds: [employee, others[0].id],
      due: { kind: 'DATE', date: '2026-12-20' },
    });
    expect(r.statusCode, r.body).toBe(200);
    await runJobs(); // the assignment mails
    const before = await count(employeePerson.email);
    const res = await post(`${NOTIFY}/course-reminder`, { courseId: facts.courseId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ mailed: 2, alreadyReminded: 0 });
    const mails = (await outbox(employeePerson.email)).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Reminder: Preventing Sexual Harassment at Work (Acme)');
    expect(mails[0].body).toContain('due on 20 December 2026');
    expect(mails[0].body).toContain(`http://${ws.host}/training/${facts.courseId}`);

    // Again the same day: nobody is mailed twice; the answer says so.
    const again = await post(`${NOTIFY}/course-reminder`, { courseId: facts.courseId, userIds: [employee] });
    expect(again.json()).toEqual({ mailed: 0, alreadyReminded: 1, notConcerned: 0 });
    expect(await count(employeePerson.email)).toBe(before + 1);

    const audit = await server.db.query<{ details: { mailed: number } }>(
      `SELECT details FROM audit_events WHERE workspace_id = $1 AND action = 'notification.course-reminder-sent' ORDER BY id`,
      [facts.workspaceId],
    );
    expect(audit.map((a) => a.details.mailed)).toEqual([2, 0]);
    // The members list shows who was reminded.
    const members = await server.request(ACME, {
      method: 'GET',
      url: `${LEARNING}/${facts.courseId}/members?pageSize=100`,
      token: admin,
    });
    expect(members.json().items.find((m: { userId: string }) => m.userId === employee).lastRemindedOn).toBe(
      '2026-12-01',
    );
  }, 120_000);

  it('the next day the chosen learner is reminded again; someone not assigned is not concerned', async () => {
    clock.set('2026-12-02T09:00:00Z');
    const unconcernedBefore = await count(others[2].email); // its invitation
    const res = await post(`${NOTIFY}/course-reminder`, {
      courseId: facts.courseId,
      userIds: [employee, others[2].id],
    });
    expect(res.json()).toEqual({ mailed: 1, alreadyReminded: 0, notConcerned: 1 });
    expect(await count(others[2].email)).toBe(unconcernedBefore);
  });

  it('the due reminder mails only the due and overdue, and the daily run of the same day does not mail them again', async () => {
    clock.set('2026-12-13T09:00:00Z'); // employee and others[0] due 2026-12-20: 7 days before, the cadence's first reminder
    const invitedOnly = await count(others[1].email); // its invitation
    expect(
      (
        await post(`${LEARNING}/add-users`, {
          courseId: facts.courseId,
          userIds: [others[1].id],
          due: { kind: 'DATE', date: '2027-02-01' },
        })
      ).statusCode,
    ).toBe(200);
    await runJobs();
    const before = await count(employeePerson.email);
    const res = await post(`${NOTIFY}/course-due-reminder`, { courseId: facts.courseId });
    expect(res.json()).toEqual({ mailed: 2, alreadyReminded: 0, notConcerned: 1 });
    expect(await count(others[1].email)).toBe(invitedOnly + 1); // only its assignment mail
    await server.jobs!.send(JOB_REMINDERS, { workspaceId: facts.workspaceId, day: '2026-12-13' });
    await runJobs();
    expect(await count(employeePerson.email)).toBe(before + 1);
    // And a manual reminder after the run: already reminded today.
    expect(
      (await post(`${NOTIFY}/course-reminder`, { courseId: facts.courseId, userIds: [employee] })).json(),
    ).toMatchObject({ mailed: 0, alreadyReminded: 1 });
  }, 120_000);

  it('after a manual reminder the daily run of that day sends the learner nothing more', async () => {
    clock.set('2026-12-19T09:00:00Z'); // due-1: the cadence reminds tomorrow's due learners
    const before = await count(employeePerson.email);
    expect(
      (await post(`${NOTIFY}/course-reminder`, { courseId: facts.courseId, userIds: [employee] })).json(),
    ).toMatchObject({ mailed: 1 });
    const otherBefore = await count(others[0].email);
    await server.jobs!.send(JOB_REMINDERS, { workspaceId: facts.workspaceId, day: '2026-12-19' });
    await runJobs();
    expect(await count(employeePerson.email)).toBe(before + 1);
    expect(await count(others[0].email)).toBe(otherBefore + 1); // the cadence's own reminder for the other learner
  }, 120_000);

  it('shows the learner their courses awaiting action and what today’s reminder says', async () => {
    clock.set('2026-12-20T09:00:00Z');
    const res = await server.request(ACME, {
      method: 'GET',
      url: `${NOTIFY}/user-assigned-courses`,
      token: employeeToken,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items).toEqual([
      expect.objectContaining({
        courseId: facts.courseId,
        title: 'Preventing Sexual Harassment at Work',
        status: 'NOT_STARTED',
        dueOn: '2026-12-20',
        reminderToday: 'ON_DUE',
        lastRemindedOn: '2026-12-19',
        remindersOn: true,
      }),
    ]);
    clock.set('2026-12-22T09:00:00Z');
    const later = await server.request(ACME, {
      method: 'GET',
      url: `${NOTIFY}/user-assigned-courses`,
      token: employeeToken,
    });
    expect(later.json().items[0]).toMatchObject({ status: 'OVERDUE', reminderToday: null });
  });

  it('respects the course’s reminder toggle: 409, nobody mailed', async () => {
    const off = await server.request(ACME, {
      method: 'PUT',
      url: `${LEARNING}/${facts.courseId}/reminder-toggle`,
      token: admin,
      payload: { enabled: false },
    });
    expect(off.statusCode).toBe(200);
    const before = await count(employeePerson.email);
    const res = await post(`${NOTIFY}/course-reminder`, { courseId: facts.courseId });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('REMINDERS_OFF');
    expect((await post(`${NOTIFY}/course-due-reminder`, { courseId: facts.courseId })).statusCode).toBe(409);
    expect(await count(employeePerson.email)).toBe(before);
    const awaiting = await server.request(ACME, {
      method: 'GET',
      url: `${NOTIFY}/user-assigned-courses`,
      token: employeeToken,
    });
    expect(awaiting.json().items[0]).toMatchObject({ remindersOn: false, reminderToday: null });
    await server.request(ACME, {
      method: 'PUT',
      url: `${LEARNING}/${facts.courseId}/reminder-toggle`,
      token: admin,
      payload: { enabled: true },
    });
  });

  it('refuses employees (403), another workspace’s course (404) and bad input (400 naming the field); a business-unit admin reaches their unit only', async () => {
    clock.set('2026-12-23T09:00:00Z');
    expect((await post(`${NOTIFY}/course-reminder`, { courseId: facts.courseId }, employeeToken)).statusCode).toBe(403);
    expect(
      (await post(`${NOTIFY}/course-reminder`, { courseId: facts.courseId }, globexAdmin, GLOBEX)).statusCode,
    ).toBe(404);
    const bad = await post(`${NOTIFY}/course-reminder`, { courseId: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toContain('courseId');
    const none = await post(`${NOTIFY}/course-due-reminder`, { courseId: facts.courseId, userIds: [] });
    expect(none.statusCode).toBe(400);
    expect(Object.keys(none.json().fields)).toContain('userIds');
    expect((await post(`${NOTIFY}/policy/policy-reminder`, { policyId: facts.courseId })).statusCode).toBe(404);
    // The business-unit admin (Pune) reaches only Pune's learners.
    const pune = await server.db.tenant(facts.workspaceId, (tx) =>
      tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM course_assignments a JOIN users u ON u.workspace_id = a.workspace_id AND u.id = a.user_id
          WHERE a.workspace_id = $1 AND a.course_id = $2 AND a.unassigned_at IS NULL AND a.status <> 'COMPLETED' AND u.branch_id = $3`,
        [facts.workspaceId, facts.courseId, facts.pune],
      ),
    );
    const res = await post(`${NOTIFY}/course-reminder`, { courseId: facts.courseId }, buAdmin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().mailed + res.json().alreadyReminded).toBe(pune[0].n);
  });

  it('reminds those who have not accepted a published policy, on a cadence that ends, and on demand once a day', async () => {
    const platform = await buildPlatformAdmin(server);
    const catalogueId = await policyWithPdfs(server, platform, 'Code of conduct');
    const published = await server.request(ACME, {
      method: 'POST',
      url: '/learning-api/api/policy/publish',
      token: admin,
      payload: { cataloguePolicyId: catalogueId, scope: 'UNITS', branchIds: [facts.pune], daysToAccept: 14 },
    });
    expect(published.statusCode, published.body).toBe(200);
    const policyId = published.json().id as string;
    // Everyone in scope has the same due date here (published today, joined before): read it from the acceptance table.
    clock.set(new Date());
    const table = await server.request(ACME, {
      method: 'GET',
      url: `/learning-api/api/policy/acceptances/${policyId}?pageSize=300`,
      token: admin,
    });
    const rows = table.json().items as { userId: string; email: string; dueOn: string; state: string }[];
    expect(rows.length).toBeGreaterThan(0);
    const person = rows.find((r) => r.email)!;
    const dueOn = person.dueOn;

    // The admin reminds everyone now; again the same day: nobody twice.
    const first = await post(`${NOTIFY}/policy/policy-reminder`, { policyId });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ mailed: rows.filter((r) => r.email).length, alreadyReminded: 0 });
    const mail = (await outbox(person.email)).at(-1)!;
    expect(mail.subject).toContain('please read and accept Code of conduct');
    expect(mail.body).toContain('to accept by');
    expect((await post(`${NOTIFY}/policy/policy-reminder`, { policyId, userIds: [person.userId] })).json()).toEqual({
      mailed: 0,
      alreadyReminded: 1,
      notConcerned: 0,
    });
    expect(
      (
        await server.db.query(
          `SELECT 1 FROM audit_events WHERE action = 'notification.policy-reminder-sent' AND target = $1`,
          [policyId],
        )
      ).length,
    ).toBe(2);

    // The daily runs from the day after until 40 days past the due date: 7 and 1 days before, on the day, three times
    // overdue a week apart, then never again.
    const start = await count(person.email);
    const sentOn: string[] = [];
    for (let d = addCalendarDays(dueOn, -10); d <= addCalendarDays(dueOn, 40); d = addCalendarDays(d, 1)) {
      clock.set(`${d}T06:00:00Z`);
      const n = await count(person.email);
      await server.jobs!.send(JOB_POLICY_REMINDERS, { workspaceId: facts.workspaceId, day: d });
      await runJobs();
      if ((await count(person.email)) > n) sentOn.push(d);
    }
    expect(sentOn).toEqual([-7, -1, 0, 7, 14, 21].map((n) => addCalendarDays(dueOn, n)));
    const mails = (await outbox(person.email)).slice(start);
    expect(mails.at(-1)!.subject).toMatch(/^Overdue: /);
  }, 300_000);

  it('mails the learner once when they complete a course', async () => {
    clock.set('2027-03-01T09:00:00Z');
    const learner = others[0];
    const done = await server.request(ACME, {
      method: 'POST',
      url: `${LEARNING}/${facts.courseId}/members/${learner.id}/mark-done`,
      token: admin,
      payload: { scope: 'COURSE', reason: 'Completed on paper in the workshop' },
    });
    expect(done.statusCode, done.body).toBe(200);
    const before = await count(learner.email);
    await runJobs();
    const mails = (await outbox(learner.email)).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Completed: Preventing Sexual Harassment at Work (Acme)');
    expect(mails[0].body).toMatch(/verification code is [A-Z0-9-]+/);
    // A second sweep mails nothing more.
    await server.jobs!.send(JOB_COMPLETION_MAIL, { workspaceId: facts.workspaceId });
    await runJobs();
    expect(await count(learner.email)).toBe(before + 1);
  }, 120_000);
});
