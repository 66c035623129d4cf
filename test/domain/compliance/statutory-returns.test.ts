import { describe, expect, it } from 'vitest';
import {
  actionTaken,
  awarenessHeld,
  calendarYear,
  canadaFigures,
  caseFigures,
  currentReturnPeriod,
  financialYear,
  headcountByGender,
  pendingOver90Days,
  resolutionMeans,
  returnDeadline,
  type ReturnCase,
} from '../../../src/domain/compliance/statutory-returns';

const posh = (
  receivedOn: string,
  disposedOn: string | null = null,
  outcome: ReturnCase['outcome'] = null,
): ReturnCase => ({
  regime: 'IN_POSH',
  committeeId: 'ic',
  receivedOn,
  disposedOn,
  outcome: disposedOn ? (outcome ?? 'UPHELD') : null,
  negotiatedMeetingOn: null,
});

describe('the returns’ periods', () => {
  it('reads a financial year written 2025-26 as 1 April 2025 to 31 March 2026, and refuses a malformed one', () => {
    expect(financialYear('2025-26')).toEqual({ from: '2025-04-01', to: '2026-03-31' });
    expect(financialYear('1999-00')).toEqual({ from: '1999-04-01', to: '2000-03-31' });
    expect(financialYear('2025-27')).toBeNull();
    expect(financialYear('2025')).toBeNull();
  });

  it('gives each return its deadline: 31 January (POSH), 30 September (board), 1 March (Canada)', () => {
    expect(returnDeadline('POSH_ANNUAL', calendarYear(2025))).toBe('2026-01-31');
    expect(returnDeadline('CANADA_ANNUAL', calendarYear(2025))).toBe('2026-03-01');
    expect(returnDeadline('BOARD', financialYear('2025-26')!)).toBe('2026-09-30');
  });

  it('names the period due next: last calendar year; the last financial year ended', () => {
    expect(currentReturnPeriod('POSH_ANNUAL', '2026-11-28').label).toBe('2025');
    expect(currentReturnPeriod('BOARD', '2026-11-28').label).toBe('2025-26');
    expect(currentReturnPeriod('BOARD', '2026-03-31').label).toBe('2024-25');
    expect(currentReturnPeriod('BOARD', '2026-04-01').label).toBe('2025-26');
  });
});

describe('pending over 90 days (IN-07, IN-13, IN-14)', () => {
  it('counts a case open more than 90 days at the period’s end, not one open exactly 90', () => {
    // 2 October to 31 December is 90 days; 1 October is 91.
    expect(pendingOver90Days(posh('2025-10-02'), '2025-12-31')).toBe(false);
    expect(pendingOver90Days(posh('2025-10-01'), '2025-12-31')).toBe(true);
  });

  it('does not count a case disposed by the period’s end, and counts one disposed after it', () => {
    expect(pendingOver90Days(posh('2025-01-10', '2025-12-31'), '2025-12-31')).toBe(false);
    expect(pendingOver90Days(posh('2025-01-10', '2026-01-05'), '2025-12-31')).toBe(true);
  });

  it('does not count a case received after the period', () => {
    expect(pendingOver90Days(posh('2026-01-02'), '2025-12-31')).toBe(false);
  });
});

