import { workspaceCalendar } from '../../../src/domain/complaints/regime';
import type { WorkingCalendar } from '../../../src/domain/shared/calendar';
import type { Compliance } from '../../../src/domain/workflows/builder-rules';
import type { Sql, Statement } from '../../platform/db/database';

export interface RegimeSettings {
  compliance: Compliance;
  extraHolidays: string[];
  saturdayOff: boolean;
  /** Default public holidays the workplace does not keep (migration 0030). */
  removedHolidays: string[];
}

/** The row `regimeFromRow` reads (no row: the workspace set nothing). */
export type RegimeRow = { compliance: Compliance; extra_holidays: (string | Date)[]; removed_holidays: (string | Date)[]; saturday_off: boolean };

/** The statement of `regimeOf`, for a batch (the case list reads it in the same round trip as its cases). */
export function regimeStatement(ws: string): Statement {
  return {
    text: `SELECT compliance, extra_holidays::text[] AS extra_holidays, removed_holidays::text[] AS removed_holidays, saturday_off FROM complaint_settings WHERE workspace_id = $1`,
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
  if (!row) return { compliance: 'IN_POSH', extraHolidays: [], saturdayOff: false, removedHolidays: [] };
  return {
    compliance: row.compliance,
    extraHolidays: (row.extra_holidays ?? []).map(isoDay).sort(),
    saturdayOff: row.saturday_off,
    removedHolidays: (row.removed_holidays ?? []).map(isoDay).sort(),
  };
}

/** The working-day calendar of the workspace for the years a case's clocks can reach. */
export function calendarOf(settings: RegimeSettings, fromYear: number, toYear: number): WorkingCalendar {
  return workspaceCalendar(settings, fromYear, toYear);
}

/** A `date` column as `YYYY-MM-DD` (PostgreSQL drivers answer a Date at local midnight, or a string). */
export function isoDay(value: string | Date): string {
  // Queries select dates as text; a Date is read as the UTC day it was made from.
  if (typeof value === 'string') return value.slice(0, 10);
  return value.toISOString().slice(0, 10);
}

export const isoDayOrNull = (value: string | Date | null | undefined): string | null => (value ? isoDay(value) : null);

/** Today in UTC: the server's day for the clocks (a deadline is a calendar day; docs/case.md). */
export const todayUtc = (): string => new Date().toISOString().slice(0, 10);

/**
 * Whether a named witness who sits on the case's committee is recused from it (migration 0075; docs/case.md
 * "Committee membership"). A workspace that set nothing recuses (POSH: a witness does not also judge the facts).
 */
export async function recusesWitnesses(tx: Sql, ws: string): Promise<boolean> {
  const [row] = await tx.query<{ recuse_witnesses: boolean }>(`SELECT recuse_witnesses FROM complaint_settings WHERE workspace_id = $1`, [ws]);
  return row?.recuse_witnesses ?? true;
}
