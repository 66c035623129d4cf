import { describe, expect, it } from 'vitest';
import type { ComplaintsApi } from '../../../src/application/complaints/complaints-api.port';
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
import { ApiError } from '../../../src/application/shared/api-error';
import type { ComplaintDetail } from '../../../src/contracts/case/complaints.contract';
import { ScheduleMeeting } from '../../../src/application/complaints/schedule-meeting.use-case';
import { RecordMinutes } from '../../../src/application/complaints/record-minutes.use-case';
import { CompleteStep } from '../../../src/application/complaints/complete-step.use-case';
import { RecuseFromCase } from '../../../src/application/complaints/recuse-from-case.use-case';
import { ExportCaseFile } from '../../../src/application/complaints/export-case-file.use-case';
import { ComplaintCaseViewModel } from '../../../src/ui/complaints/complaint-case.view-model';

const base = {
  complaintId: 'c1',
  caseNumber: 'C-0001',
  status: 'OPEN',
  callerPresides: false,
  complainant: { name: 'Esha', email: 'esha@acme.test', gender: null, phone: null },
  respondent: { name: 'Rahul', email: null, gender: null, phone: null, description: null },
  dueProcess: { waitsFor: [], mandatoryOpen: [], closeOverride: null, appeal: null },
} as unknown as ComplaintDetail;

/** An in-memory case behind the three calls the screen's due-process parts make. */
function fake(refuseContact?: ApiError) {
  let detail = base;
  const api = {
    async get() {
      return detail;
    },
    async changeContact(_id: string, _party: string, change: { email?: string }) {
      if (refuseContact) throw refuseContact;
      detail = { ...detail, respondent: { ...detail.respondent!, email: change.email ?? null } };
      return detail;
    },
    async close() {
      detail = { ...detail, status: 'CLOSED' };
      return detail;
    },
  } as unknown as ComplaintsApi;
  return new ComplaintCaseViewModel(
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
}

describe('ComplaintCaseViewModel: contacts and closing', () => {
  it('opens the contact editor with why, saves, and closes it with the case updated', async () => {
    const vm = fake();
    await vm.load('c1');
    vm.openContact('RESPONDENT', 'To complete “Inform respondent”, add the respondent’s email.');
    expect(vm.contactParty).toBe('RESPONDENT');
    expect(await vm.saveContact({ name: 'Rahul', email: 'r@acme.test' })).toBe(true);
    expect(vm.contactParty).toBeNull();
    expect(vm.detail?.respondent?.email).toBe('r@acme.test');
    expect(vm.notice).toContain('recorded in the access log');
  });

  it('keeps the editor open with the refusal on its field', async () => {
    const vm = fake(
      new ApiError('conflict', 'COPY_SENT', 'The copy was sent', { email: 'The copy was sent to this address' }),
    );
    await vm.load('c1');
    vm.openContact('RESPONDENT');
    expect(await vm.saveContact({ email: 'x@acme.test' })).toBe(false);
    expect(vm.contactParty).toBe('RESPONDENT');
    expect(vm.contactFieldErrors).toEqual({ email: 'The copy was sent to this address' });
  });

  it('closing asks first: nothing is sent until confirmed; cancelling sends nothing', async () => {
    const vm = fake();
    await vm.load('c1');
    vm.askToClose({ outcome: 'UPHELD', summary: 'Upheld' });
    expect(vm.closing).toEqual({ outcome: 'UPHELD', summary: 'Upheld' });
    vm.cancelClose();
    expect(vm.closing).toBeNull();
    expect(vm.detail?.status).toBe('OPEN');
    vm.askToClose({ outcome: 'UPHELD', summary: 'Upheld' });
    expect(await vm.confirmClose()).toBe(true);
    expect(vm.detail?.status).toBe('CLOSED');
    expect(vm.notice).toBe('The case is closed and the parties have been told.');
  });
});

describe('ComplaintCaseViewModel: hearings and natural justice', () => {
  it('shows a refusal on its own meeting or decision, busy only while it runs, and the case after a success', async () => {
    const presides = { ...base, callerPresides: true } as ComplaintDetail;
    const api = {
      async get() {
        return presides;
      },
      async audit() {
        return [];
      },
      async signMinutes() {
        return { ...presides, status: 'SIGNED' };
      },
    } as unknown as ComplaintsApi;
    const vm = new ComplaintCaseViewModel(
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
    await vm.load('c1');
    const signing = vm.signMinutes('m1');
    expect(vm.hearingBusy).toBe('m1');
    expect(await signing).toBe(true);
    expect(vm.hearingBusy).toBeNull();
    expect(vm.hearingError).toBeNull();
    expect(vm.notice).toBe('Minutes signed.');
    expect(vm.detail?.status).toBe('SIGNED');

    expect(await vm.proceedExParte({ party: 'RESPONDENT', reasons: 'short' })).toBe(false);
    expect(vm.naturalError).toEqual({
      about: 'ex-parte',
      message: 'Give the reasons in writing (at least 10 characters)',
      fields: { reasons: 'Give the reasons in writing (at least 10 characters)' },
    });
    expect(vm.naturalBusy).toBeNull();
    expect(vm.notice).toBeNull();
    expect(vm.hearingError).toBeNull();
  });
});
