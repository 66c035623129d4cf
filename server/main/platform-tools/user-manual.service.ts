import type { UserManual } from '../../../src/contracts/main/user-manual.contract';
import { audit } from '../../platform/audit';
import type { Database } from '../../platform/db/database';
import { ok, refuse, type Outcome } from '../../platform/refusal';
import {
  manualOf,
  manualPdf,
  publishedManual,
  replaceManual,
  workspaceExists,
  type ManualContent,
  type ManualRow,
} from './user-manual.repository';
import { instantText } from '../../../src/domain/shared/date-time';

export type { ManualContent } from './user-manual.repository';

function toManual(row: ManualRow): UserManual {
  const common = { workspaceId: row.workspace_id, publishedAt: instantText(row.published_at) };
  if (row.format === 'MARKDOWN') return { format: 'MARKDOWN', markdown: row.markdown ?? '', ...common };
  return {
    format: 'PDF',
    fileName: row.file_name ?? 'manual.pdf',
    byteSize: row.byte_size,
    fileUrl: `/api/user-manual/file/${row.file_token}`,
    ...common,
  };
}

const noSuchWorkspace = () => refuse('not-found', 'NOT_FOUND', 'There is no such workspace');

/** The user manual: one for every workspace, or a workspace's own; Markdown or a PDF, published by a platform admin. */
export class UserManualService {
  constructor(private readonly db: Database) {}

  /** The manual a workspace's people read: its own, else the one for every workspace. */
  async forWorkspace(workspaceId: string): Promise<{ manual: UserManual | null }> {
    const row = await this.db.tenant(workspaceId, (tx) => manualOf(tx, workspaceId));
    return { manual: row ? toManual(row) : null };
  }

  /** The manual published for one scope (the platform admin's view): a workspace's own, or every workspace's. */
  async published(workspaceId: string | null): Promise<Outcome<{ manual: UserManual | null }>> {
    return this.db.system(async (tx) => {
      if (workspaceId && !(await workspaceExists(tx, workspaceId))) return noSuchWorkspace();
      const row = await publishedManual(tx, workspaceId);
      return ok({ manual: row ? toManual(row) : null });
    });
  }

  /** The PDF by its token (the capability); on a workspace's site (`here`) only a manual that workspace reads. */
  async file(token: string, here: string | null): Promise<Outcome<{ fileName: string; pdf: Uint8Array }>> {
    const row = await this.db.system((tx) => manualPdf(tx, token));
    if (!row || (here && row.workspace_id !== null && row.workspace_id !== here))
      return refuse('not-found', 'NOT_FOUND', 'There is no such manual');
    return ok({ fileName: row.file_name ?? 'manual.pdf', pdf: row.pdf });
  }

  async publish(
    actor: { platformAdminId: string | null; ip: string | null },
    workspaceId: string | null,
    content: ManualContent,
  ): Promise<Outcome<{ manual: UserManual }>> {
    return this.db.system(async (tx) => {
      if (workspaceId && !(await workspaceExists(tx, workspaceId))) return noSuchWorkspace();
      const inserted = await replaceManual(tx, workspaceId, content, actor.platformAdminId);
      await audit(tx, {
        workspaceId,
        actorPlatformAdminId: actor.platformAdminId,
        action: 'user_manual.published',
        target: workspaceId ?? 'all-workspaces',
        ip: actor.ip,
        details: {
          format: content.format,
          bytes: inserted.byte_size,
          ...(content.format === 'PDF' ? { fileName: content.fileName } : {}),
        },
      });
      return ok({ manual: toManual(inserted) });
    });
  }
}
