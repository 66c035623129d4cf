import type { Sql } from '../../platform/db/database';

export interface CalendarRow {
  time_zone: string | null;
  region_code: string | null;
}

export async function calendarOf(tx: Sql, ws: string, lock = false): Promise<CalendarRow | null> {
  const [row] = await tx.query<CalendarRow>(
    `SELECT time_zone, region_code FROM workspaces WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [ws],
  );
  return row ?? null;
}

export async function saveCalendar(tx: Sql, ws: string, timeZone: string, regionCode: string | null): Promise<void> {
  await tx.query(`UPDATE workspaces SET time_zone = $2, region_code = $3 WHERE id = $1`, [ws, timeZone, regionCode]);
}

/** The states and provinces of the catalogue (not Canada's federal jurisdiction, which has no holidays of its own). */
export async function regions(tx: Sql): Promise<{ code: string; name: string; country: string }[]> {
  return tx.query(
    `SELECT code, name, country FROM jurisdictions WHERE parent_id IS NOT NULL AND code <> 'CA-FED' ORDER BY country DESC, name`,
  );
}

/** The workspace's case regime (none set: India's) and the countries it declared, for the zone it starts with. */
export async function regimeCountry(tx: Sql, ws: string): Promise<'IN' | 'CA'> {
  const [row] = await tx.query<{ compliance: string | null }>(
    `SELECT compliance FROM complaint_settings WHERE workspace_id = $1`,
    [ws],
  );
  return row?.compliance === 'CA_FEDERAL' ? 'CA' : 'IN';
}
