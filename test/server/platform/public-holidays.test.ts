import { describe, expect, it } from 'vitest';
import { calendarOf, regimeFromRow } from '../../../server/case/complaints/regime';
import { regionalHolidays } from '../../../server/platform/public-holidays';
import { addWorkingDays, workingDaysBetween } from '../../../src/domain/shared/calendar';

const settings = (
  regionCode: string | null,
  compliance: 'IN_POSH' | 'CA_FEDERAL' = 'IN_POSH',
  extra: string[] = [],
  removed: string[] = [],
) =>
  regimeFromRow({
    compliance,
    extra_holidays: extra,
    removed_holidays: removed,
    saturday_off: false,
    time_zone: null,
    region_code: regionCode,
  });

describe("a region's public holidays (date-holidays) in the working-day calendar", () => {
  it("reads a state's public holidays, and only the public ones", () => {
    expect(regionalHolidays('INDIA', 'IN-KA', 2026)).toEqual(
      expect.arrayContaining(['2026-01-26', '2026-09-17', '2026-11-01']),
    );
    expect(regionalHolidays('INDIA', null, 2026)).not.toContain('2026-09-17');
    expect(regionalHolidays('CANADA', 'CA-ON', 2026)).toContain('2026-02-16');
    expect(regionalHolidays('CANADA', 'CA-QC', 2026)).toContain('2026-06-24');
    // A region of the other country is not this regime's: the national holidays only.
    expect(regionalHolidays('INDIA', 'CA-ON', 2026)).toEqual(regionalHolidays('INDIA', null, 2026));
  });

  it("counts local working days across a state holiday: Karnataka's 17 September", () => {
    const national = calendarOf(settings(null), 2026, 2027);
    const karnataka = calendarOf(settings('IN-KA'), 2026, 2027);
    // From Monday 14 September, Sundays off: 7 working days.
    expect(addWorkingDays(national, '2026-09-14', 7)).toBe('2026-09-22');
    expect(addWorkingDays(karnataka, '2026-09-14', 7)).toBe('2026-09-23');
    expect(workingDaysBetween(karnataka, '2026-09-16', '2026-09-18')).toBe(1);
    // The admin's removal of the state holiday, and an addition of their own, on top.
    expect(
      addWorkingDays(calendarOf(settings('IN-KA', 'IN_POSH', [], ['2026-09-17']), 2026, 2027), '2026-09-14', 7),
    ).toBe('2026-09-22');
    expect(addWorkingDays(calendarOf(settings(null, 'IN_POSH', ['2026-09-15']), 2026, 2027), '2026-09-14', 7)).toBe(
      '2026-09-23',
    );
  });

  it("counts Ontario's Family Day for a Canadian workspace in Ontario, and keeps the Code's federal holidays", () => {
    const ontario = calendarOf(settings('CA-ON', 'CA_FEDERAL'), 2026, 2027);
    const federal = calendarOf(settings(null, 'CA_FEDERAL'), 2026, 2027);
    // Friday 13 February + 1 working day: Monday 16 (Family Day in Ontario) is skipped there only.
    expect(addWorkingDays(federal, '2026-02-13', 1)).toBe('2026-02-16');
    expect(addWorkingDays(ontario, '2026-02-13', 1)).toBe('2026-02-17');
    // Remembrance Day (Canada Labour Code s.166) stays a holiday with a province too.
    expect(ontario.holidays.has('2026-11-11')).toBe(true);
  });

  it('gives a workspace that set no zone the zone of its region, else of its regime', () => {
    expect(settings(null).timeZone).toBe('Asia/Kolkata');
    expect(settings('CA-AB', 'CA_FEDERAL').timeZone).toBe('America/Edmonton');
    expect(settings(null, 'CA_FEDERAL').timeZone).toBe('America/Toronto');
  });
});
