import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../server/platform/clock';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { buildInquiryWorkspace, buildUser, buildWorkspace, type BuiltWorkspace } from '../support/factories';

const CASE = '/case-api/api';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Person {
  id: string;
  email: string;
  token: string;
}

/**
 * IN-07 (docs/case.md "The inquiry's start"): the committee sets, per case, what the inquiry's 90 days count from
 * (the receipt, or the respondent's reply once recorded); the clock follows and the access log keeps the choice.
 * Nobody else may set it, and it cannot move once the inquiry is complete or the case closed.
 */
describe.each(DATABASES)("the inquiry's start on %s", (kind) => {
  const clock = new ManualClock('2026-10-05T06:00:00Z');
  let server: TestServer;
  let ws: BuiltWorkspace;
  let admin: string;
  let complainant: Person;
  let presiding: Person;
  let member: Person;
  let recused: Person;
  let outsider: Person;
  let caseId: string;
  let replyStepId: string;

  const call = (method: Method, url: string, token: string, payload?: object) =>
    server.request(ws.host, { method, url: `${CASE}${url}`, token, ...(payload ? { payload } : {}) });
  const ok = async (method: Method, url: string, token: string, payload?: object) => {
    const res = await call(method, url, token, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const setStart = (token: string, startsFrom: string) =>
    call('PUT', `/complaints/${caseId}/inquiry-start`, token, { startsFrom });
  const inquiryClock = async () =>
    (await ok('GET', `/complaints/${caseId}`, presiding.token)).clocks.find(
      (c: { id: string }) => c.id === 'IN_INQUIRY',
    );

  beforeAll(async () => {
    server = await startTestServer(kind, {}, { clock });
    const built = await buildInquiryWorkspace(server);
    ({ ws, complainant } = built);
    admin = ws.admin.token;
    [presiding, member, recused] = [built.committee.presiding, ...built.committee.members];
    outsider = await buildUser(server, ws);
    const wf = await ok('POST', '/admin/workflow', admin, { workflowName: 'Inquiry start', defaultToWorkspace: true });
    const v = await ok('POST', `/admin/workflow/${wf.workflowId}/version`, admin, { name: 'v1' });
    const reply = await ok('POST', `/admin/step/workflow/${v.workflowVersionId}`, admin, {
      kind: 'MEETING',
      name: 'Respondent replies',
    });
    await ok('POST', '/admin/step-setting', admin, {
      stepId: reply.stepId,
      timeLimit: { kind: 'STATUTORY', clockId: 'IN_RESPONDENT_REPLY' },
    });
    replyStepId = reply.stepId;
    await ok('POST', '/admin/workflow/publish', admin, {
      workflowId: wf.workflowId,
      workflowVersionId: v.workflowVersionId,
    });
    const filed = await ok('POST', '/complaints', complainant.token, {
      complainant: { name: 'Esha Employee', email: complainant.email, gender: 'WOMAN' },
      respondent: { name: 'Rahul Respondent', email: 'rahul.outside@example.test', gender: 'MAN' },
      incident: { details: 'Remarks about my appearance in every stand-up.', date: '2026-09-30', witnesses: [] },
    });
    caseId = filed.complaintId;
    await ok('POST', `/complaints/${caseId}/recuse`, recused.token, { note: 'I know the parties' });
  }, 300_000);
  afterAll(async () => server?.close());

  it('counts from the receipt by default, and refuses the reply as the start before the reply is recorded', async () => {
    expect(await inquiryClock()).toMatchObject({ startedOn: '2026-10-05', dueOn: '2027-01-03' });
    const early = await setStart(presiding.token, 'RESPONDENT_REPLY');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'NO_REPLY', fields: { startsFrom: expect.any(String) } });
    expect(await inquiryClock()).toMatchObject({ startedOn: '2026-10-05' });
  });

  it("lets nobody but the case's committee members set it: not the complainant, a recused member, an outsider or the admin", async () => {
    expect((await setStart(complainant.token, 'RECEIPT')).statusCode).toBe(403);
    expect([403, 404]).toContain((await setStart(recused.token, 'RECEIPT')).statusCode);
    expect((await setStart(outsider.token, 'RECEIPT')).statusCode).toBe(404);
    expect((await setStart(admin, 'RECEIPT')).statusCode).toBe(404);
    expect(
      (await call('PUT', `/complaints/${caseId}/inquiry-start`, presiding.token, { startsFrom: 'YESTERDAY' }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await call('PUT', `/complaints/${caseId}/inquiry-start`, presiding.token, {
          startsFrom: 'RECEIPT',
          startsOn: '2026-01-01',
        })
      ).statusCode,
    ).toBe(400);
    const other = await buildWorkspace(server);
    const globex = other.admin.token;
    expect([401, 404]).toContain(
      (
        await server.request(other.host, {
          method: 'PUT',
          url: `${CASE}/complaints/${caseId}/inquiry-start`,
          token: globex,
          payload: { startsFrom: 'RECEIPT' },
        })
      ).statusCode,
    );
  });

  it("follows the respondent's reply once the committee chooses it, and keeps the choice in the access log", async () => {
    clock.set('2026-10-12T06:00:00Z');
    await ok('POST', `/complaints/${caseId}/steps/${replyStepId}/complete`, presiding.token, {});
    const set = await setStart(member.token, 'RESPONDENT_REPLY');
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().clocks.find((c: { id: string }) => c.id === 'IN_INQUIRY')).toMatchObject({
      startedOn: '2026-10-12',
      dueOn: '2027-01-10',
    });
    const log = await server.db.query<{ details: Record<string, string> }>(
      `SELECT details FROM complaint_audit_events WHERE workspace_id = $1 AND complaint_id = $2 AND action = 'inquiry.start.set'`,
      [ws.id, caseId],
    );
    expect(log.map((l) => l.details)).toEqual([
      { startsFrom: 'RESPONDENT_REPLY', startsOn: '2026-10-12', previous: '2026-10-05' },
    ]);
    // And back to the receipt.
    expect(
      (await setStart(presiding.token, 'RECEIPT')).json().clocks.find((c: { id: string }) => c.id === 'IN_INQUIRY'),
    ).toMatchObject({ startedOn: '2026-10-05' });
  });

  it('cannot move once the inquiry is complete', async () => {
    await server.db.query(
      `UPDATE complaints SET inquiry_completed_on = '2026-11-01' WHERE workspace_id = $1 AND id = $2`,
      [ws.id, caseId],
    );
    const late = await setStart(presiding.token, 'RESPONDENT_REPLY');
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('INQUIRY_COMPLETE');
  });
});
