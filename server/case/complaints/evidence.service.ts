import type { EvidenceFile, EvidenceTicket } from '../../../src/contracts/case/complaints.contract';
import { checkType, detectType } from '../../../src/domain/files/file-types';
import { IMAGE_HEADER_BYTES, IMAGE_TYPES, imageSize } from '../../../src/domain/files/image-header';
import { formatBytes } from '../../../src/domain/files/uploads';
import type { Database, Sql } from '../../platform/db/database';
import { raise, refuse, type Refusal } from '../../platform/refusal';
import type { EvidenceVault } from '../../platform/evidence-vault';
import * as evidence from './evidence.repository';
import { systemClock } from '../../platform/clock';

/** Evidence may be any file (voice notes, saved messages, screenshots) up to this size. */
export const MAX_EVIDENCE_BYTES = 100 * 1024 * 1024;
const UPLOAD_SECONDS = 60 * 60;

/**
 * How much evidence may be uploaded (docs/case.md "Evidence quotas"), counted in the bytes each upload URL allows
 * (the URL allows exactly the size declared). Every evidence file of a scope counts, pending or confirmed, until the
 * sweep removes what was never confirmed or never filed.
 */
export const EVIDENCE_QUOTAS = {
  /** An anonymous report (one receipt key), across all its sessions. */
  perReport: { files: 20, bytes: 250 * 1024 * 1024 },
  /** One case, whoever adds the files. */
  perCase: { files: 100, bytes: 2 * 1024 * 1024 * 1024 },
  /** A member's uploads not yet filed on a case. */
  perMemberUnfiled: { files: 20, bytes: 250 * 1024 * 1024 },
  /** The public path (receipt sessions), per UTC day: per address (keyed hash) and per workspace. */
  publicPerAddressDaily: 500 * 1024 * 1024,
  publicPerWorkspaceDaily: 5 * 1024 * 1024 * 1024,
};

/** Who an evidence upload is for: a member before filing, or an anonymous report's case. */
export type EvidenceScope =
  { kind: 'member'; userId: string } | { kind: 'report'; intakeId: string; complaintId: string; addressKey: string };

/** Who the quota is of, in the refusal's words: "This report has", "This case has", "You have". */
const quotaRefusal = (
  has: string,
  where: string,
  limit: { files: number; bytes: number },
  used: { files: number; bytes: number },
  size: number,
): Refusal | null => {
  if (used.files + 1 > limit.files)
    return refuse(
      'conflict',
      'EVIDENCE_LIMIT',
      `${has} ${used.files} evidence files${where} already, the most allowed.`,
    );
  if (used.bytes + size > limit.bytes) {
    const message = `${has} ${formatBytes(used.bytes)} of evidence${where}; at most ${formatBytes(limit.bytes)} is allowed, so ${formatBytes(Math.max(0, limit.bytes - used.bytes))} is left.`;
    return refuse('conflict', 'EVIDENCE_LIMIT', message, { size: message });
  }
  return null;
};

/**
 * Evidence files, a member's and an anonymous reporter's alike (docs/files.md "Evidence at rest"): every one goes
 * through the vault (encrypted as it streams in, a random storage key, its name sealed, its SHA-256 kept), within the
 * quotas, and is checked for what it claims before it is confirmed. The callers own the transactions; a refusal is
 * raised (`raise`), so it rolls back what the caller's transaction wrote and answers its status wherever it ends.
 */
export class EvidenceFiles {
  constructor(
    private readonly db: Database,
    private readonly vault: EvidenceVault | undefined,
  ) {}

  private sealed(): EvidenceVault {
    if (!this.vault) raise(refuse('unavailable', 'NO_FILE_STORAGE', 'This server has no evidence storage configured.'));
    return this.vault;
  }

