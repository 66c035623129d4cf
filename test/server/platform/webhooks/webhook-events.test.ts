import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_USER_IMPORT } from '../../../../server/main/imports/import-runner';
import { ManualClock } from '../../../../server/platform/clock';
import { JOB_WEBHOOK_DELIVERIES } from '../../../../server/platform/webhooks/webhook-deliveries';
import { JOB_CASE_DAILY } from '../../../../server/case/complaints/case-jobs';
import { JOB_RECERTIFICATION } from '../../../../server/learning/notifications/notifications.routes';
import { addCalendarDays } from '../../../../src/domain/shared/calendar';
import { localDay } from '../../../../src/domain/shared/date-time';
import { csv, post as postImport, waitForJob } from '../../imports/upload';
import { policyWithPdfs } from '../../policies/support';
import {
  buildCommittee,
  buildComplaint,
  buildPlatformAdmin,
  buildPublishedWorkflow,
  buildUser,
  buildWorkspace,
  type BuiltWorkspace,
} from '../../support/factories';
import { DATABASES, startTestServer, type TestServer } from '../../support/test-app';
import { Receiver } from '../../support/webhook-receiver';

type Event = { type: string; timestamp: string; data: Record<string, unknown> };

/**
 * The data of each event type as a receiver gets it: every request verified with the `standardwebhooks` package and
 * the endpoint's secret, its fields asserted (docs/webhooks.md "Events").
 */
