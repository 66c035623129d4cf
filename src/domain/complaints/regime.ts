import { defaultCalendar, type Jurisdiction, type WorkingCalendar } from '../shared/calendar';

/** The statutory regime a workspace's cases follow (IN_POSH: India; CA_FEDERAL: Canada, federal). */
export type ComplianceRegime = 'IN_POSH' | 'CA_FEDERAL';

export const jurisdictionOf = (compliance: ComplianceRegime): Jurisdiction =>
  compliance === 'CA_FEDERAL' ? 'CANADA' : 'INDIA';

/**
 * A workspace's working-day calendar for the years a case's clocks can reach: the jurisdiction's defaults and the
 * public holidays of its state or province (`regionHolidays`, from the holiday data the server reads), the public
 * holidays its admin added (less the defaults it removed), and Saturday as a weekly holiday for a five-day week.
 */
export function workspaceCalendar(
  settings: {
    compliance: ComplianceRegime;
    extraHolidays: readonly string[];
    saturdayOff: boolean;
    removedHolidays?: readonly string[];
  },
  fromYear: number,
  toYear: number,
  regionHolidays: readonly string[] = [],
): WorkingCalendar {
  const years: number[] = [];
  for (let y = fromYear; y <= toYear; y++) years.push(y);
  const base = defaultCalendar(jurisdictionOf(settings.compliance), years, [
    ...regionHolidays,
    ...settings.extraHolidays,
  ]);
  const weekend = settings.saturdayOff && !base.weekend.includes(6) ? [...base.weekend, 6] : base.weekend;
  // A default holiday the workplace does not keep (docs/case.md "Public holidays"); an added one stays.
  const holidays = new Set(base.holidays);
  for (const day of settings.removedHolidays ?? []) if (!settings.extraHolidays.includes(day)) holidays.delete(day);
  return { ...base, weekend, holidays };
}
