import { describe, expect, it } from 'vitest';
import type { ComplaintsApi } from '../../../src/application/complaints/complaints-api.port';
import { CompleteStep } from '../../../src/application/complaints/complete-step.use-case';
import { ExportCaseFile } from '../../../src/application/complaints/export-case-file.use-case';
import { FileComplaint } from '../../../src/application/complaints/file-complaint.use-case';
import { RecordMinutes } from '../../../src/application/complaints/record-minutes.use-case';
import { RecuseFromCase } from '../../../src/application/complaints/recuse-from-case.use-case';
import { ScheduleMeeting } from '../../../src/application/complaints/schedule-meeting.use-case';
import { ApiError } from '../../../src/application/shared/api-error';
import type { FileComplaintBody, MeetingBody } from '../../../src/contracts/case/complaints.contract';
import { recordingPort, refusedField } from '../support/recording-port';

const meeting = { meetingId: 'm1', title: 'First hearing' };

describe("the case page's meetings, steps, recusal and export", () => {
  it('schedules a meeting; an end before the start is refused beside the field', async () => {
    const body = { title: 'First hearing', startsAt: '2026-12-01T04:30:00.000Z' } as MeetingBody;
    const { port, calls } = recordingPort<ComplaintsApi>({ scheduleMeeting: meeting });
    expect(await new ScheduleMeeting(port).execute('c1', body)).toEqual({ ok: true, meeting });
    expect(calls).toEqual([['scheduleMeeting', 'c1', body]]);
    const late = recordingPort<ComplaintsApi>({ scheduleMeeting: refusedField('endsAt', 'Ends before it starts') });
    expect(await new ScheduleMeeting(late.port).execute('c1', body)).toMatchObject({
      ok: false,
      fields: { endsAt: 'Ends before it starts' },
    });
  });

  it("records a meeting's minutes", async () => {
    const { port, calls } = recordingPort<ComplaintsApi>({ recordMeeting: meeting });
    expect(await new RecordMinutes(port).execute('c1', 'm1', { minutes: 'Heard both', outcome: 'Adjourned' })).toEqual({
      ok: true,
      meeting,
    });
    expect(calls).toEqual([['recordMeeting', 'c1', 'm1', { minutes: 'Heard both', outcome: 'Adjourned' }]]);
  });

  it('completes a step with the recipients confirmed; recipients that changed are refused by name', async () => {
    const { port, calls } = recordingPort<ComplaintsApi>({ completeStep: { complaintId: 'c1' } });
    expect(await new CompleteStep(port).execute('c1', 's1', ['a@acme.test'])).toEqual({
      ok: true,
      detail: { complaintId: 'c1' },
    });
    expect(calls).toEqual([['completeStep', 'c1', 's1', ['a@acme.test']]]);
    const changed = recordingPort<ComplaintsApi>({
      completeStep: refusedField('confirmedRecipients', 'The recipients changed', 'conflict'),
    });
    expect(await new CompleteStep(changed.port).execute('c1', 's1', [])).toMatchObject({
      ok: false,
      reason: 'conflict',
      fields: { confirmedRecipients: 'The recipients changed' },
    });
  });

  it('recuses the member from the case; a case not theirs is not found', async () => {
    const { port, calls } = recordingPort<ComplaintsApi>({ recuse: undefined });
    expect(await new RecuseFromCase(port).execute('c1')).toEqual({ ok: true });
    expect(calls).toEqual([['recuse', 'c1']]);
    const other = recordingPort<ComplaintsApi>({ recuse: new ApiError('not-found', 'NOT_FOUND', 'No such case') });
    expect(await new RecuseFromCase(other.port).execute('c9')).toMatchObject({ ok: false, reason: 'not-found' });
  });

  it('exports the case file as the PDF the server made', async () => {
    const pdf = new Blob(['%PDF']);
    const { port, calls } = recordingPort<ComplaintsApi>({ exportCase: pdf });
    const body = { redact: ['complainant'] } as never;
    expect(await new ExportCaseFile(port).execute('c1', body)).toEqual({ ok: true, pdf });
    expect(calls).toEqual([['exportCase', 'c1', body]]);
  });

  it('files a complaint and answers the case; a date in the future is refused beside the field', async () => {
    const body = { incident: { details: 'Comments', date: '2026-11-20' } } as FileComplaintBody;
    const { port, calls } = recordingPort<ComplaintsApi>({ file: { complaintId: 'c1', caseNumber: 'C-0001' } });
    expect(await new FileComplaint(port).execute(body)).toEqual({
      ok: true,
      detail: { complaintId: 'c1', caseNumber: 'C-0001' },
    });
    expect(calls).toEqual([['file', body]]);
    const future = recordingPort<ComplaintsApi>({ file: refusedField('incident.date', 'The date is in the future') });
    expect(await new FileComplaint(future.port).execute(body)).toMatchObject({
      ok: false,
      fields: { 'incident.date': 'The date is in the future' },
    });
  });
});
