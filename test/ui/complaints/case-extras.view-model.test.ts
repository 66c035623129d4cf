import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import type { CaseExtrasApi } from '../../../src/application/complaints/case-extras-api.port';
import { ConfirmComplaint } from '../../../src/application/complaints/confirm-complaint.use-case';
import { RequestInterimRelief } from '../../../src/application/complaints/request-interim-relief.use-case';
import { DecideInterimRelief } from '../../../src/application/complaints/decide-interim-relief.use-case';
import { RequestConciliation } from '../../../src/application/complaints/request-conciliation.use-case';
import { RecordConciliation } from '../../../src/application/complaints/record-conciliation.use-case';
import { DenyCaseAccess } from '../../../src/application/complaints/deny-case-access.use-case';
import { RestoreCaseAccess } from '../../../src/application/complaints/restore-case-access.use-case';
import { ApiError } from '../../../src/application/shared/api-error';
import { CaseExtrasViewModel } from '../../../src/ui/complaints/case-extras.view-model';
import { FakeCaseExtrasApi } from '../../fakes/case-extras.fakes';

/** The view-model with its use cases over the one fake port. */
function caseExtras(api: FakeCaseExtrasApi): CaseExtrasViewModel {
  const port = api as unknown as CaseExtrasApi;
  return new CaseExtrasViewModel(
    port,
    new ConfirmComplaint(port),
    new RequestInterimRelief(port),
    new DecideInterimRelief(port),
    new RequestConciliation(port),
    new RecordConciliation(port),
    new DenyCaseAccess(port),
    new RestoreCaseAccess(port),
  );
}

describe('CaseExtrasViewModel', () => {
  it('confirms a complaint recorded for the caller: it leaves the list and the case is no longer pending', async () => {
    const api = new FakeCaseExtrasApi();
    api.pending = [
      {
        complaintId: 'c1',
        caseNumber: 'C-0001',
        channel: 'ORAL_NOTICE',
        recordedOn: '2026-11-27',
        incidentDetails: 'Told in person',
        incidentDate: '2026-11-20',
        respondentName: null,
      },
    ];
    const vm = caseExtras(api);
    await vm.loadPending();
    expect(vm.isPending('c1')).toBe(true);
    expect(await vm.confirm('c1')).toBe(true);
    expect(vm.isPending('c1')).toBe(false);
    expect(vm.pending).toEqual([]);
    expect(vm.note).toMatch(/time limits start today/);
  });

  it('lists a relief request as undecided until the committee decides it, then the settlement after the complainant asked', async () => {
    const api = new FakeCaseExtrasApi();
    const vm = caseExtras(api);
    await vm.requestRelief('c1', { relief: 'TRANSFER_RESPONDENT', leaveMonths: null, details: 'He sits next to me' });
    expect(vm.undecidedReliefs.map((e) => e.details.relief)).toEqual(['TRANSFER_RESPONDENT']);
    expect(vm.note).toMatch(/committee will decide/);
    await vm.decideRelief('c1', vm.undecidedReliefs[0].eventId, 'RECOMMENDED', 'Keeps them apart');
    expect(vm.undecidedReliefs).toEqual([]);
    expect(vm.note).toMatch(/emailed the employer/);
    expect(vm.conciliationRequested).toBe(false);
    await vm.requestConciliation('c1', '');
    expect(vm.conciliationRequested).toBe(true);
    expect(vm.settled).toBe(false);
    await vm.recordConciliation('c1', 'An apology', true);
    expect(vm.settled).toBe(true);
    expect(vm.events.map((e) => e.kind)).toEqual([
      'INTERIM_RELIEF_REQUESTED',
      'INTERIM_RELIEF_DECIDED',
      'CONCILIATION_REQUESTED',
      'CONCILIATION_SETTLED',
    ]);
  });

  it('puts the server’s refusal on the field it names and keeps the events as they were', async () => {
    const api = new FakeCaseExtrasApi();
    const vm = caseExtras(api);
    api.failNext = new ApiError('invalid', 'INVALID', 'Conciliation needs both parties to agree (Canada, CA-05)', {
      respondentAgreed: 'The responding party must agree',
    });
    expect(await vm.recordConciliation('c1', 'Terms', false)).toBe(false);
    expect(vm.error).toBe('Conciliation needs both parties to agree (Canada, CA-05)');
    expect(vm.fieldErrors.respondentAgreed).toBe('The responding party must agree');
    expect(vm.events).toEqual([]);
    expect(vm.busy).toBe(false);
  });

  it('denies a person at once and restores them; the search offers the people the server finds', async () => {
    const api = new FakeCaseExtrasApi();
    const vm = caseExtras(api);
    await vm.searchPeople('mee');
    expect(vm.people.map((p) => p.name)).toEqual(['Meera Member']);
    await vm.searchPeople('  ');
    expect(vm.people).toEqual([]);
    expect(await vm.deny('c1', 'u-meera', 'Friend of the respondent')).toBe(true);
    expect(vm.denied).toEqual([expect.objectContaining({ name: 'Meera Member', note: 'Friend of the respondent' })]);
    expect(vm.note).toMatch(/not told/);
    await vm.restore('c1', 'u-meera');
    expect(vm.denied).toEqual([]);
  });
});
