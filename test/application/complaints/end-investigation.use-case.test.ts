import { describe, expect, it } from 'vitest';
import type { InvestigationsApi } from '../../../src/application/complaints/investigations-api.port';
import { EndInvestigation } from '../../../src/application/complaints/end-investigation.use-case';
import { FakeInvestigationsApi } from '../../fakes/investigations.fakes';

describe('EndInvestigation', () => {
  it('makes the report final once, the second time a refusal', async () => {
    const api = new FakeInvestigationsApi();
    const end = new EndInvestigation(api as unknown as InvestigationsApi);
    expect((await end.execute('c1', { kind: 'FINAL_REPORT' })).ok).toBe(true);
    expect(await end.execute('c1', { kind: 'FINAL_REPORT' })).toMatchObject({ ok: false, reason: 'conflict' });
  });

  it('removes the investigator only with a reason, trimmed', async () => {
    const api = new FakeInvestigationsApi();
    const end = new EndInvestigation(api as unknown as InvestigationsApi);
    expect(await end.execute('c1', { kind: 'REMOVE', reason: '  ' })).toMatchObject({
      ok: false,
      fields: { reason: 'Give the reason' },
    });
    expect((await end.execute('c1', { kind: 'REMOVE', reason: ' A conflict ' })).ok).toBe(true);
    expect(api.calls).toEqual(['remove:c1:A conflict']);
  });
});
