import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../server/platform/clock';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import {
  buildCommittee,
  buildComplaint,
  buildPublishedWorkflow,
  buildUser,
  buildWorkspace,
  type BuiltUser,
  type BuiltWorkspace,
} from '../support/factories';

const CASE = '/case-api/api';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const HOUR = 3_600_000;

/**
 * Hearings under POSH Rule 7 (docs/case.md "Hearings: attendance, quorum, ex parte"): the committee records who
 * attended, the presiding officer signs the minutes only with a quorum of 3 members present including her (IN-06), and
 * a hearing held without quorum keeps its step open. Nobody else records or signs.
 */
describe.each(DATABASES)('hearings on %s', (kind) => {
  const clock = new ManualClock(new Date());
  let server: TestServer;
  let ws: BuiltWorkspace;
  let other: BuiltWorkspace;
  let complainant: BuiltUser;
  let presiding: BuiltUser;
  let member1: BuiltUser;
  let member2: BuiltUser;
  let external: BuiltUser;
  let outsider: BuiltUser;
  let hearingStep: string;

  const call = (method: Method, url: string, token: string, payload?: object, host = ws.host) =>
    server.request(host, { method, url: `${CASE}${url}`, token, ...(payload ? { payload } : {}) });
  const ok = async (method: Method, url: string, token: string, payload?: object) => {
    const res = await call(method, url, token, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const logOf = async (caseId: string, action: string) =>
    server.db.query<{ actor_user_id: string | null; details: Record<string, unknown> }>(
      `SELECT actor_user_id, details FROM complaint_audit_events WHERE complaint_id = $1 AND action = $2 ORDER BY at`,
      [caseId, action],
    );
  /** A hearing of the case's meeting step, beginning `inHours` from the clock's now. */
  const hearing = async (caseId: string, inHours: number, stepId: string | null = hearingStep) => {
    const start = clock.now().getTime() + inHours * HOUR;
    return ok('POST', `/complaints/${caseId}/meetings`, presiding.token, {
      title: 'Inquiry hearing',
      agenda: 'Hear both parties',
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(start + HOUR).toISOString(),
      location: 'Room 4',
      guests: [complainant.email],
      stepId,
    });
  };
  const attendance = (present: BuiltUser[], absent: BuiltUser[] = []) => ({
    members: [
      ...present.map((m) => ({ userId: m.id, status: 'PRESENT' })),
      ...absent.map((m) => ({ userId: m.id, status: 'ABSENT' })),
    ],
    complainant: 'PRESENT',
    respondent: 'ABSENT',
  });

  beforeAll(async () => {
    server = await startTestServer(kind, { complaintsPerDay: 100 }, { clock });
    [ws, other] = [await buildWorkspace(server), await buildWorkspace(server)];
    complainant = await buildUser(server, ws, { firstName: 'Esha', lastName: 'Employee' });
    outsider = await buildUser(server, ws, { firstName: 'Olga', lastName: 'Outsider' });
    ({
      presiding,
      members: [member1, member2, external],
    } = await buildCommittee(server, ws));
    const admin = ws.admin.token;
    const wf = await ok('POST', '/admin/workflow', admin, { workflowName: 'Hearings', defaultToWorkspace: true });
    const v = await ok('POST', `/admin/workflow/${wf.workflowId}/version`, admin, { name: 'v1' });
    hearingStep = (
      await ok('POST', `/admin/step/workflow/${v.workflowVersionId}`, admin, { kind: 'MEETING', name: 'Inquiry' })
    ).stepId;
    await ok('POST', '/admin/workflow/publish', admin, {
      workflowId: wf.workflowId,
      workflowVersionId: v.workflowVersionId,
    });
  }, 300_000);
  afterAll(async () => server?.close());

  describe('attendance and quorum (IN-06)', () => {
    let caseId: string;
    let meetingId: string;

    beforeAll(async () => {
      caseId = await buildComplaint(server, ws, complainant);
      meetingId = (await hearing(caseId, 1)).meetingId;
    });

    it('is recorded once the hearing has begun, not before', async () => {
      const early = await call(
        'PUT',
        `/complaints/${caseId}/meetings/${meetingId}/attendance`,
        presiding.token,
        attendance([presiding, member1]),
      );
      expect(early.statusCode).toBe(409);
      expect(early.json().code).toBe('MEETING_NOT_HELD');
      clock.set(new Date(clock.now().getTime() + 2 * HOUR));
    });

    it('refuses to sign the minutes of a hearing held with 2 members present, naming IN-06, and keeps its step open', async () => {
      const recorded = await ok(
        'PUT',
        `/complaints/${caseId}/meetings/${meetingId}/attendance`,
        member1.token,
        attendance([presiding, member1], [member2, external]),
      );
      expect(recorded.compliance).toBe('IN_POSH');
      const meeting = recorded.meetings.find((m: { meetingId: string }) => m.meetingId === meetingId);
      expect(meeting).toMatchObject({
        hearing: true,
        attendance: {
          complainant: 'PRESENT',
          respondent: 'ABSENT',
          quorum: { met: false, present: 2 },
        },
        minutesSigned: null,
      });
      expect(meeting.attendance.members).toContainEqual({
        userId: presiding.id,
        name: `${presiding.firstName} ${presiding.lastName}`,
        status: 'PRESENT',
      });
      await ok('PUT', `/complaints/${caseId}/meetings/${meetingId}`, presiding.token, { minutes: 'Both heard.' });

      const refused = await call('POST', `/complaints/${caseId}/meetings/${meetingId}/sign`, presiding.token);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'QUORUM_NOT_MET', fields: { attendance: expect.any(String) } });
      expect(refused.json().message).toMatch(/IN-06.*quorum of 3/);
      const step = await call('POST', `/complaints/${caseId}/steps/${hearingStep}/complete`, presiding.token);
      expect(step.statusCode).toBe(409);
      expect(step.json().code).toBe('QUORUM_NOT_MET');
      const [entry] = await logOf(caseId, 'meeting.attendance');
      expect(entry).toMatchObject({
        actor_user_id: member1.id,
        details: { meetingId, membersPresent: 2, quorum: false, complainant: 'PRESENT', respondent: 'ABSENT' },
      });
    });

    it('refuses 3 present without the presiding officer', async () => {
      await ok(
        'PUT',
        `/complaints/${caseId}/meetings/${meetingId}/attendance`,
        presiding.token,
        attendance([member1, member2, external], [presiding]),
      );
      const refused = await call('POST', `/complaints/${caseId}/meetings/${meetingId}/sign`, presiding.token);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/presiding officer was not present/);
    });

    it('lets nobody but the committee record attendance, and only the presiding officer sign', async () => {
      const body = attendance([presiding, member1, member2]);
      const url = `/complaints/${caseId}/meetings/${meetingId}`;
      expect((await call('PUT', `${url}/attendance`, complainant.token, body)).statusCode).toBe(403);
      expect((await call('PUT', `${url}/attendance`, outsider.token, body)).statusCode).toBe(404);
      expect((await call('PUT', `${url}/attendance`, ws.admin.token, body)).statusCode).toBe(404);
      const otherWs = await call('PUT', `${url}/attendance`, other.admin.token, body, other.host);
      expect([401, 404]).toContain(otherWs.statusCode);
      expect((await call('POST', `${url}/sign`, member1.token)).json().code).toBe('NOT_PRESIDING');
      expect((await call('POST', `${url}/sign`, complainant.token)).statusCode).toBe(403);
      // A stranger to the committee is not an attendee; bad statuses and unknown fields are 400, never 500.
      const stranger = await call('PUT', `${url}/attendance`, presiding.token, {
        ...body,
        members: [...body.members, { userId: outsider.id, status: 'PRESENT' }],
      });
      expect(stranger.statusCode).toBe(400);
      expect(stranger.json().fields).toHaveProperty(['members.3.userId']);
      expect(
        (
          await call('PUT', `${url}/attendance`, presiding.token, {
            ...body,
            members: [{ userId: presiding.id, status: 'ASLEEP' }],
          })
        ).statusCode,
      ).toBe(400);
      expect((await call('PUT', `${url}/attendance`, presiding.token, { ...body, quorum: true })).statusCode).toBe(400);
      const unknown = await call('PUT', `/complaints/${caseId}/meetings/${other.id}/attendance`, presiding.token, body);
      expect(unknown.statusCode).toBe(404);
    });

    it('signs with a third member present; then the minutes and attendance no longer change, and the step completes', async () => {
      const url = `/complaints/${caseId}/meetings/${meetingId}`;
      await ok('PUT', `${url}/attendance`, presiding.token, attendance([presiding, member1, member2], [external]));
      const signed = await ok('POST', `${url}/sign`, presiding.token);
      expect(signed.meetings.find((m: { meetingId: string }) => m.meetingId === meetingId)).toMatchObject({
        attendance: { quorum: { met: true, present: 3, problem: null } },
        minutesSigned: { byName: `${presiding.firstName} ${presiding.lastName}` },
      });
      expect((await call('PUT', url, presiding.token, { minutes: 'Changed' })).statusCode).toBe(409);
      expect((await call('PUT', `${url}/attendance`, presiding.token, attendance([presiding]))).statusCode).toBe(409);
      expect((await call('POST', `${url}/sign`, presiding.token)).json().code).toBe('MINUTES_SIGNED');
      await ok('POST', `/complaints/${caseId}/steps/${hearingStep}/complete`, presiding.token);
      expect(await logOf(caseId, 'meeting.minutes.sign')).toEqual([
        { actor_user_id: presiding.id, details: { meetingId } },
      ]);
    });

    it("shows a party the hearing without the committee's record", async () => {
      const seen = await ok('GET', `/complaints/${caseId}`, complainant.token);
      expect(seen.meetings[0]).toMatchObject({ minutes: null, attendance: null, minutesSigned: null });
    });

    it('refuses to sign minutes that were never written, or a hearing whose attendance is not recorded', async () => {
      const id = await buildComplaint(server, ws, complainant);
      const m = (await hearing(id, -2)).meetingId;
      expect((await call('POST', `/complaints/${id}/meetings/${m}/sign`, presiding.token)).json().code).toBe(
        'NO_MINUTES',
      );
      await ok('PUT', `/complaints/${id}/meetings/${m}`, presiding.token, { minutes: 'Heard.' });
      const refused = await call('POST', `/complaints/${id}/meetings/${m}/sign`, presiding.token);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'NO_ATTENDANCE' });
      expect(refused.json().message).toMatch(/IN-06/);
      // A meeting that is not a hearing (no step) is signed without a quorum.
      const plain = (await hearing(id, -2, null)).meetingId;
      await ok('PUT', `/complaints/${id}/meetings/${plain}`, presiding.token, { minutes: 'Planning.' });
      await ok('POST', `/complaints/${id}/meetings/${plain}/sign`, presiding.token);
    });
  });

  describe('a committee not constituted as the Act asks (IN-02)', () => {
    let ws2: BuiltWorkspace;
    let po2: BuiltUser;
    let member: BuiltUser;
    let caseId: string;
    let stepId: string;

    beforeAll(async () => {
      ws2 = await buildWorkspace(server);
      po2 = await buildUser(server, ws2, { firstName: 'Priya', lastName: 'Presiding' });
      member = await buildUser(server, ws2, { firstName: 'Manoj', lastName: 'Member' });
      const ext = await buildUser(server, ws2, { firstName: 'Eric', lastName: 'External' });
      const filer = await buildUser(server, ws2, { firstName: 'Esha', lastName: 'Employee' });
      // One employee member where the Act asks for 2.
      const res = await server.request(ws2.host, {
        method: 'POST',
        url: `${CASE}/committees`,
        token: ws2.admin.token,
        payload: {
          name: 'Internal Committee',
          termStart: '2026-01-01',
          termEnd: '2028-12-31',
          members: [
            { userId: po2.id, role: 'PRESIDING_OFFICER', gender: 'WOMAN', senior: true },
            { userId: member.id, role: 'EMPLOYEE_MEMBER', gender: 'WOMAN' },
            { userId: ext.id, role: 'EXTERNAL_MEMBER', gender: 'MAN' },
          ],
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      await buildPublishedWorkflow(server, ws2);
      caseId = await buildComplaint(server, ws2, filer);
    });
    const call2 = (method: Method, url: string, token: string, payload?: object) =>
      call(method, url, token, payload, ws2.host);

    it('refuses to complete a step or set a hearing, naming IN-02, and shows what fails', async () => {
      const detail = (await call2('GET', `/complaints/${caseId}`, po2.token)).json();
      stepId = detail.steps[0].stepId;
      expect(detail.natural).toMatchObject({
        compositionProblems: [expect.stringMatching(/2 employee members/)],
        compositionOverride: null,
      });
      const step = await call2('POST', `/complaints/${caseId}/steps/${stepId}/complete`, po2.token);
      expect(step.statusCode).toBe(409);
      expect(step.json()).toMatchObject({ code: 'COMPOSITION_NOT_MET', fields: { override: expect.any(String) } });
      expect(step.json().message).toMatch(/^IN-02: /);
      const start = clock.now().getTime() + HOUR;
      const hearingBody = {
        title: 'Hearing',
        agenda: 'Hear both parties',
        startsAt: new Date(start).toISOString(),
        endsAt: new Date(start + HOUR).toISOString(),
        location: 'Room 4',
        guests: [po2.email],
      };
      const set = await call2('POST', `/complaints/${caseId}/meetings`, po2.token, { ...hearingBody, stepId });
      expect(set.statusCode).toBe(409);
      expect(set.json().code).toBe('COMPOSITION_NOT_MET');
      // A meeting that is not a hearing is not refused.
      expect((await call2('POST', `/complaints/${caseId}/meetings`, po2.token, hearingBody)).statusCode).toBe(200);
    });

    it('takes an override from the presiding officer alone, with written reasons; then the case proceeds', async () => {
      const url = `/complaints/${caseId}/composition-override`;
      const reasons = 'The second employee member left; the case cannot wait for the new one.';
      expect((await call2('POST', url, member.token, { reasons })).json().code).toBe('NOT_PRESIDING');
      const short = await call2('POST', url, po2.token, { reasons: 'Urgent' });
      expect(short.statusCode).toBe(400);
      expect(short.json().fields).toHaveProperty('reasons');
      const done = await call2('POST', url, po2.token, { reasons });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().natural.compositionOverride).toMatchObject({ reasons, byName: 'Priya Presiding' });
      const step = await call2('POST', `/complaints/${caseId}/steps/${stepId}/complete`, po2.token);
      expect(step.statusCode, step.body).toBe(200);
      const [entry] = await logOf(caseId, 'complaint.composition.override');
      expect(entry).toMatchObject({ actor_user_id: po2.id, details: { reasons } });
    });

    it('has nothing to override on a committee constituted as the Act asks', async () => {
      const id = await buildComplaint(server, ws, complainant);
      const res = await call('POST', `/complaints/${id}/composition-override`, presiding.token, {
        reasons: 'No reason at all, really.',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('COMPOSITION_MET');
    });
  });

  describe('ex parte (IN-06, IN-17)', () => {
    let caseId: string;
    const absentAt = async (hoursAgo: number) => {
      const m = (await hearing(caseId, -hoursAgo)).meetingId;
      await ok('PUT', `/complaints/${caseId}/meetings/${m}/attendance`, presiding.token, {
        ...attendance([presiding, member1, member2]),
        respondent: 'ABSENT',
      });
    };
    const exParte = (token: string, party = 'RESPONDENT') =>
      call('POST', `/complaints/${caseId}/ex-parte`, token, {
        party,
        reasons: 'The respondent did not come to three hearings after notice.',
      });

    beforeAll(async () => {
      caseId = await buildComplaint(server, ws, complainant);
    });

    it('is refused after 2 absences, then after 3 without 15 days of notice, naming what is missing', async () => {
      await absentAt(6);
      await absentAt(5);
      const two = await exParte(presiding.token);
      expect(two.statusCode).toBe(409);
      expect(two.json()).toMatchObject({ code: 'EX_PARTE_NOT_ALLOWED' });
      expect(two.json().message).toMatch(/3 consecutive recorded absences.*has 2/);
      await absentAt(4);
      const early = await exParte(presiding.token);
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toMatch(/15 days' written notice/);
      // The complainant attended every hearing.
      expect((await exParte(presiding.token, 'COMPLAINANT')).json().message).toMatch(/has 0/);
    });

    it('is for the presiding officer alone', async () => {
      expect((await exParte(member1.token)).json().code).toBe('NOT_PRESIDING');
      expect((await exParte(complainant.token)).statusCode).toBe(403);
      expect((await exParte(outsider.token)).statusCode).toBe(404);
    });

    it("is recorded, with its reasons, once 15 days have passed since the first hearing's notice; and only once", async () => {
      clock.advanceDays(16);
      const done = await exParte(presiding.token);
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().natural.exParte).toEqual([
        {
          party: 'RESPONDENT',
          reasons: 'The respondent did not come to three hearings after notice.',
          at: expect.any(String),
          byName: `${presiding.firstName} ${presiding.lastName}`,
        },
      ]);
      const [entry] = await logOf(caseId, 'complaint.ex-parte');
      expect(entry).toMatchObject({ actor_user_id: presiding.id, details: { party: 'RESPONDENT', absences: 3 } });
      expect((await exParte(presiding.token)).json().code).toBe('EX_PARTE_RECORDED');
      // A party reads nothing of it.
      expect((await ok('GET', `/complaints/${caseId}`, complainant.token)).natural).toBeUndefined();
    });
  });
});
