import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import type { ComplaintsApi } from '../../../src/application/complaints/complaints-api.port';
import { ApiError } from '../../../src/application/shared/api-error';
import type { AuditVerdict, ComplaintDetail } from '../../../src/contracts/case/complaints.contract';
import { ScheduleMeeting } from '../../../src/application/complaints/schedule-meeting.use-case';
import { RecordMinutes } from '../../../src/application/complaints/record-minutes.use-case';
import { CompleteStep } from '../../../src/application/complaints/complete-step.use-case';
import { RecuseFromCase } from '../../../src/application/complaints/recuse-from-case.use-case';
import { ExportCaseFile } from '../../../src/application/complaints/export-case-file.use-case';
import { ComplaintCaseViewModel } from '../../../src/ui/complaints/complaint-case.view-model';
import { ChangePartyContact } from '../../../src/application/complaints/change-party-contact.use-case';
import { CloseCase } from '../../../src/application/complaints/close-case.use-case';
import { RecordAttendance } from '../../../src/application/complaints/record-attendance.use-case';
import { SignMinutes } from '../../../src/application/complaints/sign-minutes.use-case';
import { ProceedExParte } from '../../../src/application/complaints/proceed-ex-parte.use-case';
import { ExtendFilingLimit } from '../../../src/application/complaints/extend-filing-limit.use-case';
import { SendOwnReply } from '../../../src/application/complaints/send-own-reply.use-case';
import { PostCaseMessage } from '../../../src/application/complaints/post-case-message.use-case';
import { RecordRespondentReply } from '../../../src/application/complaints/record-respondent-reply.use-case';
import { OverrideComposition } from '../../../src/application/complaints/override-composition.use-case';

const caseViewModel = (api: ComplaintsApi) =>
  new ComplaintCaseViewModel(
    api,
    new ChangePartyContact(api),
    new CloseCase(api),
    new RecordAttendance(api),
    new SignMinutes(api),
    new ProceedExParte(api),
    new OverrideComposition(api),
    new RecordRespondentReply(api),
    new ExtendFilingLimit(api),
    new SendOwnReply(api),
    new PostCaseMessage(api),
    new ScheduleMeeting(api),
    new RecordMinutes(api),
    new CompleteStep(api),
    new RecuseFromCase(api),
    new ExportCaseFile(api),
  );

const verdict: AuditVerdict = {
  ok: true,
  head: 'ab'.repeat(32),
  entries: 4,
  brokenAt: null,
  listReads: { ok: true, head: null, entries: 0, brokenAt: null },
};

/** Only the case, its log and the log's check are read from the complaints port here. */
function port(presides: boolean, check: AuditVerdict | Error) {
  const calls: string[] = [];
  const api = {
    get: async () => ({ complaintId: 'c-1', callerPresides: presides }) as unknown as ComplaintDetail,
    audit: async () => [],
    verifyAudit: async (id: string) => {
      calls.push(id);
      if (check instanceof Error) throw check;
      return check;
    },
  } as unknown as ComplaintsApi;
  return { api, calls };
}

describe('ComplaintCaseViewModel: the access log check', () => {
  it('checks the log when the one presiding opens the tab, not at each load (each check is an entry of the log)', async () => {
    const { api, calls } = port(true, verdict);
    const vm = caseViewModel(api);
    await vm.load('c-1');
    expect(calls).toEqual([]);
    await vm.verifyLog();
    expect(calls).toEqual(['c-1']);
    expect(vm.auditVerdict).toEqual(verdict);
  });

  it('asks nothing for a member who does not preside, and keeps a failed check as a message', async () => {
    const other = port(false, verdict);
    const vm = caseViewModel(other.api);
    await vm.load('c-1');
    await vm.verifyLog();
    expect(other.calls).toEqual([]);

    const failing = caseViewModel(
      port(true, new ApiError('server-error', 'INTERNAL', 'The server could not answer.')).api,
    );
    await failing.load('c-1');
    await failing.verifyLog();
    expect(failing.auditVerdict).toBeNull();
    expect(failing.auditVerdictError).toBeTruthy();
  });
});