describe.each(DATABASES)('webhook events on %s', (kind) => {
  let server: TestServer;
  let ws: BuiltWorkspace;
  const receiver = new Receiver();
  // The delivery job reads this clock; a minute ahead, so that events written now are due.
  const clock = new ManualClock(new Date(Date.now() + 60_000));

  beforeAll(async () => {
    await receiver.start();
    server = await startTestServer(kind, { webhooks: { allowPrivate: true } }, { jobs: true, clock });
    ws = await buildWorkspace(server);
    clock.set(new Date(Date.now() + 60_000));
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await receiver.stop();
  });

  const register = async (events: string[], path: string, w = ws) => {
    const res = await server.request(w.host, {
      method: 'POST',
      url: '/main-api/api/webhooks',
      token: w.admin.token,
      payload: { url: `${receiver.url}${path}`, events },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { endpoint: { id: string }; secret: string };
  };
  const runDeliveries = async () => {
    await server.jobs!.send(JOB_WEBHOOK_DELIVERIES, {});
    expect((await server.jobs!.runPending([JOB_WEBHOOK_DELIVERIES])).failed).toBe(0);
  };
  /** What the receiver got at `path` since `from` events, after the delivery job ran. */
  const delivered = async (path: string, secret: string, from = 0): Promise<Event[]> => {
    await runDeliveries();
    return receiver.events<Event>(path, secret).slice(from);
  };
  const admin = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
    server.request(ws.host, { method, url: `/main-api${url}`, token: ws.admin.token, payload });

  describe('person.provisioned and person.deprovisioned', () => {
    let secret: string;
    let scimKey: string;
    const PATH = '/people';
    let seen = 0;
    /** The events since the last call. */
    const next = async () => {
      const events = await delivered(PATH, secret, seen);
      seen += events.length;
      return events;
    };
    const scim = async (method: string, path: string, body?: unknown) => {
      const res = await server.request(ws.host, {
        method: method as 'GET',
        url: `/scim/v2${path}`,
        token: scimKey,
        headers: { 'content-type': 'application/scim+json' },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
      return { status: res.statusCode, body: res.body ? res.json() : null };
    };
    const keysOf = (e: Event) => Object.keys(e.data).sort();

    beforeAll(async () => {
      ({ secret } = await register(['person.provisioned', 'person.deprovisioned'], PATH));
      const key = await admin('POST', '/api/api-keys', { name: 'Entra', scopes: ['scim'], expiresInDays: 30 });
      scimKey = key.json().secret;
    });

    it('from SCIM: created, deactivated by Entra ID, reactivated, deleted; each with id, email and externalId only', async () => {
      const email = `nisha.kapoor.${Date.now()}@${ws.slug}.test`;
      const created = await scim('POST', '/Users', {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
        userName: email,
        externalId: 'entra-0001',
        active: true,
        name: { givenName: 'Nisha', familyName: 'Kapoor' },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.id as string;
      const patch = (value: unknown) =>
        scim('PATCH', `/Users/${id}`, {
          schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
          Operations: [{ op: 'Replace', path: 'active', value }],
        });
      expect((await patch('False')).status).toBe(200);
      expect((await patch('True')).status).toBe(200);
      expect((await scim('DELETE', `/Users/${id}`)).status).toBe(204);

      const events = await next();
      const person = { userId: id, email, externalId: 'entra-0001' };
      expect(events.map((e) => [e.type, e.data])).toEqual([
        ['person.provisioned', { ...person, status: 'ACTIVE' }],
        ['person.deprovisioned', { ...person, deleted: false }],
        ['person.provisioned', { ...person, status: 'ACTIVE' }],
        ['person.deprovisioned', { ...person, deleted: true }],
      ]);
      for (const e of events) {
        expect(e.timestamp).toMatch(/^\d{4}-\d\d-\d\dT/);
        // No name: the receiver has the id, the address and the provider's own id.
        expect(JSON.stringify(e)).not.toMatch(/Nisha|Kapoor/);
      }
      // A change SCIM refuses writes no event: the last active workspace admin is never deprovisioned.
      const refused = await scim('PATCH', `/Users/${ws.admin.id}`, {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [{ op: 'replace', value: { active: false } }],
      });
      expect(refused.status).toBe(409);
      expect(await next()).toEqual([]);
    });

    it('from the admin paths: an invitation sent and accepted, a deactivation and reactivation, a deletion', async () => {
      const person = await buildUser(server, ws, { firstName: 'Rahul', lastName: 'Verma' });
      const invited = await next();
      expect(invited.map((e) => [e.type, e.data])).toEqual([
        ['person.provisioned', { userId: person.id, email: person.email, externalId: null, status: 'INVITED' }],
        ['person.provisioned', { userId: person.id, email: person.email, externalId: null, status: 'ACTIVE' }],
      ]);

      expect((await admin('POST', `/api/user/update/${person.id}`, { status: 'INACTIVE' })).statusCode).toBe(200);
      expect((await admin('POST', `/api/user/update/${person.id}`, { status: 'ACTIVE' })).statusCode).toBe(200);
      // A change of details alone is neither.
      expect((await admin('POST', `/api/user/update/${person.id}`, { designation: 'Analyst' })).statusCode).toBe(200);
      expect((await admin('DELETE', `/api/user/${person.id}`)).statusCode).toBe(200);
      const events = await next();
      const who = { userId: person.id, email: person.email, externalId: null };
      expect(events.map((e) => [e.type, e.data])).toEqual([
        ['person.deprovisioned', { ...who, deleted: false }],
        ['person.provisioned', { ...who, status: 'ACTIVE' }],
        ['person.deprovisioned', { ...who, deleted: true }],
      ]);
      for (const e of [...invited, ...events]) {
        expect(keysOf(e)).toEqual(
          e.type === 'person.provisioned'
            ? ['email', 'externalId', 'status', 'userId']
            : ['deleted', 'email', 'externalId', 'userId'],
        );
        expect(JSON.stringify(e)).not.toMatch(/Rahul|Verma/);
      }
    });

    it('from an import: one event per person created, in the batch that creates them', async () => {
      const stamp = Date.now();
      const emails = [1, 2, 3].map((i) => `imported.${stamp}.${i}@${ws.slug}.test`);
      const res = await postImport(
        server,
        'bulk',
        ws.admin.token,
        { name: 'people.csv', content: csv(...emails.map((e, i) => `${e},Imported${i},Person,,,,,,,,,`)) },
        undefined,
        ws.host,
      );
      expect(res.statusCode, res.body).toBe(202);
      expect((await server.jobs!.runPending([JOB_USER_IMPORT])).failed).toBe(0);
      expect(await waitForJob(server, ws.admin.token, res.json().jobId, ws.host)).toMatchObject({ created: 3 });
      const events = await next();
      expect(events.map((e) => e.type)).toEqual(['person.provisioned', 'person.provisioned', 'person.provisioned']);
      expect(events.map((e) => e.data.email).sort()).toEqual(emails.sort());
      for (const e of events) expect(e.data).toMatchObject({ status: 'INVITED', externalId: null });
    });
  });
  describe('course, certificate and policy events', () => {
    const PATH = '/learning';
    const learning = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = ws.admin.token) => {
      const res = await server.request(ws.host, { method, url: `/learning-api/api${url}`, token, payload });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
      return res.json();
    };

    it('course.assigned, course.completed, certificate.issued and certificate.expiring: ids, dates and the code', async () => {
      const { secret } = await register(
        ['course.assigned', 'course.completed', 'certificate.issued', 'certificate.expiring'],
        PATH,
      );
      const { courseId } = await learning('POST', '/course/create', { title: 'Respect at work' });
      const lesson = await learning('POST', `/lesson/create/${courseId}`, { title: 'What respect means' });
      await learning('POST', '/lesson-content/create', {
        lessonId: lesson.lessonId,
        block: { type: 'TEXT_AREA', texts: { ENGLISH: { body: 'Respect is for everyone.' } } },
      });
      await learning('POST', `/course/publish/${courseId}`);
      await learning('PUT', `/course/update/${courseId}`, { validityYears: 1 });
      const learner = await buildUser(server, ws, { firstName: 'Kiran', lastName: 'Learner' });
      await learning('POST', '/course/add-users', { courseId, userIds: [learner.id] });
      await learning('POST', `/course/${courseId}/members/${learner.id}/mark-done`, {
        scope: 'COURSE',
        reason: 'Workshop on paper',
      });
      const [certificate] = await server.db.tenant(ws.id, (tx) =>
        tx.query<{ code: string; expires_on: string }>(
          `SELECT code, to_char(expires_on, 'YYYY-MM-DD') AS expires_on FROM certificates
            WHERE workspace_id = $1 AND user_id = $2 AND course_id = $3`,
          [ws.id, learner.id, courseId],
        ),
      );
      // The daily recertification job, 30 days before the expiry: the course is assigned again, the certificate expiring.
      const day = addCalendarDays(certificate!.expires_on as never, -30);
      clock.set(`${day}T06:00:00Z`);
      await server.jobs!.send(JOB_RECERTIFICATION, { workspaceId: ws.id, day });
      expect((await server.jobs!.runPending([JOB_RECERTIFICATION])).failed).toBe(0);
      // Deliveries are signed at the receiver's time: standardwebhooks refuses a timestamp five minutes off.
      clock.set(new Date(Date.now() + 60_000));

      const events = await delivered(PATH, secret);
      const of = (type: string) => events.filter((e) => e.type === type).map((e) => e.data);
      const who = { userId: learner.id, courseId };
      expect(of('course.assigned')).toEqual([
        { ...who, dueDate: expect.any(String) },
        { ...who, dueDate: expect.any(String) },
      ]);
      expect(of('course.completed')).toEqual([{ ...who, completedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }]);
      expect(of('certificate.issued')).toEqual([
        { ...who, certificateCode: certificate!.code, issuedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
      ]);
      expect(of('certificate.expiring')).toEqual([{ ...who, expiresOn: certificate!.expires_on }]);
      for (const e of events) expect(JSON.stringify(e), e.type).not.toMatch(/Kiran|Learner|Respect|@/);
    });

    it('policy.published and policy.accepted: the policy, its version, who accepted and when', async () => {
      const { secret } = await register(['policy.published', 'policy.accepted'], '/policies');
      const catalogueId = await policyWithPdfs(server, await buildPlatformAdmin(server), 'Conduct policy');
      await learning('POST', '/policy/publish', {
        cataloguePolicyId: catalogueId,
        scope: 'WORKSPACE',
        daysToAccept: 14,
      });
      const employee = await buildUser(server, ws, { firstName: 'Anil', lastName: 'Accepter' });
      const mine = await learning('GET', '/policy/my', undefined, employee.token);
      const policy = (mine.items as { id: string; title: string; currentVersion: number }[]).find(
        (p) => p.title === 'Conduct policy',
      )!;
      expect(policy).toBeDefined();
      // Read before accepted, as the app makes a person do.
      const opened = await server.request(ws.host, {
        method: 'GET',
        url: `/learning-api/api/policy/my/${policy.id}/document?language=ENGLISH`,
        token: employee.token,
      });
      expect(opened.statusCode, opened.body.slice(0, 200)).toBeLessThan(400);
      await learning(
        'POST',
        `/policy/my/${policy.id}/accept`,
        { version: policy.currentVersion, language: 'ENGLISH' },
        employee.token,
      );

      const events = await delivered('/policies', secret);
      expect(events.map((e) => [e.type, e.data])).toEqual([
        ['policy.published', { policyId: policy.id, version: policy.currentVersion }],
        [
          'policy.accepted',
          { userId: employee.id, policyId: policy.id, acceptedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
        ],
      ]);
      for (const e of events) expect(JSON.stringify(e), e.type).not.toMatch(/Anil|Accepter|Conduct|@/);
    });
  });

  it('case milestones: received, a step completed, clocks met and missed, closed; no name, email, id or text of the case', async () => {
    const { secret } = await register(['case.stage_changed', 'case.clock_met', 'case.clock_missed'], '/cases');
    await buildPublishedWorkflow(server, ws, { step: 'Preliminary hearing' });
    const committee = await buildCommittee(server, ws);
    const complainant = await buildUser(server, ws, { firstName: 'Meenal', lastName: 'Complainant' });
    const details = 'He kept commenting on my clothes in the Tuesday review, witnessed by Arjun.';
    const caseId = await buildComplaint(server, ws, complainant, { details, respondentName: 'Vikram Respondent' });
    const presiding = committee.presiding;
    const detail = await server.request(ws.host, {
      method: 'GET',
      url: `/case-api/api/complaints/${caseId}`,
      token: presiding.token,
    });
    expect(detail.statusCode, detail.body).toBe(200);
    const step = (detail.json().steps as { stepId: string; name: string }[])[0]!;
    const completed = await server.request(ws.host, {
      method: 'POST',
      url: `/case-api/api/complaints/${caseId}/steps/${step.stepId}/complete`,
      token: presiding.token,
      payload: {},
    });
    expect(completed.statusCode, completed.body).toBe(200);
    // The copy to the respondent went out today (the committee's step that sends it is another test's subject): the
    // daily job finds that clock met; sixty days on, the others missed.
    const today = localDay(new Date(), 'Asia/Kolkata');
    await server.db.tenant(ws.id, (tx) =>
      tx.query(`UPDATE complaints SET respondent_copy_sent_on = $3 WHERE workspace_id = $1 AND id = $2`, [
        ws.id,
        caseId,
        today,
      ]),
    );
    for (const day of [today, addCalendarDays(today, 60)]) {
      clock.set(`${day}T06:00:00Z`);
      await server.jobs!.send(JOB_CASE_DAILY, { workspaceId: ws.id, day });
      expect((await server.jobs!.runPending([JOB_CASE_DAILY])).failed).toBe(0);
    }
    clock.set(new Date(Date.now() + 60_000));
    const closed = await server.request(ws.host, {
      method: 'POST',
      url: `/case-api/api/complaints/${caseId}/close`,
      token: presiding.token,
      payload: {
        outcome: 'WITHDRAWN',
        summary: 'Withdrawn by Meenal Complainant',
        override: { reasons: 'Withdrawn.' },
      },
    });
    expect(closed.statusCode, closed.body).toBe(200);

    const events = await delivered('/cases', secret);
    const caseNumber = events[0]!.data.caseNumber as string;
    expect(caseNumber).toMatch(/^C-\d{4,}$/);
    const stages = events.filter((e) => e.type === 'case.stage_changed').map((e) => e.data.stage);
    expect(stages).toEqual(['RECEIVED', `STEP_COMPLETED: ${step.name}`, 'CLOSED']);
    expect(events.filter((e) => e.type === 'case.clock_met').map((e) => e.data.clock)).toContain('IN_RESPONDENT_COPY');
    expect(events.filter((e) => e.type === 'case.clock_missed').length).toBeGreaterThan(0);
    const people = [complainant, presiding, ...committee.members, ws.admin];
    const forbidden = [
      details,
      'clothes',
      'Arjun',
      'Vikram',
      'Respondent',
      'Withdrawn',
      caseId,
      ...people.flatMap((p) => [p.id, p.email, p.firstName, p.lastName]),
    ];
    for (const e of events) {
      expect(e.data.caseNumber, e.type).toBe(caseNumber);
      expect(Object.keys(e.data).sort(), e.type).toEqual(
        e.type === 'case.stage_changed' ? ['caseNumber', 'stage'] : ['caseNumber', 'clock'],
      );
      const body = JSON.stringify(e);
      for (const word of forbidden) expect(body, `${e.type} carries "${word}"`).not.toContain(word);
    }
  });
});
