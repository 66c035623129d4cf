import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import type { IntakeApi } from '../../../src/application/complaints/intake-api.port';
import type { UploadReporterEvidence } from '../../../src/application/complaints/upload-reporter-evidence.use-case';
import { ApiError } from '../../../src/application/shared/api-error';
import type { CaseEvent, ReporterCase } from '../../../src/contracts/case/intake.contract';
import { ReportViewModel } from '../../../src/ui/complaints/report.view-model';
import { PostReporterMessage } from '../../../src/application/complaints/post-reporter-message.use-case';
import { reporterWrites } from '../../../src/application/complaints/reporter.use-cases';
import type { OrganisationApi } from '../../../src/application/shared/main-reads.port';
import type { SiteInfo } from '../../../src/application/shared/site';

const NO_PROFILE = { companyProfile: async () => null } as unknown as OrganisationApi;
const NO_MESSAGES = {} as PostReporterMessage;
const ACME_SITE = { isMainSite: false, currentHost: 'acme.localhost' } as unknown as SiteInfo;

/** The receipt calls this screen part makes: sign in, read the case, ask. */
function fakeIntake() {
  const events: CaseEvent[] = [];
  const sessions: string[] = [];
  const messages: { messageId: string; audience: string; body: string }[] = [];
  let failNext: ApiError | null = null;
  const check = () => {
    const f = failNext;
    failNext = null;
    if (f) throw f;
  };
  const add = (kind: CaseEvent['kind'], details: Record<string, unknown>) => {
    const e = {
      eventId: `e${events.length + 1}`,
      kind,
      details,
      recordedBy: 'You',
      createdAt: '2026-11-27T10:00:00.000Z',
    };
    events.push(e);
    return e;
  };
  const api = {
    signIn: async () => ({ session: 's-1', sessionExpiresAt: '2026-11-27T11:00:00.000Z' }),
    read: async (session: string): Promise<ReporterCase> => {
      sessions.push(session);
      return {
        caseNumber: 'C-0007',
        status: 'OPEN',
        receivedOn: '2026-11-20',
        outcome: null,
        outcomeSummary: null,
        keyConfirmed: true,
        contactEmailSet: false,
        messages: [],
        evidence: [],
        events: [...events],
      };
    },
    requestInterimRelief: async (session: string, body: { relief: string; details: string }) => {
      check();
      sessions.push(session);
      return add('INTERIM_RELIEF_REQUESTED', { ...body });
    },
    requestConciliation: async (session: string, note: string) => {
      check();
      sessions.push(session);
      return add('CONCILIATION_REQUESTED', { note });
    },
    message: async (session: string, body: string) => {
      check();
      sessions.push(session);
      const message = { messageId: `m${messages.length + 1}`, audience: 'COMPLAINANT', body };
      messages.push(message);
      return message;
    },
  } as unknown as IntakeApi;
  return { api, sessions, messages, fail: (e: ApiError) => (failNext = e) };
}

describe('ReportViewModel: the reporter’s requests through the receipt', () => {
  it('writes to the committee through the receipt, and shows a refusal on its field', async () => {
    const fake = fakeIntake();
    const vm = new ReportViewModel(
      fake.api,
      {} as UploadReporterEvidence,
      NO_PROFILE,
      ACME_SITE,
      new PostReporterMessage(fake.api),
      reporterWrites(fake.api),
    );
    expect(await vm.reply('Hello')).toBe(false);
    await vm.signIn('1234 5678 9012 3456 7890', undefined);
    expect(await vm.reply('   ')).toBe(false);
    expect(vm.fieldErrors).toEqual({ body: 'Enter a message' });
    expect(fake.messages).toEqual([]);
    expect(await vm.reply(' I have one more witness. ')).toBe(true);
    expect(fake.messages.map((m) => m.body)).toEqual(['I have one more witness.']);
    expect(vm.error).toBeNull();
    fake.fail(new ApiError('signed-out', 'RECEIPT_EXPIRED', 'Your receipt session has ended: sign in again'));
    expect(await vm.reply('Still there?')).toBe(false);
    expect(vm.error).toBe('Your receipt session has ended: sign in again');
  });

  it('asks for interim relief and conciliation with the receipt session, and shows them on the case', async () => {
    const fake = fakeIntake();
    const vm = new ReportViewModel(
      fake.api,
      {} as UploadReporterEvidence,
      NO_PROFILE,
      ACME_SITE,
      new PostReporterMessage(fake.api),
      reporterWrites(fake.api),
    );
    await vm.signIn('1234 5678 9012 3456 7890', undefined);
    expect(await vm.askRelief({ relief: 'TRANSFER_RESPONDENT', leaveMonths: null, details: 'Night shifts' })).toBe(
      true,
    );
    expect(vm.current?.events?.map((e) => e.kind)).toEqual(['INTERIM_RELIEF_REQUESTED']);
    expect(vm.eventNote).toMatch(/committee will decide/);
    expect(await vm.askConciliation('')).toBe(true);
    expect(vm.current?.events?.map((e) => e.kind)).toEqual(['INTERIM_RELIEF_REQUESTED', 'CONCILIATION_REQUESTED']);
    expect(new Set(fake.sessions)).toEqual(new Set(['s-1']));
  });

  it('puts a refusal on its field and asks nothing without a session', async () => {
    const fake = fakeIntake();
    const vm = new ReportViewModel(
      fake.api,
      {} as UploadReporterEvidence,
      NO_PROFILE,
      ACME_SITE,
      new PostReporterMessage(fake.api),
      reporterWrites(fake.api),
    );
    expect(await vm.askConciliation('')).toBe(false);
    await vm.signIn('1234 5678 9012 3456 7890', undefined);
    fake.fail(
      new ApiError('invalid', 'INVALID', 'Say how many months of leave (at most 3)', {
        leaveMonths: 'Enter 1 to 3 months',
      }),
    );
    expect(await vm.askRelief({ relief: 'LEAVE', leaveMonths: null, details: 'Time away' })).toBe(false);
    expect(vm.fieldErrors.leaveMonths).toBe('Enter 1 to 3 months');
    expect(vm.error).toMatch(/months of leave/);
    expect(vm.eventNote).toBeNull();
  });
});

describe('ReportViewModel: whose committee the report goes to', () => {
  it('shows the workspace of the page’s host, and still works when the branding cannot be read', async () => {
    const asked: string[] = [];
    const organisation = {
      companyProfile: async (host: string) => {
        asked.push(host);
        return { companyName: 'Acme Corp', companyLogo: '/files/logo.png', backgroundColor: '#1a5fd0' };
      },
    } as unknown as OrganisationApi;
    const vm = new ReportViewModel(
      fakeIntake().api,
      {} as UploadReporterEvidence,
      organisation,
      ACME_SITE,
      NO_MESSAGES,
      reporterWrites(fakeIntake().api),
    );
    await vm.loadProfile();
    expect(asked).toEqual(['acme.localhost']);
    expect(vm.profile).toMatchObject({ companyName: 'Acme Corp', companyLogo: '/files/logo.png' });

    const failing = { companyProfile: async () => Promise.reject(new Error('offline')) } as unknown as OrganisationApi;
    const plain = new ReportViewModel(
      fakeIntake().api,
      {} as UploadReporterEvidence,
      failing,
      ACME_SITE,
      NO_MESSAGES,
      reporterWrites(fakeIntake().api),
    );
    await plain.loadProfile();
    expect(plain.profile).toBeNull();
    expect(plain.stage).toBe('start');
  });
});