describe('the figures of a year', () => {
  const cases = [
    posh('2024-11-01', '2025-02-01', 'NOT_UPHELD'), // received before, disposed in 2025
    posh('2025-01-15', '2025-03-01', 'UPHELD'),
    posh('2025-03-01', '2025-05-01', 'SETTLED_BY_CONCILIATION'),
    posh('2025-06-01'), // open at the end, 213 days
    posh('2025-10-02'), // open at the end, exactly 90 days
    posh('2025-12-20', '2026-01-10', 'WITHDRAWN'), // pending at the end, 11 days
    posh('2026-01-05'),
  ];

  it('counts received, disposed, pending at the end and pending over 90 days', () => {
    expect(caseFigures(cases, calendarYear(2025))).toEqual({
      received: 5,
      disposed: 3,
      pendingAtEnd: 3,
      pendingOver90Days: 1,
    });
  });

  it('lists the nature of action taken for the cases disposed in the year, every outcome named', () => {
    expect(actionTaken(cases, calendarYear(2025))).toEqual({
      UPHELD: 1,
      NOT_UPHELD: 1,
      SETTLED_BY_CONCILIATION: 1,
      WITHDRAWN: 0,
      REFERRED: 0,
    });
  });

  it('counts the financial year of the board’s report (April to March)', () => {
    expect(caseFigures(cases, financialYear('2025-26')!)).toEqual({
      received: 4,
      disposed: 2,
      pendingAtEnd: 3,
      pendingOver90Days: 2,
    });
  });

  it('counts workshops, awareness programmes and orientations held in the year, with their attendance', () => {
    const held = awarenessHeld(
      [
        { kind: 'WORKSHOP', heldOn: '2025-02-01', attendance: 30 },
        { kind: 'WORKSHOP', heldOn: '2024-12-31', attendance: 10 },
        { kind: 'AWARENESS_PROGRAMME', heldOn: '2025-12-31', attendance: 120 },
        { kind: 'COMMITTEE_ORIENTATION', heldOn: '2025-01-01', attendance: 4 },
      ],
      calendarYear(2025),
    );
    expect(held).toEqual({ workshops: 1, awarenessProgrammes: 1, orientations: 1, attendance: 154 });
  });

  it('counts the headcount by gender from the directory’s words, unknown ones as not given', () => {
    expect(headcountByGender(['Female', 'woman', 'M', 'male', 'Transgender', null, '', 'other'])).toEqual({
      female: 2,
      male: 2,
      transgender: 1,
      notGiven: 3,
    });
  });
});

describe('the Canadian annual report (CA-10)', () => {
  const ca = (
    receivedOn: string,
    disposedOn: string | null,
    outcome: ReturnCase['outcome'],
    negotiatedMeetingOn: string | null = null,
  ): ReturnCase => ({
    regime: 'CA_FEDERAL',
    committeeId: null,
    receivedOn,
    disposedOn,
    outcome,
    negotiatedMeetingOn,
  });

  it('counts occurrences notified in the year, resolutions by means and the average months to resolve', () => {
    const figures = canadaFigures(
      [
        ca('2025-01-01', '2025-03-02', 'NOT_UPHELD', '2025-02-01'), // 60 days: 2.0 months, negotiated
        ca('2025-02-01', '2025-08-01', 'UPHELD'), // 181 days: 5.9 months, investigation
        ca('2025-11-01', null, null),
        ca('2024-12-01', '2025-01-01', 'SETTLED_BY_CONCILIATION'), // 31 days: 1.0 month
        posh('2025-05-01', '2025-06-01', 'UPHELD'), // India: not counted
      ],
      2025,
    );
    expect(figures).toMatchObject({
      occurrences: 3,
      resolved: 3,
      resolutionMeans: { NEGOTIATED_RESOLUTION: 1, CONCILIATION: 1, INVESTIGATION: 1, WITHDRAWN: 0, OTHER: 0 },
      averageMonthsToResolve: 3,
    });
    // No category recorded on these cases: each occurrence is counted as not recorded.
    expect(figures.categories.nature.find((c) => c.value === 'NOT_RECORDED')?.cases).toBe(3);
  });

  it('has no average when nothing was resolved', () => {
    expect(canadaFigures([ca('2025-01-01', null, null)], 2025).averageMonthsToResolve).toBeNull();
  });

  it('reads the means from what the case recorded', () => {
    expect(resolutionMeans(ca('2025-01-01', '2025-02-01', 'WITHDRAWN', '2025-01-10'))).toBe('WITHDRAWN');
    expect(resolutionMeans(ca('2025-01-01', '2025-02-01', 'REFERRED'))).toBe('OTHER');
  });
});
