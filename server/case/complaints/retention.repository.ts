import {
  DEFAULT_WARN_DAYS,
  RETENTION_OUTCOMES,
  type RetentionOutcome,
  type RetentionPeriods,
} from '../../../src/domain/complaints/retention';
import type { IsoDate } from '../../../src/domain/shared/calendar';
import type { Sql } from '../../platform/db/database';

/** The SQL of retention (retention.service.ts, retention-job.ts): settings, a case's hold and postponement, purges. */

export interface RetentionSettingsRow {
  periods: RetentionPeriods;
  warnDays: number;
}

export interface RetentionRow {
  id: string;
  case_number: number;
  compliance: 'IN_POSH' | 'CA_FEDERAL';
  committee_id: string | null;
  status: 'OPEN' | 'CLOSED';
  outcome: RetentionOutcome | null;
  received_on: string;
  closed_on: string | null;
  report_issued_on: string | null;
  legal_hold: boolean;
  legal_hold_reason: string | null;
  legal_hold_at: Date | string | null;
  legal_hold_name: string | null;
  retention_postponed_until: string | null;
  retention_postpone_reason: string | null;
}

/** A purge warning sent: the purge date the rules gave, and the day the committee was warned of it. */
export interface Warning {
  ruleOn: string;
  warnedOn: string;
}

const ROW = `SELECT c.id, c.case_number, c.compliance, c.committee_id, c.status, c.outcome, c.received_on::text AS received_on,
    to_char(c.closed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS closed_on, c.report_issued_on::text AS report_issued_on,
    c.legal_hold, c.legal_hold_reason, c.legal_hold_at, nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') AS legal_hold_name,
    c.retention_postponed_until::text AS retention_postponed_until, c.retention_postpone_reason
  FROM complaints c LEFT JOIN users u ON u.workspace_id = c.workspace_id AND u.id = c.legal_hold_by`;

export async function retentionSettingsOf(tx: Sql, ws: string): Promise<RetentionSettingsRow> {
  const [row] = await tx.query<{
    retention_periods: Record<string, number | null> | string;
    retention_warn_days: number;
  }>(`SELECT retention_periods, retention_warn_days FROM complaint_settings WHERE workspace_id = $1`, [ws]);
  const raw =
    typeof row?.retention_periods === 'string' ? JSON.parse(row.retention_periods) : (row?.retention_periods ?? {});
  const periods: RetentionPeriods = {};
  for (const o of RETENTION_OUTCOMES) if (typeof raw[o] === 'number') periods[o] = raw[o];
  return { periods, warnDays: row?.retention_warn_days ?? DEFAULT_WARN_DAYS };
}

export async function saveRetentionSettings(
  tx: Sql,
  ws: string,
  periods: Record<string, number | null>,
  warnDays: number,
): Promise<void> {
  await tx.query(
    `INSERT INTO complaint_settings (workspace_id, retention_periods, retention_warn_days) VALUES ($1, $2::jsonb, $3)
     ON CONFLICT (workspace_id) DO UPDATE SET retention_periods = excluded.retention_periods, retention_warn_days = excluded.retention_warn_days, updated_at = now()`,
    [ws, JSON.stringify(periods), warnDays],
  );
}

/** The warnings sent for the given cases, by case. */
export async function warningsOf(tx: Sql, ws: string, ids: string[]): Promise<Map<string, Warning[]>> {
  const rows = await tx.query<{ complaint_id: string; purge_on: string; warned_on: string }>(
    `SELECT complaint_id, purge_on::text AS purge_on, warned_on::text AS warned_on FROM complaint_retention_notices WHERE workspace_id = $1 AND complaint_id = ANY($2::uuid[])`,
    [ws, ids],
  );
  const out = new Map<string, Warning[]>();
  for (const r of rows)
    out.set(r.complaint_id, [...(out.get(r.complaint_id) ?? []), { ruleOn: r.purge_on, warnedOn: r.warned_on }]);
  return out;
}

/** Whether the case is still there (not purged). */
export async function caseExists(tx: Sql, ws: string, id: string): Promise<boolean> {
  const [live] = await tx.query(`SELECT 1 FROM complaints WHERE workspace_id = $1 AND id = $2`, [ws, id]);
  return !!live;
}

/** The case's retention row; `lock` takes its row lock (a purge reads its plan again under it). */
export async function retentionRow(tx: Sql, ws: string, id: string, lock = false): Promise<RetentionRow | null> {
  const [row] = await tx.query<RetentionRow>(
    `${ROW} WHERE c.workspace_id = $1 AND c.id = $2${lock ? ' FOR UPDATE OF c' : ''}`,
    [ws, id],
  );
  return row ?? null;
}

/** The closed cases of the workspace that no legal hold keeps: those the daily job may warn about or purge. */
export async function closedUnheldRows(tx: Sql, ws: string): Promise<RetentionRow[]> {
  return tx.query<RetentionRow>(`${ROW} WHERE c.workspace_id = $1 AND c.status = 'CLOSED' AND NOT c.legal_hold`, [ws]);
}

