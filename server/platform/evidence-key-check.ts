import type { Database } from './db/database';
import { EvidenceAuthError, unwrapKey, type EvidenceKeyring } from './evidence-crypto';

/**
 * The server refuses to start when stored evidence was encrypted under a master key it does not hold: without this
 * check a restore that lost `file-url.key` (from which the development key is derived) or a deployment missing
 * EVIDENCE_MASTER_KEY starts, and then calls every evidence file "tampered". One data key per master key id is
 * unwrapped; the error names the key and where it comes from.
 */
export async function checkEvidenceKeys(db: Database, ring: EvidenceKeyring): Promise<void> {
  // Cross-tenant by nature (one check over every workspace's files), so as the owner, read-only.
  const rows = await db.system((tx) =>
    tx.query<{ id: string; evidence_key_id: string; evidence_wrapped_key: string; files: string }>(
      `SELECT DISTINCT ON (evidence_key_id) id, evidence_key_id, evidence_wrapped_key,
              count(*) OVER (PARTITION BY evidence_key_id)::text AS files
         FROM files WHERE evidence_key_id IS NOT NULL ORDER BY evidence_key_id, id`,
    ),
  );
  for (const row of rows) {
    const where =
      row.evidence_key_id === 'dev'
        ? `The development key 'dev' is derived from the file-URL secret: restore DATA_DIR/file-url.key from the backup (or set FILE_URL_SECRET to the secret the data was written with)`
        : `Set EVIDENCE_MASTER_KEY, or add the key to EVIDENCE_OLD_MASTER_KEYS, as '${row.evidence_key_id}:<key>'`;
    if (!ring.ids.includes(row.evidence_key_id)) {
      throw new Error(
        `Stored evidence (${row.files} file(s)) is encrypted under master key '${row.evidence_key_id}', which is not configured. ${where}.`,
      );
    }
    try {
      unwrapKey(ring, { keyId: row.evidence_key_id, wrapped: row.evidence_wrapped_key }, row.id);
    } catch (error) {
      if (!(error instanceof EvidenceAuthError)) throw error;
      throw new Error(
        `Stored evidence (${row.files} file(s)) was encrypted under a different master key '${row.evidence_key_id}' than the one configured. ${where}.`,
      );
    }
  }
}
