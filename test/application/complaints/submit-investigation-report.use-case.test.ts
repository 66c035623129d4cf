import { describe, expect, it } from 'vitest';
import type { InvestigationsApi } from '../../../src/application/complaints/investigations-api.port';
import { SubmitInvestigationReport } from '../../../src/application/complaints/submit-investigation-report.use-case';
import { ApiError } from '../../../src/application/shared/api-error';
import type { Investigation, ReportBody } from '../../../src/contracts/case/investigations.contract';

/** A fake of the investigations port: keeps the reports it was sent, refuses one that names "Rahul". */
class FakeInvestigationsApi implements Partial<InvestigationsApi> {
  sent: ReportBody[] = [];
  async submitReport(_id: string, body: ReportBody): Promise<Investigation> {
    this.sent.push(body);
    const bad = body.recommendations.findIndex((r) => r.includes('Rahul'));
    if (bad >= 0)
      throw new ApiError('invalid', 'IDENTIFIER_IN_REPORT', 'No identifiers', {
        [`recommendations.${bad}`]: 'Remove it',
      });
    return { complaintId: 'c1' } as Investigation;
  }
}

describe('SubmitInvestigationReport', () => {
  it('sends the recommendations one a line, without the empty ones', async () => {
    const api = new FakeInvestigationsApi();
    const outcome = await new SubmitInvestigationReport(api as unknown as InvestigationsApi).execute('c1', {
      description: ' Interviews ',
      conclusions: 'Founded',
      recommendations: 'Training\n\n  A change of seating \n',
    });
    expect(outcome.ok).toBe(true);
    expect(api.sent).toEqual([
      { description: 'Interviews', conclusions: 'Founded', recommendations: ['Training', 'A change of seating'] },
    ]);
  });

  it('refuses an empty description before any call, and lands a recommendation’s refusal on the one box', async () => {
    const api = new FakeInvestigationsApi();
    const empty = await new SubmitInvestigationReport(api as unknown as InvestigationsApi).execute('c1', {
      description: ' ',
      conclusions: 'x',
      recommendations: '',
    });
    expect(empty).toMatchObject({ ok: false, fields: { description: expect.any(String) } });
    expect(api.sent).toEqual([]);
    const named = await new SubmitInvestigationReport(api as unknown as InvestigationsApi).execute('c1', {
      description: 'd',
      conclusions: 'c',
      recommendations: 'Training\nMove Rahul',
    });
    expect(named).toMatchObject({ ok: false, reason: 'invalid', fields: { recommendations: 'Remove it' } });
  });
});
