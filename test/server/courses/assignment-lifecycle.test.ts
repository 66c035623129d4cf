import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../server/platform/clock';
import { CourseNotifications, JOB_REMINDERS } from '../../../server/learning/courses/course-notifications';
import { templates } from '../../../server/platform/message-templates';
import type { Mailer, OutgoingMail } from '../../../server/platform/messages';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import {
  buildLearningWorkspace,
  buildUser,
  buildWorkspace,
  type BuiltLearningWorkspace,
  type BuiltUser,
  type BuiltWorkspace,
} from '../support/factories';
import { LEARNING } from './support';

/**
 * The assignment lifecycle through the API, with the job queue (pg-boss) on the same database and a clock the test
 * moves: due dates, unassigning with history, the members list, the assignment mail and the reminder cadence.
 */
describe.each(DATABASES)('the assignment lifecycle on %s', (kind) => {
  const clock = new ManualClock('2026-12-01T09:00:00Z');
  /** Set by a test to interrupt a reminder run before a batch (the first time only). */
  let interruptAt: number | null = null;
  let server: TestServer;
  let facts: BuiltLearningWorkspace;
  let ws: BuiltWorkspace;
  let elsewhere: BuiltWorkspace;
  let wsHost: string;
  let otherHost: string;
  let admin: string;
  let employee: string;
  /** The learner of most tests, in Human Resources at headquarters. */
  let esha: BuiltUser;
  /** The manager of Esha's department. */
  let employer: BuiltUser;
  /** Other employees, signed in: two for the due-date defaults, seven for the interrupted run, three for the digest. */
  let others: BuiltUser[];
  /** The last mail of the building (the invitations): the tests read the mails after it. */
  let builtUpTo: string;
  beforeAll(async () => {
    server = await startTestServer(
      kind,
      {
        reminders: {
          batchSize: 2,
          beforeBatch: async (batchNo) => {
            if (interruptAt !== null && batchNo === interruptAt) {
              interruptAt = null;
              throw new Error('the process stopped here');
            }
          },
        },
      },
      { clock, jobs: true },
    );
    facts = await buildLearningWorkspace(server);
    ws = facts.ws;
    wsHost = ws.host;
    admin = ws.admin.token;
    elsewhere = await buildWorkspace(server);
    otherHost = elsewhere.host;
    esha = await buildUser(server, ws, { firstName: 'Esha', lastName: 'Employee' });
    employee = esha.id;
    const placed = await server.request(wsHost, {
      method: 'POST',
      url: `/main-api/api/user/update/${esha.id}`,
      token: admin,
      payload: { departmentId: facts.hqHr },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    employer = await buildUser(server, ws, { role: 'EMPLOYER' });
    others = [];
    for (let i = 0; i < 12; i++) others.push(await buildUser(server, ws));
    const [last] = await server.db.query<{ id: string }>(
      `SELECT coalesce(max(id), 0)::text AS id FROM outbox_messages`,
    );
    builtUpTo = last!.id;
  }, 120_000);
  afterAll(async () => server?.close());

  const post = (url: string, payload: object, token = admin, host = wsHost) =>
    server.request(host, { method: 'POST', url: `${LEARNING}${url}`, payload, token });
  const members = async (query = '') => {
    const r = await server.request(wsHost, {
      method: 'GET',
      url: `${LEARNING}/${facts.courseId}/members?pageSize=100${query}`,
      token: admin,
    });
    if (r.statusCode !== 200) throw new Error(r.body);
    return r.json();
  };
  const memberOf = async (userId: string, query = '') =>
    (await members(query)).items.find((m: { userId: string }) => m.userId === userId);
  /** The mails to a person since the workspace was built (not the invitations that built it). */
  const outbox = (to: string) =>
    server.db.query<{ subject: string; body: string }>(
      `SELECT subject, body FROM outbox_messages WHERE recipient = $1 AND id > $2 ORDER BY id`,
      [to, builtUpTo],
    );
  const runJobs = () => server.jobs!.runPending();
  const remindOn = async (day: string) => {
    clock.set(`${day}T06:00:00Z`);
    await server.jobs!.send(JOB_REMINDERS, { workspaceId: facts.workspaceId, day });
    return runJobs();
  };

  it('assigns with a fixed due date, shows it in the members list, and the job mails the learner once', async () => {
    const res = await post('/add-users', {
      courseId: facts.courseId,
      userIds: [employee],
      due: { kind: 'DATE', date: '2026-12-20' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ assigned: 1, alreadyAssigned: 0 });
    expect(await memberOf(employee)).toMatchObject({
      dueOn: '2026-12-20',
      status: 'NOT_STARTED',
      progress: 0,
      cycle: 1,
    });

    await runJobs();
    const mails = await outbox(esha.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain('Preventing Sexual Harassment at Work');
    expect(mails[0].body).toContain('20 December 2026');
    expect(mails[0].body).toContain(`http://${wsHost}/`);

    // Assigning again changes nothing and mails nobody.
    expect((await post('/add-users', { courseId: facts.courseId, userIds: [employee] })).json()).toEqual({
      assigned: 0,
      alreadyAssigned: 1,
    });
    await runJobs();
    expect(await outbox(esha.email)).toHaveLength(1);
  });

  it('takes the workspace default (30 days, then as the admin sets it) or a number of days', async () => {
    const [a, b] = others.slice(0, 2);
    expect((await post('/add-users', { courseId: facts.courseId, userIds: [a.id] })).statusCode).toBe(200);
    expect((await memberOf(a.id)).dueOn).toBe('2026-12-31');
    const settings = await server.request(wsHost, {
      method: 'GET',
      url: `${LEARNING}/assignment-settings`,
      token: admin,
    });
    expect(settings.json()).toMatchObject({ defaultDueDays: 30 });
    const saved = await server.request(wsHost, {
      method: 'PUT',
      url: `${LEARNING}/assignment-settings`,
      token: admin,
      payload: { ...(settings.json() as object), defaultDueDays: 10 },
    });
    expect(saved.statusCode).toBe(200);
    expect(
      (await post('/add-users', { courseId: facts.courseId, userIds: [b.id], due: { kind: 'DAYS', days: 5 } }))
        .statusCode,
    ).toBe(200);
    expect((await memberOf(b.id)).dueOn).toBe('2026-12-06');
    // Back to 30 for the rest.
    await server.request(wsHost, {
      method: 'PUT',
      url: `${LEARNING}/assignment-settings`,
      token: admin,
      payload: { ...(settings.json() as object), defaultDueDays: 30 },
    });
    await post('/unassign', { courseId: facts.courseId, userIds: [a.id, b.id] });
    await runJobs();
  });

  it('refuses a past due date, another workspace, and an employee', async () => {
    const past = await post('/add-users', {
      courseId: facts.courseId,
      userIds: [employee],
      due: { kind: 'DATE', date: '2026-11-30' },
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().fields).toHaveProperty(['due.date']);
    const bad = await post('/add-users', {
      courseId: facts.courseId,
      userIds: [employee],
      due: { kind: 'DAYS', days: 0 },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).join()).toContain('due');
    const globexAdmin = elsewhere.admin.token;
    expect(
      (await post('/add-users', { courseId: facts.courseId, userIds: [employee] }, globexAdmin, otherHost)).statusCode,
    ).toBe(404);
    expect(
      (await post('/unassign', { courseId: facts.courseId, userIds: [employee] }, globexAdmin, otherHost)).statusCode,
    ).toBe(404);
    const employeeToken = esha.token;
    expect((await post('/unassign', { courseId: facts.courseId, userIds: [employee] }, employeeToken)).statusCode).toBe(
      403,
    );
  });

  it("changes a learner's due date; overdue shows from the day after, filters and exports as CSV", async () => {
    const res = await server.request(wsHost, {
      method: 'PUT',
      url: `${LEARNING}/${facts.courseId}/members/${employee}/due-date`,
      token: admin,
      payload: { dueOn: '2026-12-10' },
    });
    expect(res.statusCode).toBe(200);
    expect((await memberOf(employee)).dueOn).toBe('2026-12-10');
    clock.set('2026-12-10T20:00:00Z');
    expect((await memberOf(employee)).status).toBe('NOT_STARTED');
    clock.set('2026-12-11T01:00:00Z');
    expect((await memberOf(employee)).status).toBe('OVERDUE');
    const overdue = await members('&status=OVERDUE');
    expect(overdue.items.map((m: { email: string }) => m.email)).toEqual([esha.email]);
    expect((await members('&status=COMPLETED')).total).toBe(0);
    expect((await members('&search=esha')).total).toBe(1);

    const csv = await server.request(wsHost, {
      method: 'GET',
      url: `${LEARNING}/${facts.courseId}/members?format=csv&status=OVERDUE`,
      token: admin,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toContain('Due on');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(esha.email);
    expect(lines[1]).toContain('OVERDUE');
    expect(lines[1]).toContain('2026-12-10');
    const audit = await server.db.tenant(facts.workspaceId, (tx) =>
      tx.query(
        `SELECT 1 FROM audit_events WHERE workspace_id = $1 AND action = 'course.due-date-changed' AND target = $2`,
        [facts.workspaceId, employee],
      ),
    );
    expect(audit).toHaveLength(1);
  });

  it('unassigning keeps the history; assigning again starts a new cycle', async () => {
    clock.set('2026-12-12T09:00:00Z');
    expect((await post('/unassign', { courseId: facts.courseId, userIds: [employee] })).json()).toEqual({
      unassigned: 1,
    });
    expect(await memberOf(employee)).toBeUndefined();
    const [row] = await server.db.tenant(facts.workspaceId, (tx) =>
      tx.query<{ unassigned_at: Date | null; cycle: number }>(
        `SELECT unassigned_at, cycle FROM course_assignments WHERE workspace_id = $1 AND user_id = $2`,
        [facts.workspaceId, employee],
      ),
    );
    expect(row.unassigned_at).not.toBeNull();
    expect((await post('/unassign', { courseId: facts.courseId, userIds: [employee] })).json()).toEqual({
      unassigned: 0,
    });

    expect(
      (
        await post('/add-users', {
          courseId: facts.courseId,
          userIds: [employee],
          due: { kind: 'DATE', date: '2027-01-15' },
        })
      ).json(),
    ).toEqual({
      assigned: 1,
      alreadyAssigned: 0,
    });
    expect(await memberOf(employee)).toMatchObject({ cycle: 2, dueOn: '2027-01-15', status: 'NOT_STARTED' });
    const history = await server.db.tenant(facts.workspaceId, (tx) =>
      tx.query<{ cycle: number; due: string }>(
        `SELECT cycle, to_char(due_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS due FROM course_assignment_history WHERE workspace_id = $1 AND user_id = $2`,
        [facts.workspaceId, employee],
      ),
    );
    expect(history).toEqual([{ cycle: 1, due: '2026-12-10' }]);
    await runJobs();
    expect(await outbox(esha.email)).toHaveLength(2);
  });

  it('reminds on the cadence as the clock moves, tells the department manager once, and then stops', async () => {
    // The employee's department gets a manager (not the employee).
    const [manager] = await server.db.tenant(facts.workspaceId, async (tx) => {
      const [u] = await tx.query<{ department_id: string; branch_id: string }>(
        `SELECT department_id, branch_id FROM users WHERE workspace_id = $1 AND id = $2`,
        [facts.workspaceId, employee],
      );
      const m = { id: employer.id, email: employer.email };
      await tx.query(
        `INSERT INTO department_managers (workspace_id, department_id, user_id, role) VALUES ($1, $2, $3, 'HEAD') ON CONFLICT DO NOTHING`,
        [facts.workspaceId, u.department_id, m.id],
      );
      return [m];
    });
    const before = (await outbox(esha.email)).length;
    const managerBefore = (await outbox(manager.email)).length;
    const days: string[] = [];
    // Due 2027-01-15: reminders 7 and 1 days before, on the day, then every 7 days overdue 3 times; manager at 14 days.
    const sentOn: string[] = [];
    for (
      let d = new Date('2027-01-01T00:00:00Z');
      d <= new Date('2027-02-20T00:00:00Z');
      d = new Date(d.getTime() + 86_400_000)
    ) {
      const day = d.toISOString().slice(0, 10);
      days.push(day);
      const count = (await outbox(esha.email)).length;
      await remindOn(day);
      if ((await outbox(esha.email)).length > count) sentOn.push(day);
    }
    expect(sentOn).toEqual(['2027-01-08', '2027-01-14', '2027-01-15', '2027-01-22', '2027-01-29', '2027-02-05']);
    const mails = (await outbox(esha.email)).slice(before);
    expect(mails[0].subject).toMatch(/^Reminder: Preventing Sexual Harassment at Work/);
    expect(mails[3].subject).toMatch(/^Overdue: /);
    const managerMails = (await outbox(manager.email)).slice(managerBefore);
    expect(managerMails).toHaveLength(1);
    expect(managerMails[0].subject).toContain('Esha Employee is 14 days late');
    // The admin sees who was reminded.
    expect((await memberOf(employee)).lastRemindedOn).toBe('2027-02-05');
  }, 300_000);

  it('sends one digest to a learner with several courses due, and none for a course whose reminders are off', async () => {
    clock.set('2027-03-01T09:00:00Z');
    const clone = await post('/clone', { courseId: facts.courseId, title: 'Second course' });
    expect(clone.statusCode).toBe(200);
    const second = clone.json().courseId as string;
    expect((await post(`/publish/${second}`, {})).statusCode).toBe(200);
    const third = (await post('/clone', { courseId: facts.courseId, title: 'Quiet course' })).json().courseId as string;
    expect((await post(`/publish/${third}`, {})).statusCode).toBe(200);
    const off = await server.request(wsHost, {
      method: 'PUT',
      url: `${LEARNING}/${third}/reminder-toggle`,
      token: admin,
      payload: { enabled: false },
    });
    expect(off.statusCode).toBe(200);
    for (const courseId of [facts.courseId, second, third]) {
      if (courseId === facts.courseId) {
        await server.request(wsHost, {
          method: 'PUT',
          url: `${LEARNING}/${courseId}/members/${employee}/due-date`,
          token: admin,
          payload: { dueOn: '2027-03-10' },
        });
      } else {
        expect(
          (await post('/add-users', { courseId, userIds: [employee], due: { kind: 'DATE', date: '2027-03-10' } }))
            .statusCode,
        ).toBe(200);
      }
    }
    await runJobs();
    const before = (await outbox(esha.email)).length;
    await remindOn('2027-03-10');
    const mails = (await outbox(esha.email)).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain('2 ');
    expect(mails[0].body).toContain('Preventing Sexual Harassment at Work: due today');
    expect(mails[0].body).toContain('Second course: due today');
    expect(mails[0].body).not.toContain('Quiet course');
  }, 120_000);

  it('a reminder run interrupted halfway and run again sends every reminder once', async () => {
    // Yesterday's run first, so today's run holds only these learners' reminders.
    await remindOn('2027-03-31');
    clock.set('2027-03-31T09:00:00Z');
    const people = others.slice(2, 9);
    expect(people.length).toBe(7);
    await post('/add-users', {
      courseId: facts.courseId,
      userIds: people.map((p) => p.id),
      due: { kind: 'DATE', date: '2027-04-08' },
    });
    await runJobs();
    const before = new Map<string, number>();
    for (const p of people) before.set(p.email, (await outbox(p.email)).length);

    // Batches of two learners: the run stops before its third batch (four learners mailed, three not).
    interruptAt = 2;
    clock.set('2027-04-01T06:00:00Z');
    await server.jobs!.send(JOB_REMINDERS, { workspaceId: facts.workspaceId, day: '2027-04-01' });
    const first = await runJobs();
    expect(first.failed).toBe(1);
    const afterFirst = await Promise.all(
      people.map(async (p) => (await outbox(p.email)).length - before.get(p.email)!),
    );
    expect(afterFirst.reduce((a, b) => a + b, 0)).toBe(4);

    // pg-boss queues the failed run again; it runs (now, instead of after its delay) and completes.
    expect(await server.jobs!.counts(JOB_REMINDERS)).toMatchObject({ retry: 1 });
    await server.jobs!.retryNow(JOB_REMINDERS);
    const second = await runJobs();
    expect(second.completed).toBe(1);
    // And a third run of the same day (a duplicate job, another process) adds nothing.
    await server.jobs!.send(JOB_REMINDERS, { workspaceId: facts.workspaceId, day: '2027-04-01' });
    await runJobs();
    for (const p of people) {
      const mails = (await outbox(p.email)).slice(before.get(p.email)!);
      expect(mails, p.email).toHaveLength(1);
      expect(mails[0].body).toContain('due on 8 April 2027');
    }
  }, 120_000);

  it('the daily digest reads the same whichever way it is written: set-based, for a first name the mail trims, and by SMTP', async () => {
    const day = '2027-05-03';
    clock.set(`${day}T05:00:00Z`);
    const course = (await post('/clone', { courseId: facts.courseId, title: 'Digest wording course' })).json()
      .courseId as string;
    expect((await post(`/publish/${course}`, {})).statusCode).toBe(200);
    const people = others.slice(9, 12).map((p) => ({ id: p.id, email: p.email, first_name: p.firstName }));
    expect(people).toHaveLength(3);
    const [plain, trimmed, bySmtp] = people;
    await server.db.tenant(facts.workspaceId, (tx) =>
      tx.query(`UPDATE users SET first_name = $3 WHERE workspace_id = $1 AND id = $2`, [
        facts.workspaceId,
        trimmed.id,
        '  Zoë\n',
      ]),
    );
    expect(
      (
        await post('/add-users', {
          courseId: course,
          userIds: [plain.id, trimmed.id],
          due: { kind: 'DATE', date: day },
        })
      ).statusCode,
    ).toBe(200);
    await runJobs();
    const [workspace] = await server.db.query<{ company_name: string }>(
      `SELECT company_name FROM workspaces WHERE id = $1`,
      [facts.workspaceId],
    );
    const expected = (firstName: string, link: string) =>
      templates.courseReminderDigest({
        workspaceName: workspace.company_name,
        firstName,
        link,
        courses: [{ title: 'Digest wording course', dueOn: new Date(`${day}T00:00:00Z`), kind: 'ON_DUE' }],
      });
    const linkOf = (body: string) => body.slice(body.lastIndexOf('Open My training: ') + 'Open My training: '.length);

    const before = { plain: (await outbox(plain.email)).length, trimmed: (await outbox(trimmed.email)).length };
    await remindOn(day);
    const [toPlain] = (await outbox(plain.email)).slice(before.plain);
    const [toTrimmed] = (await outbox(trimmed.email)).slice(before.trimmed);
    const link = linkOf(toPlain.body);
    expect(toPlain).toEqual({
      subject: expected(plain.first_name, link).subject,
      body: expected(plain.first_name, link).text,
    });
    expect(toTrimmed.body.startsWith('Hello Zoë,\n')).toBe(true);
    expect(toTrimmed).toEqual({ subject: expected('Zoë', link).subject, body: expected('Zoë', link).text });

    // A mailer that is not the outbox (SMTP): the run composes each digest itself; the keys are the same ledger.
    const sent: OutgoingMail[] = [];
    const smtp: Mailer = {
      assertAvailable: () => {},
      send: async (m) => void sent.push(m),
      sendMany: async (ms) => void sent.push(...ms),
    };
    const next = '2027-05-04';
    expect(
      (await post('/add-users', { courseId: course, userIds: [bySmtp.id], due: { kind: 'DATE', date: next } }))
        .statusCode,
    ).toBe(200);
    const viaSmtp = new CourseNotifications(server.db, smtp, clock, 'http://localhost');
    clock.set(`${next}T05:00:00Z`);
    await viaSmtp.runReminders(facts.workspaceId, next);
    const mine = sent.filter((m) => m.to === bySmtp.email);
    expect(mine).toHaveLength(1);
    expect(mine[0].text).toContain(`Hello ${bySmtp.first_name},`);
    expect(mine[0].text).toContain('Digest wording course: due today');
    await viaSmtp.runReminders(facts.workspaceId, next);
    expect(sent.filter((m) => m.to === bySmtp.email)).toHaveLength(1);

    // The ledger has no foreign keys (migration 0043): deleting a person or a course still takes their keys with it.
    const keys = (where: string, id: string) =>
      server.db.tenant(
        facts.workspaceId,
        async (tx) =>
          (
            await tx.query(`SELECT 1 FROM course_reminders WHERE workspace_id = $1 AND ${where} = $2`, [
              facts.workspaceId,
              id,
            ])
          ).length,
      );
    expect(await keys('user_id', bySmtp.id)).toBe(1);
    expect(await keys('course_id', course)).toBe(3);
    await server.db.tenant(facts.workspaceId, (tx) =>
      tx.query(`DELETE FROM users WHERE workspace_id = $1 AND id = $2`, [facts.workspaceId, bySmtp.id]),
    );
    expect(await keys('user_id', bySmtp.id)).toBe(0);
    await server.db.tenant(facts.workspaceId, (tx) =>
      tx.query(`DELETE FROM courses WHERE workspace_id = $1 AND id = $2`, [facts.workspaceId, course]),
    );
    expect(await keys('course_id', course)).toBe(0);
  }, 120_000);
});
