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
interface Rule {
  ruleId: string;
  status: string;
  computed: { text: string; figures: Record<string, unknown> };
}

/**
 * IN-05 (docs/law.md): the respondent replies within 10 working days of the copy of the complaint (POSH Rule 7(3)).
 * The committee records the written reply with the day it came; the reply clock stops (met, or met late), and
 * `GET /api/legal-rules` judges it. Nobody else records it, and no day before the copy or in the future is taken.
 */
describe.each(DATABASES)("the respondent's reply on %s", (kind) => {
  const clock = new ManualClock('2026-10-05T06:00:00Z');
  let server: TestServer;
  let ws: BuiltWorkspace;
  let admin: string;
  let complainant: Person;
  let presiding: Person;
  let member: Person;
  let outsider: Person;
  let caseId: string;

  const call = (method: Method, url: string, token: string, payload?: object) =>
    server.request(ws.host, { method, url: `${CASE}${url}`, token, ...(payload ? { payload } : {}) });
  const ok = async (method: Method, url: string, token: string, payload?: object) => {
    const res = await call(method, url, token, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const reply = (token: string, payload: object) =>
    call('PUT', `/complaints/${caseId}/respondent-reply`, token, payload);
  const replyClock = async () =>
    (await ok('GET', `/complaints/${caseId}`, presiding.token)).clocks.find(
      (c: { id: string }) => c.id === 'IN_RESPONDENT_REPLY',
    );
  const in05 = async (): Promise<Rule> =>
    (await ok('GET', '/legal-rules', admin)).rules.find((r: Rule) => r.ruleId === 'IN-05');

  beforeAll(async () => {
    server = await startTestServer(kind, {}, { clock });
    const built = await buildInquiryWorkspace(server);
    ({ ws, complainant } = built);
    admin = ws.admin.token;
    [presiding, member] = [built.committee.presiding, built.committee.members[0]];
    outsider = await buildUser(server, ws);
    const filed = await ok('POST', '/complaints', complainant.token, {
      complainant: { name: 'Esha Employee', email: complainant.email, gender: 'WOMAN' },
      respondent: { name: 'Rahul Respondent', email: 'rahul.outside@example.test', gender: 'MAN' },
      incident: { details: 'Remarks about my appearance in every stand-up.', date: '2026-09-30', witnesses: [] },
    });
    caseId = filed.complaintId;
  }, 300_000);
  afterAll(async () => server?.close());

  it('refuses a reply before the copy of the complaint went to the respondent, naming IN-05', async () => {
    const early = await reply(presiding.token, { receivedOn: '2026-10-05' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: 'NO_COPY_SENT',
      fields: { receivedOn: expect.stringContaining('IN-05') },
    });
    expect((await replyClock()).state).toBe('NOT_STARTED');
  });

  it('judges IN-05 not met once the reply clock ran out with no reply recorded', async () => {
    // The copy went on 5 October ("Inform respondent"); five weeks later no reply is recorded.
    await server.db.query(
      `UPDATE complaints SET respondent_copy_sent_on = '2026-10-05' WHERE workspace_id = $1 AND id = $2`,
      [ws.id, caseId],
    );
    clock.set('2026-11-10T06:00:00Z');
    expect((await replyClock()).state).toBe('MISSED');
    const rule = await in05();
    expect(rule.status).toBe('NOT_MET');
    expect(rule.computed.figures).toMatchObject({ missed: 1, repliesRecorded: 0 });
  });

  it("lets nobody but the case's committee record it, and takes no day before the copy or in the future", async () => {
    expect((await reply(complainant.token, { receivedOn: '2026-10-09' })).statusCode).toBe(403);
    expect((await reply(outsider.token, { receivedOn: '2026-10-09' })).statusCode).toBe(404);
    expect((await reply(admin, { receivedOn: '2026-10-09' })).statusCode).toBe(404);
    const before = await reply(presiding.token, { receivedOn: '2026-10-02' });
    expect(before.statusCode).toBe(400);
    expect(before.json()).toMatchObject({
      code: 'REPLY_BEFORE_COPY',
      fields: { receivedOn: expect.stringContaining('IN-05') },
    });
    const future = await reply(presiding.token, { receivedOn: '2026-12-01' });
    expect(future.statusCode).toBe(400);
    expect(future.json().code).toBe('REPLY_IN_FUTURE');
    expect((await reply(presiding.token, { receivedOn: '9 Oct 2026' })).statusCode).toBe(400);
    expect((await reply(presiding.token, { receivedOn: '2026-10-09', by: 'me' })).statusCode).toBe(400);
    const other = await buildWorkspace(server);
    const globex = other.admin.token;
    expect([401, 404]).toContain(
      (
        await server.request(other.host, {
          method: 'PUT',
          url: `${CASE}/complaints/${caseId}/respondent-reply`,
          token: globex,
          payload: { receivedOn: '2026-10-09' },
        })
      ).statusCode,
    );
    expect((await replyClock()).state).toBe('MISSED');
  });

  it('stops the reply clock on the day the reply came, and the legal-rules entry judges IN-05 met', async () => {
    const res = await reply(member.token, { receivedOn: '2026-10-09', note: 'Reply with two witnesses' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().clocks.find((c: { id: string }) => c.id === 'IN_RESPONDENT_REPLY')).toMatchObject({
      state: 'MET',
      metOn: '2026-10-09',
    });
    const rule = await in05();
    expect(rule.status).toBe('MET');
    expect(rule.computed.figures).toMatchObject({ missed: 0, repliesRecorded: 1, repliesLate: 0 });
  });

  it('a reply recorded after the 10 working days is met late, counted as such, and the correction is logged', async () => {
    const res = await reply(presiding.token, { receivedOn: '2026-11-02' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().clocks.find((c: { id: string }) => c.id === 'IN_RESPONDENT_REPLY')).toMatchObject({
      state: 'MET_LATE',
      metOn: '2026-11-02',
    });
    expect((await in05()).computed.figures).toMatchObject({ repliesRecorded: 1, repliesLate: 1 });
    const log = await server.db.query<{ details: Record<string, string> }>(
      `SELECT details FROM complaint_audit_events WHERE workspace_id = $1 AND complaint_id = $2 AND action = 'respondent.reply.recorded' ORDER BY at`,
      [ws.id, caseId],
    );
    expect(log.map((l) => l.details)).toEqual([
      { receivedOn: '2026-10-09', previous: null, note: 'Reply with two witnesses' },
      { receivedOn: '2026-11-02', previous: '2026-10-09' },
    ]);
  });
});