export async function legalHoldOf(tx: Sql, ws: string, id: string): Promise<boolean> {
  const [row] = await tx.query<{ legal_hold: boolean }>(
    `SELECT legal_hold FROM complaints WHERE workspace_id = $1 AND id = $2`,
    [ws, id],
  );
  return row.legal_hold;
}

export async function placeLegalHold(tx: Sql, ws: string, id: string, reason: string, by: string): Promise<void> {
  await tx.query(
    `UPDATE complaints SET legal_hold = true, legal_hold_reason = $3, legal_hold_by = $4, legal_hold_at = now(), updated_at = now() WHERE workspace_id = $1 AND id = $2`,
    [ws, id, reason, by],
  );
}

export async function liftLegalHold(tx: Sql, ws: string, id: string): Promise<void> {
  await tx.query(
    `UPDATE complaints SET legal_hold = false, legal_hold_reason = NULL, legal_hold_by = NULL, legal_hold_at = NULL, updated_at = now() WHERE workspace_id = $1 AND id = $2`,
    [ws, id],
  );
}

export async function postponePurge(tx: Sql, ws: string, id: string, until: string, reason: string): Promise<void> {
  await tx.query(
    `UPDATE complaints SET retention_postponed_until = $3, retention_postpone_reason = $4, updated_at = now() WHERE workspace_id = $1 AND id = $2`,
    [ws, id, until, reason],
  );
}

/**
 * Records the warnings of the day (case, purge date), each once: answers the cases whose warning is new, the only ones
 * whose committee is mailed.
 */
export async function recordWarnings(
  tx: Sql,
  ws: string,
  day: IsoDate,
  warnings: { complaint_id: string; purge_on: string | null; recipients: number }[],
): Promise<string[]> {
  const fresh = await tx.query<{ complaint_id: string }>(
    `INSERT INTO complaint_retention_notices (workspace_id, complaint_id, purge_on, warned_on, recipients)
     SELECT $1, x.complaint_id, x.purge_on, $3::date, x.recipients FROM json_to_recordset($2::json) AS x(complaint_id uuid, purge_on date, recipients int)
     ON CONFLICT DO NOTHING RETURNING complaint_id`,
    [ws, JSON.stringify(warnings), day],
  );
  return fresh.map((f) => f.complaint_id);
}

/** The stored files of the case: its evidence and the reporter's uploads not yet confirmed. */
export async function caseFiles(tx: Sql, ws: string, id: string): Promise<{ id: string; storage_key: string }[]> {
  return tx.query<{ id: string; storage_key: string }>(
    `SELECT f.id, f.storage_key FROM files f
      WHERE f.workspace_id = $1 AND (f.id IN (SELECT e.file_id FROM complaint_evidence e WHERE e.workspace_id = $1 AND e.complaint_id = $2)
         OR f.id IN (SELECT unnest(i.pending_file_ids) FROM complaint_intakes i WHERE i.workspace_id = $1 AND i.complaint_id = $2))`,
    [ws, id],
  );
}

export interface Tombstone {
  row: RetentionRow;
  purgeDueOn: string;
  purgedOn: IsoDate;
  purgedBy: string;
  evidenceFiles: number;
}

export async function insertTombstone(tx: Sql, ws: string, t: Tombstone): Promise<void> {
  await tx.query(
    `INSERT INTO complaint_tombstones (workspace_id, complaint_id, case_number, compliance, committee_id, outcome, received_on, closed_on, purge_due_on, purged_on, purged_by, evidence_files)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      ws,
      t.row.id,
      t.row.case_number,
      t.row.compliance,
      t.row.committee_id,
      t.row.outcome,
      t.row.received_on,
      t.row.closed_on,
      t.purgeDueOn,
      t.purgedOn,
      t.purgedBy,
      t.evidenceFiles,
    ],
  );
}

/** Deletes the case (its rows cascade, its access log with them) and the rows of its files with their wrapped keys. */
export async function deleteCase(tx: Sql, ws: string, id: string, fileIds: string[]): Promise<void> {
  await tx.query(`DELETE FROM complaints WHERE workspace_id = $1 AND id = $2`, [ws, id]);
  if (fileIds.length > 0)
    await tx.query(`DELETE FROM files WHERE workspace_id = $1 AND id = ANY($2::uuid[])`, [ws, fileIds]);
}

/** The tombstone of a purged case, for a current member of the committee that heard it; null for anyone else. */
export async function tombstoneFor(tx: Sql, ws: string, id: string, userId: string) {
  const [t] = await tx.query<{
    case_number: number;
    outcome: string | null;
    received_on: string;
    closed_on: string | null;
    purge_due_on: string;
    purged_on: string;
    purged_by: string;
  }>(
    `SELECT t.case_number, t.outcome, t.received_on::text AS received_on, t.closed_on::text AS closed_on, t.purge_due_on::text AS purge_due_on,
            t.purged_on::text AS purged_on, t.purged_by
       FROM complaint_tombstones t
      WHERE t.workspace_id = $1 AND t.complaint_id = $2
        AND EXISTS (SELECT 1 FROM committee_members m WHERE m.workspace_id = t.workspace_id AND m.committee_id = t.committee_id AND m.user_id = $3)`,
    [ws, id, userId],
  );
  return t ?? null;
}
