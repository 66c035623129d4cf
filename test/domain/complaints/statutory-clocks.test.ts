import { describe, expect, it } from 'vitest';
import { defaultCalendar } from '../../../src/domain/shared/calendar';
import {
  caseClocks,
  clocksAtRisk,
  exParteAllowed,
  filingTimeliness,
  hearingQuorum,
  mayCloseOrPurge,
  monthlyUpdates,
  type Clock,
} from '../../../src/domain/complaints/statutory-clocks';

const india = defaultCalendar('INDIA', [2026, 2027]);
const canada = defaultCalendar('CANADA', [2026, 2027]);
const byId = (clocks: Clock[]) => Object.fromEntries(clocks.map((c) => [c.id, c]));

describe('POSH clocks', () => {
  it('a new complaint runs the respondent copy (7 working days) and the inquiry (90 days); the others wait', () => {
    // Friday 22 January 2027, before Republic Day.
    const clocks = byId(caseClocks({ receivedOn: '2027-01-22' }, india, '2027-01-25'));
    expect(clocks.IN_RESPONDENT_COPY).toMatchObject({
      rule: 'IN-05',
      dueOn: '2027-02-01',
      state: 'DUE_SOON',
      daysLeft: 7,
    });
    expect(clocks.IN_RESPONDENT_COPY.source).toBe('POSH Rule 7(2): copy to respondent within 7 working days');
    expect(clocks.IN_INQUIRY).toMatchObject({
      rule: 'IN-07',
      startedOn: '2027-01-22',
      dueOn: '2027-04-22',
      state: 'RUNNING',
    });
    expect(clocks.IN_RESPONDENT_REPLY).toMatchObject({ state: 'NOT_STARTED', dueOn: null });
    expect(clocks.IN_REPORT.state).toBe('NOT_STARTED');
    expect(clocks.IN_APPEAL_WINDOW.state).toBe('NOT_STARTED');
  });

  it('the inquiry counts from the configured start across a year end', () => {
    const clocks = byId(caseClocks({ receivedOn: '2026-11-01', inquiryStartOn: '2026-11-15' }, india, '2026-12-01'));
    expect(clocks.IN_INQUIRY).toMatchObject({ startedOn: '2026-11-15', dueOn: '2027-02-13', daysLeft: 74 });
  });

  it('a missed clock says by how many days; a late one is met late; one met in time is met', () => {
    const missed = byId(caseClocks({ receivedOn: '2027-01-22' }, india, '2027-02-03'));
    expect(missed.IN_RESPONDENT_COPY).toMatchObject({ state: 'MISSED', daysLeft: -2 });
    expect(clocksAtRisk(Object.values(missed)).map((c) => c.id)).toEqual(['IN_RESPONDENT_COPY']);
    const late = byId(
      caseClocks({ receivedOn: '2027-01-22', respondentCopySentOn: '2027-02-02' }, india, '2027-02-03'),
    );
    expect(late.IN_RESPONDENT_COPY).toMatchObject({ state: 'MET_LATE', metOn: '2027-02-02', daysLeft: null });
    // The reply clock starts on the copy: 10 working days, Sundays out.
    expect(late.IN_RESPONDENT_REPLY).toMatchObject({ startedOn: '2027-02-02', dueOn: '2027-02-13', state: 'RUNNING' });
    const met = byId(caseClocks({ receivedOn: '2027-01-22', respondentCopySentOn: '2027-02-01' }, india, '2027-02-03'));
    expect(met.IN_RESPONDENT_COPY.state).toBe('MET');
  });

  it('report within 10 days of completion, employer action within 60 days of the report, then the appeal window', () => {
    const dates = {
      receivedOn: '2026-09-01',
      respondentCopySentOn: '2026-09-05',
      respondentReplyOn: '2026-09-15',
      inquiryCompletedOn: '2026-11-25',
      reportIssuedOn: '2026-12-03',
    };
    const clocks = byId(caseClocks(dates, india, '2026-12-10'));
    expect(clocks.IN_INQUIRY.state).toBe('MET');
    expect(clocks.IN_REPORT).toMatchObject({ dueOn: '2026-12-05', state: 'MET' });
    expect(clocks.IN_EMPLOYER_ACTION).toMatchObject({ dueOn: '2027-02-01', state: 'RUNNING' });
    expect(clocks.IN_APPEAL_WINDOW).toMatchObject({ rule: 'IN-10', dueOn: '2027-03-03', state: 'RUNNING' });
    expect(mayCloseOrPurge(india, dates, '2027-03-03')).toMatchObject({ ok: false, until: '2027-03-03' });
    expect(mayCloseOrPurge(india, dates, '2027-03-04')).toEqual({ ok: true });
    expect(byId(caseClocks(dates, india, '2027-03-04')).IN_APPEAL_WINDOW.state).toBe('MET');
    expect(mayCloseOrPurge(canada, dates, '2026-12-10')).toEqual({ ok: true });
  });
});

