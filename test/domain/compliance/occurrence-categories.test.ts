import { describe, expect, it } from 'vitest';
import { categoryFigures } from '../../../src/domain/compliance/occurrence-categories';
import { canadaFigures, type ReturnCase } from '../../../src/domain/compliance/statutory-returns';

const ca = (over: Partial<ReturnCase>): ReturnCase => ({
  regime: 'CA_FEDERAL',
  committeeId: null,
  receivedOn: '2025-03-01',
  disposedOn: null,
  outcome: null,
  negotiatedMeetingOn: null,
  ...over,
});

describe('CA-10 categories (LAB1206)', () => {
  it('counts each value and those not recorded; a case may rest on several grounds', () => {
    const figures = categoryFigures([
      { nature: 'SEXUAL', grounds: ['SEX', 'AGE'], location: 'ONLINE', relationship: 'THIRD_PARTY', resolution: null },
      { nature: 'NON_SEXUAL', grounds: [], location: null, relationship: null, resolution: null },
      null,
    ]);
    const of = (list: { value: string; cases: number }[], v: string) => list.find((c) => c.value === v)!.cases;
    expect([
      of(figures.nature, 'SEXUAL'),
      of(figures.nature, 'NON_SEXUAL'),
      of(figures.nature, 'NOT_RECORDED'),
    ]).toEqual([1, 1, 1]);
    expect([of(figures.grounds, 'SEX'), of(figures.grounds, 'AGE'), of(figures.grounds, 'NOT_RECORDED')]).toEqual([
      1, 1, 2,
    ]);
    expect(of(figures.locations, 'ONLINE')).toBe(1);
    expect(of(figures.locations, 'NOT_RECORDED')).toBe(2);
    expect(of(figures.relationships, 'THIRD_PARTY')).toBe(1);
  });

  it('counts the occurrences received in the year only, and takes the resolution means the committee recorded', () => {
    const categories = {
      nature: 'SEXUAL' as const,
      grounds: [],
      location: null,
      relationship: null,
      resolution: 'CONCILIATION' as const,
    };
    const figures = canadaFigures(
      [
        ca({ categories, disposedOn: '2025-05-01', outcome: 'UPHELD' }),
        ca({ receivedOn: '2024-12-31', categories }),
        { ...ca({}), regime: 'IN_POSH' },
      ],
      2025,
    );
    expect(figures.occurrences).toBe(1);
    expect(figures.categories.nature.find((c) => c.value === 'SEXUAL')!.cases).toBe(1);
    expect(figures.resolutionMeans.CONCILIATION).toBe(1);
    expect(figures.resolutionMeans.INVESTIGATION).toBe(0);
  });
});
