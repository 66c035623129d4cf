import { createHash } from 'node:crypto';
import type { Database, Sql } from './db/database';
import { SEALED_COLUMNS, SEALED_NAME_PLACEHOLDER, type EvidenceVault, type SealedFile } from './evidence-vault';
import { isNamedKey, type DirectFileUrls } from './signed-files';

/**
 * The file jobs on the job queue (docs/files.md "The file jobs"):
 * - `files-sweep` (hourly): removes what nothing will ever use: upload rows never confirmed, evidence on no case (a
 *   member's never filed, a reporter's never confirmed), both older than a day, with their bytes; the store's part
 *   files older than a day (an upload whose process was killed); past days' upload budgets.
 * - `files-migrate` (at start, then hourly): brings files stored before the vault and random keys up to date. Plain
 *   evidence is encrypted, and evidence encrypted before names were sealed is sealed again, under a fresh data key, its
 *   SHA-256 taken on the way; other files with a name in their key are copied to a random key. Each file is one
 *   resumable step: the bytes are written under a key derived from the file's id (a repeated run overwrites the same
 *   object), the row is switched in one transaction that keeps the old key in `previous_storage_key`, then the old
 *   object is removed and the column cleared. A run stopped anywhere leaves a file readable by its row, and the next
 *   run picks up where it stopped; a second run finds nothing to do.
 */

export const JOB_FILES_SWEEP = 'files-sweep';
export const JOB_FILES_MIGRATE = 'files-migrate';

/** Nothing younger than this is swept: an upload may take an hour, a member may file the next morning. */
export const SWEEP_AFTER_HOURS = 24;

export interface SweepResult {
  rows: number;
  parts: number;
}

export interface MigrateResult {
  encrypted: number;
  renamed: number;
  cleaned: number;
  missing: number;
  failed: number;
}

/** The random-looking key a file is moved to: derived from its id, so that a repeated run writes the same object. */
export function migratedKey(workspaceId: string, fileId: string): string {
  return `${workspaceId}/${createHash('sha256').update(`safeplace-file-key:${fileId}`).digest('hex').slice(0, 24)}`;
}

export class FileJobs {
  constructor(
    private readonly db: Database,
    private readonly store: DirectFileUrls,
    private readonly vault: EvidenceVault | undefined,
    private readonly log: (line: string) => void = () => undefined,
  ) {}

  async sweep(hours = SWEEP_AFTER_HOURS): Promise<SweepResult> {
    let rows = 0;
    for (const { id: ws } of await this.workspaces()) {
      const keys = await this.db.tenant(ws, async (tx) => {
        const gone = await tx.query<{ storage_key: string }>(
          `DELETE FROM files f
            WHERE f.workspace_id = $1 AND f.created_at < now() - make_interval(hours => $2::int)
              AND (f.status = 'PENDING'
                   OR (f.purpose = 'EVIDENCE' AND NOT EXISTS (SELECT 1 FROM complaint_evidence e WHERE e.workspace_id = f.workspace_id AND e.file_id = f.id)))
            RETURNING f.storage_key`,
          [ws, hours],
        );
        if (gone.length > 0) {
          await tx.query(
            `UPDATE complaint_intakes i SET pending_file_ids = ARRAY(SELECT p FROM unnest(i.pending_file_ids) p WHERE EXISTS (SELECT 1 FROM files f WHERE f.workspace_id = i.workspace_id AND f.id = p))
              WHERE i.workspace_id = $1 AND cardinality(i.pending_file_ids) > 0`,
            [ws],
          );
        }
        await tx.query(
          `DELETE FROM evidence_upload_budgets WHERE workspace_id = $1 AND day < (now() AT TIME ZONE 'UTC')::date`,
          [ws],
        );
        return gone.map((g) => g.storage_key);
      });
      // The bytes go after the rows: a row never points at removed bytes.
      for (const key of keys) await this.store.remove(ws, key);
      rows += keys.length;
    }
    const parts = this.store.sweepParts ? await this.store.sweepParts(hours * 3600_000) : 0;
    if (rows || parts) this.log(`files: swept ${rows} unused upload(s) and ${parts} part file(s)`);
    return { rows, parts };
  }

