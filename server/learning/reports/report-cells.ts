import { DATE_COLUMNS, reportDate, reportDateSettings, type ReportColumn } from '../../../src/domain/reports/report-columns';
import type { Sql } from '../../platform/db/database';
import type { DetailRow } from './report-query';
import { workspaceCountry } from './reports.repository';

export interface DateSettings {
  zone: string;
  style: 'day-month-year' | 'iso';
}

/** The workspace's date format and zone, from the country it operates in. */
export async function dateSettingsOf(tx: Sql, ws: string): Promise<DateSettings> {
  return reportDateSettings(await workspaceCountry(tx, ws));
}

const WORDS: Record<string, string> = {
  NOT_STARTED: 'Not started',
  IN_PROGRESS: 'In progress',
  COMPLETED: 'Completed',
  OVERDUE: 'Overdue',
  ACCEPTED: 'Accepted',
  PENDING: 'To accept',
  INVITED: 'Invited',
  ACTIVE: 'Active',
  INACTIVE: 'Inactive',
  PASSED: 'Passed',
  FAILED: 'Failed',
  NOT_TAKEN: 'Not taken',
};

const WORD_COLUMNS: ReadonlySet<ReportColumn> = new Set(['userStatus', 'status', 'policyAcceptanceStatus', 'testStatus']);

/** The chosen columns of a row as cells: dates in the workspace's format, states in words, numbers as numbers. */
export function cellsOf(row: DetailRow, columns: readonly ReportColumn[], dates: DateSettings): (string | number | null)[] {
  return columns.map((c) => {
    const value = row[c];
    if (value === null || value === undefined) return null;
    if (DATE_COLUMNS.has(c)) return reportDate(value instanceof Date ? value : String(value), dates.zone, dates.style);
    if (WORD_COLUMNS.has(c)) return WORDS[String(value)] ?? String(value);
    if (typeof value === 'number') return value;
    if (typeof value === 'bigint') return Number(value);
    return String(value);
  });
}
