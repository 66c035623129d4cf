import type { DetailRow } from './report-query';
import type { Sql } from '../../platform/db/database';
import type { ExportFormat, ReportDefinition } from '../../../src/contracts/learning/reports.contract';

/** The SQL of saved reports, export jobs and the workspace's date settings (docs/reports.md). */

export interface SavedRow {
  id: string;
  name: string;
  definition: ReportDefinition;
  created_at: Date | string;
  updated_at: Date | string;
}

export function savedOf(tx: Sql, ws: string, ownerId: string): Promise<SavedRow[]> {
  return tx.query<SavedRow>(
    `SELECT id, name, definition, created_at, updated_at FROM saved_reports WHERE workspace_id = $1 AND owner_id = $2 ORDER BY lower(name), id`,
    [ws, ownerId],
  );
}

export async function insertSaved(tx: Sql, ws: string, ownerId: string, name: string, definition: ReportDefinition): Promise<SavedRow> {
  const [row] = await tx.query<SavedRow>(
    `INSERT INTO saved_reports (workspace_id, owner_id, name, definition) VALUES ($1, $2, $3, $4::jsonb)
     RETURNING id, name, definition, created_at, updated_at`,
    [ws, ownerId, name, JSON.stringify(definition)],
  );
  return row;
}

export async function updateSaved(tx: Sql, ws: string, ownerId: string, id: string, name: string, definition: ReportDefinition): Promise<SavedRow | null> {
  const [row] = await tx.query<SavedRow>(
    `UPDATE saved_reports SET name = $4, definition = $5::jsonb, updated_at = now()
      WHERE workspace_id = $1 AND owner_id = $2 AND id = $3
     RETURNING id, name, definition, created_at, updated_at`,
    [ws, ownerId, id, name, JSON.stringify(definition)],
  );
  return row ?? null;
}

export async function deleteSaved(tx: Sql, ws: string, ownerId: string, id: string): Promise<boolean> {
  const rows = await tx.query(`DELETE FROM saved_reports WHERE workspace_id = $1 AND owner_id = $2 AND id = $3 RETURNING id`, [ws, ownerId, id]);
  return rows.length > 0;
}

export interface ExportRow {
  workspace_id: string;
  id: string;
  owner_id: string;
  name: string;
  definition: ReportDefinition;
  scope_branch_id: string | null;
  scoped: boolean;
  format: ExportFormat;
  status: 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED';
  rows_done: number;
  total_rows: number | null;
  attempts: number;
  file_key: string | null;
  file_name: string | null;
  created_at: Date | string;
  finished_at: Date | string | null;
}

const EXPORT_COLUMNS = `workspace_id, id, owner_id, name, definition, scope_branch_id, scoped, format, status, rows_done, total_rows, attempts, file_key, file_name, created_at, finished_at`;

export async function insertExport(
  tx: Sql,
  ws: string,
  e: { ownerId: string; name: string; definition: ReportDefinition; scoped: boolean; scopeBranchId: string | null; format: ExportFormat },
): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO report_exports (workspace_id, owner_id, name, definition, scoped, scope_branch_id, format) VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7) RETURNING id`,
    [ws, e.ownerId, e.name, JSON.stringify(e.definition), e.scoped, e.scopeBranchId, e.format],
  );
  return row.id;
}

/** An export of this owner (another admin's, or another workspace's, is nothing). */
export async function exportOf(tx: Sql, ws: string, ownerId: string, id: string): Promise<ExportRow | null> {
  const [row] = await tx.query<ExportRow>(`SELECT ${EXPORT_COLUMNS} FROM report_exports WHERE workspace_id = $1 AND owner_id = $2 AND id = $3`, [ws, ownerId, id]);
  return row ?? null;
}

/**
 * Claims an export to work: a QUEUED one, or a RUNNING one whose worker went silent for `staleMs` (its process died).
 * Starting again from the first row (a new attempt) is what makes a restart clean: the file of the dead attempt was
 * never offered, and this attempt writes a whole new one.
 */
export async function claimExport(tx: Sql, ws: string, id: string, staleMs: number): Promise<ExportRow | null> {
  const [row] = await tx.query<ExportRow>(
    `UPDATE report_exports SET status = 'RUNNING', attempts = attempts + 1, rows_done = 0, heartbeat_at = now()
      WHERE workspace_id = $1 AND id = $2
        AND (status = 'QUEUED' OR (status = 'RUNNING' AND heartbeat_at < now() - make_interval(secs => $3::double precision / 1000)))
     RETURNING ${EXPORT_COLUMNS}`,
    [ws, id, staleMs],
  );
  return row ?? null;
}

/** Progress of the attempt in hand (a later attempt owns the job once it claimed it: this one then stops). */
export async function progress(tx: Sql, ws: string, id: string, attempt: number, rowsDone: number, total: number | null): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE report_exports SET rows_done = $4, total_rows = coalesce($5, total_rows), heartbeat_at = now()
      WHERE workspace_id = $1 AND id = $2 AND attempts = $3 AND status = 'RUNNING' RETURNING id`,
    [ws, id, attempt, rowsDone, total],
  );
  return rows.length > 0;
}

