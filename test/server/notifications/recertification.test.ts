import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../server/platform/clock';
import { JOB_RECERTIFICATION } from '../../../server/learning/notifications/notifications.routes';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { LEARNING } from '../courses/support';
import { MAIN } from '../policies/support';
import {
  buildLearningWorkspace,
  buildPlatformAdmin,
  buildUser,
  buildWorkspace,
  type BuiltLearningWorkspace,
  type BuiltUser,
  type BuiltWorkspace,
} from '../support/factories';

/**
 * Recertification through the API and the daily job, on both databases, with a clock the test moves: the course's
 * validity, the completion's expiry, the re-assignment as a new cycle 30 days before (history, certificate and
 * fresh attempts kept apart), the learner told, and for a catalogue course without credits the admins told 60 days
 * ahead, the learner not re-assigned, and the status "expired" after the expiry day.
 */
describe.each(DATABASES)('recertification on %s', (kind) => {
  const clock = new ManualClock('2027-01-10T09:00:00Z');
  let server: TestServer;
  let facts: BuiltLearningWorkspace;
  let ws: BuiltWorkspace;
  let elsewhere: BuiltWorkspace;
  let ACME: string;
  let GLOBEX: string;
  let admin: string;
  let globexAdmin: string;
  let employee: string;
  let employeePerson: BuiltUser;
  let catalogueCourse: string;
  let other: { id: string; email: string };
  beforeAll(async () => {
    server = await startTestServer(kind, {}, { clock, jobs: true });
    facts = await buildLearningWorkspace(server, { companyName: 'Acme' });
    ws = facts.ws;
    elsewhere = await buildWorkspace(server);
    ACME = ws.host;
    GLOBEX = elsewhere.host;
    admin = await server.signIn(ACME, ws.admin.email);
    globexAdmin = await server.signIn(GLOBEX, elsewhere.admin.email);
    employeePerson = await buildUser(server, ws);
    employee = employeePerson.id;
    other = await buildUser(server, ws);
  }, 120_000);
  afterAll(async () => server?.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = admin, host: string = ACME) =>
    server.request(host, { method, url: `${LEARNING}${url}`, token, ...(payload ? { payload } : {}) });
  const outbox = (to: string) =>
    server.db.query<{ subject: string; body: string }>(
      `SELECT subject, body FROM outbox_messages WHERE recipient = $1 ORDER BY id`,
      [to],
    );
  const memberOf = async (courseId: string, userId: string) =>
    (await call('GET', `/${courseId}/members?pageSize=100`))
      .json()
      .items.find((m: { userId: string }) => m.userId === userId);
  const runOn = async (day: string) => {
    clock.set(`${day}T06:00:00Z`);
    await server.jobs!.send(JOB_RECERTIFICATION, { workspaceId: facts.workspaceId, day });
    return server.jobs!.runPending();
  };

  it('sets a course’s validity (1, 2 or 3 years, or none) without a new version; refuses others, strangers and employees', async () => {
    const res = await call('PUT', `/update/${facts.courseId}`, { validityYears: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const details = (await call('GET', `/details/${facts.courseId}`)).json();
    expect(details).toMatchObject({ validityYears: 1, hasDraftChanges: false });
    const bad = await call('PUT', `/update/${facts.courseId}`, { validityYears: 5 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toContain('validityYears');
    expect((await call('PUT', `/update/${facts.courseId}`, { validityYears: 2 }, globexAdmin, GLOBEX)).statusCode).toBe(
      404,
    );
    const employeeToken = await server.signIn(ACME, employeePerson.email);
    expect((await call('PUT', `/update/${facts.courseId}`, { validityYears: 2 }, employeeToken)).statusCode).toBe(403);
    const audit = await server.db.query(
      `SELECT details FROM audit_events WHERE action = 'course.validity-changed' AND target = $1`,
      [facts.courseId],
    );
    expect(audit).toEqual([{ details: { validityYears: 1 } }]);
  });

  it('records the expiry on completion and assigns the course again 30 days before it, once, as a new cycle', async () => {
    expect((await call('POST', '/add-users', { courseId: facts.courseId, userIds: [employee] })).statusCode).toBe(200);
    const done = await call('POST', `/${facts.courseId}/members/${employee}/mark-done`, {
      scope: 'COURSE',
      reason: 'Workshop on paper',
    });
    expect(done.statusCode, done.body).toBe(200);
    const [first] = await server.db.tenant(facts.workspaceId, (tx) =>
      tx.query<{ code: string; expires_on: string }>(
        `SELECT code, to_char(expires_on, 'YYYY-MM-DD') AS expires_on FROM certificates WHERE workspace_id = $1 AND user_id = $2 AND course_id = $3`,
        [facts.workspaceId, employee, facts.courseId],
      ),
    );
    expect(first.expires_on).toBe('2028-01-09');
    expect(await memberOf(facts.courseId, employee)).toMatchObject({ status: 'COMPLETED', cycle: 1 });

    await server.jobs!.runPending(); // the assignment and completion mails
    const before = (await outbox(employeePerson.email)).length;
    await runOn('2027-12-09'); // 31 days before: nothing yet
    expect(await memberOf(facts.courseId, employee)).toMatchObject({ status: 'COMPLETED', cycle: 1 });
    await runOn('2027-12-10'); // 30 days before
    expect(await memberOf(facts.courseId, employee)).toMatchObject({
      status: 'NOT_STARTED',
      cycle: 2,
      dueOn: '2028-01-09',
      completedOn: null,
      attempts: 0,
    });
    const mails = (await outbox(employeePerson.email)).slice(before);
    expect(mails.map((m) => m.subject)).toEqual(['Time to renew: Preventing Sexual Harassment at Work (Acme)']);
    expect(mails[0].body).toContain('valid until 9 January 2028');
    // Again the same day, and the next: nothing more.
    await runOn('2027-12-10');
    await runOn('2027-12-11');
    expect((await outbox(employeePerson.email)).length).toBe(before + 1);

    // The earlier cycle is in the history; its certificate still verifies until it expires.
    const history = await server.db.tenant(facts.workspaceId, (tx) =>
      tx.query<{ cycle: number; status: string }>(
        `SELECT cycle, status FROM course_assignment_history WHERE workspace_id = $1 AND user_id = $2 AND course_id = $3`,
        [facts.workspaceId, employee, facts.courseId],
      ),
    );
    expect(history).toEqual([{ cycle: 1, status: 'COMPLETED' }]);
    const verify = await server.request(ACME, {
      method: 'GET',
      url: `/learning-api/api/certificates/verify/${first.code}`,
    });
    expect(verify.json()).toMatchObject({ valid: true, expiresOn: '2028-01-09' });

    // Completing the new cycle issues a new certificate, valid a year from then.
    clock.set('2027-12-20T09:00:00Z');
    expect(
      (
        await call('POST', `/${facts.courseId}/members/${employee}/mark-done`, {
          scope: 'COURSE',
          reason: 'Renewed on paper',
        })
      ).statusCode,
    ).toBe(200);
    const certs = await server.db.tenant(facts.workspaceId, (tx) =>
      tx.query<{ expires_on: string }>(
        `SELECT to_char(expires_on, 'YYYY-MM-DD') AS expires_on FROM certificates WHERE workspace_id = $1 AND user_id = $2 AND course_id = $3 ORDER BY expires_on`,
        [facts.workspaceId, employee, facts.courseId],
      ),
    );
    expect(certs.map((c) => c.expires_on)).toEqual(['2028-01-09', '2028-12-19']);
    expect(await memberOf(facts.courseId, employee)).toMatchObject({ status: 'COMPLETED', cycle: 2 });
  }, 120_000);

  it('a catalogue course without credits: the admins are told 60 days ahead (weekly), nobody is re-assigned, and the learner shows expired', async () => {
    clock.set('2027-01-10T09:00:00Z');
    const platform = await buildPlatformAdmin(server);
    catalogueCourse = (await call('POST', '/clone', { courseId: facts.courseId, title: 'Catalogue POSH' })).json()
      .courseId;
    expect((await call('POST', `/publish/${catalogueCourse}`, {})).statusCode).toBe(200);
    await server.db.query(`UPDATE courses SET from_catalogue = true WHERE workspace_id = $1 AND id = $2`, [
      facts.workspaceId,
      catalogueCourse,
    ]);
    expect((await call('PUT', `/update/${catalogueCourse}`, { validityYears: 1 })).statusCode).toBe(200);
    // One credit, granted by the platform admin, spent on the first assignment.
    const req = await server.request(ACME, {
      method: 'POST',
      url: '/learning-api/api/workspace-course-credit/request-credits',
      token: admin,
      payload: { courseId: catalogueCourse, credits: 1, idempotencyKey: `recert-${kind}-0001` },
    });
    expect(req.statusCode, req.body).toBe(200);
    expect(
      (
        await server.request(MAIN, {
          method: 'POST',
          url: `/learning-api/api/admin/course/buy-credits/${req.json().id}`,
          token: platform,
          payload: {},
        })
      ).statusCode,
    ).toBe(200);
    expect((await call('POST', '/add-users', { courseId: catalogueCourse, userIds: [other.id] })).statusCode).toBe(200);
    expect(
      (
        await call('POST', `/${catalogueCourse}/members/${other.id}/mark-done`, {
          scope: 'COURSE',
          reason: 'Workshop on paper',
        })
      ).statusCode,
    ).toBe(200);
    // Expires 2028-01-09; re-assignment due 2027-12-10; the admins are told 60 days before that, on 2027-10-11.
    const admins = await server.db.tenant(facts.workspaceId, (tx) =>
      tx.query<{ email: string }>(
        `SELECT email FROM users WHERE workspace_id = $1 AND role = 'WORKSPACE_ADMIN' AND status <> 'INACTIVE'`,
        [facts.workspaceId],
      ),
    );
    const notices = async () =>
      (await outbox(ws.admin.email)).filter((m) => m.subject.startsWith('Credits needed for Catalogue POSH'));
    await runOn('2027-10-10');
    expect(await notices()).toHaveLength(0);
    await runOn('2027-10-11');
    const first = await notices();
    expect(first).toHaveLength(1);
    expect(first[0].body).toContain(
      '1 person in Acme must recertify on "Catalogue POSH" from 10 December 2027, and the course has 0 credits left',
    );
    expect(admins.length).toBeGreaterThan(0);
    await runOn('2027-10-12');
    expect(await notices()).toHaveLength(1);
    await runOn('2027-10-18');
    expect(await notices()).toHaveLength(2);

    // No credit: not re-assigned on the day; after the expiry day the learner shows expired.
    await runOn('2027-12-10');
    expect(await memberOf(catalogueCourse, other.id)).toMatchObject({ status: 'COMPLETED', cycle: 1 });
    clock.set('2028-01-10T09:00:00Z');
    expect(await memberOf(catalogueCourse, other.id)).toMatchObject({ status: 'EXPIRED', cycle: 1 });
    const expired = await call('GET', `/${catalogueCourse}/members?status=EXPIRED`);
    expect(expired.json().items.map((m: { userId: string }) => m.userId)).toEqual([other.id]);
  }, 120_000);
});
