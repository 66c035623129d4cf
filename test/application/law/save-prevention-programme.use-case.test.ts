import { describe, expect, it } from 'vitest';
import { SavePreventionProgramme } from '../../../src/application/law/save-prevention-programme.use-case';
import { FakePreventionProgrammeApi } from '../../fakes/prevention-programme.fakes';

describe('SavePreventionProgramme', () => {
  it('sends each element once', async () => {
    const api = new FakePreventionProgrammeApi();
    const outcome = await new SavePreventionProgramme(api, () => '2026-11-28').execute({
      elements: ['PRIVACY', 'PRIVACY', 'TRAINING'],
      policyReviewedOn: '2026-01-15',
      assessmentReviewedOn: null,
    });
    expect(outcome.ok).toBe(true);
    expect(api.sent[0].elements).toEqual(['PRIVACY', 'TRAINING']);
  });

  it('refuses a review day after today before any call, on its field', async () => {
    const api = new FakePreventionProgrammeApi();
    const outcome = await new SavePreventionProgramme(api, () => '2026-11-28').execute({
      elements: [],
      policyReviewedOn: null,
      assessmentReviewedOn: '2026-12-01',
    });
    expect(outcome).toMatchObject({ ok: false, fields: { assessmentReviewedOn: 'Not a future day' } });
    expect(api.sent).toEqual([]);
  });
});