export async function finishExport(tx: Sql, ws: string, id: string, attempt: number, fileKey: string, fileName: string, rows: number): Promise<boolean> {
  const out = await tx.query(
    `UPDATE report_exports SET status = 'DONE', file_key = $4, file_name = $5, rows_done = $6, total_rows = $6, finished_at = now(), heartbeat_at = now()
      WHERE workspace_id = $1 AND id = $2 AND attempts = $3 AND status = 'RUNNING' RETURNING id`,
    [ws, id, attempt, fileKey, fileName, rows],
  );
  return out.length > 0;
}

export async function failExport(tx: Sql, ws: string, id: string, attempt: number, error: string): Promise<void> {
  await tx.query(
    `UPDATE report_exports SET status = 'FAILED', error = $4, finished_at = now() WHERE workspace_id = $1 AND id = $2 AND attempts = $3 AND status = 'RUNNING'`,
    [ws, id, attempt, error.slice(0, 500)],
  );
}

/** Exports of every workspace whose worker died (RUNNING, silent) or that were never picked up (QUEUED, old). */
export function orphanedExports(tx: Sql, staleMs: number): Promise<{ workspace_id: string; id: string }[]> {
  return tx.query(
    `SELECT workspace_id, id FROM report_exports
      WHERE status IN ('QUEUED', 'RUNNING') AND heartbeat_at < now() - make_interval(secs => $1::double precision / 1000)
      ORDER BY heartbeat_at LIMIT 100`,
    [staleMs],
  );
}

/** The workspace's country (of its first declared jurisdiction), for its date format; null when none is declared. */
/**
 * The workspace's country for its dates, as the app decides it (server/main/auth/current-user.ts): its complaint regime
 * (CA_FEDERAL is Canada, any other India); with no regime, its declared jurisdictions (Canada only if it declared no
 * Indian one). Declaring a Canadian province beside India does not turn an Indian workspace's dates into ISO.
 */
export async function workspaceCountry(tx: Sql, ws: string): Promise<string | null> {
  const [row] = await tx.query<{ code: string | null }>(
    `SELECT COALESCE(
       (SELECT CASE WHEN cs.compliance = 'CA_FEDERAL' THEN 'CA' ELSE 'IN' END FROM complaint_settings cs WHERE cs.workspace_id = $1),
       (SELECT substr(j.code, 1, 2) FROM workspace_jurisdictions wj JOIN jurisdictions j ON j.id = wj.jurisdiction_id
         WHERE wj.workspace_id = $1 ORDER BY substr(j.code, 1, 2) = 'IN' DESC, j.code LIMIT 1)) AS code`,
    [ws],
  );
  return row?.code ?? null;
}

/** The business unit's name (the preview says whose rows a business-unit admin sees). */
export async function branchName(tx: Sql, ws: string, branchId: string): Promise<string | null> {
  const [row] = await tx.query<{ name: string }>(`SELECT name FROM branches WHERE workspace_id = $1 AND id = $2`, [ws, branchId]);
  return row?.name ?? null;
}

/** The filters' choices: units and departments (one unit's, when given), published courses, published policies. */
export async function options(tx: Sql, ws: string, branchId: string | null | undefined) {
  const unit = branchId === undefined ? null : branchId;
  const scoped = branchId !== undefined;
  const businessUnits = await tx.query<{ id: string; name: string }>(
    `SELECT id, name FROM branches WHERE workspace_id = $1 AND (NOT $2::boolean OR id = $3::uuid) ORDER BY lower(name), id`,
    [ws, scoped, unit],
  );
  const departments = await tx.query<{ id: string; name: string; businessUnit: string }>(
    `SELECT d.id, d.name, b.name AS "businessUnit" FROM departments d JOIN branches b ON b.workspace_id = d.workspace_id AND b.id = d.branch_id
      WHERE d.workspace_id = $1 AND (NOT $2::boolean OR d.branch_id = $3::uuid) ORDER BY lower(b.name), lower(d.name), d.id`,
    [ws, scoped, unit],
  );
  const courses = await tx.query<{ id: string; name: string }>(
    `SELECT id, title AS name FROM courses WHERE workspace_id = $1 AND status = 'PUBLISHED' ORDER BY lower(title), id`,
    [ws],
  );
  const policies = await tx.query<{ id: string; name: string }>(
    `SELECT wp.id, cp.title AS name FROM workspace_policies wp JOIN catalogue_policies cp ON cp.id = wp.catalogue_policy_id WHERE wp.workspace_id = $1 ORDER BY lower(cp.title), wp.id`,
    [ws],
  );
  return { businessUnits, departments, courses, policies };
}

/** The report's total: its count query, built by report-query.ts with every value a parameter. */
export async function countRows(tx: Sql, q: { text: string; params: unknown[] }): Promise<number> {
  const [{ n }] = await tx.query<{ n: number }>(q.text, q.params);
  return n;
}

/** One page of the report's rows. */
export function pageRows(tx: Sql, q: { text: string; params: unknown[] }): Promise<DetailRow[]> {
  return tx.query<DetailRow>(q.text, q.params);
}
