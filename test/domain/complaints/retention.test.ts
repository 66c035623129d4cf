import { describe, expect, it } from 'vitest';
import {
  postponementProblems,
  retentionPlan,
  retentionVerdict,
  type RetentionCase,
} from '../../../src/domain/complaints/retention';

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
    expect(retentionVerdict(closed(), periods, '2026-11-01')).toMatchObject({
      state: 'RETAINED',
      purgeOn: '2027-01-10',
      heldBy: 'PERIOD',
      daysLeft: 70,
    });
    expect(retentionVerdict(closed(), periods, '2026-12-11')).toMatchObject({ state: 'WARN', daysLeft: 30 });
    expect(retentionVerdict(closed(), periods, '2027-01-10')).toMatchObject({ state: 'PURGE', daysLeft: 0 });
    expect(retentionVerdict(closed(), periods, '2028-02-29')).toMatchObject({ state: 'PURGE' });
  });

  it('never purges an open case, a case on legal hold, or an outcome with no period', () => {
    expect(
      retentionVerdict(closed({ status: 'OPEN', outcome: null, closedOn: null }), { NOT_UPHELD: 1 }, '2030-01-01'),
    ).toEqual({ state: 'KEEP', reason: 'OPEN' });
    expect(retentionVerdict(closed({ legalHold: true }), { NOT_UPHELD: 1 }, '2030-01-01')).toEqual({
      state: 'KEEP',
      reason: 'LEGAL_HOLD',
    });
    expect(retentionVerdict(closed(), { UPHELD: 1 }, '2030-01-01')).toEqual({ state: 'KEEP', reason: 'NO_PERIOD' });
  });

  it('keeps a POSH record through its appeal window (IN-10), from the report or else the closure, across a year end', () => {
    const late = closed({ closedOn: '2026-12-20', reportIssuedOn: '2026-12-15' });
    // The report on 15 Dec: the window ends 15 Mar (90 days), the record may go the day after.
    expect(retentionVerdict(late, { NOT_UPHELD: 0 }, '2027-03-15')).toMatchObject({
      state: 'WARN',
      purgeOn: '2027-03-16',
      heldBy: 'APPEAL_WINDOW',
      daysLeft: 1,
    });
    expect(retentionVerdict(late, { NOT_UPHELD: 0 }, '2027-03-16')).toMatchObject({ state: 'PURGE' });
    expect(retentionVerdict(closed({ reportIssuedOn: null }), { NOT_UPHELD: 30 }, '2026-03-01')).toMatchObject({
      heldBy: 'APPEAL_WINDOW',
      purgeOn: '2026-04-11',
    });
  });

  it('keeps a Canada record the 10 years of CA-09, whatever shorter period the workspace set', () => {
    const ca = closed({ compliance: 'CA_FEDERAL', reportIssuedOn: null });
    expect(retentionVerdict(ca, { NOT_UPHELD: 30 }, '2030-01-01')).toMatchObject({
      state: 'RETAINED',
      purgeOn: '2036-01-10',
      heldBy: 'LAW',
    });
    expect(retentionVerdict(ca, { NOT_UPHELD: 30 }, '2036-01-10')).toMatchObject({ state: 'PURGE' });
  });

  it('honours a postponement past the period', () => {
    const postponed = closed({ postponedUntil: '2027-06-01' });
    expect(retentionVerdict(postponed, { NOT_UPHELD: 365 }, '2027-02-01')).toMatchObject({
      state: 'RETAINED',
      purgeOn: '2027-06-01',
      heldBy: 'POSTPONED',
    });
    // A postponement shorter than the period changes nothing.
    expect(retentionVerdict(closed({ postponedUntil: '2026-02-01' }), { NOT_UPHELD: 365 }, '2026-12-01')).toMatchObject(
      { heldBy: 'PERIOD' },
    );
  });

  it('plans the warning once, then the purge no sooner than the warning’s lead after it', () => {
    const periods = { NOT_UPHELD: 365 };
    // Purge allowed on 10 Jan 2027; the warning goes 30 days before, on 11 Dec 2026.
    expect(retentionPlan(closed(), periods, '2026-12-10', 30)).toMatchObject({ action: 'NONE', purgeOn: '2027-01-10' });
    expect(retentionPlan(closed(), periods, '2026-12-11', 30)).toMatchObject({
      action: 'WARN',
      ruleOn: '2027-01-10',
      purgeOn: '2027-01-10',
    });
    const warned = { ruleOn: '2027-01-10', warnedOn: '2026-12-11' };
    expect(retentionPlan(closed(), periods, '2026-12-12', 30, warned)).toMatchObject({
      action: 'NONE',
      warnedOn: '2026-12-11',
    });
    expect(retentionPlan(closed(), periods, '2027-01-09', 30, warned)).toMatchObject({ action: 'NONE' });
    expect(retentionPlan(closed(), periods, '2027-01-10', 30, warned)).toMatchObject({
      action: 'PURGE',
      purgeOn: '2027-01-10',
    });
  });

  it('never purges unwarned: a case already past its date is warned today and purged the lead later', () => {
    expect(retentionPlan(closed(), { NOT_UPHELD: 365 }, '2027-06-01', 14)).toMatchObject({
      action: 'WARN',
      ruleOn: '2027-01-10',
      purgeOn: '2027-06-15',
    });
    expect(
      retentionPlan(closed(), { NOT_UPHELD: 365 }, '2027-06-14', 14, { ruleOn: '2027-01-10', warnedOn: '2027-06-01' }),
    ).toMatchObject({ action: 'NONE' });
    expect(
      retentionPlan(closed(), { NOT_UPHELD: 365 }, '2027-06-15', 14, { ruleOn: '2027-01-10', warnedOn: '2027-06-01' }),
    ).toMatchObject({ action: 'PURGE' });
  });

  it('warns again for a new date after a postponement, and a warning for an old date purges nothing', () => {
    const postponed = closed({ postponedUntil: '2027-04-01' });
    const oldWarning = { ruleOn: '2027-01-10', warnedOn: '2026-12-11' };
    expect(retentionPlan(postponed, { NOT_UPHELD: 365 }, '2027-01-10', 30, oldWarning)).toMatchObject({
      action: 'NONE',
      purgeOn: '2027-04-01',
      heldBy: 'POSTPONED',
      warnedOn: null,
    });
    expect(retentionPlan(postponed, { NOT_UPHELD: 365 }, '2027-03-02', 30, oldWarning)).toMatchObject({
      action: 'WARN',
      ruleOn: '2027-04-01',
    });
    expect(
      retentionPlan(postponed, { NOT_UPHELD: 365 }, '2027-04-01', 30, { ruleOn: '2027-04-01', warnedOn: '2027-03-02' }),
    ).toMatchObject({ action: 'PURGE' });
  });

  it('keeps whatever is held, open or without a period, whatever was warned', () => {
    const warned = { ruleOn: '2027-01-10', warnedOn: '2026-12-11' };
    expect(retentionPlan(closed({ legalHold: true }), { NOT_UPHELD: 365 }, '2030-01-01', 30, warned)).toEqual({
      action: 'KEEP',
      reason: 'LEGAL_HOLD',
    });
    expect(retentionPlan(closed(), {}, '2030-01-01', 30, warned)).toEqual({ action: 'KEEP', reason: 'NO_PERIOD' });
    // Inside the appeal window (IN-10) the plan is the window's end, even with a period of 0 days.
    expect(
      retentionPlan(
        closed({ closedOn: '2026-12-20', reportIssuedOn: '2026-12-15' }),
        { NOT_UPHELD: 0 },
        '2027-01-05',
        30,
      ),
    ).toMatchObject({ action: 'NONE', purgeOn: '2027-03-16', heldBy: 'APPEAL_WINDOW' });
  });

  it('bounds a postponement: after today and the current date, at most 365 days ahead, with a reason', () => {
    expect(postponementProblems('2027-02-01', 'Appeal filed in the High Court', '2027-01-01', '2027-01-10')).toEqual(
      {},
    );
    expect(postponementProblems('2027-01-01', 'Appeal', '2027-01-01', null)).toEqual({
      until: 'Choose a day after today',
    });
    expect(postponementProblems('2028-01-02', 'Appeal', '2027-01-01', null).until).toMatch(/at most 365 days/);
    expect(postponementProblems('2028-01-01', 'Appeal', '2027-01-01', null)).toEqual({});
    expect(postponementProblems('2027-01-05', 'Appeal', '2027-01-01', '2027-01-10').until).toMatch(
      /after the current purge date \(2027-01-10\)/,
    );
    expect(postponementProblems('2027-02-01', ' ', '2027-01-01', null)).toEqual({
      reason: 'Give the reason for the postponement',
    });
  });
});