describe('Canada clocks', () => {
  it('contact within 7 days, the negotiated-resolution meeting within 45, completion within a year', () => {
    const clocks = byId(caseClocks({ receivedOn: '2026-12-28' }, canada, '2026-12-30'));
    expect(clocks.CA_FIRST_CONTACT).toMatchObject({
      rule: 'CA-02',
      dueOn: '2027-01-04',
      state: 'DUE_SOON',
      daysLeft: 5,
    });
    expect(clocks.CA_NEGOTIATED_MEETING).toMatchObject({ rule: 'CA-04', dueOn: '2027-02-11', state: 'RUNNING' });
    expect(clocks.CA_RESOLUTION).toMatchObject({ rule: 'CA-07', dueOn: '2027-12-28' });
    expect(Object.keys(clocks)).not.toContain('IN_APPEAL_WINDOW');
  });

  it('monthly updates from the month after the notice, until completion', () => {
    const updates = monthlyUpdates('PRINCIPAL', '2026-01-15', null, ['2026-02-20'], '2026-04-10');
    expect(updates.map((u) => [u.month, u.dueOn, u.state])).toEqual([
      ['2026-02-01', '2026-02-28', 'SENT'],
      ['2026-03-01', '2026-03-31', 'MISSED'],
      ['2026-04-01', '2026-04-30', 'DUE'],
    ]);
    // Completed on 5 March: no update is owed for March, whose month ends after completion.
    expect(
      monthlyUpdates('PRINCIPAL', '2026-01-15', '2026-03-05', ['2026-02-20'], '2026-04-10').map((u) => u.month),
    ).toEqual(['2026-02-01']);
    // A notice in December: the first update is for January, across the year end.
    expect(monthlyUpdates('RESPONDING', '2026-12-20', null, [], '2027-01-05')).toEqual([
      { party: 'RESPONDING', month: '2027-01-01', dueOn: '2027-01-31', sentOn: null, state: 'DUE' },
    ]);
    expect(monthlyUpdates('RESPONDING', null, null, [], '2027-01-05')).toEqual([]);
  });
});

describe('IN-03: late filing', () => {
  it('is on time within 3 months, needs the committee’s extension up to 6, and is beyond it after', () => {
    expect(filingTimeliness('2026-08-31', '2026-11-30')).toEqual({
      timeliness: 'ON_TIME',
      dueOn: '2026-11-30',
      extendableTo: '2027-02-28',
    });
    expect(filingTimeliness('2026-08-31', '2026-12-01').timeliness).toBe('EXTENSION_NEEDED');
    expect(filingTimeliness('2026-08-31', '2027-02-28').timeliness).toBe('EXTENSION_NEEDED');
    expect(filingTimeliness('2026-08-31', '2027-03-01').timeliness).toBe('BEYOND_EXTENSION');
  });
});

describe('IN-06: hearings', () => {
  const absent = (on: string, explained = false) => ({ on, attended: false, explained });

  it('ex parte only after 3 consecutive unexplained absences and 15 days’ written notice', () => {
    const three = [absent('2026-10-01'), absent('2026-10-08'), absent('2026-10-15')];
    expect(exParteAllowed(three, '2026-10-16', '2026-10-31')).toEqual({ ok: true });
    expect(exParteAllowed(three, '2026-10-16', '2026-10-30')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('from 2026-10-31'),
    });
    expect(exParteAllowed(three, null, '2026-12-01')).toMatchObject({ ok: false });
    const broken = [
      absent('2026-10-01'),
      { on: '2026-10-08', attended: true },
      absent('2026-10-15'),
      absent('2026-10-22'),
    ];
    expect(exParteAllowed(broken, '2026-10-01', '2026-12-01')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('there are 2'),
    });
    const explained = [absent('2026-10-01'), absent('2026-10-08', true), absent('2026-10-15')];
    expect(exParteAllowed(explained, '2026-10-01', '2026-12-01').ok).toBe(false);
    // Order of entry does not matter.
    expect(exParteAllowed([...three].reverse(), '2026-10-16', '2026-10-31')).toEqual({ ok: true });
  });

  it('a hearing needs 3 members, the one presiding among them', () => {
    expect(hearingQuorum(['po', 'a', 'b'], 'po')).toEqual({ ok: true });
    expect(hearingQuorum(['a', 'b', 'c'], 'po')).toMatchObject({ ok: false });
    expect(hearingQuorum(['po', 'a', 'a'], 'po')).toMatchObject({
      ok: false,
      reason: 'At least 3 members must be present; 2 are.',
    });
    expect(hearingQuorum(['po', 'a', 'b'], null).ok).toBe(false);
  });
});
