import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { buildCommittee, buildUser, buildWorkspace, type BuiltUser, type BuiltWorkspace } from '../support/factories';

const CASE = '/case-api/api';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Due process in the case runtime (docs/case.md): a party's contact added or corrected by the committee (and by no one
 * else), prerequisites between steps, closing with a mandatory step open, the clocks a case shows, the appeal.
 */
describe.each(DATABASES)('due process in the case runtime on %s', (kind) => {
  let server: TestServer;
  /** The workspace the cases are filed in, and another one. */
  let ws: BuiltWorkspace;
  let other: BuiltWorkspace;
  let admin: string;
  let complainant: BuiltUser;
  let respondent: BuiltUser;
  let presiding: BuiltUser;
  let member1: BuiltUser;
  let member2: BuiltUser;
  let external: BuiltUser;
  let steps: { hearing: string; inform: string; inquiry: string };

  const call = (method: Method, url: string, token: string | null, payload?: object, host = ws.host) =>
    server.request(host, {
      method,
      url: `${CASE}${url}`,
      ...(token ? { token } : {}),
      ...(payload ? { payload } : {}),
    });
  const ok = async (method: Method, url: string, token: string, payload?: object) => {
    const res = await call(method, url, token, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
  /** A complaint whose form gave no respondent email (it is optional). */
  const fileWithoutRespondentEmail = async () =>
    ok('POST', '/complaints', complainant.token, {
      complainant: { name: 'Esha Employee', email: complainant.email },
      respondent: { name: 'Rahul Respondent', description: 'Team lead, floor 3' },
      incident: { details: 'Remarks about my appearance.', date: daysAgo(5), witnesses: [] },
    });
  const logOf = async (caseId: string, action: string) =>
    server.db.query<{ actor_user_id: string | null; details: Record<string, unknown> }>(
      `SELECT actor_user_id, details FROM complaint_audit_events WHERE complaint_id = $1 AND action = $2 ORDER BY at`,
      [caseId, action],
    );

  beforeAll(async () => {
    // This file files more than a member's daily limit as one complainant (docs/case.md "Filing limits").
    server = await startTestServer(kind, { complaintsPerDay: 100 });
    // Its own workspace, people and committee (test/server/support/factories.ts).
    [ws, other] = [await buildWorkspace(server), await buildWorkspace(server)];
    admin = ws.admin.token;
    complainant = await buildUser(server, ws, { firstName: 'Esha', lastName: 'Employee' });
    respondent = await buildUser(server, ws, { firstName: 'Rahul', lastName: 'Respondent' });
    ({
      presiding,
      members: [member1, member2, external],
    } = await buildCommittee(server, ws));
    // A hearing, the copy to the respondent, the inquiry; the version's prerequisite names the copy (by its name).
    const wf = await ok('POST', '/admin/workflow', admin, {
      workflowName: 'Due process test',
      defaultToWorkspace: true,
    });
    const v = await ok('POST', `/admin/workflow/${wf.workflowId}/version`, admin, { name: 'v1' });
    const hearing = await ok('POST', `/admin/step/workflow/${v.workflowVersionId}`, admin, {
      kind: 'MEETING',
      name: 'Preliminary hearing',
    });
    const inform = await ok('POST', `/admin/step/workflow/${v.workflowVersionId}`, admin, {
      kind: 'ACTION',
      name: 'Inform respondent',
      actionTypes: ['INFORM_RESPONDENT'],
    });
    const inquiry = await ok('POST', `/admin/step/workflow/${v.workflowVersionId}`, admin, {
      kind: 'MEETING',
      name: 'Inquiry hearing',
    });
    await ok('POST', '/admin/workflow-prerequisite', admin, {
      workflowId: wf.workflowId,
      workflowVersionId: v.workflowVersionId,
      prerequisiteList: [
        { kind: 'OTHER', label: 'The respondent has the copy before the inquiry', referenceId: 'Inform respondent' },
      ],
    });
    await ok('POST', '/admin/workflow/publish', admin, {
      workflowId: wf.workflowId,
      workflowVersionId: v.workflowVersionId,
    });
    steps = { hearing: hearing.stepId, inform: inform.stepId, inquiry: inquiry.stepId };
  });
  afterAll(async () => server?.close());

  describe("a party's contact", () => {
    it('"Inform respondent" with no email says so; a committee member adds the email (logged with who, old and new); then it informs', async () => {
      const filed = await fileWithoutRespondentEmail();
      const id = filed.complaintId;
      const refused = await call('POST', `/complaints/${id}/steps/${steps.inform}/complete`, member1.token);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toContain('no email for the respondent');

      const changed = await ok('PUT', `/complaints/${id}/parties/RESPONDENT`, member1.token, {
        email: respondent.email.toUpperCase(),
        phone: '+91 98000 00077',
      });
      expect(changed.respondent).toMatchObject({
        name: 'Rahul Respondent',
        email: respondent.email.toLowerCase(),
        phone: '+91 98000 00077',
      });
      const [row] = await server.db.query<{ respondent_user_id: string }>(
        `SELECT respondent_user_id FROM complaints WHERE id = $1`,
        [id],
      );
      expect(row.respondent_user_id).toBe(respondent.id);
      const [entry] = await logOf(id, 'party.contact.change');
      expect(entry.actor_user_id).toBe(member1.id);
      expect(entry.details).toEqual({
        party: 'RESPONDENT',
        fields: ['email', 'phone'],
        previous: { email: null, phone: null },
        current: { email: respondent.email.toLowerCase(), phone: '+91 98000 00077' },
      });
      const log = await ok('GET', `/complaints/${id}/audit`, presiding.token);
      expect(log.items.map((e: { action: string }) => e.action)).toContain('party.contact.change');

      const informed = await ok('POST', `/complaints/${id}/steps/${steps.inform}/complete`, member1.token, {
        confirmedRecipients: [respondent.email.toLowerCase()],
      });
      expect(informed.steps.find((s: { stepId: string }) => s.stepId === steps.inform).completedAt).not.toBeNull();
      // The copy went to that address: it is no longer changed (the respondent reads the case with it).
      const late = await call('PUT', `/complaints/${id}/parties/RESPONDENT`, member1.token, {
        email: `someone.else@${ws.slug}.test`,
      });
      expect(late.statusCode).toBe(409);
      expect(late.json().code).toBe('COPY_SENT');
    });

    it('the parties, an admin off the committee, a recused member and another workspace cannot change a contact', async () => {
      const filed = await fileWithoutRespondentEmail();
      const id = filed.complaintId;
      await ok('POST', `/complaints/${id}/recuse`, member2.token, { note: 'I know both' });
      const attempt = (token: string, host = ws.host) =>
        call('PUT', `/complaints/${id}/parties/RESPONDENT`, token, { email: `changed@${ws.slug}.test` }, host);
      expect((await attempt(complainant.token)).statusCode).toBe(403);
      expect((await attempt(admin)).statusCode).toBe(404);
      expect((await attempt(member2.token)).statusCode).toBe(404);
      expect((await attempt(other.admin.token, other.host)).statusCode).toBe(404);
      // The respondent, once given the copy, reads the case but changes nothing.
      await ok('PUT', `/complaints/${id}/parties/RESPONDENT`, member1.token, { email: respondent.email });
      await ok('POST', `/complaints/${id}/steps/${steps.inform}/complete`, member1.token, {
        confirmedRecipients: [respondent.email.toLowerCase()],
      });
      expect((await ok('GET', `/complaints/${id}`, respondent.token)).role).toBe('RESPONDENT');
      expect((await attempt(respondent.token)).statusCode).toBe(403);
      expect(
        (await call('PUT', `/complaints/${id}/parties/COMPLAINANT`, respondent.token, { phone: '1' })).statusCode,
      ).toBe(403);
      const [row] = await server.db.query<{ respondent_email: string }>(
        `SELECT respondent_email FROM complaints WHERE id = $1`,
        [id],
      );
      expect(row.respondent_email).toBe(respondent.email.toLowerCase());
      expect(await logOf(id, 'party.contact.change')).toHaveLength(1);
    });

    it("the complainant's email and phone may be corrected, not their name; a respondent who is a member is recused at once", async () => {
      const filed = await fileWithoutRespondentEmail();
      const id = filed.complaintId;
      const name = await call('PUT', `/complaints/${id}/parties/COMPLAINANT`, member1.token, { name: 'Someone else' });
      expect(name.statusCode).toBe(400);
      expect(name.json().fields).toHaveProperty('name');
      const blank = await call('PUT', `/complaints/${id}/parties/COMPLAINANT`, member1.token, { email: '' });
      expect(blank.statusCode).toBe(400);
      expect((await call('PUT', `/complaints/${id}/parties/COMPLAINANT`, member1.token, {})).statusCode).toBe(400);
      const phone = await ok('PUT', `/complaints/${id}/parties/COMPLAINANT`, member1.token, {
        phone: '+91 98000 00099',
      });
      expect(phone.complainant.phone).toBe('+91 98000 00099');
      // The respondent named is external, a member of the committee: recused like a party at filing.
      await ok('PUT', `/complaints/${id}/parties/RESPONDENT`, member1.token, { email: external.email });
      expect((await call('GET', `/complaints/${id}`, external.token)).statusCode).toBe(404);
      // Nor can the complainant be made the respondent.
      const self = await call('PUT', `/complaints/${id}/parties/RESPONDENT`, member1.token, {
        email: complainant.email,
      });
      expect(self.statusCode).toBe(400);
    });

    it("an anonymous report's contact is the reporter's: the committee cannot add one", async () => {
      const reported = await server.request(ws.host, {
        method: 'POST',
        url: `${CASE}/intake`,
        payload: {
          respondent: { description: 'Someone from another team' },
          incident: { details: 'Remarks in the lift.', date: daysAgo(3), witnesses: [] },
        },
      });
      expect(reported.statusCode, reported.body).toBe(200);
      const [row] = await server.db.query<{ id: string }>(
        `SELECT id FROM complaints WHERE workspace_id = $1 AND intake ORDER BY created_at DESC LIMIT 1`,
        [ws.id],
      );
      const refused = await call('PUT', `/complaints/${row.id}/parties/COMPLAINANT`, member1.token, {
        email: `guess@${ws.slug}.test`,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('ANONYMOUS_REPORT');
    });
  });

  describe('steps, closing and the override', () => {
    it('a step after an open mandatory step is refused naming it', async () => {
      const { complaintId: id } = await fileWithoutRespondentEmail();
      const refused = await call('POST', `/complaints/${id}/steps/${steps.inquiry}/complete`, member1.token);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'PREREQUISITE_OPEN',
        message: 'Complete "Inform respondent" first: the workflow requires it before this step',
      });
      // A step before it is not held.
      await ok('POST', `/complaints/${id}/steps/${steps.hearing}/complete`, member1.token);
      const detail = await ok('GET', `/complaints/${id}`, member1.token);
      expect(detail.dueProcess.waitsFor).toEqual([{ stepId: steps.inquiry, names: ['Inform respondent'] }]);
      expect(detail.dueProcess.mandatoryOpen).toEqual(['Inform respondent']);
    });

    it('a case is not closed with a mandatory step open; a member other than the one presiding cannot override; the presiding officer can, with reasons', async () => {
      const { complaintId: id } = await fileWithoutRespondentEmail();
      const plain = await call('POST', `/complaints/${id}/close`, member1.token, {
        outcome: 'WITHDRAWN',
        summary: 'Withdrawn by the complainant',
      });
      expect(plain.statusCode).toBe(409);
      expect(plain.json()).toMatchObject({ code: 'MANDATORY_STEP_OPEN' });
      expect(plain.json().message).toContain('"Inform respondent" is still open');
      const reasons = { reasons: 'The complainant withdrew before the respondent was identified by address.' };
      const notPresiding = await call('POST', `/complaints/${id}/close`, member1.token, {
        outcome: 'WITHDRAWN',
        summary: 'Withdrawn',
        override: reasons,
      });
      expect(notPresiding.statusCode).toBe(403);
      const noReasons = await call('POST', `/complaints/${id}/close`, presiding.token, {
        outcome: 'WITHDRAWN',
        summary: 'Withdrawn',
        override: { reasons: ' ' },
      });
      expect(noReasons.statusCode).toBe(400);
      expect((await ok('GET', `/complaints/${id}`, member1.token)).status).toBe('OPEN');

      const closed = await ok('POST', `/complaints/${id}/close`, presiding.token, {
        outcome: 'WITHDRAWN',
        summary: 'Withdrawn',
        override: reasons,
      });
      expect(closed.status).toBe('CLOSED');
      expect(closed.dueProcess.closeOverride).toMatchObject({ reasons: reasons.reasons });
      const [entry] = await logOf(id, 'complaint.close.override');
      expect(entry).toEqual({
        actor_user_id: presiding.id,
        details: { reasons: reasons.reasons, steps: ['Inform respondent'] },
      });
    });
  });

  describe('the clocks a case shows, on its page and in the list', () => {
    const ids = (clocks: { id: string }[]) => clocks.map((c) => c.id);
    const listed = async (token: string, id: string) =>
      (await ok('GET', '/complaints', token)).items.find((c: { complaintId: string }) => c.complaintId === id);

    it('a closed case shows only the post-closure clocks; the list agrees; the parties read the appeal and its last day', async () => {
      const { complaintId: id } = await fileWithoutRespondentEmail();
      // Before closing, the copy to the respondent is the nearest clock (a week against 90 days).
      expect((await listed(member1.token, id)).nearestClock.id).toBe('IN_RESPONDENT_COPY');
      await ok('POST', `/complaints/${id}/close`, presiding.token, {
        outcome: 'WITHDRAWN',
        summary: 'Withdrawn',
        override: { reasons: 'Withdrawn at once.' },
      });
      const page = await ok('GET', `/complaints/${id}`, member1.token);
      expect(ids(page.clocks)).toEqual(['IN_REPORT', 'IN_EMPLOYER_ACTION', 'IN_APPEAL_WINDOW']);
      expect(ids((await ok('GET', `/complaints/${id}/deadlines`, member1.token)).clocks)).toEqual(ids(page.clocks));
      const entry = await listed(member1.token, id);
      expect(entry.nearestClock.id).toBe('IN_EMPLOYER_ACTION');
      // IN-10: 90 days from the recommendations (the report issued on closing), for the complainant too.
      const [row] = await server.db.query<{ deadline: string; issued: string }>(
        `SELECT (report_issued_on + 90)::text AS deadline, report_issued_on::text AS issued FROM complaints WHERE id = $1`,
        [id],
      );
      const mine = await ok('GET', `/complaints/${id}`, complainant.token);
      expect(mine.dueProcess).toEqual({
        waitsFor: [],
        mandatoryOpen: [],
        closeOverride: null,
        appeal: { from: row.issued, deadline: row.deadline },
      });
      expect(mine.clocks).toEqual([]);
      const mails = (
        await server.request('localhost', {
          method: 'GET',
          url: `/dev/outbox?to=${encodeURIComponent(complainant.email)}&format=json`,
          remoteAddress: '127.0.0.1',
        })
      ).json();
      const closing = (mails as { subject: string; body: string }[]).find(
        (m: { subject: string }) => m.subject === `Case ${page.caseNumber} is closed`,
      );
      expect(closing?.body).toContain('within 90 days (POSH Act s.18): by ');
    });

    it('an anonymous report about someone unnamed shows no respondent clock, on its page or in the list, until the committee names them', async () => {
      const reported = await server.request(ws.host, {
        method: 'POST',
        url: `${CASE}/intake`,
        payload: {
          respondent: { description: 'A visitor' },
          incident: { details: 'Remarks at the front desk.', date: daysAgo(2), witnesses: [] },
        },
      });
      expect(reported.statusCode, reported.body).toBe(200);
      const [row] = await server.db.query<{ id: string }>(
        `SELECT id FROM complaints WHERE workspace_id = $1 AND intake ORDER BY created_at DESC LIMIT 1`,
        [ws.id],
      );
      const page = await ok('GET', `/complaints/${row.id}`, member1.token);
      expect(ids(page.clocks)).not.toContain('IN_RESPONDENT_COPY');
      expect(ids(page.clocks)).not.toContain('IN_RESPONDENT_REPLY');
      expect(ids(page.clocks)).toContain('IN_INQUIRY');
      expect((await listed(member1.token, row.id)).nearestClock.id).toBe('IN_INQUIRY');
      await ok('PUT', `/complaints/${row.id}/parties/RESPONDENT`, member1.token, { name: 'The courier' });
      expect(ids((await ok('GET', `/complaints/${row.id}`, member1.token)).clocks)).toContain('IN_RESPONDENT_COPY');
      expect((await listed(member1.token, row.id)).nearestClock.id).toBe('IN_RESPONDENT_COPY');
    });
  });
});
