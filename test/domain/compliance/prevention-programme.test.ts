import { describe, expect, it } from 'vitest';
import { programmeRecordKeptUntil, reviewRemovalProblem } from '../../../src/domain/compliance/prevention-programme';

describe('the prevention programme as records kept 10 years (CA-09)', () => {
  it('keeps a review 10 years from its day', () => {
    expect(programmeRecordKeptUntil('2026-02-02')).toBe('2036-02-02');
  });

  it('refuses clearing a review or moving it earlier within the 10 years, and takes a later one', () => {
    expect(reviewRemovalProblem('2026-02-02', null, '2026-11-01')).toMatch(/^CA-09: .*until 2036-02-02/);
    expect(reviewRemovalProblem('2026-02-02', '2026-02-01', '2026-11-01')).toMatch(/^CA-09: /);
    expect(reviewRemovalProblem('2026-02-02', '2026-02-02', '2026-11-01')).toBeNull();
    expect(reviewRemovalProblem('2026-02-02', '2026-10-01', '2026-11-01')).toBeNull();
    expect(reviewRemovalProblem(null, null, '2026-11-01')).toBeNull();
  });

  it('lets a review older than 10 years go', () => {
    expect(reviewRemovalProblem('2016-02-02', null, '2026-02-02')).toBeNull();
    expect(reviewRemovalProblem('2016-02-02', null, '2026-02-01')).toMatch(/^CA-09: /);
  });
});
