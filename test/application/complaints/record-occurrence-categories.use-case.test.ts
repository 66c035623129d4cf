import { describe, expect, it } from 'vitest';
import type { InvestigationsApi } from '../../../src/application/complaints/investigations-api.port';
import { RecordOccurrenceCategories } from '../../../src/application/complaints/record-occurrence-categories.use-case';
import { ApiError } from '../../../src/application/shared/api-error';
import type { OccurrenceCategories } from '../../../src/contracts/case/occurrence-categories.contract';

/** A fake of the investigations port: keeps what it was sent; a case it does not know is 404. */
class FakeInvestigationsApi implements Partial<InvestigationsApi> {
  sent: OccurrenceCategories[] = [];
  async recordOccurrenceCategories(id: string, body: OccurrenceCategories): Promise<OccurrenceCategories> {
    if (id !== 'c1') throw new ApiError('not-found', 'NOT_FOUND', 'Complaint not found');
    this.sent.push(body);
    return body;
  }
}

const categories: OccurrenceCategories = {
  nature: 'NON_SEXUAL',
  grounds: ['RACE'],
  location: 'ONLINE',
  relationship: null,
  resolution: null,
};

describe('RecordOccurrenceCategories', () => {
  it('records the categories of the case', async () => {
    const api = new FakeInvestigationsApi();
    const outcome = await new RecordOccurrenceCategories(api as unknown as InvestigationsApi).execute('c1', categories);
    expect(outcome).toEqual({ ok: true, categories });
    expect(api.sent).toEqual([categories]);
  });

  it('refuses a ground named twice before any call, and turns the server’s 404 into a refusal', async () => {
    const api = new FakeInvestigationsApi();
    const twice = await new RecordOccurrenceCategories(api as unknown as InvestigationsApi).execute('c1', {
      ...categories,
      grounds: ['RACE', 'RACE'],
    });
    expect(twice).toMatchObject({ ok: false, reason: 'invalid', fields: { grounds: 'Name each ground once' } });
    expect(api.sent).toEqual([]);
    const other = await new RecordOccurrenceCategories(api as unknown as InvestigationsApi).execute('c2', categories);
    expect(other).toMatchObject({ ok: false, reason: 'not-found' });
  });
});
