import type { IsoDate } from './calendar';

/**
 * Dates and times as the workspace reads them: in its IANA time zone, in the order of its country (day, month,
 * year: `12 Dec 2026`, never the US month-first order), the same on screens, PDFs and mails. Pure functions over
 * the platform's Intl (full ICU in Node 24 and in the browsers), shared by the server's mails and documents and by
 * the client's screens.
 */

export interface DateTimeSettings {
  /** An IANA time zone, e.g. `Asia/Kolkata`, `America/Toronto`. */
  zone: string;
  /** A BCP 47 locale for month names and the clock (`en-IN`, `en-CA`, `fr-CA`, `hi-IN` ...). */
  locale: string;
}

/** The zone a workspace starts with when it set none: India's one zone. */
export const DEFAULT_ZONE = 'Asia/Kolkata';

/**
 * The time zone of a country or of a state or province (an ISO 3166-2 code as the jurisdictions catalogue writes it:
 * `IN`, `IN-KA`, `CA-ON`, `CA-FED`). A province with several zones gets the zone of its capital and largest cities;
 * the admin may choose another.
 */
const PROVINCE_ZONES: Record<string, string> = {
  'CA-AB': 'America/Edmonton',
  'CA-BC': 'America/Vancouver',
  'CA-MB': 'America/Winnipeg',
  'CA-NB': 'America/Moncton',
  'CA-NL': 'America/St_Johns',
  'CA-NS': 'America/Halifax',
  'CA-NT': 'America/Yellowknife',
  'CA-NU': 'America/Iqaluit',
  'CA-ON': 'America/Toronto',
  'CA-PE': 'America/Halifax',
  'CA-QC': 'America/Toronto',
  'CA-SK': 'America/Regina',
  'CA-YT': 'America/Whitehorse',
};

/** Canada as a whole (or federal work with no province): the zone of the federal capital. */
const CANADA_ZONE = 'America/Toronto';

export function defaultZoneOf(jurisdictionCode: string | null | undefined): string {
  const code = (jurisdictionCode ?? '').toUpperCase();
  if (PROVINCE_ZONES[code]) return PROVINCE_ZONES[code];
  if (code === 'CA' || code.startsWith('CA-')) return CANADA_ZONE;
  return DEFAULT_ZONE;
}

/** The locale of a country's dates: English as written in India or in Canada. */
export function localeOf(country: string | null | undefined): string {
  return (country ?? '').toUpperCase().startsWith('CA') ? 'en-CA' : 'en-IN';
}

/** Whether the platform knows `zone` as an IANA time zone. */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(zone) || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

// Formatters are costly to build and are pure: each (locale, zone, kind) is built once, up to a bound.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: 'date' | 'time' | 'day', { zone, locale }: DateTimeSettings): Intl.DateTimeFormat {
  const key = `${kind}|${locale}|${zone}`;
  let f = formatters.get(key);
  if (!f) {
    const options: Intl.DateTimeFormatOptions =
      kind === 'day'
        ? { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }
        : kind === 'date'
          ? { timeZone: zone, year: 'numeric', month: 'short', day: 'numeric' }
          : { timeZone: zone, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };
    f = new Intl.DateTimeFormat(kind === 'day' ? 'en-CA' : locale, options);
    if (formatters.size >= 200) formatters.clear();
    formatters.set(key, f);
  }
  return f;
}

const instant = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

/** A calendar date (`YYYY-MM-DD`) is a day of the workspace's calendar already: it is never shifted by a zone. */
const isCalendarDate = (value: Date | string): value is string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

function dayMonthYear(date: Date, settings: DateTimeSettings): string {
  const parts = formatter('date', settings).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')} ${part('month')} ${part('year')}`;
}

/**
 * A day as the workspace reads it: `2 Dec 2026`. An instant (a Date or an ISO timestamp) is first taken to the
 * workspace's zone; a calendar date (`2026-12-02`) is shown as it is.
 */
export function formatDate(value: Date | string, settings: DateTimeSettings): string {
  if (isCalendarDate(value)) return dayMonthYear(new Date(`${value}T12:00:00Z`), { ...settings, zone: 'UTC' });
  return dayMonthYear(instant(value), settings);
}

