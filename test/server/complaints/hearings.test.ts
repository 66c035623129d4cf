import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../server/platform/clock';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import {
  buildCommittee,
  buildComplaint,
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
});
