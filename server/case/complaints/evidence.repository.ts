import type { Sql } from '../../platform/db/database';
import {
  SEALED_COLUMNS,
  SEALED_NAME_PLACEHOLDER,
  type NewSealedFile,
  type SealedFile,
} from '../../platform/evidence-vault';

/** An evidence file as the lists show it (with what the vault needs to unseal its name). */
export interface EvidenceListRow extends SealedFile {
  declared_name: string;
  declared_size: string | number;
  size: string | number | null;
  detected_type: string | null;
  sha256: string | null;
}

const LIST_COLUMNS = `f.id, f.storage_key, f.evidence_key_id, f.evidence_wrapped_key, f.evidence_sealed_at, f.name_sealed, f.declared_name,
  f.declared_size, f.size, f.detected_type, f.sha256`;

export async function insertSealed(
  tx: Sql,
  ws: string,
  e: { file: NewSealedFile; ownerId: string | null; size: number },
): Promise<void> {
  await tx.query(
    `INSERT INTO files (workspace_id, id, owner_id, purpose, declared_name, declared_size, storage_key, evidence_key_id, evidence_wrapped_key, name_sealed)
     VALUES ($1, $2, $3, 'EVIDENCE', $4, $5, $6, $7, $8, $9)`,
    [
      ws,
      e.file.id,
      e.ownerId,
      SEALED_NAME_PLACEHOLDER,
      e.size,
      e.file.storageKey,
      e.file.keyId,
      e.file.wrapped,
      e.file.nameSealed,
    ],
  );
}

export async function sealedRow(tx: Sql, ws: string, id: string): Promise<EvidenceListRow | null> {
  const [row] = await tx.query<EvidenceListRow>(
    `SELECT ${LIST_COLUMNS} FROM files f WHERE f.workspace_id = $1 AND f.id = $2 AND f.purpose = 'EVIDENCE'`,
    [ws, id],
  );
  return row ?? null;
}

/** One file of a case's evidence. */
export async function caseFile(
  tx: Sql,
  ws: string,
  complaintId: string,
  fileId: string,
): Promise<EvidenceListRow | null> {
  const [row] = await tx.query<EvidenceListRow>(
    `SELECT ${LIST_COLUMNS} FROM complaint_evidence e JOIN files f ON f.workspace_id = e.workspace_id AND f.id = e.file_id
      WHERE e.workspace_id = $1 AND e.complaint_id = $2 AND e.file_id = $3`,
    [ws, complaintId, fileId],
  );
  return row ?? null;
}

/** A case's evidence in the order it was added; `reporterOnly`: the files the anonymous reporter added. */
export async function caseFiles(
  tx: Sql,
  ws: string,
  complaintId: string,
  reporterOnly = false,
): Promise<EvidenceListRow[]> {
  return tx.query<EvidenceListRow>(
    `SELECT ${LIST_COLUMNS} FROM complaint_evidence e JOIN files f ON f.workspace_id = e.workspace_id AND f.id = e.file_id
      WHERE e.workspace_id = $1 AND e.complaint_id = $2 ${reporterOnly ? 'AND e.added_by IS NULL' : ''} ORDER BY e.added_at, f.id`,
    [ws, complaintId],
  );
}

interface Used {
  files: number;
  bytes: number;
}
const used = (row: { files: string | number; bytes: string | number | null } | undefined): Used => ({
  files: Number(row?.files ?? 0),
  bytes: Number(row?.bytes ?? 0),
});

/**
 * A member's evidence uploads not on any case (pending or confirmed). The member's row is locked first, so that two
 * upload URLs asked for at once are counted one after the other (a report's are: its session locks its intake row).
 */
