import { jurisdictionOf, workspaceCalendar } from '../../../src/domain/complaints/regime';
import { defaultHolidays, type WorkingCalendar } from '../../../src/domain/shared/calendar';
import { defaultZoneOf, localDay, localeOf, type DateTimeSettings } from '../../../src/domain/shared/date-time';
import { regionalHolidaysBetween } from '../../platform/public-holidays';
import type { Compliance } from '../../../src/domain/workflows/builder-rules';
import type { Sql, Statement } from '../../platform/db/database';
import { systemClock } from '../../platform/clock';

export interface RegimeSettings {
  compliance: Compliance;
  extraHolidays: string[];
  saturdayOff: boolean;
  /** Default public holidays the workplace does not keep (migration 0030). */
  removedHolidays: string[];
  /** The workspace's IANA time zone (migration 0090): its "today" and every date and time it is shown. */
  timeZone: string;
  /** Its state or province (IN-KA, CA-ON), whose public holidays the clocks skip; null: the country's national ones. */
  regionCode: string | null;
}

/** The row `regimeFromRow` reads (no row: the workspace set nothing). */
export type RegimeRow = {
  compliance: Compliance | null;
  extra_holidays: (string | Date)[] | null;
  removed_holidays: (string | Date)[] | null;
  saturday_off: boolean | null;
  time_zone: string | null;
  region_code: string | null;
};

/** The statement of `regimeOf`, for a batch (the case list reads it in the same round trip as its cases). */
export function regimeStatement(ws: string): Statement {
  return {
    text: `SELECT s.compliance, s.extra_holidays::text[] AS extra_holidays, s.removed_holidays::text[] AS removed_holidays, s.saturday_off, w.time_zone, w.region_code
             FROM workspaces w LEFT JOIN complaint_settings s ON s.workspace_id = w.id WHERE w.id = $1`,
    params: [ws],
    name: 'case-regime',
  };
}

/** The workspace's regime and holidays; a workspace that set nothing follows POSH (the product's first market). */
export async function regimeOf(tx: Sql, ws: string): Promise<RegimeSettings> {
  const { text, params } = regimeStatement(ws);
  const [row] = await tx.query<RegimeRow>(text, params);
  return regimeFromRow(row);
}

export function regimeFromRow(row: RegimeRow | undefined): RegimeSettings {
  const compliance = row?.compliance ?? 'IN_POSH';
  const regionCode = row?.region_code ?? null;
  return {
    compliance,
    extraHolidays: (row?.extra_holidays ?? []).map(isoDay).sort(),
    saturdayOff: row?.saturday_off ?? false,
    removedHolidays: (row?.removed_holidays ?? []).map(isoDay).sort(),
    // A workspace made after migration 0090 with no zone set reads in its region's, else its regime's country's.
    timeZone: row?.time_zone ?? defaultZoneOf(regionCode ?? (compliance === 'CA_FEDERAL' ? 'CA' : 'IN')),
    regionCode,
  };
}

/**
 * The working-day calendar of the workspace for the years a case's clocks can reach: the regime's statutory
 * holidays and its region's public holidays (public-holidays.ts), with the admin's additions and removals on top.
 */
export function calendarOf(settings: RegimeSettings, fromYear: number, toYear: number): WorkingCalendar {
  const regional = regionalHolidaysBetween(jurisdictionOf(settings.compliance), settings.regionCode, fromYear, toYear);
  return workspaceCalendar(settings, fromYear, toYear, regional);
}

/** The default public holidays of a year: the regime's statutory ones and the region's (the holidays screen lists them). */
export function defaultHolidaysOf(settings: Pick<RegimeSettings, 'compliance' | 'regionCode'>, year: number): string[] {
  const jurisdiction = jurisdictionOf(settings.compliance);
  return [
    ...new Set([
      ...defaultHolidays(jurisdiction, year),
      ...regionalHolidaysBetween(jurisdiction, settings.regionCode, year, year),
    ]),
  ].sort();
}

/** A `date` column as `YYYY-MM-DD` (PostgreSQL drivers answer a Date at local midnight, or a string). */
export function isoDay(value: string | Date): string {
  // Queries select dates as text; a Date is read as the UTC day it was made from.
  if (typeof value === 'string') return value.slice(0, 10);
  return value.toISOString().slice(0, 10);
}

export const isoDayOrNull = (value: string | Date | null | undefined): string | null => (value ? isoDay(value) : null);

/** Today in UTC: the server's day where no workspace is known. */
export const todayUtc = (): string => systemClock.now().toISOString().slice(0, 10);

/** Today in the workspace's zone: the day its clocks count from and to (docs/case.md "The workspace's calendar"). */
export const todayIn = (settings: Pick<RegimeSettings, 'timeZone'>, now: Date = systemClock.now()): string =>
  localDay(now, settings.timeZone);

/** How the workspace's dates and times are written (date-time.ts): its zone, and the locale of its country. */
export function dateTimeSettingsOf(
  settings: Pick<RegimeSettings, 'timeZone' | 'regionCode' | 'compliance'>,
): DateTimeSettings {
  return {
    zone: settings.timeZone,
    locale: localeOf(settings.regionCode ?? (settings.compliance === 'CA_FEDERAL' ? 'CA' : 'IN')),
  };
}

/**
 * Whether a named witness who sits on the case's committee is recused from it (migration 0075; docs/case.md
 * "Committee membership"). A workspace that set nothing recuses (POSH: a witness does not also judge the facts).
 */
export async function recusesWitnesses(tx: Sql, ws: string): Promise<boolean> {
  const [row] = await tx.query<{ recuse_witnesses: boolean }>(
    `SELECT recuse_witnesses FROM complaint_settings WHERE workspace_id = $1`,
    [ws],
  );
  return row?.recuse_witnesses ?? true;
}
