import { randomBytes } from 'node:crypto';
import { manualFor } from '../../../src/domain/platform/user-manual';
import { MAIN_SITE_WORKSPACE_ID, type Sql } from '../../platform/db/database';

export interface ManualRow {
  workspace_id: string | null;
  format: 'MARKDOWN' | 'PDF';
  markdown: string | null;
  file_name: string | null;
  byte_size: number;
  file_token: string;
  published_at: Date | string;
}

/** The manual for every workspace is stored under the main site's id; the code calls its workspace null. */
const MANUAL_COLUMNS = `nullif(workspace_id, '${MAIN_SITE_WORKSPACE_ID}') AS workspace_id, format, markdown, file_name, byte_size, file_token, published_at`;

/** The manual a workspace reads: its own, else the one for every workspace (domain rule manualFor). */
export async function manualOf(tx: Sql, workspaceId: string): Promise<ManualRow | null> {
  const rows = await tx.query<ManualRow>(`SELECT ${MANUAL_COLUMNS} FROM user_manuals WHERE workspace_id IN ($1, $2)`, [
    workspaceId,
    MAIN_SITE_WORKSPACE_ID,
  ]);
  return (
    manualFor(
      rows.map((row) => ({ workspaceId: row.workspace_id, row })),
      workspaceId,
    )?.row ?? null
  );
}

/** The manual published for exactly this scope: one workspace, or every workspace (null). */
export async function publishedManual(tx: Sql, workspaceId: string | null): Promise<ManualRow | null> {
  const [row] = await tx.query<ManualRow>(`SELECT ${MANUAL_COLUMNS} FROM user_manuals WHERE workspace_id = $1`, [
    workspaceId ?? MAIN_SITE_WORKSPACE_ID,
  ]);
  return row ?? null;
}

/** The PDF of a manual by its token, with the workspace it is for (null: every workspace). */
export async function manualPdf(
  tx: Sql,
  token: string,
): Promise<{ workspace_id: string | null; pdf: Uint8Array; file_name: string | null } | null> {
  const [found] = await tx.query<{ workspace_id: string | null; pdf: Uint8Array; file_name: string | null }>(
    `SELECT nullif(workspace_id, $2) AS workspace_id, pdf, file_name FROM user_manuals WHERE file_token = $1 AND format = 'PDF'`,
    [token, MAIN_SITE_WORKSPACE_ID],
  );
  return found ?? null;
}

export async function workspaceExists(tx: Sql, id: string): Promise<boolean> {
  const [found] = await tx.query('SELECT 1 FROM workspaces WHERE id = $1', [id]);
  return Boolean(found);
}

export type ManualContent =
  { format: 'MARKDOWN'; markdown: string } | { format: 'PDF'; bytes: Buffer; fileName: string };

/** Publishing replaces the manual of that scope: one row per workspace, and one for all (null). */
export async function replaceManual(
  tx: Sql,
  workspaceId: string | null,
  content: ManualContent,
  publishedBy: string | null,
): Promise<ManualRow> {
  await tx.query('DELETE FROM user_manuals WHERE workspace_id = $1', [workspaceId ?? MAIN_SITE_WORKSPACE_ID]);
  const [inserted] = await tx.query<ManualRow>(
    `INSERT INTO user_manuals (workspace_id, format, markdown, pdf, file_name, byte_size, file_token, published_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${MANUAL_COLUMNS}`,
    [
      workspaceId ?? MAIN_SITE_WORKSPACE_ID,
      content.format,
      content.format === 'MARKDOWN' ? content.markdown : null,
      content.format === 'PDF' ? content.bytes : null,
      content.format === 'PDF' ? content.fileName : null,
      content.format === 'PDF' ? content.bytes.length : Buffer.byteLength(content.markdown, 'utf8'),
      randomBytes(32).toString('base64url'),
      publishedBy,
    ],
  );
  return inserted;
}