export async function unfiledOf(tx: Sql, ws: string, userId: string): Promise<Used> {
  await tx.query(`SELECT 1 FROM users WHERE workspace_id = $1 AND id = $2 FOR UPDATE`, [ws, userId]);
  const [row] = await tx.query<{ files: string; bytes: string | null }>(
    `SELECT count(*) AS files, sum(coalesce(f.size, f.declared_size)) AS bytes FROM files f
      WHERE f.workspace_id = $1 AND f.owner_id = $2 AND f.purpose = 'EVIDENCE'
        AND NOT EXISTS (SELECT 1 FROM complaint_evidence e WHERE e.workspace_id = f.workspace_id AND e.file_id = f.id)`,
    [ws, userId],
  );
  return used(row);
}

/** An anonymous report's files: those it added to its case and those still pending. */
export async function usedByReport(tx: Sql, ws: string, intakeId: string, complaintId: string): Promise<Used> {
  const [row] = await tx.query<{ files: string; bytes: string | null }>(
    `SELECT count(*) AS files, sum(coalesce(f.size, f.declared_size)) AS bytes FROM files f
      WHERE f.workspace_id = $1 AND f.purpose = 'EVIDENCE' AND (
        f.id = ANY((SELECT pending_file_ids FROM complaint_intakes WHERE workspace_id = $1 AND id = $2)::uuid[])
        OR EXISTS (SELECT 1 FROM complaint_evidence e WHERE e.workspace_id = f.workspace_id AND e.file_id = f.id AND e.complaint_id = $3 AND e.added_by IS NULL))`,
    [ws, intakeId, complaintId],
  );
  return used(row);
}

/** A case's files, whoever added them, with its report's pending uploads (when it has a report). */
export async function usedByCase(tx: Sql, ws: string, complaintId: string, intakeId: string | null): Promise<Used> {
  const [row] = await tx.query<{ files: string; bytes: string | null }>(
    `SELECT count(*) AS files, sum(coalesce(f.size, f.declared_size)) AS bytes FROM files f
      WHERE f.workspace_id = $1 AND f.purpose = 'EVIDENCE' AND (
        EXISTS (SELECT 1 FROM complaint_evidence e WHERE e.workspace_id = f.workspace_id AND e.file_id = f.id AND e.complaint_id = $2)
        OR f.id = ANY(coalesce((SELECT pending_file_ids FROM complaint_intakes WHERE workspace_id = $1 AND id = $3::uuid), '{}')::uuid[]))`,
    [ws, complaintId, intakeId],
  );
  return used(row);
}

/** Adds `bytes` to today's budget of `subject` when it stays within `limit`; false (nothing added) when it would not. */
export async function spendBudget(
  tx: Sql,
  ws: string,
  subject: string,
  bytes: number,
  limit: number,
): Promise<boolean> {
  if (bytes > limit) return false;
  const rows = await tx.query(
    `INSERT INTO evidence_upload_budgets AS b (workspace_id, day, subject, bytes) VALUES ($1, (now() AT TIME ZONE 'UTC')::date, $2, $3)
     ON CONFLICT (workspace_id, day, subject) DO UPDATE SET bytes = b.bytes + excluded.bytes WHERE b.bytes + excluded.bytes <= $4
     RETURNING bytes`,
    [ws, subject, bytes, limit],
  );
  return rows.length > 0;
}

/** Deletes an evidence file's row that is on no case (a refused upload), and its place in a report's pending list. */
export async function forget(tx: Sql, ws: string, fileId: string): Promise<void> {
  await tx.query(
    `UPDATE complaint_intakes SET pending_file_ids = array_remove(pending_file_ids, $2::uuid) WHERE workspace_id = $1 AND $2::uuid = ANY(pending_file_ids)`,
    [ws, fileId],
  );
  await tx.query(
    `DELETE FROM files f WHERE f.workspace_id = $1 AND f.id = $2 AND f.purpose = 'EVIDENCE'
        AND NOT EXISTS (SELECT 1 FROM complaint_evidence e WHERE e.workspace_id = f.workspace_id AND e.file_id = f.id)`,
    [ws, fileId],
  );
}
