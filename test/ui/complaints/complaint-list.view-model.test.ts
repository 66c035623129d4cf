import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import type { ComplaintsApi } from '../../../src/application/complaints/complaints-api.port';
import { ApiError } from '../../../src/application/shared/api-error';
import type { ComplaintSummary } from '../../../src/contracts/case/complaints.contract';
import { ComplaintListViewModel } from '../../../src/ui/complaints/complaint-list.view-model';

const summary = (over: Partial<ComplaintSummary>): ComplaintSummary => ({
  complaintId: 'c-1',
  caseNumber: 'C-0001',
  status: 'OPEN',
  role: 'COMPLAINANT',
  receivedOn: '2026-11-20',
  timeliness: 'ON_TIME',
  nextStep: 'Preliminary hearing',
  nearestClock: null,
  outcome: null,
  ...over,
});

/** Only the list and the committee seat are read from the complaints port here. */
const port = (items: ComplaintSummary[], seated: boolean | Error, awaitingAdmission: string[] = []): ComplaintsApi =>
  ({
    list: async () => items,
    committeeSeat: async () => {
      if (seated instanceof Error) throw seated;
      return { member: seated, awaitingAdmission };
    },
  }) as unknown as ComplaintsApi;

describe('ComplaintListViewModel', () => {
  it("splits the caller's own cases from the committee's, and knows a member with no case yet sits on a committee", async () => {
    const vm = new ComplaintListViewModel(
      port([summary({}), summary({ complaintId: 'c-2', caseNumber: 'C-0002', role: 'COMMITTEE' })], true),
    );
    await vm.load();
    expect(vm.cases.status).toBe('ready');
    expect(vm.mine.map((c) => c.caseNumber)).toEqual(['C-0001']);
    expect(vm.committee.map((c) => c.caseNumber)).toEqual(['C-0002']);
    expect(vm.seated).toBe(true);

    const newMember = new ComplaintListViewModel(port([], true, ['C-0001']));
    await newMember.load();
    expect(newMember.committee).toEqual([]);
    expect(newMember.seated).toBe(true);
    expect(newMember.awaitingAdmission).toEqual(['C-0001']);

    const employee = new ComplaintListViewModel(port([summary({})], false));
    await employee.load();
    expect(employee.seated).toBe(false);
  });

  it('still lists the cases when the committee seat cannot be read (without the link)', async () => {
    const vm = new ComplaintListViewModel(port([summary({})], new ApiError('server-error', 'INTERNAL', 'Try again')));
    await vm.load();
    expect(vm.cases.status).toBe('ready');
    expect(vm.mine).toHaveLength(1);
    expect(vm.seated).toBe(false);
  });

  it('says why the page could not load', async () => {
    const failing = {
      list: async () => Promise.reject(new ApiError('server-error', 'INTERNAL', 'The case API is not answering')),
      committeeSeat: async () => ({ member: true, awaitingAdmission: [] }),
    } as unknown as ComplaintsApi;
    const vm = new ComplaintListViewModel(failing);
    await vm.load();
    expect(vm.cases.status).toBe('error');
    expect(vm.cases.error).toContain('The case API is not answering');
  });
});
