import { describe, expect, it } from 'vitest';
import { escalationDay, escalationLevel, reminderDue, stepDueOn } from '../../../src/domain/complaints/case-schedule';
import { workspaceCalendar } from '../../../src/domain/complaints/regime';

const india = workspaceCalendar({ compliance: 'IN_POSH', extraHolidays: [], saturdayOff: false }, 2026, 2027);
const canada = workspaceCalendar({ compliance: 'CA_FEDERAL', extraHolidays: [], saturdayOff: false }, 2026, 2027);

describe('reminders of a clock (3 working days before, the day before, missed)', () => {
  it('counts the 3 working days over the weekend: a Tuesday due day is reminded on the Thursday before in Canada', () => {
    // Due Tuesday 2026-12-08; Canada rests Saturday and Sunday.
    expect(reminderDue(canada, '2026-12-08', '2026-12-02')).toBeNull();
    expect(reminderDue(canada, '2026-12-08', '2026-12-03')).toBe('BEFORE_3_WORKING_DAYS');
    expect(reminderDue(canada, '2026-12-08', '2026-12-06')).toBe('BEFORE_3_WORKING_DAYS');
    expect(reminderDue(canada, '2026-12-08', '2026-12-07')).toBe('BEFORE_1_DAY');
    expect(reminderDue(canada, '2026-12-08', '2026-12-08')).toBe('BEFORE_1_DAY');
    expect(reminderDue(canada, '2026-12-08', '2026-12-09')).toBe('MISSED');
  });

  it('skips public holidays and the year end: due 2027-01-04 is reminded from 2026-12-29 in Canada (25, 26 December and 1 January off)', () => {
    expect(reminderDue(canada, '2027-01-04', '2026-12-28')).toBeNull();
    expect(reminderDue(canada, '2027-01-04', '2026-12-29')).toBe('BEFORE_3_WORKING_DAYS');
  });

  it('follows holidays an admin adds or removes', () => {
    // India rests on Sunday only: due Friday 2026-12-11, three working days back is Tuesday.
    expect(reminderDue(india, '2026-12-11', '2026-12-07')).toBeNull();
    expect(reminderDue(india, '2026-12-11', '2026-12-08')).toBe('BEFORE_3_WORKING_DAYS');
    const withHoliday = workspaceCalendar(
      { compliance: 'IN_POSH', extraHolidays: ['2026-12-09'], saturdayOff: false },
      2026,
      2027,
    );
    expect(reminderDue(withHoliday, '2026-12-11', '2026-12-07')).toBe('BEFORE_3_WORKING_DAYS');
    // Gandhi Jayanti removed: 2 October counts as a working day again.
    const kept = workspaceCalendar(
      { compliance: 'IN_POSH', extraHolidays: [], saturdayOff: false, removedHolidays: ['2026-10-02'] },
      2026,
      2027,
    );
    expect(india.holidays.has('2026-10-02')).toBe(true);
    expect(kept.holidays.has('2026-10-02')).toBe(false);
    expect(reminderDue(india, '2026-10-03', '2026-09-29')).toBe('BEFORE_3_WORKING_DAYS');
    expect(reminderDue(kept, '2026-10-03', '2026-09-29')).toBeNull();
  });
});

describe('escalation thresholds (days after the due day)', () => {
  const setting = { firstThresholdDays: 2, secondThresholdDays: 10, enabled: true };
  it('escalates from the first threshold and again from the second', () => {
    expect(escalationLevel(setting, '2026-12-31', '2026-12-31')).toBe(0);
    expect(escalationLevel(setting, '2026-12-31', '2027-01-01')).toBe(0);
    expect(escalationLevel(setting, '2026-12-31', '2027-01-02')).toBe(1);
    expect(escalationLevel(setting, '2026-12-31', '2027-01-09')).toBe(1);
    expect(escalationLevel(setting, '2026-12-31', '2027-01-10')).toBe(2);
    expect(escalationDay(setting, '2026-12-31', 2)).toBe('2027-01-10');
  });
  it('0 is the due day itself; no second threshold stays at 1; a disabled setting never escalates', () => {
    expect(
      escalationLevel({ firstThresholdDays: 0, secondThresholdDays: null, enabled: true }, '2026-12-01', '2026-12-01'),
    ).toBe(1);
    expect(
      escalationLevel({ firstThresholdDays: 0, secondThresholdDays: null, enabled: true }, '2026-12-01', '2027-12-01'),
    ).toBe(1);
    expect(escalationLevel({ ...setting, enabled: false }, '2026-12-01', '2027-12-01')).toBe(0);
  });
});

describe('when the current step falls due', () => {
  it('counts days or working days from the day the step became current, or follows its statutory clock', () => {
    expect(stepDueOn(india, { kind: 'DAYS', days: 5, workingDays: false }, '2026-12-24', () => null)).toBe(
      '2026-12-29',
    );
    // India, working days: 27 December is a Sunday.
    expect(stepDueOn(india, { kind: 'DAYS', days: 3, workingDays: true }, '2026-12-24', () => null)).toBe('2026-12-28');
    expect(
      stepDueOn(india, { kind: 'STATUTORY', clockId: 'IN_INQUIRY' }, '2026-12-24', (id) =>
        id === 'IN_INQUIRY' ? '2027-03-01' : null,
      ),
    ).toBe('2027-03-01');
    expect(stepDueOn(india, null, '2026-12-24', () => null)).toBeNull();
  });
});
