import { describe, expect, it } from 'vitest';
import { addWorkingDays, type WorkingCalendar } from '../../../src/domain/shared/calendar';
import {
  defaultZoneOf,
  formatDate,
  formatDateTime,
  formatTimeRange,
  instantOf,
  isTimeZone,
  localDay,
  localeOf,
  typedDateFormats,
  wallTimeOf,
} from '../../../src/domain/shared/date-time';

const INDIA = { zone: 'Asia/Kolkata', locale: 'en-IN' };
const TORONTO = { zone: 'America/Toronto', locale: 'en-CA' };

describe("the workspace's dates and times", () => {
  it('writes a day as day, month, year in both countries, never month first', () => {
    expect(formatDate('2026-12-12', INDIA)).toBe('12 Dec 2026');
    expect(formatDate('2026-12-12', TORONTO)).toBe('12 Dec 2026');
    // A calendar date is a day of the workspace already: no zone moves it, even one west of UTC.
    expect(formatDate('2026-01-01', { zone: 'America/Vancouver', locale: 'en-CA' })).toBe('1 Jan 2026');
  });

  it("writes an instant in the workspace's zone, with the zone's name", () => {
    expect(formatDateTime('2026-12-02T11:00:00.000Z', INDIA)).toBe('2 Dec 2026, 4:30 pm IST');
    expect(formatDateTime('2026-12-02T11:00:00.000Z', TORONTO)).toMatch(/^2 Dec 2026, 6:00\sa\.m\. EST$/);
    expect(formatTimeRange('2026-12-02T11:00:00Z', '2026-12-02T12:00:00Z', INDIA)).toBe(
      '2 Dec 2026, 4:30 pm IST to 5:30 pm IST',
    );
    // A meeting that runs past local midnight names both days.
    expect(formatTimeRange('2026-12-02T18:00:00Z', '2026-12-02T19:00:00Z', INDIA)).toBe(
      '2 Dec 2026, 11:30 pm IST to 3 Dec 2026, 12:30 am IST',
    );
  });

  it('puts a deadline near local midnight on the local day, not the UTC one', () => {
    // 23:59 in Toronto on 9 December is already the 10th in UTC; 00:15 on the 10th in India is still the 9th in UTC.
    expect(localDay('2026-12-10T04:59:00Z', 'America/Toronto')).toBe('2026-12-09');
    expect(localDay('2026-12-09T18:45:00Z', 'Asia/Kolkata')).toBe('2026-12-10');
    expect(localDay('2026-12-09T18:29:59Z', 'Asia/Kolkata')).toBe('2026-12-09');
  });

  it('follows the change of clocks in Canada, in March and in November', () => {
    // 2026: EDT from Sunday 8 March 02:00, EST again from Sunday 1 November 02:00 (America/Toronto).
    expect(formatDateTime('2026-03-07T15:00:00Z', TORONTO)).toMatch(/10:00\sa\.m\. EST$/);
    expect(formatDateTime('2026-03-09T15:00:00Z', TORONTO)).toMatch(/11:00\sa\.m\. EDT$/);
    expect(formatDateTime('2026-10-31T15:00:00Z', TORONTO)).toMatch(/11:00\sa\.m\. EDT$/);
    expect(formatDateTime('2026-11-02T15:00:00Z', TORONTO)).toMatch(/10:00\sa\.m\. EST$/);
    // The local day around the change: 04:30 UTC is 23:30 on Saturday 7 March (EST), and 00:30 on Sunday 1 November (EDT).
    expect(localDay('2026-03-08T04:30:00Z', 'America/Toronto')).toBe('2026-03-07');
    expect(localDay('2026-11-01T04:30:00Z', 'America/Toronto')).toBe('2026-11-01');
    // A working-day clock across the change counts whole local days: no day is lost or doubled by the 23- or 25-hour day.
    const canada: WorkingCalendar = { jurisdiction: 'CANADA', weekend: [0, 6], holidays: new Set() };
    const received = localDay('2026-03-06T22:00:00Z', 'America/Toronto');
    expect(received).toBe('2026-03-06');
    expect(addWorkingDays(canada, received, 5)).toBe('2026-03-13');
    expect(addWorkingDays(canada, localDay('2026-10-30T03:30:00Z', 'America/Toronto'), 5)).toBe('2026-11-05');
  });

  it('starts a workspace in the zone of its province, else of its country, and writes in its country', () => {
    expect(defaultZoneOf('IN-KA')).toBe('Asia/Kolkata');
    expect(defaultZoneOf(null)).toBe('Asia/Kolkata');
    expect(defaultZoneOf('CA-BC')).toBe('America/Vancouver');
    expect(defaultZoneOf('CA-FED')).toBe('America/Toronto');
    expect(localeOf('CA-ON')).toBe('en-CA');
    expect(localeOf('IN')).toBe('en-IN');
    expect(isTimeZone('America/St_Johns')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('Asia/Kolkata; DROP')).toBe(false);
  });
});

describe("a time typed in the workspace's zone", () => {
  it('is the instant of that zone, whatever the browser', () => {
    expect(instantOf('2026-12-02T16:30', 'Asia/Kolkata').toISOString()).toBe('2026-12-02T11:00:00.000Z');
    expect(instantOf('2026-12-02T06:00', 'America/Toronto').toISOString()).toBe('2026-12-02T11:00:00.000Z');
    expect(instantOf('2026-07-02T06:00', 'America/Toronto').toISOString()).toBe('2026-07-02T10:00:00.000Z');
    expect(wallTimeOf('2026-12-02T11:00:00Z', 'Asia/Kolkata')).toBe('2026-12-02T16:30');
  });

  it('reads a time the spring change skips as the hour after, and a repeated autumn time as the first', () => {
    // Toronto, 8 March 2026: 02:00 to 02:59 do not exist; 1 November 2026: 01:00 to 01:59 happen twice.
    expect(formatDateTime(instantOf('2026-03-08T02:30', 'America/Toronto'), TORONTO)).toMatch(/3:30\sa\.m\. EDT$/);
    expect(instantOf('2026-11-01T01:30', 'America/Toronto').toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });

  it("types a day in a date field in the country's order: day first in India, ISO in Canada, never month first", () => {
    expect(typedDateFormats('IN')[0]).toBe('DD/MM/YYYY');
    expect(typedDateFormats('CA')[0]).toBe('YYYY-MM-DD');
    for (const country of ['IN', 'CA', null]) {
      expect(typedDateFormats(country)).toContain('YYYY-MM-DD');
      expect(typedDateFormats(country).some((f) => f.startsWith('M'))).toBe(false);
    }
  });
});
