/**
 * Dates the law counts, as pure functions over calendar dates (`YYYY-MM-DD`, no time of day, no time zone: a
 * deadline is a day in the workplace's own calendar). A working-day calendar is a jurisdiction's weekend and public
 * holidays; admins edit the holidays, the defaults below are the fixed national ones.
 */

export type IsoDate = string;

export type Jurisdiction = 'INDIA' | 'CANADA';

export interface WorkingCalendar {
  jurisdiction: Jurisdiction;
  /** Days of the week that are not working days, 0 = Sunday ... 6 = Saturday. */
  weekend: readonly number[];
  /** Public holidays, as `YYYY-MM-DD`. */
  holidays: ReadonlySet<IsoDate>;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a calendar date; throws on an impossible date (2026-02-30). */
// The two conversions run a few thousand times for one case list (six clocks for each of 200 cases): each keeps the
// answers it gave (pure functions of their argument), up to a bound, then starts again.
const CACHE_LIMIT = 20_000;
const dayNumbers = new Map<string, number>();
const isoDates = new Map<number, IsoDate>();

export function dayNumber(date: IsoDate): number {
  const known = dayNumbers.get(date);
  if (known !== undefined) return known;
  const m = DATE.exec(date);
  if (!m) throw new RangeError(`Not a calendar date: ${date}`);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) {
    throw new RangeError(`Not a calendar date: ${date}`);
  }
  if (dayNumbers.size >= CACHE_LIMIT) dayNumbers.clear();
  dayNumbers.set(date, ms / 86_400_000);
  return ms / 86_400_000;
}

export function fromDayNumber(day: number): IsoDate {
  const known = isoDates.get(day);
  if (known !== undefined) return known;
  const date = new Date(day * 86_400_000).toISOString().slice(0, 10);
  if (isoDates.size >= CACHE_LIMIT) isoDates.clear();
  isoDates.set(day, date);
  return date;
}

export function addCalendarDays(date: IsoDate, days: number): IsoDate {
  return fromDayNumber(dayNumber(date) + days);
}

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return dayNumber(to) - dayNumber(from);
}

/**
 * The same day `months` later; a day the later month lacks becomes its last day (three months after 30 November is
 * 28 or 29 February), so a period never runs into the month after.
 */
export function addMonths(date: IsoDate, months: number): IsoDate {
  dayNumber(date);
  const [y, m, d] = date.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return fromDayNumber(Date.UTC(year, month, Math.min(d, last)) / 86_400_000);
}

export function addYears(date: IsoDate, years: number): IsoDate {
  return addMonths(date, years * 12);
}

export function weekday(date: IsoDate): number {
  return weekdayOf(dayNumber(date));
}

/** The day of the week of a day number (1970-01-01 was a Thursday). */
const weekdayOf = (day: number): number => (((day + 4) % 7) + 7) % 7;

/** A calendar's holidays as day numbers, computed once per holiday set (the clocks of a case list reuse them). */
const holidayNumbers = new WeakMap<ReadonlySet<IsoDate>, Set<number>>();
function holidayDays(calendar: WorkingCalendar): Set<number> {
  let days = holidayNumbers.get(calendar.holidays);
  if (!days) {
    days = new Set([...calendar.holidays].map(dayNumber));
    holidayNumbers.set(calendar.holidays, days);
  }
  return days;
}

/** Whether a day number is a working day: no date strings in the loops of addWorkingDays and workingDaysBetween. */
function isWorkingDayNumber(calendar: WorkingCalendar, day: number): boolean {
  return !calendar.weekend.includes(weekdayOf(day)) && !holidayDays(calendar).has(day);
}

export function isWorkingDay(calendar: WorkingCalendar, date: IsoDate): boolean {
  return !calendar.weekend.includes(weekday(date)) && !calendar.holidays.has(date);
}

/**
 * The day by which something due "within N working days" of `from` must be done: the Nth working day after `from`
 * (`from` itself does not count, as with any period that starts on an event).
 */
export function addWorkingDays(calendar: WorkingCalendar, from: IsoDate, days: number): IsoDate {
  if (!Number.isInteger(days) || days < 0) throw new RangeError('Working days must be a whole number, 0 or more');
  if (calendar.weekend.length >= 7) throw new RangeError('A calendar needs at least one working day a week');
  let day = dayNumber(from);
  let left = days;
  // A year of holidays on top of weekends still ends: at most 366 non-working days in a row are skipped per step.
  let guard = 0;
  while (left > 0) {
    day += 1;
    if (isWorkingDayNumber(calendar, day)) left -= 1;
    if (++guard > days * 7 + 3660) throw new RangeError('The calendar has no working days ahead');
  }
  return fromDayNumber(day);
}

/** Working days after `from` up to and including `to` (0 when `to` is not after `from`). */
export function workingDaysBetween(calendar: WorkingCalendar, from: IsoDate, to: IsoDate): number {
  let count = 0;
  const last = dayNumber(to);
  for (let day = dayNumber(from) + 1; day <= last; day++) {
    if (isWorkingDayNumber(calendar, day)) count += 1;
  }
  return count;
}

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;

/** The nth (1-based) given weekday of a month, or with n = -1 the last one. */
function nthWeekday(year: number, month: number, wd: number, n: number): IsoDate {
  if (n > 0) {
    const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
    return iso(year, month, 1 + ((wd - first + 7) % 7) + (n - 1) * 7);
  }
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const last = new Date(Date.UTC(year, month - 1, lastDay)).getUTCDay();
  return iso(year, month, lastDay - ((last - wd + 7) % 7));
}

/** Easter Sunday (Gregorian, the anonymous algorithm). */
export function easterSunday(year: number): IsoDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return iso(year, month, day);
}

/**
 * A year's default public holidays, which admins then edit (add regional and religious holidays, which move with
 * the lunar calendar and differ by state or province):
 * - India: the three national holidays (Republic Day, Independence Day, Gandhi Jayanti);
 * - Canada (federal): the general holidays of the Canada Labour Code s.166, with the National Day for Truth and
 *   Reconciliation. A holiday on a weekend is not moved here: the Code moves it per employee, not for everyone.
 */
export function defaultHolidays(jurisdiction: Jurisdiction, year: number): IsoDate[] {
  if (jurisdiction === 'INDIA') return [iso(year, 1, 26), iso(year, 8, 15), iso(year, 10, 2)];
  const victoria = (() => {
    // The Monday before 25 May.
    const may24 = iso(year, 5, 24);
    return addCalendarDays(may24, -((weekday(may24) + 6) % 7));
  })();
  return [
    iso(year, 1, 1),
    addCalendarDays(easterSunday(year), -2),
    victoria,
    iso(year, 7, 1),
    nthWeekday(year, 9, 1, 1),
    iso(year, 9, 30),
    nthWeekday(year, 10, 1, 2),
    iso(year, 11, 11),
    iso(year, 12, 25),
    iso(year, 12, 26),
  ].sort();
}

/**
 * A jurisdiction's default calendar for the years given: India counts Sunday as the weekly holiday (a working
 * Saturday is the stricter reading, so a deadline is never shown later than the law allows; a workspace with a
 * five-day week sets Saturday too), Canada Saturday and Sunday.
 */
export function defaultCalendar(
  jurisdiction: Jurisdiction,
  years: readonly number[],
  extraHolidays: readonly IsoDate[] = [],
): WorkingCalendar {
  return {
    jurisdiction,
    weekend: jurisdiction === 'INDIA' ? [0] : [0, 6],
    holidays: new Set([...years.flatMap((y) => defaultHolidays(jurisdiction, y)), ...extraHolidays]),
  };
}
