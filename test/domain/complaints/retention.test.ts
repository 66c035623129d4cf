import { describe, expect, it } from 'vitest';
import { retentionVerdict, type RetentionCase } from '../../../src/domain/complaints/retention';

const closed = (over: Partial<RetentionCase> = {}): RetentionCase => ({
  compliance: 'IN_POSH',
  status: 'CLOSED',
  outcome: 'NOT_UPHELD',
  closedOn: '2026-01-10',
  reportIssuedOn: '2026-01-10',
  legalHold: false,
  postponedUntil: null,
  ...over,
});

describe('retention of closed cases', () => {
  it('purges a closed case once its outcome’s period has passed, warning 30 days before', () => {
    const periods = { NOT_UPHELD: 365 };
    expect(retentionVerdict(closed(), periods, '2026-11-01')).toMatchObject({ state: 'RETAINED', purgeOn: '2027-01-10', heldBy: 'PERIOD', daysLeft: 70 });
    expect(retentionVerdict(closed(), periods, '2026-12-11')).toMatchObject({ state: 'WARN', daysLeft: 30 });
    expect(retentionVerdict(closed(), periods, '2027-01-10')).toMatchObject({ state: 'PURGE', daysLeft: 0 });
    expect(retentionVerdict(closed(), periods, '2028-02-29')).toMatchObject({ state: 'PURGE' });
  });

  it('never purges an open case, a case on legal hold, or an outcome with no period', () => {
    expect(retentionVerdict(closed({ status: 'OPEN', outcome: null, closedOn: null }), { NOT_UPHELD: 1 }, '2030-01-01')).toEqual({ state: 'KEEP', reason: 'OPEN' });
    expect(retentionVerdict(closed({ legalHold: true }), { NOT_UPHELD: 1 }, '2030-01-01')).toEqual({ state: 'KEEP', reason: 'LEGAL_HOLD' });
    expect(retentionVerdict(closed(), { UPHELD: 1 }, '2030-01-01')).toEqual({ state: 'KEEP', reason: 'NO_PERIOD' });
  });

  it('keeps a POSH record through its appeal window (IN-10), from the report or else the closure, across a year end', () => {
    const late = closed({ closedOn: '2026-12-20', reportIssuedOn: '2026-12-15' });
    // The report on 15 Dec: the window ends 15 Mar (90 days), the record may go the day after.
    expect(retentionVerdict(late, { NOT_UPHELD: 0 }, '2027-03-15')).toMatchObject({ state: 'WARN', purgeOn: '2027-03-16', heldBy: 'APPEAL_WINDOW', daysLeft: 1 });
    expect(retentionVerdict(late, { NOT_UPHELD: 0 }, '2027-03-16')).toMatchObject({ state: 'PURGE' });
    expect(retentionVerdict(closed({ reportIssuedOn: null }), { NOT_UPHELD: 30 }, '2026-03-01')).toMatchObject({ heldBy: 'APPEAL_WINDOW', purgeOn: '2026-04-11' });
  });

  it('keeps a Canada record the 10 years of CA-09, whatever shorter period the workspace set', () => {
    const ca = closed({ compliance: 'CA_FEDERAL', reportIssuedOn: null });
    expect(retentionVerdict(ca, { NOT_UPHELD: 30 }, '2030-01-01')).toMatchObject({ state: 'RETAINED', purgeOn: '2036-01-10', heldBy: 'LAW' });
    expect(retentionVerdict(ca, { NOT_UPHELD: 30 }, '2036-01-10')).toMatchObject({ state: 'PURGE' });
  });

  it('honours a postponement past the period', () => {
    const postponed = closed({ postponedUntil: '2027-06-01' });
    expect(retentionVerdict(postponed, { NOT_UPHELD: 365 }, '2027-02-01')).toMatchObject({ state: 'RETAINED', purgeOn: '2027-06-01', heldBy: 'POSTPONED' });
    // A postponement shorter than the period changes nothing.
    expect(retentionVerdict(closed({ postponedUntil: '2026-02-01' }), { NOT_UPHELD: 365 }, '2026-12-01')).toMatchObject({ heldBy: 'PERIOD' });
  });
});
