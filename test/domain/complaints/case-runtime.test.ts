import { describe, expect, it } from 'vitest';
import { defaultCalendar } from '../../../src/domain/shared/calendar';
import { caseClocks } from '../../../src/domain/complaints/statutory-clocks';
import {
  appealRightText,
  clocksOfCase,
  mandatorySteps,
  readableDay,
  openMandatorySteps,
  respondentIdentified,
  stepBlockers,
  stepNames,
  type RuntimeStep,
} from '../../../src/domain/complaints/case-runtime';

const india = defaultCalendar('INDIA', [2026, 2027]);
const steps: RuntimeStep[] = [
  { id: 's1', name: 'Preliminary hearing', position: 1, completed: false },
  { id: 's2', name: 'Inform respondent', position: 2, completed: false },
  { id: 's3', name: 'Inquiry meeting', position: 3, completed: false },
];

describe('steps and their prerequisites', () => {
  it('a prerequisite naming a step (by id or by its name, any case) makes it mandatory; others name nothing', () => {
    expect(mandatorySteps(steps, [{ label: 'Copy first', referenceId: 's2' }]).map((s) => s.id)).toEqual(['s2']);
    expect(
      mandatorySteps(steps, [{ label: 'Copy first', referenceId: ' inform RESPONDENT ' }]).map((s) => s.id),
    ).toEqual(['s2']);
    expect(
      mandatorySteps(steps, [
        { label: 'Policy', referenceId: 'policy-123' },
        { label: 'Committee', referenceId: null },
      ]),
    ).toEqual([]);
  });

  it('a step after an open mandatory step waits for it; the step itself and those before it do not', () => {
    const prerequisites = [{ label: 'Copy first', referenceId: 's2' }];
    expect(stepBlockers(steps, prerequisites, 's3').map((s) => s.name)).toEqual(['Inform respondent']);
    expect(stepBlockers(steps, prerequisites, 's2')).toEqual([]);
    expect(stepBlockers(steps, prerequisites, 's1')).toEqual([]);
    const done = steps.map((s) => (s.id === 's2' ? { ...s, completed: true } : s));
    expect(stepBlockers(done, prerequisites, 's3')).toEqual([]);
    expect(stepBlockers(steps, prerequisites, 'unknown')).toEqual([]);
  });

  it('the open mandatory steps block closing; their names read as a list', () => {
    const prerequisites = [
      { label: 'a', referenceId: 's1' },
      { label: 'b', referenceId: 's3' },
    ];
    expect(openMandatorySteps(steps, prerequisites).map((s) => s.id)).toEqual(['s1', 's3']);
    expect(stepNames(openMandatorySteps(steps, prerequisites))).toBe('"Preliminary hearing" and "Inquiry meeting"');
    expect(stepNames(steps)).toBe('"Preliminary hearing", "Inform respondent" and "Inquiry meeting"');
    expect(stepNames([])).toBe('');
  });
});

describe('the clocks a case shows', () => {
  const open = caseClocks({ receivedOn: '2027-01-22' }, india, '2027-01-25');
  const ids = (clocks: { id: string }[]) => clocks.map((c) => c.id);

  it('an open case with a respondent shows every clock', () => {
    expect(ids(clocksOfCase(open, { closed: false, respondentIdentified: true }))).toEqual(ids(open));
  });

  it('no identified respondent: no copy or reply clock (an anonymous report about "someone")', () => {
    expect(ids(clocksOfCase(open, { closed: false, respondentIdentified: false }))).toEqual([
      'IN_INQUIRY',
      'IN_REPORT',
      'IN_EMPLOYER_ACTION',
      'IN_APPEAL_WINDOW',
    ]);
    expect(respondentIdentified({ name: null, email: null, userId: null })).toBe(false);
    expect(respondentIdentified({ name: '  ', email: '', userId: null })).toBe(false);
    expect(respondentIdentified({ name: 'R', email: null, userId: null })).toBe(true);
    expect(respondentIdentified({ name: null, email: 'r@x.test', userId: null })).toBe(true);
  });

  it('a closed case shows only the report, the employer’s action and the appeal window, whatever ran before', () => {
    // Closed without the copy ever sent: the copy clock would still say "days left".
    const closed = caseClocks(
      { receivedOn: '2027-01-22', inquiryCompletedOn: '2027-01-26', reportIssuedOn: '2027-01-26' },
      india,
      '2027-01-27',
    );
    expect(closed.find((c) => c.id === 'IN_RESPONDENT_COPY')?.daysLeft).not.toBeNull();
    const shown = clocksOfCase(closed, { closed: true, respondentIdentified: true });
    expect(ids(shown)).toEqual(['IN_REPORT', 'IN_EMPLOYER_ACTION', 'IN_APPEAL_WINDOW']);
    expect(shown.find((c) => c.id === 'IN_APPEAL_WINDOW')).toMatchObject({ state: 'RUNNING', dueOn: '2027-04-26' });
  });

  it('a closed Canada case shows no clock', () => {
    const canada = defaultCalendar('CANADA', [2026, 2027]);
    expect(
      clocksOfCase(caseClocks({ receivedOn: '2027-01-22', resolvedOn: '2027-02-01' }, canada, '2027-02-02'), {
        closed: true,
        respondentIdentified: true,
      }),
    ).toEqual([]);
  });
});

describe('the appeal right in words', () => {
  it('a day reads day, short month, year; the appeal sentence names its last day', () => {
    expect(readableDay('2027-04-26')).toBe('26 Apr 2027');
    expect(readableDay('2026-12-01')).toBe('1 Dec 2026');
    expect(appealRightText('2027-04-26')).toBe(
      "You may appeal the committee's recommendations within 90 days (POSH Act s.18): by 26 Apr 2027.",
    );
  });
});
