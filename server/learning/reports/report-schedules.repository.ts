import type { Sql } from '../../platform/db/database';

export interface ScheduleRow {
  workspace_id: string;
  saved_report_id: string;
  owner_id: string;
  frequency: 'WEEKLY' | 'MONTHLY';
  format: 'CSV' | 'XLSX';
  recipient_ids: string[];
  scoped: boolean;
  scope_branch_id: string | null;
  next_run_at: Date | string;
  last_run_at: Date | string | null;
  stopped_at: Date | string | null;
  stopped_reason: string | null;
}

export interface PersonRow {
  id: string;
  name: string;
  email: string;
  role: string;
  status: string;
  branch_id: string | null;
}

const PERIOD = `CASE s.frequency WHEN 'WEEKLY' THEN interval '7 days' ELSE interval '1 month' END`;

export async function scheduleOf(tx: Sql, ws: string, ownerId: string, savedId: string): Promise<ScheduleRow | null> {
  const [row] = await tx.query<ScheduleRow>(
    `SELECT s.* FROM report_schedules s WHERE s.workspace_id = $1 AND s.owner_id = $2 AND s.saved_report_id = $3`,
    [ws, ownerId, savedId],
  );
  return row ?? null;
}

/** The saved report of this owner, locked while its schedule is set. */
export async function ownSaved(tx: Sql, ws: string, ownerId: string, savedId: string): Promise<{ id: string; name: string; definition: unknown } | null> {
  const [row] = await tx.query<{ id: string; name: string; definition: unknown }>(
    `SELECT id, name, definition FROM saved_reports WHERE workspace_id = $1 AND owner_id = $2 AND id = $3 FOR UPDATE`,
    [ws, ownerId, savedId],
  );
  return row ?? null;
}

/** People of this workspace among `ids` (an id of another workspace is simply not found). */
export async function people(tx: Sql, ws: string, ids: readonly string[]): Promise<PersonRow[]> {
  if (ids.length === 0) return [];
  return tx.query<PersonRow>(
    `SELECT id, trim(first_name || ' ' || last_name) AS name, coalesce(email, '') AS email, role, status, branch_id
       FROM users WHERE workspace_id = $1 AND id = ANY($2::uuid[])`,
    [ws, [...new Set(ids)]],
  );
}

/** Sets (or replaces) the schedule; a changed frequency starts its period again from now. */
export async function upsertSchedule(
  tx: Sql,
  ws: string,
  s: { savedId: string; ownerId: string; frequency: string; format: string; recipientIds: string[]; scoped: boolean; scopeBranchId: string | null; now: Date },
): Promise<ScheduleRow> {
  const [row] = await tx.query<ScheduleRow>(
    `INSERT INTO report_schedules AS s (workspace_id, saved_report_id, owner_id, frequency, format, recipient_ids, scoped, scope_branch_id, next_run_at)
     VALUES ($1, $2, $3, $4, $5, $6::uuid[], $7, $8, $9::timestamptz + CASE $4 WHEN 'WEEKLY' THEN interval '7 days' ELSE interval '1 month' END)
     ON CONFLICT (workspace_id, saved_report_id) DO UPDATE SET
       frequency = EXCLUDED.frequency, format = EXCLUDED.format, recipient_ids = EXCLUDED.recipient_ids,
       scoped = EXCLUDED.scoped, scope_branch_id = EXCLUDED.scope_branch_id,
       next_run_at = CASE WHEN s.frequency = EXCLUDED.frequency AND s.stopped_at IS NULL THEN s.next_run_at ELSE EXCLUDED.next_run_at END,
       stopped_at = NULL, stopped_reason = NULL, updated_at = now()
     RETURNING s.*`,
    [ws, s.savedId, s.ownerId, s.frequency, s.format, s.recipientIds, s.scoped, s.scopeBranchId, s.now.toISOString()],
  );
  return row;
}

export async function deleteSchedule(tx: Sql, ws: string, ownerId: string, savedId: string): Promise<boolean> {
  const rows = await tx.query(`DELETE FROM report_schedules WHERE workspace_id = $1 AND owner_id = $2 AND saved_report_id = $3 RETURNING 1`, [ws, ownerId, savedId]);
  return rows.length > 0;
}

/**
 * Claims the schedules due at `now`, in every workspace (the job's system read): each moves to its next time in the
 * same statement, so two processes never send the same occurrence, and a schedule missed while the server was down
 * sends once, not once per missed period.
 */
export async function claimDue(tx: Sql, now: Date): Promise<ScheduleRow[]> {
  return tx.query<ScheduleRow>(
    `UPDATE report_schedules s
        SET next_run_at = CASE WHEN s.next_run_at + ${PERIOD} > $1::timestamptz THEN s.next_run_at + ${PERIOD} ELSE $1::timestamptz + ${PERIOD} END,
            last_run_at = $1::timestamptz
      WHERE s.stopped_at IS NULL AND s.next_run_at <= $1::timestamptz
      RETURNING s.*`,
    [now.toISOString()],
  );
}

export async function stopSchedule(tx: Sql, ws: string, savedId: string, reason: string): Promise<void> {
  await tx.query(`UPDATE report_schedules SET stopped_at = now(), stopped_reason = $3 WHERE workspace_id = $1 AND saved_report_id = $2`, [ws, savedId, reason]);
}

export async function savedById(tx: Sql, ws: string, savedId: string): Promise<{ name: string; definition: unknown } | null> {
  const [row] = await tx.query<{ name: string; definition: unknown }>(`SELECT name, definition FROM saved_reports WHERE workspace_id = $1 AND id = $2`, [ws, savedId]);
  return row ?? null;
}

export async function companyName(tx: Sql, ws: string): Promise<string> {
  const [row] = await tx.query<{ company_name: string }>(`SELECT company_name FROM workspaces WHERE id = $1`, [ws]);
  return row?.company_name ?? '';
}

/** The active admins, employers and business-unit admins of the workspace (the schedule's possible recipients). */
export async function reportReaders(tx: Sql, ws: string): Promise<PersonRow[]> {
  return tx.query<PersonRow>(
    `SELECT id, trim(first_name || ' ' || last_name) AS name, coalesce(email, '') AS email, role, status, branch_id
       FROM users WHERE workspace_id = $1 AND status = 'ACTIVE' AND role IN ('WORKSPACE_ADMIN', 'EMPLOYER', 'BRANCH_ADMIN') AND email IS NOT NULL
      ORDER BY lower(first_name), lower(last_name), id LIMIT 500`,
    [ws],
  );
}
