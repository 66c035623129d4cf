import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { JOB_CASE_DAILY } from '../../../../server/case/complaints/case-jobs';
import { ManualClock } from '../../../../server/platform/clock';
import { JOB_WEBHOOK_DELIVERIES, MAX_ATTEMPTS } from '../../../../server/platform/webhooks/webhook-deliveries';
import { addCalendarDays } from '../../../../src/domain/shared/calendar';
import { localDay } from '../../../../src/domain/shared/date-time';
import { DATABASES, startTestServer, type TestServer } from '../../support/test-app';
import {
  buildComplaint,
  buildLearningWorkspace,
  buildUser,
  buildWorkspace,
  type BuiltWorkspace,
} from '../../support/factories';
import { Receiver } from '../../support/webhook-receiver';

describe.each(DATABASES)('webhook deliveries on %s', (kind) => {
  let server: TestServer;
  let ws: BuiltWorkspace;
  const receiver = new Receiver();
  // The delivery job reads this clock; it starts a minute ahead so that events written now are due.
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
  afterEach(() => {
    receiver.status = 200;
  });

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, w = ws) =>
    server.request(w.host, { method, url: `/main-api/api/webhooks${url}`, token: w.admin.token, payload });
  const register = async (events: string[], path = '/hook', w = ws) => {
    const res = await api('POST', '', { url: `${receiver.url}${path}`, events }, w);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { endpoint: { id: string }; secret: string };
  };
  /** The minute's run of the delivery job, as pg-boss's schedule queues it. */
  const runDeliveries = async () => {
    await server.jobs!.send(JOB_WEBHOOK_DELIVERIES, {});
    const ran = await server.jobs!.runPending([JOB_WEBHOOK_DELIVERIES]);
    expect(ran.failed).toBe(0);
  };
  const deliveries = async (endpointId: string) => {
    const res = await api('GET', `/${endpointId}/deliveries`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().items as {
      id: string;
      eventId: string;
      eventType: string;
      status: string;
      attempts: number;
      responseCode: number | null;
      nextAttemptAt: string | null;
    }[];
  };
  const to = (path: string) => receiver.received.filter((r) => r.path === path);

  it('signs a test event so that the standardwebhooks package verifies it, and lists the delivery', async () => {
    const { endpoint, secret } = await register(['course.completed'], '/test-event');
    const sent = await api('POST', `/${endpoint.id}/test`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ eventType: 'webhook.test', status: 'PENDING', attempts: 0 });
    await runDeliveries();
    const [got] = to('/test-event');
    expect(got).toBeDefined();
    expect(got!.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(got!.headers['webhook-timestamp']).toMatch(/^\d{10}$/);
    expect(got!.headers['webhook-signature']).toMatch(/^v1,/);
    const verified = new Webhook(secret).verify(got!.body, got!.headers as Record<string, string>) as {
      type: string;
      data: { endpointId: string };
    };
    expect(verified).toMatchObject({ type: 'webhook.test', data: { endpointId: endpoint.id } });
    // Another secret does not verify it.
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(
        got!.body,
        got!.headers as Record<string, string>,
      ),
    ).toThrow();
    const [listed] = await deliveries(endpoint.id);
    expect(listed).toMatchObject({
      eventType: 'webhook.test',
      status: 'DELIVERED',
      attempts: 1,
      responseCode: 200,
      nextAttemptAt: null,
    });

    // A redelivery goes again with the same message id.
    const again = await api('POST', `/${endpoint.id}/deliveries/${listed!.id}/redeliver`, {});
    expect(again.statusCode, again.body).toBe(200);
    await runDeliveries();
    const both = to('/test-event');
    expect(both).toHaveLength(2);
    expect(both[1]!.headers['webhook-id']).toBe(both[0]!.headers['webhook-id']);
  });

  it('writes an assignment event in the transaction of the assignment, only to the endpoints subscribed, and not to another workspace', async () => {
    // A workspace of its own with a published course: its admin assigns it to someone who does not have it yet.
    const acme = (await buildLearningWorkspace(server)).ws;
    const acmeId = acme.id;
    await buildUser(server, acme, { firstName: 'Lata', lastName: 'Learner' });
    const { endpoint, secret } = await register(['course.assigned'], '/assigned', acme);
    await register(['policy.accepted'], '/not-subscribed', acme);
    await register(['course.assigned'], '/other-workspace', ws);
    const [pick] = await server.db.tenant(acmeId, (tx) =>
      tx.query<{ course_id: string; user_id: string }>(
        `SELECT c.id AS course_id, u.id AS user_id FROM courses c, users u
          WHERE c.workspace_id = $1 AND u.workspace_id = $1 AND c.status = 'PUBLISHED' AND NOT c.from_catalogue
            AND u.status = 'ACTIVE' AND u.role = 'EMPLOYEE'
            AND NOT EXISTS (SELECT 1 FROM course_assignments a WHERE a.workspace_id = $1 AND a.course_id = c.id AND a.user_id = u.id)
          ORDER BY c.id, u.id LIMIT 1`,
        [acmeId],
      ),
    );
    expect(pick, 'a published course of the workspace and someone without it').toBeDefined();
    const assigned = await server.request(acme.host, {
      method: 'POST',
      url: '/learning-api/api/course/assign-course-to-users',
      token: acme.admin.token,
      payload: { courseId: pick!.course_id, userIds: [pick!.user_id] },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    await runDeliveries();
    const got = to('/assigned');
    expect(got).toHaveLength(1);
    const event = new Webhook(secret).verify(got[0]!.body, got[0]!.headers as Record<string, string>);
    expect(event).toMatchObject({
      type: 'course.assigned',
      data: { userId: pick!.user_id, courseId: pick!.course_id },
    });
    expect(to('/not-subscribed')).toHaveLength(0);
    expect(to('/other-workspace')).toHaveLength(0);
    const listed = await server.request(acme.host, {
      method: 'GET',
      url: `/main-api/api/webhooks/${endpoint.id}/deliveries`,
      token: acme.admin.token,
    });
    expect(listed.json().items.map((d: { eventType: string }) => d.eventType)).toEqual(['course.assigned']);
    // The other workspace's admin cannot read it.
    const theirs = await api('GET', `/${endpoint.id}/deliveries`);
    expect(theirs.statusCode).toBe(404);
  });

  it('carries no personal data and no case content in any case event', async () => {
    await register(['case.stage_changed', 'case.clock_met', 'case.clock_missed'], '/cases');
    const complainant = await buildUser(server, ws, { firstName: 'Meenal', lastName: 'Complainant' });
    const details = 'He kept commenting on my clothes in the Tuesday review, witnessed by Arjun.';
    await buildComplaint(server, ws, complainant, { details, respondentName: 'Vikram Respondent' });
    // The daily case job, two months on: the statutory clocks of the case are missed.
    const day = addCalendarDays(localDay(new Date(), 'Asia/Kolkata'), 60);
    clock.set(`${day}T06:00:00Z`);
    await server.jobs!.send(JOB_CASE_DAILY, { workspaceId: ws.id, day });
    expect((await server.jobs!.runPending()).failed).toBe(0);
    await runDeliveries();
    const got = to('/cases');
    const types = got.map((r) => JSON.parse(r.body).type);
    expect(types).toContain('case.stage_changed');
    expect(types).toContain('case.clock_missed');
    const forbidden = [
      details,
      'clothes',
      'Arjun',
      'Meenal',
      'Complainant',
      'Vikram',
      'Respondent',
      complainant.email,
      complainant.id,
      ws.admin.email,
    ];
    for (const r of got) {
      const event = JSON.parse(r.body) as { type: string; data: Record<string, unknown> };
      for (const word of forbidden) expect(r.body, `${event.type} carries "${word}"`).not.toContain(word);
      expect(Object.keys(event.data).sort()).toEqual(
        event.type === 'case.stage_changed' ? ['caseNumber', 'stage'] : ['caseNumber', 'clock'],
      );
      expect(event.data.caseNumber).toMatch(/^C-\d{4,}$/);
    }
  });

  it('retries a failing receiver with growing delays, then pauses the endpoint and mails the admins', async () => {
    const { endpoint } = await register(['course.completed'], '/failing');
    receiver.status = 500;
    for (let i = 0; i < 10; i++) expect((await api('POST', `/${endpoint.id}/test`, {})).statusCode).toBe(200);
    clock.set(new Date(clock.now().getTime() + 60_000));
    await runDeliveries();
    expect(to('/failing')).toHaveLength(10);
    let listed = await deliveries(endpoint.id);
    expect(listed.every((d) => d.status === 'PENDING' && d.attempts === 1 && d.responseCode === 500)).toBe(true);
    // Not due again before the first delay has passed.
    await runDeliveries();
    expect(to('/failing')).toHaveLength(10);
    // Ten failures within a minute do not pause it: the run of failures must also last a day.
    expect((await api('GET', '')).json().items.find((e: { id: string }) => e.id === endpoint.id).status).toBe('ACTIVE');
    const first = listed[0]!;
    const delay1 = Date.parse(first.nextAttemptAt!) - clock.now().getTime();
    clock.set(new Date(Date.parse(first.nextAttemptAt!) + 1000));
    await runDeliveries();
    listed = await deliveries(endpoint.id);
    const delay2 = Date.parse(listed[0]!.nextAttemptAt!) - clock.now().getTime();
    expect(listed[0]!.attempts).toBe(2);
    expect(delay2).toBeGreaterThan(delay1 * 2);

    // A day later the run of failures has lasted a day: the next failure pauses the endpoint.
    clock.set(new Date(clock.now().getTime() + 25 * 3600_000));
    await runDeliveries();
    const paused = (await api('GET', '')).json().items.find((e: { id: string }) => e.id === endpoint.id);
    expect(paused).toMatchObject({ status: 'PAUSED' });
    expect(paused.pausedReason).toContain('failed');
    const mails = await server.db.system((tx) =>
      tx.query<{ recipient: string; subject: string }>(
        `SELECT recipient, subject FROM outbox_messages WHERE workspace_id = $1 AND subject LIKE '%webhook endpoint was paused%'`,
        [ws.id],
      ),
    );
    expect(mails.map((m) => m.recipient)).toEqual([ws.admin.email]);

    // Paused: nothing more goes out, however late it gets.
    const before = to('/failing').length;
    clock.set(new Date(clock.now().getTime() + 24 * 3600_000));
    await runDeliveries();
    expect(to('/failing')).toHaveLength(before);

    // Resumed with the receiver mended: the waiting deliveries go out.
    receiver.status = 200;
    const resumed = await api('PUT', `/${endpoint.id}`, {
      url: `${receiver.url}/failing`,
      events: ['course.completed'],
      active: true,
    });
    expect(resumed.json()).toMatchObject({ status: 'ACTIVE', failuresInRow: 0 });
    await runDeliveries();
    listed = await deliveries(endpoint.id);
    expect(listed.filter((d) => d.status === 'DELIVERED').length).toBeGreaterThan(0);
  });

  it('marks a delivery failed after its last attempt, and follows no redirect', async () => {
    const { endpoint } = await register(['course.completed'], '/redirecting');
    receiver.status = 302;
    await api('POST', `/${endpoint.id}/test`, {});
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      clock.set(new Date(clock.now().getTime() + 11 * 3600_000));
      await runDeliveries();
    }
    const [d] = await deliveries(endpoint.id);
    expect(d).toMatchObject({ status: 'FAILED', attempts: MAX_ATTEMPTS, responseCode: 302, nextAttemptAt: null });
    // Only the endpoint was called: the redirect to the metadata address was not followed.
    expect(to('/redirecting')).toHaveLength(MAX_ATTEMPTS);
  });
});
