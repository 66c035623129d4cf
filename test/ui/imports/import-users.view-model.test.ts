import 'reflect-metadata';
import { SendUnusedInvitations } from '../../../src/application/invitations/send-unused-invitations.use-case';
import { describe, expect, it, vi } from 'vitest';
import { DownloadImportReport } from '../../../src/application/imports/download-import-report.use-case';
import {
  CancelImportJob,
  DownloadImportJobReport,
  GetImportJob,
  ListImportJobs,
  ResumeImportJob,
} from '../../../src/application/imports/import-job.use-cases';
import { ImportUsers } from '../../../src/application/imports/import-users.use-case';
import { ReadImportHeaders } from '../../../src/application/imports/read-import-headers.use-case';
import { ValidateUserImport } from '../../../src/application/imports/validate-user-import.use-case';
import { ImportUsersViewModel } from '../../../src/ui/imports/import-users.view-model';
import { ApiError, csvFile, FakeUserImportApi, FixedClock, SAMPLE } from '../../fakes/imports.fakes';
import { FakeInvitationsApi } from '../../fakes/import-users.fakes';

/** An import API whose job polls wait until the test lets them answer. */
class HeldPollsApi extends FakeUserImportApi {
  private release: (() => void) | null = null;
  inFlight = 0;
  override async getJob(jobId: string) {
    this.inFlight += 1;
    await new Promise<void>((resolve) => (this.release = resolve));
    this.inFlight -= 1;
    return super.getJob(jobId);
  }
  answer() {
    this.release?.();
  }
}

function viewModel(api = new FakeUserImportApi(), invitations = new FakeInvitationsApi()) {
  const vm = new ImportUsersViewModel(
    new ReadImportHeaders(api, 20 * 1024 * 1024),
    new ValidateUserImport(api),
    new DownloadImportReport(api),
    new ImportUsers(api, new FixedClock(new Date('2026-11-23T01:15:00Z'))),
    new SendUnusedInvitations(invitations),
    new GetImportJob(api),
    new CancelImportJob(api),
    new ResumeImportJob(api),
    new DownloadImportJobReport(api),
    new ListImportJobs(api),
  );
  vm.pollMs = 1;
  return { vm, api, invitations };
}

