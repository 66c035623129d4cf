import { describe, expect, it } from 'vitest';
import type { PreventionProgrammeApi } from '../../../src/application/law/prevention-programme-api.port';
import { SavePreventionProgramme } from '../../../src/application/law/save-prevention-programme.use-case';
import type {
  PreventionProgramme,
  PreventionProgrammeBody,
} from '../../../src/contracts/case/prevention-programme.contract';

/** A fake of the port: keeps what it was sent. */
class FakeApi implements PreventionProgrammeApi {
  sent: PreventionProgrammeBody[] = [];
  async programme(): Promise<PreventionProgramme> {
    throw new Error('not used');
  }
  async save(body: PreventionProgrammeBody): Promise<PreventionProgramme> {
    this.sent.push(body);
    return { ...body, policyReviewDue: null, assessmentReviewDue: null, updatedAt: null };
  }
}

describe('SavePreventionProgramme', () => {
  it('sends each element once', async () => {
    const api = new FakeApi();
    const outcome = await new SavePreventionProgramme(api, () => '2026-11-28').execute({
      elements: ['PRIVACY', 'PRIVACY', 'TRAINING'],
      policyReviewedOn: '2026-01-15',
      assessmentReviewedOn: null,
    });
    expect(outcome.ok).toBe(true);
    expect(api.sent[0].elements).toEqual(['PRIVACY', 'TRAINING']);
  });

  it('refuses a review day after today before any call, on its field', async () => {
    const api = new FakeApi();
    const outcome = await new SavePreventionProgramme(api, () => '2026-11-28').execute({
      elements: [],
      policyReviewedOn: null,
      assessmentReviewedOn: '2026-12-01',
    });
    expect(outcome).toMatchObject({ ok: false, fields: { assessmentReviewedOn: 'Not a future day' } });
    expect(api.sent).toEqual([]);
  });
});