  async migrate(batch = 20): Promise<MigrateResult> {
    const out: MigrateResult = { encrypted: 0, renamed: 0, cleaned: 0, missing: 0, failed: 0 };
    for (const { id: ws } of await this.workspaces()) {
      // A run stopped after switching a row: its old object is removed now.
      const left = await this.db.tenant(ws, (tx) =>
        tx.query<{ id: string; previous_storage_key: string }>(
          `SELECT id, previous_storage_key FROM files WHERE workspace_id = $1 AND previous_storage_key IS NOT NULL`,
          [ws],
        ),
      );
      for (const row of left) await this.cleanUp(ws, row.id, row.previous_storage_key, out);
      let after = '00000000-0000-0000-0000-000000000000';
      for (;;) {
        const rows = await this.db.tenant(ws, (tx) => this.legacy(tx, ws, after, batch));
        if (rows.length === 0) break;
        for (const row of rows) {
          after = row.id;
          try {
            await this.migrateOne(ws, row, out);
          } catch (error) {
            // One bad file (a master key no longer configured, a store error) does not hold back the others.
            out.failed++;
            this.log(
              `files: file ${row.id} was not migrated: ${error instanceof Error ? error.message : String(error)}`,
            );
          }
        }
      }
    }
    if (out.encrypted || out.renamed || out.missing || out.failed) {
      this.log(
        `files: ${out.encrypted} evidence file(s) sealed, ${out.renamed} file(s) moved to random keys, ${out.missing} missing, ${out.failed} failed`,
      );
    }
    return out;
  }

  // ---------- inside ----------

  private workspaces() {
    return this.db.query<{ id: string }>(`SELECT id FROM workspaces`);
  }

  /** Confirmed files still to migrate: evidence not sealed with its name, and other files whose key has a name. */
  private legacy(tx: Sql, ws: string, after: string, batch: number) {
    return tx.query<SealedFile & { purpose: string; size: string | number | null }>(
      `SELECT ${SEALED_COLUMNS}, purpose, size FROM files
        WHERE workspace_id = $1 AND status = 'CONFIRMED' AND id > $2 AND previous_storage_key IS NULL
          AND ((purpose = 'EVIDENCE' AND (evidence_key_id IS NULL OR name_sealed IS NULL OR evidence_sealed_at IS NULL OR sha256 IS NULL))
               OR (purpose <> 'EVIDENCE' AND storage_key ~ '^[^/]+/[0-9a-f]{24}-'))
        ORDER BY id LIMIT $3`,
      [ws, after, batch],
    );
  }

  private async migrateOne(ws: string, row: SealedFile & { purpose: string }, out: MigrateResult): Promise<void> {
    const oldKey = row.storage_key;
    const stored = await this.store.stat(ws, oldKey);
    if (!stored) {
      out.missing++;
      this.log(`files: the bytes of file ${row.id} are missing; left as it is`);
      return;
    }
    const newKey = migratedKey(ws, row.id);
    if (row.purpose === 'EVIDENCE') {
      if (!this.vault) return;
      const vault = this.vault;
      const name = vault.nameOf(row);
      // The plaintext: as stored, or decrypted (checked chunk by chunk) when it was encrypted before names were sealed.
      const plain = row.evidence_key_id ? await vault.open(ws, row) : this.store.readStream(ws, oldKey);
      const length = row.evidence_key_id ? (await vault.describe(ws, row))!.size : stored.size;
      const sealed = await vault.seal(ws, row, newKey, plain, length);
      const nameSealed = vault.sealNameOf(
        { ...row, evidence_key_id: sealed.wrapped.keyId, evidence_wrapped_key: sealed.wrapped.wrapped },
        name,
      );
      const switched = await this.db.tenant(ws, (tx) =>
        tx.query(
          `UPDATE files SET storage_key = $3, previous_storage_key = $4, evidence_key_id = $5, evidence_wrapped_key = $6, name_sealed = $7,
                  declared_name = $8, sha256 = $9, evidence_sealed_at = coalesce(evidence_sealed_at, now())
            WHERE workspace_id = $1 AND id = $2 AND storage_key = $4 RETURNING id`,
          [
            ws,
            row.id,
            newKey,
            oldKey,
            sealed.wrapped.keyId,
            sealed.wrapped.wrapped,
            nameSealed,
            SEALED_NAME_PLACEHOLDER,
            sealed.sha256,
          ],
        ),
      );
      if (switched.length === 0) return;
      out.encrypted++;
    } else {
      if (!isNamedKey(oldKey)) return;
      await this.store.writeStream(ws, newKey, this.store.readStream(ws, oldKey), stored.size);
      const switched = await this.db.tenant(ws, (tx) =>
        tx.query(
          `UPDATE files SET storage_key = $3, previous_storage_key = $4 WHERE workspace_id = $1 AND id = $2 AND storage_key = $4 RETURNING id`,
          [ws, row.id, newKey, oldKey],
        ),
      );
      if (switched.length === 0) return;
      out.renamed++;
    }
    await this.cleanUp(ws, row.id, oldKey, out);
  }

  private async cleanUp(ws: string, id: string, oldKey: string, out: MigrateResult): Promise<void> {
    await this.store.remove(ws, oldKey);
    await this.db.tenant(ws, (tx) =>
      tx.query(`UPDATE files SET previous_storage_key = NULL WHERE workspace_id = $1 AND id = $2`, [ws, id]),
    );
    out.cleaned++;
  }
}
