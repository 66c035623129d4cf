import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDay } from '../../../src/domain/shared/date-time';
import { addCalendarDays } from '../../../src/domain/shared/calendar';
import { POLICY_ELEMENTS } from '../../../src/domain/compliance/prevention-programme';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { buildUser, buildWorkspace, type BuiltUser, type BuiltWorkspace } from '../support/factories';

const CASE = '/case-api/api';
type Method = 'GET' | 'PUT' | 'POST';

/**
 * Canada's prevention programme (docs/law.md; CA-03, CA-12), as the employer records it and as an attacker tries it:
 * the policy's required elements and the joint reviews feed the legal rules; only the workspace's managers read or
 * write it; a future review day is refused naming its field; a notice against a third party asks for the assessment
 * to be updated.
 */
describe.each(DATABASES)("Canada's prevention programme on %s", (kind) => {
  let server: TestServer;
  let ws: BuiltWorkspace;
  let employer: BuiltUser;
  let employee: BuiltUser;
  let recipient: BuiltUser;
  let caseId: string;
  const call = (method: Method, url: string, token: string, payload?: object) =>
    server.request(ws.host, { method, url: `${CASE}${url}`, token, ...(payload ? { payload } : {}) });
  const ok = async (method: Method, url: string, token: string, payload?: object) => {
    const res = await call(method, url, token, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const rule = async (id: string) =>
    (await ok('GET', '/legal-rules', ws.admin.token)).rules.find((r: { ruleId: string }) => r.ruleId === id);
  // The workspace's own day (a Canadian workspace's zone), never UTC's.
  const today = () => localDay(new Date(), 'America/Toronto');

  beforeAll(async () => {
    server = await startTestServer(kind);
    ws = await buildWorkspace(server, { jurisdictionCode: 'CA-FED' });
    employer = await buildUser(server, ws, { role: 'EMPLOYER' });
    employee = await buildUser(server, ws);
    recipient = await buildUser(server, ws);
    await ok('POST', '/committees', ws.admin.token, {
      name: 'Designated recipients',
      termStart: '2026-01-01',
      termEnd: '2028-12-31',
      members: [{ userId: recipient.id, role: 'DESIGNATED_RECIPIENT', gender: 'WOMAN' }],
    });
    caseId = (
      await ok('POST', '/complaints', employee.token, {
        complainant: { name: `${employee.firstName} ${employee.lastName}`, email: employee.email, gender: 'WOMAN' },
        respondent: { name: 'A visitor', gender: 'MAN' },
        incident: {
          details: 'Threats from a courier at reception.',
          date: addCalendarDays(today(), -2),
          witnesses: [],
        },
      })
    ).complaintId;
  }, 300_000);
  afterAll(async () => server?.close());

  it('judges CA-03 and CA-12 not met until the employer records the policy’s elements and the joint reviews', async () => {
    expect(await ok('GET', '/prevention-programme', ws.admin.token)).toMatchObject({
      elements: [],
      policyReviewedOn: null,
      assessmentReviewedOn: null,
      updatedAt: null,
    });
    expect(await rule('CA-03')).toMatchObject({
      status: 'NOT_MET',
      computed: { figures: { policyElementsLacking: 2 } },
    });
    expect((await rule('CA-12')).computed.text).toMatch(/no joint workplace assessment/i);
    const saved = await ok('PUT', '/prevention-programme', employer.token, {
      elements: [...POLICY_ELEMENTS],
      policyReviewedOn: addCalendarDays(today(), -30),
      assessmentReviewedOn: addCalendarDays(today(), -1),
    });
    expect(saved.assessmentReviewDue).toBe(
      `${Number(today().slice(0, 4)) + 3}${addCalendarDays(today(), -1).slice(4)}`,
    );
    expect(await rule('CA-03')).toMatchObject({ status: 'MET' });
    expect(await rule('CA-12')).toMatchObject({
      computed: { figures: { elementsMissing: 0, thirdPartySinceAssessment: 0 } },
    });
    const [audited] = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_events WHERE workspace_id = $1 AND action = 'prevention-programme.saved'`,
      [ws.id],
    );
    expect(audited.n).toBe(1);
  });

  it('refuses a future review day naming its field, an element twice, and anyone but the managers', async () => {
    const future = await call('PUT', '/prevention-programme', ws.admin.token, {
      elements: [],
      policyReviewedOn: null,
      assessmentReviewedOn: addCalendarDays(today(), 3),
    });
    expect(future.statusCode).toBe(400);
    expect(Object.keys(future.json().fields)).toEqual(['assessmentReviewedOn']);
    const twice = await call('PUT', '/prevention-programme', ws.admin.token, {
      elements: ['PRIVACY', 'PRIVACY'],
      policyReviewedOn: null,
      assessmentReviewedOn: null,
    });
    expect(twice.statusCode).toBe(400);
    for (const who of [employee, recipient]) {
      expect((await call('GET', '/prevention-programme', who.token)).statusCode).toBe(403);
      expect(
        (
          await call('PUT', '/prevention-programme', who.token, {
            elements: [],
            policyReviewedOn: null,
            assessmentReviewedOn: null,
          })
        ).statusCode,
      ).toBe(403);
    }
    // Another workspace's admin reads and writes its own programme, never this one.
    const other = await buildWorkspace(server, { jurisdictionCode: 'CA-FED' });
    expect([401, 404]).toContain(
      (await server.request(ws.host, { method: 'GET', url: `${CASE}/prevention-programme`, token: other.admin.token }))
        .statusCode,
    );
    const theirs = await server.request(other.host, {
      method: 'GET',
      url: `${CASE}/prevention-programme`,
      token: other.admin.token,
    });
    expect(theirs.json()).toMatchObject({ elements: [], updatedAt: null });
    // Nothing above changed what was recorded.
    expect((await ok('GET', '/prevention-programme', ws.admin.token)).elements).toHaveLength(POLICY_ELEMENTS.length);
  });

  it('asks for the assessment to be updated once a notice against a third party comes after it (CA-12)', async () => {
    await ok('PUT', `/complaints/${caseId}/occurrence-categories`, recipient.token, {
      nature: 'NON_SEXUAL',
      grounds: [],
      location: 'WORKPLACE',
      relationship: 'THIRD_PARTY',
      resolution: null,
    });
    expect(await rule('CA-12')).toMatchObject({ computed: { figures: { thirdPartySinceAssessment: 1 } } });
    await ok('PUT', '/prevention-programme', ws.admin.token, {
      elements: [...POLICY_ELEMENTS],
      policyReviewedOn: addCalendarDays(today(), -30),
      assessmentReviewedOn: today(),
    });
    expect(await rule('CA-12')).toMatchObject({ computed: { figures: { thirdPartySinceAssessment: 0 } } });
  });
});
