import { describe, expect, it } from 'vitest';
import { GenerateReturn } from '../../../src/application/law/generate-return.use-case';
import type { LawApi } from '../../../src/application/law/law-api.port';
import { RecordAwarenessEvent } from '../../../src/application/law/record-awareness-event.use-case';
import { SaveEmployerDuties } from '../../../src/application/law/save-employer-duties.use-case';
import { SaveReturnInputs } from '../../../src/application/law/save-return-inputs.use-case';
import { ApiError } from '../../../src/application/shared/api-error';
import type { EmployerDuties, ReturnInputs } from '../../../src/contracts/case/law.contract';

const EMPTY: EmployerDuties = { noticePublishedAt: null, policeHelp: '', events: [] };
const INPUTS: ReturnInputs = {
  employerName: '',
  employerAddress: '',
  districtOfficer: '',
  businessNumber: '',
  contactName: '',
  contactEmail: '',
  contactPhone: '',
};

/** A hand-written fake of the law API: records the calls, answers from memory, refuses a return when inputs are missing. */
class FakeLawApi implements LawApi {
  calls: string[] = [];
  inputs = { ...INPUTS };
  async legalRules() {
    return { asOf: '2026-11-28', countries: ['IN' as const], rules: [] };
  }
  async employerDuties() {
    return EMPTY;
  }
  async saveEmployerDuties(body: { noticePublished: boolean; policeHelp: string }) {
    this.calls.push(`duties:${body.noticePublished}:${body.policeHelp}`);
    return {
      ...EMPTY,
      noticePublishedAt: body.noticePublished ? '2026-11-28T10:00:00.000Z' : null,
      policeHelp: body.policeHelp,
    };
  }
  async recordAwarenessEvent() {
    this.calls.push('event');
    return EMPTY;
  }
  async poshNotice() {
    return {
      published: false,
      workspaceName: 'Acme',
      penalConsequences: [],
      committees: [],
      policeHelp: '',
      elsewhere: [],
    };
  }
  async returnsOverview() {
    return { due: [], generated: [] };
  }
  async returnInputs() {
    return this.inputs;
  }
  async saveReturnInputs(body: ReturnInputs) {
    this.calls.push('inputs');
    this.inputs = body;
    return body;
  }
  async returnFigures(): Promise<never> {
    throw new Error('not used');
  }
  async returnFile(kind: string, period: string, format: string) {
    this.calls.push(`file:${kind}:${period}:${format}`);
    if (!this.inputs.districtOfficer)
      throw new ApiError('conflict', 'RETURN_INPUTS_MISSING', 'Give what the return needs before generating it', {
        districtOfficer: 'Required for this return',
      });
    return new Blob(['%PDF']);
  }
  async findPeople() {
    return [];
  }
}

describe('the law’s use cases', () => {
  it('GenerateReturn refuses a malformed period before any call, and names the file it made', async () => {
    const api = new FakeLawApi();
    api.inputs.districtOfficer = 'District Officer, Bengaluru Urban';
    const generate = new GenerateReturn(api);
    expect(await generate.execute('BOARD', '2025', 'pdf')).toMatchObject({
      ok: false,
      fields: { period: 'Write the financial year as 2025-26' },
    });
    expect(await generate.execute('POSH_ANNUAL', '25', 'pdf')).toMatchObject({ ok: false, reason: 'invalid' });
    expect(api.calls).toEqual([]);
    expect(await generate.execute('POSH_ANNUAL', '2026', 'xlsx')).toMatchObject({
      ok: true,
      fileName: 'posh-annual-return-2026.xlsx',
    });
  });

  it('GenerateReturn answers the missing inputs as a refusal naming them', async () => {
    const outcome = await new GenerateReturn(new FakeLawApi()).execute('POSH_ANNUAL', '2026', 'pdf');
    expect(outcome).toMatchObject({
      ok: false,
      reason: 'conflict',
      fields: { districtOfficer: 'Required for this return' },
    });
  });

  it('SaveReturnInputs trims the inputs and refuses a contact email that is not one', async () => {
    const api = new FakeLawApi();
    const save = new SaveReturnInputs(api);
    expect(await save.execute({ ...INPUTS, contactEmail: 'nope' })).toMatchObject({
      ok: false,
      fields: { contactEmail: expect.any(String) },
    });
    expect(await save.execute({ ...INPUTS, districtOfficer: '  DO, Pune  ' })).toMatchObject({
      ok: true,
      inputs: { districtOfficer: 'DO, Pune' },
    });
    expect(api.calls).toEqual(['inputs']);
  });

  it('SaveEmployerDuties does not publish the notice without where to get help with a police complaint', async () => {
    const api = new FakeLawApi();
    const save = new SaveEmployerDuties(api);
    expect(await save.execute({ noticePublished: true, policeHelp: '  ' })).toMatchObject({
      ok: false,
      fields: { policeHelp: expect.any(String) },
    });
    expect(await save.execute({ noticePublished: true, policeHelp: ' HR goes with you ' })).toMatchObject({
      ok: true,
      duties: { policeHelp: 'HR goes with you' },
    });
    expect(api.calls).toEqual(['duties:true:HR goes with you']);
  });

  it('RecordAwarenessEvent asks for attendees by name or a head count, not both and not neither', async () => {
    const api = new FakeLawApi();
    const record = new RecordAwarenessEvent(api);
    const base = { kind: 'WORKSHOP' as const, title: 'Respect at work', heldOn: '2026-02-01', audience: 'All staff' };
    expect((await record.execute({ ...base, attendeeIds: [], headCount: null })).ok).toBe(false);
    expect(
      (await record.execute({ ...base, attendeeIds: ['00000000-0000-4000-8000-000000000001'], headCount: 4 })).ok,
    ).toBe(false);
    expect((await record.execute({ ...base, attendeeIds: [], headCount: 40 })).ok).toBe(true);
    expect(api.calls).toEqual(['event']);
  });
});
