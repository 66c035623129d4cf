import { describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  addMonths,
  addWorkingDays,
  addYears,
  daysBetween,
  defaultCalendar,
  defaultHolidays,
  easterSunday,
  weekday,
  workingDaysBetween,
} from '../../../src/domain/shared/calendar';

describe('calendar dates', () => {
  it('refuses impossible dates', () => {
    expect(() => addCalendarDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addCalendarDays('26-1-1', 1)).toThrow(RangeError);
  });

  it('adds days across month and year ends, and leap days', () => {
    expect(addCalendarDays('2026-12-25', 10)).toBe('2027-01-04');
    expect(addCalendarDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addCalendarDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
    expect(daysBetween('2027-01-01', '2026-12-31')).toBe(-1);
  });

  it('adds months without running into the month after', () => {
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
    expect(addMonths('2027-11-30', 3)).toBe('2028-02-29');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-10-15', 3)).toBe('2027-01-15');
    expect(addYears('2024-02-29', 1)).toBe('2025-02-28');
  });
});

describe('working days', () => {
  const india = defaultCalendar('INDIA', [2026, 2027]);
  const canada = defaultCalendar('CANADA', [2026, 2027]);

  it('India counts Sunday and the national holidays out by default', () => {
    expect(india.weekend).toEqual([0]);
    // Friday 22 January 2027: Sunday 24th and Republic Day (Tuesday 26th) are not working days.
    expect(weekday('2027-01-22')).toBe(5);
    expect(addWorkingDays(india, '2027-01-22', 7)).toBe('2027-02-01');
  });

  it('crosses a year end, and a holiday the admin added', () => {
    expect(addWorkingDays(india, '2026-12-24', 7)).toBe('2027-01-01');
    const withChristmas = defaultCalendar('INDIA', [2026, 2027], ['2026-12-25']);
    expect(addWorkingDays(withChristmas, '2026-12-24', 7)).toBe('2027-01-02');
  });

  it('a five-day week skips Saturdays and Sundays; the starting day never counts', () => {
    const fiveDays = { ...india, weekend: [0, 6] };
    // Saturday 15 August 2026 is Independence Day and a weekend: Friday 14th + 5 working days = Friday 21st.
    expect(addWorkingDays(fiveDays, '2026-08-14', 5)).toBe('2026-08-21');
    expect(addWorkingDays(fiveDays, '2026-08-14', 0)).toBe('2026-08-14');
    expect(workingDaysBetween(fiveDays, '2026-08-14', '2026-08-21')).toBe(5);
    expect(workingDaysBetween(fiveDays, '2026-08-21', '2026-08-14')).toBe(0);
  });

  it('Canada: Saturday and Sunday, and the federal general holidays', () => {
    expect(canada.weekend).toEqual([0, 6]);
    expect(defaultHolidays('CANADA', 2026)).toEqual([
      '2026-01-01',
      '2026-04-03', // Good Friday
      '2026-05-18', // Victoria Day: the Monday before 25 May
      '2026-07-01',
      '2026-09-07', // Labour Day
      '2026-09-30',
      '2026-10-12', // Thanksgiving
      '2026-11-11',
      '2026-12-25',
      '2026-12-26',
    ]);
    // Thursday 24 December 2026: Christmas (Fri) and the weekend, then Monday 28th.
    expect(addWorkingDays(canada, '2026-12-24', 1)).toBe('2026-12-28');
  });

  it('finds Easter', () => {
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
  });

  it('refuses nonsense', () => {
    expect(() => addWorkingDays(india, '2026-01-01', -1)).toThrow(RangeError);
    expect(() => addWorkingDays({ ...india, weekend: [0, 1, 2, 3, 4, 5, 6] }, '2026-01-01', 1)).toThrow(RangeError);
  });
});
