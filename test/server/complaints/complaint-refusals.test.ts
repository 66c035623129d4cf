import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDay } from '../../../src/domain/shared/date-time';
import { caseApi } from '../support/case-api';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import {
  buildCommittee,
  buildPublishedWorkflow,
  buildUser,
  buildWorkspace,
  type BuiltUser,
} from '../support/factories';

/**
 * What the complaint runtime refuses, each with its status and whole error body, as the parties and the committee
 * meet it: writing in another's thread, a step completed twice, a meeting set on a step that is not a meeting, a step,
 * a meeting or a file the case does not have, the access log read by a member who does not preside, a case closed
 * twice.
 */
describe.each(DATABASES)('the complaint runtime refuses on %s', (kind) => {
  let server: TestServer;
  let api: ReturnType<typeof caseApi>;
  let complainant: BuiltUser;
  let presiding: BuiltUser;
  let member: BuiltUser;
  let caseId: string;
  let hearingStep: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    const ws = await buildWorkspace(server);
    api = caseApi(server, ws.host);
    complainant = await buildUser(server, ws, { firstName: 'Esha', lastName: 'Employee' });
    const respondent = await buildUser(server, ws, { firstName: 'Rahul', lastName: 'Respondent' });
    ({
      presiding,
      members: [member],
    } = await buildCommittee(server, ws));
    await buildPublishedWorkflow(server, ws, { step: 'Preliminary hearing' });
    // Days ago in the workspace's zone (a new workspace is on Asia/Kolkata), so never after its today.
    const incidentOn = localDay(new Date(Date.now() - 3 * 86_400_000), 'Asia/Kolkata');
    const filed = await api.ok('POST', '/complaints', complainant.token, {
      complainant: { name: 'Esha Employee', email: complainant.email },
      respondent: { name: 'Rahul Respondent', email: respondent.email },
      incident: { details: 'Remarks about my appearance.', date: incidentOn, witnesses: [] },
    });
    caseId = filed.complaintId;
    hearingStep = filed.steps[0].stepId;
  });
  afterAll(async () => server?.close());

  it('a party writes only in their own thread, and the committee to the respondent only once the copy is sent', async () => {
    expect(
      await api.answer('POST', `/complaints/${caseId}/messages`, complainant.token, {
        audience: 'COMMITTEE',
        body: 'Hello',
      }),
    ).toEqual({
      status: 400,
      body: {
        code: 'VALIDATION',
        message: 'You write to the committee in your own thread',
        fields: { audience: "Write in the complainant's thread" },
      },
    });
    expect(
      await api.answer('POST', `/complaints/${caseId}/messages`, member.token, { audience: 'RESPONDENT', body: 'Hi' }),
    ).toEqual({
      status: 409,
      body: {
        code: 'CONFLICT',
        message:
          'Send the respondent a copy of the complaint first (POSH Rule 7): until then the case is not shared with them',
        fields: { audience: 'The respondent has not been given a copy yet' },
      },
    });
  });

  it('a member who does not preside cannot read the access log', async () => {
    expect(await api.answer('GET', `/complaints/${caseId}/audit`, member.token)).toEqual({
      status: 403,
      body: { code: 'FORBIDDEN', message: 'Only the member presiding over the case reads its access log' },
    });
  });

  it('a step, a meeting, an evidence file or an upload the case does not have is not found', async () => {
    const noStep = { status: 404, body: { code: 'NOT_FOUND', message: 'No such step in this case’s workflow' } };
    expect(await api.answer('GET', `/complaints/${caseId}/steps/${randomUUID()}/recipients`, member.token)).toEqual(
      noStep,
    );
    expect(await api.answer('POST', `/complaints/${caseId}/steps/${randomUUID()}/complete`, member.token)).toEqual(
      noStep,
    );
    expect(
      await api.answer('PUT', `/complaints/${caseId}/meetings/${randomUUID()}`, member.token, { minutes: 'Heard' }),
    ).toEqual({ status: 404, body: { code: 'NOT_FOUND', message: 'No such meeting on this case' } });
    expect(await api.answer('GET', `/complaints/${caseId}/evidence/${randomUUID()}`, presiding.token)).toEqual({
      status: 404,
      body: { code: 'NOT_FOUND', message: 'No such evidence on this case' },
    });
    expect(await api.answer('POST', `/complaint-evidence/${randomUUID()}/confirm`, complainant.token)).toEqual({
      status: 404,
      body: { code: 'NOT_FOUND', message: 'No such file' },
    });
  });

  it('a meeting is set on a meeting step of the case only', async () => {
    const starts = new Date(Date.now() + 7 * 86_400_000);
    expect(
      await api.answer('POST', `/complaints/${caseId}/meetings`, member.token, {
        title: 'Hearing',
        agenda: 'Hear both parties',
        startsAt: starts.toISOString(),
        endsAt: new Date(starts.getTime() + 3_600_000).toISOString(),
        location: 'Room 4',
        guests: ['guest@example.com'],
        stepId: randomUUID(),
      }),
    ).toEqual({
      status: 400,
      body: {
        code: 'VALIDATION',
        message: 'Not a meeting step of this case',
        fields: { stepId: 'Not a meeting step of this case' },
      },
    });
  });

  it('a step is completed once, and a case closed once', async () => {
    await api.ok('POST', `/complaints/${caseId}/steps/${hearingStep}/complete`, member.token, { note: 'Held' });
    expect(await api.answer('POST', `/complaints/${caseId}/steps/${hearingStep}/complete`, member.token)).toEqual({
      status: 409,
      body: { code: 'CONFLICT', message: 'This step is already complete' },
    });
    const close = { outcome: 'NOT_UPHELD', summary: 'Not upheld after the hearing.' };
    await api.ok('POST', `/complaints/${caseId}/close`, presiding.token, close);
    expect(await api.answer('POST', `/complaints/${caseId}/close`, presiding.token, close)).toEqual({
      status: 409,
      body: { code: 'CONFLICT', message: 'The case is already closed' },
    });
    expect(await api.answer('POST', `/complaints/${caseId}/steps/${hearingStep}/complete`, member.token)).toEqual({
      status: 409,
      body: { code: 'CONFLICT', message: 'The case is closed' },
    });
  });
});