describe('ImportUsersViewModel', () => {
  it('walks upload -> map -> validate -> import and shows the result', async () => {
    const { vm } = viewModel();
    expect(vm.step).toBe('upload');
    await vm.chooseFile(csvFile('users.csv', SAMPLE));
    expect(vm.step).toBe('map');
    expect(vm.mapping).toEqual({ email: 0, firstName: 1, lastName: 2 });
    expect(vm.columnOptions).toEqual([
      { value: 0, label: 'Column 1: Email' },
      { value: 1, label: 'Column 2: First Name' },
      { value: 2, label: 'Column 3: Last Name' },
    ]);

    await vm.validate({ email: 0, firstName: 1, lastName: null });
    expect(vm.step).toBe('validate');
    expect(vm.problemRows).toEqual([
      { key: '3-0', row: 3, email: 'broken', column: 'Email', reason: '"broken" is not a valid email address' },
    ]);
    expect(Array.isArray(vm.problemRows)).toBe(true);

    await vm.runImport();
    expect(vm.step).toBe('import');
    expect(vm.status).toBe('idle');
    // The job runs in the background: queued at first, then polled until it has finished.
    expect(vm.jobActive).toBe(true);
    expect(vm.result).toBeNull();
    await vi.waitFor(() => expect(vm.result).not.toBeNull());
    expect(vm.result).toMatchObject({
      status: 'COMPLETED',
      created: 2,
      skipped: 1,
      fileName: '20261123-011500_users.csv',
    });
    expect(vm.percent).toBe(100);
    expect(vm.skippedRows).toHaveLength(1);
  });

  it('shows the progress of a running job, and cancels it', async () => {
    const { vm, api } = viewModel();
    api.runningPolls = 1000;
    await vm.chooseFile(csvFile('users.csv', 'Email,First Name\na@x.test,A\nb@x.test,B\nc@x.test,C\nd@x.test,D\n'));
    await vm.validate({ email: 0, firstName: 1 });
    await vm.runImport();
    await vi.waitFor(() => expect(vm.job?.status).toBe('RUNNING'));
    expect(vm.percent).toBe(50);
    api.runningPolls = 0;
    await vm.cancel();
    expect(api.jobCalls).toContain('cancel job-1');
    await vi.waitFor(() => expect(vm.result?.status).toBe('CANCELLED'));
    // A stopped job can be resumed; it then finishes.
    await vm.resume();
    expect(api.jobCalls).toContain('resume job-1');
    await vi.waitFor(() => expect(vm.result?.status).toBe('COMPLETED'));
    const report = await vm.report('xlsx');
    expect(report?.name).toBe('users-report.xlsx');
    expect(api.jobCalls).toContain('report job-1 xlsx');
    vm.startOver();
    expect(vm.job).toBeNull();
    // The job is among the recent imports, and can be opened again.
    await vi.waitFor(() => expect(vm.recent?.map((j) => j.jobId)).toEqual(['job-1']));
    await vm.openJob('job-1');
    expect(vm.step).toBe('import');
    expect(vm.result?.status).toBe('COMPLETED');
  });

  it('stops polling for good when the screen is left, even with a poll still waiting for its answer', async () => {
    const api = new HeldPollsApi();
    const { vm } = viewModel(api);
    api.runningPolls = 1000;
    await vm.chooseFile(csvFile('users.csv', SAMPLE));
    await vm.validate({ email: 0, firstName: 1 });
    await vm.runImport();
    await vi.waitFor(() => expect(api.inFlight).toBe(1));
    vm.dispose();
    api.answer();
    await vi.waitFor(() => expect(api.inFlight).toBe(0));
    await new Promise((resolve) => setTimeout(resolve, 30));
    // The answer arrived after the screen had gone: no further poll was armed.
    expect(api.jobCalls.filter((call) => call.startsWith('get'))).toHaveLength(1);
    expect(api.inFlight).toBe(0);
  });

  it('stops polling when the admin starts over while a poll is on its way', async () => {
    const api = new HeldPollsApi();
    const { vm } = viewModel(api);
    api.runningPolls = 1000;
    await vm.chooseFile(csvFile('users.csv', SAMPLE));
    await vm.validate({ email: 0, firstName: 1 });
    await vm.runImport();
    await vi.waitFor(() => expect(api.inFlight).toBe(1));
    vm.startOver();
    api.answer();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(api.jobCalls.filter((call) => call.startsWith('get'))).toHaveLength(1);
    expect(vm.job).toBeNull();
  });

  it('emails each new person an invitation with the import unless the admin unticks it', async () => {
    const { vm, api } = viewModel();
    expect(vm.inviteOnImport).toBe(true);
    await vm.chooseFile(csvFile('users.csv', SAMPLE));
    await vm.validate({ email: 0, firstName: 1 });
    await vm.runImport();
    await vi.waitFor(() => expect(vm.result).not.toBeNull());
    expect(vm.result).toMatchObject({ sendInvitations: true, created: 2, invitationsSent: 2 });

    vm.startOver();
    await vm.chooseFile(csvFile('more.csv', 'Email,First Name\nnew@acme.test,New\n'));
    await vm.validate({ email: 0, firstName: 1 });
    vm.setInviteOnImport(false);
    await vm.runImport();
    await vi.waitFor(() => expect(vm.result).not.toBeNull());
    expect(vm.result).toMatchObject({ sendInvitations: false, created: 1, invitationsSent: 0 });
    expect(api.sendInvitationsAsked).toEqual([true, false]);
    // Starting over ticks it again.
    vm.startOver();
    expect(vm.inviteOnImport).toBe(true);
  });

  it('shows a clear error for a file of the wrong type and stays on the upload step', async () => {
    const { vm } = viewModel();
    await vm.chooseFile(csvFile('users.txt', SAMPLE));
    expect(vm.step).toBe('upload');
    expect(vm.error).toBe('Choose a .csv or .xlsx file.');
  });

  it("shows the server's message when the file is refused", async () => {
    const { vm, api } = viewModel();
    api.failNext = new ApiError(
      'invalid',
      'MALFORMED_FILE',
      'The CSV file is malformed at row 3, column 2: a quoted value is not closed',
    );
    await vm.chooseFile(csvFile('users.csv', SAMPLE));
    expect(vm.step).toBe('upload');
    expect(vm.error).toBe('The CSV file is malformed at row 3, column 2: a quoted value is not closed');
  });

  it('keeps the admin on the mapping step when a column is chosen twice', async () => {
    const { vm } = viewModel();
    await vm.chooseFile(csvFile('users.csv', SAMPLE));
    await vm.validate({ email: 0, firstName: 0 });
    expect(vm.step).toBe('map');
    expect(vm.error).toBe('File column 1 is chosen for both Email and First name.');
  });

  it('returns to validation with the message when the import fails', async () => {
    const { vm, api } = viewModel();
    await vm.chooseFile(csvFile('users.csv', SAMPLE));
    await vm.validate({ email: 0, firstName: 1 });
    api.failNext = new ApiError('conflict', 'USER_LIMIT', 'This workspace may have at most 40 users');
    await vm.runImport();
    expect(vm.step).toBe('validate');
    expect(vm.error).toBe('This workspace may have at most 40 users');
  });

  it('hands the detailed report to the screen', async () => {
    const { vm } = viewModel();
    await vm.chooseFile(csvFile('users.csv', SAMPLE));
    await vm.validate({ email: 0, firstName: 1 });
    const report = await vm.report();
    expect(report?.name).toBe('users-report.csv');
  });

  it('sends the invitations after an import and says how many went', async () => {
    const { vm, invitations } = viewModel();
    invitations.unsent = 3;
    await vm.sendInvitations();
    expect(vm.invitations).toEqual({ status: 'sent', sent: 3 });
    vm.startOver();
    expect(vm.invitations).toEqual({ status: 'idle' });
  });

  it('says so when the invitations could not be sent', async () => {
    const { vm, invitations } = viewModel();
    invitations.fail = true;
    await vm.sendInvitations();
    expect(vm.invitations.status).toBe('error');
    expect(vm.invitations.error).toBe('The server could not complete this request');
  });
});