  /** An upload URL for one more file of the scope: a new sealed row (PENDING), after the size and quota checks. */
  async ticket(
    tx: Sql,
    ws: string,
    scope: EvidenceScope,
    upload: { fileName: string; size: number },
  ): Promise<EvidenceTicket> {
    const vault = this.sealed();
    if (upload.size > MAX_EVIDENCE_BYTES) {
      const message = `The file is ${formatBytes(upload.size)}; evidence may be at most ${formatBytes(MAX_EVIDENCE_BYTES)}.`;
      raise(refuse('too-large', 'FILE_TOO_LARGE', message, { size: message }));
    }
    if (scope.kind === 'member') {
      const refused = quotaRefusal(
        'You have',
        ' not yet filed on a case',
        EVIDENCE_QUOTAS.perMemberUnfiled,
        await evidence.unfiledOf(tx, ws, scope.userId),
        upload.size,
      );
      if (refused) raise(refused);
    } else {
      const refused =
        quotaRefusal(
          'This report has',
          '',
          EVIDENCE_QUOTAS.perReport,
          await evidence.usedByReport(tx, ws, scope.intakeId, scope.complaintId),
          upload.size,
        ) ??
        quotaRefusal(
          'This case has',
          '',
          EVIDENCE_QUOTAS.perCase,
          await evidence.usedByCase(tx, ws, scope.complaintId, scope.intakeId),
          upload.size,
        );
      if (refused) raise(refused);
      // The public path's daily budgets: a stranger with many receipts, or many addresses, cannot fill the store.
      const budgets = [
        {
          budget: `address:${scope.addressKey}`,
          limit: EVIDENCE_QUOTAS.publicPerAddressDaily,
          what: 'from this network',
        },
        { budget: 'workspace', limit: EVIDENCE_QUOTAS.publicPerWorkspaceDaily, what: 'in this workspace' },
      ];
      for (const b of budgets) {
        if (!(await evidence.spendBudget(tx, ws, b.budget, upload.size, b.limit))) {
          raise(
            refuse(
              'too-many',
              'UPLOAD_BUDGET_SPENT',
              `Today's evidence uploads ${b.what} have reached ${formatBytes(b.limit)}. Try again tomorrow.`,
            ),
          );
        }
      }
    }
    const file = vault.newFile(ws, upload.fileName);
    await evidence.insertSealed(tx, ws, {
      file,
      ownerId: scope.kind === 'member' ? scope.userId : null,
      size: upload.size,
    });
    // The URL allows exactly the declared size: the quotas count what was declared.
    const expiresAt = new Date(systemClock.now().getTime() + UPLOAD_SECONDS * 1000).toISOString();
    return {
      fileId: file.id,
      uploadUrl: vault.uploadUrl(file.storageKey, upload.size, UPLOAD_SECONDS),
      method: 'PUT',
      headers: {},
      expiresAt,
      maxBytes: upload.size,
    };
  }

  /**
   * Measures and types an uploaded file from its own (decrypted) bytes; an empty file, or an image whose header cannot
   * be read, is refused and deleted (bytes and row). Null when nothing was uploaded yet.
   */
  async inspect(ws: string, fileId: string): Promise<{ size: number; type: string } | null> {
    const vault = this.sealed();
    const row = await this.db.tenant(ws, (tx) => evidence.sealedRow(tx, ws, fileId));
    if (!row || !row.evidence_key_id || !row.evidence_sealed_at) return null;
    const found = await vault.describe(ws, row);
    if (!found) return null;
    const refuseAndForget = async (refusal: Refusal) => {
      await this.db.tenant(ws, (tx) => evidence.forget(tx, ws, fileId));
      await vault.files.remove(ws, row.storage_key);
      raise(refusal);
    };
    if (found.size === 0)
      await refuseAndForget(
        refuse('invalid', 'EMPTY_FILE', 'The file is empty: there is nothing to keep.', { file: 'The file is empty' }),
      );
    const type = detectType(found.head);
    if (type && IMAGE_TYPES.includes(type) && !imageSize(type, await vault.readPrefix(ws, row, IMAGE_HEADER_BYTES))) {
      const message = `This file starts like a ${type.slice(6).toUpperCase()} image, but it has no readable image header: it was not kept.`;
      await refuseAndForget(refuse('unsupported-type', 'FILE_TYPE_REFUSED', message, { file: message }));
    }
    const check = checkType('EVIDENCE', type);
    return {
      size: found.size,
      type: check.ok ? (check.type ?? 'application/octet-stream') : 'application/octet-stream',
    };
  }

  /** Rows of evidence as the lists show them: names unsealed, SHA-256 as taken at upload. */
  describe(rows: evidence.EvidenceListRow[]): EvidenceFile[] {
    return rows.map((f) => ({
      fileId: f.id,
      fileName: this.nameOf(f),
      size: Number(f.size ?? f.declared_size),
      contentType: f.detected_type ?? 'application/octet-stream',
      sha256: f.sha256,
    }));
  }

  nameOf(f: evidence.EvidenceListRow): string {
    return f.name_sealed && this.vault ? this.vault.nameOf(f) : f.declared_name;
  }

  downloadUrl(key: string, seconds: number): string {
    return this.sealed().downloadUrl(key, seconds);
  }
}
