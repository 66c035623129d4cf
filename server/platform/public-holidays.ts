import { createRequire } from 'node:module';
import type HolidaysClass from 'date-holidays';
import type { IsoDate, Jurisdiction } from '../../src/domain/shared/calendar';

/**
 * The public holidays of a country, or of one of its states or provinces, from the maintained `date-holidays` data
 * (docs/decisions/0014-workspace-calendar-date-holidays.md): only its `public` kind (days off for everyone by law),
 * never bank, school, optional or observance days. The dates are the region's own calendar days.
 */

const COUNTRY: Record<Jurisdiction, 'IN' | 'CA'> = { INDIA: 'IN', CANADA: 'CA' };

// The library builds its rules per region (a few milliseconds); the answers are pure, so each region's and year's
// list is kept, up to a bound.
const years = new Map<string, IsoDate[]>();
const regions = new Map<string, HolidaysClass>();

// The library and its data (about 9 MB of heap) are loaded when a region's days are first asked for, not at start
// (docs/architecture.md "Memory"); `require` keeps this function synchronous for its callers.
let library: typeof HolidaysClass | null = null;
const Holidays = (): typeof HolidaysClass =>
  (library ??= createRequire(import.meta.url)('date-holidays') as typeof HolidaysClass);

/** The state or province part of a catalogue code (`IN-KA` -> `KA`), when it belongs to the country; else none. */
export function stateOf(jurisdiction: Jurisdiction, regionCode: string | null | undefined): string | undefined {
  const country = COUNTRY[jurisdiction];
  const m = /^([A-Z]{2})-([A-Z]{2,3})$/.exec(regionCode ?? '');
  return m && m[1] === country && m[2] !== 'FED' ? m[2] : undefined;
}

export function regionalHolidays(
  jurisdiction: Jurisdiction,
  regionCode: string | null | undefined,
  year: number,
): IsoDate[] {
  const state = stateOf(jurisdiction, regionCode);
  const key = `${jurisdiction}:${state ?? ''}:${year}`;
  const known = years.get(key);
  if (known) return known;
  const regionKey = `${jurisdiction}:${state ?? ''}`;
  let holidays = regions.get(regionKey);
  if (!holidays) {
    const Library = Holidays();
    holidays = state ? new Library(COUNTRY[jurisdiction], state) : new Library(COUNTRY[jurisdiction]);
    regions.set(regionKey, holidays);
  }
  const days = [
    ...new Set((holidays.getHolidays(year) || []).filter((h) => h.type === 'public').map((h) => h.date.slice(0, 10))),
  ].sort();
  if (years.size >= 500) years.clear();
  years.set(key, days);
  return days;
}

/** The region's public holidays of every year from `fromYear` to `toYear`. */
export function regionalHolidaysBetween(
  jurisdiction: Jurisdiction,
  regionCode: string | null | undefined,
  fromYear: number,
  toYear: number,
): IsoDate[] {
  const days: IsoDate[] = [];
  for (let y = fromYear; y <= toYear; y++) days.push(...regionalHolidays(jurisdiction, regionCode, y));
  return days;
}