/** An instant as the workspace reads it, with its zone's name: `2 Dec 2026, 4:30 pm IST`. */
export function formatDateTime(value: Date | string, settings: DateTimeSettings): string {
  const date = instant(value);
  return `${dayMonthYear(date, settings)}, ${time(date, settings)}`;
}

/** The time of day with the zone's name. ICU's narrow no-break spaces become plain ones: PDFs' fonts and mail clients all have those. */
function time(date: Date, settings: DateTimeSettings): string {
  return formatter('time', settings)
    .format(date)
    .replace(/[\u202f\u00a0]/g, ' ');
}

/** A span of time on one or two days: `2 Dec 2026, 4:30 pm IST to 5:30 pm IST`. */
export function formatTimeRange(
  start: Date | string,
  end: Date | string,
  settings: DateTimeSettings,
  /** The word between the two ends, in the reader's language. */
  joiner = 'to',
): string {
  const from = instant(start);
  const to = instant(end);
  const sameDay = localDay(from, settings.zone) === localDay(to, settings.zone);
  return `${formatDateTime(from, settings)} ${joiner} ${sameDay ? time(to, settings) : formatDateTime(to, settings)}`;
}

/**
 * How a person types a day into a date field in a workspace of `country` (dayjs tokens; the first is the one shown):
 * India writes day, month, year (`29/11/2026`), never the US month-first order; Canada's numeric dates are ISO
 * (`2026-11-29`), the one order its English and French readers share. ISO is accepted everywhere, as pasted.
 */
export function typedDateFormats(country: string | null | undefined): string[] {
  return (country ?? '').toUpperCase().startsWith('CA')
    ? ['YYYY-MM-DD']
    : ['DD/MM/YYYY', 'D/M/YYYY', 'DD-MM-YYYY', 'YYYY-MM-DD'];
}

/** The calendar day an instant falls on in `zone`: the day a statutory clock counts from or to. */
export function localDay(value: Date | string, zone: string): IsoDate {
  // en-CA writes a day as YYYY-MM-DD.
  return formatter('day', { zone, locale: 'en-CA' }).format(instant(value));
}

/** How far `zone`'s wall clock is ahead of UTC at an instant, in milliseconds (negative west of Greenwich). */
function offsetAt(at: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(at));
  const n = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second')) - (at - (at % 1000));
}

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The instant a wall-clock time of the workspace's zone stands for (`2026-12-02T16:30` in Asia/Kolkata is
 * 11:00 UTC): a time someone types in a form is a time of the workspace, not of the browser's machine. A time the
 * spring change skips is read as the hour after; one the autumn change repeats, as its first occurrence.
 */
export function instantOf(wallTime: string, zone: string): Date {
  const m = WALL_TIME.exec(wallTime);
  if (!m) throw new RangeError(`Not a date and time: ${wallTime}`);
  const asUtc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0));
  const first = asUtc - offsetAt(asUtc, zone);
  const second = asUtc - offsetAt(first, zone);
  // The candidates whose wall time is the one typed (two in the repeated hour: the first); none in the skipped hour.
  const exact = [first, second].filter((at) => at + offsetAt(at, zone) === asUtc);
  return new Date(exact.length > 0 ? Math.min(...exact) : Math.max(first, second));
}

/** An instant as the wall-clock time of `zone`, for a form's date-and-time field (`2026-12-02T16:30`). */
export function wallTimeOf(value: Date | string, zone: string): string {
  const at = instant(value).getTime();
  return new Date(at + offsetAt(at, zone)).toISOString().slice(0, 16);
}

/** An instant as the wire writes it: ISO 8601 in UTC (`2026-01-02T03:04:05.000Z`), from a Date or a database's text. */
export function instantText(value: Date | string): string {
  return new Date(value).toISOString();
}

/** `instantText`, or null where there is no instant. */
export function instantTextOrNull(value: Date | string | null | undefined): string | null {
  return value === null || value === undefined ? null : instantText(value);
}
