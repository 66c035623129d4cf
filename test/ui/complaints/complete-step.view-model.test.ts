import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import type { ComplaintsApi } from '../../../src/application/complaints/complaints-api.port';
import { ApiError } from '../../../src/application/shared/api-error';
import type { ComplaintDetail, StepRecipients } from '../../../src/contracts/case/complaints.contract';
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

const recipients = (...emails: string[]): StepRecipients => ({
  stepId: 's-1',
  problem: null,
  mails: [
    {
      actionType: 'INFORM_EMPLOYER',
      subject: 'Case C-0001',
      complaintCopy: true,
      recipients: emails.map((email) => ({ email, name: email, kind: 'EMPLOYER' as const })),
    },
  ],
});

/** The case port as far as the "Complete step" dialog uses it: the recipients, the completion and the reload. */
function port(shown: StepRecipients[], complete: (confirmed: string[]) => void) {
  const sent: string[][] = [];
  const api = {
    get: async () => ({ callerPresides: false }) as ComplaintDetail,
    stepRecipients: async () => shown.shift()!,
    completeStep: async (_id: string, _step: string, confirmed: string[]) => {
      sent.push(confirmed);
      complete(confirmed);
      return {} as ComplaintDetail;
    },
  } as unknown as ComplaintsApi;
  return { api, sent };
}

describe('ComplaintCaseViewModel: the "Complete step" dialog', () => {
  it('shows who the mails go to, then completes with exactly those recipients', async () => {
    const { api, sent } = port([recipients('ceo@acme.test', 'hr@acme.test')], () => {});
    const vm = caseViewModel(api);
    await vm.load('c-1');
    await vm.openComplete({ stepId: 's-1', name: 'Tell the employer' });
    expect(vm.completing?.name).toBe('Tell the employer');
    expect(vm.confirmedRecipients).toEqual(['ceo@acme.test', 'hr@acme.test']);
    expect(await vm.confirmComplete()).toBe(true);
    expect(sent).toEqual([['ceo@acme.test', 'hr@acme.test']]);
    expect(vm.completing).toBeNull();
    expect(vm.notice).toBe('Step completed.');
  });

  it('shows the new recipients, and says why, when they changed before the member confirmed', async () => {
    let first = true;
    const { api, sent } = port([recipients('ceo@acme.test'), recipients('ceo@acme.test', 'new@acme.test')], () => {
      if (first) {
        first = false;
        throw new ApiError(
          'conflict',
          'CONFLICT',
          'The recipients of this step changed since they were shown: review them again',
          { confirmedRecipients: 'The recipients changed' },
        );
      }
    });
    const vm = caseViewModel(api);
    await vm.load('c-1');
    await vm.openComplete({ stepId: 's-1', name: 'Tell the employer' });
    expect(await vm.confirmComplete()).toBe(false);
    expect(vm.completing?.stepId).toBe('s-1');
    expect(vm.confirmedRecipients).toEqual(['ceo@acme.test', 'new@acme.test']);
    expect(vm.actionError).toMatch(/review them again/);
    expect(await vm.confirmComplete()).toBe(true);
    expect(sent).toEqual([['ceo@acme.test'], ['ceo@acme.test', 'new@acme.test']]);
  });

  it('sends nothing while the step cannot be completed', async () => {
    const { api, sent } = port(
      [
        {
          stepId: 's-1',
          mails: [],
          problem: 'The complaint gives no email for the respondent: add it before this step',
        },
      ],
      () => {},
    );
    const vm = caseViewModel(api);
    await vm.load('c-1');
    await vm.openComplete({ stepId: 's-1', name: 'Copy to respondent' });
    expect(await vm.confirmComplete()).toBe(false);
    expect(sent).toEqual([]);
  });
});
