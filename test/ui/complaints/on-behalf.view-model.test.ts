import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import type { ComplaintsApi } from '../../../src/application/complaints/complaints-api.port';
import { RecordOnBehalf } from '../../../src/application/complaints/record-on-behalf.use-case';
import { ApiError } from '../../../src/application/shared/api-error';
import type { ComplaintForm } from '../../../src/contracts/case/complaints.contract';
import { OnBehalfViewModel, type OnBehalfValues } from '../../../src/ui/complaints/on-behalf.view-model';
import { FakeCaseExtrasApi } from '../../fakes/case-extras.fakes';

const form = { committeeConstituted: true, components: [] } as unknown as ComplaintForm;
/** Only the form is read from the complaints port here. */
const complaints = { form: async () => form } as unknown as ComplaintsApi;

const values: OnBehalfValues = {
  complainantUserId: 'u-esha',
  channel: 'HELP_TO_WRITE',
  respondentName: ' A manager ',
  respondentEmail: '',
  incidentDetails: 'Comments on her clothes',
  incidentDate: '2026-11-20',
  witnesses: 'Ravi\n\n  Priya ',
};

describe('OnBehalfViewModel', () => {
  it('records the complaint for the person chosen, with blanks left out, and says who will be asked to confirm', async () => {
    const api = new FakeCaseExtrasApi();
    const vm = new OnBehalfViewModel(complaints, api, new RecordOnBehalf(api));
    await vm.load();
    expect(vm.status).toBe('ready');
    await vm.searchPeople('esha');
    expect(vm.people.map((p) => p.email)).toEqual(['employee@acme.test']);
    expect(await vm.submit(values)).toBe(true);
    expect(api.recorded[0]).toMatchObject({
      complainantUserId: 'u-esha',
      channel: 'HELP_TO_WRITE',
      respondent: { name: 'A manager', email: null },
      incident: {
        details: 'Comments on her clothes',
        date: '2026-11-20',
        witnesses: ['Ravi', 'Priya'],
        evidenceFileIds: [],
      },
    });
    expect(vm.recorded).toEqual({ complaintId: 'c-behalf', caseNumber: 'C-0042', complainant: 'Esha Employee' });
  });

  it('puts a refusal on the field the server names (only the hearing committee may record it)', async () => {
    const api = new FakeCaseExtrasApi();
    const vm = new OnBehalfViewModel(complaints, api, new RecordOnBehalf(api));
    await vm.load();
    api.failNext = new ApiError('invalid', 'INVALID', 'Not a person of this workspace', {
      complainantUserId: 'Not a person of this workspace',
    });
    expect(await vm.submit(values)).toBe(false);
    expect(vm.fieldErrors.complainantUserId).toBe('Not a person of this workspace');
    expect(vm.recorded).toBeNull();
    api.failNext = new ApiError(
      'forbidden',
      'FORBIDDEN',
      'Only a member of an Internal Committee may look people up here',
    );
    await vm.searchPeople('e');
    expect(vm.fieldErrors.complainantUserId).toMatch(/Only a member/);
  });
});
